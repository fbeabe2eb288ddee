//! The French catalogue of the front end, reworded by a partner without rebuilding: `[brand]
//! messages_file` names a JSON object of catalogue keys and texts. The overrides reach the SPA in
//! the brand block (read before the first render), and the merged catalogue is served as
//! `/assets/i18n/fr.json` (docs/product/member-api.md#translations). A key the catalogue does not
//! have, or a text that drops or invents a `{placeholder}`, is a configuration error: the first
//! would silently do nothing, the second would show a sentence with a hole or a raw `{name}`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use rust_embed::RustEmbed;
use serde_json::{Map, Value};

use crate::assets::ExtraFile;

/// The catalogue the front end was built with, one file per section (each page loads its own).
#[derive(RustEmbed)]
#[folder = "frontend/src/i18n/fr"]
#[include = "*.json"]
struct Sections;
/// Where the merged catalogue is served.
pub const CATALOGUE_PATH: &str = "/assets/i18n/fr.json";
/// A rewording file is a list of sentences; anything larger is not one.
const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// A partner's rewordings, keyed like the catalogue.
pub type Overrides = BTreeMap<String, String>;

/// Every section's texts in one object (no key is in two sections: a test says so).
fn catalogue() -> Map<String, Value> {
    Sections::iter()
        .flat_map(|name| {
            let file = Sections::get(&name).expect("listed file exists");
            let section: Map<String, Value> =
                serde_json::from_slice(&file.data).expect("each catalogue section is a JSON object");
            section
        })
        .collect()
}

/// The rewordings of `path`, each checked against the catalogue; every problem is named.
pub fn read(path: &Path) -> Result<Overrides, Vec<String>> {
    let file = path.display();
    let size = std::fs::metadata(path).map_err(|e| vec![format!("cannot read {file}: {e}")])?.len();
    if size > MAX_FILE_BYTES {
        return Err(vec![format!("{file} is larger than 1 MiB")]);
    }
    let text = std::fs::read_to_string(path).map_err(|e| vec![format!("cannot read {file}: {e}")])?;
    let overrides: Overrides = serde_json::from_str(&text)
        .map_err(|e| vec![format!("{file}: expected a JSON object of texts ({e})")])?;
    let problems = check(&catalogue(), &overrides);
    if problems.is_empty() { Ok(overrides) } else { Err(problems) }
}

/// What is wrong with `overrides` against `catalogue`, one line per key.
fn check(catalogue: &Map<String, Value>, overrides: &Overrides) -> Vec<String> {
    overrides
        .iter()
        .filter_map(|(key, text)| {
            let Some(original) = catalogue.get(key).and_then(Value::as_str) else {
                return Some(format!("unknown key \"{key}\""));
            };
            let (expected, given) = (placeholders(original), placeholders(text));
            let missing: Vec<_> = expected.difference(&given).map(|name| format!("{{{name}}}")).collect();
            let unknown: Vec<_> = given.difference(&expected).map(|name| format!("{{{name}}}")).collect();
            match (missing.is_empty(), unknown.is_empty()) {
                (true, true) => None,
                (false, _) => Some(format!("\"{key}\" lacks the placeholder {}", missing.join(", "))),
                (true, false) => Some(format!("\"{key}\" has no placeholder {}", unknown.join(", "))),
            }
        })
        .collect()
}

/// The `{name}` placeholders of a text, as the front end's `t()` replaces them.
fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .filter(|name| !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
        .collect()
}

/// The catalogue with the rewordings applied, served at [`CATALOGUE_PATH`].
pub fn catalogue_file(overrides: &Overrides) -> ExtraFile {
    let mut merged = catalogue();
    for (key, text) in overrides {
        merged.insert(key.clone(), Value::String(text.clone()));
    }
    ExtraFile {
        path: CATALOGUE_PATH.into(),
        content_type: "application/json".into(),
        body: serde_json::to_vec(&merged).expect("a catalogue serialises"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overrides(pairs: &[(&str, &str)]) -> Overrides {
        pairs.iter().map(|(key, text)| ((*key).to_owned(), (*text).to_owned())).collect()
    }

    #[test]
    fn a_rewording_that_keeps_the_placeholders_is_accepted() {
        let given =
            overrides(&[("app.pageTitle", "{page} | Mon espace adhérent"), ("app.name", "Mon espace")]);
        assert!(check(&catalogue(), &given).is_empty());
    }

    #[test]
    fn an_unknown_key_and_a_dropped_or_invented_placeholder_are_named() {
        let given = overrides(&[
            ("home.tuile.inexistante", "x"),
            ("app.pageTitle", "Mon espace adhérent"),
            ("app.name", "Espace de {prenom}"),
        ]);
        assert_eq!(
            check(&catalogue(), &given),
            [
                "\"app.name\" has no placeholder {prenom}",
                "\"app.pageTitle\" lacks the placeholder {page}",
                "unknown key \"home.tuile.inexistante\"",
            ]
        );
    }

    #[test]
    fn no_key_is_in_two_sections() {
        let keys: usize = Sections::iter()
            .map(|name| {
                serde_json::from_slice::<Map<String, Value>>(&Sections::get(&name).unwrap().data)
                    .unwrap()
                    .len()
            })
            .sum();
        assert_eq!(keys, catalogue().len());
        assert!(catalogue().contains_key("app.name"));
    }

    #[test]
    fn placeholders_are_words_in_braces() {
        assert_eq!(placeholders("{page} – {a_b1} {} { x} {"), BTreeSet::from(["page", "a_b1"]));
    }

    #[test]
    fn the_served_catalogue_carries_the_rewording() {
        let file = catalogue_file(&overrides(&[("app.name", "Mon espace")]));
        let served: Map<String, Value> = serde_json::from_slice(&file.body).unwrap();
        assert_eq!(served["app.name"], "Mon espace");
        assert_eq!(served.len(), catalogue().len());
    }
}
