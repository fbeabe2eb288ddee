//! The OpenID Connect provider, as the portal's confidential client sees it. Discovery is lazy and
//! cached: the provider may be down when the portal starts (or, in demo mode, be the portal itself,
//! not yet listening), and a sign-in must then fail with its reason
//! (docs/product/states.md#sign-in-failures) rather than the portal refusing to start. Concurrent
//! sign-ins and refreshes share one discovery, and a failed one is remembered for a few seconds
//! (`memo::Memo`).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use openidconnect::core::{
    CoreAuthDisplay, CoreAuthPrompt, CoreErrorResponseType, CoreGenderClaim, CoreJsonWebKey,
    CoreJweContentEncryptionAlgorithm, CoreJwsSigningAlgorithm, CoreRevocableToken,
    CoreRevocationErrorResponse, CoreTokenIntrospectionResponse, CoreTokenType,
};
use openidconnect::{
    AdditionalClaims, AdditionalProviderMetadata, ClientId, ClientSecret, EmptyExtraTokenFields,
    EndpointMaybeSet, EndpointNotSet, EndpointSet, IssuerUrl, LogoutProviderMetadata, ProviderMetadata,
    RedirectUrl, StandardErrorResponse, StandardTokenResponse,
};
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};
use tracing::Instrument;

use super::failure::{ProviderHttpError, StartupFailure};
use super::memo::Memo;
use crate::client_assertion::AssertionKeys;
use crate::config::{ClientAuth, PushedAuthorization};
use crate::dpop::ProofKey;
use crate::upstream_calls::{Outcome, Upstream, UpstreamCalls};

/// Claims beyond the standard ones (the person number, under a configurable name).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ExtraClaims {
    #[serde(flatten)]
    pub other: HashMap<String, serde_json::Value>,
}
impl AdditionalClaims for ExtraClaims {}

/// What the portal reads in discovery beyond what `openidconnect` knows.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ExtraMetadata {
    /// RFC 7009 revocation, which Keycloak announces.
    pub revocation_endpoint: Option<String>,
    /// RFC 9126: where authorization requests are pushed, when the provider takes them.
    pub pushed_authorization_request_endpoint: Option<String>,
    /// RFC 9207: the provider names itself (`iss`) in its authorization responses.
    #[serde(default)]
    pub authorization_response_iss_parameter_supported: bool,
}
impl AdditionalProviderMetadata for ExtraMetadata {}

type Metadata = ProviderMetadata<
    LogoutProviderMetadata<ExtraMetadata>,
    CoreAuthDisplay,
    openidconnect::core::CoreClientAuthMethod,
    openidconnect::core::CoreClaimName,
    openidconnect::core::CoreClaimType,
    openidconnect::core::CoreGrantType,
    CoreJweContentEncryptionAlgorithm,
    openidconnect::core::CoreJweKeyManagementAlgorithm,
    CoreJsonWebKey,
    openidconnect::core::CoreResponseMode,
    openidconnect::core::CoreResponseType,
    openidconnect::core::CoreSubjectIdentifierType,
>;

pub type IdTokenFields = openidconnect::IdTokenFields<
    ExtraClaims,
    EmptyExtraTokenFields,
    CoreGenderClaim,
    CoreJweContentEncryptionAlgorithm,
    CoreJwsSigningAlgorithm,
>;
pub type TokenResponse = StandardTokenResponse<IdTokenFields, CoreTokenType>;

pub type OidcClient = openidconnect::Client<
    ExtraClaims,
    CoreAuthDisplay,
    CoreGenderClaim,
    CoreJweContentEncryptionAlgorithm,
    CoreJsonWebKey,
    CoreAuthPrompt,
    StandardErrorResponse<CoreErrorResponseType>,
    TokenResponse,
    CoreTokenIntrospectionResponse,
    CoreRevocableToken,
    CoreRevocationErrorResponse,
    EndpointSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointMaybeSet,
    EndpointMaybeSet,
