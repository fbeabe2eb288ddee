//! The OpenID provider: its discovery document holds what the portal's sign-in, refresh,
//! sign-out and back-channel logout rely on (`auth/`), and its keys sign the ID tokens.

use std::time::Duration;

use serde_json::{Map, Value};
use url::Url;

use super::report::{Report, json_value, quoted};
use super::token::MemberToken;
use crate::config::{ClientAuth, PushedAuthorization, Settings};
use crate::endpoints::Endpoints;

const UPSTREAM: &str = "provider";

/// The endpoints the portal calls, by their discovery key, and what for.
const ENDPOINTS: [(&str, &str); 6] = [
    ("authorization_endpoint", "sign-in"),
    ("token_endpoint", "code exchange and refresh"),
    ("jwks_uri", "the keys of ID and logout tokens"),
    ("userinfo_endpoint", "the person number when the ID token lacks it"),
    ("end_session_endpoint", "sign-out at the provider"),
    ("revocation_endpoint", "refresh tokens revoked at sign-out"),
];

pub async fn check(
    settings: &Settings,
    endpoints: &Endpoints,
    token: Option<&MemberToken>,
    report: &mut Report,
) -> anyhow::Result<()> {
    if settings.demo.idp_on() {
        report.skip(UPSTREAM, "the demo's embedded provider (demo.idp on): nothing to check");
        return Ok(());
    }
    let http = crate::outbound::http_client(settings, settings.oidc.tls())?;
    let timeout = Duration::from_millis(settings.oidc.timeout_ms);
    let url = endpoints.oidc_issuer.join(".well-known/openid-configuration")?;
    let document = match get_json(&http, url.clone(), timeout, None).await {
        Ok(Value::Object(document)) => document,
        answer => {
            let problem = answer.err().unwrap_or_else(|| "not a JSON object".to_owned());
            report.fail(UPSTREAM, format!("discovery at {url}: {problem}"));
            return Ok(());
        }
    };
    report.ok(UPSTREAM, format!("discovery document read from {url}"));
    issuer(&document, &endpoints.issuer_id, report);
    https(&document, report);
    announced_endpoints(&document, report);
    pkce(&document, report);
    client_authentication(&document, settings.oidc.client_auth, report);
    pushed_authorization(&document, settings.oidc.pushed_authorization, report);
    if settings.oidc.dpop {
        dpop(&document, report);
    }
    backchannel_logout(&document, report);
    signature_algorithms(&document, &settings.oidc.signing_algorithms, report);
    keys(&http, timeout, &document, &settings.oidc.signing_algorithms, report).await;
    portal_reading(settings, endpoints, http.clone(), report).await?;
    person_number(&http, timeout, &document, &settings.oidc.person_number_claim, token, report).await;
    Ok(())
}

/// The JSON answer of a GET, or why there is none, in words.
pub async fn get_json(
    http: &reqwest::Client,
    url: Url,
    timeout: Duration,
    bearer: Option<&str>,
) -> Result<Value, String> {
    let mut call = http.get(url).header("Accept", "application/json").timeout(timeout);
    if let Some(token) = bearer {
        call = call.bearer_auth(token);
    }
    let answer =
        call.send().await.map_err(|error| format!("{:#}", anyhow::Error::from(error.without_url())))?;
    let status = answer.status();
    if !status.is_success() {
        return Err(format!("answered {}", status.as_u16()));
    }
    answer.json().await.map_err(|error| format!("not JSON: {error}"))
}

fn text<'a>(document: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    document.get(key).and_then(Value::as_str)
}

fn strings<'a>(document: &'a Map<String, Value>, key: &str) -> Vec<&'a str> {
    document
        .get(key)
        .and_then(Value::as_array)
        .map_or_else(Vec::new, |values| values.iter().filter_map(Value::as_str).collect())
}

/// How a discovery key's value is shown in a line: its JSON, or "absent".
fn shown(document: &Map<String, Value>, key: &str) -> String {
    document.get(key).map_or_else(|| "absent".to_owned(), json_value)
}

/// The portal checks that the document and every ID token name exactly the configured issuer.
fn issuer(document: &Map<String, Value>, configured: &str, report: &mut Report) {
    match text(document, "issuer") {
        Some(issuer) if issuer == configured => {
            report.ok(UPSTREAM, format!("issuer {} matches oidc.issuer", quoted(issuer)))
        }
        _ => report.fail(
            UPSTREAM,
            format!(
                "issuer {} is not oidc.issuer {}: the portal would refuse the discovery and every ID token",
                shown(document, "issuer"),
                quoted(configured)
            ),
        ),
    }
}

