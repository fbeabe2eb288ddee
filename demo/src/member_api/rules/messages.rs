//! The conversation on a request, both ways: the member's reply, what they have read of the
//! mutual's messages, and the mutual's answer from its back office.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, Transaction};

use super::demandes::{
    ETAT_INITIAL, ETATS_TERMINES, de_l_adherent, documents_a_joindre, verifier_documents, verifier_titulaire,
};
use super::membre::Member;
use super::reclamation::ISSUES;
use super::validation;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::mail::evenements::{Evenement, publier};
use crate::member_api::pdf::impression;
use crate::member_api::store::formulaires::Reclamation;
use crate::member_api::store::messages::{self, ADHERENT, MUTUELLE, Message};
use crate::member_api::store::{demandes, documents};

/// The longest message, as the `Commentaire4000` of the contract.
const TEXTE_MAX: usize = 4000;
/// How many messages a member writes on one request: a conversation, not a mailbox. Past
/// that, a new request is the way to go on.
const MESSAGES_PAR_DEMANDE: i64 = 50;
/// The member's message as they wrote it, checked, with the documents to attach.
pub fn message(texte: String, id_documents: Vec<i64>) -> Result<(String, Vec<i64>), ApiFailure> {
    let texte = validation::texte_multiligne(Some(&texte), "Votre message", TEXTE_MAX)?
        .ok_or_else(|| ApiFailure::bad_request("Écrivez votre message."))?;
    let id_documents = documents_a_joindre(id_documents, "Un message")?;
    Ok((texte, id_documents))
}

/// The member's reply on their request `id`. It reopens a done request, since the mutual now
/// has something to read, and sends the member no alert: they know what they wrote.
pub fn repondre(
    db: &mut Connection,
    member: &Member,
    id: i64,
    texte: &str,
    id_documents: &[i64],
) -> Result<Message, ApiFailure> {
    let tx = db.transaction()?;
    verifier_titulaire(&tx, member, id)?;
    let envoyes = messages::envoyes(&tx, id, ADHERENT)?;
    if envoyes >= MESSAGES_PAR_DEMANDE {
        return Err(ApiFailure::conflict(format!(
            "Vous avez déjà envoyé {MESSAGES_PAR_DEMANDE} messages sur cette demande : pour un autre sujet, faites une nouvelle demande."
        )));
    }
    verifier_documents(&tx, member, id_documents)?;
    let message_id = messages::inserer(&tx, id, ADHERENT, texte, chrono::Utc::now(), false)?;
    for document in id_documents {
        documents::attacher_au_message(&tx, id, message_id, *document)?;
    }
    demandes::rouvrir(&tx, id, today(), ETATS_TERMINES, ETAT_INITIAL)?;
    let message = Message::of_demande(&tx, id)?
        .into_iter()
        .find(|message| message.id == message_id)
        .expect("the message just written");
    tx.commit()?;
    Ok(message)
}

/// The member has read the mutual's messages on their request `id`.
pub fn marquer_lus(db: &Connection, member: &Member, id: i64) -> Result<(), ApiFailure> {
    verifier_titulaire(db, member, id)?;
    messages::marquer_lus(db, id, chrono::Utc::now())?;
    Ok(())
}

/// The longest answer, or reason of a refusal, the mutual writes.
pub const REPONSE_MAX: usize = 2000;

/// Adds the mutual's answer to the request's conversation. A complaint's first answer also
/// says whether it is upheld, once: its date is the one the mutual is held to, and the
/// complaint is then finished (the member may still reply, which reopens it).
pub fn repondre_pour_la_mutuelle(
    tx: &Transaction,
    numero: &str,
    id: i64,
    (texte, issue): (&str, &str),
    maintenant: DateTime<Utc>,
) -> Result<(), ApiFailure> {
    let demande = de_l_adherent(tx, numero, id)?;
    let texte = validation::texte_multiligne(Some(texte), "La réponse", REPONSE_MAX)?
        .ok_or_else(|| ApiFailure::bad_request("Écrivez la réponse de la mutuelle."))?;
    let aujourdhui = today();
    let issue = issue.trim();
    let reclamation = match (demande.reclamation, issue) {
        (Some(Reclamation { issue: Some(_), repondu_le, .. }), issue) if !issue.is_empty() => {
            let le = repondu_le.map(|le| format!(" le {}", impression::date(le))).unwrap_or_default();
            return Err(ApiFailure::conflict(format!(
                "Cette réclamation a déjà reçu sa réponse{le} : envoyez ce message sans en changer l’issue."
            )));
        }
        (Some(mut reclamation), issue) if reclamation.issue.is_none() => {
            let (issue, _) = ISSUES.iter().find(|(code, _)| *code == issue).ok_or_else(|| {
                ApiFailure::bad_request("Indiquez l’issue de la réclamation : fondée ou non fondée.")
            })?;
            reclamation.issue = Some((*issue).to_owned());
            reclamation.repondu_le = Some(aujourdhui);
            Some(reclamation)
        }
        (None, issue) if !issue.is_empty() => {
            let quoi = if demande.est_reclamation { "Cette réclamation" } else { "Cette demande" };
            return Err(ApiFailure::bad_request(format!(
                "{quoi} n’a pas d’issue à indiquer : envoyez la réponse seule."
            )));
        }
        _ => None,
    };
    messages::inserer(tx, id, MUTUELLE, &texte, maintenant, false)?;
    demandes::apres_reponse(tx, id, aujourdhui, reclamation.as_ref(), ETATS_TERMINES[0])?;
    publier(tx, numero, &Evenement::ReponseDemande { demande_id: id }, maintenant)?;
    Ok(())
}
