//! The test member's access token (`--member-token-file`) and what its payload says.

use std::path::Path;

use base64::Engine as _;
use serde_json::{Map, Value};

pub struct MemberToken {
    pub raw: String,
    /// The JWT payload, read without checking the signature: the member API checks it; this
    /// only says whether the claims the portal and the member API rely on are there.
    pub claims: Result<Map<String, Value>, String>,
}

impl MemberToken {
    /// The token in `path`, surrounding white space (a final line break) ignored.
    pub fn read(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        let raw = text.trim();
        if raw.is_empty() {
            return Err(format!("{} is empty", path.display()));
        }
        if raw.chars().any(|c| !c.is_ascii_graphic()) {
            return Err(format!("{} holds more than one token, or characters no token has", path.display()));
        }
        Ok(Self::new(raw.to_owned()))
    }

    pub fn new(raw: String) -> Self {
        let claims = payload(&raw);
        Self { raw, claims }
    }

    /// Seconds since the epoch at which the token expires, when it says.
    pub fn expires_at(&self) -> Option<i64> {
        self.claims.as_ref().ok()?.get("exp")?.as_i64()
    }
}

fn payload(token: &str) -> Result<Map<String, Value>, String> {
    let mut parts = token.split('.');
    let (Some(_header), Some(payload), Some(_signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err("not a JWT (three parts separated by dots)".into());
    };
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .map_err(|_| "its payload is not base64url".to_owned())?;
    match serde_json::from_slice(&bytes) {
        Ok(Value::Object(claims)) => Ok(claims),
        _ => Err("its payload is not a JSON object".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jwt(payload: &str) -> String {
        let encode = |text: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text);
        format!("{}.{}.c2ln", encode(r#"{"alg":"RS256"}"#), encode(payload))
    }

    #[test]
    fn the_payload_is_read_without_the_signature() {
        let token = MemberToken::new(jwt(r#"{"NUMERO_PERSONNE":"100001","exp":1700000000}"#));
        assert_eq!(token.claims.as_ref().unwrap()["NUMERO_PERSONNE"], "100001");
        assert_eq!(token.expires_at(), Some(1_700_000_000));
    }

    #[test]
    fn an_opaque_or_broken_token_says_why() {
        assert!(MemberToken::new("opaque-token".into()).claims.unwrap_err().contains("not a JWT"));
        assert!(MemberToken::new("a.%%%.c".into()).claims.unwrap_err().contains("base64url"));
        assert!(MemberToken::new(jwt("[1]")).claims.unwrap_err().contains("JSON object"));
    }
}
