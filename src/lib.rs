//! espace-assure: the self-service portal of a mutual health insurer's members, as one
//! executable. `Application::build` binds the listener first, so tests can ask for port 0.

pub mod assets;
pub mod audit;
pub mod auth;
pub mod brand;
pub mod build_info;
pub mod captcha;
pub mod check_upstreams;
pub mod client_assertion;
pub mod clock;
pub mod cms;
mod compression;
pub mod config;
pub mod coordination;
pub mod derived_key;
pub mod device;
pub mod dpop;
mod edge;
mod embedded;
pub mod endpoints;
pub mod error;
pub mod health;
pub mod identifier;
pub mod limits;
pub mod mail;
pub mod member_api;
pub mod messages;
pub mod metrics;
mod outbound;
pub mod pages;
pub mod paiement;
pub mod proxy;
pub mod redis_connection;
pub mod request_id;
pub mod security;
pub mod security_txt;
pub mod session;
pub mod state;
pub mod stores;
pub mod telemetry;
pub mod tls;
pub mod trusted_proxies;
pub mod upstream_calls;
pub mod wallet;

use std::net::TcpListener;
use std::time::Duration;

use actix_web::dev::Server;
use actix_web::{App, HttpServer, web};
use url::Url;

use crate::assets::Assets;
use crate::config::Settings;
use crate::endpoints::Endpoints;
use crate::state::AppState;

pub struct Application {
    port: u16,
    public_url: Url,
    server: Server,
    /// `server.metrics_listen`'s port and server, when metrics have a listener of their own.
    metrics: Option<(u16, Server)>,
    /// The embedded upstreams the portal calls, in demo mode (`embedded::bind_calls`).
    calls: Option<Server>,
}

impl Application {
    pub async fn build(mut settings: Settings) -> anyhow::Result<Self> {
        let listener = TcpListener::bind(settings.server.listen)?;
        let bound = listener.local_addr()?;
        let metrics_listener = settings.server.metrics_listen.map(TcpListener::bind).transpose()?;
        let calls_listener = embedded::bind_calls(&settings)?;
        let calls = calls_listener.as_ref().map(TcpListener::local_addr).transpose()?;
        let endpoints = Endpoints::resolve(&settings, bound, calls.unwrap_or(bound));
        // One client per upstream, each with its own trust and identity (`tls`).
        let http = outbound::http_client(&settings, tls::TlsFiles::default())?;
        let provider_http = outbound::http_client(&settings, settings.oidc.tls())?;
        let cms_http = outbound::http_client(&settings, settings.upstream.cms.tls())?;
        let embedded = embedded::Embedded::open(&mut settings, &endpoints, &http)?;
        let messages = match &settings.brand.messages_file {
            Some(path) => messages::read(path)
                .map_err(|problems| anyhow::anyhow!("brand.messages_file: {}", problems.join("; ")))?,
            None => messages::Overrides::new(),
        };
        let assets = Assets::load(
            &brand::index_head(&settings, &messages),
            brand::logo_file(&settings.brand)?
                .into_iter()
                .chain([brand::manifest_file(&settings.brand), messages::catalogue_file(&messages)])
                .collect(),
        )?;
        let metrics = metrics::Metrics::new();
        let upstream_calls = upstream_calls::UpstreamCalls::register(metrics.registry());
        let bounds = limits::Bounds::new(&settings.limits, metrics.registry());
        health::watch_upstreams(
            health::Probes {
                provider: provider_http,
                member_api: outbound::http_client(&settings, settings.upstream.api.tls())?,
                content: cms_http.clone(),
            },
            &endpoints,
            health::UpstreamGauge::register(metrics.registry()),
            Duration::from_secs(settings.server.upstream_probe_secs),
        );
        let content = cms::ContentCache::new(
            cms_http,
            endpoints.cms_base.clone(),
            &settings.upstream.cms,
            metrics.registry(),
        )?
        .recording(upstream_calls.clone());
        let member_api = member_api::MemberApiClient::from_settings(&settings, &endpoints)?
            .recording(upstream_calls.clone());
        let secret = settings.derivation_secret();
        let stores = stores::Stores::open(&settings.session, secret).await?;
        let auth = auth::Auth::new(
            &settings,
            &endpoints,
            &stores,
            &bounds,
            audit::Audit::open(&settings.audit)?,
            upstream_calls,
            metrics.registry(),
        )?;
        session::export_count(stores.sessions.clone(), metrics.registry());
        let captcha = captcha::Captcha::new(
            &settings.captcha,
            secret,
            http,
            stores.coordination.clone(),
            bounds.creations(),
            metrics.registry(),
        );
        let paiements = web::Data::new(paiement::Paiements(paiement::Boutique::from_settings(
            &settings,
            &endpoints.public_url,
            stores.coordination.clone(),
        )));
        let wallets = web::Data::new(wallet::Wallets::from_settings(&settings, &endpoints.public_url)?);
        let state = web::Data::new(AppState {
            content: web::Data::new(content),
            member_api: web::Data::new(member_api),
            mail: start_mail_queue(&settings, metrics.registry())?,
            auth: web::Data::new(auth),
            captcha: web::Data::new(captcha),
            metrics: web::Data::new(metrics),
            endpoints: endpoints.clone(),
            trusted_proxies: web::Data::new(trusted_proxies::TrustedProxies(
                settings.server.trusted_proxies.clone(),
            )),
            page_links: web::Data::new(pages::PageLinks::new(&assets)),
            assets: web::Data::new(assets),
            settings,
        });
        let workers = state
            .settings
            .server
            .workers
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |cores| cores.get()));
        let shutdown = Duration::from_secs(state.settings.server.shutdown_timeout_secs);
        let metrics = match metrics_listener {
            Some(listener) => {
                let address = listener.local_addr()?;
                tracing::info!(%address, "metrics served on a listener of their own");
                let access = metrics::Access::dedicated(&state.settings);
                Some((
                    address.port(),
                    metrics::dedicated_server(listener, state.metrics.clone(), access, shutdown)?,
                ))
            }
            None => None,
        };
        let metrics_access = metrics::Access::public(&state.settings);
        let security_headers = security::headers(
            &state.endpoints.public_url,
            &state.endpoints.oidc_issuer,
            paiements.0.as_ref().map(|boutique| &boutique.page),
            state.settings.captcha.provider,
        );
        // The lines of the payments the home showed lately, shared by the workers.
        let payment_lines = web::Data::new(proxy::PaymentLines::default());
        // The archives of members' data being built, shared by the workers.
        let archives = web::Data::new(proxy::EnPreparation::default());
        let calls = embedded.serve_calls(calls_listener, &state)?;
        let server = HttpServer::new(move || {
            App::new()
                .configure(|cfg| state::register(&state, cfg))
                .app_data(payment_lines.clone())
                .app_data(archives.clone())
                .app_data(paiements.clone())
                .app_data(wallets.clone())
                .app_data(web::JsonConfig::default().error_handler(|e, _| error::extractor_error(e)))
                .app_data(web::PathConfig::default().error_handler(|e, _| error::extractor_error(e)))
                .app_data(web::QueryConfig::default().error_handler(|e, _| error::extractor_error(e)))
                .wrap(edge::Edge::new(state.auth.clone(), state.metrics.clone(), security_headers.clone()))
                .configure(|cfg| routes(cfg, &state.auth, &paiements, metrics_access.clone()))
                .configure(|cfg| embedded.mount(cfg))
        })
        .workers(workers)
        // An answer streamed from the member API leaves in two writes (its head, then its
        // body): with Nagle's algorithm the second waited for the first's acknowledgement,
        // which the client delays by up to 40 ms. That was the p99 of the signed-in load.
        .tcp_nodelay(true)
        // SIGTERM and Ctrl-C stop accepting, then in-flight requests get this long to finish.
        .shutdown_timeout(shutdown.as_secs())
        .listen(listener)?
        .run();
        Ok(Self { port: bound.port(), public_url: endpoints.public_url, server, metrics, calls })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The port of `server.metrics_listen`, when set.
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics.as_ref().map(|(port, _)| *port)
    }

    pub fn public_url(&self) -> &Url {
        &self.public_url
    }

    /// The portal's listener stops on SIGTERM or Ctrl-C, then the metrics listener (scraped
    /// during the drain) and the embedded upstreams it calls, which its last requests may still
    /// need; this returns once all have.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        use futures_util::future::{join, join_all};

        let (handles, others): (Vec<_>, Vec<_>) = self
            .metrics
            .map(|(_, server)| server)
            .into_iter()
            .chain(self.calls)
            .map(|server| (server.handle(), server))
            .unzip();
        let listeners = async {
            let portal = self.server.await;
            for handle in handles {
                handle.stop(true).await;
            }
            portal
        };
        let (stopped, others) = join(listeners, join_all(others)).await;
        others.into_iter().fold(stopped, std::io::Result::and)
    }
}

