//! `POST /paiement/notification`: the provider's instant payment notification, server to
//! server. The portal is the shop's public address, so it receives it; it checks the
//! provider's signature and the shop before anything else, then passes the provider's fields on
//! unchanged to the member API (`POST /paiements/notification`), which checks the signature
//! again, the order and its amount, and settles it once. Neither a session nor the
//! anti-forgery token applies: the provider is no browser, its signature is its credential.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use bytes::Bytes;

use super::{Boutique, Paiements};
use crate::error::ApiError;
use crate::member_api::calls::NOTIFICATION_PAIEMENT;
use crate::member_api::{Body, Call};
use crate::request_id::RequestId;
use crate::state::AppState;

pub const PATH: &str = "/paiement/notification";

/// A notification is a few dozen short fields: far beyond it, not one.
const LIMIT_BYTES: usize = 16 * 1024;

/// The route, when online payment is on (a 404 otherwise, as for any unknown path).
pub fn routes(cfg: &mut web::ServiceConfig, paiements: &Paiements) {
    if paiements.0.is_some() {
        cfg.service(web::resource(PATH).app_data(web::PayloadConfig::new(LIMIT_BYTES)).post(notified));
    }
}

/// What the portal refuses before the member API sees it.
#[derive(Debug, PartialEq, Eq)]
enum Refus {
    /// Not the provider's form encoding, or not a form.
    Malformed,
    /// The signature does not match the shop's key: not the provider.
    Forged,
    /// Signed, but for another shop or mode.
    OtherShop,
}

/// The provider's own fields of `body`, checked: what goes on to the member API.
fn checked(boutique: &Boutique, body: &[u8]) -> Result<Vec<(String, String)>, Refus> {
    let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(body).map_err(|_| Refus::Malformed)?;
    vads::verify(&fields, boutique.key()).map_err(|refused| match refused {
        vads::Refused::Malformed => Refus::Malformed,
        vads::Refused::Forged => Refus::Forged,
    })?;
    let shop = vads::field(&fields, "vads_site_id") == Some(boutique.site_id.as_str())
        && vads::field(&fields, "vads_ctx_mode") == Some(boutique.mode);
    if !shop {
        return Err(Refus::OtherShop);
    }
    // Only what the provider signed, and the signature: nothing added on the way goes further.
    Ok(fields.into_iter().filter(|(name, _)| name.starts_with("vads_") || name == vads::SIGNATURE).collect())
}

async fn notified(
    request: HttpRequest,
    body: Bytes,
    request_id: Option<web::ReqData<RequestId>>,
    state: web::Data<AppState>,
    paiements: web::Data<Paiements>,
) -> Result<HttpResponse, ApiError> {
    let Some(boutique) = &paiements.0 else { return Err(ApiError::NotFound) };
    let form = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/x-www-form-urlencoded"));
    if !form {
        return Err(ApiError::BadRequest("a payment notification is a form".into()));
    }
    let fields = match checked(boutique, &body) {
        Ok(fields) => fields,
        Err(refus) => {
            // The values are the sender's: written escaped (`?`), never as they came.
            tracing::warn!(refus = ?refus, peer = ?request.peer_addr(), "payment notification refused");
            return Err(match refus {
                Refus::Malformed => ApiError::BadRequest("payment notification fields".into()),
                Refus::Forged => ApiError::Forbidden,
                Refus::OtherShop => ApiError::Conflict {
                    code: "autre_boutique",
                    message: "Cette notification est destinée à une autre boutique.",
                },
            });
        }
    };
    let encoded = serde_urlencoded::to_string(&fields).map_err(|error| ApiError::Internal(error.into()))?;
    let mut headers = hyper::HeaderMap::new();
    headers.insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("application/x-www-form-urlencoded"),
    );
    let call = Call {
        of: &NOTIFICATION_PAIEMENT,
        path: NOTIFICATION_PAIEMENT.relative(),
        query: None,
        request_id: request_id.as_deref().map(|id| id.0.as_str()),
        headers,
        body: Body::Buffered(encoded.into()),
    };
    let answer = state.member_api.without_member(&call).await?;
    let status = answer.status().as_u16();
    tracing::info!(status, "payment notification passed on");
    if answer.status().is_server_error() {
        return Err(ApiError::BadGateway(format!(
            "the member API answered a payment notification with {status}"
        )));
    }
    // The provider reads the status alone (it repeats anything but a 200); the member API's
    // words go with it for whoever reads the provider's log.
    let content_type = answer.headers().get(hyper::header::CONTENT_TYPE).cloned();
    let body = answer.bytes().await?;
    let mut response = HttpResponse::build(actix_web::http::StatusCode::from_u16(status).unwrap_or_default());
    if let Some(value) = content_type.and_then(|value| value.to_str().map(str::to_owned).ok()) {
        response.insert_header((header::CONTENT_TYPE, value));
    }
    Ok(response.insert_header((header::CACHE_CONTROL, "no-store")).body(body))
}

#[cfg(test)]
mod tests {

    use super::*;

    fn boutique() -> Boutique {
        super::super::boutique_de_test()
    }

    fn signed(fields: &[(&str, &str)], key: &[u8]) -> String {
        let signature = vads::sign(fields.iter().copied(), key);
        let mut all: Vec<(&str, &str)> = fields.to_vec();
        all.push(("signature", &signature));
        serde_urlencoded::to_string(&all).unwrap()
    }

    const SHOP: [(&str, &str); 3] =
        [("vads_site_id", "12345678"), ("vads_ctx_mode", "TEST"), ("vads_amount", "3850")];

    #[test]
    fn only_the_shops_signed_fields_go_on() {
        let mut fields = SHOP.to_vec();
        fields.push(("utm_source", "added on the way"));
        let body = signed(&fields, b"the shop's test key");
        let kept = checked(&boutique(), body.as_bytes()).unwrap();
        assert_eq!(kept.len(), 4, "{kept:?}");
        assert!(kept.iter().all(|(name, _)| name != "utm_source"));
    }

    #[test]
    fn a_forged_a_malformed_or_another_shops_notification_stops_here() {
        let forged = signed(&SHOP, b"a guess");
        assert_eq!(checked(&boutique(), forged.as_bytes()), Err(Refus::Forged));
        assert_eq!(checked(&boutique(), b"vads_amount=1"), Err(Refus::Malformed));
        assert_eq!(checked(&boutique(), b"%zz"), Err(Refus::Malformed));
        let other =
            signed(&[("vads_site_id", "87654321"), ("vads_ctx_mode", "TEST")], b"the shop's test key");
        assert_eq!(checked(&boutique(), other.as_bytes()), Err(Refus::OtherShop));
        let production =
            signed(&[("vads_site_id", "12345678"), ("vads_ctx_mode", "PRODUCTION")], b"the shop's test key");
        assert_eq!(checked(&boutique(), production.as_bytes()), Err(Refus::OtherShop));
    }
}
