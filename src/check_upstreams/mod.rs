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
mod report;
mod token;

use crate::config::Settings;
use crate::endpoints::Endpoints;

pub use report::Report;
pub use token::MemberToken;

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
