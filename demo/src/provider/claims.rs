//! The claims of the tokens the provider signs. Like a Keycloak realm with the portal's
//! person-number mapper, every token carries the member's whole profile whatever the scope:
//! the portal always asks for `openid profile email`.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::config::IdpConfig;
use super::store::Session;
use crate::personas::Persona;

/// JWT media types (`typ` header), so that no token can stand in for another kind.
pub const ID_TOKEN_TYPE: &str = "JWT";
pub const ACCESS_TOKEN_TYPE: &str = "at+jwt";
pub const LOGOUT_TOKEN_TYPE: &str = "logout+jwt";

/// The event that makes a JWT a logout token (OpenID Connect Back-Channel Logout 1.0).
pub const BACKCHANNEL_LOGOUT_EVENT: &str = "http://schemas.openid.net/event/backchannel-logout";

/// Lifetime of a logout token: it is delivered at once or never.
const LOGOUT_TOKEN_TTL_SECS: u64 = 120;

pub fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |elapsed| elapsed.as_secs())
}

/// The member's stable subject identifier: a name-based UUID, the same on every start.
pub fn subject(member: &Persona) -> String {
    let name = format!("urn:espace-assure:demo:member:{}", member.person_number);
    uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_URL, name.as_bytes()).to_string()
}

/// The member's profile claims, as userinfo answers them and as every token carries them.
pub fn profile(member: &Persona, person_number_claim: &str) -> Map<String, Value> {
    let mut claims = Map::new();
    claims.insert("sub".into(), subject(member).into());
    claims.insert("preferred_username".into(), member.username.into());
    claims.insert("given_name".into(), member.prenom.into());
    claims.insert("family_name".into(), member.nom.into());
    claims.insert("name".into(), format!("{} {}", member.prenom, member.nom).into());
    claims.insert("email".into(), member.email.into());
    claims.insert("email_verified".into(), true.into());
    if member.is_member() {
        claims.insert(person_number_claim.into(), member.person_number.into());
    }
    claims
}

/// Claims of ID and access tokens; `sub` and the profile come flattened from [`profile`].
#[derive(Debug, Serialize, Deserialize)]
pub struct TokenClaims {
    pub iss: String,
    pub aud: String,
    pub azp: String,
    pub exp: u64,
    pub iat: u64,
    pub auth_time: u64,
    pub jti: String,
    pub sid: String,
    /// ID tokens only: echoes the authorization request's nonce.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce: Option<String>,
    /// Access tokens only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    /// Access tokens bound to a DPoP key: `{"jkt": its thumbprint}` (RFC 9449 §6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cnf: Option<Value>,
    #[serde(flatten)]
    pub profile: Map<String, Value>,
}

impl TokenClaims {
    fn base(config: &IdpConfig, sid: &str, session: &Session, lifetime_secs: u64) -> Self {
        let iat = now();
        Self {
            iss: config.issuer.clone(),
            aud: config.client.client_id.clone(),
            azp: config.client.client_id.clone(),
            exp: iat + lifetime_secs,
            iat,
            auth_time: session.auth_time,
            jti: uuid::Uuid::new_v4().to_string(),
            sid: sid.to_owned(),
            nonce: None,
            scope: None,
            cnf: None,
            profile: profile(session.member, &config.person_number_claim),
        }
    }

    /// An ID token lives as long as the access token issued with it.
    pub fn id_token(config: &IdpConfig, sid: &str, session: &Session) -> Self {
        Self {
            nonce: session.nonce.clone(),
            ..Self::base(config, sid, session, config.access_token_ttl.as_secs())
        }
    }

    /// An access token, bound to the DPoP key of thumbprint `jkt` when there is one.
    pub fn access_token(
        config: &IdpConfig,
        sid: &str,
        session: &Session,
        scope: &str,
        jkt: Option<&str>,
    ) -> Self {
        Self {
            scope: Some(scope.to_owned()),
            cnf: jkt.map(|jkt| serde_json::json!({ "jkt": jkt })),
            ..Self::base(config, sid, session, config.access_token_ttl.as_secs())
        }
    }
}

/// A back-channel logout token: no `nonce`, an `events` member naming the logout event.
#[derive(Debug, Serialize)]
pub struct LogoutClaims {
    pub iss: String,
    pub aud: String,
    pub iat: u64,
    pub exp: u64,
    pub jti: String,
    pub sub: String,
    pub sid: String,
    pub events: Map<String, Value>,
}

impl LogoutClaims {
    pub fn new(config: &IdpConfig, sid: &str, member: &Persona) -> Self {
        let iat = now();
        let mut events = Map::new();
        events.insert(BACKCHANNEL_LOGOUT_EVENT.into(), Value::Object(Map::new()));
        Self {
            iss: config.issuer.clone(),
            aud: config.client.client_id.clone(),
            iat,
            exp: iat + LOGOUT_TOKEN_TTL_SECS,
            jti: uuid::Uuid::new_v4().to_string(),
            sub: subject(member),
            sid: sid.to_owned(),
            events,
        }
    }
}
