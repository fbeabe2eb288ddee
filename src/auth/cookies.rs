//! The portal's cookies. Over https the session, login and anti-forgery cookies carry the
//! `__Host-` prefix (Secure, Path=/, no Domain: no sibling host can set or overwrite them);
//! plain http is allowed only for a demo on loopback (checked in the configuration), where
//! browsers would refuse Secure cookies, so the prefix and the Secure flag are dropped there.

use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite};

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
        request.cookie(self.session_name).map(|cookie| cookie.value().to_owned())
    }

    /// Whether the browser sent back the sign-in cookie (see `sign_in_state`).
    pub fn has_sign_in_cookie(&self, request: &HttpRequest) -> bool {
        request.cookie(self.login_name).is_some()
    }

    pub fn sign_in_name(&self) -> &'static str {
        self.login_name
    }

    pub fn is_secure(&self) -> bool {
        self.secure
    }

    pub fn xsrf_token(&self, request: &HttpRequest) -> Option<String> {
        request.cookie(self.xsrf_name).map(|cookie| cookie.value().to_owned())
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

#[cfg(test)]
mod tests {
    use super::*;

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
