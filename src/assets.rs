//! The embedded React build. The catch-all service (`pages::serve`), registered last, answers
//! every path no other route took with what this finds: the file itself when it exists (in
//! the precompressed variant the client accepts), `index.html` for the SPA's client routes, a
//! JSON 404 otherwise.
//!
//! Everything is indexed once at start-up so that a request costs one map lookup and a few
//! header clones: the bodies are `'static` slices of the binary, never copied.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::Write;

use actix_web::http::Method;
use actix_web::http::header::{
    self, Accept, AcceptEncoding, ContentEncoding, Encoding, Header, HeaderValue, Preference,
};
use actix_web::{HttpRequest, HttpResponse};
use bytes::Bytes;
use rust_embed::RustEmbed;
use sha2::{Digest, Sha256};

use crate::error::ApiError;

#[derive(RustEmbed)]
#[folder = "frontend/dist"]
// Vite's build manifest is for the bundle-size script, not for browsers.
#[exclude = ".vite/*"]
struct Dist;

/// What the server knows of the front end's routes (written by
/// `frontend/build/route-manifest.ts`): read by the server for its preloads, not served.
const ROUTE_MANIFEST: &str = "route-manifest.json";

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// Path prefixes that belong to the server: never answered with the SPA's `index.html`.
const SERVER_PREFIXES: [&str; 4] = ["/api", "/auth", "/assets", "/_demo"];

/// One representation of a file, with its own validator.
struct Variant {
    body: Bytes,
    etag: HeaderValue,
}

impl Variant {
    fn new(body: Bytes) -> Self {
        let digest = Sha256::digest(&body);
        Self::with_hash(body, &digest)
    }

    fn with_hash(body: Bytes, hash: &[u8]) -> Self {
        let etag = format!("\"{}\"", hex::encode(&hash[..16]));
        Self { body, etag: HeaderValue::from_str(&etag).expect("hex is a valid header") }
    }
}

struct Asset {
    content_type: HeaderValue,
    cache_control: HeaderValue,
    identity: Variant,
    gzip: Option<Variant>,
    brotli: Option<Variant>,
}

pub struct Assets {
    files: HashMap<String, Asset>,
}

/// A file added at start-up beside the build (the index with the brand, the brand's logo).
pub struct ExtraFile {
    pub path: String,
    pub content_type: String,
    pub body: Vec<u8>,
}

impl Assets {
    /// The build's `route-manifest.json`, absent from a build without the front end.
    pub fn route_manifest(&self) -> Option<Vec<u8>> {
        Dist::get(ROUTE_MANIFEST).map(|file| file.data.into_owned())
    }

    /// Indexes the embedded build. `index_head` is inserted before `</head>` of `index.html`
    /// (the brand settings as JSON); `extra` files are served beside the build.
    pub fn load(index_head: &str, extra: Vec<ExtraFile>) -> anyhow::Result<Self> {
        let mut files = HashMap::new();
        for name in Dist::iter() {
            if name.ends_with(".br")
                || name.ends_with(".gz")
                || name == "index.html"
                || name == ROUTE_MANIFEST
            {
                continue;
            }
            let file = Dist::get(&name).expect("listed file exists");
            let sibling = |suffix: &str| {
                Dist::get(&format!("{name}{suffix}"))
                    .map(|f| Variant::with_hash(static_bytes(f.data), &f.metadata.sha256_hash()))
            };
            files.insert(
                format!("/{name}"),
                Asset {
                    content_type: content_type(file.metadata.mimetype()),
                    cache_control: HeaderValue::from_static(if name.starts_with("assets/") {
                        IMMUTABLE
                    } else {
                        REVALIDATE
                    }),
                    gzip: sibling(".gz"),
                    brotli: sibling(".br"),
                    identity: Variant::with_hash(static_bytes(file.data), &file.metadata.sha256_hash()),
                },
            );
        }
        let index = Dist::get("index.html").ok_or_else(|| {
            anyhow::anyhow!(
                "the embedded front-end build has no index.html; rebuild without ESPACE_ASSURE_SKIP_FRONTEND"
            )
        })?;
        let index = String::from_utf8(index.data.into_owned())?;
        let Some(head_end) = index.find("</head>") else {
            anyhow::bail!("the embedded index.html has no </head>");
        };
        let branded = format!("{}{index_head}{}", &index[..head_end], &index[head_end..]);
        let extra = std::iter::once(ExtraFile {
            path: "/index.html".into(),
            content_type: "text/html; charset=utf-8".into(),
            body: branded.into_bytes(),
        })
        .chain(extra);
        for file in extra {
            files.insert(file.path, Asset::compressed_at_start(&file.content_type, file.body)?);
        }
        Ok(Self { files })
    }
}