>;

/// What discovery yields, kept for `REDISCOVER_AFTER`.
pub struct Discovered {
    pub client: OidcClient,
    /// The RFC 7009 endpoint, when the provider has one.
    pub revocation: Option<url::Url>,
    pub end_session: Option<openidconnect::EndSessionUrl>,
    /// Its authorization responses carry `iss`, which must then be present (RFC 9207).
    pub issuer_in_response: bool,
    /// Where authorization requests are pushed (RFC 9126), when it takes them.
    pub pushed_authorization: Option<url::Url>,
    /// The provider's keys in the form `jsonwebtoken` reads, for back-channel logout tokens.
    pub jwks: jsonwebtoken::jwk::JwkSet,
}

/// Keys rotate: discovery (and with it the JWKS) is read again after this long.
const REDISCOVER_AFTER: Duration = Duration::from_secs(3600);
/// A failed discovery is remembered this long: while the provider is down, sign-ins and
/// refreshes fail at once instead of each waiting `oidc.timeout_ms` again, and its return is
/// seen within seconds.
const FAILURE_REMEMBERED_FOR: Duration = Duration::from_secs(5);
/// A token signed by a key we do not know makes us read the keys again, at most this often:
/// anyone can post a logout token with a made-up `kid`, and each must not cost the provider a
/// discovery and a JWKS download.
pub const UNKNOWN_KEY_REFETCH_INTERVAL: Duration = Duration::from_secs(30);

/// How the portal proves it is the client (`oidc.client_auth`).
pub enum Credentials {
    /// `client_secret_basic`.
    Secret(ClientSecret),
    /// `private_key_jwt`: a fresh assertion with every request.
    Assertion(AssertionKeys),
    /// `tls_client_auth`: the client certificate its connection presents.
    Certificate,
}

/// A token endpoint's answer, as `openidconnect` reads it.
pub type TokenAnswer = Result<
    TokenResponse,
    openidconnect::RequestTokenError<ProviderHttpError, StandardErrorResponse<CoreErrorResponseType>>,
>;

/// The headers of DPoP (RFC 9449): the proof, and a nonce the server wants in the next ones.
const DPOP: openidconnect::http::HeaderName = openidconnect::http::HeaderName::from_static("dpop");
const DPOP_NONCE: openidconnect::http::HeaderName =
    openidconnect::http::HeaderName::from_static("dpop-nonce");

/// The type of a `private_key_jwt` assertion (RFC 7523 §2.2).
const ASSERTION_TYPE: &str = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

pub struct Provider {
    pub issuer: IssuerUrl,
    pub client_id: ClientId,
    pub credentials: Credentials,
    /// `oidc.pushed_authorization = "required"`: a provider without pushed authorization
    /// requests is refused.
    pub pushed_authorization_required: bool,
    /// `oidc.dpop`: each session's tokens are bound to a key of its own.
    pub dpop: bool,
    /// The last `DPoP-Nonce` the provider gave (RFC 9449 §8), put in the next proofs to it.
    dpop_nonce: std::sync::Mutex<Option<String>>,
    pub redirect_url: RedirectUrl,
    pub http_client: reqwest::Client,
    /// Where its calls are timed and counted.
    pub recorded: UpstreamCalls,
    /// Total time of one call to the provider.
    pub timeout: Duration,
    /// The signature algorithms accepted on ID tokens (`oidc.signing_algorithms`)...
    pub id_token_algorithms: Vec<CoreJwsSigningAlgorithm>,
    /// ...and the same for logout tokens, which `jsonwebtoken` checks.
    pub logout_token_algorithms: Vec<jsonwebtoken::Algorithm>,
    discovery: Memo<Arc<Discovered>, StartupFailure>,
    last_forced_refetch: std::sync::Mutex<Option<Instant>>,
}

