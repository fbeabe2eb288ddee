//! A partner's Strapi spoken natively (`[upstream.cms] kind = "strapi"`): each content path
//! (docs/product/member-api.md#content-service) becomes a REST query on the content model of
//! `packaging/strapi/`, and Strapi's answer is mapped onto the flattened fields the front end reads
//! (`Id`, `Titre`, ...), so the cache, the broker rule and the sanitiser above work on one shape
//! whatever the service.
//!
//! Strapi 5 answers `{"data": …, "meta": …}` with each entry's fields at its top level; Strapi
//! 4 nests them under `attributes` and wraps relations and media in `{"data": …}`: both are
//! read. Media with a relative URL (Strapi's local upload provider) are served through the
//! portal (`/api/strapi/uploads/…`), since a Strapi on an internal network is not reachable
//! from browsers and the Content-Security-Policy only lets images come from here or https.

use secrecy::{ExposeSecret, SecretString};
use serde_json::{Map, Value};

use super::source::{Content, FetchError, HttpSource};

/// Strapi refuses page sizes above 100 by default.
const PAGE_SIZE: u32 = 100;
/// A bound on the menu pages followed: 2,000 articles is far past any portal's menu.
const MAX_PAGES: u32 = 20;
/// Where the portal serves the media of Strapi's local upload provider.
pub const MEDIA_ROUTE: &str = "/api/strapi/uploads/";

/// Fields of a page (`accueil`, each part of `mention-legale`), as `(ours, Strapi's)`.
const PAGE: &[(&str, &str)] = &[("Titre", "Titre"), ("Contenu", "Contenu")];
const MENU_ENTRY: &[(&str, &str)] =
    &[("Id", "identifiant"), ("Titre", "Titre"), ("courtierChesneau", "courtierChesneau")];
const ARTICLE: &[(&str, &str)] = &[
    ("Id", "identifiant"),
    ("Titre", "Titre"),
    ("courtierChesneau", "courtierChesneau"),
    ("Contenu", "Contenu"),
];
const NEWS_PAGE: &[(&str, &str)] = &[("Id", "identifiant"), ("Titre", "Titre"), ("Contenu", "Contenu")];
const LEFT_BLOCK: &[(&str, &str)] = &[("Titre", "Titre"), ("Lien", "Lien"), ("LienTitre", "LienTitre")];
const BANNER: &[(&str, &str)] =
    &[("Libelle", "Libelle"), ("Texte", "Texte"), ("URL", "URL"), ("Visible", "Visible")];

pub struct Strapi {
    http: HttpSource,
    token: SecretString,
}

impl Strapi {
    pub fn new(http: HttpSource, token: SecretString) -> Self {
        Self { http, token }
    }

    /// The content at a content path (docs/product/member-api.md#content-service), in the
    /// flattened format.
    pub async fn fetch(&self, path: &str) -> Result<Content, FetchError> {
        let (kind, id) = match path.split_once('/') {
            Some((kind, id)) => (kind, Some(id)),
            None => (path, None),
        };
        match (kind, id) {
            ("accueil", None) => {
                Ok(found(self.single("api/accueil", &[]).await?.map(|page| pick(&page, PAGE))))
            }
            ("mention-legale", None) => {
                let legal = self.single("api/mention-legale", &[("populate", "*")]).await?;
                Ok(found(legal.map(|legal| {
                    let mut parts = Map::new();
                    for part in ["mentionsLegales", "cgu"] {
                        parts.insert(part.into(), pick(&legal[part], PAGE));
                    }
                    Value::Object(parts)
                })))
            }
            ("menus", None) => self.menu_entries().await,
            ("menus", Some(id)) => self.by_identifiant("api/menus", id, ARTICLE).await,
            ("page-nouveautes", Some(id)) => self.by_identifiant("api/pages-nouveautes", id, NEWS_PAGE).await,
            ("bloc-gauche", Some(key)) => {
                let query = [("filters[cle][$eq]", key), ("populate", "Image")];
                let blocks = self.collection("api/blocs-gauche", &query).await?;
                Ok(found(blocks.data.first().map(left_block)))
            }
            ("bandeau-nouveautes", None) => {
                // Only the first banner is shown (docs/product/member-api.md#content-service):
                // the one entered first.
                let query = [("sort", "createdAt:asc"), ("pagination[pageSize]", "1")];
                let banners = self.collection("api/bandeaux-nouveautes", &query).await?;
                Ok(Content::Found(banners.data.iter().map(|banner| pick(banner, BANNER)).collect()))
            }
            _ => Ok(Content::NotFound),
        }
    }

