//! `GET /auth/login` sends the member to the provider; `GET /auth/callback` brings them back,
//! signed in. Every failure ends on the SPA's `/error` page with a reason
//! (docs/product/states.md#sign-in-failures). A signed-in member's `/auth/login?reauth=1` is a
//! sign-in again before a change that needs a recent one (`sign_in_again`).

use actix_session::Session as SignInCookie;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use openidconnect::core::CoreAuthenticationFlow;
use openidconnect::{CsrfToken, Nonce, PkceCodeChallenge, Scope};

use super::callback::{authenticated, failed, query_value, redirect, tokens_of};
use super::failure::StartupFailure;
use super::service::Auth;
use super::sign_in_state::{self, LoginState};
use super::{acting, member, pushed, return_to, sign_in_again};
use crate::audit::{self, Kind, Note};
use crate::dpop::ProofKey;
use crate::error::ApiError;
use crate::member_api::{AccessToken, MemberApiClient};
use crate::request_id::RequestId;
use crate::session::{self, Session};

/// 72 random bytes make the 96-character PKCE verifier (docs/product/limits.md#sign-in).
const PKCE_VERIFIER_BYTES: u32 = 72;
/// The scope asked (docs/product/limits.md#sign-in); `openid` is always added by the client
/// library.
const SCOPES: [&str; 2] = ["profile", "email"];

/// A browser navigates to these addresses: a refused sign-in is a page it can show, still a
/// 429 with `Retry-After`.
fn refusal_page(error: ApiError) -> Result<HttpResponse, ApiError> {
    let ApiError::TooManyRequests { retry_after_secs, message } = error else { return Err(error) };
    let page = format!(
        "<!doctype html><html lang=\"fr\"><head><meta charset=\"utf-8\"><title>Espace assuré</title></head>\
         <body><h1>Connexion momentanément refusée</h1><p>{message}</p><p><a href=\"/\">Retour à l’accueil</a></p></body></html>"
    );
    Ok(HttpResponse::TooManyRequests()
        .insert_header((header::RETRY_AFTER, retry_after_secs))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .content_type("text/html; charset=utf-8")
        .body(page))
}

pub async fn login(
    request: HttpRequest,
    sign_ins: SignInCookie,
    auth: web::Data<Auth>,
) -> Result<HttpResponse, ApiError> {
    if let Err(refused) = auth.count_sign_in(&request) {
        return refusal_page(refused);
    }
    let return_to = return_to::sanitise(query_value(&request, "returnTo").as_deref());
    let current = auth.current(&request).await?;
    let signed_in = current.is_some();
    // Signed in, only a sign-in again (a change that needs a recent one) goes to the provider:
    // a link to `/auth/login` (from another site, say) must not sign the member out, nor start
    // a sign-in nobody asked for.
    let again = signed_in && query_value(&request, "reauth").as_deref() == Some("1");
    if signed_in && !again {
        return Ok(redirect(&return_to).finish());
    }
    let mut response = match auth.provider.discovered().await {
        Err(failure) => redirect(&failure.location()),
        Ok(discovered) => {
            let (challenge, verifier) = PkceCodeChallenge::new_random_sha256_len(PKCE_VERIFIER_BYTES);
            let authorization = discovered
                .client
                .authorize_url(
                    CoreAuthenticationFlow::AuthorizationCode,
                    CsrfToken::new_random,
                    Nonce::new_random,
                )
                .add_scopes(SCOPES.map(|scope| Scope::new(scope.to_owned())))
                .set_pkce_challenge(challenge);
            let authorization = if again { auth.recent_sign_in.ask(authorization) } else { authorization };
            let (url, csrf_state, nonce) = authorization.url();
            let now = crate::clock::now();
            let login = LoginState {
                csrf_state: csrf_state.into_secret(),
                nonce: nonce.secret().clone(),
                pkce_verifier: verifier.into_secret(),
                return_to,
                started_at: now,
                again,
                for_session: current
                    .filter(|_| again)
                    .map(|current| auth.sessions.names(&current.id).swap_remove(0)),
            };
            match pushed::authorization_address(&auth.provider, &discovered, url).await {
                Ok(address) => {
                    sign_in_state::remember(&sign_ins, login, now)?;
                    redirect(address.as_str())
                }
                Err(failure) => redirect(&failure.location()),
            }
        }
    };
    // A sign-in again keeps the session it renews until the provider answers.
    if again {
        return Ok(response.finish());
    }
    // The sign-in cookie is actix-session's to write here.
    let [session, _, xsrf] = auth.cookies.cleared();
    Ok(response.cookie(session).cookie(xsrf).finish())
}

pub async fn callback(
    request: HttpRequest,
    sign_ins: SignInCookie,
    request_id: Option<web::ReqData<RequestId>>,
    auth: web::Data<Auth>,
    member_api: web::Data<MemberApiClient>,
) -> Result<HttpResponse, ApiError> {
    if let Err(refused) = auth.count_sign_in(&request) {
        return refusal_page(refused);
    }
    // Without the sign-in cookie the browser refused it: the portal cannot work without cookies.
    if !auth.cookies.has_sign_in_cookie(&request) {
        return Ok(redirect("/fallback?reason=cookies-disabled").finish());
    }
    let login =
        sign_in_state::take(&sign_ins, query_value(&request, "state").as_deref(), crate::clock::now());
    let Some(login) = login else { return Ok(refused(&request, StartupFailure::init_failed(400))) };
    if login.again {
        return Ok(sign_in_again::finish(&request, &auth, login).await);
    }
    let request_id = request_id.as_deref().map(|id| id.0.as_str());
    Ok(match sign_in(&request, &auth, &member_api, request_id, login).await {
        Ok(signed_in) => {
            let mut builder = redirect(&signed_in.return_to);
            // The anti-forgery token goes with the new session id, and only with it.
            builder
                .cookie(auth.xsrf_cookie(&signed_in.session_id))
                .cookie(auth.cookies.session(signed_in.session_id));
            builder.finish()
        }
        Err(failure) => refused(&request, failure),
    })
}

