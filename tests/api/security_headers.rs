use crate::helpers::{assert_json_error, header, spawn_app, spawn_app_with};

const PAGES: [&str; 4] = ["/", "/healthz", "/api/unknown", "/metrics"];

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let app = spawn_app().await;
    for path in PAGES {
        let response = app.get_html(path).await;
        let headers = response.headers();
        let csp = header(headers, "content-security-policy");
        assert!(csp.contains("script-src 'self';"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(header(headers, "x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header(headers, "referrer-policy"), "strict-origin-when-cross-origin", "{path}");
        assert!(header(headers, "permissions-policy").contains("camera=()"), "{path}");
        assert_eq!(header(headers, "strict-transport-security"), "", "plain http demo: {path}");
    }
}

#[tokio::test]
async fn hsts_is_sent_when_the_public_url_is_https() {
    let app = spawn_app_with(|settings| {
        settings.server.public_url = Some("https://espace.example.org/".parse().unwrap());
    })
    .await;
    let response = app.get_html("/").await;
    assert!(header(response.headers(), "strict-transport-security").starts_with("max-age="));
}

/// Refused before any handler runs, a forged change is still answered, counted and logged like
/// any other request.
#[tokio::test]
async fn a_change_refused_as_forged_carries_the_headers_and_is_counted() {
    let app = spawn_app().await;
    let answer = app.request(reqwest::Method::PUT, "/api/assure/adresse", &[]).await;
    assert_eq!(header(answer.headers(), "x-content-type-options"), "nosniff");
    assert!(header(answer.headers(), "content-security-policy").contains("frame-ancestors 'none'"));
    assert!(!header(answer.headers(), "x-request-id").is_empty());
    assert_json_error(answer, 403, "forbidden").await;
    let counted = [("route", "/api/assure/adresse"), ("method", "PUT"), ("status", "403")];
    assert_eq!(app.metric("http_requests_total", &counted).await, Some(1.0));
}
