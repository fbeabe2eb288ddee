//! A stand-in OpenID provider (wiremock) whose answers each test chooses: tokens signed with
//! the test key of `tests/fixtures`, so that any claim, nonce or failure can be staged.

use jsonwebtoken::{Algorithm, EncodingKey, Header, encode};
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

pub const CLIENT_ID: &str = "espace-assure";
pub const CLIENT_SECRET: &str = "test-secret";

pub struct FakeIdp {
    pub server: MockServer,
    pub issuer: String,
}

fn key() -> EncodingKey {
    EncodingKey::from_rsa_pem(include_bytes!("../fixtures/test-signing-key.pem")).unwrap()
}

pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

impl FakeIdp {
    pub async fn start() -> Self {
        Self::start_with_discovery(|document| ResponseTemplate::new(200).set_body_json(document)).await
    }

    /// A provider whose discovery answers as `answer` makes it of the real document (slowly,
    /// or failing, say).
    pub async fn start_with_discovery(answer: impl FnOnce(Value) -> ResponseTemplate) -> Self {
        let server = MockServer::start().await;
        let issuer = format!("{}/realms/test", server.uri());
        let discovery = json!({
            "issuer": issuer,
            "authorization_endpoint": format!("{issuer}/auth"),
            "token_endpoint": format!("{issuer}/token"),
            "userinfo_endpoint": format!("{issuer}/userinfo"),
            "jwks_uri": format!("{issuer}/jwks"),
            "end_session_endpoint": format!("{issuer}/logout"),
            "revocation_endpoint": format!("{issuer}/revoke"),
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            // As Keycloak announces them: HS256 among the asymmetric ones.
            "id_token_signing_alg_values_supported": ["RS256", "ES256", "HS256"],
        });
        Mock::given(method("GET"))
            .and(path("/realms/test/.well-known/openid-configuration"))
            .respond_with(answer(discovery))
            .mount(&server)
            .await;
        let jwks: Value = serde_json::from_str(include_str!("../fixtures/test-jwks.json")).unwrap();
        Mock::given(method("GET"))
            .and(path("/realms/test/jwks"))
            .respond_with(ResponseTemplate::new(200).set_body_json(jwks))
            .mount(&server)
            .await;
        Self { server, issuer }
    }

    pub fn sign(&self, claims: Value) -> String {
        let mut header = Header::new(Algorithm::RS256);
        header.kid = Some("test-key".into());
        encode(&header, &claims, &key()).unwrap()
    }

    /// An ID token for person 100001 with the given nonce, who has just signed in (as Keycloak
    /// does, it says when: `auth_time`), with `changes` to its claims; a `null` leaves a claim
    /// out.
    pub fn id_token_with(&self, nonce: &str, changes: Value) -> String {
        let mut claims = json!({
            "iss": self.issuer, "sub": "sub-marie", "aud": CLIENT_ID, "azp": CLIENT_ID,
            "exp": now() + 300, "iat": now(), "auth_time": now(), "nonce": nonce, "sid": "sid-marie",
            "NUMERO_PERSONNE": "100001",
        });
        let claims_map = claims.as_object_mut().unwrap();
        for (name, value) in changes.as_object().expect("changes are an object") {
            match value {
                Value::Null => claims_map.remove(name),
                value => claims_map.insert(name.clone(), value.clone()),
            };
        }
        self.sign(claims)
    }

    /// The token endpoint answers the next call with `body` and `status`; answers queue up in
    /// the order they are staged.
    pub async fn token_answers(&self, status: u16, body: Value) {
        Mock::given(method("POST"))
            .and(path("/realms/test/token"))
            .respond_with(ResponseTemplate::new(status).set_body_json(body))
            .up_to_n_times(1)
            .mount(&self.server)
            .await;
    }

    pub fn tokens(&self, nonce: &str, access_ttl: i64) -> Value {
        self.tokens_with(nonce, access_ttl, json!({}))
    }

    /// Tokens whose ID token has `changes` (see `id_token_with`).
    pub fn tokens_with(&self, nonce: &str, access_ttl: i64, changes: Value) -> Value {
        json!({
            "access_token": format!("access-{}", crate::helpers::random()),
            "token_type": "Bearer",
            "expires_in": access_ttl,
            "refresh_token": "refresh-1",
            "id_token": self.id_token_with(nonce, changes),
        })
    }

    /// A back-channel logout token for `sid`.
    pub fn logout_token(&self, sid: &str) -> String {
        self.sign(json!({
            "iss": self.issuer, "aud": CLIENT_ID, "iat": now(), "exp": now() + 120,
            "jti": crate::helpers::random(), "sid": sid,
            "events": { "http://schemas.openid.net/event/backchannel-logout": {} },
        }))
    }

    /// Its revocation endpoint answers 200 (see `held_tokens::revoked` for what it received).
    pub async fn accepts_revocations(&self) {
        Mock::given(method("POST"))
            .and(path("/realms/test/revoke"))
            .respond_with(ResponseTemplate::new(200))
            .mount(&self.server)
            .await;
    }

    pub async fn token_calls(&self) -> usize {
        self.calls_to("/realms/test/token").await
    }

    pub async fn discovery_calls(&self) -> usize {
        self.calls_to("/realms/test/.well-known/openid-configuration").await
    }

    async fn calls_to(&self, path: &str) -> usize {
        self.server
            .received_requests()
            .await
            .unwrap()
            .iter()
            .filter(|request| request.url.path() == path)
            .count()
    }
}

/// A stand-in member API answering `compte/auth`.
pub async fn member_api(status: u16) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/api/compte/auth"))
        .respond_with(ResponseTemplate::new(status).set_body_json(json!({
            "User": { "Civilite": "Mme", "Prenom": "Marie", "Nom": "DUPONT", "courtier": "", "Radie": false,
                      "CarteTp": true, "Futur": false, "AuMoinsUnContratActifEtIndividuel": true,
                      "CarteTpSuivante": false },
            "VersionNum": "2.3.1",
            "smartCarteUrl": "https://carte.example/100001",
        })))
        .mount(&server)
        .await;
    server
}
