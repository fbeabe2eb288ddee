//! What the sections' checks share: the list of problems found, each naming its key, and the
//! rules several sections apply.

use std::net::IpAddr;

use url::Url;

use crate::tls::TlsFiles;

/// Every problem found in a configuration, each naming its key.
#[derive(Debug, thiserror::Error)]
#[error("invalid configuration:\n  - {}", .problems.join("\n  - "))]
pub struct ConfigError {
    pub problems: Vec<String>,
}

impl ConfigError {
    pub(super) fn one(problem: impl Into<String>) -> Self {
        Self { problems: vec![problem.into()] }
    }
}

/// What is wrong with a configuration, one line per problem, each naming its key.
#[derive(Default)]
pub(super) struct Problems(pub(super) Vec<String>);

impl Problems {
    pub(super) fn add(&mut self, key: &str, problem: impl std::fmt::Display) {
        self.0.push(format!("{key}: {problem}"));
    }

    /// The TLS files of an upstream: readable, PEM, in date, the key the certificate's.
    pub(super) fn tls(&mut self, prefix: &str, files: TlsFiles) {
        for (key, problem) in crate::tls::problems(prefix, files, std::time::SystemTime::now()) {
            self.add(&key, problem);
        }
    }

    /// Counts, sizes and durations where 0 would mean "nothing ever works".
    pub(super) fn at_least_one(&mut self, key: &str, value: u64) {
        if value == 0 {
            self.add(key, "must be at least 1");
        }
    }

    pub(super) fn http_url(&mut self, key: &str, url: &Url) {
        if !matches!(url.scheme(), "http" | "https") {
            self.add(key, format!("expected an http(s) URL, got \"{url}\""));
        }
    }

    /// An upstream is either embedded (demo) or named, never both: a configuration that names
    /// a real upstream cannot silently talk to the demo one instead.
    pub(super) fn upstream(&mut self, key: &str, url: Option<&Url>, embedded: bool, switch: &str) {
        match (url, embedded) {
            (Some(url), true) => self.add(
                key,
                format!(
                    "names \"{url}\" while the embedded demo upstream is on; set {switch} = false to use it"
                ),
            ),
            (Some(url), false) => self.http_url(key, url),
            (None, false) => self.add(key, format!("required when {switch} is off")),
            _ => {}
        }
    }
}

/// Whether `url` names this machine (plain http and smtp are allowed there only).
pub fn is_loopback(url: &Url) -> bool {
    match url.host() {
        // Non-special schemes (`smtp://`) keep an IPv4 address as a name.
        Some(url::Host::Domain(name)) => {
            name == "localhost" || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
        }
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}
