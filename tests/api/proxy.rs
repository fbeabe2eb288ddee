//! The member API pass-through, against a stand-in upstream.

use std::time::Duration;

use serde_json::json;
use wiremock::matchers::{header as has_header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{TestApp, assert_brotli_of, assert_json_error, header, spawn_app, spawn_app_with_idp};

pub async fn signed_in(
    customise: impl FnOnce(&mut espace_assure::config::Settings),
) -> (TestApp, FakeIdp, MockServer, String) {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, customise).await;
    let xsrf = app.sign_in(&idp, 300).await;
    api.reset().await;
    (app, idp, api, xsrf)
}

fn upstream_calls(requests: &[wiremock::Request], path_prefix: &str) -> usize {
    requests.iter().filter(|r| r.url.path().starts_with(path_prefix)).count()
}

#[tokio::test]
async fn without_a_session_nothing_reaches_the_upstream() {
    let app = spawn_app().await;
    assert_json_error(app.get("/api/assure/infos", &[]).await, 401, "unauthorized").await;
}

#[tokio::test]
async fn an_allowed_call_is_forwarded_with_the_members_token_and_request_id_only() {
    let (app, _idp, api, _) = signed_in(|_| {}).await;
    Mock::given(method("GET"))
        .and(path("/api/assure/infos"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "nom": "DUPONT" })))
        .mount(&api)
        .await;
    let response = app
        .get(
            "/api/assure/infos?injected=1",
            &[("Authorization", "Bearer browser-token"), ("X-Forwarded-For", "6.6.6.6")],
        )
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(response.headers(), "cache-control"), "no-store");
    let request_id = header(response.headers(), "x-request-id").to_owned();
    assert_eq!(response.json::<serde_json::Value>().await.unwrap()["nom"], "DUPONT");
    let sent = &api.received_requests().await.unwrap()[0];
    assert!(header(&sent.headers, "authorization").starts_with("Bearer access-"));
    assert_eq!(header(&sent.headers, "x-request-id"), request_id);
    assert_eq!(header(&sent.headers, "cookie"), "");
    assert_eq!(header(&sent.headers, "x-forwarded-for"), "");
    assert_eq!(sent.url.query(), None, "only the lookups that need it pass their query on");
}

