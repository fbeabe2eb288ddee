//! `[limits]`: the bounds on what one client may ask.

use std::num::NonZeroU32;

use serde::Deserialize;

/// `[limits]`: bounds on abuse, per client address and per member (see `limits`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LimitsSettings {
    /// Sign-ins one client address may start per minute (`/auth/login` and `/auth/callback`,
    /// each counted): behind `server.trusted_proxies`, the address they forward.
    pub sign_ins_per_minute: NonZeroU32,
    /// Writes (any method but GET under `/api`) one member may make per minute.
    pub writes_per_minute: NonZeroU32,
    /// Requests, documents, complaints and terminations one member may create per hour.
    pub creations_per_hour: NonZeroU32,
}

impl Default for LimitsSettings {
    fn default() -> Self {
        let count = |n| NonZeroU32::new(n).expect("not zero");
        Self { sign_ins_per_minute: count(30), writes_per_minute: count(30), creations_per_hour: count(30) }
    }
}
