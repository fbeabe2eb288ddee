//! The one client of the member API. The proxy, `/api/home`, the sign-in and the termination
//! all call it through here, so that the base URL, the identifiers put in a path, the total
//! timeout, the request id, the bearer token, the 401 rule (one refresh, one retry) and what a
//! failed answer means are each written once.
//!
//! It speaks HTTP through hyper's own client rather than reqwest: every proxied call goes
//! through here, and reqwest's layers (redirects, cookies, retries, the URL parsed again by
//! each) were a fifth of the proxy's time per call. Nothing here needs them: redirects are
//! never followed, no cookie is kept, the one retry is the 401 rule below.

use std::sync::Mutex;
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;
use futures_util::{Stream, StreamExt, TryStreamExt};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyDataStream, BodyExt, Empty, Full, StreamBody};
use hyper::body::{Body as _, Frame, Incoming};
use hyper::http::header::HeaderMap;
use hyper::http::{HeaderValue, Request, Response, Uri};
use hyper_util::client::legacy::Client;
use hyper_util::rt::{TokioExecutor, TokioTimer};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Value, json};
use thread_local::ThreadLocal;
use tokio::time::Instant;
use tracing::Instrument;
use url::Url;

pub mod calls;
pub mod routes;

use self::calls::MemberCall;
use crate::device::Device;
use crate::error::ApiError;
use crate::identifier::is_plain_identifier;
use crate::upstream_calls::{Outcome, Upstream, UpstreamCalls};

type BoxError = Box<dyn std::error::Error + Send + Sync>;
/// What goes out: nothing, bytes held in memory, or an upload streamed from the browser.
type OutgoingBody = BoxBody<Bytes, BoxError>;

type HttpClient = Client<crate::outbound::HttpsConnector, OutgoingBody>;

pub struct MemberApiClient {
    /// One client, and so one pool of connections, per thread. A connection's task runs on the
    /// thread that opened it: shared by actix's workers, a call from one worker went through
    /// another worker's queue and woke its thread, there and back, which the signed-in load
    /// paid in its tail.
    http: ThreadLocal<HttpClient>,
    connector: crate::outbound::HttpsConnector,
    recorded: UpstreamCalls,
    /// `path` of a call is appended to this (it ends with `/`).
    base: String,
    /// Total time of one call, connection and answer included; for an answer passed on as a
    /// stream, the longest wait for its next chunk.
    timeout: Duration,
}

const USER_AGENT: HeaderValue =
    HeaderValue::from_static(concat!("espace-assure/", env!("CARGO_PKG_VERSION")));
const REQUEST_ID: hyper::http::HeaderName = hyper::http::HeaderName::from_static("x-request-id");
const DPOP: hyper::http::HeaderName = hyper::http::HeaderName::from_static("dpop");
const AGIR_POUR: hyper::http::HeaderName = hyper::http::HeaderName::from_static("x-agir-pour");

/// Where a call's access token comes from: the member's session, which refreshes it when it
/// is short, and replaces one the member API refused. Calls run on actix's per-thread
/// runtimes, so the futures need not be `Send`.
#[async_trait(?Send)]
pub trait Bearer {
    async fn token(&self) -> Result<AccessToken, ApiError>;
    /// A token other than `refused`, to which the member API has just answered 401.
    async fn replacing(&self, refused: &AccessToken) -> Result<AccessToken, ApiError>;
}

/// An access token as a call presents it: a bearer token, or one bound to the session's DPoP
/// key, which then signs a proof for each call (`Authorization: DPoP`, RFC 9449 §7).
#[derive(Clone)]
pub struct AccessToken {
    pub value: std::sync::Arc<str>,
    pub proof_key: Option<crate::dpop::ProofKey>,
    /// The member a delegate acts for (docs/product/roles.md#acting-for-a-member), named to the
    /// member API with each call (`X-Agir-Pour`): the token stays the delegate's own, and the
    /// member API checks the delegation's rights on every call.
    pub acting_for: Option<String>,
}

/// What a call sends.
pub enum Body {
    Empty,
    /// Held in memory, so it can be sent again after a refresh.
    Buffered(Bytes),
    /// An upload streamed from the browser: it can go out once only.
    Streamed(Mutex<Option<OutgoingBody>>),
}

impl Body {
    pub fn streamed(
        chunks: impl Stream<Item = Result<Bytes, std::io::Error>> + Send + Sync + 'static,
    ) -> Self {
        let frames = chunks.map_ok(Frame::data).map_err(BoxError::from);
        Self::Streamed(Mutex::new(Some(BoxBody::new(StreamBody::new(frames)))))
    }

