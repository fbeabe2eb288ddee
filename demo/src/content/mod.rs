//! The embedded content service of the demo: the content paths
//! (docs/product/member-api.md#content-service), read-only JSON without authentication, with the
//! field names the portal reads (docs/product/entities.md#content-entries: `Id`, `Titre`, `Contenu`,
//! `courtierChesneau`, `Libelle`, `Texte`, `URL`, `Visible`, `Lien`, `LienTitre`,
//! `Image.content`). The content is written in `content/content.toml`, whose keys are those field
//! names, and its illustrations are the SVG files of `content/images`, served as data URIs.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::middleware::ErrorHandlers;
use actix_web::{HttpResponse, web};
use anyhow::Context;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use rust_embed::RustEmbed;
use serde::{Deserialize, Serialize};

use crate::member_api::{ApiFailure, method_not_allowed};

pub const MOUNT: &str = "/_demo/cms";
const CONTENT: &str = include_str!("content.toml");
/// A left-block key is derived from an app path; longer ones are not paths of the app.
const MAX_KEY_LENGTH: usize = 200;

#[derive(RustEmbed)]
#[folder = "src/content/images"]
struct Images;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Page {
    #[serde(rename = "Titre")]
    titre: String,
    #[serde(rename = "Contenu")]
    contenu: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LegalPages {
    #[serde(rename = "mentionsLegales")]
    mentions_legales: Page,
    cgu: Page,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Article {
    #[serde(rename = "Id")]
    id: u32,
    #[serde(rename = "Titre")]
    titre: String,
    /// Reserved to the members of the Cabinet Chesneau brokerage (filtered by the portal).
    #[serde(rename = "courtierChesneau")]
    courtier_chesneau: bool,
    #[serde(rename = "Contenu")]
    contenu: String,
}

/// A menu entry: an article without its content.
#[derive(Debug, Serialize)]
struct MenuEntry<'a> {
    #[serde(rename = "Id")]
    id: u32,
    #[serde(rename = "Titre")]
    titre: &'a str,
    #[serde(rename = "courtierChesneau")]
    courtier_chesneau: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewsPage {
    #[serde(rename = "Id")]
    id: u32,
    #[serde(rename = "Titre")]
    titre: String,
    #[serde(rename = "Contenu")]
    contenu: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Banner {
    #[serde(rename = "Libelle")]
    libelle: String,
    #[serde(rename = "Texte")]
    texte: String,
    /// `www.…` (the portal adds https://), `https://…` (new tab) or an app path.
    #[serde(rename = "URL")]
    url: String,
    #[serde(rename = "Visible")]
    visible: bool,
}

/// A left block as written in the content file: its image is a file of `content/images`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LeftBlockSource {
    #[serde(rename = "Titre")]
    titre: String,
    #[serde(rename = "Lien")]
    lien: String,
    #[serde(rename = "LienTitre")]
    lien_titre: String,
    image: String,
}

#[derive(Debug, Clone, Serialize)]
struct LeftBlock {
    #[serde(rename = "Titre")]
    titre: String,
    /// Contains `http` for an external link (new tab), else an app path.
    #[serde(rename = "Lien")]
    lien: String,
    #[serde(rename = "LienTitre")]
    lien_titre: String,
    #[serde(rename = "Image")]
    image: Image,
}

#[derive(Debug, Clone, Serialize)]
struct Image {
    /// `data:image/svg+xml;base64,…`
    content: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContentSource {
    accueil: Page,
    #[serde(rename = "mention-legale")]
    mention_legale: LegalPages,
    menus: Vec<Article>,
    #[serde(rename = "bloc-gauche")]
    blocs: BTreeMap<String, LeftBlockSource>,
    #[serde(rename = "bandeau-nouveautes")]
    bandeau: Vec<Banner>,
    #[serde(rename = "page-nouveautes")]
    nouveautes: Vec<NewsPage>,
}

/// The whole content, parsed once at start-up.
pub struct Cms {
    accueil: Page,
    mention_legale: LegalPages,
    menus: Vec<Article>,
    blocs: BTreeMap<String, LeftBlock>,
    bandeau: Vec<Banner>,
    nouveautes: Vec<NewsPage>,
}

impl Cms {
    pub fn load() -> anyhow::Result<Self> {
        let source: ContentSource = toml::from_str(CONTENT).context("demo content: content/content.toml")?;
        let blocs = source
            .blocs
            .into_iter()
            .map(|(key, block)| {
                let image = Images::get(&block.image)
                    .with_context(|| format!("demo content: no image {} for block {key}", block.image))?;
                let content = format!("data:image/svg+xml;base64,{}", STANDARD.encode(image.data));
                let block = LeftBlock {
                    titre: block.titre,
                    lien: block.lien,
                    lien_titre: block.lien_titre,
                    image: Image { content },
                };
                Ok((key, block))
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Self {
            accueil: source.accueil,
            mention_legale: source.mention_legale,
            menus: source.menus,
            blocs,
            bandeau: source.bandeau,
            nouveautes: source.nouveautes,
        })
    }
}

pub fn configure(cms: web::Data<Cms>, cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope(MOUNT)
            .app_data(cms)
            .service(web::resource("/accueil").get(accueil))
            .service(web::resource("/mention-legale").get(mention_legale))
            .service(web::resource("/menus").get(menus))
            .service(web::resource("/menus/{id}").get(menu))
            .service(web::resource("/bloc-gauche/{key}").get(left_block))
            .service(web::resource("/bandeau-nouveautes").get(banner))
            .service(web::resource("/page-nouveautes/{id}").get(news_page))
            .wrap(ErrorHandlers::new().handler(StatusCode::METHOD_NOT_ALLOWED, method_not_allowed)),
    );
}

async fn accueil(cms: web::Data<Cms>) -> HttpResponse {
    HttpResponse::Ok().json(&cms.accueil)
}

async fn mention_legale(cms: web::Data<Cms>) -> HttpResponse {
    HttpResponse::Ok().json(&cms.mention_legale)
}

async fn menus(cms: web::Data<Cms>) -> HttpResponse {
    let entries: Vec<MenuEntry> = cms
        .menus
        .iter()
        .map(|article| MenuEntry {
            id: article.id,
            titre: &article.titre,
            courtier_chesneau: article.courtier_chesneau,
        })
        .collect();
    HttpResponse::Ok().json(entries)
}

/// An id that is no number names no page: 404, as a content service answers for an unknown
/// document (a 400 would reach the member as the portal's 502).
fn numero(id: &str) -> Result<u32, ApiFailure> {
    id.parse().map_err(|_| ApiFailure::not_found())
}

async fn menu(cms: web::Data<Cms>, id: web::Path<String>) -> Result<HttpResponse, ApiFailure> {
    let id = numero(&id)?;
    let article = cms.menus.iter().find(|article| article.id == id).ok_or_else(ApiFailure::not_found)?;
    Ok(HttpResponse::Ok().json(article))
}

async fn left_block(cms: web::Data<Cms>, key: web::Path<String>) -> Result<HttpResponse, ApiFailure> {
    if !is_block_key(&key) {
        return Err(ApiFailure::bad_request(
            "Ce bloc n’existe pas : sa clé ne contient que a-z, 0-9, - et _.",
        ));
    }
    let block = cms.blocs.get(key.as_str()).ok_or_else(ApiFailure::not_found)?;
    Ok(HttpResponse::Ok().json(block))
}

async fn banner(cms: web::Data<Cms>) -> HttpResponse {
    HttpResponse::Ok().json(&cms.bandeau)
}

async fn news_page(cms: web::Data<Cms>, id: web::Path<String>) -> Result<HttpResponse, ApiFailure> {
    let id = numero(&id)?;
    let page = cms.nouveautes.iter().find(|page| page.id == id).ok_or_else(ApiFailure::not_found)?;
    Ok(HttpResponse::Ok().json(page))
}

/// Keys are app paths with `/` turned into `_`: lower-case letters, digits, `_` and `-`.
fn is_block_key(key: &str) -> bool {
    !key.is_empty()
        && key.len() <= MAX_KEY_LENGTH
        && key.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_content_file_loads_with_every_image() {
        let cms = Cms::load().unwrap();
        assert!(cms.menus.len() >= 4);
        assert!(
            cms.blocs.values().all(|block| block.image.content.starts_with("data:image/svg+xml;base64,"))
        );
    }

    #[test]
    fn exactly_one_article_is_reserved_to_the_brokerage() {
        let cms = Cms::load().unwrap();
        assert_eq!(cms.menus.iter().filter(|article| article.courtier_chesneau).count(), 1);
    }

    #[test]
    fn ids_are_unique_and_keys_are_valid() {
        let cms = Cms::load().unwrap();
        let mut ids: Vec<u32> = cms.menus.iter().map(|article| article.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), cms.menus.len());
        let mut news: Vec<u32> = cms.nouveautes.iter().map(|page| page.id).collect();
        news.sort_unstable();
        news.dedup();
        assert_eq!(news.len(), cms.nouveautes.len());
        assert!(cms.blocs.keys().all(|key| is_block_key(key)));
    }

    #[test]
    fn internal_links_point_at_content_that_exists() {
        let cms = Cms::load().unwrap();
        let links = cms
            .blocs
            .values()
            .map(|block| block.lien.as_str())
            .chain(cms.bandeau.iter().map(|b| b.url.as_str()));
        for link in links {
            if let Some(id) = link.strip_prefix("/home/article/") {
                assert!(cms.menus.iter().any(|article| article.id.to_string() == id), "{link}");
            }
            if let Some(id) = link.strip_prefix("/home/nouveautes/") {
                assert!(cms.nouveautes.iter().any(|page| page.id.to_string() == id), "{link}");
            }
        }
    }

    #[test]
    fn block_keys_are_lower_case_path_words() {
        assert!(is_block_key("mutuelle_contrats-garanties"));
        assert!(!is_block_key(""));
        assert!(!is_block_key("Home"));
        assert!(!is_block_key("../etc"));
        assert!(!is_block_key(&"a".repeat(MAX_KEY_LENGTH + 1)));
    }
}
