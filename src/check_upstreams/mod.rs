//! `espace-assure check-upstreams`: before going live, asks each upstream what the portal will ask
//! of it, through the same clients the server builds (the same trust, client certificates and proxy
//! rule), and prints one line per check: `ok`, `FAIL` or `skip` (a check that lacks an input, or an
//! upstream the demo embeds). The provider's discovery and keys; with a test member's access token,
//! each read of the member API's contract; every content path
//! (docs/product/member-api.md#content-service); Redis when sessions live there; the SMTP relay
//! when mail goes through one.
//!
//! Everything an upstream says is printed escaped (`printable`): a discovery document or an
//! error message cannot put control characters on the operator's terminal.

mod content;
mod contract;
mod mail;
mod member_api;
mod provider;
mod redis;
mod token;

use std::fmt::Display;

use crate::config::Settings;
use crate::state::Endpoints;

pub use token::MemberToken;

/// What one check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ok,
    Fail,
    /// Not run: an input is missing, or there is nothing to check.
    Skip,
}

impl Outcome {
    fn label(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::Fail => "FAIL",
            Self::Skip => "skip",
        }
    }
}

/// The lines printed so far; each is printed as soon as it is known, so that a slow upstream
/// shows where the check stands.
pub struct Report {
    lines: Vec<String>,
    failures: usize,
    echo: bool,
}

impl Report {
    /// A report printing each line on standard output as it comes.
    pub fn printing() -> Self {
        Self { lines: Vec::new(), failures: 0, echo: true }
    }

    /// A report that only keeps its lines (unit tests).
    pub fn silent() -> Self {
        Self { lines: Vec::new(), failures: 0, echo: false }
    }

    pub fn add(&mut self, outcome: Outcome, upstream: &str, text: impl Display) {
        let line = format!("{:<4} {upstream}: {}", outcome.label(), printable(&text.to_string(), MAX_LINE));
        if outcome == Outcome::Fail {
            self.failures += 1;
        }
        if self.echo {
            println!("{line}");
        }
        self.lines.push(line);
    }

    pub fn ok(&mut self, upstream: &str, text: impl Display) {
        self.add(Outcome::Ok, upstream, text);
    }

    pub fn fail(&mut self, upstream: &str, text: impl Display) {
        self.add(Outcome::Fail, upstream, text);
    }

    pub fn skip(&mut self, upstream: &str, text: impl Display) {
        self.add(Outcome::Skip, upstream, text);
    }

    /// `ok` when `passed`, `FAIL` otherwise.
    pub fn check(&mut self, upstream: &str, passed: bool, text: impl Display) {
        self.add(if passed { Outcome::Ok } else { Outcome::Fail }, upstream, text);
    }

    pub fn failures(&self) -> usize {
        self.failures
    }

    pub fn lines(&self) -> &[String] {
        &self.lines
    }
}

/// The longest line printed: an upstream's whole error page is not worth a screen.
const MAX_LINE: usize = 400;
/// The longest single value quoted from an upstream.
const MAX_VALUE: usize = 120;

/// `text` safe for any terminal: printable ASCII as it is, anything else (control characters,
/// escape sequences, bidirectional overrides, any non-ASCII letter) as `\u{…}`; cut past `max`
/// characters with `...`.
pub fn printable(text: &str, max: usize) -> String {
    let mut shown = String::with_capacity(text.len().min(max));
    for (count, character) in text.chars().enumerate() {
        if count == max {
            shown.push_str("...");
            break;
        }
        if character == ' ' || character.is_ascii_graphic() {
            shown.push(character);
        } else {
            shown.push_str(&format!("\\u{{{:x}}}", u32::from(character)));
        }
    }
    shown
}

/// A value from an upstream, quoted and cut short (escaped with the rest of its line).
pub fn quoted(value: &str) -> String {
    let cut: String = value.chars().take(MAX_VALUE).collect();
    let ellipsis = if value.chars().count() > MAX_VALUE { "..." } else { "" };
    format!("\"{cut}{ellipsis}\"")
}

/// A JSON value from an upstream, compact and cut short.
pub fn json_value(value: &serde_json::Value) -> String {
    let text = value.to_string();
    if text.chars().count() > MAX_VALUE {
        format!("{}...", text.chars().take(MAX_VALUE).collect::<String>())
    } else {
        text
    }
}

/// What the command was given besides the configuration.
pub struct Inputs {
    /// A test member's access token (`--member-token-file`).
    pub member_token: Option<MemberToken>,
}

/// Runs every check in order, printing as it goes. An error is a configuration the clients
/// cannot be built from (the caller's exit code 2), never an upstream's failure.
pub async fn run(settings: &Settings, inputs: &Inputs, report: &mut Report) -> anyhow::Result<()> {
    // The upstreams' addresses as the server resolves them; a configuration naming them all has
    // no embedded twin, so the listening address plays no part.
    let endpoints = Endpoints::resolve(settings, settings.server.listen, settings.server.listen);
    let token = inputs.member_token.as_ref();
    provider::check(settings, &endpoints, token, report).await?;
    member_api::check(settings, &endpoints, token, report).await?;
    content::check(settings, &endpoints, report).await?;
    redis::check(settings, report).await;
    mail::check(settings, report).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_an_upstream_says_can_reach_the_terminal_unescaped() {
        let hostile = "ok\r\nFAIL forged\u{1b}[2J\u{7}\u{202e}txt\u{85}\u{2028}é";
        let shown = printable(hostile, 400);
        assert!(shown.chars().all(|c| c == ' ' || c.is_ascii_graphic()), "{shown}");
        assert_eq!(shown, "ok\\u{d}\\u{a}FAIL forged\\u{1b}[2J\\u{7}\\u{202e}txt\\u{85}\\u{2028}\\u{e9}");
        let mut report = Report::silent();
        report.fail("provider", format!("issuer {}", quoted(hostile)));
        assert_eq!(report.lines().len(), 1);
        assert!(!report.lines()[0].contains('\n') && !report.lines()[0].contains('\u{1b}'));
        assert_eq!(report.failures(), 1);
    }

    #[test]
    fn long_values_are_cut() {
        assert_eq!(printable(&"a".repeat(10), 4), "aaaa...");
        assert_eq!(quoted(&"b".repeat(200)).len(), MAX_VALUE + 5);
    }

    #[test]
    fn lines_are_aligned_by_outcome() {
        let mut report = Report::silent();
        report.ok("redis", "answers");
        report.skip("mail", "none");
        report.check("content", false, "accueil missing");
        assert_eq!(
            report.lines(),
            ["ok   redis: answers", "skip mail: none", "FAIL content: accueil missing"]
        );
        assert_eq!(report.failures(), 1);
    }
}
