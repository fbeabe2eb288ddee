//! The content service: every content path (docs/product/member-api.md#content-service), read
//! through the portal's own content code for the configured `kind` (`cms::ContentCache`, which
//! speaks Strapi's REST or the flattened format); with Strapi, the API token must also be
//! read-only.

use prometheus::Registry;
use reqwest::Method;
use secrecy::ExposeSecret;
use serde_json::Value;

use super::report::{Report, json_value, quoted};
use crate::cms::{Content, ContentCache};
use crate::config::{CmsKind, Settings};
use crate::endpoints::Endpoints;

const UPSTREAM: &str = "content";

/// The writes a Strapi token must be refused: creating an entry in each collection, replacing
/// each single type. Each carries a body without `data`, which Strapi refuses with 400 once the
/// token is allowed to write: a writeable token creates nothing, and shows by that 400.
const STRAPI_WRITES: [(&str, &str); 6] = [
    ("POST", "api/menus"),
    ("POST", "api/blocs-gauche"),
    ("POST", "api/bandeaux-nouveautes"),
    ("POST", "api/pages-nouveautes"),
    ("PUT", "api/accueil"),
    ("PUT", "api/mention-legale"),
];

/// The left block every member's first page asks for (the root's key,
/// docs/product/member-api.md#left-block-key).
const HOME_LEFT_BLOCK: &str = "bloc-gauche/home";
/// Where an internal banner link opens a news page (`/home/nouveautes/{id}`).
const NEWS_PAGE_ROUTE: &str = "/home/nouveautes/";

pub async fn check(settings: &Settings, endpoints: &Endpoints, report: &mut Report) -> anyhow::Result<()> {
    if settings.demo.cms_on() {
        report.skip(UPSTREAM, "the demo's embedded content service (demo.cms on): nothing to check");
        return Ok(());
    }
    let http = crate::outbound::http_client(settings, settings.upstream.cms.tls())?;
    let cache = ContentCache::new(
        http.clone(),
        endpoints.cms_base.clone(),
        &settings.upstream.cms,
        &Registry::new(),
    )?;
    let kind = match settings.upstream.cms.kind {
        CmsKind::Portal => "portal",
        CmsKind::Strapi => "strapi",
    };
    report.ok(UPSTREAM, format!("kind {kind} at {}", endpoints.cms_base));
    read(&cache, "accueil", report, |page| page.is_object()).await;
    read(&cache, "mention-legale", report, |legal| {
        legal["mentionsLegales"].is_object() && legal["cgu"].is_object()
    })
    .await;
    let menus = read(&cache, "menus", report, Value::is_array).await;
    match menus.as_ref().and_then(|menus| menus.as_array()?.iter().find_map(|entry| identifier(&entry["Id"])))
    {
        Some(id) => {
            read(&cache, &format!("menus/{id}"), report, Value::is_object).await;
        }
        None => report.skip(UPSTREAM, "menus/{id} (no menu entry to read)"),
    }
    read(&cache, HOME_LEFT_BLOCK, report, Value::is_object).await;
    let banners =
        read(&cache, "bandeau-nouveautes", report, |banner| banner.is_array() || banner.is_object()).await;
    let first_banner = match &banners {
        Some(Value::Array(banners)) => banners.first().cloned(),
        other => other.clone(),
    };
    let news_page = first_banner
        .as_ref()
        .and_then(|banner| banner["URL"].as_str()?.strip_prefix(NEWS_PAGE_ROUTE)?.parse::<u32>().ok());
    match news_page {
        Some(id) => {
            read(&cache, &format!("page-nouveautes/{id}"), report, Value::is_object).await;
        }
        None => report.skip(UPSTREAM, "page-nouveautes/{id} (the news banner links to no news page)"),
    }
    if settings.upstream.cms.kind == CmsKind::Strapi {
        let token = settings.upstream.cms.api_token.as_ref().map(|token| token.expose_secret().to_owned());
        read_only(
            &http,
            endpoints,
            token.as_deref().unwrap_or_default(),
            settings.upstream.cms.timeout_ms,
            report,
        )
        .await;
    }
    Ok(())
}

fn identifier(value: &Value) -> Option<String> {
    match value {
        Value::Number(number) => Some(number.to_string()),
        Value::String(text) if text.parse::<u32>().is_ok() => Some(text.clone()),
        _ => None,
    }
}

/// One content path, read as the portal reads it; its content when found and of the expected
/// shape.
async fn read(
    cache: &ContentCache,
    path: &str,
    report: &mut Report,
    shape: impl Fn(&Value) -> bool,
) -> Option<Value> {
    match cache.get(path).await {
        Ok(content) => match &*content {
            Content::Found(value) if shape(value) => {
                let size = value.as_array().map(|entries| format!(" ({} entries)", entries.len()));
                report.ok(UPSTREAM, format!("{path} answers{}", size.unwrap_or_default()));
                Some(value.clone())
            }
            Content::Found(value) => {
                report.fail(UPSTREAM, format!("{path}: not the expected shape: {}", json_value(value)));
                None
            }
            Content::NotFound => {
                report.fail(UPSTREAM, format!("{path}: not found"));
                None
            }
        },
        Err(error) => {
            report.fail(UPSTREAM, format!("{path}: {error}"));
            None
        }
    }
}

/// Strapi's token may read only: each write is refused (401 or 403; 404 or 405 when there is
/// no such route). A 400 means Strapi let the token through to the body's validation.
async fn read_only(
    http: &reqwest::Client,
    endpoints: &Endpoints,
    token: &str,
    timeout_ms: u64,
    report: &mut Report,
) {
    let body = serde_json::json!({ "check-upstreams": "no data: a token allowed to write gets 400, nothing is created" });
    let mut refusals = Vec::new();
    for (method, path) in STRAPI_WRITES {
        let url = match endpoints.cms_base.join(path) {
            Ok(url) => url,
            Err(error) => return report.fail(UPSTREAM, format!("{path}: {error}")),
        };
        let method = Method::from_bytes(method.as_bytes()).expect("a method name");
        let answer = http
            .request(method.clone(), url)
            .bearer_auth(token)
            .json(&body)
            .timeout(std::time::Duration::from_millis(timeout_ms))
            .send()
            .await;
        match answer.map(|answer| answer.status().as_u16()) {
            Ok(status @ (401 | 403 | 404 | 405)) => refusals.push(status),
            Ok(status) => {
                return report.fail(
                    UPSTREAM,
                    format!(
                        "the Strapi token can write: {method} {path} answered {status}, where a read-only token gets 401 or 403"
                    ),
                );
            }
            Err(error) => {
                return report.fail(
                    UPSTREAM,
                    format!("{method} {path}: {}", quoted(&error.without_url().to_string())),
                );
            }
        }
    }
    refusals.sort_unstable();
    refusals.dedup();
    let statuses: Vec<String> = refusals.iter().map(u16::to_string).collect();
    report.ok(
        UPSTREAM,
        format!(
            "the Strapi token is read-only ({} writes refused: {})",
            STRAPI_WRITES.len(),
            statuses.join(", ")
        ),
    );
}
