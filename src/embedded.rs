//! The one place start-up meets demo mode: the embedded upstreams of the `demo/` crate when the
//! build carries it (the `demo` feature, on by default) and `[demo]` switches them on; nothing
//! in a partner's build (`--no-default-features`).
//!
//! All of them are mounted under `/_demo` on the portal's listener, for browsers and for
//! whoever else calls them (a second instance, the conformance script). The portal itself calls
//! the member API and the content service on a loopback listener of their own, one worker
//! thread outside the portal's middleware, as it would call a partner's services. On the
//! portal's listener, each call queued behind the members' requests on the worker that served
//! it, and a home's five calls made the signed-in load's tail
//! (`docs/benchmarks.md#signed-in-load`).

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::web;

use crate::config::Settings;
use crate::endpoints::Endpoints;
use crate::state::AppState;

/// The embedded upstreams that are on, mounted under `/_demo` by every worker.
#[derive(Clone)]
pub struct Embedded {
    #[cfg(feature = "demo")]
    demo: Option<espace_assure_demo::Demo>,
}

impl Embedded {
    /// Opens the switched-on upstreams. The portal's OpenID client and the embedded provider
    /// share a secret made here, before anything reads `settings.oidc`, and never logged.
    #[cfg(feature = "demo")]
    pub fn open(
        settings: &mut Settings,
        endpoints: &Endpoints,
        http: &reqwest::Client,
    ) -> anyhow::Result<Self> {
        if settings.demo.idp_on() && settings.oidc.client_secret.is_none() {
            settings.oidc.client_secret = Some(espace_assure_demo::random_client_secret());
        }
        // The demo's member API pays online through the demo's stand-in of the provider, with
        // a shop key made here when the configuration names none.
        if settings.demo.api_on() {
            let paiement = &mut settings.paiement;
            paiement.url = Some(endpoints.public_url.join(espace_assure_demo::psp::PAGE)?);
            paiement.site_id = Some(espace_assure_demo::psp::SITE_ID.to_owned());
            paiement.key.get_or_insert_with(espace_assure_demo::random_client_secret);
        }
        // The card in the phone's wallet, signed with the demo's test material when the
        // configuration names no wallet of its own: iPhones and Google refuse what it signs,
        // and the pass says so (`espace_assure_demo::wallet_test`).
        if settings.demo.enabled {
            fill_wallet(settings)?;
        }
        let demo = settings
            .demo
            .enabled
            .then(|| espace_assure_demo::Demo::open(&demo_settings(settings, endpoints), http.clone()))
            .transpose()?;
        Ok(Self { demo })
    }

    /// A partner's build has nothing to open: its configuration names real upstreams
    /// (`check-config` refuses `[demo]` there).
    #[cfg(not(feature = "demo"))]
    pub fn open(_: &mut Settings, _: &Endpoints, _: &reqwest::Client) -> anyhow::Result<Self> {
        Ok(Self {})
    }

    pub fn mount(&self, _cfg: &mut web::ServiceConfig) {
        #[cfg(feature = "demo")]
        if let Some(demo) = &self.demo {
            demo.mount(_cfg);
        }
    }

    /// Serves the member API and the content service on `listener` (from [`bind_calls`]). Only
    /// the request span is kept of the portal's middleware, so that a trace follows the
    /// portal's call into them. Signals do not stop it: the portal does, once its own listener
    /// has served its last request (`Application::run_until_stopped`).
    #[cfg(feature = "demo")]
    pub fn serve_calls(
        &self,
        listener: Option<TcpListener>,
        state: &web::Data<AppState>,
    ) -> std::io::Result<Option<Server>> {
        let (Some(listener), Some(demo)) = (listener, self.demo.clone()) else {
            return Ok(None);
        };
        let trusted_proxies = state.trusted_proxies.clone();
        let shutdown = state.settings.server.shutdown_timeout_secs;
        let server = actix_web::HttpServer::new(move || {
            actix_web::App::new()
                .app_data(trusted_proxies.clone())
                .wrap_fn(crate::telemetry::spanned)
                .configure(|cfg| demo.mount_called_by_portal(cfg))
        })
        .workers(1)
        .disable_signals()
        .tcp_nodelay(true)
        .shutdown_timeout(shutdown)
        .listen(listener)?
        .run();
        Ok(Some(server))
    }

    #[cfg(not(feature = "demo"))]
    pub fn serve_calls(
        &self,
        _: Option<TcpListener>,
        _: &web::Data<AppState>,
    ) -> std::io::Result<Option<Server>> {
        Ok(None)
    }
}