#[tokio::test]
async fn the_postal_code_and_period_queries_are_passed_on() {
    let (app, _idp, api, _) = signed_in(|_| {}).await;
    Mock::given(path("/api/assure/referentiel/communes-postale"))
        .and(query_param("codePostal", "75011"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!([{ "nomCommune": "Paris 11e Arrondissement" }])),
        )
        .mount(&api)
        .await;
    let response = app.get("/api/assure/referentiel/communes-postale?codePostal=75011", &[]).await;
    assert_eq!(response.status(), 200);
    Mock::given(path("/api/assure/prestations"))
        .and(query_param("dateDebut", "2026-01-15"))
        .and(query_param("dateFin", "2026-01-15"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .mount(&api)
        .await;
    assert_eq!(
        app.get("/api/assure/prestations?dateDebut=2026-01-15&dateFin=2026-01-15", &[]).await.status(),
        200
    );
}

#[tokio::test]
async fn unknown_paths_wrong_methods_and_traversals_never_reach_the_upstream() {
    let (app, _idp, api, xsrf) = signed_in(|_| {}).await;
    Mock::given(wiremock::matchers::any()).respond_with(ResponseTemplate::new(200)).mount(&api).await;
    let with_xsrf = [("X-XSRF-TOKEN", xsrf.as_str())];
    assert_json_error(app.get("/api/assure/admin", &[]).await, 404, "not_found").await;
    assert_json_error(app.get("/api/compte/auth", &[]).await, 404, "not_found").await;
    assert_json_error(
        app.request(reqwest::Method::DELETE, "/api/demandes", &with_xsrf).await,
        405,
        "method_not_allowed",
    )
    .await;
    for traversal in [
        "/api/demande/..%2F..%2Fadmin",
        "/api/demande/%2e%2e",
        "/api/demande/a%5Cb",
        "/api/document/pdf/..%2fx",
    ] {
        let status = app.get(traversal, &[]).await.status().as_u16();
        assert!(status == 400 || status == 404, "{traversal}: {status}");
    }
    for raw in ["/api/assure/../demandes", "/api//demandes", "/api/assure/infos/..", "/api/demandes/home/.."]
    {
        let status = raw_get(&app, raw).await;
        assert!(status == 400 || status == 404, "{raw}: {status}");
    }
    assert_eq!(api.received_requests().await.unwrap().len(), 0);
}

/// A request line sent as is (HTTP clients normalise dot segments away).
async fn raw_get(app: &TestApp, path: &str) -> u16 {
    raw_request(app, path).await[9..12].parse().unwrap()
}

/// The whole answer to a GET whose request line is sent as is.
async fn raw_request(app: &TestApp, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let authority = app.address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(authority).await.unwrap();
    let cookie = format!("espace-assure-session={}", app.cookie("espace-assure-session").unwrap());
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    response
}

#[tokio::test]
async fn upstream_client_errors_pass_through_and_server_errors_become_502() {
    let (app, _idp, api, _) = signed_in(|_| {}).await;
    Mock::given(path("/api/demande/42"))
        .respond_with(
            ResponseTemplate::new(403).set_body_json(json!({ "message": "Demande d’un autre assuré" })),
        )
        .mount(&api)
        .await;
    Mock::given(path("/api/demandes"))
        .respond_with(ResponseTemplate::new(500).set_body_string("stack trace"))
        .mount(&api)
        .await;
    let refused = app.get("/api/demande/42", &[]).await;
    assert_eq!(refused.status(), 403);
    assert_eq!(refused.json::<serde_json::Value>().await.unwrap()["message"], "Demande d’un autre assuré");
    let body = assert_json_error(app.get("/api/demandes", &[]).await, 502, "bad_gateway").await;
    assert!(!body.to_string().contains("stack trace"));
}

#[tokio::test]
async fn a_slow_upstream_is_a_504_and_a_closed_one_a_502() {
    let (app, _idp, api, _) = signed_in(|s| s.upstream.api.timeout_ms = 200).await;
    Mock::given(path("/api/assure/contrats"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(2)))
        .mount(&api)
        .await;
    assert_json_error(app.get("/api/assure/contrats", &[]).await, 504, "gateway_timeout").await;
}

#[tokio::test]
async fn an_upstream_that_refuses_connections_is_a_502() {
    let idp = FakeIdp::start().await;
    // Not from wiremock's pool: dropping it closes its port.
    let api = MockServer::builder().start().await;
    Mock::given(path("/api/compte/auth"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({ "User": {}, "VersionNum": "1", "smartCarteUrl": "" })),
        )
        .mount(&api)
        .await;
    let app = spawn_app_with_idp(&idp, &api, |_| {}).await;
    app.sign_in(&idp, 300).await;
    drop(api);
    assert_json_error(app.get("/api/assure/banques", &[]).await, 502, "bad_gateway").await;
}

#[tokio::test]
async fn an_upstream_401_triggers_one_refresh_and_one_retry() {
    let (app, idp, api, _) = signed_in(|_| {}).await;
    let calls_before = idp.token_calls().await;
    Mock::given(path("/api/assure/infos"))
        .respond_with(ResponseTemplate::new(401))
        .up_to_n_times(1)
        .mount(&api)
        .await;
    Mock::given(path("/api/assure/infos"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({})))
        .mount(&api)
        .await;
    idp.token_answers(200, json!({ "access_token": "renewed", "token_type": "Bearer", "expires_in": 300 }))
        .await;
    assert_eq!(app.get("/api/assure/infos", &[]).await.status(), 200);
    assert_eq!(idp.token_calls().await, calls_before + 1);
    let calls = api.received_requests().await.unwrap();
    assert_eq!(header(&calls[1].headers, "authorization"), "Bearer renewed");

    // Refused again after the refresh: the member gets 401.
    api.reset().await;
    Mock::given(path("/api/assure/infos")).respond_with(ResponseTemplate::new(401)).mount(&api).await;
    idp.token_answers(200, json!({ "access_token": "renewed-2", "token_type": "Bearer", "expires_in": 300 }))
        .await;
    assert_json_error(app.get("/api/assure/infos", &[]).await, 401, "unauthorized").await;
}

#[tokio::test]
async fn twenty_parallel_calls_with_an_expiring_token_cause_one_refresh() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, with_metrics).await;
    // A token given for no time at all: the next calls refresh it first.
    app.sign_in(&idp, 0).await;
    Mock::given(path("/api/assure/infos"))
        .and(has_header("authorization", "Bearer fresh"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({})))
        .mount(&api)
        .await;
    let before = idp.token_calls().await;
    Mock::given(method("POST"))
        .and(path("/realms/test/token"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_millis(200)).set_body_json(json!({
            "access_token": "fresh", "token_type": "Bearer", "expires_in": 300, "refresh_token": "refresh-2" })))
        .mount(&idp.server)
        .await;
    let calls = (0..20).map(|_| app.get("/api/assure/infos", &[]));
    let answers = futures_util::future::join_all(calls).await;
    assert!(answers.iter().all(|answer| answer.status() == 200));
    assert_eq!(idp.token_calls().await - before, 1, "exactly one call to the token endpoint");
    assert_eq!(refreshes(&app, "refreshed").await, 1.0);
}

