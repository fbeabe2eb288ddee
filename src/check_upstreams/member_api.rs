//! The member API, called as the portal calls it (`member_api::MemberApiClient`, with the
//! same TLS settings) with a test member's access token: the sign-in call, then each read of
//! the contract, every answer checked against the schema the contract declares for it. A quick
//! smoke check of one member's data; the full conformance run is Schemathesis's.

use std::collections::HashMap;

use async_trait::async_trait;
use hyper::http::{HeaderMap, HeaderValue};
use serde_json::{Value, json};

use super::contract::{Contract, Expected, Read};
use super::report::Report;
use super::token::MemberToken;
use crate::config::Settings;
use crate::endpoints::Endpoints;
use crate::error::ApiError;
use crate::member_api::{AccessToken, Bearer, Body, Call, MemberApiClient, calls};

const UPSTREAM: &str = "member API";

/// The test member's token, as it is: a refused one is reported, never replaced.
struct FixedToken<'a>(&'a str);

#[async_trait(?Send)]
impl Bearer for FixedToken<'_> {
    async fn token(&self) -> Result<AccessToken, ApiError> {
        // A bearer token: the test member's comes from a test client, without a DPoP key.
        Ok(AccessToken { value: self.0.into(), proof_key: None, acting_for: None })
    }

    async fn replacing(&self, _refused: &AccessToken) -> Result<AccessToken, ApiError> {
        Err(ApiError::Unauthorized)
    }
}

pub async fn check(
    settings: &Settings,
    endpoints: &Endpoints,
    token: Option<&MemberToken>,
    report: &mut Report,
) -> anyhow::Result<()> {
    if settings.demo.api_on() {
        report.skip(UPSTREAM, "the demo's embedded member API (demo.api on): nothing to check");
        return Ok(());
    }
    let Some(token) = token else {
        report.skip(UPSTREAM, "the sign-in call and each read of the contract (no --member-token-file)");
        return Ok(());
    };
    let claim = &settings.oidc.person_number_claim;
    let person_number = match &token.claims {
        Ok(claims) => {
            let number = crate::auth::claim_text(&claims.clone().into_iter().collect(), claim);
            report.check(
                UPSTREAM,
                number.is_some(),
                match number {
                    Some(_) => format!(
                        "the test member's token carries {claim} (read from its payload; its signature is the member API's to check)"
                    ),
                    None => format!("the test member's token has no {claim}, by which the member API finds the member"),
                },
            );
            number
        }
        Err(why) => {
            report.fail(
                UPSTREAM,
                format!("the test member's token: {why}; the member API expects a JWT with {claim}"),
            );
            None
        }
    };
    if let Some(expired) = token.expires_at().filter(|at| *at <= crate::clock::now()) {
        report.fail(
            UPSTREAM,
            format!(
                "the test member's token expired {} s ago: get a fresh one",
                crate::clock::now() - expired
            ),
        );
        report.skip(UPSTREAM, "the sign-in call and each read of the contract (expired token)");
        return Ok(());
    }
    let client = MemberApiClient::from_settings(settings, endpoints)?;
    let contract = Contract::load()?;
    let calls = Calls { client: &client, bearer: FixedToken(&token.raw), contract: &contract };
    match person_number {
        Some(number) => calls.sign_in(&number, report).await,
        None => report.skip(UPSTREAM, format!("POST /compte/auth (no {claim} to sign in with)")),
    }
    let (plain, with_identifier): (Vec<Read>, Vec<Read>) =
        contract.reads().into_iter().partition(|read| !read.has_path_parameters());
    let mut answers = HashMap::new();
    for read in &plain {
        let path = read.template.trim_start_matches('/').to_owned();
        if let Some(json) = calls.read(read, &path, report).await {
            answers.insert(read.template.clone(), json);
        }
    }
    for read in &with_identifier {
        match identifier(&read.template, &answers) {
            Ok(id) => {
                let path = fill(&read.template, &id);
                calls.read(read, path.trim_start_matches('/'), report).await;
            }
            Err(why) => report.skip(UPSTREAM, format!("GET {} ({why})", read.template)),
        }
    }
    Ok(())
}