    /// A body for one attempt; `None` once a stream has gone.
    fn for_attempt(&self) -> Option<OutgoingBody> {
        match self {
            Self::Empty => Some(empty()),
            Self::Buffered(bytes) if bytes.is_empty() => Some(empty()),
            Self::Buffered(bytes) => Some(Full::new(bytes.clone()).map_err(|never| match never {}).boxed()),
            Self::Streamed(stream) => stream.lock().expect("body lock").take(),
        }
    }
}

fn empty() -> OutgoingBody {
    Empty::new().map_err(|never| match never {}).boxed()
}

/// One call: which of the table's (its method, and its name in metrics), its path relative to
/// the base (see `path_with_id`), optional query, the request id to pass on, the headers of its
/// own and its body.
pub struct Call<'a> {
    pub of: &'static MemberCall,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub request_id: Option<&'a str>,
    pub headers: HeaderMap,
    pub body: Body,
}

impl<'a> Call<'a> {
    /// A GET of `of` at `path` that expects `accept` back.
    pub fn get(
        of: &'static MemberCall,
        path: &'a str,
        request_id: Option<&'a str>,
        accept: &'static str,
    ) -> Self {
        let mut headers = HeaderMap::new();
        headers.insert(hyper::header::ACCEPT, HeaderValue::from_static(accept));
        Self { of, path, query: None, request_id, headers, body: Body::Empty }
    }

    /// A JSON document sent to `of`, whose path holds no identifier; JSON expected back.
    pub fn json(of: &'static MemberCall, request_id: Option<&'a str>, body: Bytes) -> Self {
        let mut headers = HeaderMap::new();
        let json = HeaderValue::from_static("application/json");
        headers.insert(hyper::header::CONTENT_TYPE, json.clone());
        headers.insert(hyper::header::ACCEPT, json);
        Self { of, path: of.relative(), query: None, request_id, headers, body: Body::Buffered(body) }
    }
}

/// A path of the member API with its `{id}` replaced, when the identifier is plain: nothing a
/// browser sends can change which call is made.
pub fn path_with_id(template: &str, id: &str) -> Result<String, ApiError> {
    if is_plain_identifier(id) {
        Ok(template.replace("{id}", id))
    } else {
        Err(ApiError::BadRequest("identifier".into()))
    }
}

/// The sign-in answer (`POST compte/auth`, docs/product/member-api.md#sign-in): all a session keeps
/// of the member, kept as the JSON text it came in. The browser gets it back as it is
/// (`/api/session`); a parsed document took five times the memory, in every session.
#[derive(Clone, Serialize, Deserialize)]
pub struct SignedInMember {
    #[serde(rename = "User")]
    pub user: Box<RawValue>,
    #[serde(rename = "VersionNum", default)]
    pub version_num: Option<Box<RawValue>>,
    #[serde(rename = "smartCarteUrl", default)]
    pub smart_carte_url: Option<Box<RawValue>>,
}

impl SignedInMember {
    /// `User.courtier` when it is a text, read from the kept text on each content request: only
    /// that field is built, the others are skipped over.
    pub fn courtier(&self) -> Option<String> {
        #[derive(Deserialize)]
        struct Courtier {
            courtier: Option<String>,
        }
        serde_json::from_str::<Courtier>(self.user.get()).ok()?.courtier
    }

    fn user_is_an_object(&self) -> bool {
        self.user.get().starts_with('{')
    }
}

/// The longest `navigateur` and `systeme` the contract's `Connexion.appareil` takes.
const APPAREIL_MAX_CHARS: usize = 60;

/// `Connexion.appareil` of the contract: the browser with its major version and the system, as
/// « Mes connexions » names them; none when either is unknown, or longer than the contract
/// takes (a made-up User-Agent: no browser names itself so).
fn appareil(device: &Device) -> Option<Value> {
    let fits = |name: &str| !name.is_empty() && name.chars().count() <= APPAREIL_MAX_CHARS;
    (fits(&device.browser) && fits(&device.system))
        .then(|| json!({ "navigateur": device.browser, "systeme": device.system }))
}

/// Why the sign-in call gave no member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignInError {
    Unreachable,
    /// The member API answered this failure status.
    Refused(u16),
    /// A success without a `User`.
    Malformed,
}

/// The member API's answer to one call, its body still to read before the call's deadline.
pub struct Answer {
    response: Response<Incoming>,
    deadline: Instant,
    /// The longest wait for each chunk of a body passed on as a stream.
    chunk_wait: Duration,
}