impl Asset {
    fn compressed_at_start(content_type: &str, body: Vec<u8>) -> anyhow::Result<Self> {
        let compressible = is_compressible(content_type);
        let gzip = compressible.then(|| gzip(&body)).transpose()?;
        let brotli = compressible.then(|| brotli(&body)).transpose()?;
        Ok(Self {
            content_type: HeaderValue::from_str(content_type)?,
            cache_control: HeaderValue::from_static(REVALIDATE),
            identity: Variant::new(Bytes::from(body)),
            gzip: gzip.map(|b| Variant::new(Bytes::from(b))),
            brotli: brotli.map(|b| Variant::new(Bytes::from(b))),
        })
    }
}

fn is_compressible(content_type: &str) -> bool {
    content_type.starts_with("text/")
        || ["javascript", "json", "svg", "xml", "wasm"].iter().any(|t| content_type.contains(t))
}

fn gzip(body: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(body)?;
    encoder.finish()
}

fn brotli(body: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams { quality: 11, ..Default::default() };
    brotli::BrotliCompress(&mut &body[..], &mut out, &params)?;
    Ok(out)
}

fn static_bytes(data: Cow<'static, [u8]>) -> Bytes {
    match data {
        Cow::Borrowed(slice) => Bytes::from_static(slice),
        Cow::Owned(vec) => Bytes::from(vec),
    }
}

fn content_type(mime: &str) -> HeaderValue {
    let value = if mime.starts_with("text/") || mime.ends_with("javascript") {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_owned()
    };
    HeaderValue::from_str(&value).unwrap_or(HeaderValue::from_static("application/octet-stream"))
}

/// What the catch-all answered with.
#[derive(Debug, PartialEq, Eq)]
pub enum Served {
    /// A file of the build (or one added beside it).
    File,
    /// `index.html`, for one of the SPA's client routes.
    ClientRoute,
}