struct Calls<'a> {
    client: &'a MemberApiClient,
    bearer: FixedToken<'a>,
    contract: &'a Contract,
}

impl Calls<'_> {
    /// `POST compte/auth`, the call that opens a member's session.
    async fn sign_in(&self, person_number: &str, report: &mut Report) {
        let body = json!({ "Login": person_number, "Type": "ADH" }).to_string();
        let call = Call::json(&calls::SE_CONNECTER, None, body.into());
        let what = "POST /compte/auth";
        let Some((status, _, bytes)) = self.send(&call, what, report).await else { return };
        if !(200..300).contains(&status) {
            return report.fail(UPSTREAM, format!("{what} answered {status}{}", message(&bytes)));
        }
        self.json_answer(what, status, &self.contract.sign_in_schema(), &bytes, report);
    }

    /// One read; its JSON when it is valid, for the reads that need an identifier from it.
    async fn read(&self, read: &Read, path: &str, report: &mut Report) -> Option<Value> {
        let what = format!("GET /{path}");
        let query = match &read.query {
            Ok(pairs) => url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish(),
            Err(name) => {
                report.skip(UPSTREAM, format!("{what} (no value for its required query parameter {name})"));
                return None;
            }
        };
        let accept = match self.contract.expected(read, 200) {
            Some(Expected::File(types)) => types.join(", "),
            Some(Expected::Json(_)) => "application/json".to_owned(),
            _ => "*/*".to_owned(),
        };
        let mut headers = HeaderMap::new();
        headers.insert(hyper::header::ACCEPT, HeaderValue::from_str(&accept).ok()?);
        let Some(of) = calls::find(calls::Method::Get, &read.template) else {
            report.fail(UPSTREAM, format!("{what}: a read of the contract the portal does not know"));
            return None;
        };
        let call = Call {
            of,
            path,
            query: Some(&query).filter(|query| !query.is_empty()).map(String::as_str),
            request_id: None,
            headers,
            body: Body::Empty,
        };
        let what = if query.is_empty() { what } else { format!("{what}?{query}") };
        let (status, content_type, bytes) = self.send(&call, &what, report).await?;
        if !(200..300).contains(&status) {
            report.fail(UPSTREAM, format!("{what} answered {status}{}", message(&bytes)));
            return None;
        }
        match self.contract.expected(read, status) {
            None => report
                .fail(UPSTREAM, format!("{what} answered {status}, which the contract does not document")),
            Some(Expected::Nothing) => report.ok(UPSTREAM, format!("{what}: {status}")),
            Some(Expected::File(types)) => {
                let media_type =
                    content_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
                if types.contains(&media_type) {
                    report.ok(UPSTREAM, format!("{what}: {status}, {media_type} ({} bytes)", bytes.len()));
                } else {
                    report.fail(
                        UPSTREAM,
                        format!(
                            "{what}: {status}, {} where the contract says {}",
                            super::report::quoted(&content_type),
                            types.join(" or ")
                        ),
                    );
                }
            }
            Some(Expected::Json(schema)) => return self.json_answer(&what, status, &schema, &bytes, report),
        }
        None
    }

    fn json_answer(
        &self,
        what: &str,
        status: u16,
        schema: &Value,
        bytes: &[u8],
        report: &mut Report,
    ) -> Option<Value> {
        let Ok(body) = serde_json::from_slice::<Value>(bytes) else {
            report.fail(UPSTREAM, format!("{what}: {status} but not JSON"));
            return None;
        };
        let violations = self.contract.violations(schema, &body);
        if violations.is_empty() {
            report.ok(UPSTREAM, format!("{what}: {status}, valid against the contract"));
            Some(body)
        } else {
            let first: Vec<&str> = violations.iter().take(3).map(String::as_str).collect();
            report.fail(
                UPSTREAM,
                format!(
                    "{what}: {status} but {} violation(s) of the contract's schema: {}",
                    violations.len(),
                    first.join("; ")
                ),
            );
            None
        }
    }

    /// The answer's status, media type and body, or `None` once the failure is reported.
    async fn send(&self, call: &Call<'_>, what: &str, report: &mut Report) -> Option<(u16, String, Vec<u8>)> {
        let answer = match self.client.send(&self.bearer, call).await {
            Ok(answer) => answer,
            Err(ApiError::Unauthorized) => {
                report.fail(UPSTREAM, format!("{what} answered 401: the test member's token is refused (expired, another issuer or audience?)"));
                return None;
            }
            Err(error) => {
                report.fail(UPSTREAM, format!("{what}: {error}"));
                return None;
            }
        };
        let status = answer.status().as_u16();
        let content_type = answer
            .headers()
            .get(hyper::header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        match answer.bytes().await {
            Ok(bytes) => Some((status, content_type, bytes.to_vec())),
            Err(error) => {
                report.fail(UPSTREAM, format!("{what}: {status}, then {error}"));
                None
            }
        }
    }
}

