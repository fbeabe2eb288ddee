//! The whole configuration, a section a table, and its check as a whole.

use serde::Deserialize;

use super::audit::AuditSettings;
use super::brand::{AccessibiliteSettings, BrandSettings, MediateurSettings};
use super::captcha::CaptchaSettings;
use super::demo::DemoSettings;
use super::limits::LimitsSettings;
use super::mail::MailSettings;
use super::oidc::OidcSettings;
use super::outbound::OutboundSettings;
use super::problems::{ConfigError, Problems};
use super::security_txt::SecurityTxtSettings;
use super::server::ServerSettings;
use super::session::SessionSettings;
use super::telemetry::TelemetrySettings;
use super::upstream::UpstreamSettings;

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub server: ServerSettings,
    pub oidc: OidcSettings,
    pub session: SessionSettings,
    pub upstream: UpstreamSettings,
    pub brand: BrandSettings,
    pub accessibilite: AccessibiliteSettings,
    pub mediateur: MediateurSettings,
    pub captcha: CaptchaSettings,
    pub limits: LimitsSettings,
    pub mail: MailSettings,
    pub outbound: OutboundSettings,
    pub security_txt: SecurityTxtSettings,
    pub telemetry: TelemetrySettings,
    pub audit: AuditSettings,
    pub demo: DemoSettings,
}

impl Settings {
    /// Every section checks its own keys; a section whose rules depend on demo mode is given
    /// `[demo]`. All problems are gathered, so an operator fixes a file in one pass.
    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        let mut problems = Problems::default();
        self.server.validate(&mut problems);
        self.oidc.validate(&self.demo, &mut problems);
        self.session.validate(&self.demo, &mut problems);
        self.upstream.validate(&self.demo, &mut problems);
        self.brand.validate(&mut problems);
        self.accessibilite.validate(&mut problems);
        self.mediateur.validate(&mut problems);
        self.captcha.validate(&mut problems);
        self.mail.validate(&self.demo, &mut problems);
        self.outbound.validate(&mut problems);
        self.security_txt.validate(&mut problems);
        self.telemetry.validate(&mut problems);
        self.audit.validate(&mut problems);
        self.demo.validate(&mut problems);
        if problems.0.is_empty() { Ok(()) } else { Err(ConfigError { problems: problems.0 }) }
    }
}
