//! `/api/strapi/*`: the content service's pages, menus, left blocks and news banner, served from
//! the cache without any token (docs/product/member-api.md#content-service), with the broker rule
//! (docs/product/roles.md#the-broker-rule) applied here on the server: entries flagged
//! `courtierChesneau` exist only for the brokerage's members.

pub mod cache;
mod media;
mod sanitise;
mod source;
mod strapi;

use actix_web::dev::Service;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::Value;

pub use cache::ContentCache;
pub use source::Content;

use crate::auth::Auth;
use crate::compression;
use crate::error::ApiError;
use crate::identifier::is_plain_identifier;

const BROKER_FLAG: &str = "courtierChesneau";

/// The content service's routes, in the `/api` scope.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/strapi")
            .wrap_fn(|request, service| compression::compressed_answer(service.call(request)))
            .service(web::resource("/accueil").get(page))
            .service(web::resource("/mention-legale").get(page))
            .service(web::resource("/menus").get(menus))
            .service(web::resource("/menus/{id}").get(menu))
            .service(web::resource("/bloc-gauche/{key}").get(left_block))
            .service(web::resource("/bandeau-nouveautes").get(banner))
            .service(web::resource("/page-nouveautes/{id}").get(page))
            .service(web::resource("/uploads/{name}").get(upload)),
    );
}

fn answer(value: &Value) -> HttpResponse {
    // Menus differ per member: a browser may keep them, a shared cache may not.
    HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "private, no-cache")).json(value)
}

fn found(content: &Content) -> Result<&Value, ApiError> {
    match content {
        Content::Found(value) => Ok(value),
        Content::NotFound => Err(ApiError::NotFound),
    }
}

/// Pages passed as they are (after sanitising), identifiers checked first. The content path
/// (the cache key, and what the content service is asked) is rebuilt from the route, never
/// taken from the request line: `/api/strapi/%61ccueil` is `accueil`.
async fn page(request: HttpRequest, content: web::Data<ContentCache>) -> Result<HttpResponse, ApiError> {
    let pattern = request.match_pattern().ok_or(ApiError::NotFound)?;
    let mut path = pattern.trim_start_matches("/api/strapi/").to_owned();
    if let Some(id) = request.match_info().get("id") {
        if !is_plain_identifier(id) {
            return Err(ApiError::BadRequest("identifier".into()));
        }
        path = path.replace("{id}", id);
    }
    Ok(answer(found(&*content.get(&path).await?)?))
}

/// Whether the member of this request belongs to the brokerage (anonymous visitors do not).
async fn is_broker_member(
    request: &HttpRequest,
    auth: &Auth,
    content: &ContentCache,
) -> Result<bool, ApiError> {
    let brokerage = content.broker_name().to_uppercase();
    Ok(auth.current(request).await?.is_some_and(|current| {
        current.session.member.courtier().is_some_and(|courtier| courtier.to_uppercase().contains(&brokerage))
    }))
}

fn is_flagged(entry: &Value) -> bool {
    entry[BROKER_FLAG].as_bool().unwrap_or(false)
}

async fn menus(
    request: HttpRequest,
    auth: web::Data<Auth>,
    cache: web::Data<ContentCache>,
) -> Result<HttpResponse, ApiError> {
    let content = cache.get("menus").await?;
    let entries = found(&content)?.as_array().cloned().unwrap_or_default();
    let broker = is_broker_member(&request, &auth, &cache).await?;
    let visible: Vec<Value> = entries.into_iter().filter(|entry| broker || !is_flagged(entry)).collect();
    Ok(answer(&Value::Array(visible)))
}

