//! `[wallet]`: the tiers-payant card in the phone's wallet (docs/operations/wallet.md): an Apple
//! Wallet pass signed with the partner's Pass Type ID certificate, and a Google Wallet « Ajouter »
//! link signed with its issuer's service-account key. Each part is whole or absent: a part
//! missing one key would only fail when a member asks for the card.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::problems::Problems;

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WalletSettings {
    /// `[wallet.apple]`: none leaves « Ajouter à Apple Wallet » out. In demo mode, when absent,
    /// the demo signs with a test certificate that iPhones refuse.
    pub apple: AppleWalletSettings,
    /// `[wallet.google]`: none leaves « Ajouter à Google Wallet » out. In demo mode, when absent,
    /// the demo signs with a test key that Google refuses.
    pub google: GoogleWalletSettings,
}

/// The Pass Type ID Apple gives the partner's developer account, and its certificate.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AppleWalletSettings {
    /// `pass.fr.mutuelle-exemple.carte-tp`: the identifier registered at Apple.
    pub pass_type_identifier: Option<String>,
    /// The developer account's team identifier (10 letters and digits).
    pub team_identifier: Option<String>,
    /// The Pass Type ID certificate, in PEM.
    pub certificate_file: Option<PathBuf>,
    /// Its private key, in PEM (PKCS #8 or PKCS #1; RSA, or ECDSA P-256).
    pub key_file: Option<PathBuf>,
    /// Apple's Worldwide Developer Relations intermediate certificate that issued it, in PEM.
    pub wwdr_certificate_file: Option<PathBuf>,
    /// Set by the demo when it filled this part with its test material: the pass then says on
    /// its back that iPhones refuse it. Never read from the file.
    #[serde(skip)]
    pub test_material: bool,
}

/// The partner's Google Wallet issuer, and the service account that signs its links.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GoogleWalletSettings {
    /// The issuer's number in the Google Pay & Wallet console.
    pub issuer_id: Option<String>,
    /// The service account's email (`…@….iam.gserviceaccount.com`).
    pub service_account_email: Option<String>,
    /// Its key: the JSON key file Google gives, or its private key alone in PEM.
    pub key_file: Option<PathBuf>,
    /// The generic class the cards belong to (`carte_tp`): the objects' class is
    /// `{issuer_id}.{class_suffix}`.
    pub class_suffix: Option<String>,
    /// Set by the demo when it filled this part with its test key. Never read from the file.
    #[serde(skip)]
    pub test_material: bool,
}

impl AppleWalletSettings {
    pub fn is_set(&self) -> bool {
        self.pass_type_identifier.is_some()
    }

    fn keys(&self) -> [(&'static str, bool); 5] {
        [
            ("pass_type_identifier", self.pass_type_identifier.is_some()),
            ("team_identifier", self.team_identifier.is_some()),
            ("certificate_file", self.certificate_file.is_some()),
            ("key_file", self.key_file.is_some()),
            ("wwdr_certificate_file", self.wwdr_certificate_file.is_some()),
        ]
    }
}

impl GoogleWalletSettings {
    pub fn is_set(&self) -> bool {
        self.issuer_id.is_some()
    }

