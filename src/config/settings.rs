//! The whole configuration, a section a table, and its check as a whole.

use secrecy::SecretString;
use serde::Deserialize;

use super::audit::AuditSettings;
use super::brand::{AccessibiliteSettings, BrandSettings, MediateurSettings};
use super::captcha::CaptchaSettings;
use super::demo::DemoSettings;
use super::limits::LimitsSettings;
use super::mail::MailSettings;
use super::oidc::{ClientAuth, OidcSettings};
use super::outbound::OutboundSettings;
use super::paiement::PaiementSettings;
use super::problems::{ConfigError, Problems};
use super::security_txt::SecurityTxtSettings;
use super::server::ServerSettings;
use super::session::SessionSettings;
use super::telemetry::TelemetrySettings;
use super::upstream::UpstreamSettings;
use super::wallet::WalletSettings;

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
    pub paiement: PaiementSettings,
    pub wallet: WalletSettings,
    pub outbound: OutboundSettings,
    pub security_txt: SecurityTxtSettings,
    pub telemetry: TelemetrySettings,
    pub audit: AuditSettings,
    pub demo: DemoSettings,
}

impl Settings {
    /// The secret every instance holds, from which the portal derives its own keys (the
    /// anti-forgery tokens', the captcha's, the sign-in cookie's, and in demo mode the seal of
    /// what Redis holds): the client secret; a client without one (`private_key_jwt`,
    /// `tls_client_auth`) uses `session.cookie_key`, else its assertion key.
    pub fn derivation_secret(&self) -> &SecretString {
        let oidc = &self.oidc;
        oidc.client_secret
            .as_ref()
            .or(self.session.cookie_key.as_ref())
            .or(oidc.client_assertion_key.as_ref())
            .expect("validated, or made for the demo")
    }

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
        self.paiement.validate(&self.demo, &mut problems);
        self.wallet.validate(&mut problems);
        self.outbound.validate(&mut problems);
        self.security_txt.validate(&mut problems);
        self.telemetry.validate(&mut problems);
        self.audit.validate(&mut problems);
        self.demo.validate(&mut problems);
        let secretless = self.oidc.client_secret.is_none() && self.oidc.client_assertion_key.is_none();
        if secretless
            && self.oidc.client_auth == ClientAuth::TlsClientAuth
            && self.session.cookie_key.is_none()
        {
            problems.add(
                "session.cookie_key",
                "required with oidc.client_auth = tls_client_auth and no oidc.client_secret: the instances derive their own keys from it",
            );
        }
        if problems.0.is_empty() { Ok(()) } else { Err(ConfigError { problems: problems.0 }) }
    }
}
