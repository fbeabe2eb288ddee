//! `[upstream]`: the member API and the content service.

use secrecy::ExposeSecret;
use std::path::PathBuf;

use secrecy::SecretString;
use serde::Deserialize;
use url::Url;

use super::demo::DemoSettings;
use super::problems::Problems;
use crate::tls::TlsFiles;

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct UpstreamSettings {
    pub api: ApiUpstream,
    pub cms: CmsUpstream,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ApiUpstream {
    pub base_url: Option<Url>,
    pub connect_timeout_ms: u64,
    pub timeout_ms: u64,
    /// Largest request body passed on (uploads), in bytes.
    pub max_body_bytes: u64,
    /// A PEM bundle of the authorities to trust besides the machine's and webpki's roots (a
    /// mutual's internal authority).
    pub ca_file: Option<PathBuf>,
    /// A client certificate (PEM, its chain after it) and its key, for mutual TLS.
    pub client_cert_file: Option<PathBuf>,
    pub client_key_file: Option<PathBuf>,
}

impl Default for ApiUpstream {
    fn default() -> Self {
        Self {
            base_url: None,
            connect_timeout_ms: 2_000,
            timeout_ms: 15_000,
            max_body_bytes: 10 * 1024 * 1024,
            ca_file: None,
            client_cert_file: None,
            client_key_file: None,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CmsUpstream {
    /// What the content service speaks: the flattened JSON of the demo's own, or Strapi 5.
    pub kind: CmsKind,
    pub base_url: Option<Url>,
    /// Strapi's read-only API token, sent as a bearer token (set it from the environment).
    pub api_token: Option<SecretString>,
    /// A file holding `api_token`.
    pub api_token_file: Option<PathBuf>,
    pub timeout_ms: u64,
    /// How long a cached answer is served without asking the content service again.
    pub cache_ttl_secs: u64,
    /// How old the last good answer may be to stand in while the content service fails.
    pub stale_if_error_secs: u64,
    /// Menu entries flagged `courtierChesneau` are for members whose broker contains this.
    pub broker_name: String,
    /// Most content answers kept at once (fresh and last good copies each).
    pub cache_max_entries: u64,
    /// A PEM bundle of the authorities to trust besides the machine's and webpki's roots.
    pub ca_file: Option<PathBuf>,
}

impl Default for CmsUpstream {
    fn default() -> Self {
        Self {
            kind: CmsKind::Portal,
            base_url: None,
            api_token: None,
            api_token_file: None,
            timeout_ms: 5_000,
            cache_ttl_secs: 300,
            stale_if_error_secs: 86_400,
            broker_name: "CHESNEAU".into(),
            cache_max_entries: 1_000,
            ca_file: None,
        }
    }
}

/// The content service's protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CmsKind {
    /// The content paths (docs/product/member-api.md#content-service) answering the flattened
    /// fields (`Id`, `Titre`, ...), as the embedded demo content service does.
    Portal,
    /// A Strapi 5 (or 4) REST API with the content model of `packaging/strapi/`.
    Strapi,
}

impl ApiUpstream {
    pub fn tls(&self) -> TlsFiles<'_> {
        TlsFiles {
            ca_file: self.ca_file.as_deref(),
            client_cert_file: self.client_cert_file.as_deref(),
            client_key_file: self.client_key_file.as_deref(),
        }
    }
}

impl CmsUpstream {
    pub fn tls(&self) -> TlsFiles<'_> {
        TlsFiles { ca_file: self.ca_file.as_deref(), ..TlsFiles::default() }
    }
}

impl UpstreamSettings {
    pub(super) fn validate(&self, demo: &DemoSettings, problems: &mut Problems) {
        problems.tls("upstream.api.", self.api.tls());
        problems.tls("upstream.cms.", self.cms.tls());
        problems.upstream("upstream.api.base_url", self.api.base_url.as_ref(), demo.api_on(), "demo.api");
        problems.upstream("upstream.cms.base_url", self.cms.base_url.as_ref(), demo.cms_on(), "demo.cms");
        problems.at_least_one("upstream.cms.cache_max_entries", self.cms.cache_max_entries);
        if self.cms.kind == CmsKind::Strapi {
            if demo.cms_on() {
                problems
                    .add("upstream.cms.kind", "\"strapi\" needs a Strapi: set demo.cms = false and base_url");
            }
            if self.cms.api_token.as_ref().is_none_or(|token| token.expose_secret().is_empty()) {
                problems.add("upstream.cms.api_token", "required when upstream.cms.kind = \"strapi\"");
            }
        }
        problems.at_least_one("upstream.api.connect_timeout_ms", self.api.connect_timeout_ms);
        problems.at_least_one("upstream.api.timeout_ms", self.api.timeout_ms);
        problems.at_least_one("upstream.cms.timeout_ms", self.cms.timeout_ms);
        problems.at_least_one("upstream.cms.cache_ttl_secs", self.cms.cache_ttl_secs);
    }
}