impl Answer {
    /// The body as a stream, with its exact length when the upstream gave one. A stalled
    /// upstream ends it with an error (the browser sees a broken transfer), never with a body
    /// that looks complete.
    pub fn into_stream(self) -> (Option<u64>, impl Stream<Item = Result<Bytes, std::io::Error>> + 'static) {
        let length = self.response.body().size_hint().exact();
        let chunks =
            tokio_stream::StreamExt::timeout(BodyDataStream::new(self.response.into_body()), self.chunk_wait)
                .map(|chunk| match chunk {
                    Ok(chunk) => chunk.map_err(std::io::Error::other),
                    Err(elapsed) => Err(std::io::Error::new(std::io::ErrorKind::TimedOut, elapsed)),
                });
        (length, chunks)
    }

    pub fn status(&self) -> hyper::StatusCode {
        self.response.status()
    }

    pub fn headers(&self) -> &HeaderMap {
        self.response.headers()
    }

    /// The whole body, read before the call's deadline.
    pub async fn bytes(self) -> Result<Bytes, ApiError> {
        let body = tokio::time::timeout_at(self.deadline, self.response.into_body().collect())
            .await
            .map_err(|_| ApiError::GatewayTimeout("member API answer cut by the timeout".into()))?
            .map_err(|error| ApiError::BadGateway(error.to_string()))?;
        Ok(body.to_bytes())
    }

    pub async fn json<T: DeserializeOwned>(self) -> Result<T, ApiError> {
        let bytes = self.bytes().await?;
        serde_json::from_slice(&bytes).map_err(|error| ApiError::BadGateway(error.to_string()))
    }
}

impl MemberApiClient {
    pub fn new(
        base: &Url,
        connect_timeout: Duration,
        timeout: Duration,
        tls: rustls::ClientConfig,
        outbound: &crate::config::OutboundSettings,
    ) -> anyhow::Result<Self> {
        Ok(Self {
            http: ThreadLocal::new(),
            connector: crate::outbound::https_connector(connect_timeout, tls, outbound)?,
            base: base.as_str().to_owned(),
            timeout,
            recorded: UpstreamCalls::detached(),
        })
    }

    /// The client `[upstream.api]` and `[outbound]` describe, calling `endpoints.api_base`: the
    /// server's, and the one `check-upstreams` tries.
    pub fn from_settings(
        settings: &crate::config::Settings,
        endpoints: &crate::endpoints::Endpoints,
    ) -> anyhow::Result<Self> {
        let api = &settings.upstream.api;
        Self::new(
            &endpoints.api_base,
            Duration::from_millis(api.connect_timeout_ms),
            Duration::from_millis(api.timeout_ms),
            crate::tls::client_config(api.tls())?,
            &settings.outbound,
        )
    }

    /// This thread's client.
    fn http(&self) -> &HttpClient {
        self.http.get_or(|| {
            Client::builder(TokioExecutor::new())
                .pool_idle_timeout(crate::outbound::UPSTREAM_IDLE_CONNECTION)
                .pool_timer(TokioTimer::new())
                .build(self.connector.clone())
        })
    }

    /// Times and counts its calls in `recorded` (exported by the server's metrics).
    pub fn recording(self, recorded: UpstreamCalls) -> Self {
        Self { recorded, ..self }
    }

    /// A call on behalf of a signed-in member: the token is refreshed first when short; when
    /// the member API still refuses it (401), the token is replaced once and the call made
    /// again, if its body can be sent again. The answer's status is the caller's to read.
    pub async fn send(&self, bearer: &dyn Bearer, call: &Call<'_>) -> Result<Answer, ApiError> {
        let token = bearer.token().await?;
        let first = call.body.for_attempt().ok_or_else(|| anyhow::anyhow!("request body already sent"))?;
        let answer = self.attempt(call, Some(&token), first).await?;
        if answer.status() != hyper::StatusCode::UNAUTHORIZED {
            return Ok(answer);
        }
        let token = bearer.replacing(&token).await?;
        match call.body.for_attempt() {
            // Boxed: held inline, a second attempt doubled the size of every call's future.
            Some(replay) => Box::pin(self.attempt(call, Some(&token), replay)).await,
            // The new token is kept for the member's next try; this upload cannot be replayed.
            None => Err(ApiError::Unavailable("upstream refused a streamed upload's token".into())),
        }
    }

