//! Security headers sent on every answer.

use actix_web::middleware::DefaultHeaders;
use url::{Origin, Url};

/// The Content-Security-Policy: scripts and styles from the portal only (no inline code),
/// no framing. `form-action` also names the identity provider, because Chromium applies it to
/// the redirect that follows the sign-out form.
pub fn content_security_policy(issuer: &Url) -> String {
    let form_action = match issuer.origin() {
        origin @ Origin::Tuple(..) => format!("'self' {}", origin.ascii_serialization()),
        Origin::Opaque(_) => "'self'".to_owned(),
    };
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; \
         font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; \
         form-action {form_action}; frame-ancestors 'none'"
    )
}

pub fn headers(public_url: &Url, issuer: &Url) -> DefaultHeaders {
    let headers = DefaultHeaders::new()
        .add(("Content-Security-Policy", content_security_policy(issuer)))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add((
            "Permissions-Policy",
            "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), \
             microphone=(), payment=(), usb=()",
        ))
        .add(("Cross-Origin-Opener-Policy", "same-origin"));
    // HSTS over plain http would be ignored at best, and would pin a demo host at worst.
    if public_url.scheme() == "https" {
        headers.add(("Strict-Transport-Security", "max-age=31536000; includeSubDomains"))
    } else {
        headers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_forbids_inline_scripts_and_framing_and_allows_the_provider_as_form_target() {
        let policy = content_security_policy(&Url::parse("https://sso.example.org/realms/m").unwrap());
        assert!(policy.contains("script-src 'self';"));
        assert!(!policy.contains("unsafe"));
        assert!(policy.contains("frame-ancestors 'none'"));
        assert!(policy.contains("form-action 'self' https://sso.example.org;"));
    }
}
