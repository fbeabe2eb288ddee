//! The conversation on a request, both ways: the member's reply, what they have read of the
//! mutual's messages, and the mutual's answer from its back office.

use rusqlite::Connection;

use super::demandes::{
    ETAT_INITIAL, ETATS_TERMINES, documents_a_joindre, verifier_documents, verifier_titulaire,
};
use super::membre::Member;
use super::validation;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::store::messages::{self, ADHERENT, Message};
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