fn with_metrics(settings: &mut espace_assure::config::Settings) {
    settings.server.metrics_token = Some(crate::helpers::METRICS_TOKEN.to_owned().into());
}

/// `token_refreshes_total` of one outcome.
async fn refreshes(app: &TestApp, outcome: &str) -> f64 {
    app.metric("token_refreshes_total", &[("outcome", outcome)]).await.expect("exported from the start")
}

#[tokio::test]
async fn a_refused_refresh_ends_the_session() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, with_metrics).await;
    app.sign_in(&idp, 0).await;
    idp.token_answers(400, json!({ "error": "invalid_grant" })).await;
    assert_json_error(app.get("/api/assure/infos", &[]).await, 401, "unauthorized").await;
    assert_json_error(app.get("/api/session", &[]).await, 401, "unauthorized").await;
    assert_eq!((refreshes(&app, "refused").await, refreshes(&app, "refreshed").await), (1.0, 0.0));
}

#[tokio::test]
async fn uploads_over_the_limit_are_refused_with_413() {
    let (app, _idp, api, xsrf) = signed_in(|s| s.upstream.api.max_body_bytes = 1024 * 1024).await;
    Mock::given(path("/api/document/upload")).respond_with(ResponseTemplate::new(201)).mount(&api).await;
    let cookies = [("X-XSRF-TOKEN", xsrf.as_str())];
    let big = vec![b'x'; 2 * 1024 * 1024];
    let declared = app
        .client
        .post(format!("{}/api/document/upload", app.address))
        .header(cookies[0].0, cookies[0].1)
        .header("Content-Type", "multipart/form-data; boundary=x")
        .body(big.clone())
        .send()
        .await
        .unwrap();
    let body = assert_json_error(declared, 413, "payload_too_large").await;
    assert_eq!(body["message"], "Le fichier ou le contenu envoyé est trop volumineux.");
    // Without a declared length (chunked), the stream is cut off when it passes the limit.
    let chunks = futures_util::stream::iter(
        big.chunks(64 * 1024).map(|c| Ok::<_, std::io::Error>(c.to_vec())).collect::<Vec<_>>(),
    );
    let streamed = app
        .client
        .post(format!("{}/api/document/upload", app.address))
        .header(cookies[0].0, cookies[0].1)
        .header("Content-Type", "multipart/form-data; boundary=x")
        .body(reqwest::Body::wrap_stream(chunks))
        .send()
        .await
        .unwrap();
    assert_json_error(streamed, 413, "payload_too_large").await;
}

#[tokio::test]
async fn an_upload_within_the_limit_streams_through() {
    let (app, _idp, api, xsrf) = signed_in(|_| {}).await;
    Mock::given(path("/api/document/upload"))
        .respond_with(ResponseTemplate::new(201).set_body_json(json!({ "id": "doc-1" })))
        .mount(&api)
        .await;
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(vec![0u8; 3 * 1024 * 1024]).file_name("facture.pdf"));
    let answer = app
        .client
        .post(format!("{}/api/document/upload", app.address))
        .header("X-XSRF-TOKEN", xsrf)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 201);
    let sent = &api.received_requests().await.unwrap()[0];
    assert!(sent.body.len() > 3 * 1024 * 1024);
    assert!(header(&sent.headers, "content-type").starts_with("multipart/form-data; boundary="));
}

