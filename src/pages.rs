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
//! texts, the contracts…, and a request's or an article's own, named by the address's `:id`).
//!
//! All of it comes from the build's `route-manifest.json` (`frontend/build/route-manifest.ts`),
//! written from the front end's own route table: the public paths, the home page, what every
//! signed-in page asks for first, and each lazily loaded page's pattern, scripts and first
//! answers. The server hard-codes no front-end path, and matches the router's patterns with
//! actix's own (`ResourceDef`: a `:parameter` is any one non-empty segment, as for the router).
//!
//! Without the session cookie nothing is preloaded: no session check starts before the SPA has
//! seen that cookies work (docs/product/states.md#start-up), and the public pages (the root,
//! the accessibility statement, the fallback and error pages) never need the member space.

use actix_web::dev::ResourceDef;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use crate::assets::{self, Assets, Served};
use crate::auth::Auth;
use crate::cms;
use crate::error::ApiError;

/// The build's `route-manifest.json`.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct RouteManifest {
    /// Client routes readable without a session, which load none of the member space.
    public_paths: Vec<String>,
    /// The home page, where members land after signing in; its scripts are the member space's.
    home: Option<ManifestPage>,
    /// What every signed-in page asks for first: the session check, then the sidebar's menus
    /// and its count of unread messages.
    session: Option<String>,
    sidebar: Vec<String>,
    /// The first script with what it imports (the entry first), the scripts the member space
    /// and the sections' routes bring beyond it. The styles are one file, which `index.html`
    /// links itself.
    first: Vec<String>,
    member_space: Vec<String>,
    sections: Vec<String>,
    pages: Vec<ManifestPage>,
}

/// One page of the manifest.
#[derive(Deserialize)]
struct ManifestPage {
    /// The router's pattern: `/mutuelle/demandes/:id`.
    pattern: String,
    /// The addresses the page asks for first: as they are, or with an `:id` that the page's
    /// own `:id` fills (`/api/demande/:id`).
    data: Vec<String>,
    #[serde(default)]
    scripts: Vec<String>,
}

/// A lazily loaded page's pattern, and the `Link` value of a visit to it.
struct PageRoute {
    pattern: ResourceDef,
    links: String,
    /// The answers named by the address's `:id`, as patterns: `/api/demande/:id`.
    by_id: Vec<String>,
}

impl PageRoute {
    /// The preloads of the answers named by the `:id` of `path` (which this route matches),
    /// when that `:id` is a positive integer written as the SPA writes one (`positiveInteger`,
    /// then `String`): the only form in which every key builder spells it as the address
    /// does. Any other `:id` preloads nothing: the page asks for its answer itself, or shows
    /// that the address names nothing.
    fn preloads_by_id(&self, path: &str) -> Vec<String> {
        let mut matched = actix_web::dev::Path::new(path);
        if !self.pattern.capture_match_info(&mut matched) {
            return Vec::new();
        }
        let Some(id) = matched.get("id").filter(|id| is_positive_integer(id)) else { return Vec::new() };
        self.by_id.iter().map(|pattern| fetched(&pattern.replace(":id", id))).collect()
    }
}

