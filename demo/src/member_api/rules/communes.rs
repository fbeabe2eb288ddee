//! The French postal communes behind `referentiel/communes-postale`: the real etalab
//! `codes-postaux` dataset (MIT, see `NOTICE`), compacted into the binary so that the demo needs
//! no network and no database import.
//!
//! `codes-postaux.tsv.br` is written by `packaging/data/codes-postaux.mjs` (pinned package
//! version): one line per postal code and commune, `codePostal`, `codeCommune`, `nomCommune`,
//! `libelleAcheminement` separated by tabs, brotli-compressed (about 400 kB for 35 000 lines).

use std::io::Read;
use std::sync::LazyLock;

use serde::Serialize;

const DATASET: &[u8] = include_bytes!("codes-postaux.tsv.br");

/// A commune served by a postal code. One postal code may serve several communes, and one
/// commune may have several postal codes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Commune {
    pub code_postal: String,
    /// The INSEE code ("75111", "2A004"): not always digits, because of Corsica.
    pub code_commune: String,
    pub nom_commune: String,
    /// The delivery name La Poste prints on the envelope, upper case without accents.
    pub libelle_acheminement: String,
}

/// The code asked for is not a French postal code (exactly five ASCII digits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Le code postal doit comporter 5 chiffres.")]
pub struct InvalidPostalCode;

/// Every commune, ordered by postal code so that the communes of one code are adjacent and found
/// by binary search. Decompressed on first use (a few milliseconds) rather than at start-up, so a
/// portal that never asks pays nothing.
static COMMUNES: LazyLock<Vec<Commune>> = LazyLock::new(load);

/// The communes served by `code_postal`; an unknown but well-formed code gives an empty list.
pub fn lookup(code_postal: &str) -> Result<Vec<Commune>, InvalidPostalCode> {
    if code_postal.len() != 5 || !code_postal.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(InvalidPostalCode);
    }
    let communes = COMMUNES.as_slice();
    let start = communes.partition_point(|commune| commune.code_postal.as_str() < code_postal);
    let count = communes[start..].partition_point(|commune| commune.code_postal == code_postal);
    Ok(communes[start..start + count].to_vec())
}

/// Every commune, by postal code.
pub fn toutes() -> &'static [Commune] {
    COMMUNES.as_slice()
}

/// The towns of the demo's directories: the one each postal code ending in 000 is named after
/// (the prefectures, mostly), one per code, and the communes of `autres_codes_postaux`.
pub fn villes(autres_codes_postaux: &[impl AsRef<str>]) -> Vec<&'static Commune> {
    let mut villes: Vec<&Commune> = toutes()
        .iter()
        .filter(|commune| {
            commune.code_postal.ends_with("000")
                || autres_codes_postaux.iter().any(|code| code.as_ref() == commune.code_postal)
        })
        // The town the postal code is named after, not the villages it also serves.
        .filter(|commune| {
            forme_de_recherche(&commune.nom_commune)
                .starts_with(&forme_de_recherche(&commune.libelle_acheminement))
        })
        .collect();
    villes.dedup_by(|a, b| a.code_postal == b.code_postal);
    villes
}

/// Lower case ASCII words: « Hôpital Saint-Éloi » and « hopital saint eloi » are the same.
pub fn forme_de_recherche(texte: &str) -> String {
    deunicode::deunicode(texte)
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
        .collect()
}

/// The file is part of the binary and checked by the tests below, so a malformed line is a build
/// mistake, not a runtime condition: it panics with the way to fix it.
fn load() -> Vec<Commune> {
    const REGENERATE: &str = "demo/src/member_api/rules/codes-postaux.tsv.br is damaged: \
                              regenerate it with packaging/data/codes-postaux.mjs";
    let mut text = String::new();
    brotli::Decompressor::new(DATASET, 64 * 1024).read_to_string(&mut text).expect(REGENERATE);
    let mut communes: Vec<Commune> = text
        .lines()
        .map(|line| match line.split('\t').collect::<Vec<_>>()[..] {
            [code_postal, code_commune, nom_commune, libelle_acheminement] => Commune {
                code_postal: code_postal.to_owned(),
                code_commune: code_commune.to_owned(),
                nom_commune: nom_commune.to_owned(),
                libelle_acheminement: libelle_acheminement.to_owned(),
            },
            _ => panic!("{REGENERATE}"),
        })
        .collect();
    // The script already sorts; sorting again costs one linear pass on sorted input and keeps
    // the binary search correct whatever order a future script writes.
    communes.sort_by(|a, b| a.code_postal.cmp(&b.code_postal));
    communes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(code_postal: &str) -> Vec<String> {
        lookup(code_postal).unwrap().into_iter().map(|commune| commune.nom_commune).collect()
    }

    #[test]
    fn paris_11_is_one_arrondissement() {
        assert_eq!(
            lookup("75011").unwrap(),
            vec![Commune {
                code_postal: "75011".into(),
                code_commune: "75111".into(),
                nom_commune: "Paris 11e Arrondissement".into(),
                libelle_acheminement: "PARIS".into(),
            }]
        );
    }

    #[test]
    fn one_postal_code_can_serve_seven_communes() {
        assert_eq!(
            names("54490"),
            ["Avillers", "Domprix", "Joudreville", "Murville", "Piennes", "Preutin-Higny", "Xivry-Circourt"]
        );
    }

    #[test]
    fn corsican_insee_codes_keep_their_letter() {
        let ajaccio = lookup("20000").unwrap().into_iter().find(|commune| commune.nom_commune == "Ajaccio");
        assert_eq!(ajaccio.map(|commune| commune.code_commune).as_deref(), Some("2A004"));
    }

    #[test]
    fn overseas_departments_are_included() {
        let communes = lookup("97400").unwrap();
        assert_eq!(communes.len(), 1);
        assert_eq!(communes[0].nom_commune, "Saint-Denis");
        assert_eq!(communes[0].code_commune, "97411");
    }

    #[test]
    fn accented_names_survive_compaction() {
        assert!(names("01000").contains(&"Saint-Denis-lès-Bourg".to_owned()));
    }

    #[test]
    fn unknown_postal_code_gives_no_commune() {
        assert_eq!(lookup("00000"), Ok(vec![]));
        assert_eq!(lookup("99999"), Ok(vec![]));
    }

    #[test]
    fn malformed_postal_codes_are_invalid() {
        for code in ["7501", "750111", "75O11", "", " 7501", "7501 ", "７５０１１", "-7501"] {
            assert_eq!(lookup(code), Err(InvalidPostalCode), "{code:?}");
        }
    }

    #[test]
    fn invalid_postal_code_explains_itself_in_french() {
        assert_eq!(InvalidPostalCode.to_string(), "Le code postal doit comporter 5 chiffres.");
    }

    #[test]
    fn communes_serialise_with_the_french_field_names() {
        let json = serde_json::to_value(&lookup("75011").unwrap()[0]).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "codePostal": "75011",
                "codeCommune": "75111",
                "nomCommune": "Paris 11e Arrondissement",
                "libelleAcheminement": "PARIS",
            })
        );
    }

    #[test]
    fn every_line_of_the_dataset_is_a_complete_commune() {
        let communes = COMMUNES.as_slice();
        assert!(communes.len() > 35_000, "{} communes", communes.len());
        assert!(communes.iter().all(|commune| {
            commune.code_postal.len() == 5
                && commune.code_commune.len() == 5
                && !commune.nom_commune.is_empty()
                && !commune.libelle_acheminement.is_empty()
        }));
    }
}