impl Provider {
    /// The provider `[oidc]` describes, at `endpoints.issuer_id`, called through `http`: the
    /// server's, and the one `check-upstreams` tries.
    pub fn from_settings(
        settings: &crate::config::Settings,
        endpoints: &crate::endpoints::Endpoints,
        http: reqwest::Client,
    ) -> anyhow::Result<Self> {
        use anyhow::Context as _;
        let oidc = &settings.oidc;
        let credentials = match oidc.client_auth {
            ClientAuth::ClientSecretBasic => {
                let secret = oidc.client_secret.as_ref().context("oidc.client_secret is not set")?;
                Credentials::Secret(ClientSecret::new(secret.expose_secret().to_owned()))
            }
            ClientAuth::PrivateKeyJwt => {
                let pem = oidc
                    .client_assertion_key
                    .as_ref()
                    .context("oidc.client_assertion_key_file is not set")?;
                let keys =
                    AssertionKeys::new(pem.expose_secret(), &oidc.client_assertion_published_key_files)
                        .map_err(|problem| anyhow::anyhow!("oidc.client_assertion_key_file: {problem}"))?;
                Credentials::Assertion(keys)
            }
            ClientAuth::TlsClientAuth => Credentials::Certificate,
        };
        let redirect_url = endpoints.public_url.join("auth/callback")?;
        let names = &oidc.signing_algorithms;
        Ok(Self {
            issuer: IssuerUrl::new(endpoints.issuer_id.clone())?,
            client_id: ClientId::new(oidc.client_id.clone()),
            credentials,
            pushed_authorization_required: oidc.pushed_authorization == PushedAuthorization::Required,
            dpop: oidc.dpop,
            dpop_nonce: std::sync::Mutex::new(None),
            redirect_url: RedirectUrl::from_url(redirect_url),
            http_client: http,
            recorded: UpstreamCalls::detached(),
            timeout: Duration::from_millis(oidc.timeout_ms),
            id_token_algorithms: names
                .iter()
                .map(|name| serde_json::from_value(serde_json::Value::String(name.clone())))
                .collect::<Result<_, _>>()?,
            logout_token_algorithms: names.iter().map(|name| name.parse()).collect::<Result<_, _>>()?,
            discovery: Memo::new(REDISCOVER_AFTER, FAILURE_REMEMBERED_FOR),
            last_forced_refetch: std::sync::Mutex::new(None),
        })
    }