#[tokio::test]
async fn a_pdf_download_keeps_its_type_and_disposition() {
    let (app, _idp, api, _) = signed_in(|_| {}).await;
    let pdf = b"%PDF-1.7 fake".repeat(1000);
    Mock::given(path("/api/assure/livret"))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("Content-Type", "application/pdf")
                .insert_header("Content-Disposition", "attachment; filename=\"livret.pdf\"")
                .set_body_bytes(pdf.clone()),
        )
        .mount(&api)
        .await;
    let answer = app.get("/api/assure/livret", &[("Accept", "application/pdf")]).await;
    assert_eq!(header(answer.headers(), "content-type"), "application/pdf");
    assert_eq!(header(answer.headers(), "content-disposition"), "attachment; filename=\"livret.pdf\"");
    assert_eq!(answer.bytes().await.unwrap(), pdf);
}

#[tokio::test]
async fn json_of_a_kilobyte_or_more_is_compressed_for_a_browser_that_accepts_it() {
    let (app, _idp, api, _) = signed_in(|_| {}).await;
    let payments: Vec<_> =
        (0..40).map(|n| json!({ "id": n, "acte": "Consultation", "montant": 25.0 })).collect();
    Mock::given(path("/api/assure/prestations"))
        .respond_with(ResponseTemplate::new(200).set_body_json(&payments))
        .mount(&api)
        .await;
    Mock::given(path("/api/assure/infos"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "nom": "DUPONT" })))
        .mount(&api)
        .await;
    let pdf = b"%PDF-1.7 fake".repeat(1000);
    Mock::given(path("/api/assure/livret"))
        .respond_with(
            ResponseTemplate::new(200).insert_header("Content-Type", "application/pdf").set_body_bytes(pdf),
        )
        .mount(&api)
        .await;
    let plain = app.get("/api/assure/prestations", &[]).await;
    assert_eq!(header(plain.headers(), "content-encoding"), "");
    let plain = plain.bytes().await.unwrap();
    assert!(plain.len() > 1024);

    let brotli = app.get("/api/assure/prestations", &[("Accept-Encoding", "gzip, deflate, br")]).await;
    assert_eq!(header(brotli.headers(), "vary"), "accept-encoding");
    assert_eq!(header(brotli.headers(), "cache-control"), "no-store");
    assert_brotli_of(brotli, &plain).await;

    let gzip = app.get("/api/assure/prestations", &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(header(gzip.headers(), "content-encoding"), "gzip");
    let mut unpacked = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(&gzip.bytes().await.unwrap()[..]),
        &mut unpacked,
    )
    .unwrap();
    assert_eq!(unpacked, plain);

    for (path, accepted) in [
        ("/api/assure/prestations", "identity"),
        ("/api/assure/prestations", "br;q=0, gzip;q=0"),
        // Too small to gain anything, and a file compressed already.
        ("/api/assure/infos", "br"),
        ("/api/assure/livret", "br"),
    ] {
        let answer = app.get(path, &[("Accept-Encoding", accepted)]).await;
        assert_eq!(answer.status(), 200, "{path} {accepted}");
        assert_eq!(header(answer.headers(), "content-encoding"), "", "{path} {accepted}");
    }
}

#[tokio::test]
async fn state_changes_need_the_xsrf_header() {
    let (app, _idp, api, xsrf) = signed_in(|_| {}).await;
    Mock::given(path("/api/assure/adresse")).respond_with(ResponseTemplate::new(204)).mount(&api).await;
    assert_json_error(app.request(reqwest::Method::PUT, "/api/assure/adresse", &[]).await, 403, "forbidden")
        .await;
    assert_eq!(api.received_requests().await.unwrap().len(), 0);
    let answer = app
        .request(
            reqwest::Method::PUT,
            "/api/assure/adresse",
            &[("X-XSRF-TOKEN", &xsrf), ("Content-Type", "application/json")],
        )
        .await;
    assert_eq!(answer.status(), 204);
    assert_eq!(upstream_calls(&api.received_requests().await.unwrap(), "/api/assure/adresse"), 1);
}

