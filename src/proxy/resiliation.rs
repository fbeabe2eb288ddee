//! `POST /api/document/creationResiliation`: a termination notice. The member API decides it
//! (eligibility, the end date, the identity printed on the acknowledgement); once it has
//! recorded the notice (201), the portal queues the acknowledgement email and answers at once,
//! so the member never waits on SMTP.
//!
//! What the email may carry is decided here and nowhere near the browser: it goes to the
//! address the member gave (D221-1 II 1° lets them choose the means of contact), attaches
//! only the document the member API marks as the acknowledgement (never a member's upload),
//! and names the member and contract as the member API knows them. When that address is not
//! the one on file, the address on file is told that a notice was given from the account: the
//! usual guard against a notice made by someone else.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use bytes::Bytes;
use chrono::{DateTime, NaiveDate};
use chrono_tz::Europe::Paris;
use lettre::Message;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart, header::ContentType};
use serde::Deserialize;

use super::answer::to_browser;
use super::session::session_for;
use crate::error::ApiError;
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
struct Termination {
    numero_contrat: String,
    libelle_produit: String,
    date_effet: NaiveDate,
    notifiee_le: String,
    adherent: String,
    email: Option<String>,
    email_dossier: String,
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
    let termination = &demande.resiliation;
    let document = demande
        .documents
        .iter()
        .find(|document| document.nature == ACCUSE_RECEPTION)
        .ok_or_else(|| anyhow::anyhow!("the member API returned no acknowledgement document"))?;
    let pdf = document_bytes(state, bearer, request_id, document.id).await?;
    let from = crate::mail::sender(&state.settings)?;
    let mutuelle = &state.settings.brand.name;
    let on_file = termination.email_dossier.trim();
    let given =
        termination.email.as_deref().map(str::trim).filter(|email| !email.is_empty()).unwrap_or(on_file);
    let text = acknowledgement(mutuelle, demande.id, termination);
    let message = Message::builder()
        .from(from.clone())
        .to(Mailbox::new(Some(termination.adherent.clone()), given.parse()?))
        .subject(format!("Accusé de réception de votre demande de résiliation n° {}", demande.id))
        .multipart(
            MultiPart::mixed().singlepart(SinglePart::plain(text)).singlepart(
                Attachment::new(document.nom_fichier.clone())
                    .body(pdf.to_vec(), ContentType::parse("application/pdf")?),
            ),
        )?;
    queue.enqueue(&format!("resiliation-{}-accuse", demande.id), &message)?;
    if !given.eq_ignore_ascii_case(on_file) {
        let notice = Message::builder()
            .from(from)
            .to(Mailbox::new(Some(termination.adherent.clone()), on_file.parse()?))
            .subject("Une demande de résiliation a été faite depuis votre espace assuré")
            .header(ContentType::TEXT_PLAIN)
            .body(notice_to_file(mutuelle, demande.id, termination, given))?;
        queue.enqueue(&format!("resiliation-{}-avis", demande.id), &notice)?;
    }
    Ok(())
}

/// "le 23/11/2026 à 14:05", in French time, from the member API's RFC 3339 moment.
fn received(termination: &Termination) -> String {
    DateTime::parse_from_rfc3339(&termination.notifiee_le)
        .map(|moment| moment.with_timezone(&Paris).format("le %d/%m/%Y à %H:%M").to_string())
        .unwrap_or_else(|_| "ce jour".to_owned())
}

/// The acknowledgement's text: when the notice arrived, when the contract ends, what follows.
fn acknowledgement(mutuelle: &str, id: i64, termination: &Termination) -> String {
    format!(
        "Bonjour {adherent},\n\n\
         {mutuelle} a bien reçu {received} votre demande de résiliation n° {id} du contrat \
         {contrat} ({produit}).\n\n\
         Votre contrat prendra fin le {end}. À compter de cette date, vos garanties et celles des \
         personnes couvertes par ce contrat cessent, et votre carte de tiers payant ne peut plus être \
         présentée : détruisez-la. Les soins reçus jusqu’à cette date restent remboursés. La part de \
         cotisation payée pour la période postérieure à la fin du contrat vous sera remboursée dans \
         un délai de trente jours (article L221-10-3 du Code de la mutualité).\n\n\
         L’accusé de réception est joint à ce message ; il est aussi conservé dans votre espace \
         assuré, rubrique « Mes demandes ».\n\n{mutuelle}\n",
        adherent = termination.adherent,
        received = received(termination),
        contrat = termination.numero_contrat,
        produit = termination.libelle_produit,
        end = termination.date_effet.format("%d/%m/%Y"),
    )
}

/// The notice to the address on file when the acknowledgement went elsewhere. The other
/// address is shown masked: enough for the member to recognise it, not to give it away.
fn notice_to_file(mutuelle: &str, id: i64, termination: &Termination, given: &str) -> String {
    format!(
        "Bonjour {adherent},\n\n\
         Une demande de résiliation (n° {id}) du contrat {contrat} a été faite {received} depuis \
         votre espace assuré, et son accusé de réception a été envoyé à l’adresse indiquée dans la \
         demande ({masked}). Le contrat prendra fin le {end}.\n\n\
         Si vous n’êtes pas à l’origine de cette demande, contactez-nous sans attendre et modifiez \
         le mot de passe de votre compte.\n\n{mutuelle}\n",
        adherent = termination.adherent,
        contrat = termination.numero_contrat,
        received = received(termination),
        masked = masked(given),
        end = termination.date_effet.format("%d/%m/%Y"),
    )
}

/// "m•••@exemple.fr": the first character of the local part, then the domain.
fn masked(address: &str) -> String {
    match address.split_once('@') {
        Some((local, domain)) => {
            format!("{}•••@{domain}", local.chars().next().map(String::from).unwrap_or_default())
        }
        None => "•••".to_owned(),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn termination() -> Termination {
        Termination {
            numero_contrat: "IND-2021-004512".into(),
            libelle_produit: "Santé Essentielle".into(),
            date_effet: NaiveDate::from_ymd_opt(2026, 12, 23).unwrap(),
            notifiee_le: "2026-11-23T14:05:00+01:00".into(),
            adherent: "Mme Marie DUPONT".into(),
            email: Some("marie@elsewhere.example".into()),
            email_dossier: "marie.dupont@example.org".into(),
        }
    }

    #[test]
    fn the_mail_says_when_the_notice_arrived_in_french_time_and_when_the_contract_ends() {
        let text = acknowledgement("Mutuelle Cogévie", 12, &termination());

        assert!(text.starts_with("Bonjour Mme Marie DUPONT,"), "{text}");
        assert!(
            text.contains("a bien reçu le 23/11/2026 à 14:05 votre demande de résiliation n° 12 du contrat IND-2021-004512 (Santé Essentielle)"),
            "{text}"
        );
        assert!(text.contains("Votre contrat prendra fin le 23/12/2026."), "{text}");
        assert!(text.contains("trente jours"), "{text}");
    }

    #[test]
    fn the_address_on_file_is_told_where_the_acknowledgement_went_without_giving_it_away() {
        let text = notice_to_file("Mutuelle Cogévie", 12, &termination(), "marie@elsewhere.example");

        assert!(text.contains("m•••@elsewhere.example"), "{text}");
        assert!(!text.contains("marie@elsewhere.example"), "{text}");
        assert!(text.contains("Si vous n’êtes pas à l’origine de cette demande"), "{text}");
    }
}
