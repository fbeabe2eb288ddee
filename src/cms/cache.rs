//! Content from the content service, through a moka cache: a fresh copy serves for `ttl`;
//! concurrent misses of one key make a single upstream call; when the content service fails or
//! times out, the last good copy (up to `stale_if_error` old) is served instead. Only found
//! content is a good copy: a 404 is cached as fresh, never kept to stand in later. Both
//! tables are bounded (`cache_max_entries`): identifiers come from anonymous requests.
//!
//! Freshness is read on the cache's clock (each copy remembers when it was fetched), so that it
//! can be tested without waiting; moka's own time-to-live only reclaims the memory.

use std::sync::Arc;
use std::time::{Duration, Instant};

use moka::future::Cache;
use prometheus::{IntCounterVec, Opts, Registry};

use serde_json::Value;
use tracing::Instrument;

use super::media::{Media, MediaCache};
use super::source::{Content, FetchError, HttpSource};
use super::strapi::Strapi;
use crate::clock::{self, Clock};
use crate::config::CmsKind;
use crate::error::ApiError;
use crate::upstream_calls::{Outcome, Upstream, UpstreamCalls};

/// A copy and when it was fetched.
#[derive(Clone)]
struct Fetched {
    content: Arc<Content>,
    at: Instant,
}

/// What the content service speaks (`upstream.cms.kind`).
enum Source {
    /// The content paths answer the flattened fields themselves (the demo's content service).
    Portal(HttpSource),
    Strapi(Strapi),
}

impl Source {
    async fn fetch(&self, path: &str) -> Result<Content, FetchError> {
        let content = match self {
            // Content calls carry no member's token (docs/product/member-api.md#content-service).
            Self::Portal(http) => match http.get_json(http.url(path)?, None).await? {
                Some(json) => Content::Found(json),
                None => Content::NotFound,
            },
            Self::Strapi(strapi) => strapi.fetch(path).await?,
        };
        Ok(match content {
            Content::Found(json) => Content::Found(super::sanitise::content(json)),
            Content::NotFound => Content::NotFound,
        })
    }
}

pub struct ContentCache {
    fresh: Cache<String, Fetched>,
    ttl: Duration,
    clock: Clock,
    last_good: Cache<String, Arc<Content>>,
    source: Source,
    /// Strapi's own uploads, served through the portal; none for the flattened format.
    media: Option<MediaCache>,
    lookups: IntCounterVec,
    recorded: UpstreamCalls,
    /// The brokerage whose members see the entries flagged `courtierChesneau`.
    broker_name: String,
}

impl ContentCache {
    pub fn new(
        http: reqwest::Client,
        base: url::Url,
        settings: &crate::config::CmsUpstream,
        registry: &Registry,
    ) -> anyhow::Result<Self> {
        Self::with_clock(http, base, settings, registry, clock::system())
    }

    pub fn with_clock(
        http: reqwest::Client,
        base: url::Url,
        settings: &crate::config::CmsUpstream,
        registry: &Registry,
        clock: Clock,
    ) -> anyhow::Result<Self> {
        let lookups = IntCounterVec::new(
            Opts::new(
                "cms_cache_lookups_total",
                "Content lookups by outcome: hit, miss (upstream call), stale",
            ),
            &["outcome"],
        )?;
        registry.register(Box::new(lookups.clone()))?;
        // moka's default admission policy keeps the frequently read pages when a flood of
        // made-up identifiers fills the table.
        let ttl = Duration::from_secs(settings.cache_ttl_secs);
        let http = HttpSource::new(http, base, Duration::from_millis(settings.timeout_ms));
        let mut media = None;
        let source = match (settings.kind, &settings.api_token) {
            (CmsKind::Strapi, Some(token)) => {
                media = Some(MediaCache::new(http.clone(), ttl));
                Source::Strapi(Strapi::new(http, token.clone()))
            }
            (CmsKind::Strapi, None) => anyhow::bail!("upstream.cms.api_token: required for Strapi"),
            (CmsKind::Portal, _) => Source::Portal(http),
        };
        Ok(Self {
            fresh: Cache::builder().time_to_live(ttl).max_capacity(settings.cache_max_entries).build(),
            ttl,
            clock,
            last_good: Cache::builder()
                .time_to_live(Duration::from_secs(settings.stale_if_error_secs))
                .max_capacity(settings.cache_max_entries)
                .build(),
            source,
            media,
            lookups,
            recorded: UpstreamCalls::detached(),
            broker_name: settings.broker_name.clone(),
        })
    }

    /// Times and counts its calls to the content service in `recorded`.
    pub fn recording(self, recorded: UpstreamCalls) -> Self {
        Self { recorded, ..self }
    }

    /// An image Strapi stores itself; `None` when there is no such upload (or no Strapi).
    pub async fn media(&self, name: &str) -> Result<Option<Arc<Media>>, ApiError> {
        let Some(media) = &self.media else { return Ok(None) };
        media.get(name).await.map_err(|error| ApiError::from(&error))
    }

    pub fn broker_name(&self) -> &str {
        &self.broker_name
    }

    /// The news banner: only the first answer is used
    /// (docs/product/member-api.md#content-service); `null` when there is none.
    pub async fn first_banner(&self) -> Result<serde_json::Value, ApiError> {
        let content = self.get("bandeau-nouveautes").await?;
        Ok(match &*content {
            Content::Found(Value::Array(banners)) => banners.first().cloned().unwrap_or(Value::Null),
            Content::Found(banner @ Value::Object(_)) => banner.clone(),
            _ => Value::Null,
        })
    }

