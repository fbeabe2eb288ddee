//! `[demo]`: the embedded upstreams of the one-command demo.

use std::path::PathBuf;

use serde::Deserialize;

use super::problems::Problems;

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DemoSettings {
    /// On by default only when no configuration file is given.
    pub enabled: bool,
    pub data_dir: PathBuf,
    /// Each embedded upstream can be switched off to use a real one in its place.
    pub idp: bool,
    pub api: bool,
    pub cms: bool,
    /// Lifetime of the demo provider's access tokens: short, so that refresh is exercised.
    pub access_token_ttl_secs: u64,
    /// Lifetime of its refresh tokens, and idle lifetime of its sign-in sessions.
    pub refresh_token_ttl_secs: u64,
    /// Largest file the demo member API accepts in one upload, in bytes.
    pub max_upload_bytes: usize,
    /// Uploads a member may keep without having sent them with a request: how many, and how
    /// many bytes in all.
    pub upload_quota_files: u64,
    pub upload_quota_bytes: u64,
    /// Hours after which an upload no request took is removed.
    pub unattached_upload_ttl_hours: u64,
    /// How long the demo member API takes to answer, in milliseconds, give or take
    /// `api_latency_jitter_ms` (drawn evenly for each call): 0 answers at once. A real member
    /// API answers in tens of milliseconds; this shows the portal under such an upstream (the
    /// load benchmark's slow mode).
    pub api_latency_ms: u64,
    pub api_latency_jitter_ms: u64,
}

/// The slowest the demo member API can be made to answer: ten seconds, its caller's timeout.
pub(super) const API_LATENCY_MAX_MS: u64 = 10_000;

/// The longest an unsent upload may be kept: a year.
pub(super) const UNATTACHED_UPLOAD_TTL_HOURS_MAX: u64 = 365 * 24;

impl Default for DemoSettings {
    fn default() -> Self {
        Self {
            enabled: false,
            data_dir: PathBuf::from("espace-assure-demo"),
            idp: true,
            api: true,
            cms: true,
            access_token_ttl_secs: 300,
            refresh_token_ttl_secs: 36_000,
            max_upload_bytes: 10 * 1024 * 1024,
            upload_quota_files: 20,
            upload_quota_bytes: 50 * 1024 * 1024,
            unattached_upload_ttl_hours: 24,
            api_latency_ms: 0,
            api_latency_jitter_ms: 0,
        }
    }
}

impl DemoSettings {
    pub fn idp_on(&self) -> bool {
        self.enabled && self.idp
    }
    pub fn api_on(&self) -> bool {
        self.enabled && self.api
    }
    pub fn cms_on(&self) -> bool {
        self.enabled && self.cms
    }
}

impl DemoSettings {
    pub(super) fn validate(&self, problems: &mut Problems) {
        if self.enabled && !cfg!(feature = "demo") {
            problems.add(
                "demo.enabled",
                "this build has no demo mode (built without the `demo` feature); \
                 give a configuration file naming the real upstreams",
            );
        }
        if self.max_upload_bytes == 0 {
            problems.add("demo.max_upload_bytes", "must be at least 1");
        }
        if self.api_latency_ms > API_LATENCY_MAX_MS {
            problems.add("demo.api_latency_ms", format!("must be at most {API_LATENCY_MAX_MS}"));
        }
        if self.api_latency_jitter_ms > self.api_latency_ms {
            problems.add("demo.api_latency_jitter_ms", "must be at most demo.api_latency_ms");
        }
        if self.upload_quota_bytes < self.max_upload_bytes as u64 {
            problems.add("demo.upload_quota_bytes", "must be at least demo.max_upload_bytes");
        }
        if self.unattached_upload_ttl_hours > UNATTACHED_UPLOAD_TTL_HOURS_MAX {
            problems.add(
                "demo.unattached_upload_ttl_hours",
                format!("at most {UNATTACHED_UPLOAD_TTL_HOURS_MAX} (a year)"),
            );
        }
        problems.at_least_one("demo.access_token_ttl_secs", self.access_token_ttl_secs);
        problems.at_least_one("demo.refresh_token_ttl_secs", self.refresh_token_ttl_secs);
        problems.at_least_one("demo.upload_quota_files", self.upload_quota_files);
        problems.at_least_one("demo.unattached_upload_ttl_hours", self.unattached_upload_ttl_hours);
    }
}