    /// One attempt of `call` with `token` as it is: no session stands behind it to refresh it
    /// (the sign-in's own calls).
    pub async fn once(&self, token: &AccessToken, call: &Call<'_>) -> Result<Answer, ApiError> {
        let body = call.body.for_attempt().ok_or_else(|| anyhow::anyhow!("request body already sent"))?;
        self.attempt(call, Some(token), body).await
    }

    /// A call whose success the portal reads itself: any failure is an `ApiError`.
    pub async fn expect_success(&self, bearer: &dyn Bearer, call: &Call<'_>) -> Result<Answer, ApiError> {
        let answer = self.send(bearer, call).await?;
        match answer.status() {
            status if status.is_success() => Ok(answer),
            status => Err(failure(status)),
        }
    }

    /// A GET of JSON made by the portal itself (the home page's parts): `of` at `path`.
    pub async fn get_json(
        &self,
        bearer: &dyn Bearer,
        of: &'static MemberCall,
        path: &str,
        request_id: Option<&str>,
    ) -> Result<Value, ApiError> {
        let answer =
            self.expect_success(bearer, &Call::get(of, path, request_id, "application/json")).await?;
        answer.json().await
    }

    /// `POST compte/auth` with `{Login, Type: "ADH"}` (docs/product/member-api.md#sign-in) and,
    /// when the sign-in's browser is known, its `appareil` (the member API records it and tells the
    /// member of a device it never saw), with the token just received: a refusal here is the
    /// sign-in's answer, never a reason to refresh.
    pub async fn sign_in(
        &self,
        access_token: &AccessToken,
        person_number: &str,
        device: &Device,
        request_id: Option<&str>,
    ) -> Result<SignedInMember, SignInError> {
        let mut body = json!({ "Login": person_number, "Type": "ADH" });
        if let Some(appareil) = appareil(device) {
            body["appareil"] = appareil;
        }
        let call = Call::json(&calls::SE_CONNECTER, request_id, body.to_string().into());
        let body = call.body.for_attempt().unwrap_or_else(empty);
        let answer = self.attempt(&call, Some(access_token), body).await.map_err(|error| {
            tracing::warn!(%error, "member API unreachable at sign-in");
            SignInError::Unreachable
        })?;
        let status = answer.status();
        if !status.is_success() {
            tracing::warn!(status = status.as_u16(), "member API refused the sign-in");
            return Err(SignInError::Refused(status.as_u16()));
        }
        match answer.json::<SignedInMember>().await {
            Ok(member) if member.user_is_an_object() => Ok(member),
            _ => Err(SignInError::Malformed),
        }
    }

    /// A call no member makes: the payment provider's notification, passed on without a token
    /// (the member API trusts the provider's signature it carries, and checks it itself).
    pub async fn without_member(&self, call: &Call<'_>) -> Result<Answer, ApiError> {
        let body = call.body.for_attempt().ok_or_else(|| anyhow::anyhow!("request body already sent"))?;
        self.attempt(call, None, body).await
    }

    /// One attempt of `call`, timed to the upstream's answer (its status and headers), with
    /// the member's token when a member makes it.
    async fn attempt(
        &self,
        call: &Call<'_>,
        token: Option<&AccessToken>,
        body: OutgoingBody,
    ) -> Result<Answer, ApiError> {
        let name = call.of.name();
        let started = self.recorded.start(Upstream::MemberApi, &name);
        let deadline = Instant::now() + self.timeout;
        let mut request = self.request(call, token, body)?;
        crate::telemetry::traces::propagate(started.span(), request.headers_mut());
        let sent = tokio::time::timeout_at(deadline, self.http().request(request))
            .instrument(started.span().clone());
        let answered = match sent.await {
            Ok(Ok(response)) => Ok(response),
            Ok(Err(error)) => Err(unreachable(error)),
            Err(_) => Err(ApiError::GatewayTimeout("member API did not answer in time".into())),
        };
        started.finish(match &answered {
            Ok(response) if !response.status().is_server_error() => Outcome::Answered,
            Err(ApiError::GatewayTimeout(_)) => Outcome::Timeout,
            _ => Outcome::Failed,
        });
        Ok(Answer { response: answered?, deadline, chunk_wait: self.timeout })
    }

