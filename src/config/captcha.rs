//! `[captcha]`: the check on the writes that create a request.

use secrecy::ExposeSecret;
use std::path::PathBuf;

use secrecy::SecretString;
use serde::Deserialize;
use url::Url;

use super::problems::Problems;

/// The captcha (docs/product/roles.md#scripted-requests), guarding the writes a script would
/// abuse (a request with its documents, a termination's confirmation).
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CaptchaSettings {
    pub provider: CaptchaProvider,
    /// ALTCHA's difficulty: the browser tries numbers up to this one (on average half of them)
    /// before it finds the challenge's; 50,000 SHA-256 take a phone well under a second.
    pub max_number: u64,
    /// How long a challenge may be solved and used (ALTCHA).
    pub expires_secs: u64,
    /// A hosted provider's public site key, given to its widget.
    pub site_key: Option<String>,
    /// A hosted provider's secret, sent to its verification endpoint (set it from the environment).
    pub secret: Option<SecretString>,
    /// A file holding `secret`.
    pub secret_file: Option<PathBuf>,
    /// A hosted provider's verification endpoint, when not its public one.
    pub verify_url: Option<Url>,
}

impl Default for CaptchaSettings {
    fn default() -> Self {
        Self {
            provider: CaptchaProvider::Altcha,
            max_number: 50_000,
            expires_secs: 600,
            site_key: None,
            secret: None,
            secret_file: None,
            verify_url: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptchaProvider {
    /// A proof of work made and checked here: no third party, no cookie.
    Altcha,
    /// Hosted by hCaptcha: its widget in the browser, its `siteverify` here.
    Hcaptcha,
    None,
}

impl CaptchaProvider {
    pub fn is_hosted(self) -> bool {
        self == Self::Hcaptcha
    }
}

/// Longest life of a challenge: the portal remembers used solutions that long.
pub const CAPTCHA_MAX_EXPIRES_SECS: u64 = 3_600;

impl CaptchaSettings {
    pub(super) fn validate(&self, problems: &mut Problems) {
        if !(60..=CAPTCHA_MAX_EXPIRES_SECS).contains(&self.expires_secs) {
            problems.add("captcha.expires_secs", format!("from 60 to {CAPTCHA_MAX_EXPIRES_SECS} seconds"));
        }
        if !(1_000..=10_000_000).contains(&self.max_number) {
            problems.add("captcha.max_number", "from 1000 to 10000000");
        }
        if self.provider.is_hosted() {
            if self.site_key.as_deref().is_none_or(str::is_empty) {
                problems.add("captcha.site_key", "required for a hosted provider");
            }
            if self.secret.as_ref().is_none_or(|secret| secret.expose_secret().is_empty()) {
                problems.add("captcha.secret", "required for a hosted provider");
            }
        }
        if let Some(url) = &self.verify_url {
            problems.http_url("captcha.verify_url", url);
        }
    }
}