    /// The content at `path` (relative to the content service's base URL).
    pub async fn get(&self, path: &str) -> Result<Arc<Content>, ApiError> {
        if let Some(fetched) = self.fresh.get(path).await {
            if (self.clock)().saturating_duration_since(fetched.at) < self.ttl {
                self.lookups.with_label_values(&["hit"]).inc();
                return Ok(fetched.content);
            }
            self.fresh.invalidate(path).await;
        }
        let fetched = self
            .fresh
            .try_get_with(path.to_owned(), async {
                self.lookups.with_label_values(&["miss"]).inc();
                let started = self.recorded.start(Upstream::ContentService, "content");
                let content = self.source.fetch(path).instrument(started.span().clone()).await;
                started.finish(match &content {
                    Ok(_) => Outcome::Answered,
                    Err(FetchError::Timeout) => Outcome::Timeout,
                    Err(_) => Outcome::Failed,
                });
                let content = content?;
                Ok::<_, FetchError>(Fetched { content: Arc::new(content), at: (self.clock)() })
            })
            .await;
        match fetched.map(|fetched| fetched.content) {
            Ok(content) => {
                if matches!(*content, Content::Found(_)) {
                    self.last_good.insert(path.to_owned(), content.clone()).await;
                }
                Ok(content)
            }
            Err(error) => match self.last_good.get(path).await {
                Some(content) => {
                    self.lookups.with_label_values(&["stale"]).inc();
                    tracing::warn!(%error, "content service failing; serving the last good copy");
                    Ok(content)
                }
                None => Err(ApiError::from(error.as_ref())),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use wiremock::matchers::path;
    use wiremock::{Mock, MockServer, ResponseTemplate};

    use super::*;
    use crate::clock::hand::HandClock;
    use crate::config::CmsUpstream;

    async fn cache(server: &MockServer, settings: CmsUpstream) -> ContentCache {
        cache_on(server, settings, &HandClock::new())
    }

    fn cache_on(server: &MockServer, settings: CmsUpstream, hand: &HandClock) -> ContentCache {
        let base = format!("{}/cms/", server.uri()).parse().unwrap();
        ContentCache::with_clock(reqwest::Client::new(), base, &settings, &Registry::new(), hand.clock())
            .unwrap()
    }

    #[tokio::test]
    async fn made_up_identifiers_cannot_grow_the_cache_past_its_bound() {
        let server = MockServer::start().await;
        Mock::given(path("/cms/menus/1"))
            .respond_with(ResponseTemplate::new(200).set_body_json(serde_json::json!({ "Id": 1 })))
            .mount(&server)
            .await;
        let cache = cache(&server, CmsUpstream { cache_max_entries: 20, ..Default::default() }).await;
        for id in 0..300 {
            cache.get(&format!("menus/x{id}")).await.unwrap();
        }
        cache.fresh.run_pending_tasks().await;
        cache.last_good.run_pending_tasks().await;
        assert!(cache.fresh.entry_count() <= 20, "{}", cache.fresh.entry_count());
        assert_eq!(cache.last_good.entry_count(), 0, "404s are never good copies");
    }

    #[tokio::test]
    async fn a_not_found_is_not_served_once_the_content_service_fails() {
        let server = MockServer::start().await;
        Mock::given(path("/cms/accueil"))
            .respond_with(ResponseTemplate::new(404))
            .up_to_n_times(1)
            .mount(&server)
            .await;
        Mock::given(path("/cms/accueil")).respond_with(ResponseTemplate::new(503)).mount(&server).await;
        let hand = HandClock::new();
        let cache = cache_on(&server, CmsUpstream { cache_ttl_secs: 60, ..Default::default() }, &hand);
        assert!(matches!(*cache.get("accueil").await.unwrap(), Content::NotFound));
        hand.advance(Duration::from_secs(60));
        assert!(matches!(cache.get("accueil").await, Err(ApiError::BadGateway(_))));
    }

    #[tokio::test]
    async fn a_fresh_copy_serves_for_its_ttl_then_the_last_good_one_stands_in_for_a_failure() {
        let server = MockServer::start().await;
        Mock::given(path("/cms/menus"))
            .respond_with(ResponseTemplate::new(200).set_body_json(serde_json::json!([{ "Id": 1 }])))
            .up_to_n_times(1)
            .mount(&server)
            .await;
        Mock::given(path("/cms/menus")).respond_with(ResponseTemplate::new(503)).mount(&server).await;
        let hand = HandClock::new();
        let cache = cache_on(&server, CmsUpstream { cache_ttl_secs: 60, ..Default::default() }, &hand);
        let found = |content: &Content| matches!(content, Content::Found(value) if value[0]["Id"] == 1);

        assert!(found(&cache.get("menus").await.unwrap()));
        hand.advance(Duration::from_secs(59));
        assert!(found(&cache.get("menus").await.unwrap()), "still fresh: no call made");
        assert_eq!(server.received_requests().await.unwrap().len(), 1);
        hand.advance(Duration::from_secs(1));
        assert!(found(&cache.get("menus").await.unwrap()), "the last good copy");
        assert_eq!(server.received_requests().await.unwrap().len(), 2);
        assert_eq!(cache.lookups.with_label_values(&["stale"]).get(), 1);
    }
}