    /// The ID token verifier, with the configured algorithms only (never whatever the provider
    /// announces, which for Keycloak includes HS256).
    pub fn id_token_verifier<'a>(
        &self,
        discovered: &'a Discovered,
    ) -> openidconnect::IdTokenVerifier<'a, CoreJsonWebKey> {
        discovered.client.id_token_verifier().set_allowed_algs(self.id_token_algorithms.clone())
    }

    /// The HTTP client handed to openidconnect for `call`: it turns the answers whose status
    /// decides a start-up reason (401, 403, 5xx) into errors, so that the reason survives the
    /// library.
    pub fn http<'a>(
        &'a self,
        call: ProviderCall,
    ) -> impl Fn(openidconnect::HttpRequest) -> HttpFuture<'a> + 'a {
        self.http_with_proof(call, None)
    }

    /// The same, each request with a DPoP proof of `key` when there is one: a token request's
    /// proof asks for a bound token; a bearer access token the request presents (userinfo) goes
    /// as a DPoP one, its hash in the proof.
    pub fn http_with_proof<'a>(
        &'a self,
        call: ProviderCall,
        key: Option<&'a ProofKey>,
    ) -> impl Fn(openidconnect::HttpRequest) -> HttpFuture<'a> + 'a {
        move |mut request| {
            Box::pin(async move {
                let name = call.name(request.uri().path());
                let started = self.recorded.start(Upstream::IdentityProvider, name);
                crate::telemetry::traces::propagate(started.span(), request.headers_mut());
                if let Some(key) = key {
                    self.prove(key, &mut request);
                }
                let answer =
                    send(&self.http_client, self.timeout, request).instrument(started.span().clone()).await;
                if let Ok(answer) = &answer {
                    self.keep_nonce(answer.headers());
                }
                started.finish(match &answer {
                    Err(ProviderHttpError::Unreachable(error)) if error.is_timeout() => Outcome::Timeout,
                    Err(ProviderHttpError::Unreachable(_)) => Outcome::Failed,
                    Err(ProviderHttpError::Status(status)) if *status >= 500 => Outcome::Failed,
                    _ => Outcome::Answered,
                });
                answer
            })
        }
    }

    /// Adds `key`'s proof to a request about to go, with the provider's last nonce.
    fn prove(&self, key: &ProofKey, request: &mut openidconnect::HttpRequest) {
        use openidconnect::http::header::{AUTHORIZATION, HeaderValue};
        let presented = request
            .headers()
            .get(AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .map(str::to_owned);
        let nonce = self.dpop_nonce.lock().expect("nonce lock").clone();
        let uri = request.uri().to_string();
        let proof = key.proof(
            request.method().as_str(),
            crate::dpop::target(&uri),
            presented.as_deref(),
            nonce.as_deref(),
            crate::clock::now(),
        );
        let headers = request.headers_mut();
        if let Some(token) = presented
            && let Ok(mut value) = HeaderValue::try_from(format!("DPoP {token}"))
        {
            value.set_sensitive(true);
            headers.insert(AUTHORIZATION, value);
        }
        if let Ok(value) = HeaderValue::try_from(proof) {
            headers.insert(DPOP, value);
        }
    }

    /// Keeps the nonce the provider gives with an answer, for the next proofs.
    fn keep_nonce(&self, headers: &openidconnect::http::HeaderMap) {
        if let Some(nonce) = headers.get(DPOP_NONCE).and_then(|value| value.to_str().ok()) {
            *self.dpop_nonce.lock().expect("nonce lock") = Some(nonce.to_owned());
        }
    }

    /// A token request, made by `send` with a DPoP proof of `key` when there is one. A provider
    /// that wants a nonce in proofs refuses the first with `use_dpop_nonce` and gives one (RFC
    /// 9449 §8): `send` then makes a new request (an assertion's `jti` serves once), with it.
    pub async fn token_request<Make, Answer>(&self, key: Option<&ProofKey>, send: Make) -> TokenAnswer
    where
        Make: Fn() -> Answer,
        Answer: std::future::Future<Output = TokenAnswer>,
    {
        let answer = send().await;
        match &answer {
            Err(openidconnect::RequestTokenError::ServerResponse(refusal))
                if key.is_some()
                    && *refusal.error() == CoreErrorResponseType::Extension("use_dpop_nonce".into()) =>
            {
                send().await
            }
            _ => answer,
        }
    }

    pub async fn discovered(&self) -> Result<Arc<Discovered>, StartupFailure> {
        self.discovery.get_or_read(|| async { self.discover().await.map(Arc::new) }).await
    }

    /// Forgets the cached discovery when a token is signed by a key we do not know (the
    /// provider may have rotated its keys), unless that was done less than
    /// `UNKNOWN_KEY_REFETCH_INTERVAL` ago. Says whether it did.
    pub async fn forget_for_unknown_key(&self) -> bool {
        {
            let mut last = self.last_forced_refetch.lock().expect("refetch clock");
            if last.is_some_and(|at| at.elapsed() < UNKNOWN_KEY_REFETCH_INTERVAL) {
                return false;
            }
            *last = Some(Instant::now());
        }
        self.discovery.forget().await;
        true
    }

    async fn discover(&self) -> Result<Discovered, StartupFailure> {
        self.read_discovery().await.map_err(|failure| {
            tracing::warn!(error = %failure, "OpenID provider discovery failed");
            match &failure {
                DiscoveryFailure::Discovery(error) => StartupFailure::from_discovery(error),
                DiscoveryFailure::Keys(_) => StartupFailure::init_failed(0),
            }
        })
    }

    /// What a request to the token, pushed authorization or revocation endpoint carries to
    /// authenticate the client beyond what `openidconnect` sends: a fresh assertion, for the
    /// issuer, with `private_key_jwt`.
    pub fn assertion_params(&self) -> Vec<(&'static str, String)> {
        match &self.credentials {
            Credentials::Assertion(keys) => vec![
                ("client_assertion_type", ASSERTION_TYPE.to_owned()),
                (
                    "client_assertion",
                    keys.assertion(self.client_id.as_str(), self.issuer.as_str(), crate::clock::now()),
                ),
            ],
            Credentials::Secret(_) | Credentials::Certificate => Vec::new(),
        }
    }

    /// A form POST to one of the provider's endpoints that `openidconnect` does not call
    /// (pushed authorization requests, revocation), authenticated as the client, with a DPoP
    /// proof of `proof_key` when there is one (a provider that binds tokens may ask for it to
    /// revoke them), timed and recorded as `call`.
    pub async fn post_form(
        &self,
        call: ProviderCall,
        endpoint: &url::Url,
        mut form: Vec<(String, String)>,
        proof_key: Option<&ProofKey>,
    ) -> reqwest::Result<reqwest::Response> {
        let mut request = self.http_client.post(endpoint.clone());
        if let Some(key) = proof_key {
            let nonce = self.dpop_nonce.lock().expect("nonce lock").clone();
            let target = crate::dpop::target(endpoint.as_str());
            request =
                request.header(DPOP, key.proof("POST", target, None, nonce.as_deref(), crate::clock::now()));
        }
        let request = match &self.credentials {
            Credentials::Secret(secret) => {
                let (id, secret) = basic_credentials(self.client_id.as_str(), secret.secret());
                request.basic_auth(id, Some(secret))
            }
            Credentials::Assertion(_) | Credentials::Certificate => {
                if !form.iter().any(|(name, _)| name == "client_id") {
                    form.push(("client_id".to_owned(), self.client_id.to_string()));
                }
                form.extend(
                    self.assertion_params().into_iter().map(|(name, value)| (name.to_owned(), value)),
                );
                request
            }
        };
        let started = self.recorded.start(Upstream::IdentityProvider, call.name(endpoint.path()));
        let answer = request
            .headers(crate::telemetry::traces::trace_headers(started.span()))
            .form(&form)
            .timeout(self.timeout)
            .send()
            .instrument(started.span().clone())
            .await;
        started.finish(match &answer {
            Ok(answer) if !answer.status().is_server_error() => Outcome::Answered,
            Err(error) if error.is_timeout() => Outcome::Timeout,
            _ => Outcome::Failed,
        });
        if let Ok(answer) = &answer {
            self.keep_nonce(answer.headers());
        }
        answer
    }

    /// Reads the discovery document and the keys now, as a sign-in would, without the cache:
    /// what went wrong is kept in words (`check-upstreams` prints it).
    pub async fn read_discovery(&self) -> Result<Discovered, DiscoveryFailure> {
        let metadata = Metadata::discover_async(self.issuer.clone(), &self.http(ProviderCall::Discovery))
            .await
            .map_err(DiscoveryFailure::Discovery)?;
        let jwks = serde_json::to_value(metadata.jwks())
            .and_then(serde_json::from_value)
            .map_err(DiscoveryFailure::Keys)?;
        let additional = metadata.additional_metadata().clone();
        let secret = match &self.credentials {
            Credentials::Secret(secret) => Some(secret.clone()),
            Credentials::Assertion(_) | Credentials::Certificate => None,
        };
        let client = OidcClient::from_provider_metadata(metadata, self.client_id.clone(), secret)
            .set_redirect_uri(self.redirect_url.clone())
            // Without a secret, the client names itself in the body (with its assertion, or
            // beside the certificate its connection presents).
            .set_auth_type(if matches!(self.credentials, Credentials::Secret(_)) {
                openidconnect::AuthType::BasicAuth
            } else {
                openidconnect::AuthType::RequestBody
            });
        let extra = additional.additional_metadata;
        Ok(Discovered {
            client,
            revocation: extra.revocation_endpoint.and_then(|url| url.parse().ok()),
            end_session: additional.end_session_endpoint,
            issuer_in_response: extra.authorization_response_iss_parameter_supported,
            pushed_authorization: extra
                .pushed_authorization_request_endpoint
                .and_then(|url| url.parse().ok()),
            jwks,
        })
    }
}

