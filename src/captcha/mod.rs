//! The captcha (`[captcha]`, docs/product/roles.md#scripted-requests), guarding the writes a script
//! would abuse: the calls that create a request with its documents and the termination's
//! confirmation. The browser sends its solution in `X-Captcha`; the portal checks it before
//! anything is forwarded, and each solution serves once, on every instance sharing the session
//! store. By default ALTCHA: a proof of work made and checked here, with no third party and no
//! cookie.

mod altcha;
mod hosted;

use std::sync::Arc;
use std::time::Duration;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use prometheus::Registry;
use secrecy::SecretString;
use sha2::{Digest, Sha256};

use crate::audit::{self, Kind, Note};
use crate::auth::{Auth, CurrentSession};
use crate::config::{CaptchaProvider, CaptchaSettings};
use crate::coordination::Coordination;
use crate::error::ApiError;
use crate::limits::Bound;
use crate::metrics::Outcomes;

/// The request header carrying the solution.
pub const HEADER: &str = "x-captcha";
/// Separates the challenges' key from the other uses of the client secret.
const DERIVATION_LABEL: &[u8] = b"espace-assure captcha key v1";

const MISSING: ApiError = ApiError::Refused {
    code: "captcha_missing",
    message: "La vérification anti-robot est manquante. Veuillez réessayer.",
};
const INVALID: ApiError = ApiError::Refused {
    code: "captcha_invalid",
    message: "La vérification anti-robot a échoué. Veuillez réessayer.",
};
const REPLAYED: ApiError = ApiError::Refused {
    code: "captcha_replayed",
    message: "Cette vérification anti-robot a déjà servi. Veuillez réessayer.",
};

enum Check {
    None,
    Altcha(altcha::Altcha),
    Hosted(hosted::Hosted),
}

pub struct Captcha {
    check: Check,
    /// Remembers used solutions for as long as they could be valid.
    coordination: Arc<dyn Coordination>,
    lifetime: Duration,
    /// Creations per member (`limits.creations_per_hour`), counted before the solution is
    /// looked at, so that a refusal does not spend it.
    creations: Bound<String>,
    /// `captcha_verifications_total{outcome}`: `solved`, `refused` (missing, wrong, replayed)
    /// or `unavailable` (the hosted service or the session store failing).
    outcomes: Outcomes,
}

impl Captcha {
    pub fn new(
        settings: &CaptchaSettings,
        client_secret: &SecretString,
        http: reqwest::Client,
        coordination: Arc<dyn Coordination>,
        creations: Bound<String>,
        registry: &Registry,
    ) -> Self {
        let check = match settings.provider {
            CaptchaProvider::None => Check::None,
            // Derived from the client secret, like the anti-forgery key: every instance holds
            // it, so a challenge made by one is checked by another.
            CaptchaProvider::Altcha => Check::Altcha(altcha::Altcha::new(
                crate::derived_key::derived_mac(client_secret, DERIVATION_LABEL),
                settings.max_number,
                settings.expires_secs,
            )),
            CaptchaProvider::Hcaptcha => Check::Hosted(hosted::Hosted::new(
                http,
                settings.verify_url.clone(),
                settings.site_key.clone().unwrap_or_default(),
                settings.secret.clone().expect("validated with the configuration"),
            )),
        };
        let outcomes = Outcomes::new(
            "captcha_verifications_total",
            "Captcha solutions checked, by outcome",
            "outcome",
            &["solved", "refused", "unavailable"],
        )
        .register(registry);
        Self {
            check,
            coordination,
            lifetime: Duration::from_secs(settings.expires_secs),
            creations,
            outcomes,
        }
    }

    /// Guards a creation by the member of `current`: refused past their bound (429), or
    /// unless the request carries a good solution, made for this session, never used (422).
    pub async fn require(&self, request: &HttpRequest, current: &CurrentSession) -> Result<(), ApiError> {
        self.creations.check(current.session.sub.clone())?;
        if matches!(self.check, Check::None) {
            return Ok(());
        }
        let verified = self.verify(request, current).await;
        if let Err(ApiError::Refused { .. }) = &verified {
            audit::note(request, Note::of(Kind::Refused));
        }
        self.outcomes.inc(match &verified {
            Ok(()) => "solved",
            Err(ApiError::Refused { .. }) => "refused",
            Err(_) => "unavailable",
        });
        verified
    }

    /// The request's solution is good, made for this session, and used now for the first time.
    async fn verify(&self, request: &HttpRequest, current: &CurrentSession) -> Result<(), ApiError> {
        let solution =
            request.headers().get(HEADER).and_then(|value| value.to_str().ok()).unwrap_or_default();
        if solution.is_empty() {
            return Err(MISSING);
        }
        let used = match &self.check {
            Check::None => return Ok(()),
            Check::Altcha(altcha) => {
                altcha.verify(solution, crate::clock::now(), &current.id).map_err(|invalid| {
                    tracing::info!(?invalid, "captcha solution refused");
                    INVALID
                })?
            }
            Check::Hosted(hosted) => {
                match hosted.verify(solution).await.map_err(|e| ApiError::BadGateway(e.to_string()))? {
                    hosted::Outcome::Valid => hex::encode(Sha256::digest(solution)),
                    hosted::Outcome::Invalid => return Err(INVALID),
                }
            }
        };
        if self.coordination.claim_once(&format!("captcha:{used}"), self.lifetime).await? {
            Ok(())
        } else {
            Err(REPLAYED)
        }
    }
}

/// In the `/api` scope.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/captcha").get(challenge));
}

/// A new ALTCHA challenge for a signed-in member; 404 with another provider.
async fn challenge(
    request: HttpRequest,
    auth: web::Data<Auth>,
    captcha: web::Data<Captcha>,
) -> Result<HttpResponse, ApiError> {
    let current = auth.require(&request).await?;
    let Check::Altcha(altcha) = &captcha.check else { return Err(ApiError::NotFound) };
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(altcha.challenge(crate::clock::now(), &current.id)))
}
