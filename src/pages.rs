//! The SPA's client routes: `index.html`, as `assets` serves it, and, when the browser holds a
//! session cookie, a `Link` header naming what a signed-in page asks for first. A single-page
//! app discovers its needs in a chain (the first script, then the member space's scripts, then
//! the session check, the sidebar's menus and left block, and the page's data), each step
//! waiting for the one before; named here, they all start with the first script and the page
//! paints round trips sooner. The first script and what it imports come first in the header:
//! the browser asks for preloads in their order, before it reads `index.html`'s own script
//! tag, and over HTTP/1.1 (six connections to one server) the first script, the largest file
//! and the one every paint waits for, would otherwise queue behind twenty small answers.
//!
//! A section's page also names its own scripts, and the answers it asks for first (the legal
//! texts, the contracts…, and a request's or an article's own, named by the address's `:id`),
//! from the build's table of each lazily loaded page (`frontend/build/page-chunks.ts`):
//! otherwise the router asks for them only once the first scripts have run.
//!
//! Without that cookie nothing is preloaded: no session check starts before the SPA has seen that
//! cookies work (docs/product/states.md#start-up), and the public pages (the root, the
//! accessibility statement, the fallback and error pages) never need the member space.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use crate::assets::{self, Assets, Served};
use crate::auth::Auth;
use crate::cms;
use crate::error::ApiError;

/// Client routes readable without a session, which load none of the member space.
const PUBLIC: [&str; 4] = ["/", "/home/accessibilite", "/fallback", "/error"];

/// The home page, where members land after signing in.
const HOME: &str = "/home";

/// The SPA's first call on every signed-in page, and the dashboard's on the home page.
const SESSION: &str = "/api/session";
const HOME_DATA: &str = "/api/home";
/// What the shell's sidebar asks for on every signed-in page, beside the left block of the
/// page's path: the articles' menus and the count of unread messages on « Mes demandes ».
const MENUS: &str = "/api/strapi/menus";
const NON_LUS: &str = "/api/demandes/nonLus";

/// The build's `page-chunks.json`: the first script with what it imports (the entry first),
/// the scripts the member space and the sections' routes bring beyond it, and each lazily
/// loaded page's own needs. The styles are one file, which `index.html` links itself.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct PageChunksTable {
    first: Vec<String>,
    member_space: Vec<String>,
    sections: Vec<String>,
    pages: Vec<PageChunks>,
}

/// One page of `page-chunks.json`.
#[derive(Deserialize)]
struct PageChunks {
    /// The router's pattern: `/mutuelle/demandes/:id`.
    pattern: String,
    /// The addresses the page asks for first: as they are, or with an `:id` that the page's
    /// own `:id` fills (`/api/demande/:id`).
    data: Vec<String>,
    scripts: Vec<String>,
}

/// A lazily loaded page's pattern, and the `Link` value of a visit to it.
struct PageRoute {
    segments: Vec<String>,
    links: String,
    /// The answers named by the address's `:id`, as patterns: `/api/demande/:id`.
    by_id: Vec<String>,
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

    /// The preloads of the answers named by the `:id` of `path` (which this route matches),
    /// when that `:id` is a positive integer written as the SPA writes one (`positiveInteger`,
    /// then `String`): the only form in which every key builder spells it as the address
    /// does. Any other `:id` preloads nothing: the page asks for its answer itself, or shows
    /// that the address names nothing.
    fn preloads_by_id(&self, path: &str) -> impl Iterator<Item = String> {
        let id = self
            .segments
            .iter()
            .zip(path.trim_start_matches('/').split('/'))
            .find(|(segment, _)| *segment == ":id")
            .map(|(_, part)| part)
            .filter(|id| is_positive_integer(id));
        self.by_id.iter().filter_map(move |pattern| id.map(|id| fetched(&pattern.replace(":id", id))))
    }
}

/// `12`, not `012`, `0` nor more than nine digits: `positiveInteger` in `search-params.ts`.
fn is_positive_integer(text: &str) -> bool {
    (1..=9).contains(&text.len()) && text.bytes().all(|byte| byte.is_ascii_digit()) && !text.starts_with('0')
}