/// A sign-in that did not complete, recorded in the audit trail with its reason's status.
fn refused(request: &HttpRequest, failure: StartupFailure) -> HttpResponse {
    let outcome = Some(failure.status).filter(|status| *status > 0);
    audit::note(request, Note { outcome, ..Note::of(Kind::SignInRefused) });
    failed(failure)
}

/// Where a completed sign-in goes, and the new session's id.
struct SignedIn {
    return_to: String,
    session_id: String,
}

/// The sign-in chain (docs/product/states.md#sign-in): code for tokens, ID token checks, person
/// number, then the member API's `compte/auth`. Any failure leaves no session behind.
async fn sign_in(
    request: &HttpRequest,
    auth: &Auth,
    member_api: &MemberApiClient,
    request_id: Option<&str>,
    login: LoginState,
) -> Result<SignedIn, StartupFailure> {
    // With `oidc.dpop`, the session's key, to which its tokens are bound from the first.
    let proof_key = auth.provider.dpop.then(ProofKey::generate);
    let (token, claims) = authenticated(request, auth, &login, proof_key.as_ref()).await?;
    let now = crate::clock::now();
    let tokens = tokens_of(&token, now);
    let access_token = AccessToken {
        value: tokens.access_token.clone(),
        proof_key: proof_key.clone().filter(|_| tokens.bound),
        acting_for: None,
    };
    let person_number = match member::claim_text(&claims.additional_claims().other, &auth.person_number_claim)
    {
        Some(number) => Some(number),
        None => {
            let discovered = auth.provider.discovered().await?;
            member::person_number_from_userinfo(auth, &discovered, &access_token, claims.subject()).await?
        }
    };
    let device = crate::device::Device::from_user_agent(
        request.headers().get(header::USER_AGENT).and_then(|agent| agent.to_str().ok()).unwrap_or_default(),
    );
    let mut return_to = login.return_to;
    let (member, acting, pseudonym) = match person_number {
        Some(person_number) => {
            let member = member_api
                .sign_in(&access_token, &person_number, &device, request_id)
                .await
                .map_err(StartupFailure::from_member_api)?;
            (member, None, auth.audit.pseudonym(&person_number))
        }
        // Someone who is no member: they may act for members who gave them a delegation
        // (docs/product/roles.md#acting-for-a-member), else the portal has nothing for them.
        None => {
            let mut procurations =
                acting::procurations(member_api, &access_token, request_id).await.map_err(|error| {
                    tracing::warn!(%error, "the members a delegate acts for could not be read");
                    StartupFailure::unreachable()
                })?;
            if procurations.is_empty() {
                return Err(StartupFailure::from_status(403));
            }
            // Whom they act for is theirs to choose when there are several.
            if procurations.len() > 1 {
                return_to = return_to::CHOOSE_WHOM.to_owned();
            }
            let first = procurations.swap_remove(0);
            let member = acting::open(member_api, &access_token, &first, &device, request_id)
                .await
                .map_err(StartupFailure::from_member_api)?;
            let pseudonym = auth.audit.pseudonym(&first.numero);
            let own_pseudonym = auth.audit.pseudonym(&format!("sub:{}", claims.subject().as_str()));
            (member, Some(acting::acting(first, None, own_pseudonym)), pseudonym)
        }
    };
    let session = Session {
        member,
        tokens,
        proof_key,
        sid: member::claim_text(&claims.additional_claims().other, "sid"),
        sub: claims.subject().to_string(),
        expires_at: now + auth.max_lifetime.as_secs() as i64,
        opened_at: now,
        auth_time: auth.recent_sign_in.kept_at_sign_in(
            claims.auth_time().map(|at| at.timestamp()),
            claims.auth_context_ref().map(|acr| acr.as_str()),
        ),
        pseudonym,
        device,
        acting,
        version: 0,
    };
    // A fresh id at each sign-in: an id planted before sign-in is worth nothing after it.
    let session_id = session::new_id();
    let closed = auth.sessions.create(&session_id, &session).await.map_err(|error| {
        tracing::error!(error = %error, "session store failed");
        StartupFailure::init_failed(503)
    })?;
    // Past the member's cap, their least recently used sessions were closed: as at sign-out,
    // their refresh tokens go too.
    for closed in &closed {
        auth.revoke(closed).await;
        audit::note(request, Note { member: closed.pseudonym.clone(), ..Note::of(Kind::SessionClosed) });
    }
    if auth.audit.is_on() {
        let name = auth.sessions.names(&session_id).swap_remove(0);
        audit::note(
            request,
            Note { member: session.pseudonym.clone(), session: Some(name), ..Note::of(Kind::SignIn) },
        );
    }
    Ok(SignedIn { return_to, session_id })
}