    fn request(
        &self,
        call: &Call<'_>,
        token: Option<&AccessToken>,
        body: OutgoingBody,
    ) -> Result<Request<OutgoingBody>, ApiError> {
        let mut uri =
            String::with_capacity(self.base.len() + call.path.len() + 1 + call.query.map_or(0, str::len));
        uri.push_str(&self.base);
        uri.push_str(call.path);
        // A bound token's proof names the call's address without its query (`htu`).
        let proof = token.and_then(|token| {
            let key = token.proof_key.as_ref()?;
            Some(key.proof(call.of.method.as_str(), &uri, Some(&token.value), None, crate::clock::now()))
        });
        if let Some(query) = call.query.filter(|query| !query.is_empty()) {
            uri.push('?');
            uri.push_str(query);
        }
        // The path is the portal's own; a query the browser sent that is not a valid URI's
        // is refused here rather than passed on.
        let uri = Uri::try_from(uri).map_err(|_| ApiError::BadRequest("query".into()))?;
        let mut request = Request::builder().method(call.of.method.hyper()).uri(uri);
        let headers = request.headers_mut().expect("a request under construction");
        // Sized once for the call's headers and the four added here, rather than cloned then grown.
        headers.reserve(call.headers.len() + 4);
        for (name, value) in &call.headers {
            headers.append(name.clone(), value.clone());
        }
        if let Some(token) = token {
            let scheme: &[u8] = if proof.is_some() { b"DPoP " } else { b"Bearer " };
            let mut value = bytes::BytesMut::with_capacity(scheme.len() + token.value.len());
            value.extend_from_slice(scheme);
            value.extend_from_slice(token.value.as_bytes());
            let mut authorization = HeaderValue::from_maybe_shared(value.freeze())
                .map_err(|error| ApiError::Internal(anyhow::anyhow!("access token: {error}")))?;
            authorization.set_sensitive(true);
            headers.insert(hyper::header::AUTHORIZATION, authorization);
        }
        if let Some(proof) = proof.and_then(|proof| HeaderValue::try_from(proof).ok()) {
            headers.insert(DPOP, proof);
        }
        headers.insert(hyper::header::USER_AGENT, USER_AGENT);
        if let Some(id) = call.request_id.and_then(|id| HeaderValue::from_str(id).ok()) {
            headers.insert(REQUEST_ID, id);
        }
        if let Some(numero) = token
            .and_then(|token| token.acting_for.as_deref())
            .and_then(|numero| HeaderValue::from_str(numero).ok())
        {
            headers.insert(AGIR_POUR, numero);
        }
        request.body(body).map_err(|error| ApiError::Internal(error.into()))
    }
}

/// A call that got no answer: 504 when the connection timed out, 502 otherwise (refused,
/// reset, closed early).
fn unreachable(error: hyper_util::client::legacy::Error) -> ApiError {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(&error);
    while let Some(cause) = source {
        if cause.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::TimedOut)
        {
            return ApiError::GatewayTimeout(error.to_string());
        }
        source = cause.source();
    }
    ApiError::BadGateway(format!("{error:?}"))
}