/// The same URL and mode as the SPA's `fetch` (same-origin credentials), or the browser would
/// not reuse the answer and would ask twice.
fn fetched(path: &str) -> String {
    format!("<{path}>; rel=preload; as=fetch; crossorigin")
}

fn scripts(paths: &[String]) -> impl Iterator<Item = String> + '_ {
    paths.iter().map(|path| format!("<{path}>; rel=modulepreload"))
}

/// The `Link` values, built once from the embedded build's file names, but for the left block
/// that each address asks for.
pub struct PageLinks {
    home: String,
    section: String,
    /// The static patterns first: `/mutuelle/remboursements/annee-sante` before `…/:date`.
    pages: Vec<PageRoute>,
}

impl PageLinks {
    /// The member space (`member-routes`: the guard, the shell, the home page) on every
    /// signed-in page; the sections' routes (`section-routes`) and the page's own files on
    /// every one but the home page, which fetches them only once it is on screen. A build
    /// without the front end (a test build) preloads only the answers.
    pub fn new(assets: &Assets) -> Self {
        let table: PageChunksTable = assets
            .page_chunks()
            .map(|json| {
                serde_json::from_slice(&json).expect("the build writes page-chunks.json as its plugin says")
            })
            .unwrap_or_default();
        let home: Vec<String> = scripts(&table.first)
            .chain([fetched(SESSION), fetched(HOME_DATA), fetched(MENUS), fetched(NON_LUS)])
            .chain(scripts(&table.member_space))
            .collect();
        let section: Vec<String> = scripts(&table.first)
            .chain([fetched(SESSION), fetched(MENUS), fetched(NON_LUS)])
            .chain(scripts(&table.member_space))
            .chain(scripts(&table.sections))
            .collect();
        let mut pages: Vec<PageRoute> = table
            .pages
            .iter()
            .map(|page| PageRoute {
                segments: page.pattern.trim_start_matches('/').split('/').map(str::to_owned).collect(),
                links: section
                    .iter()
                    .cloned()
                    .chain(page.data.iter().filter(|path| !path.contains(":id")).map(|path| fetched(path)))
                    .chain(scripts(&page.scripts))
                    .collect::<Vec<_>>()
                    .join(", "),
                by_id: page.data.iter().filter(|path| path.contains(":id")).cloned().collect(),
            })
            .collect();
        pages.sort_by_key(|page| !page.is_static());
        Self { home: home.join(", "), section: section.join(", "), pages }
    }

    fn for_path(&self, path: &str) -> Option<HeaderValue> {
        let (links, page) = match path {
            HOME => (&self.home, None),
            _ if PUBLIC.contains(&path) => return None,
            _ => {
                let page = self.pages.iter().find(|page| page.matches(path));
                (page.map_or(&self.section, |page| &page.links), page)
            }
        };
        let left_block =
            cms::left_block_key(path).map(|key| fetched(&format!("/api/strapi/bloc-gauche/{key}")));
        let by_id = page.into_iter().flat_map(|page| page.preloads_by_id(path));
        let mut value = links.clone();
        for link in left_block.into_iter().chain(by_id) {
            value.push_str(", ");
            value.push_str(&link);
        }
        Some(
            HeaderValue::from_str(&value)
                .expect("asset paths, left block keys and ids are valid header text"),
        )
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
        response.headers_mut().insert(header::LINK, links);
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(pattern: &str) -> PageRoute {
        PageRoute {
            segments: pattern.trim_start_matches('/').split('/').map(str::to_owned).collect(),
            links: String::new(),
            by_id: vec!["/api/demande/:id".to_owned()],
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

    #[test]
    fn an_id_written_as_the_spa_writes_a_positive_integer_fills_the_page_s_answer() {
        let page = route("/mutuelle/demandes/:id");
        let by_id = |path: &str| page.preloads_by_id(path).collect::<Vec<_>>();
        assert_eq!(by_id("/mutuelle/demandes/12"), ["</api/demande/12>; rel=preload; as=fetch; crossorigin"]);
        assert_eq!(by_id("/mutuelle/demandes/999999999").len(), 1);
        for refused in ["012", "0", "1234567890", "1e3", "-1", "12%20", "%31"] {
            assert!(by_id(&format!("/mutuelle/demandes/{refused}")).is_empty(), "{refused}");
        }
    }
}
