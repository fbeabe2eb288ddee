//! A hosted captcha a partner already uses (hCaptcha): its widget gives the browser a token,
//! which only the provider can check, with the partner's secret.

use std::time::Duration;

use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use url::Url;

/// A token is a few kilobytes at most.
const MAX_TOKEN_BYTES: usize = 8_192;
const VERIFY_TIMEOUT: Duration = Duration::from_secs(5);
const HCAPTCHA_VERIFY: &str = "https://api.hcaptcha.com/siteverify";

pub struct Hosted {
    http: reqwest::Client,
    verify_url: Url,
    site_key: String,
    secret: SecretString,
}

#[derive(Deserialize)]
struct Verdict {
    success: bool,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Valid,
    Invalid,
}

impl Hosted {
    pub fn new(
        http: reqwest::Client,
        verify_url: Option<Url>,
        site_key: String,
        secret: SecretString,
    ) -> Self {
        let verify_url = verify_url.unwrap_or_else(|| Url::parse(HCAPTCHA_VERIFY).expect("static URL"));
        Self { http, verify_url, site_key, secret }
    }

    /// Asks the provider; an unreachable or failing provider is an error (502), not a refusal.
    pub async fn verify(&self, token: &str) -> anyhow::Result<Outcome> {
        if token.is_empty() || token.len() > MAX_TOKEN_BYTES {
            return Ok(Outcome::Invalid);
        }
        let form = [
            ("response", token),
            ("secret", self.secret.expose_secret()),
            ("sitekey", self.site_key.as_str()),
        ];
        let answer =
            self.http.post(self.verify_url.clone()).form(&form).timeout(VERIFY_TIMEOUT).send().await?;
        // A refused token may come with a 4xx and `success: false`: a verdict, not a failure.
        if answer.status().is_server_error() {
            anyhow::bail!("captcha provider answered {}", answer.status());
        }
        let verdict: Verdict = answer.json().await?;
        Ok(if verdict.success { Outcome::Valid } else { Outcome::Invalid })
    }
}

#[cfg(test)]
mod tests {
    use wiremock::matchers::{body_string_contains, method};
    use wiremock::{Mock, MockServer, ResponseTemplate};

    use super::*;

    async fn hosted(server: &MockServer) -> Hosted {
        let url = Some(format!("{}/siteverify", server.uri()).parse().unwrap());
        Hosted::new(reqwest::Client::new(), url, "site-key".into(), "s3cret".to_owned().into())
    }

    #[tokio::test]
    async fn the_provider_decides_with_the_token_and_the_secret() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(body_string_contains("response=good-token"))
            .and(body_string_contains("secret=s3cret"))
            .and(body_string_contains("sitekey=site-key"))
            .respond_with(ResponseTemplate::new(200).set_body_json(serde_json::json!({ "success": true })))
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(200).set_body_json(serde_json::json!({ "success": false })))
            .mount(&server)
            .await;
        let hcaptcha = hosted(&server).await;
        assert_eq!(hcaptcha.verify("good-token").await.unwrap(), Outcome::Valid);
        assert_eq!(hcaptcha.verify("bad-token").await.unwrap(), Outcome::Invalid);
        assert_eq!(hcaptcha.verify("").await.unwrap(), Outcome::Invalid);
    }

    #[tokio::test]
    async fn a_refusal_is_a_verdict_and_a_failing_provider_an_error() {
        let server = MockServer::start().await;
        Mock::given(body_string_contains("response=expired"))
            .respond_with(ResponseTemplate::new(400).set_body_json(serde_json::json!({ "success": false })))
            .mount(&server)
            .await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(503)).mount(&server).await;
        let hcaptcha = hosted(&server).await;
        assert_eq!(hcaptcha.verify("expired").await.unwrap(), Outcome::Invalid);
        assert!(hcaptcha.verify("other").await.is_err());
    }
}
