//! A stand-in provider whose token endpoint holds the grants a test names until it lets each
//! go: what is in flight at the provider when a session ends.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use serde_json::json;
use tokio::sync::{Semaphore, mpsc};
use wiremock::ResponseTemplate;

use crate::fake_idp::FakeIdp;

/// The held grants' arrivals, and the permits that let them go on.
pub struct HeldTokens {
    pub arrived: mpsc::UnboundedReceiver<()>,
    pub release: Arc<Semaphore>,
}

#[derive(Clone)]
struct Hold {
    forward_to: Arc<std::sync::OnceLock<String>>,
    /// `grant_type` of the grants held...
    grant: &'static str,
    /// ...once this many of them have passed.
    passing: Arc<AtomicUsize>,
    arrived: mpsc::UnboundedSender<()>,
    release: Arc<Semaphore>,
}

/// What a rotating provider gives for a refresh: a new refresh token, to be revoked if the
/// session ended meanwhile.
pub const ROTATED: &str = "refresh-rotated";

async fn token(request: HttpRequest, body: web::Bytes, hold: web::Data<Hold>) -> HttpResponse {
    let form = String::from_utf8_lossy(&body);
    let is_held_grant = form.contains(&format!("grant_type={}", hold.grant));
    if is_held_grant
        && hold.passing.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)).is_err()
    {
        hold.arrived.send(()).unwrap();
        hold.release.acquire().await.unwrap().forget();
    }
    if form.contains("grant_type=refresh_token") {
        return HttpResponse::Ok().json(json!({
            "access_token": "access-refreshed", "token_type": "Bearer", "expires_in": 300,
            "refresh_token": ROTATED,
        }));
    }
    let mut forwarded = reqwest::Client::new().post(hold.forward_to.get().unwrap()).body(body.to_vec());
    for name in ["authorization", "content-type", "accept"] {
        if let Some(value) = request.headers().get(name) {
            forwarded = forwarded.header(name, value.as_bytes());
        }
    }
    let answer = forwarded.send().await.unwrap();
    let status = answer.status().as_u16();
    HttpResponse::build(actix_web::http::StatusCode::from_u16(status).unwrap())
        .content_type("application/json")
        .body(answer.bytes().await.unwrap())
}

impl HeldTokens {
    /// The stand-in provider, every refresh held (and answered with `ROTATED`); code exchanges
    /// go to the stand-in's token endpoint.
    pub async fn refreshes() -> (FakeIdp, Self) {
        Self::provider("refresh_token", 0).await
    }

    /// The stand-in provider, the code exchanges after the first `passing` held, then answered
    /// by the stand-in's token endpoint with what the test staged.
    pub async fn code_exchanges_after(passing: usize) -> (FakeIdp, Self) {
        Self::provider("authorization_code", passing).await
    }

    async fn provider(grant: &'static str, passing: usize) -> (FakeIdp, Self) {
        let (sender, arrived) = mpsc::unbounded_channel();
        let release = Arc::new(Semaphore::new(0));
        let hold = Hold {
            forward_to: Arc::default(),
            grant,
            passing: Arc::new(AtomicUsize::new(passing)),
            arrived: sender,
            release: release.clone(),
        };
        let data = web::Data::new(hold.clone());
        let server =
            HttpServer::new(move || App::new().app_data(data.clone()).route("/token", web::post().to(token)))
                .workers(1)
                .bind("127.0.0.1:0")
                .unwrap();
        let token_url = format!("http://{}/token", server.addrs()[0]);
        tokio::spawn(server.run());
        let idp = FakeIdp::start_with_discovery(move |mut document| {
            document["token_endpoint"] = json!(token_url);
            ResponseTemplate::new(200).set_body_json(document)
        })
        .await;
        hold.forward_to.set(format!("{}/token", idp.issuer)).unwrap();
        idp.accepts_revocations().await;
        (idp, Self { arrived, release })
    }
}

/// The revocations the provider received, by token.
pub async fn revoked(idp: &FakeIdp) -> Vec<String> {
    idp.server
        .received_requests()
        .await
        .unwrap()
        .iter()
        .filter(|request| request.url.path() == "/realms/test/revoke")
        .filter_map(|request| {
            url::form_urlencoded::parse(&request.body)
                .find(|(name, _)| name == "token")
                .map(|(_, t)| t.into_owned())
        })
        .collect()
}
