//! `/healthz` (the process answers), `/readyz` (this instance can serve), and the shared
//! upstreams' state in metrics.
//!
//! Readiness is this instance's own: started, configured, its session store reachable. It is
//! never the state of the upstreams every replica shares (the provider, the member API, the
//! content service): were it, one hiccup of the member API would take every replica out of
//! the load balancer at once, and a partial outage (sign-in works, content is served from its
//! stale copy) would become a total one. Their state is probed in the background and goes to
//! `upstream_up{upstream}` for alerts instead, beside the members' own calls to them
//! (`upstream_calls`).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use actix_web::{HttpResponse, web};
use anyhow::Context;
use prometheus::{IntGaugeVec, Opts, Registry};
use serde::Serialize;
use url::Url;

use crate::endpoints::Endpoints;
use crate::error::ErrorBody;
use crate::session::SessionStore;
use crate::state::AppState;

/// A probe that takes longer than this counts as unreachable.
const PROBE_TIMEOUT: Duration = Duration::from_secs(2);

/// Asks `/healthz` of the instance listening on `listen` (loopback when it listens on every
/// address): what `espace-assure healthcheck` runs inside a container.
pub async fn probe_own(listen: SocketAddr) -> anyhow::Result<()> {
    anyhow::ensure!(listen.port() != 0, "server.listen names no port: nothing to ask");
    let ip = match listen.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    let url = format!("http://{}/healthz", SocketAddr::new(ip, listen.port()));
    let client = reqwest::Client::builder().no_proxy().timeout(PROBE_TIMEOUT).build()?;
    let response = client.get(&url).send().await.with_context(|| format!("{url} does not answer"))?;
    anyhow::ensure!(response.status().is_success(), "{url} answers {}", response.status());
    Ok(())
}

pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(serde_json::json!({ "status": "ok" }))
}

#[derive(Serialize)]
struct Check {
    name: &'static str,
    ok: bool,
}

#[derive(Serialize)]
struct NotReady {
    #[serde(flatten)]
    error: ErrorBody,
    checks: Vec<Check>,
}

pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let store = ping(state.auth.sessions.as_ref()).await;
    let checks = vec![Check { name: "session_store", ok: store }];
    if store {
        HttpResponse::Ok()
            .insert_header(("Cache-Control", "no-store"))
            .json(serde_json::json!({ "status": "ready", "checks": checks }))
    } else {
        let status = actix_web::http::StatusCode::SERVICE_UNAVAILABLE;
        HttpResponse::build(status)
            .insert_header(("Cache-Control", "no-store"))
            .json(NotReady { error: ErrorBody::for_status(status), checks })
    }
}

async fn ping(store: &dyn SessionStore) -> bool {
    match tokio::time::timeout(PROBE_TIMEOUT, store.ping()).await {
        Ok(Ok(())) => true,
        Ok(Err(error)) => {
            tracing::warn!(error = %format!("{error:#}"), "the session store does not answer");
            false
        }
        Err(_) => {
            tracing::warn!("the session store did not answer in time");
            false
        }
    }
}

/// `upstream_up{upstream}`: 1 while the upstream answers its probe, 0 otherwise.
pub struct UpstreamGauge(IntGaugeVec);

impl UpstreamGauge {
    pub fn register(registry: &Registry) -> Self {
        let gauge = IntGaugeVec::new(
            Opts::new("upstream_up", "Whether a shared upstream answered its last probe (1) or not (0)"),
            &["upstream"],
        )
        .expect("valid metric");
        registry.register(Box::new(gauge.clone())).expect("unique metric");
        Self(gauge)
    }
}

/// The clients the upstreams are called with, each trusting what its upstream needs.
pub struct Probes {
    pub provider: reqwest::Client,
    pub member_api: reqwest::Client,
    pub content: reqwest::Client,
}

/// Probes the upstreams now and every `interval` (`server.upstream_probe_secs`; none when 0),
/// for as long as the runtime lives.
pub fn watch_upstreams(clients: Probes, endpoints: &Endpoints, gauge: UpstreamGauge, interval: Duration) {
    if interval.is_zero() {
        return;
    }
    let discovery =
        endpoints.oidc_issuer.join(".well-known/openid-configuration").expect("issuer ends with a slash");
    let probes = [
        ("identity_provider", clients.provider, discovery, true),
        ("member_api", clients.member_api, endpoints.api_base.clone(), false),
        ("content_service", clients.content, endpoints.cms_base.clone(), false),
    ];
    tokio::spawn(async move {
        let mut every = tokio::time::interval(interval);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let answers = futures_util::future::join_all(
                probes.iter().map(|(_, client, url, need_success)| probe(client, url.clone(), *need_success)),
            )
            .await;
            for ((name, ..), up) in probes.iter().zip(answers) {
                gauge.0.with_label_values(&[*name]).set(i64::from(up));
            }
        }
    });
}

/// Reachable means it answered: any status below 500 (an API without a token answers 401),
/// or exactly a success when `need_success` (the provider's discovery document).
async fn probe(client: &reqwest::Client, url: Url, need_success: bool) -> bool {
    match client.get(url.clone()).timeout(PROBE_TIMEOUT).send().await {
        Ok(answer) if need_success => answer.status().is_success(),
        Ok(answer) => !answer.status().is_server_error(),
        Err(error) => {
            tracing::warn!(%url, %error, "upstream probe failed");
            false
        }
    }
}
