//! The SPA's client routes: `index.html`, as `assets` serves it, and, when the browser holds a
//! session cookie, a `Link` header naming what a signed-in page asks for first. A single-page
//! app discovers its needs in a chain (the first script, then the member space's scripts, then
//! the session check and the page's data), each step waiting for the one before; named here,
//! they all start with the first script and the page paints round trips sooner.
//!
//! Without that cookie nothing is preloaded: no session check starts before the SPA has seen
//! that cookies work (SPEC.md §4), and the public pages (the root, the accessibility
//! statement, the fallback and error pages) never need the member space.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};

use crate::assets::{self, Assets, Served};
use crate::auth::Auth;
use crate::error::ApiError;

/// Client routes readable without a session, which load none of the member space.
const PUBLIC: [&str; 4] = ["/", "/home/accessibilite", "/fallback", "/error"];

/// The home page, where members land after signing in.
const HOME: &str = "/home";

/// The SPA's first calls on every signed-in page, and the dashboard's on the home page (the
/// same URLs and mode as its `fetch`, or the browser would not reuse them).
const SESSION: &str = "</api/session>; rel=preload; as=fetch; crossorigin";
const HOME_DATA: &str = "</api/home>; rel=preload; as=fetch; crossorigin";

/// The `Link` values, built once from the embedded build's file names.
pub struct PageLinks {
    home: HeaderValue,
    section: HeaderValue,
}

impl PageLinks {
    /// The member space (`member-routes`: the guard, the shell, the home page) on every
    /// signed-in page; the sections' routes (`section-routes`) on every one but the home page,
    /// which fetches them only once it is on screen. A chunk missing from the build (a test
    /// build) is left out.
    pub fn new(assets: &Assets) -> Self {
        let chunk = |name: &str| {
            [
                assets.named_chunk(name, "js").map(|path| format!("<{path}>; rel=modulepreload")),
                // `crossorigin` as on the `<link rel=stylesheet>` the SPA adds: a preload
                // fetched in another mode is not reused, and the style is fetched twice.
                assets
                    .named_chunk(name, "css")
                    .map(|path| format!("<{path}>; rel=preload; as=style; crossorigin")),
            ]
        };
        let member_space = chunk("member-routes");
        let sections = chunk("section-routes");
        let join = |links: Vec<Option<String>>| {
            let value = links.into_iter().flatten().collect::<Vec<_>>().join(", ");
            HeaderValue::from_str(&value).expect("asset paths are valid header text")
        };
        let fixed = |link: &str| Some(link.to_owned());
        Self {
            home: join([vec![fixed(SESSION), fixed(HOME_DATA)], member_space.to_vec()].concat()),
            section: join([vec![fixed(SESSION)], member_space.to_vec(), sections.to_vec()].concat()),
        }
    }

    fn for_path(&self, path: &str) -> Option<&HeaderValue> {
        match path {
            HOME => Some(&self.home),
            _ if PUBLIC.contains(&path) => None,
            _ => Some(&self.section),
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
