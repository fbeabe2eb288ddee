//! The portal's cookies. Over https the session, login and anti-forgery cookies carry the
//! `__Host-` prefix (Secure, Path=/, no Domain: no sibling host can set or overwrite them);
//! plain http is allowed only for a demo on loopback (checked in the configuration), where
//! browsers would refuse Secure cookies, so the prefix and the Secure flag are dropped there.

use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::header;

/// Where the SPA echoes the anti-forgery cookie (docs/product/roles.md#anti-forgery).
pub const XSRF_HEADER: &str = "X-XSRF-TOKEN";

#[derive(Clone)]
pub struct Cookies {
    secure: bool,
    session_name: &'static str,
    login_name: &'static str,
    xsrf_name: &'static str,
}

impl Cookies {
    pub fn new(secure: bool) -> Self {
        let (session_name, login_name, xsrf_name) = if secure {
            ("__Host-espace-assure-session", "__Host-espace-assure-login", "__Host-XSRF-TOKEN")
        } else {
            ("espace-assure-session", "espace-assure-login", "XSRF-TOKEN")
        };
        Self { secure, session_name, login_name, xsrf_name }
    }

    pub fn session_id(&self, request: &HttpRequest) -> Option<String> {
        cookie_value(request, self.session_name)
    }

    /// Whether the browser sent back the sign-in cookie (see `sign_in_state`).
    pub fn has_sign_in_cookie(&self, request: &HttpRequest) -> bool {
        cookie_value(request, self.login_name).is_some()
    }

    pub fn sign_in_name(&self) -> &'static str {
        self.login_name
    }

    pub fn is_secure(&self) -> bool {
        self.secure
    }

    pub fn xsrf_token(&self, request: &HttpRequest) -> Option<String> {
        cookie_value(request, self.xsrf_name)
    }

    fn base<'a>(&self, name: &'a str, value: String) -> Cookie<'a> {
        Cookie::build(name, value)
            .path("/")
            .secure(self.secure)
            .http_only(true)
            .same_site(SameSite::Lax)
            .finish()
    }

    /// Session cookie: no Max-Age, the server decides when the session ends.
    pub fn session(&self, id: String) -> Cookie<'static> {
        self.base(self.session_name, id)
    }

    /// Anti-forgery cookie: readable by the SPA, which echoes it in `X-XSRF-TOKEN`.
    pub fn xsrf(&self, token: String) -> Cookie<'static> {
        let mut cookie = self.base(self.xsrf_name, token);
        cookie.set_http_only(false);
        cookie.set_same_site(SameSite::Strict);
        cookie
    }

    /// Removal cookies for everything the portal set.
    pub fn cleared(&self) -> [Cookie<'static>; 3] {
        [self.session_name, self.login_name, self.xsrf_name].map(|name| {
            let mut cookie = self.base(name, String::new());
            cookie.make_removal();
            cookie
        })
    }
}

/// The value of the first cookie called `name` in the request's `Cookie` headers, as actix's
/// `HttpRequest::cookie` gives it (spaces and surrounding double quotes taken off, then
/// percent-decoded), read where it stands: actix parses every cookie of the headers into a list
/// first, which was a tenth of a proxied call's own work (docs/benchmarks.md#member-api-proxy).
fn cookie_value(request: &HttpRequest, name: &str) -> Option<String> {
    let value = request
        .headers()
        .get_all(header::COOKIE)
        .flat_map(|line| line.as_bytes().split(|byte| *byte == b';'))
        .find_map(|pair| {
            let equals = pair.iter().position(|byte| *byte == b'=')?;
            (pair[..equals].trim_ascii() == name.as_bytes()).then(|| pair[equals + 1..].trim_ascii())
        })?;
    let value = value.strip_prefix(b"\"").and_then(|inner| inner.strip_suffix(b"\"")).unwrap_or(value);
    let decoded = percent_encoding::percent_decode(value);
    Some(if value.contains(&b'%') {
        decoded.decode_utf8().ok()?.into_owned()
    } else {
        std::str::from_utf8(value).ok()?.to_owned()
    })
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn a_cookie_is_read_from_any_cookie_header_as_actix_would_read_it() {
        let request = TestRequest::default()
            .insert_header((header::COOKIE, "xespace-assure-session=no; other=1"))
            .append_header((
                header::COOKIE,
                " espace-assure-session = \"a%2Bb\" ; espace-assure-session=second",
            ))
            .to_http_request();
        assert_eq!(cookie_value(&request, "espace-assure-session").as_deref(), Some("a+b"));
        let by_actix = request.cookie("espace-assure-session").map(|cookie| cookie.value().to_owned());
        assert_eq!(cookie_value(&request, "espace-assure-session"), by_actix);
        assert_eq!(cookie_value(&request, "other").as_deref(), Some("1"));
        assert_eq!(cookie_value(&request, "absent"), None);
        assert_eq!(cookie_value(&TestRequest::default().to_http_request(), "other"), None);
    }

    #[test]
    fn over_https_the_anti_forgery_cookie_is_host_prefixed_and_readable_by_scripts() {
        let cookie = Cookies::new(true).xsrf("token".into());
        assert_eq!(cookie.name(), "__Host-XSRF-TOKEN");
        assert_eq!((cookie.secure(), cookie.http_only()), (Some(true), Some(false)));
        assert_eq!((cookie.path(), cookie.domain()), (Some("/"), None));
        assert_eq!(cookie.same_site(), Some(SameSite::Strict));
    }

    #[test]
    fn on_the_plain_http_demo_the_anti_forgery_cookie_has_no_prefix() {
        let cookie = Cookies::new(false).xsrf("token".into());
        assert_eq!(cookie.name(), "XSRF-TOKEN");
        assert_eq!(cookie.secure(), Some(false));
    }
}