/// Plain http only on loopback, as the configuration allows it for a local demo.
fn https(document: &Map<String, Value>, report: &mut Report) {
    let mut plain = Vec::new();
    let mut local = false;
    for key in std::iter::once("issuer").chain(ENDPOINTS.iter().map(|(key, _)| *key)) {
        let Some(url) = text(document, key).and_then(|value| Url::parse(value).ok()) else { continue };
        match url.scheme() {
            "https" => {}
            "http" if crate::config::is_loopback(&url) => local = true,
            _ => plain.push(format!("{key} {}", quoted(url.as_str()))),
        }
    }
    if !plain.is_empty() {
        report.fail(UPSTREAM, format!("not https: {}", plain.join(", ")));
    } else if local {
        report.ok(UPSTREAM, "plain http, on loopback only (a local test)");
    } else {
        report.ok(UPSTREAM, "https for the issuer and every endpoint");
    }
}

fn announced_endpoints(document: &Map<String, Value>, report: &mut Report) {
    let missing: Vec<String> = ENDPOINTS
        .iter()
        .filter(|(key, _)| text(document, key).and_then(|value| Url::parse(value).ok()).is_none())
        .map(|(key, purpose)| format!("{key} ({purpose})"))
        .collect();
    if missing.is_empty() {
        let names: Vec<&str> = ENDPOINTS.iter().map(|(key, _)| *key).collect();
        report.ok(UPSTREAM, format!("endpoints the portal uses announced: {}", names.join(", ")));
    } else {
        report.fail(UPSTREAM, format!("missing or not a URL: {}", missing.join(", ")));
    }
}

fn pkce(document: &Map<String, Value>, report: &mut Report) {
    let offered = strings(document, "code_challenge_methods_supported").contains(&"S256");
    let detail =
        format!("code_challenge_methods_supported: {}", shown(document, "code_challenge_methods_supported"));
    if offered {
        report.ok(UPSTREAM, format!("PKCE S256 offered ({detail})"));
    } else {
        report.fail(UPSTREAM, format!("PKCE S256 not offered ({detail})"));
    }
}

/// The method `oidc.client_auth` names, among those the provider offers at its token endpoint
/// (absent, the specification's default is `client_secret_basic` alone).
fn client_authentication(document: &Map<String, Value>, method: ClientAuth, report: &mut Report) {
    let method = match method {
        ClientAuth::ClientSecretBasic => "client_secret_basic",
        ClientAuth::PrivateKeyJwt => "private_key_jwt",
        ClientAuth::TlsClientAuth => "tls_client_auth",
    };
    let key = "token_endpoint_auth_methods_supported";
    let offered = if document.contains_key(key) {
        strings(document, key).contains(&method)
    } else {
        method == "client_secret_basic"
    };
    report.check(
        UPSTREAM,
        offered,
        format!("client authentication {method} at the token endpoint ({key}: {})", shown(document, key)),
    );
}

/// Pushed authorization requests (RFC 9126): used whenever offered, required when configured so.
fn pushed_authorization(document: &Map<String, Value>, wanted: PushedAuthorization, report: &mut Report) {
    let key = "pushed_authorization_request_endpoint";
    match (document.get(key).and_then(Value::as_str), wanted) {
        (Some(endpoint), _) => {
            report.ok(UPSTREAM, format!("pushed authorization requests at {}", quoted(endpoint)))
        }
        (None, PushedAuthorization::Required) => report.check(
            UPSTREAM,
            false,
            format!(
                "pushed authorization requests, which oidc.pushed_authorization requires ({key}: absent)"
            ),
        ),
        (None, PushedAuthorization::Auto) => report.skip(
            UPSTREAM,
            format!(
                "pushed authorization requests: not offered ({key}: absent), the request goes in the address"
            ),
        ),
    }
}

/// DPoP (`oidc.dpop`): the provider binds tokens to keys signing ES256, the portal's.
fn dpop(document: &Map<String, Value>, report: &mut Report) {
    let key = "dpop_signing_alg_values_supported";
    report.check(
        UPSTREAM,
        strings(document, key).contains(&"ES256"),
        format!(
            "DPoP-bound tokens, proofs signed ES256 as oidc.dpop makes them ({key}: {})",
            shown(document, key)
        ),
    );
}

fn backchannel_logout(document: &Map<String, Value>, report: &mut Report) {
    let supported = document.get("backchannel_logout_supported") == Some(&Value::Bool(true));
    let with_sid = document.get("backchannel_logout_session_supported") == Some(&Value::Bool(true));
    match (supported, with_sid) {
        (true, true) => report.ok(UPSTREAM, "back-channel logout supported, with the session id (sid)"),
        (true, false) => report.ok(
            UPSTREAM,
            "back-channel logout supported, without sid: a sign-out elsewhere ends every session of the member",
        ),
        (false, _) => report.fail(
            UPSTREAM,
            format!(
                "back-channel logout not supported (backchannel_logout_supported: {}): a sign-out elsewhere would leave portal sessions open",
                shown(document, "backchannel_logout_supported")
            ),
        ),
    }
}