    /// Every menu entry, without their content, in the order of their `identifiant`.
    async fn menu_entries(&self) -> Result<Content, FetchError> {
        let mut entries = Vec::new();
        for page in 1..=MAX_PAGES {
            let page_number = page.to_string();
            let page_size = PAGE_SIZE.to_string();
            let query = [
                ("fields[0]", "identifiant"),
                ("fields[1]", "Titre"),
                ("fields[2]", "courtierChesneau"),
                ("sort", "identifiant:asc"),
                ("pagination[page]", page_number.as_str()),
                ("pagination[pageSize]", page_size.as_str()),
            ];
            let answer = self.collection("api/menus", &query).await?;
            entries.extend(answer.data.iter().map(|entry| pick(entry, MENU_ENTRY)));
            if page >= answer.page_count {
                return Ok(Content::Found(Value::Array(entries)));
            }
        }
        tracing::warn!(pages = MAX_PAGES, "content service: menus beyond the pages followed are left out");
        Ok(Content::Found(Value::Array(entries)))
    }

    /// One entry of a collection by its `identifiant` (the `Id` of the portal's links).
    async fn by_identifiant(
        &self,
        collection: &str,
        id: &str,
        fields: &[(&str, &str)],
    ) -> Result<Content, FetchError> {
        // Identifiers are whole numbers: anything else names nothing, without asking.
        if id.parse::<u32>().is_err() {
            return Ok(Content::NotFound);
        }
        let answer = self.collection(collection, &[("filters[identifiant][$eq]", id)]).await?;
        Ok(found(answer.data.first().map(|entry| pick(entry, fields))))
    }

    /// A single type's entry: `None` when it has none (Strapi answers 404).
    async fn single(&self, path: &str, query: &[(&str, &str)]) -> Result<Option<Value>, FetchError> {
        let answer = self.get(path, query).await?;
        Ok(answer.map(|mut answer| flatten(answer["data"].take())).filter(Value::is_object))
    }

    async fn collection(&self, path: &str, query: &[(&str, &str)]) -> Result<Page, FetchError> {
        let mut answer = self.get(path, query).await?.ok_or_else(|| {
            FetchError::Failed(format!(
                "{path}: not found; is the content model of packaging/strapi imported?"
            ))
        })?;
        let Value::Array(data) = flatten(answer["data"].take()) else {
            return Err(FetchError::Failed(format!("{path}: not a collection")));
        };
        let page_count = answer["meta"]["pagination"]["pageCount"].as_u64().unwrap_or(1);
        Ok(Page { data, page_count: u32::try_from(page_count).unwrap_or(u32::MAX) })
    }

    async fn get(&self, path: &str, query: &[(&str, &str)]) -> Result<Option<Value>, FetchError> {
        let mut url = self.http.url(path)?;
        if !query.is_empty() {
            url.query_pairs_mut().extend_pairs(query);
        }
        self.http.get_json(url, Some(self.token.expose_secret())).await
    }
}

fn found(entry: Option<Value>) -> Content {
    entry.map_or(Content::NotFound, Content::Found)
}

/// One page of a collection.
struct Page {
    data: Vec<Value>,
    page_count: u32,
}

/// A left block, its image served through the portal when Strapi stores it itself.
fn left_block(block: &Value) -> Value {
    let mut picked = pick(block, LEFT_BLOCK);
    if let (Some(url), Value::Object(fields)) = (block["Image"]["url"].as_str(), &mut picked) {
        fields.insert("Image".into(), serde_json::json!({ "content": media_url(url) }));
    }
    picked
}

