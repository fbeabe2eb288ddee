//! The images a Strapi stores itself (its local upload provider, `/uploads/name_hash.png`),
//! served by the portal at `/api/strapi/uploads/…`: browsers may not reach the Strapi, and the
//! Content-Security-Policy lets images come only from here or https. Kept in a cache bounded
//! by bytes, since Strapi names each upload with a hash and never changes it in place.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use futures_util::StreamExt;
use moka::future::Cache;

use super::cache::{FetchError, HttpSource};

/// An illustration larger than this is not one: refused rather than relayed.
pub const MAX_MEDIA_BYTES: usize = 2 * 1024 * 1024;
/// All cached images together.
const CACHE_BYTES: u64 = 32 * 1024 * 1024;

#[derive(Debug)]
pub struct Media {
    pub content_type: String,
    pub bytes: Bytes,
}

pub struct MediaCache {
    cache: Cache<String, Arc<Media>>,
    http: HttpSource,
}

impl MediaCache {
    pub fn new(http: HttpSource, ttl: Duration) -> Self {
        let cache = Cache::builder()
            .weigher(|_, media: &Arc<Media>| u32::try_from(media.bytes.len()).unwrap_or(u32::MAX))
            .max_capacity(CACHE_BYTES)
            .time_to_live(ttl)
            .build();
        Self { cache, http }
    }

    /// The upload named `name` (checked by the caller); `None` when Strapi has none.
    pub async fn get(&self, name: &str) -> Result<Option<Arc<Media>>, FetchError> {
        // A missing upload is not cached: it may be uploaded the next minute.
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
                None => Ok(None),
                Some(error) => Err(error),
            },
        }
    }

    async fn fetch(&self, name: &str) -> Result<Option<Media>, FetchError> {
        let url = self.http.url(&format!("uploads/{name}"))?;
        let Some(answer) = self.http.get(url).await? else { return Ok(None) };
        let content_type = answer
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        if !content_type.starts_with("image/") {
            return Err(FetchError::Failed(format!("uploads/{name}: not an image ({content_type})")));
        }
        let mut bytes = Vec::new();
        let mut body = answer.bytes_stream();
        while let Some(chunk) = body.next().await {
            bytes.extend_from_slice(&chunk.map_err(|e| FetchError::Failed(e.to_string()))?);
            if bytes.len() > MAX_MEDIA_BYTES {
                return Err(FetchError::Failed(format!("uploads/{name}: over {MAX_MEDIA_BYTES} bytes")));
            }
        }
        Ok(Some(Media { content_type, bytes: bytes.into() }))
    }
}
