//! `[outbound]`: the proxy that the portal's calls to `https://` upstreams go through.

use std::path::PathBuf;

use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

use super::problems::Problems;

/// One rule for every outbound HTTP client (the provider, the member API, the content
/// service, the captcha): `https://` destinations go through `proxy` (a CONNECT tunnel), but
/// those of `no_proxy`; plain `http://` ones, which stay inside the network, never do. The
/// `HTTPS_PROXY` and `NO_PROXY` environment variables are not read: a proxy set on the machine
/// for its package manager does not reroute the portal.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OutboundSettings {
    /// `http://[user:password@]proxy.mutuelle.internal:3128`; may hold a password.
    pub proxy: Option<SecretString>,
    /// A file holding `proxy`.
    pub proxy_file: Option<PathBuf>,
    /// Destinations reached directly: host names (each with its subdomains), addresses and
    /// networks (`10.0.0.0/8`), as curl's `NO_PROXY`; `*` for all.
    pub no_proxy: Vec<String>,
}

impl OutboundSettings {
    /// The proxy's URL, once checked.
    pub fn proxy_url(&self) -> Option<&str> {
        self.proxy.as_ref().map(ExposeSecret::expose_secret)
    }

    /// `no_proxy` as the comma-separated list the clients read.
    pub fn no_proxy_list(&self) -> String {
        self.no_proxy.join(",")
    }

    pub(super) fn validate(&self, problems: &mut Problems) {
        if let Some(entry) = self.no_proxy.iter().find(|entry| entry.contains(',') || entry.trim().is_empty())
        {
            problems.add("outbound.no_proxy", format!("\"{entry}\": one host, address or network per entry"));
        }
        let Some(proxy) = self.proxy_url() else { return };
        match url::Url::parse(proxy) {
            Ok(url) if url.scheme() == "http" && url.host().is_some() && url.path() == "/" => {}
            // The URL may hold a password: never repeated in the message.
            _ => problems.add("outbound.proxy", "must be http://[user:password@]host:port"),
        }
    }
}