/// Relative upload URLs (`/uploads/name.png`) point at Strapi: the portal serves them.
fn media_url(url: &str) -> String {
    match url.strip_prefix("/uploads/") {
        Some(name) => format!("{MEDIA_ROUTE}{name}"),
        None => url.to_owned(),
    }
}

/// Strapi's file names: what its upload provider writes (`name_hash.ext`), nothing that could
/// leave the uploads folder.
pub fn is_media_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 255
        && !name.starts_with('.')
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
}

/// The `fields` of `entry` under the portal's names; missing or empty ones are left out.
fn pick(entry: &Value, fields: &[(&str, &str)]) -> Value {
    let picked = fields
        .iter()
        .filter_map(|(ours, theirs)| match &entry[*theirs] {
            Value::Null => None,
            value => Some(((*ours).to_owned(), value.clone())),
        })
        .collect();
    Value::Object(picked)
}

/// Strapi 4's `{"id", "attributes": {…}}` entries and `{"data": …}` relations, as Strapi 5
/// gives them.
fn flatten(value: Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.into_iter().map(flatten).collect()),
        Value::Object(mut fields) => {
            if let Some(Value::Object(attributes)) = fields.remove("attributes") {
                fields.extend(attributes);
            }
            let fields = fields
                .into_iter()
                .map(|(name, value)| match value {
                    Value::Object(mut wrapper) if wrapper.len() == 1 && wrapper.contains_key("data") => {
                        (name, flatten(wrapper.remove("data").unwrap_or_default()))
                    }
                    value => (name, flatten(value)),
                })
                .collect();
            Value::Object(fields)
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_strapi_4_entry_reads_as_a_strapi_5_one() {
        let v4 = json!({
            "id": 3,
            "attributes": {
                "Titre": "Carte",
                "Image": { "data": { "id": 9, "attributes": { "url": "/uploads/carte_1a2b.png" } } }
            }
        });
        let v5 = json!({ "id": 3, "Titre": "Carte", "Image": { "id": 9, "url": "/uploads/carte_1a2b.png" } });
        assert_eq!(flatten(v4), v5);
    }

    #[test]
    fn a_left_block_maps_onto_the_portal_fields_with_its_image_served_here() {
        let block = json!({
            "documentId": "x1", "cle": "home", "Titre": "Envoyez vos factures", "Lien": "/mutuelle/demandes/creation",
            "LienTitre": "Envoyer", "Image": { "url": "/uploads/facture_ab12.svg", "mime": "image/svg+xml" }
        });
        assert_eq!(
            left_block(&block),
            json!({
                "Titre": "Envoyez vos factures", "Lien": "/mutuelle/demandes/creation", "LienTitre": "Envoyer",
                "Image": { "content": "/api/strapi/uploads/facture_ab12.svg" }
            })
        );
        let hosted = json!({ "Titre": "T", "Image": { "url": "https://cdn.example.org/a.png" } });
        assert_eq!(left_block(&hosted)["Image"]["content"], "https://cdn.example.org/a.png");
        assert!(left_block(&json!({ "Titre": "T", "Image": null })).get("Image").is_none());
    }

    #[test]
    fn an_article_takes_its_identifiant_as_id() {
        let entry = json!({ "id": 41, "documentId": "k", "identifiant": 6, "Titre": "Cabinet", "courtierChesneau": true, "Contenu": "<p>x</p>" });
        assert_eq!(
            pick(&entry, ARTICLE),
            json!({ "Id": 6, "Titre": "Cabinet", "courtierChesneau": true, "Contenu": "<p>x</p>" })
        );
    }

    #[test]
    fn only_upload_file_names_are_media_names() {
        assert!(is_media_name("facture_3f2a1b.svg"));
        for name in ["", "../config.js", ".env", "a/b.png", "a%2fb.png", "a b.png"] {
            assert!(!is_media_name(name), "{name}");
        }
    }
}