/// `[wallet]`'s parts the configuration leaves out, filled with the demo's test material.
#[cfg(feature = "demo")]
fn fill_wallet(settings: &mut Settings) -> anyhow::Result<()> {
    use espace_assure_demo::wallet_test::{self, TestWallet};

    let wallet = &mut settings.wallet;
    if wallet.apple.is_set() && wallet.google.is_set() {
        return Ok(());
    }
    let material = TestWallet::load_or_create(&settings.demo.data_dir)?;
    if !wallet.apple.is_set() {
        wallet.apple = crate::config::AppleWalletSettings {
            pass_type_identifier: Some(wallet_test::PASS_TYPE_IDENTIFIER.to_owned()),
            team_identifier: Some(wallet_test::TEAM_IDENTIFIER.to_owned()),
            certificate_file: Some(material.pass_certificate),
            key_file: Some(material.pass_key),
            wwdr_certificate_file: Some(material.authority),
            test_material: true,
        };
    }
    if !wallet.google.is_set() {
        wallet.google = crate::config::GoogleWalletSettings {
            issuer_id: Some(wallet_test::GOOGLE_ISSUER_ID.to_owned()),
            service_account_email: Some(wallet_test::GOOGLE_SERVICE_ACCOUNT.to_owned()),
            key_file: Some(material.google_key),
            class_suffix: Some(wallet_test::GOOGLE_CLASS_SUFFIX.to_owned()),
            test_material: true,
        };
    }
    Ok(())
}

/// The loopback listener the portal calls its embedded member API and content service on,
/// when either is on.
pub fn bind_calls(settings: &Settings) -> std::io::Result<Option<TcpListener>> {
    let on = cfg!(feature = "demo") && (settings.demo.api_on() || settings.demo.cms_on());
    on.then(|| TcpListener::bind((std::net::Ipv4Addr::LOCALHOST, 0))).transpose()
}

/// The keys the portal publishes for `private_key_jwt`, which the demo provider then takes
/// (as Keycloak reads them from the « JWKS URL »).
#[cfg(feature = "demo")]
fn published_keys(settings: &Settings) -> Option<jsonwebtoken::jwk::JwkSet> {
    use secrecy::ExposeSecret as _;
    let oidc = &settings.oidc;
    let pem = oidc
        .client_assertion_key
        .as_ref()
        .filter(|_| oidc.client_auth == crate::config::ClientAuth::PrivateKeyJwt)?;
    crate::client_assertion::AssertionKeys::new(
        pem.expose_secret(),
        &oidc.client_assertion_published_key_files,
    )
    .ok()
    .map(|keys| keys.jwks().clone())
}

/// What the embedded upstreams are told of the portal's configuration and addresses.
#[cfg(feature = "demo")]
fn demo_settings(settings: &Settings, endpoints: &Endpoints) -> espace_assure_demo::Settings {
    use std::time::Duration;

    use crate::config::MailTransport;

    let demo = &settings.demo;
    espace_assure_demo::Settings {
        data_dir: demo.data_dir.clone(),
        idp: demo.idp_on(),
        api: demo.api_on(),
        cms: demo.cms_on(),
        public_url: endpoints.public_url.clone(),
        oidc_issuer: endpoints.oidc_issuer.clone(),
        client_id: settings.oidc.client_id.clone(),
        client_secret: settings.oidc.client_secret.clone(),
        client_keys: published_keys(settings),
        person_number_claim: settings.oidc.person_number_claim.clone(),
        access_token_ttl: Duration::from_secs(demo.access_token_ttl_secs),
        refresh_token_ttl: Duration::from_secs(demo.refresh_token_ttl_secs),
        max_upload_bytes: demo.max_upload_bytes,
        upload_quota_files: demo.upload_quota_files,
        upload_quota_bytes: demo.upload_quota_bytes,
        unattached_upload_ttl_hours: demo.unattached_upload_ttl_hours,
        api_latency: Duration::from_millis(demo.api_latency_ms),
        api_latency_jitter: Duration::from_millis(demo.api_latency_jitter_ms),
        mutuelle: settings.brand.name.clone(),
        outbox_dir: (settings.mail.effective_transport(demo) == MailTransport::Outbox)
            .then(|| settings.mail.effective_outbox_dir(demo)),
        mail_from: settings.mail.from.clone(),
        boutique: match (&settings.paiement.site_id, &settings.paiement.key) {
            (Some(site_id), Some(cle)) if demo.api_on() => Some(espace_assure_demo::Boutique {
                site_id: site_id.clone(),
                cle: cle.clone(),
                mode: settings.paiement.mode.vads().to_owned(),
            }),
            _ => None,
        },
    }
}
