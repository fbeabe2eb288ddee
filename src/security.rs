//! Security headers sent on every answer, and the anti-forgery check of state changes.

use actix_web::dev::ServiceRequest;
use actix_web::http::Method;
use actix_web::http::header::{self, HeaderName, HeaderValue};
use url::{Origin, Url};

use crate::auth::Auth;
use crate::auth::XSRF_HEADER;
use crate::config::CaptchaProvider;

/// The Content-Security-Policy: scripts and styles from the portal only (no inline code),
/// no framing. Images may also be `blob:`: the thumbnails of the photos a member is about to
/// send are read from the device, never from elsewhere. `form-action` also names the identity provider, because Chromium applies it to
/// the redirect that follows the sign-out form, and the payment provider's page, where the
/// payment form is posted.
pub fn content_security_policy(issuer: &Url, payment_page: Option<&Url>, captcha: CaptchaProvider) -> String {
    let mut form_action = "'self'".to_owned();
    for url in std::iter::once(issuer).chain(payment_page) {
        if let origin @ Origin::Tuple(..) = url.origin() {
            let origin = origin.ascii_serialization();
            if !form_action.split(' ').any(|source| source == origin) {
                form_action.push(' ');
                form_action.push_str(&origin);
            }
        }
    }
    // hCaptcha's documented policy: its script, frames, styles and API, on its own origins.
    // ALTCHA needs nothing more: its worker is one of the portal's scripts.
    let hosted = match captcha {
        CaptchaProvider::Hcaptcha => " https://hcaptcha.com https://*.hcaptcha.com",
        CaptchaProvider::Altcha | CaptchaProvider::None => "",
    };
    format!(
        "default-src 'self'; script-src 'self'{hosted}; style-src 'self'{hosted}; \
         img-src 'self' data: blob: https:; font-src 'self'; connect-src 'self'{hosted}; \
         frame-src 'self'{hosted}; worker-src 'self'; object-src 'none'; base-uri 'self'; \
         form-action {form_action}; frame-ancestors 'none'"
    )
}

/// The headers every answer carries, unless its handler set its own value.
pub fn headers(
    public_url: &Url,
    issuer: &Url,
    payment_page: Option<&Url>,
    captcha: CaptchaProvider,
) -> Vec<(HeaderName, HeaderValue)> {
    let policy = HeaderValue::from_str(&content_security_policy(issuer, payment_page, captcha))
        .expect("an ASCII policy");
    let mut headers = vec![
        (header::CONTENT_SECURITY_POLICY, policy),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
        (
            HeaderName::from_static("permissions-policy"),
            HeaderValue::from_static(
                "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), \
                 microphone=(), payment=(), usb=()",
            ),
        ),
        (HeaderName::from_static("cross-origin-opener-policy"), HeaderValue::from_static("same-origin")),
    ];
    // HSTS over plain http would be ignored at best, and would pin a demo host at worst.
    if public_url.scheme() == "https" {
        headers.push((
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        ));
    }
    headers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_forbids_inline_scripts_and_framing_and_allows_the_provider_as_form_target() {
        let policy = content_security_policy(
            &Url::parse("https://sso.example.org/realms/m").unwrap(),
            None,
            CaptchaProvider::Altcha,
        );
        assert!(policy.contains("script-src 'self';"));
        assert!(policy.contains("worker-src 'self';"));
        assert!(!policy.contains("unsafe"));
        assert!(policy.contains("frame-ancestors 'none'"));
        assert!(policy.contains("form-action 'self' https://sso.example.org;"));
    }

    #[test]
    fn the_payment_form_may_be_posted_to_the_providers_page_only() {
        let issuer = Url::parse("https://sso.example.org/realms/m").unwrap();
        let page = Url::parse("https://secure.payzen.eu/vads-payment/").unwrap();
        let policy = content_security_policy(&issuer, Some(&page), CaptchaProvider::Altcha);
        assert!(policy.contains("form-action 'self' https://sso.example.org https://secure.payzen.eu;"));
    }
}

/// Whether a request fails the anti-forgery check (docs/product/roles.md#anti-forgery), which
/// `edge` answers with a 403: every state-changing request under `/api` and `/auth` (the sign-out
/// among them) must echo the anti-forgery cookie in the `X-XSRF-TOKEN` header, and that token must
/// be the session's (`Auth::xsrf_holds`).
///
/// The decision is made on the path the router matches (percent-decoded, `match_info`), not
/// on the raw request line: `/%61pi/assure/adresse` routes to `/api/assure/adresse` and must be
/// checked as such.
pub fn is_forged(request: &ServiceRequest, auth: &Auth) -> bool {
    needs_xsrf(request.method(), request.match_info().as_str()) && !xsrf_matches(request, auth)
}

/// Posted by the provider, server to server: it has no browser cookie to echo, and its logout
/// token is its proof.
const EXEMPT: [&str; 1] = ["/auth/backchannel-logout"];

fn needs_xsrf(method: &Method, routed_path: &str) -> bool {
    let safe = matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    let guarded = ["/api", "/auth"].iter().any(|prefix| {
        routed_path.strip_prefix(prefix).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    });
    !safe && guarded && !EXEMPT.contains(&routed_path)
}

fn xsrf_matches(request: &ServiceRequest, auth: &Auth) -> bool {
    let header = request.headers().get(XSRF_HEADER).and_then(|value| value.to_str().ok());
    auth.xsrf_holds(request.request(), header)
}

#[cfg(test)]
mod xsrf_tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn only_state_changes_under_api_and_auth_need_the_header() {
        assert!(needs_xsrf(&Method::POST, "/api/document/upload"));
        assert!(needs_xsrf(&Method::PUT, "/api/assure/adresse"));
        assert!(needs_xsrf(&Method::POST, "/auth/logout"));
        assert!(needs_xsrf(&Method::DELETE, "/auth/login"));
        assert!(!needs_xsrf(&Method::GET, "/api/session"));
        assert!(!needs_xsrf(&Method::POST, "/auth/backchannel-logout"));
        assert!(!needs_xsrf(&Method::POST, "/apiary"));
        assert!(!needs_xsrf(&Method::POST, "/authority"));
    }

    #[test]
    fn the_routed_path_is_the_percent_decoded_one() {
        for raw in ["/%61pi/assure/adresse", "/api/assure/%61dresse", "/auth/logou%74", "/%61uth/logout"] {
            let request = TestRequest::put().uri(raw).to_srv_request();
            assert!(needs_xsrf(request.method(), request.match_info().as_str()), "{raw}");
        }
    }

    #[test]
    fn hcaptcha_is_allowed_exactly_what_it_needs() {
        let issuer = Url::parse("https://sso.example.org/").unwrap();
        let hcaptcha = content_security_policy(&issuer, None, CaptchaProvider::Hcaptcha);
        assert!(
            hcaptcha.contains("script-src 'self' https://hcaptcha.com https://*.hcaptcha.com;"),
            "{hcaptcha}"
        );
        assert!(
            hcaptcha.contains("frame-src 'self' https://hcaptcha.com https://*.hcaptcha.com;"),
            "{hcaptcha}"
        );
        assert!(hcaptcha.contains("worker-src 'self';"), "{hcaptcha}");
    }
}
