//! espace-assure: the self-service portal of a mutual health insurer's members, as one
//! executable. `Application::build` binds the listener first, so tests can ask for port 0.

pub mod assets;
pub mod auth;
pub mod brand;
pub mod cms;
pub mod config;
#[cfg(feature = "demo")]
pub mod demo;
pub mod error;
pub mod health;
pub mod home;
pub mod mail;
pub mod member_api;
pub mod metrics;
pub mod proxy;
pub mod resiliation;
pub mod security;
pub mod session;
pub mod state;
pub mod telemetry;

use std::net::TcpListener;
use std::time::Duration;

use actix_web::dev::Server;
use actix_web::middleware::{ErrorHandlers, from_fn};
use actix_web::{App, HttpServer, web};
use secrecy::ExposeSecret;
use url::Url;

use crate::assets::Assets;
use crate::config::Settings;
use crate::state::{AppState, Endpoints};

pub struct Application {
    port: u16,
    public_url: Url,
    server: Server,
    /// `server.metrics_listen`'s port and server, when metrics have a listener of their own.
    metrics: Option<(u16, Server)>,
}

impl Application {
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        let listener = TcpListener::bind(settings.server.listen)?;
        let bound = listener.local_addr()?;
        let metrics_listener = settings.server.metrics_listen.map(TcpListener::bind).transpose()?;
        let endpoints = Endpoints::resolve(&settings, bound);
        // The portal's OIDC client and the embedded provider share this secret: set here,
        // before anything reads `settings.oidc`, and never logged.
        #[cfg(feature = "demo")]
        let settings = {
            let mut settings = settings;
            if settings.demo.idp_on() && settings.oidc.client_secret.is_none() {
                settings.oidc.client_secret = Some(demo::random_client_secret());
            }
            settings
        };
        let http = state::http_client(&settings)?;
        #[cfg(feature = "demo")]
        let demo = settings
            .demo
            .enabled
            .then(|| demo::Demo::open(&settings, &endpoints, http.clone()))
            .transpose()?;
        let assets = Assets::load(
            &brand::index_head(&settings.brand, &settings.accessibilite),
            brand::logo_file(&settings.brand)?.into_iter().collect(),
        )?;
        let metrics = metrics::Metrics::new();
        let content = cms::ContentCache::new(
            http.clone(),
            endpoints.cms_base.clone(),
            &settings.upstream.cms,
            metrics.registry(),
        )?;
        let member_api = member_api::MemberApiClient::new(
            http.clone(),
            endpoints.api_base.clone(),
            Duration::from_millis(settings.upstream.api.timeout_ms),
        );
        let mailer = mail::Mailer::new(&settings)?;
        let mail = if mailer.is_configured() {
            let queue = mail::queue::MailQueue::open(&settings.mail.effective_queue_dir(&settings.demo))?;
            tokio::spawn(queue.clone().work(std::sync::Arc::new(mailer)));
            Some(queue)
        } else {
            None
        };
        let state = web::Data::new(AppState {
            content,
            member_api,
            mail,
            auth: build_auth(&settings, &endpoints, http.clone()).await?,
            http,
            metrics,
            endpoints: endpoints.clone(),
            assets,
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
                Some((address.port(), metrics::dedicated_server(listener, state.clone(), shutdown)?))
            }
            None => None,
        };
        let metrics_access = metrics::Access::public(&state.settings);
        let server = HttpServer::new(move || {
            App::new()
                .app_data(state.clone())
                .app_data(web::JsonConfig::default().error_handler(|e, _| error::extractor_error(e)))
                .app_data(web::PathConfig::default().error_handler(|e, _| error::extractor_error(e)))
                .app_data(web::QueryConfig::default().error_handler(|e, _| error::extractor_error(e)))
                .wrap(from_fn(security::require_xsrf))
                .wrap(ErrorHandlers::new().default_handler(error::normalise_error_body))
                .wrap(security::headers(&state.endpoints.public_url, &state.endpoints.oidc_issuer))
                .wrap(from_fn(telemetry::observe_request))
                .configure(|_cfg| {
                    #[cfg(feature = "demo")]
                    if let Some(demo) = &demo {
                        demo.mount(_cfg);
                    }
                })
                .configure(|cfg| routes(cfg, metrics_access.clone()))
        })
        .workers(workers)
        // SIGTERM and Ctrl-C stop accepting, then in-flight requests get this long to finish.
        .shutdown_timeout(shutdown.as_secs())
        .listen(listener)?
        .run();
        Ok(Self { port: bound.port(), public_url: endpoints.public_url, server, metrics })
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

    /// Both listeners stop on SIGTERM or Ctrl-C; this returns once both have.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        match self.metrics {
            None => self.server.await,
            Some((_, metrics)) => {
                let (portal, metrics) = futures_util::future::join(self.server, metrics).await;
                portal.and(metrics)
            }
        }
    }
}

async fn build_auth(
    settings: &Settings,
    endpoints: &Endpoints,
    http: reqwest::Client,
) -> anyhow::Result<auth::Auth> {
    let idle_timeout = Duration::from_secs(settings.session.idle_timeout_secs);
    let sessions: std::sync::Arc<dyn session::SessionStore> = match settings.session.store {
        config::SessionStoreKind::Memory => std::sync::Arc::new(session::MemoryStore::new(
            idle_timeout,
            session::Capacity {
                sessions: settings.session.max_sessions,
                pending_logins: settings.session.max_pending_logins,
            },
        )),
        config::SessionStoreKind::Redis => {
            let url = settings.session.redis_url.as_ref().expect("validated with the configuration");
            std::sync::Arc::new(session::RedisStore::connect(url.expose_secret(), idle_timeout).await?)
        }
    };
    let secret = settings.oidc.client_secret.as_ref().expect("validated, or made for the demo");
    let redirect_url = endpoints.public_url.join("auth/callback").expect("static path");
    Ok(auth::Auth {
        provider: auth::provider::Provider::new(
            &endpoints.issuer_id,
            &settings.oidc,
            secret,
            &redirect_url,
            http,
        )?,
        sessions,
        cookies: auth::Cookies::new(endpoints.public_url.scheme() == "https"),
        xsrf: auth::XsrfKey::derive(secret),
        refresher: auth::Refresher::new(settings.session.max_sessions),
        public_url: endpoints.public_url.clone(),
        idle_timeout,
        max_lifetime: Duration::from_secs(settings.session.max_lifetime_secs),
        person_number_claim: settings.oidc.person_number_claim.clone(),
    })
}

fn routes(cfg: &mut web::ServiceConfig, metrics_access: metrics::Access) {
    // Resources (not bare routes) so that another method on these paths answers 405.
    cfg.service(web::resource("/healthz").get(health::healthz))
        .service(web::resource("/readyz").get(health::readyz))
        .service(metrics::resource(metrics_access))
        .configure(auth::routes)
        .configure(cms::routes)
        .service(web::resource("/api/home").get(home::home))
        // Every method, as on the other client routes: `assets::serve` answers or refuses.
        .route("/home", web::to(home::page))
        // Before the proxy's `/api` scope, which would otherwise take it.
        .configure(resiliation::routes)
        .configure(proxy::routes)
        // Registered last: every path nothing else took.
        .default_service(web::to(assets::serve));
}
