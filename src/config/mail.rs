//! `[mail]`: how the emails owed to members leave.

use secrecy::ExposeSecret;
use std::path::PathBuf;

use secrecy::SecretString;
use serde::Deserialize;
use url::Url;

use super::demo::DemoSettings;
use super::problems::{Problems, is_loopback};

/// How the portal sends the emails it owes members (a termination's acknowledgement).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum MailTransport {
    /// Nothing is sent; the acknowledgement stays in the member's space.
    None,
    /// Each message is written as an `.eml` file to `outbox_dir` (the demo's choice).
    Outbox,
    /// Through an SMTP relay (`smtp_url`).
    Smtp,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MailSettings {
    /// Unset: the outbox in demo mode, nothing otherwise.
    pub transport: Option<MailTransport>,
    /// The sender, as members see it: `Name <address>`.
    pub from: String,
    /// `smtps://user:password@relay:465` or `smtp://relay:587?tls=required` (lettre's syntax).
    pub smtp_url: Option<SecretString>,
    /// A file holding `smtp_url`.
    pub smtp_url_file: Option<PathBuf>,
    /// Where the outbox writes; the demo's data folder's `outbox` when unset.
    pub outbox_dir: Option<PathBuf>,
    /// A PEM root certificate the relay's TLS certificate is checked against, besides the
    /// public roots: a mutual's internal relay signed by its own authority.
    pub ca_file: Option<PathBuf>,
    /// Where messages wait until they have left (kept across restarts; instances sharing the
    /// folder send each message once); the demo's data folder's `mail-queue` when unset.
    pub queue_dir: Option<PathBuf>,
    /// Total time given to one message, connection included.
    pub timeout_ms: u64,
}

impl Default for MailSettings {
    fn default() -> Self {
        Self {
            transport: None,
            from: "Mutuelle Cogévie <ne-pas-repondre@mutuelle-cogevie.example>".into(),
            smtp_url: None,
            smtp_url_file: None,
            outbox_dir: None,
            ca_file: None,
            queue_dir: None,
            timeout_ms: 10_000,
        }
    }
}

impl MailSettings {
    /// What is used once the defaults are applied.
    pub fn effective_transport(&self, demo: &DemoSettings) -> MailTransport {
        self.transport.unwrap_or(if demo.enabled { MailTransport::Outbox } else { MailTransport::None })
    }

    pub fn effective_outbox_dir(&self, demo: &DemoSettings) -> PathBuf {
        self.outbox_dir.clone().unwrap_or_else(|| demo.data_dir.join("outbox"))
    }

    pub fn effective_queue_dir(&self, demo: &DemoSettings) -> PathBuf {
        self.queue_dir.clone().unwrap_or_else(|| demo.data_dir.join("mail-queue"))
    }
}

impl MailSettings {
    pub(super) fn validate(&self, demo: &DemoSettings, problems: &mut Problems) {
        if self.effective_transport(demo) == MailTransport::Smtp && self.smtp_url.is_none() {
            problems.add("mail.smtp_url", "required when mail.transport = \"smtp\"");
        }
        if let Some(url) = &self.smtp_url
            && let Err(problem) = check_smtp_url(url.expose_secret())
        {
            problems.add("mail.smtp_url", problem);
        }
        if self.from.parse::<lettre::message::Mailbox>().is_err() {
            problems.add("mail.from", format!("expected \"Name <address>\", got \"{}\"", self.from));
        }
    }
}

/// A relay off this machine is reached over TLS: `smtps://` (TLS from the start) or `smtp://`
/// with `?tls=required` (STARTTLS, and no mail when the relay does not offer it). Plain or
/// opportunistic `smtp://` would show anyone on the path the acknowledgement (a member's name,
/// address and contract) and the relay's password; it is kept for a relay on loopback. The URL
/// holds that password, so it is never quoted back.
pub(super) fn check_smtp_url(text: &str) -> Result<(), &'static str> {
    const EXPECTED: &str = "expected smtps://host:465, or smtp://host:587?tls=required (STARTTLS)";
    let url = Url::parse(text).map_err(|_| EXPECTED)?;
    // lettre reads the first `tls` parameter only.
    let tls = url.query_pairs().find(|(key, _)| key == "tls").map(|(_, value)| value.into_owned());
    match url.scheme() {
        "smtps" => Ok(()),
        "smtp" if tls.as_deref() == Some("required") || is_loopback(&url) => Ok(()),
        "smtp" => Err(
            "a relay off this machine must be reached over TLS: add ?tls=required (STARTTLS), or use smtps://",
        ),
        _ => Err(EXPECTED),
    }
}
