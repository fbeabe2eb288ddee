//! `[oidc]`: the identity provider and the portal's client registration.

use std::path::PathBuf;

use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use url::Url;

use super::demo::DemoSettings;
use super::problems::Problems;
use crate::client_assertion::AssertionKeys;
use crate::tls::TlsFiles;

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OidcSettings {
    /// Issuer URL; its `/.well-known/openid-configuration` is read at start-up.
    pub issuer: Option<Url>,
    pub client_id: String,
    pub client_secret: Option<SecretString>,
    /// A file holding `client_secret`.
    pub client_secret_file: Option<PathBuf>,
    /// How the portal authenticates to the provider (token, pushed authorization requests,
    /// revocation): `client_secret_basic` (the secret), `private_key_jwt` (an assertion signed
    /// with `client_assertion_key_file`) or `tls_client_auth` (the client certificate of
    /// `client_cert_file`, which the connection presents).
    pub client_auth: ClientAuth,
    /// The private key (PKCS#8 PEM, EC P-256 or RSA) `private_key_jwt` signs with.
    pub client_assertion_key_file: Option<PathBuf>,
    /// Other keys published at `/auth/jwks.json` with the signing one (the next key, while
    /// the provider learns it).
    pub client_assertion_published_key_files: Vec<PathBuf>,
    /// Pushed authorization requests (RFC 9126), so that the browser's address carries only
    /// `client_id` and `request_uri`: `auto`, whenever the provider offers them; `required`,
    /// and a provider that does not is refused (the sign-in ends on the error page).
    pub pushed_authorization: PushedAuthorization,
    /// DPoP (RFC 9449): each session gets a key of its own, to which the provider binds its
    /// access tokens, and every use of a token (the token endpoint, the member API) comes with
    /// a proof signed by it. The provider must offer DPoP, and the member API check the proofs.
    pub dpop: bool,
    /// The text of `client_assertion_key_file`, read with the other secrets.
    #[serde(skip)]
    pub client_assertion_key: Option<SecretString>,
    /// Claim of the ID token (else userinfo) holding the member's person number.
    pub person_number_claim: String,
    /// Signature algorithms accepted on ID and logout tokens. Only the provider's asymmetric
    /// keys by default: Keycloak also announces HS256, which would let anyone holding the
    /// client secret sign an ID token; list an `HS*` algorithm only to accept exactly that.
    pub signing_algorithms: Vec<String>,
    /// Total time one call to the provider (discovery, keys, token, userinfo, revocation) may
    /// take, connection included.
    pub timeout_ms: u64,
    /// A PEM bundle of the authorities to trust besides the machine's and webpki's roots (a
    /// mutual's internal authority).
    pub ca_file: Option<PathBuf>,
    /// A client certificate (PEM, its chain after it) and its key, for mutual TLS.
    pub client_cert_file: Option<PathBuf>,
    pub client_key_file: Option<PathBuf>,
    /// How old a sign-in may be for the changes that matter most (bank details, a
    /// termination): older, the member signs in again (`max_age` of this many seconds).
    pub recent_sign_in_secs: u64,
    /// The `acr_values` asked for with that sign-in again, and one of which its ID token's
    /// `acr` must be: a provider's stronger level (Keycloak's step-up with a one-time code).
    /// None by default: the sign-in's age alone is checked.
    pub acr_values: Vec<String>,
}

#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ClientAuth {
    #[default]
    ClientSecretBasic,
    PrivateKeyJwt,
    TlsClientAuth,
}

#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PushedAuthorization {
    #[default]
    Auto,
    Required,
}

/// What `oidc.recent_sign_in_secs` accepts: from a minute, the time to come back from the
/// provider and confirm, to an hour, past which a sign-in hardly says the member is there.
pub const RECENT_SIGN_IN_SECS: std::ops::RangeInclusive<u64> = 60..=3600;

/// The JWS algorithms `oidc.signing_algorithms` may name.
pub const SIGNING_ALGORITHMS: [&str; 11] =
    ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "HS256", "HS384", "HS512"];