fn signature_algorithms(document: &Map<String, Value>, accepted: &[String], report: &mut Report) {
    let key = "id_token_signing_alg_values_supported";
    let offered = strings(document, key);
    let common: Vec<&str> =
        accepted.iter().map(String::as_str).filter(|algorithm| offered.contains(algorithm)).collect();
    if common.is_empty() {
        report.fail(
            UPSTREAM,
            format!(
                "none of oidc.signing_algorithms ({}) offered for ID tokens ({key}: {})",
                accepted.join(", "),
                shown(document, key)
            ),
        );
    } else {
        report.ok(
            UPSTREAM,
            format!(
                "ID tokens may be signed with {}, which oidc.signing_algorithms accepts",
                common.join(", ")
            ),
        );
    }
}

/// Whether a key of the JWKS can check a signature made with `algorithm`.
fn key_fits(key: &Value, algorithm: &str) -> bool {
    let kty = match &algorithm[..2] {
        "RS" | "PS" => "RSA",
        "ES" => "EC",
        _ => "oct",
    };
    key["kty"] == kty
        && key["use"] != "enc"
        && key.get("alg").is_none_or(|alg| alg == algorithm)
        && serde_json::from_value::<jsonwebtoken::jwk::Jwk>(key.clone())
            .is_ok_and(|jwk| jsonwebtoken::DecodingKey::from_jwk(&jwk).is_ok())
}

async fn keys(
    http: &reqwest::Client,
    timeout: Duration,
    document: &Map<String, Value>,
    accepted: &[String],
    report: &mut Report,
) {
    let Some(url) = text(document, "jwks_uri").and_then(|value| Url::parse(value).ok()) else {
        return report.skip(UPSTREAM, "keys: no jwks_uri to read them from");
    };
    let keys = match get_json(http, url.clone(), timeout, None).await {
        Ok(jwks) => jwks["keys"].as_array().cloned(),
        Err(problem) => return report.fail(UPSTREAM, format!("keys at {url}: {problem}")),
    };
    let Some(keys) = keys else {
        return report.fail(UPSTREAM, format!("keys at {url}: no \"keys\" array"));
    };
    let usable: Vec<&str> = accepted
        .iter()
        .map(String::as_str)
        .filter(|algorithm| keys.iter().any(|key| key_fits(key, algorithm)))
        .collect();
    if usable.is_empty() {
        report.fail(
            UPSTREAM,
            format!("keys at {url}: none of the {} keys checks {}", keys.len(), accepted.join(", ")),
        );
    } else {
        report.ok(
            UPSTREAM,
            format!("keys at {url}: {} published, usable for {}", keys.len(), usable.join(", ")),
        );
    }
}

/// The discovery and keys as the portal's own client reads them at sign-in (`auth::provider`):
/// what the rules above may have missed (a field the library requires, an unreadable key).
async fn portal_reading(
    settings: &Settings,
    endpoints: &Endpoints,
    http: reqwest::Client,
    report: &mut Report,
) -> anyhow::Result<()> {
    let provider = crate::auth::provider::Provider::from_settings(settings, endpoints, http)?;
    match provider.read_discovery().await {
        Ok(_) => report.ok(UPSTREAM, "the portal's OpenID client reads the discovery document and the keys"),
        Err(failure) => report.fail(UPSTREAM, format!("the portal's OpenID client refuses them: {failure}")),
    }
    Ok(())
}

/// The person number as the portal reads it when the ID token lacks it: from userinfo.
async fn person_number(
    http: &reqwest::Client,
    timeout: Duration,
    document: &Map<String, Value>,
    claim: &str,
    token: Option<&MemberToken>,
    report: &mut Report,
) {
    let Some(token) = token else {
        return report.skip(UPSTREAM, format!("{claim} in userinfo (no --member-token-file)"));
    };
    let Some(url) = text(document, "userinfo_endpoint").and_then(|value| Url::parse(value).ok()) else {
        return report.skip(UPSTREAM, format!("{claim} in userinfo: no userinfo_endpoint"));
    };
    match get_json(http, url, timeout, Some(&token.raw)).await {
        Ok(Value::Object(claims)) => match crate::auth::claim_text(&claims.into_iter().collect(), claim) {
            Some(_) => report.ok(UPSTREAM, format!("userinfo gives the test member's {claim}")),
            None => report.fail(
                UPSTREAM,
                format!("userinfo has no {claim} (oidc.person_number_claim) for the test member: check the provider's mapper"),
            ),
        },
        Ok(_) => report.fail(UPSTREAM, "userinfo: not a JSON object"),
        Err(problem) => report.fail(UPSTREAM, format!("userinfo with the test member's token: {problem}")),
    }
}
