//! The member's documents: the upload that precedes a request, within the quota of uploads kept
//! unsent, and the download of a document of theirs.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, Transaction};

use super::demandes::de_l_adherent;
use super::depots_en_attente::DepotsEnAttente;
use super::envois::{self, Categorie};
use super::format_fichier::Format;
use super::membre::Member;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::mail::evenements::{Evenement, publier};
use crate::member_api::store::demandes;
use crate::member_api::store::documents::{
    self, DOCUMENT_MUTUELLE, DocumentInfo, NouveauDocument, PIECE_JOINTE,
};

/// A file the member sent, read and recognised.
pub struct Recu {
    /// The name it is kept under.
    pub nom: String,
    pub format: &'static Format,
    pub contenu: Vec<u8>,
}

/// Keeps the files the member sent, waiting for a request to take them, when the quota of
/// uploads kept unsent allows them all: checked and written in one transaction, so that two
/// uploads at once cannot both slip under it.
pub fn deposer(
    db: &mut Connection,
    numero_personne: &str,
    recus: Vec<Recu>,
    depots: DepotsEnAttente,
) -> Result<Vec<DocumentInfo>, ApiFailure> {
    let octets = recus.iter().map(|recu| recu.contenu.len() as u64).sum();
    let tx = db.transaction()?;
    depots.admettre(&tx, numero_personne, recus.len() as u64, octets)?;
    let today = today();
    let depose_le = chrono::Utc::now();
    let mut documents = Vec::with_capacity(recus.len());
    for recu in recus {
        let id = documents::inserer(
            &tx,
            &NouveauDocument {
                numero_personne,
                demande_id: None,
                nom_fichier: &recu.nom,
                type_mime: recu.format.type_mime,
                contenu: &recu.contenu,
                date_depot: today,
                nature: PIECE_JOINTE,
                depose_le: Some(depose_le),
            },
        )?;
        documents.push(DocumentInfo {
            id,
            taille: taille(&recu.contenu),
            nom_fichier: recu.nom,
            type_mime: recu.format.type_mime.to_owned(),
            date_depot: today,
            nature: PIECE_JOINTE.to_owned(),
            id_demande: None,
        });
    }
    tx.commit()?;
    Ok(documents)
}

fn taille(contenu: &[u8]) -> i64 {
    i64::try_from(contenu.len()).expect("an upload is bounded")
}

/// One of the member's documents, byte for byte as it was sent or printed: its name, type and
/// content.
pub fn telecharger(
    db: &Connection,
    member: &Member,
    id: i64,
) -> Result<(String, String, Vec<u8>), ApiFailure> {
    let document = documents::fichier(db, id)?;
    member.check_owner(document.as_ref().map(|fichier| fichier.numero_personne.clone()))?;
    let fichier = document.expect("checked above");
    Ok((fichier.nom, fichier.type_mime, fichier.contenu))
}

pub const DOCUMENT_INCONNU: &str = "Ce document n’existe pas, ou n’est pas joint à cette demande.";

/// Attaches the mutual's document to the request, and returns its id.
pub fn emettre(
    tx: &Transaction,
    numero: &str,
    id: i64,
    (nom, contenu): (&str, &[u8]),
    maintenant: DateTime<Utc>,
) -> Result<i64, ApiFailure> {
    de_l_adherent(tx, numero, id)?;
    let aujourdhui = today();
    let document_id = documents::inserer(
        tx,
        &NouveauDocument {
            numero_personne: numero,
            demande_id: Some(id),
            nom_fichier: nom,
            type_mime: "application/pdf",
            contenu,
            date_depot: aujourdhui,
            nature: DOCUMENT_MUTUELLE,
            depose_le: Some(maintenant),
        },
    )?;
    envois::envoyer(tx, numero, document_id, Categorie::Courrier)?;
    demandes::mise_a_jour(tx, id, aujourdhui)?;
    publier(tx, numero, &Evenement::Document { demande_id: id, document_id }, maintenant)?;
    Ok(document_id)
}

/// A document of the request `demande` of the member `numero`, as the mutual opens it: its name,
/// type and content.
pub fn de_la_demande(
    db: &Connection,
    numero: &str,
    demande: i64,
    document: i64,
) -> Result<(String, String, Vec<u8>), ApiFailure> {
    let fichier = documents::de_la_demande(db, numero, demande, document)?
        .ok_or(ApiFailure::missing(DOCUMENT_INCONNU))?;
    Ok((fichier.nom, fichier.type_mime, fichier.contenu))
}
