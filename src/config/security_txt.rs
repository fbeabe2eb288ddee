//! `[security_txt]`: what `/.well-known/security.txt` (RFC 9116) tells whoever found a
//! vulnerability in the portal.

use chrono::{DateTime, Utc};
use serde::Deserialize;
use url::Url;

use super::problems::Problems;

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SecurityTxtSettings {
    /// Where to report, most preferred first: `mailto:`, `https://` or `tel:` URIs. Without one,
    /// the file is not served (404).
    pub contact: Vec<Url>,
    /// When the file stops being valid (RFC 3339); required with `contact`. RFC 9116 advises
    /// less than a year ahead: renew it before it passes.
    pub expires: Option<DateTime<Utc>>,
    /// The key to encrypt a report with, an `https://` address.
    pub encryption: Option<Url>,
    /// The mutual's disclosure policy, an `https://` address.
    pub policy: Option<Url>,
    /// Who has been thanked for reports, an `https://` address.
    pub acknowledgments: Option<Url>,
    /// Languages a report may be written in (language tags).
    pub preferred_languages: Vec<String>,
}

impl Default for SecurityTxtSettings {
    fn default() -> Self {
        Self {
            contact: Vec::new(),
            expires: None,
            encryption: None,
            policy: None,
            acknowledgments: None,
            preferred_languages: vec!["fr".to_owned(), "en".to_owned()],
        }
    }
}

impl SecurityTxtSettings {
    pub(super) fn validate(&self, problems: &mut Problems) {
        for contact in &self.contact {
            if !matches!(contact.scheme(), "mailto" | "https" | "tel") {
                problems
                    .add("security_txt.contact", format!("\"{contact}\": a mailto:, https:// or tel: URI"));
            }
        }
        if !self.contact.is_empty() && self.expires.is_none() {
            problems.add("security_txt.expires", "required with security_txt.contact");
        }
        for (key, url) in [
            ("security_txt.encryption", &self.encryption),
            ("security_txt.policy", &self.policy),
            ("security_txt.acknowledgments", &self.acknowledgments),
        ] {
            if let Some(url) = url.as_ref().filter(|url| url.scheme() != "https") {
                problems.add(key, format!("\"{url}\": an https:// address"));
            }
        }
        let tag = |language: &String| {
            !language.is_empty() && language.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        };
        if let Some(language) = self.preferred_languages.iter().find(|language| !tag(language)) {
            problems.add("security_txt.preferred_languages", format!("\"{language}\" is not a language tag"));
        }
    }
}
