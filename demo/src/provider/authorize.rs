//! The authorization endpoint and the sign-in page's form. The checks follow the order of
//! RFC 6749 §4.1.2.1: a wrong client or redirect URI gets an error page (redirecting would
//! hand the answer to an unknown site); every other problem goes back to the client.
//!
//! The provider remembers no sign-in between authorization requests (it sets no cookie of its
//! own): every request shows the sign-in page, and the member's pick is a new authentication,
//! whose moment is the tokens' `auth_time`. A request with `max_age`, however small, or with
//! `prompt=login` is so honoured as a real provider honours it when its own sign-in is older:
//! the page is shown again, and `auth_time` is the new pick's.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use url::Url;

use super::claims::now;
use super::client_auth::{PostedCredentials, authenticate};
use super::idp::Idp;
use super::oauth_error::OAuthError;
use super::pages;
use super::pages::Refusal;
use super::store::{AuthorizationRequest, CodeGrant, PUSHED_TTL, Session};
use super::token::parse_form;
use crate::personas;
use crate::random::random_token;

/// The scopes the provider knows; others are ignored (RFC 6749 §3.3 lets it grant less).
pub(super) const SUPPORTED_SCOPES: [&str; 3] = ["openid", "profile", "email"];
/// `state` and `nonce` are the client's opaque values, but memory is not unlimited.
const MAX_PARAMETER_LENGTH: usize = 1024;

#[derive(Debug, Default, Deserialize)]
struct AuthorizationQuery {
    client_id: Option<String>,
    redirect_uri: Option<String>,
    response_type: Option<String>,
    response_mode: Option<String>,
    scope: Option<String>,
    state: Option<String>,
    nonce: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
    prompt: Option<String>,
    /// Seconds; read as text so that a malformed one is the client's error, not a page.
    max_age: Option<String>,
    /// A pushed request's reference (RFC 9126): the request itself was sent beforehand.
    request_uri: Option<String>,
}

/// An error sent back to the client: RFC 6749 code and ASCII description.
type ClientError = (&'static str, &'static str);

pub async fn authorize(idp: web::Data<Idp>, request: HttpRequest) -> HttpResponse {
    let Ok(query) = serde_urlencoded::from_str::<AuthorizationQuery>(request.query_string()) else {
        return idp.refuse(Refusal::MalformedSignIn);
    };
    let client = &idp.config.client;
    if query.client_id.as_deref() != Some(client.client_id.as_str()) {
        return idp.refuse(Refusal::UnknownClient);
    }
    // A pushed request was checked when it was pushed; the address names it only.
    if let Some(request_uri) = &query.request_uri {
        return match idp.store.take_pushed(request_uri) {
            Some(pending) => pending_sign_in(&idp, pending),
            None => idp.refuse(Refusal::ExpiredSignIn),
        };
    }
    if query.redirect_uri.as_deref() != Some(client.redirect_uri.as_str()) {
        return idp.refuse(Refusal::UnregisteredRedirect);
    }
    let state = query.state.as_deref();
    match check(&query) {
        Ok(pending) => pending_sign_in(&idp, pending),
        Err((error, description)) => redirect(
            &client.redirect_uri,
            StatusCode::FOUND,
            &[("error", Some(error)), ("error_description", Some(description)), ("state", state)],
            &idp.config.issuer,
        ),
    }
}

/// The sign-in page for a request that passed every check.
fn pending_sign_in(idp: &Idp, pending: AuthorizationRequest) -> HttpResponse {
    let id = random_token();
    idp.store.add_pending(id.clone(), pending);
    pages::sign_in(&id)
}