impl Default for OidcSettings {
    fn default() -> Self {
        Self {
            issuer: None,
            client_id: "espace-assure".into(),
            client_secret: None,
            client_secret_file: None,
            client_auth: ClientAuth::ClientSecretBasic,
            client_assertion_key_file: None,
            client_assertion_published_key_files: Vec::new(),
            pushed_authorization: PushedAuthorization::Auto,
            dpop: false,
            client_assertion_key: None,
            person_number_claim: "NUMERO_PERSONNE".into(),
            signing_algorithms: vec!["RS256".into(), "ES256".into()],
            timeout_ms: 10_000,
            ca_file: None,
            client_cert_file: None,
            client_key_file: None,
            recent_sign_in_secs: 300,
            acr_values: Vec::new(),
        }
    }
}

impl OidcSettings {
    pub fn tls(&self) -> TlsFiles<'_> {
        TlsFiles {
            ca_file: self.ca_file.as_deref(),
            client_cert_file: self.client_cert_file.as_deref(),
            client_key_file: self.client_key_file.as_deref(),
        }
    }

    pub(super) fn validate(&self, demo: &DemoSettings, problems: &mut Problems) {
        problems.tls("oidc.", self.tls());
        problems.upstream("oidc.issuer", self.issuer.as_ref(), demo.idp_on(), "demo.idp");
        match self.client_auth {
            ClientAuth::ClientSecretBasic if !demo.idp_on() && self.client_secret.is_none() => {
                problems.add("oidc.client_secret", "required for the confidential client");
            }
            ClientAuth::TlsClientAuth if demo.idp_on() => problems.add(
                "oidc.client_auth",
                "the embedded demo provider (demo.idp) is reached without TLS: use client_secret_basic or private_key_jwt",
            ),
            ClientAuth::PrivateKeyJwt => match &self.client_assertion_key {
                None if self.client_assertion_key_file.is_none() => {
                    problems.add("oidc.client_assertion_key_file", "required with private_key_jwt")
                }
                None => {}
                Some(pem) => {
                    let published = &self.client_assertion_published_key_files;
                    if let Err(problem) = AssertionKeys::new(pem.expose_secret(), published) {
                        problems.add("oidc.client_assertion_key_file", problem);
                    }
                }
            },
            ClientAuth::TlsClientAuth if self.client_cert_file.is_none() => {
                problems.add("oidc.client_cert_file", "required with tls_client_auth")
            }
            _ => {}
        }
        if self.person_number_claim.trim().is_empty() {
            problems.add("oidc.person_number_claim", "must not be empty");
        }
        if self.signing_algorithms.is_empty() {
            problems.add("oidc.signing_algorithms", "name at least one algorithm");
        }
        for algorithm in &self.signing_algorithms {
            if !SIGNING_ALGORITHMS.contains(&algorithm.as_str()) {
                problems.add(
                    "oidc.signing_algorithms",
                    format!("\"{algorithm}\" is not one of {}", SIGNING_ALGORITHMS.join(", ")),
                );
            }
        }
        problems.at_least_one("oidc.timeout_ms", self.timeout_ms);
        if !RECENT_SIGN_IN_SECS.contains(&self.recent_sign_in_secs) {
            problems.add(
                "oidc.recent_sign_in_secs",
                format!(
                    "must be from {} to {} seconds: long enough to come back from the provider, short enough to mean the member is there",
                    RECENT_SIGN_IN_SECS.start(),
                    RECENT_SIGN_IN_SECS.end()
                ),
            );
        }
        for value in &self.acr_values {
            if value.is_empty() || value.chars().any(|c| c.is_whitespace() || c.is_control()) {
                problems.add(
                    "oidc.acr_values",
                    format!("{value:?} is not one value: the request separates values with spaces"),
                );
            }
        }
        if demo.idp_on() && !self.acr_values.is_empty() {
            problems.add(
                "oidc.acr_values",
                "the embedded demo provider (demo.idp) names no level of authentication; set it with a provider that maps them",
            );
        }
    }
}