/// Why the provider's discovery document or keys could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DiscoveryFailure {
    #[error("{}", describe(.0))]
    Discovery(openidconnect::DiscoveryError<ProviderHttpError>),
    #[error("unreadable keys (JWKS): {0}")]
    Keys(serde_json::Error),
}

/// The discovery error with its causes: the library's own message alone ("Validation error")
/// does not say which rule failed.
fn describe(error: &openidconnect::DiscoveryError<ProviderHttpError>) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// What a call to the provider is for: its name in `upstream_request_duration_seconds`.
#[derive(Clone, Copy)]
pub enum ProviderCall {
    /// The discovery document, then the keys it names (one client reads both).
    Discovery,
    Token,
    UserInfo,
    Revocation,
    PushedAuthorization,
}

impl ProviderCall {
    /// The name of a call to `path`.
    pub fn name(self, path: &str) -> &'static str {
        match self {
            Self::Discovery if path.ends_with("/.well-known/openid-configuration") => "discovery",
            Self::Discovery => "keys",
            Self::Token => "token",
            Self::UserInfo => "userinfo",
            Self::Revocation => "revocation",
            Self::PushedAuthorization => "pushed_authorization",
        }
    }
}

pub type HttpFuture<'a> = std::pin::Pin<
    Box<dyn std::future::Future<Output = Result<openidconnect::HttpResponse, ProviderHttpError>> + Send + 'a>,