#[tokio::test]
async fn a_stored_document_is_never_rendered_by_the_browser() {
    let (app, _idp, api, _) = signed_in(|_| {}).await;
    // An upload that is both a PDF and an HTML page, served inline by a careless upstream.
    Mock::given(path("/api/document/pdf/7"))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("Content-Type", "text/html")
                .insert_header("Content-Disposition", "inline; filename=\"scan.pdf\"")
                .set_body_bytes(b"%PDF-1.4 <html><script>alert(1)</script></html>".to_vec()),
        )
        .mount(&api)
        .await;
    Mock::given(path("/api/document/pdf/8"))
        .respond_with(ResponseTemplate::new(200).insert_header("Content-Type", "application/pdf"))
        .mount(&api)
        .await;
    let answer = app.get("/api/document/pdf/7", &[]).await;
    assert_eq!(header(answer.headers(), "content-disposition"), "attachment; filename=\"scan.pdf\"");
    assert!(header(answer.headers(), "content-security-policy").starts_with("sandbox"));
    let answer = app.get("/api/document/pdf/8", &[]).await;
    assert_eq!(header(answer.headers(), "content-disposition"), "attachment");
}

#[tokio::test]
async fn a_token_endpoint_that_never_answers_ends_the_wait_of_every_request() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let app = spawn_app_with_idp(&idp, &api, |s| s.oidc.timeout_ms = 300).await;
    // A token given for no time at all, so the next call refreshes first...
    app.sign_in(&idp, 0).await;
    Mock::given(path("/api/demandes"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .mount(&api)
        .await;
    // ...and the provider accepts the connection but never answers.
    Mock::given(path("/realms/test/token"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(600)))
        .mount(&idp.server)
        .await;
    let calls = (0..3).map(|_| app.get("/api/demandes", &[]));
    // The test's own guard: without a timeout these would wait for ten minutes.
    let answers = tokio::time::timeout(Duration::from_secs(60), futures_util::future::join_all(calls))
        .await
        .expect("every request ends");
    for answer in answers {
        assert_json_error(answer, 504, "gateway_timeout").await;
    }
    assert_eq!(upstream_calls(&api.received_requests().await.unwrap(), "/api/demandes"), 0);
}

/// A member API that confirms the sign-in, then starts the booklet's 1 000 bytes, sends 100
/// and says nothing more while the test runs: what wiremock, which only delays whole answers,
/// cannot do.
async fn upstream_stalling_mid_body() -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut request = vec![0; 8192];
            let read = socket.read(&mut request).await.unwrap_or(0);
            let request = String::from_utf8_lossy(&request[..read]).into_owned();
            if request.starts_with("GET /api/assure/livret") {
                let head = "HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\nContent-Length: 1000\r\n\r\n";
                socket.write_all(head.as_bytes()).await.unwrap();
                socket.write_all(&[b'%'; 100]).await.unwrap();
                held.push(socket);
            } else {
                let body = json!({ "User": {}, "VersionNum": "1", "smartCarteUrl": "" }).to_string();
                let answer = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
                socket.write_all(answer.as_bytes()).await.unwrap();
            }
        }
    });
    format!("http://{address}/api/")
}

#[tokio::test]
async fn a_download_whose_upstream_stalls_mid_body_ends_broken_never_short() {
    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let stalling = upstream_stalling_mid_body().await;
    let app = spawn_app_with_idp(&idp, &api, |s| {
        s.upstream.api.base_url = Some(stalling.parse().unwrap());
        s.upstream.api.timeout_ms = 300;
    })
    .await;
    app.sign_in(&idp, 300).await;
    let answer = app.get("/api/assure/livret", &[("Accept", "application/pdf")]).await;
    assert_eq!(answer.status(), 200, "the headers had arrived");
    assert_eq!(header(answer.headers(), "content-length"), "1000");
    // The test's own guard: the portal's chunk timeout is what must end the transfer.
    let body =
        tokio::time::timeout(Duration::from_secs(30), answer.bytes()).await.expect("the transfer ends");
    assert!(body.is_err(), "a broken transfer, never 100 bytes that look like the whole file: {body:?}");
}