/// The French message of a refusal (`Erreur`), when the body is one.
fn message(bytes: &[u8]) -> String {
    serde_json::from_slice::<Value>(bytes)
        .ok()
        .and_then(|body| body["message"].as_str().map(|text| format!(": {}", super::report::quoted(text))))
        .unwrap_or_default()
}

/// The identifier a read with a path parameter is made with, taken from an earlier answer of
/// the test member (their first payment, request, card, document).
fn identifier(template: &str, answers: &HashMap<String, Value>) -> Result<String, String> {
    let list = |read: &str| answers.get(read).and_then(Value::as_array).cloned().unwrap_or_default();
    let first = |read: &str, field: &str| list(read).iter().find_map(|entry| scalar(&entry[field]));
    let (found, source) = match template {
        "/assure/prestation/{paymentId}" => {
            (first("/assure/prestations-recentes", "paymentId"), "/assure/prestations-recentes")
        }
        "/demande/{id}" => (first("/demandes", "id"), "/demandes"),
        "/assure/carte-tp-detail/{id}" => (first("/assure/carte-tp", "id"), "/assure/carte-tp"),
        "/document/pdf/{id}" => (
            list("/demandes").iter().find_map(|demande| {
                demande["documents"]
                    .as_array()?
                    .iter()
                    .find(|document| document["typeMime"] == "application/pdf")
                    .and_then(|document| scalar(&document["id"]))
            }),
            "/demandes",
        ),
        _ => return Err("no earlier answer gives its identifier".into()),
    };
    let id = found.ok_or_else(|| format!("the test member has none in GET {source}"))?;
    if crate::identifier::is_plain_identifier(&id) {
        Ok(id)
    } else {
        Err(format!("GET {source} gave an identifier that is not plain: {}", super::report::quoted(&id)))
    }
}

fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

/// `template` with its one `{parameter}` replaced by `id`.
fn fill(template: &str, id: &str) -> String {
    match (template.find('{'), template.find('}')) {
        (Some(start), Some(end)) if start < end => {
            format!("{}{id}{}", &template[..start], &template[end + 1..])
        }
        _ => template.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_come_from_earlier_answers_and_must_be_plain() {
        let mut answers = HashMap::new();
        answers.insert(
            "/demandes".to_owned(),
            json!([{ "id": 7, "documents": [{ "id": 3, "typeMime": "application/pdf" }] }]),
        );
        answers.insert("/assure/prestations-recentes".to_owned(), json!([{ "paymentId": "../x" }]));
        assert_eq!(identifier("/demande/{id}", &answers).unwrap(), "7");
        assert_eq!(identifier("/document/pdf/{id}", &answers).unwrap(), "3");
        assert!(identifier("/assure/prestation/{paymentId}", &answers).unwrap_err().contains("not plain"));
        assert!(identifier("/assure/carte-tp-detail/{id}", &answers).unwrap_err().contains("has none"));
        assert_eq!(fill("/demande/{id}", "7"), "/demande/7");
    }
}
