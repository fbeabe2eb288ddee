//! The SPA's client routes: `index.html`, as `assets` serves it, and, when the browser holds a
//! session cookie, a `Link` header naming what a signed-in page asks for first. A single-page
//! app discovers its needs in a chain (the first script, then the member space's scripts, then
//! the session check and the page's data), each step waiting for the one before; named here,
//! they all start with the first script and the page paints round trips sooner.
//!
//! A section's page also names its own scripts and styles, and the answers it asks for first
//! whatever its address (the legal texts, the contracts…), from the build's table of each
//! lazily loaded page (`frontend/build/page-chunks.ts`): otherwise the router asks for them
//! only once the first scripts have run.
//!
//! Without that cookie nothing is preloaded: no session check starts before the SPA has seen
//! that cookies work (SPEC.md §4), and the public pages (the root, the accessibility
//! statement, the fallback and error pages) never need the member space.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use crate::assets::{self, Assets, Served};
use crate::auth::Auth;
use crate::error::ApiError;

/// Client routes readable without a session, which load none of the member space.
const PUBLIC: [&str; 4] = ["/", "/home/accessibilite", "/fallback", "/error"];

/// The home page, where members land after signing in.
const HOME: &str = "/home";

/// The SPA's first call on every signed-in page, and the dashboard's on the home page.
const SESSION: &str = "/api/session";
const HOME_DATA: &str = "/api/home";

/// One page of the build's `page-chunks.json`.
#[derive(Deserialize)]
struct PageChunks {
    /// The router's pattern: `/mutuelle/demandes/:id`.
    pattern: String,
    /// The addresses the page asks for first, whatever its parameters.
    data: Vec<String>,
    scripts: Vec<String>,
    styles: Vec<String>,
}

/// A lazily loaded page's pattern, and the `Link` value of a visit to it.
struct PageRoute {
    segments: Vec<String>,
    links: HeaderValue,
}

impl PageRoute {
    fn is_static(&self) -> bool {
        !self.segments.iter().any(|segment| segment.starts_with(':'))
    }

    /// As the router matches: every segment equal, or any non-empty one for a `:parameter`.
    fn matches(&self, path: &str) -> bool {
        let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        parts.len() == self.segments.len()
            && self.segments.iter().zip(parts).all(|(segment, part)| {
                if segment.starts_with(':') { !part.is_empty() } else { segment == part }
            })
    }
}

/// The same URL and mode as the SPA's `fetch` (same-origin credentials), or the browser would
/// not reuse the answer and would ask twice.
fn fetched(path: &str) -> String {
    format!("<{path}>; rel=preload; as=fetch; crossorigin")
}

fn script(path: &str) -> String {
    format!("<{path}>; rel=modulepreload")
}

/// `crossorigin` as on the `<link rel=stylesheet>` the SPA adds: a preload fetched in another
/// mode is not reused, and the style is fetched twice.
fn style(path: &str) -> String {
    format!("<{path}>; rel=preload; as=style; crossorigin")
}

fn header_value(links: &[String]) -> HeaderValue {
    HeaderValue::from_str(&links.join(", ")).expect("asset paths are valid header text")
}

/// The `Link` values, built once from the embedded build's file names.
pub struct PageLinks {
    home: HeaderValue,
    section: HeaderValue,
    /// The static patterns first: `/mutuelle/remboursements/annee-sante` before `…/:date`.
    pages: Vec<PageRoute>,
}

impl PageLinks {
    /// The member space (`member-routes`: the guard, the shell, the home page) on every
    /// signed-in page; the sections' routes (`section-routes`) and the page's own files on
    /// every one but the home page, which fetches them only once it is on screen. A chunk
    /// missing from the build (a test build) is left out.
    pub fn new(assets: &Assets) -> Self {
        let chunk = |name: &str| {
            [assets.named_chunk(name, "js").map(script), assets.named_chunk(name, "css").map(style)]
        };
        let member_space = chunk("member-routes");
        let home: Vec<String> = [Some(fetched(SESSION)), Some(fetched(HOME_DATA))]
            .into_iter()
            .chain(member_space.clone())
            .flatten()
            .collect();
        let section: Vec<String> = std::iter::once(Some(fetched(SESSION)))
            .chain(member_space)
            .chain(chunk("section-routes"))
            .flatten()
            .collect();
        let table: Vec<PageChunks> = assets
            .page_chunks()
            .map(|json| {
                serde_json::from_slice(&json).expect("the build writes page-chunks.json as its plugin says")
            })
            .unwrap_or_default();
        let mut pages: Vec<PageRoute> = table
            .into_iter()
            .map(|page| PageRoute {
                segments: page.pattern.trim_start_matches('/').split('/').map(str::to_owned).collect(),
                links: header_value(
                    &section
                        .iter()
                        .cloned()
                        .chain(page.data.iter().map(|path| fetched(path)))
                        .chain(page.scripts.iter().map(|path| script(path)))
                        .chain(page.styles.iter().map(|path| style(path)))
                        .collect::<Vec<_>>(),
                ),
            })
            .collect();
        pages.sort_by_key(|page| !page.is_static());
        Self { home: header_value(&home), section: header_value(&section), pages }
    }

    fn for_path(&self, path: &str) -> Option<&HeaderValue> {
        match path {
            HOME => Some(&self.home),
            _ if PUBLIC.contains(&path) => None,
            _ => Some(
                self.pages.iter().find(|page| page.matches(path)).map_or(&self.section, |page| &page.links),
            ),
        }
    }
}

/// The catch-all service: a file of the build, or `index.html` with its preloads.
pub async fn serve(
    request: HttpRequest,
    auth: web::Data<Auth>,
    assets: web::Data<Assets>,
    links: web::Data<PageLinks>,
) -> Result<HttpResponse, ApiError> {
    let (mut response, served) = assets::answer(&request, &assets)?;
    let has_session = auth.cookies.session_id(&request).is_some();
    if served == Served::ClientRoute
        && has_session
        && let Some(links) = links.for_path(request.path())
    {
        response.headers_mut().insert(header::LINK, links.clone());
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(pattern: &str) -> PageRoute {
        PageRoute {
            segments: pattern.trim_start_matches('/').split('/').map(str::to_owned).collect(),
            links: HeaderValue::from_static(""),
        }
    }

    #[test]
    fn a_pattern_matches_its_address_and_a_parameter_any_one_segment() {
        assert!(route("/mutuelle/demandes/creation").matches("/mutuelle/demandes/creation"));
        assert!(route("/mutuelle/demandes/:id").matches("/mutuelle/demandes/12"));
        assert!(!route("/mutuelle/demandes/:id").matches("/mutuelle/demandes/"), "an empty parameter");
        assert!(!route("/mutuelle/demandes/:id").matches("/mutuelle/demandes/12/x"), "one segment more");
        assert!(!route("/mutuelle/demandes/:id").matches("/mutuelle/demandes"), "one segment less");
        assert!(!route("/mutuelle/demandes").matches("/mutuelle/demande"));
    }
}
