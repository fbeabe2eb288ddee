//! « Ajouter à Apple Wallet » and « Ajouter à Google Wallet »: the tiers-payant card in the
//! phone's wallet (docs/product/screens.md#the-card-in-the-phones-wallet,
//! docs/decisions/0030-the-card-in-the-phones-wallet.md). Two portal-own routes read the member's
//! card through the member API (`GET /assure/carte-tp`, with the session's bearer, audited as a
//! read of health data like the card itself), take the card in force and give it as an Apple
//! pass ([`apple`]) or a Google « Ajouter » link ([`google`]), with the fields the card page
//! shows and the text its 2D code carries.
//!
//! A card that changes (a new period, a beneficiary added) gets a new serial, derived from what
//! it shows ([`carte::Carte::serial`]): added again, the pass or the object is a new one, and the old
//! one expires with its period (`expirationDate`, `validTimeInterval`).

pub mod apple;
pub mod carte;
pub mod google;
pub mod paths;

pub use self::paths::{APPLE_PATH, GOOGLE_PATH};

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;

use self::carte::{Carte, Marque, en_cours};
use crate::config::Settings;
use crate::error::{ApiError, ErrorBody};
use crate::member_api::calls::CARTE_TP;
use crate::request_id::RequestId;
use crate::state::AppState;

/// What a member without a card in force is told.
const AUCUNE_CARTE: &str =
    "Vous n’avez pas de carte de tiers payant en cours de validité à ajouter à votre téléphone.";

/// The wallets the partner has set up (`[wallet]`), as the handlers extract them.
pub struct Wallets {
    pub apple: Option<apple::PassSigner>,
    pub google: Option<google::LinkSigner>,
}

impl Wallets {
    /// The wallets `[wallet]` sets up: their keys and certificates are read now, so that a
    /// wrong file stops the start rather than a member's request.
    pub fn from_settings(settings: &Settings, public_url: &url::Url) -> anyhow::Result<Self> {
        let marque =
            Marque { nom: settings.brand.name.clone(), couleur: settings.brand.primary_color.clone() };
        let wallet = &settings.wallet;
        let apple = wallet
            .apple
            .is_set()
            .then(|| {
                apple::PassSigner::from_settings(&wallet.apple, marque.clone(), wallet.apple.test_material)
            })
            .transpose()?;
        let google = wallet
            .google
            .is_set()
            .then(|| {
                google::LinkSigner::from_settings(
                    &wallet.google,
                    marque,
                    public_url,
                    wallet.google.test_material,
                )
            })
            .transpose()?;
        Ok(Self { apple, google })
    }
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource(APPLE_PATH).get(apple_pass))
        .service(web::resource(GOOGLE_PATH).get(google_link));
}

/// The member's card in force, read through the member API as this request's member.
async fn carte_en_cours(
    request: &HttpRequest,
    request_id: Option<&str>,
    state: &AppState,
) -> Result<Option<Carte>, ApiError> {
    let current = state.auth.require(request).await?;
    let bearer = state.auth.bearer(&current);
    let cartes = state.member_api.get_json(&bearer, &CARTE_TP, CARTE_TP.relative(), request_id).await?;
    let cartes: Vec<Carte> = serde_json::from_value(cartes)
        .map_err(|error| ApiError::BadGateway(format!("tiers-payant cards: {error}")))?;
    Ok(en_cours(cartes))
}

fn aucune_carte() -> HttpResponse {
    HttpResponse::build(StatusCode::NOT_FOUND)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(ErrorBody { status: 404, code: "aucune_carte_en_cours", message: AUCUNE_CARTE })
}

/// What both routes start with: a signed-in member, the wallet `signer` set up (`what` names
/// it in the 503 otherwise), and the member's card in force, or the 404 to answer without one.
async fn carte_signee<'w, S>(
    request: &HttpRequest,
    request_id: Option<web::ReqData<RequestId>>,
    state: &AppState,
    signer: Option<&'w S>,
    what: &'static str,
) -> Result<Result<(&'w S, Carte), HttpResponse>, ApiError> {
    // Signed in first: the wallets the partner set up are no anonymous visitor's business.
    state.auth.require(request).await?;
    let Some(signer) = signer else {
        return Err(ApiError::Unavailable(format!("{what} is not configured")));
    };
    let request_id = request_id.as_deref().map(|id| id.0.as_str());
    Ok(match carte_en_cours(request, request_id, state).await? {
        Some(carte) => Ok((signer, carte)),
        None => Err(aucune_carte()),
    })
}

/// `GET /api/carte-tp/wallet/apple`: the card in force as an Apple Wallet pass.
async fn apple_pass(
    request: HttpRequest,
    request_id: Option<web::ReqData<RequestId>>,
    state: web::Data<AppState>,
    wallets: web::Data<Wallets>,
) -> Result<HttpResponse, ApiError> {
    let apple = wallets.apple.as_ref();
    let (signer, carte) =
        match carte_signee(&request, request_id, &state, apple, "Apple Wallet ([wallet.apple])").await? {
            Ok(found) => found,
            Err(none) => return Ok(none),
        };
    let pass = signer.pass(&carte)?;
    Ok(HttpResponse::Ok()
        .content_type(apple::MEDIA_TYPE)
        .insert_header((header::CONTENT_DISPOSITION, "attachment; filename=\"carte-tiers-payant.pkpass\""))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(pass))
}

#[derive(Serialize)]
struct Lien {
    url: String,
}

/// `GET /api/carte-tp/wallet/google`: the « Ajouter à Google Wallet » link of the card in force.
async fn google_link(
    request: HttpRequest,
    request_id: Option<web::ReqData<RequestId>>,
    state: web::Data<AppState>,
    wallets: web::Data<Wallets>,
) -> Result<HttpResponse, ApiError> {
    let google = wallets.google.as_ref();
    let (signer, carte) =
        match carte_signee(&request, request_id, &state, google, "Google Wallet ([wallet.google])").await? {
            Ok(found) => found,
            Err(none) => return Ok(none),
        };
    let url = signer.link(&carte, chrono::Utc::now())?;
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).json(Lien { url }))
}
