//! `GET /api/home`: everything the dashboard shows, in one round trip. The parts are fetched
//! concurrently; a part that fails carries an error marker and the others still arrive, so
//! the page can show what it has and offer to retry the rest.

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

/// SPEC.md §3: at most 2 detail lines per payment on the home page.
const LINES_PER_PAYMENT: usize = 2;
/// The dashboard shows the most recent payments only.
const PAYMENTS: usize = 3;

pub async fn home(
    request: HttpRequest,
    request_id: Option<web::ReqData<RequestId>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let current = state.auth.require(&request).await?;
    let member = Member {
        api: &state.member_api,
        bearer: &state.auth.bearer(&current),
        request_id: request_id.as_deref().map(|id| id.0.as_str()),
    };
    let (remboursements, demandes, echeance, nouveautes, bandeau, raccordements) = futures_util::join!(
        recent_payments(&member),
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

/// The recent payments, each with its first detail lines (`detailRemboursement`).
async fn recent_payments(member: &Member<'_>) -> Result<Value, ApiError> {
    let payments = member.get(&PRESTATIONS_RECENTES, PRESTATIONS_RECENTES.relative()).await?;
    let payments: Vec<Value> =
        payments.as_array().cloned().unwrap_or_default().into_iter().take(PAYMENTS).collect();
    let details = join_all(payments.iter().map(|payment| async move {
        let id =
            payment_id(payment).ok_or_else(|| ApiError::BadGateway("payment without paymentId".into()))?;
        // An identifier the member API should never have sent is its failure, not the member's.
        let path = path_with_id(PRESTATION.relative(), &id)
            .map_err(|_| ApiError::BadGateway("payment with an unusable paymentId".into()))?;
        let detail = member.get(&PRESTATION, &path).await?;
        Ok::<_, ApiError>(detail["data"].as_array().cloned().unwrap_or_default())
    }))
    .await;
    let mut cards = Vec::with_capacity(payments.len());
    for (payment, lines) in payments.into_iter().zip(details) {
        let lines: Vec<Value> = lines?.into_iter().take(LINES_PER_PAYMENT).map(detail_line).collect();
        cards.push(json!({
            "paymentId": payment["paymentId"],
            "paymentDate": payment["paymentDate"],
            "beneficiaryFirstName": payment["beneficiaryFirstName"],
            "beneficiaryLastName": payment["beneficiaryLastName"],
            "detailRemboursement": lines,
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
fn detail_line(line: Value) -> Value {
    json!({
        "labelExternalCode": line["labelExternalCode"],
        "startDate": line["startDate"],
        "expenseAmount": line["expenseAmount"],
        "refundableAmount": line["refundableAmount"],
    })
}
