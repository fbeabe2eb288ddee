//! The emails the portal owes members: today, the acknowledgement of a termination notice
//! (Code de la mutualité, D221-1). lettre builds each message; the queue (`queue.rs`) keeps it
//! until it has left through the mutual's SMTP relay, or been written to an outbox folder as an
//! `.eml` file (the demo's choice, read at `/_demo/outbox`). With neither configured, nothing
//! is queued.

pub mod queue;
mod redacted;
pub mod resiliation;

pub use redacted::without_addresses;

use std::time::Duration;

use anyhow::Context as _;
use lettre::address::Envelope;
use lettre::message::Mailbox;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use secrecy::ExposeSecret;

use crate::config::{MailTransport, Settings};

pub enum Mailer {
    None,
    /// The folder `.eml` files are written to.
    Outbox(std::path::PathBuf),
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
                Self::Outbox(dir)
            }
            MailTransport::Smtp => {
                let url = mail.smtp_url.as_ref().context("mail.smtp_url is required for SMTP")?;
                let mut builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(url.expose_secret())
                    .context("mail.smtp_url")?
                    .timeout(Some(Duration::from_millis(mail.timeout_ms)));
                if let Some(ca_file) = &mail.ca_file {
                    builder = builder.tls(private_ca_tls(url.expose_secret(), ca_file)?);
                }
                Self::Smtp(builder.build())
            }
        })
    }

    /// Whether messages can leave at all.
    pub fn is_configured(&self) -> bool {
        !matches!(self, Self::None)
    }
}

#[async_trait::async_trait]
impl queue::Deliver for Mailer {
    async fn deliver(&self, envelope: &Envelope, raw: &[u8]) -> anyhow::Result<()> {
        match self {
            Self::None => anyhow::bail!("no mail transport is configured"),
            Self::Outbox(dir) => write_to_outbox(dir, raw).await.context("writing to the outbox"),
            Self::Smtp(transport) => {
                transport.send_raw(envelope, raw).await.map(drop).context("sending through SMTP")
            }
        }
    }
}

/// Writes a message to the outbox as `<uuid>.eml`, whole or not at all: under another name
/// first, then renamed, so that whoever lists the outbox never reads half a message (lettre's
/// file transport writes the final name directly).
async fn write_to_outbox(dir: &std::path::Path, raw: &[u8]) -> std::io::Result<()> {
    let name = uuid::Uuid::new_v4();
    let partial = dir.join(format!("{name}.eml.part"));
    tokio::fs::write(&partial, raw).await?;
    if let Err(error) = tokio::fs::rename(&partial, dir.join(format!("{name}.eml"))).await {
        let _ = tokio::fs::remove_file(&partial).await;
        return Err(error);
    }
    Ok(())
}

/// TLS to the relay of `url` (STARTTLS, or implicit for `smtps://`), its certificate checked
/// against the root in `ca_file` as well as the public ones lettre knows.
fn private_ca_tls(url: &str, ca_file: &std::path::Path) -> anyhow::Result<Tls> {
    let parsed = url::Url::parse(url).context("mail.smtp_url")?;
    let host = parsed.host_str().context("mail.smtp_url: a host")?;
    let pem =
        std::fs::read(ca_file).with_context(|| format!("mail.ca_file: reading {}", ca_file.display()))?;
    let parameters = TlsParameters::builder(host.trim_matches(['[', ']']).to_owned())
        .add_root_certificate(Certificate::from_pem(&pem).context("mail.ca_file: a PEM certificate")?)
        .build_rustls()
        .context("mail.ca_file")?;
    Ok(if parsed.scheme() == "smtps" { Tls::Wrapper(parameters) } else { Tls::Required(parameters) })
}

/// The configured sender (checked when the configuration is loaded).
pub fn sender(settings: &Settings) -> anyhow::Result<Mailbox> {
    settings.mail.from.parse().context("mail.from")
}
