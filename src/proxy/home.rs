//! `GET /api/home`: everything the dashboard shows, in one round trip. The parts are fetched
//! concurrently; a part that fails carries an error marker and the others still arrive, so
//! the page can show what it has and offer to retry the rest.
//!
//! A payment's detail lines are remembered (`PaymentLines`): a payment made does not change,
//! and fetching them needs the list first, a second round of calls after the first. With them
//! remembered, a home is one round of calls to the member API, however slow it answers.

use std::sync::Arc;
use std::time::Duration;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::error::{ApiError, ErrorBody};
use crate::member_api::calls::{
    BENEFICIAIRES, DEMANDES_ACCUEIL, ECHEANCE_PROCHAINE, MemberCall, NOUVEAUTES, PRESTATION,
    PRESTATIONS_RECENTES,
};
use crate::member_api::{Bearer, MemberApiClient, path_with_id};
use crate::request_id::RequestId;
use crate::state::AppState;

/// At most 2 detail lines per payment on the home page (docs/product/limits.md#home-dashboard).
const LINES_PER_PAYMENT: usize = 2;
/// The dashboard shows the most recent payments only.
const PAYMENTS: usize = 3;

/// Payments whose lines are remembered at once: a few per member active in the last minutes.
const REMEMBERED_PAYMENTS: u64 = 50_000;
/// How long they are remembered: a payment is not changed once made, but one corrected by the
/// mutual shows its new lines on the home after this at the latest (its own page reads them
/// afresh every time).
const REMEMBERED_FOR: Duration = Duration::from_secs(15 * 60);

/// The detail lines the home shows of each payment, by member (the session's subject) and
/// payment: looked up only for a payment that the member's own list has just named, so one
/// member never sees another's lines, and bounded in number and size (at most
/// `LINES_PER_PAYMENT` lines of four fields each).
pub struct PaymentLines(moka::sync::Cache<(String, String), Arc<Vec<Value>>>);

impl Default for PaymentLines {
    fn default() -> Self {
        Self(
            moka::sync::Cache::builder()
                .max_capacity(REMEMBERED_PAYMENTS)
                .time_to_live(REMEMBERED_FOR)
                .build(),
        )
    }
}

pub async fn home(
    request: HttpRequest,
    request_id: Option<web::ReqData<RequestId>>,
    state: web::Data<AppState>,
    payment_lines: web::Data<PaymentLines>,
) -> Result<HttpResponse, ApiError> {
    let current = state.auth.require(&request).await?;
    let member = Member {
        api: &state.member_api,
        bearer: &state.auth.bearer(&current),
        request_id: request_id.as_deref().map(|id| id.0.as_str()),
    };
    // Whose payments: the person's own, or those of the member they act for.
    let whose = match &current.session.acting {
        Some(acting) => format!("{}/{}", current.session.sub, acting.for_member),
        None => current.session.sub.clone(),
    };
    let lines = (payment_lines.get_ref(), whose.as_str());
    let (remboursements, demandes, echeance, nouveautes, bandeau, raccordements) = futures_util::join!(
        recent_payments(&member, lines),
        member.get(&DEMANDES_ACCUEIL, DEMANDES_ACCUEIL.relative()),
        member.get(&ECHEANCE_PROCHAINE, ECHEANCE_PROCHAINE.relative()),
        member.get(&NOUVEAUTES, NOUVEAUTES.relative()),
        state.content.first_banner(),
        links_to_mend(&member),
    );
    // A session that ended while the parts were fetched ends the whole answer.
    for part in [&remboursements, &demandes, &echeance, &nouveautes, &raccordements] {
        if let Err(ApiError::Unauthorized) = part {
            return Err(ApiError::Unauthorized);
        }
    }
    // Refused for someone acting for the member: the delegation may have ended, and with it the
    // space this home is of.
    let parts = [&remboursements, &demandes, &echeance, &nouveautes, &raccordements];
    if parts.iter().any(|part| matches!(part, Err(ApiError::Forbidden))) && current.session.acting.is_some() {
        let request_id = request_id.as_deref().map(|id| id.0.as_str());
        let acting = crate::auth::acting::take_back_if_ended;
        if acting(&request, &state.auth, &state.member_api, &current, request_id).await? {
            return Err(ApiError::Denied {
                code: "delegation_terminee",
                message: crate::auth::acting::ENDED,
            });
        }
    }
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).json(json!({
        "remboursements": part(remboursements),
        "demandes": part(demandes),
        "echeanceProchaine": part(echeance),
        "nouveautes": part(nouveautes),
        "bandeau": part(bandeau),
        "raccordements": part(raccordements),
    })))
}