/// What a failed answer of the member API means for the portal: a 401 after the retry ends the
/// member's session; a 5xx is the upstream's failure, shown as a 502 with the portal's French
/// message; the others keep their meaning.
pub fn failure(status: hyper::StatusCode) -> ApiError {
    match status.as_u16() {
        401 => ApiError::Unauthorized,
        403 => ApiError::Forbidden,
        404 => ApiError::NotFound,
        status if status >= 500 => ApiError::BadGateway(format!("member API answered {status}")),
        status => ApiError::BadRequest(format!("member API answered {status}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_device_goes_to_the_sign_in_only_when_browser_and_system_are_known() {
        let device = |browser: &str, system: &str| Device { browser: browser.into(), system: system.into() };
        assert_eq!(
            appareil(&device("Firefox 133", "Android")),
            Some(json!({ "navigateur": "Firefox 133", "systeme": "Android" }))
        );
        assert_eq!(appareil(&device("Firefox 133", "")), None);
        assert_eq!(appareil(&device("", "Android")), None);
        assert_eq!(appareil(&Device::default()), None);
        let made_up = format!("Firefox {}", "9".repeat(60));
        assert_eq!(appareil(&device(&made_up, "Linux")), None, "over the contract's 60 characters");
    }

    #[test]
    fn the_sign_in_answer_is_kept_as_it_came_and_read_field_by_field() {
        let answer = r#"{"User":{"Nom":"DUPONT","courtier":"Agence Sud","age":40},"VersionNum":"7"}"#;
        let member: SignedInMember = serde_json::from_str(answer).unwrap();
        assert_eq!(member.user.get(), r#"{"Nom":"DUPONT","courtier":"Agence Sud","age":40}"#);
        assert_eq!(member.courtier().as_deref(), Some("Agence Sud"));
        let numbered: SignedInMember = serde_json::from_str(r#"{"User":{"courtier":12}}"#).unwrap();
        assert_eq!(numbered.courtier(), None, "not a text");
        assert_eq!(member.version_num.as_deref().map(RawValue::get), Some(r#""7""#));
        assert!(member.smart_carte_url.is_none());
        assert!(member.user_is_an_object());
        let without_user: SignedInMember = serde_json::from_str(r#"{"User":null}"#).unwrap();
        assert!(!without_user.user_is_an_object());
    }

    #[test]
    fn an_identifier_that_could_change_the_path_is_refused() {
        assert_eq!(path_with_id("demande/{id}", "A-12_b").unwrap(), "demande/A-12_b");
        for forged in ["..", "a/b", "a%2Fb", "", "a b"] {
            assert!(path_with_id("demande/{id}", forged).is_err(), "{forged}");
        }
    }

    #[test]
    fn a_request_carries_the_members_token_and_the_query_only_when_valid() {
        let base = Url::parse("https://api.example.org/api/").unwrap();
        let tls = crate::tls::client_config(crate::tls::TlsFiles::default()).unwrap();
        let client = MemberApiClient::new(
            &base,
            Duration::from_secs(1),
            Duration::from_secs(1),
            tls,
            &Default::default(),
        )
        .unwrap();
        let prestations = calls::CALLS.iter().find(|call| call.path == "/assure/prestations").unwrap();
        let mut call = Call::get(prestations, "assure/prestations", Some("req-1"), "application/json");
        call.query = Some("dateDebut=2026-01-15&dateFin=2026-01-31");
        let bearer = AccessToken { value: "tok".into(), proof_key: None, acting_for: None };
        let request = client.request(&call, Some(&bearer), empty()).unwrap();
        assert!(request.headers().get("dpop").is_none());
        assert_eq!(
            request.uri(),
            "https://api.example.org/api/assure/prestations?dateDebut=2026-01-15&dateFin=2026-01-31"
        );
        let headers = request.headers();
        assert_eq!(headers["authorization"], "Bearer tok");
        assert!(headers["authorization"].is_sensitive(), "kept out of debug output");
        assert_eq!(headers["x-request-id"], "req-1");
        assert_eq!(headers["accept"], "application/json");
        assert!(headers["user-agent"].to_str().unwrap().starts_with("espace-assure/"));

        call.query = Some("dateDebut=\"2026\"");
        assert!(matches!(client.request(&call, Some(&bearer), empty()), Err(ApiError::BadRequest(_))));
    }

    #[test]
    fn a_bound_token_goes_as_dpop_with_a_proof_of_this_call_without_its_query() {
        let base = Url::parse("https://api.example.org/api/").unwrap();
        let tls = crate::tls::client_config(crate::tls::TlsFiles::default()).unwrap();
        let client = MemberApiClient::new(
            &base,
            Duration::from_secs(1),
            Duration::from_secs(1),
            tls,
            &Default::default(),
        )
        .unwrap();
        let prestations = calls::CALLS.iter().find(|call| call.path == "/assure/prestations").unwrap();
        let mut call = Call::get(prestations, "assure/prestations", None, "application/json");
        call.query = Some("dateDebut=2026-01-15");
        let bound = AccessToken {
            value: "tok".into(),
            proof_key: Some(crate::dpop::ProofKey::generate()),
            acting_for: None,
        };
        let request = client.request(&call, Some(&bound), empty()).unwrap();
        assert_eq!(request.headers()["authorization"], "DPoP tok");
        let proof = request.headers()["dpop"].to_str().unwrap();
        let claims = jsonwebtoken::dangerous::insecure_decode::<Value>(proof).unwrap().claims;
        assert_eq!(claims["htm"], "GET");
        assert_eq!(claims["htu"], "https://api.example.org/api/assure/prestations");
        assert_eq!(claims["ath"], crate::dpop::token_hash("tok"));
    }

    #[test]
    fn a_streamed_body_goes_out_once_and_a_buffered_one_again() {
        let buffered = Body::Buffered(Bytes::from_static(b"{}"));
        assert!(buffered.for_attempt().is_some());
        assert!(buffered.for_attempt().is_some());
        let streamed = Body::streamed(futures_util::stream::iter([Ok(Bytes::from_static(b"upload"))]));
        assert!(streamed.for_attempt().is_some());
        assert!(streamed.for_attempt().is_none());
    }
}
