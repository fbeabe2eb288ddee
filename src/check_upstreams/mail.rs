//! The SMTP relay, when the acknowledgements leave through one: connected with the portal's
//! own transport (`mail::Mailer`), which reads the greeting, says EHLO, starts TLS as the URL
//! asks (STARTTLS, or TLS from the start with `smtps://`), authenticates when the URL names a
//! user, then sends NOOP. Nothing is sent.

use std::time::Duration;

use secrecy::ExposeSecret;

use super::report::Report;
use crate::config::{MailTransport, Settings};
use crate::mail::Mailer;

const UPSTREAM: &str = "mail";

pub async fn check(settings: &Settings, report: &mut Report) {
    let mail = &settings.mail;
    match mail.effective_transport(&settings.demo) {
        MailTransport::None => {
            return report.skip(UPSTREAM, "no mail transport (mail.transport = \"none\"): nothing to check");
        }
        MailTransport::Outbox => {
            return report.skip(
                UPSTREAM,
                format!(
                    "messages written to the outbox {}: no relay to check",
                    mail.effective_outbox_dir(&settings.demo).display()
                ),
            );
        }
        MailTransport::Smtp => {}
    }
    let described = mail
        .smtp_url
        .as_ref()
        .map_or_else(|| "mail.smtp_url".to_owned(), |url| describe(url.expose_secret()));
    let transport = match Mailer::new(settings) {
        Ok(Mailer::Smtp(transport)) => transport,
        Ok(_) => return report.fail(UPSTREAM, "mail.transport = \"smtp\" without a relay"),
        Err(error) => return report.fail(UPSTREAM, format!("{described}: {error:#}")),
    };
    let timeout = Duration::from_millis(mail.timeout_ms);
    match tokio::time::timeout(timeout, transport.test_connection()).await {
        Ok(Ok(true)) => report.ok(UPSTREAM, format!("{described}: greeting, EHLO, TLS and NOOP answered")),
        Ok(Ok(false)) => report.fail(UPSTREAM, format!("{described}: connected, but NOOP was refused")),
        Ok(Err(error)) => report.fail(UPSTREAM, format!("{described}: {error}")),
        Err(_) => report.fail(UPSTREAM, format!("{described}: no answer within {} ms", mail.timeout_ms)),
    }
}

/// The relay, how TLS starts and who signs in, without the password.
fn describe(url: &str) -> String {
    let Ok(parsed) = url::Url::parse(url) else { return "mail.smtp_url".into() };
    let security = match parsed.scheme() {
        "smtps" => "TLS from the start",
        _ if parsed.query_pairs().any(|(key, value)| key == "tls" && value == "required") => {
            "STARTTLS required"
        }
        _ => "no TLS (a relay on this machine)",
    };
    let user = match parsed.username() {
        "" => String::new(),
        user => format!(", AUTH as {user}"),
    };
    let host = parsed.host_str().unwrap_or_default();
    match parsed.port() {
        Some(port) => format!("relay {host}:{port} ({security}{user})"),
        None => format!("relay {host} ({security}{user})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_description_never_shows_the_password() {
        assert_eq!(
            describe("smtp://portail:s3cret@smtp.mutuelle.example:587?tls=required"),
            "relay smtp.mutuelle.example:587 (STARTTLS required, AUTH as portail)"
        );
        assert_eq!(
            describe("smtps://smtp.mutuelle.example"),
            "relay smtp.mutuelle.example (TLS from the start)"
        );
    }
}