async fn menu(
    request: HttpRequest,
    id: web::Path<String>,
    auth: web::Data<Auth>,
    cache: web::Data<ContentCache>,
) -> Result<HttpResponse, ApiError> {
    if !is_plain_identifier(&id) {
        return Err(ApiError::BadRequest("identifier".into()));
    }
    let content = match cache.get(&format!("menus/{id}")).await {
        Ok(content) => content,
        Err(error) => {
            // The guard logs a French message and denies access
            // (docs/product/errors.md#content-failures).
            tracing::error!(%error, "Une erreur est survenue lors de la récupération du menu");
            return Err(ApiError::Forbidden);
        }
    };
    let entry = found(&content)?;
    if is_flagged(entry) && !is_broker_member(&request, &auth, &cache).await? {
        return Err(ApiError::Forbidden);
    }
    Ok(answer(entry))
}

/// Left-block keys are what the SPA derives from its path
/// (docs/product/member-api.md#left-block-key): lower-case letters, digits, `_` and `-` only.
pub fn is_left_block_key(key: &str) -> bool {
    !key.is_empty()
        && key.len() <= 128
        && key.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
}

/// The left block's key of an application path, as the SPA derives it
/// (`frontend/src/lib/bloc-gauche-key.ts`): trailing and leading slashes dropped, the others
/// made underscores, ASCII capitals lowered, the root `home`. `None` when the result is no key
/// the service answers.
pub fn left_block_key(path: &str) -> Option<String> {
    let trimmed = path.trim_matches('/');
    let key =
        if trimmed.is_empty() { "home".to_owned() } else { trimmed.replace('/', "_").to_ascii_lowercase() };
    is_left_block_key(&key).then_some(key)
}

async fn left_block(
    key: web::Path<String>,
    content: web::Data<ContentCache>,
) -> Result<HttpResponse, ApiError> {
    if !is_left_block_key(&key) {
        return Err(ApiError::BadRequest("left block key".into()));
    }
    // Most routes have no block of their own: that is an answer (`null`), not an error, which
    // the browser's console and the error metrics would count on every page.
    Ok(match &*content.get(&format!("bloc-gauche/{key}")).await? {
        Content::Found(block) => answer(block),
        Content::NotFound => answer(&Value::Null),
    })
}

/// An image of Strapi's own uploads (see `media`). It is only ever shown in an `<img>`; the
/// sandbox keeps an SVG opened on its own from running anything on the portal's origin.
async fn upload(name: web::Path<String>, content: web::Data<ContentCache>) -> Result<HttpResponse, ApiError> {
    if !strapi::is_media_name(&name) {
        return Err(ApiError::NotFound);
    }
    let media = content.media(&name).await?.ok_or(ApiError::NotFound)?;
    Ok(HttpResponse::Ok()
        .content_type(media.content_type)
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .insert_header((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        ))
        .body(media.bytes.clone()))
}

async fn banner(content: web::Data<ContentCache>) -> Result<HttpResponse, ApiError> {
    Ok(answer(&content.first_banner().await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn left_block_keys_the_spa_derives_are_accepted_and_derived_alike_here() {
        // The SPA's own examples, so both sides agree on the key rule.
        let examples: Vec<Value> =
            serde_json::from_str(include_str!("../../frontend/src/lib/bloc-gauche-key.examples.json"))
                .unwrap();
        for example in examples {
            let key = example["key"].as_str().unwrap();
            assert!(is_left_block_key(key), "{key}");
            assert_eq!(left_block_key(example["path"].as_str().unwrap()).as_deref(), Some(key));
        }
    }

    #[test]
    fn keys_that_could_change_the_upstream_path_are_refused() {
        for key in ["", "../menus", "home/x", "Home", "a%2fb", "a.b", "a b"] {
            assert!(!is_left_block_key(key), "{key}");
        }
        assert_eq!(left_block_key("/mutuelle/Réglée"), None);
        assert_eq!(
            left_block_key("/mutuelle/cotisations/paiement/P1").as_deref(),
            Some("mutuelle_cotisations_paiement_p1")
        );
        assert_eq!(left_block_key("/home/article/%2e%2e"), None);
    }
}
