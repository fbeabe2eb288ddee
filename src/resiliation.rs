//! `POST /api/document/creationResiliation`, on its way back: once the member API has recorded
//! a termination notice (201), the portal emails its acknowledgement to the contact the member
//! gave, with the PDF the member API keeps among the request's documents. The law asks for the
//! acknowledgement on a durable medium "sans délai"; the member also sees it on screen and can
//! download the PDF, so a mail that cannot leave is logged, never a failure of the request.

use actix_web::HttpResponse;
use actix_web::http::header;
use bytes::Bytes;
use chrono::{DateTime, NaiveDate};
use chrono_tz::Europe::Paris;
use lettre::Message;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart, header::ContentType};
use serde::Deserialize;

use crate::auth::CurrentSession;
use crate::error::ApiError;
use crate::member_api::{Call, no_body};
use crate::state::AppState;

/// What the member gave in the form (`CreationResiliation`), as far as the mail needs it.
#[derive(Deserialize)]
struct Notice {
    email: Option<String>,
    prenom: Option<String>,
    nom: Option<String>,
}

/// The recorded request (`Demande`), as far as the mail needs it.
#[derive(Deserialize)]
struct Recorded {
    id: i64,
    resiliation: Option<Termination>,
    #[serde(default)]
    documents: Vec<Document>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Termination {
    numero_contrat: String,
    date_effet: NaiveDate,
    notifiee_le: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Document {
    id: i64,
    nom_fichier: String,
    type_mime: String,
}

/// Sends the acknowledgement, then answers with the member API's own body.
pub async fn acknowledge(
    state: &AppState,
    current: &CurrentSession,
    request_id: Option<&str>,
    sent: Option<&Bytes>,
    recorded: Bytes,
) -> HttpResponse {
    let notice = sent.and_then(|body| serde_json::from_slice::<Notice>(body).ok());
    let demande = serde_json::from_slice::<Recorded>(&recorded).ok();
    if let (Some(notice), Some(demande)) = (notice, demande) {
        match send(state, current, request_id, notice, demande).await {
            Ok(true) => tracing::info!("termination acknowledgement sent"),
            Ok(false) => tracing::info!("termination acknowledgement not emailed: no mail transport"),
            Err(error) => {
                tracing::warn!(error = format!("{error:#}"), "termination acknowledgement not sent")
            }
        }
    }
    HttpResponse::Created()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .content_type("application/json")
        .body(recorded)
}

async fn send(
    state: &AppState,
    current: &CurrentSession,
    request_id: Option<&str>,
    notice: Notice,
    demande: Recorded,
) -> anyhow::Result<bool> {
    let Some(address) = notice.email.filter(|email| !email.trim().is_empty()) else { return Ok(false) };
    let Some(termination) = demande.resiliation else { return Ok(false) };
    let name = [notice.prenom, notice.nom].into_iter().flatten().collect::<Vec<_>>().join(" ");
    let to = Mailbox::new(Some(name.clone()).filter(|name| !name.is_empty()), address.trim().parse()?);
    let text = body(&state.settings.brand.name, &name, demande.id, &termination);
    let mut parts = MultiPart::mixed().singlepart(SinglePart::plain(text));
    if let Some(document) = demande.documents.first() {
        let pdf = document_bytes(state, current, request_id, document.id).await?;
        parts = parts.singlepart(
            Attachment::new(document.nom_fichier.clone())
                .body(pdf.to_vec(), ContentType::parse(&document.type_mime)?),
        );
    }
    let message = Message::builder()
        .from(crate::mail::sender(&state.settings)?)
        .to(to)
        .subject(format!("Accusé de réception de votre demande de résiliation n° {}", demande.id))
        .multipart(parts)?;
    state.mail.send(message).await
}

/// The acknowledgement's text: when the notice arrived, when the contract ends, what follows.
fn body(mutuelle: &str, name: &str, id: i64, termination: &Termination) -> String {
    let received = termination
        .notifiee_le
        .as_deref()
        .and_then(|moment| DateTime::parse_from_rfc3339(moment).ok())
        .map(|moment| moment.with_timezone(&Paris).format("le %d/%m/%Y à %H:%M").to_string())
        .unwrap_or_else(|| "ce jour".to_owned());
    let end = termination.date_effet.format("%d/%m/%Y");
    let greeting = if name.is_empty() { "Bonjour,".to_owned() } else { format!("Bonjour {name},") };
    format!(
        "{greeting}\n\n\
         {mutuelle} a bien reçu {received} votre demande de résiliation n° {id} du contrat {contrat}.\n\n\
         Votre contrat prendra fin le {end}. À compter de cette date, vos garanties et celles des \
         personnes couvertes par ce contrat cessent, et votre carte de tiers payant ne peut plus être \
         présentée : détruisez-la. Les soins reçus jusqu’à cette date restent remboursés. La part de \
         cotisation payée pour la période postérieure à la fin du contrat vous sera remboursée dans \
         un délai de trente jours (article L221-10-3 du Code de la mutualité).\n\n\
         L’accusé de réception est joint à ce message ; il est aussi conservé dans votre espace \
         assuré, rubrique « Mes demandes ».\n\n{mutuelle}\n",
        contrat = termination.numero_contrat,
    )
}

async fn document_bytes(
    state: &AppState,
    current: &CurrentSession,
    request_id: Option<&str>,
    id: i64,
) -> Result<Bytes, ApiError> {
    let path = format!("document/pdf/{id}");
    let call = Call { method: reqwest::Method::GET, path: &path, query: None, request_id };
    let answer = state.member_api.send(&state.auth, current, &call, &|builder| builder, &no_body).await?;
    if !answer.status().is_success() {
        return Err(ApiError::BadGateway(format!("member API answered {}", answer.status())));
    }
    answer.bytes().await.map_err(|error| ApiError::BadGateway(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mail_says_when_the_notice_arrived_in_french_time_and_when_the_contract_ends() {
        let termination = Termination {
            numero_contrat: "IND-2021-004512".into(),
            date_effet: NaiveDate::from_ymd_opt(2026, 12, 23).unwrap(),
            notifiee_le: Some("2026-11-23T13:05:00+00:00".into()),
        };

        let text = body("Mutuelle Cogévie", "Marie DUPONT", 12, &termination);

        assert!(text.starts_with("Bonjour Marie DUPONT,"), "{text}");
        assert!(text.contains("a bien reçu le 23/11/2026 à 14:05 votre demande de résiliation n° 12 du contrat IND-2021-004512"), "{text}");
        assert!(text.contains("Votre contrat prendra fin le 23/12/2026."), "{text}");
        assert!(text.contains("trente jours"), "{text}");
    }
}
