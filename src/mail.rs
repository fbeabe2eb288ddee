//! The emails the portal owes members: today, the acknowledgement of a termination notice
//! (Code de la mutualité, D221-1). lettre builds each message; it leaves through the mutual's
//! SMTP relay, or is written to an outbox folder as an `.eml` file (the demo's choice, read at
//! `/_demo/outbox`), or goes nowhere when neither is configured.

use std::time::Duration;

use anyhow::Context as _;
use lettre::message::Mailbox;
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use secrecy::ExposeSecret;

use crate::config::{MailTransport, Settings};

pub enum Mailer {
    None,
    Outbox(AsyncFileTransport<Tokio1Executor>),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

impl Mailer {
    pub fn new(settings: &Settings) -> anyhow::Result<Self> {
        let mail = &settings.mail;
        Ok(match mail.effective_transport(&settings.demo) {
            MailTransport::None => Self::None,
            MailTransport::Outbox => {
                let dir = mail.effective_outbox_dir(&settings.demo);
                std::fs::create_dir_all(&dir)
                    .with_context(|| format!("creating the outbox {}", dir.display()))?;
                Self::Outbox(AsyncFileTransport::new(dir))
            }
            MailTransport::Smtp => {
                let url = mail.smtp_url.as_ref().context("mail.smtp_url is required for SMTP")?;
                let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url.expose_secret())
                    .context("mail.smtp_url")?
                    .timeout(Some(Duration::from_millis(mail.timeout_ms)))
                    .build();
                Self::Smtp(transport)
            }
        })
    }

    /// Sends `message`; `Ok(false)` when no transport is configured.
    pub async fn send(&self, message: Message) -> anyhow::Result<bool> {
        match self {
            Self::None => Ok(false),
            Self::Outbox(transport) => {
                transport.send(message).await.map(|_| true).context("writing to the outbox")
            }
            Self::Smtp(transport) => {
                transport.send(message).await.map(|_| true).context("sending through SMTP")
            }
        }
    }
}

/// The configured sender (checked when the configuration is loaded).
pub fn sender(settings: &Settings) -> anyhow::Result<Mailbox> {
    settings.mail.from.parse().context("mail.from")
}
