//! `[audit]`: the record of who read which member's health data and who changed what, kept
//! apart from the logs (docs/operations/audit.md). Off unless `file` is set.

use std::path::PathBuf;

use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

use super::problems::Problems;

/// Shorter keys are guessable from the pseudonyms of known person numbers.
const PSEUDONYM_KEY_MIN_BYTES: usize = 32;

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AuditSettings {
    /// The JSON Lines file events are appended to, each line chained to the one before.
    pub file: Option<PathBuf>,
    /// The key of the members' pseudonyms (a keyed hash of the person number): whoever holds it
    /// finds one member's lines (`espace-assure audit pseudonym`), the file alone names no one.
    pub pseudonym_key: Option<SecretString>,
    pub pseudonym_key_file: Option<PathBuf>,
    /// Rotated files (`FILE.1`, `FILE-20261205`, …) older than this are deleted when the file is
    /// reopened after a rotation, and at start.
    pub retention_days: u32,
}

impl Default for AuditSettings {
    fn default() -> Self {
        Self { file: None, pseudonym_key: None, pseudonym_key_file: None, retention_days: 365 }
    }
}

impl AuditSettings {
    pub(super) fn validate(&self, problems: &mut Problems) {
        let Some(file) = &self.file else { return };
        match &self.pseudonym_key {
            None => problems.add("audit.pseudonym_key", "required when audit.file is set"),
            Some(key) if key.expose_secret().len() < PSEUDONYM_KEY_MIN_BYTES => problems.add(
                "audit.pseudonym_key",
                format!("at least {PSEUDONYM_KEY_MIN_BYTES} characters (openssl rand -base64 48)"),
            ),
            Some(_) => {}
        }
        let folder = file.parent().filter(|folder| !folder.as_os_str().is_empty());
        if folder.is_some_and(|folder| !folder.is_dir()) {
            problems.add("audit.file", format!("{}: its folder does not exist", file.display()));
        }
        problems.at_least_one("audit.retention_days", u64::from(self.retention_days));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(settings: &AuditSettings) -> Vec<String> {
        let mut problems = Problems::default();
        settings.validate(&mut problems);
        problems.0
    }

    #[test]
    fn an_audit_file_needs_a_long_pseudonym_key_and_an_existing_folder() {
        assert!(problems(&AuditSettings::default()).is_empty(), "off by default");
        let mut settings = AuditSettings { file: Some("/nowhere/audit.jsonl".into()), ..Default::default() };
        assert_eq!(
            problems(&settings),
            [
                "audit.pseudonym_key: required when audit.file is set",
                "audit.file: /nowhere/audit.jsonl: its folder does not exist"
            ]
        );
        settings.file = Some(std::env::temp_dir().join("audit.jsonl"));
        settings.pseudonym_key = Some("short".into());
        assert_eq!(
            problems(&settings),
            ["audit.pseudonym_key: at least 32 characters (openssl rand -base64 48)"]
        );
        settings.pseudonym_key = Some("k".repeat(32).into());
        assert!(problems(&settings).is_empty());
    }
}
