//! `[server]`: where the portal listens and is reached, who may set the client's address, logs, workers and metrics.

use secrecy::ExposeSecret;
use std::net::IpAddr;
use std::net::SocketAddr;
use std::path::PathBuf;

use ipnet::IpNet;
use secrecy::SecretString;
use serde::Deserialize;
use serde::Deserializer;
use url::Url;

use super::problems::{Problems, is_loopback};

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ServerSettings {
    pub listen: SocketAddr,
    /// The address members type; derived from `listen` when absent (demo on loopback).
    pub public_url: Option<Url>,
    /// Reverse proxies whose `X-Request-Id` and `X-Forwarded-*` headers are believed.
    #[serde(deserialize_with = "deserialize_networks")]
    pub trusted_proxies: Vec<IpNet>,
    pub log_format: LogFormat,
    /// Worker threads; the number of cores when absent.
    pub workers: Option<usize>,
    /// Seconds in-flight requests get to finish after SIGTERM or Ctrl-C.
    pub shutdown_timeout_secs: u64,
    /// A second address, serving `/metrics` and nothing else (a private interface, say); the
    /// public listener then answers 404 there.
    pub metrics_listen: Option<SocketAddr>,
    /// A bearer token `/metrics` then asks for, wherever it is served.
    pub metrics_token: Option<SecretString>,
    /// A file holding `metrics_token` (see `secrets`).
    pub metrics_token_file: Option<PathBuf>,
    /// Seconds between two probes of the shared upstreams (`upstream_up`); 0: no probes.
    pub upstream_probe_secs: u64,
}

impl Default for ServerSettings {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            public_url: None,
            trusted_proxies: Vec::new(),
            log_format: LogFormat::Human,
            workers: None,
            shutdown_timeout_secs: 30,
            metrics_listen: None,
            metrics_token: None,
            metrics_token_file: None,
            upstream_probe_secs: 15,
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Human,
    Json,
}

impl ServerSettings {
    pub(super) fn validate(&self, problems: &mut Problems) {
        if let Some(url) = &self.public_url
            && (!matches!(url.scheme(), "http" | "https") || url.path() != "/")
        {
            problems.add("server.public_url", format!("expected an http(s) URL with no path, got \"{url}\""));
        }
        match &self.public_url {
            Some(url) if url.scheme() == "http" && !is_loopback(url) => problems.add(
                "server.public_url",
                format!("plain http is only allowed on loopback (a local demo); use https for \"{url}\""),
            ),
            None if !(self.listen.ip().is_loopback() || self.listen.ip().is_unspecified()) => {
                problems.add("server.public_url", "required when listening on a non-loopback address")
            }
            _ => {}
        }
        if self.workers == Some(0) {
            problems.add("server.workers", "must be at least 1");
        }
        if self.metrics_token.as_ref().is_some_and(|token| token.expose_secret().len() < 16) {
            problems.add("server.metrics_token", "at least 16 characters");
        }
        if self.metrics_listen == Some(self.listen) {
            problems.add("server.metrics_listen", "must differ from server.listen");
        }
    }
}

/// Accepts CIDR blocks and bare addresses (a single host) in `server.trusted_proxies`.
pub(super) fn deserialize_networks<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<IpNet>, D::Error> {
    let raw = Vec::<String>::deserialize(deserializer)?;
    raw.iter()
        .map(|entry| {
            entry.parse::<IpNet>().or_else(|_| entry.parse::<IpAddr>().map(IpNet::from)).map_err(|_| {
                serde::de::Error::custom(format!("\"{entry}\" is not an IP address or CIDR block"))
            })
        })
        .collect()
}