/// The router's `/mutuelle/demandes/:id` as actix writes it: `/mutuelle/demandes/{id}`.
fn resource(pattern: &str) -> ResourceDef {
    let segments: Vec<String> = pattern
        .split('/')
        .map(|segment| match segment.strip_prefix(':') {
            Some(name) => format!("{{{name}}}"),
            None => segment.to_owned(),
        })
        .collect();
    ResourceDef::new(segments.join("/"))
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

/// The `Link` values, built once from the embedded build's manifest, but for the left block
/// that each address asks for.
pub struct PageLinks {
    public: Vec<String>,
    /// The home page's path and its `Link` value.
    home: Option<(String, String)>,
    section: String,
    /// The static patterns first: `/mutuelle/remboursements/annee-sante` before `…/:date`.
    pages: Vec<PageRoute>,
}

impl PageLinks {
    /// The member space (`member-routes`: the guard, the shell, the home page) on every
    /// signed-in page; the sections' routes (`section-routes`) and the page's own files on
    /// every one but the home page, which fetches them only once it is on screen. A build
    /// without the front end (a test build) preloads nothing.
    pub fn new(assets: &Assets) -> Self {
        let manifest = assets
            .route_manifest()
            .map(|json| {
                serde_json::from_slice(&json)
                    .expect("the build writes route-manifest.json as its plugin says")
            })
            .unwrap_or_default();
        Self::from_manifest(manifest)
    }

    fn from_manifest(manifest: RouteManifest) -> Self {
        let session = manifest.session.as_deref().map(fetched);
        let sidebar = || manifest.sidebar.iter().map(|path| fetched(path));
        let home = manifest.home.as_ref().map(|home| {
            let links: Vec<String> = scripts(&manifest.first)
                .chain(session.clone())
                .chain(home.data.iter().map(|path| fetched(path)))
                .chain(sidebar())
                .chain(scripts(&manifest.member_space))
                .collect();
            (home.pattern.clone(), links.join(", "))
        });
        let section: Vec<String> = scripts(&manifest.first)
            .chain(session)
            .chain(sidebar())
            .chain(scripts(&manifest.member_space))
            .chain(scripts(&manifest.sections))
            .collect();
        let mut pages: Vec<PageRoute> = manifest
            .pages
            .iter()
            .map(|page| PageRoute {
                pattern: resource(&page.pattern),
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
        pages.sort_by_key(|page| page.pattern.pattern().is_some_and(|pattern| pattern.contains('{')));
        Self { public: manifest.public_paths, home, section: section.join(", "), pages }
    }

    fn for_path(&self, path: &str) -> Option<HeaderValue> {
        if self.public.iter().any(|public| public == path) {
            return None;
        }
        let (links, page) = match &self.home {
            Some((home, links)) if home == path => (links, None),
            _ => {
                let page = self.pages.iter().find(|page| page.pattern.is_match(path));
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
            pattern: resource(pattern),
            links: String::new(),
            by_id: vec!["/api/demande/:id".to_owned()],
        }
    }

    #[test]
    fn a_pattern_matches_its_address_and_a_parameter_any_one_segment() {
        assert!(route("/mutuelle/demandes/creation").pattern.is_match("/mutuelle/demandes/creation"));
        assert!(route("/mutuelle/demandes/:id").pattern.is_match("/mutuelle/demandes/12"));
        for (pattern, path, why) in [
            ("/mutuelle/demandes/:id", "/mutuelle/demandes/", "an empty parameter"),
            ("/mutuelle/demandes/:id", "/mutuelle/demandes/12/x", "one segment more"),
            ("/mutuelle/demandes/:id", "/mutuelle/demandes", "one segment less"),
            ("/mutuelle/demandes", "/mutuelle/demande", "another word"),
        ] {
            assert!(!route(pattern).pattern.is_match(path), "{why}");
        }
    }

    #[test]
    fn an_id_written_as_the_spa_writes_a_positive_integer_fills_the_page_s_answer() {
        let page = route("/mutuelle/demandes/:id");
        assert_eq!(
            page.preloads_by_id("/mutuelle/demandes/12"),
            ["</api/demande/12>; rel=preload; as=fetch; crossorigin"]
        );
        assert_eq!(page.preloads_by_id("/mutuelle/demandes/999999999").len(), 1);
        for refused in ["012", "0", "1234567890", "1e3", "-1", "12%20", "%31"] {
            assert!(page.preloads_by_id(&format!("/mutuelle/demandes/{refused}")).is_empty(), "{refused}");
        }
    }

    #[test]
    fn the_manifest_decides_what_is_public_home_and_a_page() {
        let manifest = r#"{"publicPaths": ["/", "/fallback"], "home": {"pattern": "/home", "data": ["/api/home"]},
            "session": "/api/session", "sidebar": ["/api/menus"], "first": ["/a.js"], "memberSpace": ["/m.js"], "sections": ["/s.js"],
            "pages": [{"pattern": "/x/:id", "data": ["/api/x/:id", "/api/y"], "scripts": ["/x.js"]},
                      {"pattern": "/x/static", "data": [], "scripts": ["/static.js"]}]}"#;
        let links = PageLinks::from_manifest(serde_json::from_str(manifest).unwrap());
        assert!(links.for_path("/").is_none() && links.for_path("/fallback").is_none());
        let home = links.for_path("/home").unwrap();
        assert_eq!(
            home.to_str().unwrap(),
            "</a.js>; rel=modulepreload, </api/session>; rel=preload; as=fetch; crossorigin, \
             </api/home>; rel=preload; as=fetch; crossorigin, </api/menus>; rel=preload; as=fetch; \
             crossorigin, </m.js>; rel=modulepreload, </api/strapi/bloc-gauche/home>; rel=preload; \
             as=fetch; crossorigin"
        );
        let page = links.for_path("/x/7").unwrap();
        let page = page.to_str().unwrap();
        assert!(page.contains("</s.js>") && page.contains("</x.js>") && page.contains("</api/y>"));
        assert!(page.contains("</api/x/7>") && !page.contains("static.js"));
        let static_page = links.for_path("/x/static").unwrap();
        assert!(static_page.to_str().unwrap().contains("</static.js>"), "a static pattern before `:id`");
    }
}