/// The file at the request's path, or `index.html` for a client route, or the error: the
/// catch-all service's answer (`pages::serve`).
pub fn answer(request: &HttpRequest, assets: &Assets) -> Result<(HttpResponse, Served), ApiError> {
    let path = request.path();
    let readable = matches!(*request.method(), Method::GET | Method::HEAD);
    let is_server_path = SERVER_PREFIXES
        .iter()
        .any(|prefix| path.strip_prefix(prefix).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')));
    let (asset, served) = match assets.files.get(path) {
        Some(asset) if readable => (asset, Served::File),
        Some(_) => return Err(ApiError::MethodNotAllowed),
        None if readable && !is_server_path && accepts_html(request) => {
            (assets.files.get("/index.html").expect("index is always indexed"), Served::ClientRoute)
        }
        None => return Err(ApiError::NotFound),
    };
    Ok((respond(request, asset), served))
}

fn respond(request: &HttpRequest, asset: &Asset) -> HttpResponse {
    let accepted = AcceptEncoding::parse(request).ok();
    // Server preference: the smallest representation the client accepts.
    let (variant, encoding) = match (&asset.brotli, &asset.gzip) {
        (Some(br), _) if accepts_encoding(accepted.as_ref(), Encoding::brotli()) => {
            (br, Some(ContentEncoding::Brotli))
        }
        (_, Some(gz)) if accepts_encoding(accepted.as_ref(), Encoding::gzip()) => {
            (gz, Some(ContentEncoding::Gzip))
        }
        _ => (&asset.identity, None),
    };
    let fresh = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| etag_matches(tags, &variant.etag));
    let mut response = if fresh { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    response
        .insert_header((header::CACHE_CONTROL, asset.cache_control.clone()))
        .insert_header((header::ETAG, variant.etag.clone()))
        .insert_header((header::VARY, HeaderValue::from_static("Accept-Encoding")));
    if fresh {
        return response.finish();
    }
    if let Some(encoding) = encoding {
        response.insert_header(encoding);
    }
    response.insert_header((header::CONTENT_TYPE, asset.content_type.clone())).body(variant.body.clone())
}

/// Whether `coding` is acceptable: named with a non-zero quality, or covered by `*`.
fn accepts_encoding(accepted: Option<&AcceptEncoding>, wanted: Encoding) -> bool {
    let Some(accepted) = accepted else { return false };
    let quality_of = |preference: &Preference<Encoding>| {
        accepted.iter().find(|item| &item.item == preference).map(|item| item.quality)
    };
    match quality_of(&Preference::Specific(wanted)) {
        Some(quality) => quality > header::Quality::ZERO,
        None => quality_of(&Preference::Any).is_some_and(|quality| quality > header::Quality::ZERO),
    }
}

/// Weak comparison of `If-None-Match` (RFC 9110 §13.1.2).
fn etag_matches(if_none_match: &str, etag: &HeaderValue) -> bool {
    let etag = etag.to_str().unwrap_or_default();
    if_none_match
        .split(',')
        .map(|tag| tag.trim())
        .any(|tag| tag == "*" || tag.trim_start_matches("W/") == etag)
}

fn accepts_html(request: &HttpRequest) -> bool {
    Accept::parse(request).is_ok_and(|accept| {
        accept.iter().any(|item| {
            let mime = &item.item;
            item.quality > header::Quality::ZERO
                && (mime.type_() == "*"
                    || (mime.type_() == "text" && (mime.subtype() == "html" || mime.subtype() == "*")))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn encodings(value: &str) -> Option<AcceptEncoding> {
        AcceptEncoding::parse(
            &TestRequest::default().insert_header(("Accept-Encoding", value)).to_http_request(),
        )
        .ok()
    }

    #[test]
    fn encodings_with_zero_quality_are_refused() {
        assert!(accepts_encoding(encodings("gzip, br").as_ref(), Encoding::brotli()));
        assert!(!accepts_encoding(encodings("gzip, br;q=0").as_ref(), Encoding::brotli()));
        assert!(accepts_encoding(encodings("*").as_ref(), Encoding::brotli()));
        assert!(!accepts_encoding(encodings("*, br;q=0").as_ref(), Encoding::brotli()));
        assert!(!accepts_encoding(encodings("identity").as_ref(), Encoding::gzip()));
        assert!(!accepts_encoding(None, Encoding::gzip()));
    }

    #[test]
    fn etags_compare_weakly_and_in_lists() {
        let etag = HeaderValue::from_static("\"abc\"");
        assert!(etag_matches("\"abc\"", &etag));
        assert!(etag_matches("W/\"abc\"", &etag));
        assert!(etag_matches("\"x\", \"abc\"", &etag));
        assert!(etag_matches("*", &etag));
        assert!(!etag_matches("\"abd\"", &etag));
    }

    #[test]
    fn html_is_accepted_by_browsers_and_wildcards_only() {
        let with = |accept: &str| {
            accepts_html(&TestRequest::default().insert_header(("Accept", accept)).to_http_request())
        };
        assert!(with("text/html,application/xhtml+xml,*/*;q=0.8"));
        assert!(with("*/*"));
        assert!(!with("application/json"));
        assert!(!with("image/avif,image/webp"));
        assert!(!with("text/html;q=0"));
    }

    #[test]
    fn text_and_scripts_are_compressible_images_are_not() {
        assert!(is_compressible("text/html; charset=utf-8"));
        assert!(is_compressible("image/svg+xml"));
        assert!(is_compressible("application/json"));
        assert!(!is_compressible("image/png"));
    }
}