/// The queue of emails owed to members, and its worker, when a transport is configured.
fn start_mail_queue(
    settings: &Settings,
    registry: &prometheus::Registry,
) -> anyhow::Result<Option<mail::queue::MailQueue>> {
    let mailer = mail::Mailer::new(settings)?;
    if !mailer.is_configured() {
        return Ok(None);
    }
    let queue = mail::queue::MailQueue::open(&settings.mail.effective_queue_dir(&settings.demo))?
        .exporting(registry)?;
    tokio::spawn(queue.clone().work(std::sync::Arc::new(mailer)));
    Ok(Some(queue))
}

fn routes(
    cfg: &mut web::ServiceConfig,
    auth: &auth::Auth,
    paiements: &paiement::Paiements,
    metrics_access: metrics::Access,
) {
    // actix tries the routes in turn, for each request, then once more for the request span's
    // pattern: `/api` comes first, as most requests are a member's calls, and in it the
    // portal's own few routes (one scope counts as one) before the member API's forty calls.
    cfg.service(
        web::scope("/api")
            .configure(auth::api_routes)
            .configure(cms::routes)
            .configure(captcha::routes)
            .configure(wallet::routes)
            .configure(proxy::routes),
    )
    // Resources (not bare routes) so that another method on these paths answers 405.
    .service(web::resource("/healthz").get(health::healthz))
    .service(web::resource("/readyz").get(health::readyz))
    .service(metrics::resource(metrics_access))
    .service(web::resource(security_txt::PATH).get(security_txt::serve))
    .configure(|cfg| auth::routes(cfg, auth))
    .configure(|cfg| paiement::notification::routes(cfg, paiements))
    // Registered last: every path nothing else took (the demo's routes come after these).
    .default_service(web::to(pages::serve));
}
