//! The one-command demo's upstreams: an OpenID provider, a member API and a content service,
//! mounted under `/_demo` of the server that opens them. The portal reaches them over HTTP
//! through its production clients; its `embedded.rs` is the only code that knows this crate,
//! which knows nothing of the portal: what it needs is [`Settings`].

mod back_office;
pub mod content;
mod dpop;
pub mod member_api;
pub mod outbox;
pub mod personas;
pub mod provider;
pub mod psp;
mod random;
mod settings;
mod telechargement;
pub mod wallet_test;

use std::path::Path;

use actix_web::web;
use anyhow::Context;

pub use self::random::random_client_secret;
pub use self::settings::{Boutique, Settings};

/// The embedded upstreams that `[demo]` switches on, opened once and shared by every worker.
#[derive(Clone)]
pub struct Demo {
    idp: Option<web::Data<provider::Idp>>,
    api: Option<member_api::MemberApi>,
    /// On with the member API, whose database it writes to.
    back_office: Option<web::Data<back_office::BackOffice>>,
    cms: Option<web::Data<content::Cms>>,
    outbox: Option<web::Data<outbox::Outbox>>,
    /// On with the member API, whose shop it serves.
    psp: Option<web::Data<psp::Psp>>,
}

impl Demo {
    /// Opens what each switched-on upstream needs, creating the data folder when missing.
    pub fn open(settings: &Settings, http: reqwest::Client) -> anyhow::Result<Self> {
        let demo = settings;
        create_private_dir(&demo.data_dir)
            .with_context(|| format!("cannot create the demo data folder {}", demo.data_dir.display()))?;
        let idp = if demo.idp {
            let client = provider::ClientRegistration::for_portal(settings)?;
            let config = provider::IdpConfig::new(settings, client);
            Some(web::Data::new(provider::Idp::open(config, &demo.data_dir)?))
        } else {
            None
        };
        let api = if demo.api { Some(member_api::MemberApi::open(settings, http.clone())?) } else { None };
        if let Some(api) = &api {
            api.spawn_upkeep();
            api.spawn_mail_queue();
        }
        let back_office = api
            .as_ref()
            .map(|api| back_office::BackOffice::open(settings, api).map(web::Data::new))
            .transpose()?;
        let cms = if demo.cms { Some(web::Data::new(content::Cms::load()?)) } else { None };
        let psp = api
            .as_ref()
            .and(demo.boutique.clone())
            .map(|boutique| web::Data::new(psp::Psp::new(boutique, http.clone(), demo.mutuelle.clone())));
        let mounted: Vec<&str> = [
            (demo.idp, "identity provider (/_demo/idp)"),
            (
                demo.api,
                "member API (/_demo/api), its back office (/_demo/back-office) and payment page (/_demo/psp)",
            ),
            (demo.cms, "content service (/_demo/cms)"),
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
        let outbox = settings.outbox_dir.clone().map(|dir| web::Data::new(outbox::Outbox(dir)));
        Ok(Self { idp, api, back_office, cms, outbox, psp })
    }

    /// Registers the switched-on upstreams; called before the asset catch-all.
    pub fn mount(&self, cfg: &mut web::ServiceConfig) {
        if let Some(idp) = &self.idp {
            cfg.service(provider::scope(idp.clone()));
        }
        self.mount_called_by_portal(cfg);
        if let Some(api) = &self.api {
            cfg.service(api.desabonnement());
        }
        if let Some(back_office) = &self.back_office {
            cfg.service(back_office::scope(back_office.clone()));
        }
        if let Some(outbox) = &self.outbox {
            cfg.service(outbox::resource(outbox.clone()));
        }
        if let Some(psp) = &self.psp {
            cfg.service(psp::scope(psp.clone()));
        }
    }

    /// Registers what the portal alone calls, server to server: the member API and the content
    /// service, under the same paths as in [`Demo::mount`].
    pub fn mount_called_by_portal(&self, cfg: &mut web::ServiceConfig) {
        if let Some(api) = &self.api {
            api.configure(cfg);
        }
        if let Some(cms) = &self.cms {
            content::configure(cms.clone(), cfg);
        }
    }
}

/// The folder holds the provider's private key: readable by the portal's user only.
fn create_private_dir(path: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(path)
}
