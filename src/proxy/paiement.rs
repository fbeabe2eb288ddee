//! `POST /api/assure/paiements`: « Payer en ligne ». The member API issues the order (it alone
//! knows what is owed); the portal then signs the provider's payment form for it
//! (`paiement::formulaire`) and gives the browser both, which posts the form to the provider's
//! page. Nothing is settled here: the provider's notification does that.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use bytes::Bytes;
use serde::Serialize;
use serde_json::value::RawValue;

use super::answer::to_browser;
use super::session::session_for;
use crate::error::ApiError;
use crate::member_api::Call;
use crate::member_api::calls::{MemberCall, PAIEMENTS};
use crate::paiement::Paiements;
use crate::paiement::formulaire::{Commande, Formulaire};
use crate::request_id::RequestId;
use crate::state::AppState;

pub fn handler(call: &MemberCall, route: actix_web::Route) -> actix_web::Route {
    assert_eq!(call.path, PAIEMENTS.path, "a handled call without a handler");
    route.to(payer)
}

/// The order as the member API wrote it, and the form to pay it.
#[derive(Serialize)]
struct APayer<'a> {
    paiement: &'a RawValue,
    formulaire: Formulaire,
}

async fn payer(
    request: HttpRequest,
    body: Bytes,
    request_id: Option<web::ReqData<RequestId>>,
    state: web::Data<AppState>,
    paiements: web::Data<Paiements>,
) -> Result<HttpResponse, ApiError> {
    let current = session_for(&PAIEMENTS, &request, &state).await?;
    // Before any order is issued: a member of a mutual without a provider has nothing to pay with.
    let Some(boutique) = &paiements.0 else {
        return Err(ApiError::Unavailable("no payment provider configured ([paiement])".into()));
    };
    let request_id = request_id.as_deref().map(|id| id.0.as_str());
    let call = Call::json(&PAIEMENTS, request_id, body);
    let upstream = state.member_api.send(&state.auth.bearer(&current), &call).await?;
    let status = upstream.status();
    if !matches!(status, hyper::StatusCode::OK | hyper::StatusCode::CREATED) {
        return to_browser(upstream);
    }
    let issued = upstream.bytes().await?;
    let commande: Commande =
        serde_json::from_slice(&issued).map_err(|error| ApiError::BadGateway(format!("order: {error}")))?;
    let paiement: &RawValue =
        serde_json::from_slice(&issued).map_err(|error| ApiError::BadGateway(format!("order: {error}")))?;
    let formulaire = boutique.formulaire(&commande, chrono::Utc::now()).await?;
    let status = actix_web::http::StatusCode::from_u16(status.as_u16()).unwrap_or_default();
    Ok(HttpResponse::build(status)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(APayer { paiement, formulaire }))
}
