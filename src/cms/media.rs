//! The images a Strapi stores itself (its local upload provider, `/uploads/name_hash.png`),
//! served by the portal at `/api/strapi/uploads/…`: browsers may not reach the Strapi, and the
//! Content-Security-Policy lets images come only from here or https. Kept in a cache bounded
//! by bytes, since Strapi names each upload with a hash and never changes it in place.
//!
//! Only the image types of `ALLOWED` are relayed, and only when the type Strapi declares (its
//! media type parsed whole: `image/png, text/html` is not one) is the type the bytes are
//! (read by `infer`; an SVG is text whose root element is `svg`). The portal writes the
//! `Content-Type` itself from that list. A name Strapi does not have is remembered as missing
//! for a minute, so that made-up names, asked without signing in, do not each reach Strapi.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use futures_util::StreamExt;
use moka::future::Cache;

use super::source::{FetchError, HttpSource};

/// An illustration larger than this is not one: refused rather than relayed.
pub const MAX_MEDIA_BYTES: usize = 2 * 1024 * 1024;
/// All cached images together.
const CACHE_BYTES: u64 = 32 * 1024 * 1024;
/// How long, and how many, names found missing are remembered.
const MISS_TTL: Duration = Duration::from_secs(60);
const MAX_MISSES: u64 = 10_000;

/// The image types relayed, as the portal writes them.
const ALLOWED: [&str; 6] =
    ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/svg+xml"];

#[derive(Debug)]
pub struct Media {
    /// One of `ALLOWED`.
    pub content_type: &'static str,
    pub bytes: Bytes,
}

pub struct MediaCache {
    cache: Cache<String, Arc<Media>>,
    misses: Cache<String, ()>,
    http: HttpSource,
}

/// The allowed type `declared` names, if it names one (parameters such as a charset aside).
fn allowed(declared: &str) -> Option<&'static str> {
    let parsed: mime::Mime = declared.trim().parse().ok()?;
    let essence = parsed.essence_str();
    ALLOWED.into_iter().find(|allowed| allowed.eq_ignore_ascii_case(essence))
}

/// The type `bytes` are, if one of `ALLOWED`.
fn sniffed(bytes: &[u8]) -> Option<&'static str> {
    // infer names an SVG with an XML declaration `text/xml`: the text is read for it then.
    let binary =
        infer::get(bytes).and_then(|kind| ALLOWED.into_iter().find(|allowed| *allowed == kind.mime_type()));
    binary.or_else(|| is_svg(bytes).then_some("image/svg+xml"))
}

/// UTF-8 text whose first element, past an XML declaration, comments and a doctype, is `<svg`.
fn is_svg(bytes: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else { return false };
    let mut rest = text.trim_start_matches('\u{feff}').trim_start();
    loop {
        let skipped =
            [("<?", "?>"), ("<!--", "-->"), ("<!DOCTYPE", ">")].into_iter().find_map(|(open, close)| {
                rest.strip_prefix(open)
                    .and_then(|after| after.split_once(close))
                    .map(|(_, after)| after.trim_start())
            });
        match skipped {
            Some(after) => rest = after,
            None => break,
        }
    }
    rest.strip_prefix("<svg").is_some_and(|after| after.starts_with(|c: char| c.is_whitespace() || c == '>'))
}

impl MediaCache {
    pub fn new(http: HttpSource, ttl: Duration) -> Self {
        let cache = Cache::builder()
            .weigher(|_, media: &Arc<Media>| u32::try_from(media.bytes.len()).unwrap_or(u32::MAX))
            .max_capacity(CACHE_BYTES)
            .time_to_live(ttl)
            .build();
        let misses = Cache::builder().max_capacity(MAX_MISSES).time_to_live(MISS_TTL).build();
        Self { cache, misses, http }
    }

    /// The upload named `name` (checked by the caller); `None` when Strapi has none.
    pub async fn get(&self, name: &str) -> Result<Option<Arc<Media>>, FetchError> {
        if self.misses.contains_key(name) {
            return Ok(None);
        }
        let fetched = self
            .cache
            .try_get_with(name.to_owned(), async {
                match self.fetch(name).await {
                    Ok(Some(media)) => Ok(Arc::new(media)),
                    Ok(None) => Err(None),
                    Err(error) => Err(Some(error)),
                }
            })
            .await;
        match fetched {
            Ok(media) => Ok(Some(media)),
            Err(error) => match Arc::unwrap_or_clone(error) {
                // Missing for a minute only: it may be uploaded the next.
                None => {
                    self.misses.insert(name.to_owned(), ()).await;
                    Ok(None)
                }
                Some(error) => Err(error),
            },
        }
    }

    async fn fetch(&self, name: &str) -> Result<Option<Media>, FetchError> {
        let url = self.http.url(&format!("uploads/{name}"))?;
        let Some(answer) = self.http.get(url).await? else { return Ok(None) };
        let declared = answer
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .and_then(allowed);
        let Some(content_type) = declared else {
            return Err(FetchError::Failed(format!("uploads/{name}: not an allowed image type")));
        };
        let mut bytes = Vec::new();
        let mut body = answer.bytes_stream();
        while let Some(chunk) = body.next().await {
            bytes.extend_from_slice(&chunk.map_err(|e| FetchError::Failed(e.to_string()))?);
            if bytes.len() > MAX_MEDIA_BYTES {
                return Err(FetchError::Failed(format!("uploads/{name}: over {MAX_MEDIA_BYTES} bytes")));
            }
        }
        if sniffed(&bytes) != Some(content_type) {
            return Err(FetchError::Failed(format!("uploads/{name}: its bytes are not {content_type}")));
        }
        Ok(Some(Media { content_type, bytes: bytes.into() }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

    #[test]
    fn only_a_whole_allowed_media_type_is_accepted() {
        assert_eq!(allowed("image/png"), Some("image/png"));
        assert_eq!(allowed("IMAGE/PNG; charset=binary"), Some("image/png"));
        assert_eq!(allowed("image/svg+xml"), Some("image/svg+xml"));
        for refused in ["image/png, text/html", "text/html", "image/x-icon", "image/", "image/pngx", ""] {
            assert_eq!(allowed(refused), None, "{refused}");
        }
    }

    #[test]
    fn the_bytes_must_be_the_declared_image() {
        assert_eq!(sniffed(PNG), Some("image/png"));
        assert_eq!(sniffed(b"\xff\xd8\xff\xe0\0\x10JFIF\0"), Some("image/jpeg"));
        assert_eq!(sniffed(b"GIF89a\x01\0\x01\0"), Some("image/gif"));
        let svg = b"<?xml version=\"1.0\"?>\n<!-- logo -->\n<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>";
        assert_eq!(sniffed(svg), Some("image/svg+xml"));
        for refused in [&b"<html><body>hello</body></html>"[..], b"<svgx>", b"%PDF-1.7", b"", b"plain text"] {
            assert_eq!(sniffed(refused), None, "{}", String::from_utf8_lossy(refused));
        }
    }
}