/// `POST /par` (RFC 9126): the client, authenticated as at the token endpoint, pushes its
/// authorization request, which gets the same checks as at `/auth`; the answer names it for
/// the browser's address, for a minute and once.
pub async fn pushed(
    idp: web::Data<Idp>,
    request: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, OAuthError> {
    let credentials: PostedCredentials = parse_form(&body)?;
    authenticate(&request, &credentials, &idp.config, &idp.assertions)?;
    let query: AuthorizationQuery = parse_form(&body)?;
    if query.request_uri.is_some() {
        return Err(OAuthError::invalid_request("request_uri cannot be pushed"));
    }
    if query.redirect_uri.as_deref() != Some(idp.config.client.redirect_uri.as_str()) {
        return Err(OAuthError::invalid_request("redirect_uri is not the client's"));
    }
    let pending =
        check(&query).map_err(|(error, description)| OAuthError::bad_request(error, description))?;
    let request_uri = format!("urn:ietf:params:oauth:request_uri:{}", random_token());
    idp.store.add_pushed(request_uri.clone(), pending);
    Ok(HttpResponse::Created()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(serde_json::json!({ "request_uri": request_uri, "expires_in": PUSHED_TTL.as_secs() })))
}

fn check(query: &AuthorizationQuery) -> Result<AuthorizationRequest, ClientError> {
    match query.response_type.as_deref() {
        Some("code") => {}
        Some(_) => return Err(("unsupported_response_type", "only response_type=code is supported")),
        None => return Err(("invalid_request", "response_type is required")),
    }
    if query.response_mode.as_deref().is_some_and(|mode| mode != "query") {
        return Err(("invalid_request", "only response_mode=query is supported"));
    }
    let requested = query.scope.as_deref().unwrap_or_default();
    if !requested.split_whitespace().any(|scope| scope == "openid") {
        return Err(("invalid_scope", "the openid scope is required"));
    }
    let scope = SUPPORTED_SCOPES
        .into_iter()
        .filter(|supported| requested.split_whitespace().any(|scope| scope == *supported))
        .collect::<Vec<_>>()
        .join(" ");
    if query.code_challenge_method.as_deref() != Some("S256") {
        return Err(("invalid_request", "PKCE with code_challenge_method=S256 is required"));
    }
    let code_challenge = query.code_challenge.clone().unwrap_or_default();
    if !is_s256_challenge(&code_challenge) {
        return Err(("invalid_request", "code_challenge must be a base64url SHA-256 (43 characters)"));
    }
    let too_long = |value: &Option<String>| value.as_ref().is_some_and(|v| v.len() > MAX_PARAMETER_LENGTH);
    if too_long(&query.state) || too_long(&query.nonce) {
        return Err(("invalid_request", "state and nonce are limited to 1024 characters"));
    }
    if query.max_age.as_deref().is_some_and(|age| age.parse::<u64>().is_err()) {
        return Err(("invalid_request", "max_age must be a whole number of seconds"));
    }
    let prompts: Vec<&str> = query.prompt.as_deref().unwrap_or_default().split_whitespace().collect();
    if prompts.contains(&"none") {
        if prompts.len() > 1 {
            return Err(("invalid_request", "prompt=none cannot go with another value"));
        }
        // No sign-in is remembered between requests: never a silent sign-in.
        return Err(("login_required", "the member must choose an identity"));
    }
    Ok(AuthorizationRequest {
        redirect_uri: query.redirect_uri.clone().unwrap_or_default(),
        scope,
        state: query.state.clone(),
        nonce: query.nonce.clone(),
        code_challenge,
    })
}

fn is_s256_challenge(challenge: &str) -> bool {
    challenge.len() == 43 && challenge.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_".contains(&b))
}

#[derive(Debug, Deserialize)]
struct SignInForm {
    request: Option<String>,
    person: Option<String>,
}

/// The member picked an identity: a session starts, authenticated now (`auth_time`), and the
/// client gets a single-use code.
pub async fn sign_in(idp: web::Data<Idp>, body: web::Bytes) -> HttpResponse {
    let form = serde_urlencoded::from_bytes::<SignInForm>(&body).ok();
    let member = form.as_ref().and_then(|form| form.person.as_deref()).and_then(personas::by_login);
    let Some(member) = member else {
        return idp.refuse(Refusal::UnknownMember);
    };
    let pending =
        form.as_ref().and_then(|form| form.request.as_deref()).and_then(|id| idp.store.take_pending(id));
    let Some(pending) = pending else {
        return idp.refuse(Refusal::ExpiredSignIn);
    };
    let sid = uuid::Uuid::new_v4().to_string();
    idp.store.start_session(
        sid.clone(),
        Session { member, scope: pending.scope, nonce: pending.nonce, auth_time: now() },
    );
    let code = random_token();
    idp.store.add_code(
        code.clone(),
        CodeGrant { redirect_uri: pending.redirect_uri, code_challenge: pending.code_challenge, sid },
    );
    redirect(
        &idp.config.client.redirect_uri,
        StatusCode::SEE_OTHER,
        &[("code", Some(code.as_str())), ("state", pending.state.as_deref())],
        &idp.config.issuer,
    )
}

/// Sends the browser back to the client with `params` and `iss` (RFC 9207, which protects
/// clients that use several providers from mixing their answers up).
fn redirect(base: &Url, status: StatusCode, params: &[(&str, Option<&str>)], issuer: &str) -> HttpResponse {
    let mut target = base.clone();
    {
        let mut query = target.query_pairs_mut();
        for (name, value) in params {
            if let Some(value) = value {
                query.append_pair(name, value);
            }
        }
        query.append_pair("iss", issuer);
    }
    HttpResponse::build(status)
        .insert_header((header::LOCATION, target.as_str()))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .finish()
}