/// `{"data": …}`, or `{"error": {status, code, message}}` for a part that failed.
fn part(result: Result<Value, ApiError>) -> Value {
    match result {
        Ok(data) => json!({ "data": data }),
        Err(error) => {
            tracing::warn!(%error, "home part failed");
            let status = error.status_code();
            json!({ "error": ErrorBody::for_status(if status == StatusCode::NOT_FOUND { StatusCode::BAD_GATEWAY } else { status }) })
        }
    }
}

/// The member API as this request's member sees it.
struct Member<'a> {
    api: &'a MemberApiClient,
    bearer: &'a dyn Bearer,
    request_id: Option<&'a str>,
}

impl Member<'_> {
    async fn get(&self, of: &'static MemberCall, path: &str) -> Result<Value, ApiError> {
        self.api.get_json(self.bearer, of, path, self.request_id).await
    }
}

/// The recent payments, each with its first detail lines (`detailRemboursement`), those of
/// `remembered` (of the member whose subject it names) when known.
async fn recent_payments(member: &Member<'_>, remembered: (&PaymentLines, &str)) -> Result<Value, ApiError> {
    let (PaymentLines(remembered), subject) = remembered;
    let payments = member.get(&PRESTATIONS_RECENTES, PRESTATIONS_RECENTES.relative()).await?;
    let payments: Vec<Value> =
        payments.as_array().cloned().unwrap_or_default().into_iter().take(PAYMENTS).collect();
    let details = join_all(payments.iter().map(|payment| async move {
        let id =
            payment_id(payment).ok_or_else(|| ApiError::BadGateway("payment without paymentId".into()))?;
        let key = (subject.to_owned(), id);
        if let Some(lines) = remembered.get(&key) {
            return Ok(lines);
        }
        // An identifier the member API should never have sent is its failure, not the member's.
        let path = path_with_id(PRESTATION.relative(), &key.1)
            .map_err(|_| ApiError::BadGateway("payment with an unusable paymentId".into()))?;
        let detail = member.get(&PRESTATION, &path).await?;
        let lines: Arc<Vec<Value>> = Arc::new(
            detail["data"]
                .as_array()
                .into_iter()
                .flatten()
                .take(LINES_PER_PAYMENT)
                .map(detail_line)
                .collect(),
        );
        remembered.insert(key, lines.clone());
        Ok::<_, ApiError>(lines)
    }))
    .await;
    let mut cards = Vec::with_capacity(payments.len());
    for (payment, lines) in payments.into_iter().zip(details) {
        let lines = lines?;
        cards.push(json!({
            "paymentId": payment["paymentId"],
            "paymentDate": payment["paymentDate"],
            "beneficiaryFirstName": payment["beneficiaryFirstName"],
            "beneficiaryLastName": payment["beneficiaryLastName"],
            "detailRemboursement": lines.as_slice(),
        }));
    }
    Ok(Value::Array(cards))
}

/// The people whose NOEMIE link is not active (the member API's `statutNoemie` other than
/// RACCORDE), each with what the home's notice needs: who, and the link's state.
async fn links_to_mend(member: &Member<'_>) -> Result<Value, ApiError> {
    let beneficiaires = member.get(&BENEFICIAIRES, BENEFICIAIRES.relative()).await?;
    let links = beneficiaires
        .as_array()
        .into_iter()
        .flatten()
        .filter(|beneficiaire| beneficiaire["statutNoemie"] != "RACCORDE")
        .map(|beneficiaire| {
            json!({
                "idBeneficiaire": beneficiaire["id"],
                "lien": beneficiaire["lien"],
                "prenom": beneficiaire["prenom"],
                "nom": beneficiaire["nom"],
                "statutNoemie": beneficiaire["statutNoemie"],
            })
        })
        .collect();
    Ok(Value::Array(links))
}

fn payment_id(payment: &Value) -> Option<String> {
    match &payment["paymentId"] {
        Value::String(id) => Some(id.clone()),
        Value::Number(id) => Some(id.to_string()),
        _ => None,
    }
}

/// The fields of a detail line the dashboard shows.
fn detail_line(line: &Value) -> Value {
    json!({
        "labelExternalCode": line["labelExternalCode"],
        "startDate": line["startDate"],
        "expenseAmount": line["expenseAmount"],
        "refundableAmount": line["refundableAmount"],
    })
}
