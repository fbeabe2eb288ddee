//! What every handler shares, built once by `Application::build`.

use actix_web::web;

use crate::assets::Assets;
use crate::auth::Auth;
use crate::captcha::Captcha;
use crate::cms::ContentCache;
use crate::config::Settings;
use crate::endpoints::Endpoints;
use crate::mail::queue::MailQueue;
use crate::member_api::MemberApiClient;
use crate::metrics::Metrics;
use crate::pages::PageLinks;
use crate::trusted_proxies::TrustedProxies;

/// The services know nothing of this: handlers that need one service take it alone
/// (`web::Data<Auth>`), those that combine several take the whole state.
pub struct AppState {
    pub settings: Settings,
    pub endpoints: Endpoints,
    pub assets: web::Data<Assets>,
    /// What each client route's page preloads, from the build's file names.
    pub page_links: web::Data<PageLinks>,
    pub metrics: web::Data<Metrics>,
    pub auth: web::Data<Auth>,
    pub content: web::Data<ContentCache>,
    pub member_api: web::Data<MemberApiClient>,
    /// Checks the solution the guarded writes carry (`[captcha]`).
    pub captcha: web::Data<Captcha>,
    /// `server.trusted_proxies`, as the request span reads it.
    pub trusted_proxies: web::Data<TrustedProxies>,
    /// The emails owed to members wait here until they have left; `None` without a transport.
    pub mail: Option<MailQueue>,
}

/// Registers the state and each service on its own, as the handlers extract them.
pub fn register(state: &web::Data<AppState>, cfg: &mut web::ServiceConfig) {
    cfg.app_data(state.clone())
        .app_data(state.assets.clone())
        .app_data(state.page_links.clone())
        .app_data(state.metrics.clone())
        .app_data(state.auth.clone())
        .app_data(state.content.clone())
        .app_data(state.member_api.clone())
        .app_data(state.captcha.clone())
        .app_data(state.trusted_proxies.clone());
}