>;

async fn send(
    http: &reqwest::Client,
    timeout: Duration,
    request: openidconnect::HttpRequest,
) -> Result<openidconnect::HttpResponse, ProviderHttpError> {
    let mut request = reqwest::Request::try_from(request)?;
    // A provider that accepts the connection and never answers must not hold a sign-in, or
    // every request of a session waiting for its refresh, for ever.
    *request.timeout_mut() = Some(timeout);
    let response = http.execute(request).await?;
    let status = response.status();
    if matches!(status.as_u16(), 401 | 403) || status.is_server_error() {
        return Err(ProviderHttpError::Status(status.as_u16()));
    }
    let mut builder = openidconnect::http::Response::builder().status(status);
    for (name, value) in response.headers() {
        builder = builder.header(name, value);
    }
    let body = response.bytes().await?.to_vec();
    builder.body(body).map_err(|_| ProviderHttpError::Malformed)
}

/// The client's id and secret as HTTP Basic carries them to the provider: each form-encoded
/// first (RFC 6749 §2.3.1), so that a secret holding `+`, `%` or `:` reaches it unchanged, as
/// the token exchange's library sends them.
fn basic_credentials(id: &str, secret: &str) -> (String, String) {
    let encode = |value: &str| url::form_urlencoded::byte_serialize(value.as_bytes()).collect::<String>();
    (encode(id), encode(secret))
}

#[cfg(test)]
mod basic_tests {
    use super::*;

    #[test]
    fn a_secret_is_form_encoded_before_it_goes_in_basic() {
        assert_eq!(
            basic_credentials("espace assure", "a+b/c=d:e%"),
            ("espace+assure".to_owned(), "a%2Bb%2Fc%3Dd%3Ae%25".to_owned())
        );
    }
}
