use crate::helpers::{header, spawn_app, spawn_app_with};

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
