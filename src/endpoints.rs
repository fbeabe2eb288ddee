//! Where the portal and its upstreams are, once the listening ports are known.

use std::net::SocketAddr;

use url::Url;

use crate::config::Settings;

/// Where the portal is and where its upstreams are, once the listening ports are known: in demo
/// mode the embedded provider lives on the portal's own port (browsers go there), the member
/// API and content service on the loopback listener the portal calls them on
/// (`embedded::bind_calls`).
#[derive(Debug, Clone)]
pub struct Endpoints {
    pub public_url: Url,
    /// The issuer identifier exactly as the provider states it (`iss`), without trailing slash.
    pub issuer_id: String,
    /// Always ends with `/`, so that `join` keeps the realm path of a Keycloak issuer.
    pub oidc_issuer: Url,
    /// `/api/{rest}` of the portal is forwarded to `{api_base}{rest}`.
    pub api_base: Url,
    /// `/api/strapi/{rest}` of the portal is read from `{cms_base}{rest}`.
    pub cms_base: Url,
}

impl Endpoints {
    /// `bound` is the portal's listener, `calls` the one it calls its embedded member API and
    /// content service on (the same, when it has none of its own).
    pub fn resolve(settings: &Settings, bound: SocketAddr, calls: SocketAddr) -> Self {
        let own_url = loopback_url(bound);
        let calls_url = loopback_url(calls);
        let public_url = settings.server.public_url.clone().unwrap_or(own_url);
        let embedded = |base: &Url, path: &str| base.join(path).expect("static path");
        // The issuer is seen by browsers too (the authorisation redirect): public URL.
        let oidc_issuer = match &settings.oidc.issuer {
            Some(issuer) => with_trailing_slash(issuer),
            None => embedded(&public_url, "_demo/idp/"),
        };
        let api_base = match &settings.upstream.api.base_url {
            Some(base) => with_trailing_slash(base),
            None => embedded(&calls_url, "_demo/api/"),
        };
        let cms_base = match &settings.upstream.cms.base_url {
            Some(base) => with_trailing_slash(base),
            None => embedded(&calls_url, "_demo/cms/"),
        };
        let issuer_id = oidc_issuer.as_str().trim_end_matches('/').to_owned();
        Self { public_url, issuer_id, oidc_issuer, api_base, cms_base }
    }
}

/// The address a listener is reached on from this host.
fn loopback_url(bound: SocketAddr) -> Url {
    let host = match bound.ip() {
        ip if ip.is_unspecified() => "127.0.0.1".to_owned(),
        ip if ip.is_ipv6() => format!("[{ip}]"),
        ip => ip.to_string(),
    };
    Url::parse(&format!("http://{host}:{}/", bound.port())).expect("valid URL")
}

fn with_trailing_slash(url: &Url) -> Url {
    let mut url = url.clone();
    if !url.path().ends_with('/') {
        url.set_path(&format!("{}/", url.path()));
    }
    url
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_provider_lives_on_the_bound_port_and_what_the_portal_calls_on_its_own() {
        let settings = Settings {
            demo: crate::config::DemoSettings { enabled: true, ..Default::default() },
            ..Default::default()
        };
        let endpoints =
            Endpoints::resolve(&settings, "0.0.0.0:4321".parse().unwrap(), "127.0.0.1:4999".parse().unwrap());
        assert_eq!(endpoints.public_url.as_str(), "http://127.0.0.1:4321/");
        assert_eq!(endpoints.oidc_issuer.as_str(), "http://127.0.0.1:4321/_demo/idp/");
        assert_eq!(endpoints.issuer_id, "http://127.0.0.1:4321/_demo/idp");
        assert_eq!(endpoints.api_base.as_str(), "http://127.0.0.1:4999/_demo/api/");
        assert_eq!(endpoints.cms_base.as_str(), "http://127.0.0.1:4999/_demo/cms/");
    }

    #[test]
    fn a_keycloak_realm_path_is_kept_when_joining() {
        let mut settings = Settings::default();
        settings.oidc.issuer = Some(Url::parse("https://sso.example.org/realms/mutuelle").unwrap());
        let bound = "127.0.0.1:80".parse().unwrap();
        let endpoints = Endpoints::resolve(&settings, bound, bound);
        assert_eq!(
            endpoints.oidc_issuer.join(".well-known/openid-configuration").unwrap().as_str(),
            "https://sso.example.org/realms/mutuelle/.well-known/openid-configuration"
        );
    }
}
