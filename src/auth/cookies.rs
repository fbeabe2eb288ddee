//! The portal's cookies. Over https the session and login cookies carry the `__Host-` prefix
//! (Secure, Path=/, no Domain: no sibling host can set or read them); plain http is allowed
//! only for a demo on loopback (checked in the configuration), where browsers would refuse
//! Secure cookies, so the prefix and the Secure flag are dropped there.

use actix_web::HttpRequest;
use actix_web::cookie::time::Duration as CookieDuration;
use actix_web::cookie::{Cookie, SameSite};

/// Readable by the SPA, which echoes it in `X-XSRF-TOKEN` (SPEC.md §6, §9).
pub const XSRF_COOKIE: &str = "XSRF-TOKEN";
pub const XSRF_HEADER: &str = "X-XSRF-TOKEN";

#[derive(Clone)]
pub struct Cookies {
    secure: bool,
    session_name: &'static str,
    login_name: &'static str,
}

impl Cookies {
    pub fn new(secure: bool) -> Self {
        let (session_name, login_name) = if secure {
            ("__Host-espace-assure-session", "__Host-espace-assure-login")
        } else {
            ("espace-assure-session", "espace-assure-login")
        };
        Self { secure, session_name, login_name }
    }

    pub fn session_id(&self, request: &HttpRequest) -> Option<String> {
        request.cookie(self.session_name).map(|cookie| cookie.value().to_owned())
    }

    pub fn login_id(&self, request: &HttpRequest) -> Option<String> {
        request.cookie(self.login_name).map(|cookie| cookie.value().to_owned())
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

    /// Login cookie: Lax so that it comes back on the provider's top-level redirect.
    pub fn login(&self, id: String) -> Cookie<'static> {
        let mut cookie = self.base(self.login_name, id);
        cookie.set_max_age(CookieDuration::hours(1));
        cookie
    }

    pub fn xsrf(&self, token: String) -> Cookie<'static> {
        let mut cookie = self.base(XSRF_COOKIE, token);
        cookie.set_http_only(false);
        cookie.set_same_site(SameSite::Strict);
        cookie
    }

    /// Removal cookies for everything the portal set.
    pub fn cleared(&self) -> [Cookie<'static>; 3] {
        [self.session_name, self.login_name, XSRF_COOKIE].map(|name| {
            let mut cookie = self.base(name, String::new());
            cookie.make_removal();
            cookie
        })
    }

    pub fn cleared_login(&self) -> Cookie<'static> {
        let mut cookie = self.base(self.login_name, String::new());
        cookie.make_removal();
        cookie
    }
}
