//! The one place start-up meets demo mode: the embedded upstreams when the build carries them
//! (the `demo` feature, on by default) and `[demo]` switches them on; nothing in a partner's
//! build (`--no-default-features`).

use actix_web::web;

use crate::config::Settings;
use crate::state::Endpoints;

/// The embedded upstreams that are on, mounted under `/_demo` by every worker.
#[derive(Clone)]
pub struct Embedded {
    #[cfg(feature = "demo")]
    demo: Option<crate::demo::Demo>,
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
            settings.oidc.client_secret = Some(crate::demo::random_client_secret());
        }
        let demo = settings
            .demo
            .enabled
            .then(|| crate::demo::Demo::open(settings, endpoints, http.clone()))
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
}
