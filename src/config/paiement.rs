//! `[paiement]`: the payment service provider's page where a member pays what they owe by card
//! (docs/product/member-api.md#paying-online), in Lyra's payment form (PayZen, Systempay:
//! docs/decisions/0029-lyras-payment-form-for-paying-online.md).

use std::path::PathBuf;

use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use url::Url;

use super::demo::DemoSettings;
use super::problems::{Problems, is_loopback};

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PaiementSettings {
    /// The provider's payment page (`https://secure.payzen.eu/vads-payment/`). None turns online
    /// payment off; in demo mode, the demo's stand-in of the provider fills this section in.
    pub url: Option<Url>,
    /// The shop's identifier at the provider (`vads_site_id`, 8 digits).
    pub site_id: Option<String>,
    /// The shop's key for `mode` (the provider gives a test key and a production key): it
    /// signs the forms and checks the notifications. Set it from the environment or a file.
    pub key: Option<SecretString>,
    /// A file holding `key`.
    pub key_file: Option<PathBuf>,
    pub mode: PaiementMode,
}

/// `vads_ctx_mode`: which of the shop's keys and which of the provider's platforms.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PaiementMode {
    #[default]
    Test,
    Production,
}

impl PaiementMode {
    pub fn vads(self) -> &'static str {
        match self {
            Self::Test => "TEST",
            Self::Production => "PRODUCTION",
        }
    }
}

impl PaiementSettings {
    pub(super) fn validate(&self, demo: &DemoSettings, problems: &mut Problems) {
        if demo.api_on() {
            // The demo's stand-in is the provider; only its shop key may be chosen (tests sign
            // notifications with it).
            if self.url.is_some() || self.site_id.is_some() {
                problems.add(
                    "paiement.url",
                    "the demo's member API pays through the demo's own page; set demo.api = false",
                );
            }
            if self.key.as_ref().is_some_and(|key| key.expose_secret().len() < 16) {
                problems.add("paiement.key", "the shop's key (16 characters or more)");
            }
            return;
        }
        let Some(url) = &self.url else {
            if self.site_id.is_some() || self.key.is_some() {
                problems.add("paiement.url", "required with paiement.site_id or paiement.key");
            }
            return;
        };
        if url.scheme() != "https" && !is_loopback(url) {
            problems.add("paiement.url", format!("expected an https URL, got \"{url}\""));
        }
        match self.site_id.as_deref() {
            Some(id) if id.len() == 8 && id.bytes().all(|byte| byte.is_ascii_digit()) => {}
            Some(_) => problems.add("paiement.site_id", "the shop's 8 digits"),
            None => problems.add("paiement.site_id", "required with paiement.url"),
        }
        if self.key.as_ref().is_none_or(|key| key.expose_secret().len() < 16) {
            problems
                .add("paiement.key", "required with paiement.url, the shop's key (16 characters or more)");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(settings: &PaiementSettings, demo: &DemoSettings) -> Vec<String> {
        let mut problems = Problems::default();
        settings.validate(demo, &mut problems);
        problems.0
    }

    #[test]
    fn a_provider_needs_its_shop_and_key_over_https() {
        let off = DemoSettings::default();
        assert!(problems(&PaiementSettings::default(), &off).is_empty(), "off is fine");
        let settings = PaiementSettings {
            url: Some(Url::parse("http://pay.example.org/vads-payment/").unwrap()),
            site_id: Some("1234".into()),
            ..Default::default()
        };
        let found = problems(&settings, &off).join(" | ");
        assert!(found.contains("paiement.url: expected an https URL"), "{found}");
        assert!(found.contains("paiement.site_id: the shop's 8 digits"), "{found}");
        assert!(found.contains("paiement.key: required"), "{found}");
        let good = PaiementSettings {
            url: Some(Url::parse("https://secure.payzen.eu/vads-payment/").unwrap()),
            site_id: Some("12345678".into()),
            key: Some("a shop key of 16+ chars".to_owned().into()),
            ..Default::default()
        };
        assert!(problems(&good, &off).is_empty());
    }
}
