//! The conversation on a request, both ways: the member's reply (`demande/{id}/messages`),
//! what they have read of the mutual's messages (`demande/{id}/messages/lus`) and what they
//! have not (`demandes/nonLus`). The mutual writes from its back office.

use actix_web::{HttpResponse, web};
use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};

use super::context::Context;
use super::demandes::{
    ETAT_INITIAL, ETATS_TERMINES, documents_a_joindre, verifier_documents, verifier_titulaire,
};
use super::reponses::json;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::validation;
use crate::member_api::store::documents::DocumentInfo;
use crate::member_api::store::horodatage::horodatage;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/demandes/nonLus").get(non_lus))
        .service(web::resource("/demande/{id}/messages").post(repondre))
        .service(web::resource("/demande/{id}/messages/lus").post(marquer_lus));
}

/// The longest message, as the `Commentaire4000` of the contract.
const TEXTE_MAX: usize = 4000;
/// How many messages a member writes on one request: a conversation, not a mailbox. Past
/// that, a new request is the way to go on.
const MESSAGES_PAR_DEMANDE: i64 = 50;
pub const MUTUELLE: &str = "MUTUELLE";
const ADHERENT: &str = "ADHERENT";

/// One message of a request's conversation, the mutual's or the member's.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub id: i64,
    /// MUTUELLE or ADHERENT.
    pub auteur: String,
    pub texte: String,
    /// RFC 3339, UTC.
    pub envoye_le: String,
    /// Whether the member has read it: always, for their own.
    pub lu: bool,
    pub documents: Vec<DocumentInfo>,
}

impl Message {
    /// The conversation on `demande`, oldest first.
    pub fn of_demande(db: &Connection, demande: i64) -> rusqlite::Result<Vec<Self>> {
        let mut statement = db.prepare_cached(
            "SELECT id, auteur, texte, envoye_le, auteur <> ?2 OR lu_le IS NOT NULL
             FROM messages_demande WHERE demande_id = ?1 ORDER BY envoye_le, id",
        )?;
        let rows = statement.query_map(params![demande, MUTUELLE], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?))
        })?;
        rows.map(|row| {
            let (id, auteur, texte, envoye_le, lu) = row?;
            Ok(Self { id, auteur, texte, envoye_le, lu, documents: DocumentInfo::of_message(db, id)? })
        })
        .collect()
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NouveauMessage {
    texte: String,
    #[serde(default, deserialize_with = "super::json::entier::liste")]
    id_documents: Vec<i64>,
}

/// The member's reply. It reopens a done request, since the mutual now has something to
/// read, and sends the member no alert: they know what they wrote.
async fn repondre(
    member: Member,
    id: web::Path<i64>,
    body: web::Json<NouveauMessage>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let id = id.into_inner();
    let NouveauMessage { texte, id_documents } = body.into_inner();
    let texte = validation::texte_multiligne(Some(&texte), "Votre message", TEXTE_MAX)?
        .ok_or_else(|| ApiFailure::bad_request("Écrivez votre message."))?;
    let id_documents = documents_a_joindre(id_documents, "Un message")?;
    let message = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            verifier_titulaire(&tx, &member, id)?;
            let envoyes: i64 = tx.query_row(
                "SELECT count(*) FROM messages_demande WHERE demande_id = ?1 AND auteur = ?2",
                params![id, ADHERENT],
                |row| row.get(0),
            )?;
            if envoyes >= MESSAGES_PAR_DEMANDE {
                return Err(ApiFailure::conflict(format!(
                    "Vous avez déjà envoyé {MESSAGES_PAR_DEMANDE} messages sur cette demande : pour un autre sujet, faites une nouvelle demande."
                )));
            }
            verifier_documents(&tx, &member, &id_documents)?;
            tx.execute(
                "INSERT INTO messages_demande (demande_id, auteur, texte, envoye_le) VALUES (?1, ?2, ?3, ?4)",
                params![id, ADHERENT, texte, horodatage(chrono::Utc::now())],
            )?;
            let message_id = tx.last_insert_rowid();
            for document in &id_documents {
                tx.execute(
                    "UPDATE documents SET demande_id = ?1, message_id = ?2 WHERE id = ?3",
                    [id, message_id, *document],
                )?;
            }
            tx.execute(
                "UPDATE demandes SET date_mise_a_jour = ?1,
                     etat = CASE WHEN etat IN (?2, ?3) THEN ?4 ELSE etat END
                 WHERE id = ?5",
                params![today(), ETATS_TERMINES[0], ETATS_TERMINES[1], ETAT_INITIAL, id],
            )?;
            let message = Message::of_demande(&tx, id)?
                .into_iter()
                .find(|message| message.id == message_id)
                .expect("the message just written");
            tx.commit()?;
            Ok(message)
        })
        .await?;
    Ok(HttpResponse::Created().json(message))
}

/// The member has read the mutual's messages on the request; each keeps when it was first read.
async fn marquer_lus(
    member: Member,
    id: web::Path<i64>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let id = id.into_inner();
    context
        .db
        .run(move |db| {
            verifier_titulaire(db, &member, id)?;
            db.execute(
                "UPDATE messages_demande SET lu_le = ?1 WHERE demande_id = ?2 AND auteur = ?3 AND lu_le IS NULL",
                params![horodatage(chrono::Utc::now()), id, MUTUELLE],
            )?;
            Ok(())
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Serialize)]
struct NonLus {
    total: i64,
    demandes: Vec<NonLusDemande>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NonLusDemande {
    id: i64,
    non_lus: i64,
}

/// The mutual's messages the member has not read: the sidebar's and the home page's count.
async fn non_lus(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let key = format!("demandes/nonLus {}", member.person_number);
    context
        .db
        .read_json(key, move |db| {
            let mut statement = db.prepare_cached(
                "SELECT m.demande_id, count(*) FROM messages_demande m JOIN demandes d ON d.id = m.demande_id
                 WHERE d.numero_personne = ?1 AND m.auteur = ?2 AND m.lu_le IS NULL
                 GROUP BY m.demande_id ORDER BY m.demande_id DESC",
            )?;
            let demandes = statement
                .query_map(params![member.person_number, MUTUELLE], |row| {
                    Ok(NonLusDemande { id: row.get(0)?, non_lus: row.get(1)? })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(NonLus { total: demandes.iter().map(|demande| demande.non_lus).sum(), demandes })
        })
        .await
        .map(json)
}
