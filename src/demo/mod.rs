//! Demo mode: embedded upstreams (an OpenID provider, a member API, a content service) mounted
//! under `/_demo`. The portal reaches them over HTTP through its production clients; only the
//! start-up wiring in `lib.rs` knows they exist.

pub mod api;
pub mod cms;
pub mod idp;
pub mod outbox;
pub mod personas;

use std::path::Path;

use actix_web::web;
use anyhow::Context;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rsa::rand_core::{OsRng, RngCore};
use secrecy::SecretString;

use crate::config::Settings;
use crate::state::Endpoints;

/// The embedded upstreams that `[demo]` switches on, opened once and shared by every worker.
#[derive(Clone)]
pub struct Demo {
    idp: Option<web::Data<idp::Idp>>,
    api: Option<api::MemberApi>,
    cms: Option<web::Data<cms::Cms>>,
    outbox: Option<web::Data<outbox::Outbox>>,
}

impl Demo {
    /// Opens what each switched-on upstream needs, creating the data folder when missing.
    /// `settings.oidc.client_secret` must already be set when the provider is on.
    pub fn open(settings: &Settings, endpoints: &Endpoints, http: reqwest::Client) -> anyhow::Result<Self> {
        let demo = &settings.demo;
        create_private_dir(&demo.data_dir)
            .with_context(|| format!("cannot create the demo data folder {}", demo.data_dir.display()))?;
        let idp = if demo.idp_on() {
            let client = idp::ClientRegistration::for_portal(&settings.oidc, &endpoints.public_url)?;
            let config = idp::IdpConfig::new(settings, &endpoints.public_url, client);
            Some(web::Data::new(idp::Idp::open(config, &demo.data_dir)?))
        } else {
            None
        };
        let api = if demo.api_on() { Some(api::MemberApi::open(settings, endpoints, http)?) } else { None };
        if let Some(api) = &api {
            api.spawn_upload_cleanup();
        }
        let cms = if demo.cms_on() { Some(web::Data::new(cms::Cms::load()?)) } else { None };
        let mounted: Vec<&str> = [
            (demo.idp_on(), "identity provider (/_demo/idp)"),
            (demo.api_on(), "member API (/_demo/api)"),
            (demo.cms_on(), "content service (/_demo/cms)"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect();
        if !mounted.is_empty() {
            tracing::warn!(
                "DEMO MODE: embedded {} with fictitious members; never use with real members",
                mounted.join(", ")
            );
        }
        let outbox = (settings.mail.effective_transport(demo) == crate::config::MailTransport::Outbox)
            .then(|| web::Data::new(outbox::Outbox(settings.mail.effective_outbox_dir(demo))));
        Ok(Self { idp, api, cms, outbox })
    }

    /// Registers the switched-on upstreams; called before the asset catch-all.
    pub fn mount(&self, cfg: &mut web::ServiceConfig) {
        if let Some(idp) = &self.idp {
            cfg.service(idp::scope(idp.clone()));
        }
        if let Some(api) = &self.api {
            api.configure(cfg);
        }
        if let Some(cms) = &self.cms {
            cfg.service(cms::scope(cms.clone()));
        }
        if let Some(outbox) = &self.outbox {
            cfg.service(outbox::resource(outbox.clone()));
        }
    }
}

/// A fresh client secret shared by the portal's OIDC client and the embedded provider, when
/// the configuration names none: nothing to configure, and nothing guessable.
pub fn random_client_secret() -> SecretString {
    SecretString::from(random_token())
}

/// 256 random bits, base64url: codes, session ids, refresh tokens and secrets.
pub(crate) fn random_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The folder holds the provider's private key: readable by the portal's user only.
fn create_private_dir(path: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(path)
}