    fn keys(&self) -> [(&'static str, bool); 4] {
        [
            ("issuer_id", self.issuer_id.is_some()),
            ("service_account_email", self.service_account_email.is_some()),
            ("key_file", self.key_file.is_some()),
            ("class_suffix", self.class_suffix.is_some()),
        ]
    }
}

/// All the keys of a part, or none: the ones missing when some are set.
fn whole(part: &str, keys: &[(&'static str, bool)], problems: &mut Problems) -> bool {
    let set = keys.iter().filter(|(_, set)| *set).count();
    if set == 0 {
        return false;
    }
    for (key, _) in keys.iter().filter(|(_, set)| !set) {
        problems
            .add(&format!("wallet.{part}.{key}"), format!("required with the other keys of [wallet.{part}]"));
    }
    set == keys.len()
}

fn readable(key: &str, path: Option<&Path>, problems: &mut Problems) {
    if let Some(path) = path
        && !path.is_file()
    {
        problems.add(key, format!("cannot read {}", path.display()));
    }
}

impl WalletSettings {
    pub(super) fn validate(&self, problems: &mut Problems) {
        let apple = &self.apple;
        if whole("apple", &apple.keys(), problems) {
            if apple
                .pass_type_identifier
                .as_deref()
                .is_some_and(|id| !id.starts_with("pass.") || id.len() < 7)
            {
                problems
                    .add("wallet.apple.pass_type_identifier", "the identifier Apple registered, « pass.… »");
            }
            let team = apple.team_identifier.as_deref().unwrap_or_default();
            if team.len() != 10
                || !team.bytes().all(|byte| byte.is_ascii_uppercase() || byte.is_ascii_digit())
            {
                problems.add("wallet.apple.team_identifier", "the team's 10 capital letters and digits");
            }
            readable("wallet.apple.certificate_file", apple.certificate_file.as_deref(), problems);
            readable("wallet.apple.key_file", apple.key_file.as_deref(), problems);
            readable("wallet.apple.wwdr_certificate_file", apple.wwdr_certificate_file.as_deref(), problems);
        }
        let google = &self.google;
        if whole("google", &google.keys(), problems) {
            let issuer = google.issuer_id.as_deref().unwrap_or_default();
            if issuer.is_empty() || !issuer.bytes().all(|byte| byte.is_ascii_digit()) {
                problems.add("wallet.google.issuer_id", "the issuer's number (digits)");
            }
            if !google.service_account_email.as_deref().unwrap_or_default().contains('@') {
                problems.add("wallet.google.service_account_email", "the service account's email");
            }
            let suffix = google.class_suffix.as_deref().unwrap_or_default();
            let suffix_ok = !suffix.is_empty()
                && suffix.bytes().all(|byte| byte.is_ascii_alphanumeric() || b"._-".contains(&byte));
            if !suffix_ok {
                problems.add("wallet.google.class_suffix", "letters, digits, « . », « _ » or « - »");
            }
            readable("wallet.google.key_file", google.key_file.as_deref(), problems);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(settings: &WalletSettings) -> Vec<String> {
        let mut problems = Problems::default();
        settings.validate(&mut problems);
        problems.0
    }

    #[test]
    fn each_wallet_is_configured_whole_or_not_at_all() {
        assert!(problems(&WalletSettings::default()).is_empty(), "off is fine");
        let half = WalletSettings {
            apple: AppleWalletSettings {
                pass_type_identifier: Some("pass.org.example.carte".into()),
                ..Default::default()
            },
            google: GoogleWalletSettings { class_suffix: Some("carte_tp".into()), ..Default::default() },
        };
        let found = problems(&half).join(" | ");
        assert!(found.contains("wallet.apple.team_identifier: required"), "{found}");
        assert!(found.contains("wallet.apple.wwdr_certificate_file: required"), "{found}");
        assert!(found.contains("wallet.google.issuer_id: required"), "{found}");
        assert!(!found.contains("pass_type_identifier"), "{found}");
    }

    #[test]
    fn a_whole_part_is_checked_key_by_key() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("key.pem");
        std::fs::write(&file, "-").unwrap();
        let settings = WalletSettings {
            apple: AppleWalletSettings {
                pass_type_identifier: Some("org.example".into()),
                team_identifier: Some("abc".into()),
                certificate_file: Some(file.clone()),
                key_file: Some(folder.path().join("missing.pem")),
                wwdr_certificate_file: Some(file.clone()),
                test_material: false,
            },
            google: GoogleWalletSettings {
                issuer_id: Some("3388000000012345678".into()),
                service_account_email: Some("wallet@partner.iam.gserviceaccount.com".into()),
                key_file: Some(file),
                class_suffix: Some("carte tp".into()),
                test_material: false,
            },
        };
        let found = problems(&settings).join(" | ");
        assert!(found.contains("wallet.apple.pass_type_identifier"), "{found}");
        assert!(found.contains("wallet.apple.team_identifier"), "{found}");
        assert!(found.contains("wallet.apple.key_file: cannot read"), "{found}");
        assert!(found.contains("wallet.google.class_suffix"), "{found}");
        assert!(!found.contains("wallet.google.issuer_id"), "{found}");
    }
}
