//! `POST /api/document/creationResiliation`: a termination notice. The member API decides it
//! (eligibility, the end date, the identity printed on the acknowledgement); once it has
//! recorded the notice (201), the portal queues the acknowledgement email and answers at once,
//! so the member never waits on SMTP.
//!
//! What the email may carry is decided here and nowhere near the browser: it attaches only the
//! document the member API marks as the acknowledgement (never a member's upload), and names
//! the member and contract as the member API knows them; who gets which email, and what it
//! says, is `mail::resiliation`'s.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use bytes::Bytes;
use lettre::message::{Attachment, header::ContentType};
use serde::Deserialize;

use super::answer::to_browser;
use super::session::session_for;
use crate::error::ApiError;
use crate::mail::resiliation::{Termination, termination_emails};
use crate::member_api::calls::{CREATION_RESILIATION, DOCUMENT_PDF, MemberCall};
use crate::member_api::{Bearer, Call};
use crate::request_id::RequestId;
use crate::state::AppState;

/// The member API's nature of the acknowledgement it prints (`DocumentInfo.nature`).
const ACCUSE_RECEPTION: &str = "ACCUSE_RECEPTION_RESILIATION";

/// The route of the one call the portal handles itself (`Exposed::Handled` in the table).
pub fn handler(call: &MemberCall, route: actix_web::Route) -> actix_web::Route {
    assert_eq!(call.path, CREATION_RESILIATION.path, "a handled call without a handler");
    route.to(notifier)
}

/// The recorded request (`Demande`), as far as the emails need it.
#[derive(Deserialize)]
struct Recorded {
    id: i64,
    resiliation: Termination,
    #[serde(default)]
    documents: Vec<Document>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Document {
    id: i64,
    nom_fichier: String,
    nature: String,
}

async fn notifier(
    request: HttpRequest,
    body: Bytes,
    request_id: Option<web::ReqData<RequestId>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let current = session_for(&CREATION_RESILIATION, &request, &state).await?;
    state.captcha.require(&request, &current).await?;
    let bearer = state.auth.bearer(&current);
    let request_id = request_id.as_deref().map(|id| id.0.as_str());
    let call = Call::json(&CREATION_RESILIATION, request_id, body);
    let upstream = state.member_api.send(&bearer, &call).await?;
    if upstream.status() != hyper::StatusCode::CREATED {
        return to_browser(upstream);
    }
    let recorded = upstream.bytes().await?;
    match &state.mail {
        Some(queue) => {
            if let Err(error) = queue_emails(&state, queue, &bearer, request_id, &recorded).await {
                // The notice stands (the member API has it, the member sees its acknowledgement
                // and can download it); the email is what failed.
                let error = crate::mail::without_addresses(&format!("{error:#}"));
                tracing::error!(error, "termination acknowledgement not queued");
            }
        }
        None => tracing::info!("termination acknowledgement not emailed: no mail transport"),
    }
    Ok(HttpResponse::Created()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .content_type("application/json")
        .body(recorded))
}

async fn queue_emails(
    state: &AppState,
    queue: &crate::mail::queue::MailQueue,
    bearer: &dyn Bearer,
    request_id: Option<&str>,
    recorded: &[u8],
) -> anyhow::Result<()> {
    let demande: Recorded = serde_json::from_slice(recorded)?;
    let document = demande
        .documents
        .iter()
        .find(|document| document.nature == ACCUSE_RECEPTION)
        .ok_or_else(|| anyhow::anyhow!("the member API returned no acknowledgement document"))?;
    let pdf = document_bytes(state, bearer, request_id, document.id).await?;
    let attachment = Attachment::new(document.nom_fichier.clone())
        .body(pdf.to_vec(), ContentType::parse("application/pdf")?);
    let from = crate::mail::sender(&state.settings)?;
    let emails =
        termination_emails(from, &state.settings.brand.name, demande.id, &demande.resiliation, attachment)?;
    for (name, message) in emails {
        queue.enqueue(&name, &message)?;
    }
    Ok(())
}

async fn document_bytes(
    state: &AppState,
    bearer: &dyn Bearer,
    request_id: Option<&str>,
    id: i64,
) -> anyhow::Result<Bytes> {
    let path = DOCUMENT_PDF.relative().replace("{id}", &id.to_string());
    let call = Call::get(&DOCUMENT_PDF, &path, request_id, "application/pdf");
    let answer = state.member_api.expect_success(bearer, &call).await?;
    let bytes = answer.bytes().await?;
    anyhow::ensure!(bytes.starts_with(b"%PDF-"), "the acknowledgement is not a PDF");
    Ok(bytes)
}
