//! What the back office reads of a member: the list of members, a member's file (beneficiaries,
//! latest payments, requests and complaints) and one request with its conversation.

use chrono::NaiveDate;
use rusqlite::{Connection, params};

use crate::member_api::rules::demandes::ETATS_TERMINES;
use crate::member_api::rules::types_demande::RECLAMATION;
use crate::member_api::store::documents::DocumentInfo;
use crate::member_api::store::formulaires::{self, Reclamation, parse_json};
use crate::member_api::store::messages::Message;
use crate::member_api::store::montant::Cents;

/// How many payments a member's page lists, newest first.
const PAIEMENTS_LISTES: i64 = 10;

pub struct Adherent {
    pub numero: String,
    pub civilite: String,
    pub prenom: String,
    pub nom: String,
    pub email: String,
    /// Requests not done yet.
    pub demandes_ouvertes: i64,
}

impl Adherent {
    /// "Mme Marie DUPONT".
    pub fn nom_complet(&self) -> String {
        format!("{} {} {}", self.civilite, self.prenom, self.nom)
    }
}

pub struct Beneficiaire {
    pub id: i64,
    pub lien: String,
    pub prenom: String,
    pub nom: String,
    pub date_naissance: NaiveDate,
    pub statut_noemie: String,
}

pub struct Paiement {
    pub id: String,
    pub date: NaiveDate,
    pub beneficiaire: String,
    pub destinataire: String,
    pub depense: Cents,
    pub rembourse: Cents,
}

pub struct Demande {
    pub id: i64,
    pub type_code: String,
    pub objet: String,
    pub etat: String,
    pub date_creation: NaiveDate,
    pub date_mise_a_jour: NaiveDate,
    pub commentaire: Option<String>,
    pub beneficiaire: Option<String>,
    /// For a complaint (`RECLAMATION`): its dates and outcome.
    pub reclamation: Option<Reclamation>,
    /// A complaint (TypeCode REC): answering it also decides its outcome.
    pub est_reclamation: bool,
    /// For a request to add a beneficiary (TypeCode ABE): who, and the decision once taken.
    pub ajout_beneficiaire: Option<formulaires::Dossier>,
}

/// A member's file, as the member page shows it.
pub struct Dossier {
    pub adherent: Adherent,
    pub beneficiaires: Vec<Beneficiaire>,
    pub paiements: Vec<Paiement>,
    pub demandes: Vec<Demande>,
}

/// One request of a member, with what was exchanged and attached.
pub struct DossierDemande {
    pub adherent: Adherent,
    pub demande: Demande,
    pub messages: Vec<Message>,
    pub documents: Vec<DocumentInfo>,
}

/// Every member, or the one numbered `seul`, by name.
fn lire_adherents(db: &Connection, seul: Option<&str>) -> rusqlite::Result<Vec<Adherent>> {
    let mut statement = db.prepare(
        "SELECT a.numero_personne, a.civilite, a.prenom, a.nom, a.email,
            (SELECT count(*) FROM demandes d WHERE d.numero_personne = a.numero_personne
                AND d.etat NOT IN (?2, ?3))
         FROM adherents a WHERE ?1 IS NULL OR a.numero_personne = ?1
         ORDER BY a.nom, a.prenom, a.numero_personne",
    )?;
    statement
        .query_map(params![seul, ETATS_TERMINES[0], ETATS_TERMINES[1]], |row| {
            Ok(Adherent {
                numero: row.get(0)?,
                civilite: row.get(1)?,
                prenom: row.get(2)?,
                nom: row.get(3)?,
                email: row.get(4)?,
                demandes_ouvertes: row.get(5)?,
            })
        })?
        .collect()
}

pub fn adherents(db: &Connection) -> rusqlite::Result<Vec<Adherent>> {
    lire_adherents(db, None)
}

fn lire_adherent(db: &Connection, numero: &str) -> rusqlite::Result<Option<Adherent>> {
    Ok(lire_adherents(db, Some(numero))?.pop())
}

pub fn dossier(db: &Connection, numero: &str) -> rusqlite::Result<Option<Dossier>> {
    let Some(adherent) = lire_adherent(db, numero)? else { return Ok(None) };
    Ok(Some(Dossier {
        beneficiaires: beneficiaires(db, numero)?,
        paiements: paiements(db, numero)?,
        demandes: demandes(db, numero, None)?,
        adherent,
    }))
}

/// The request `id` of the member `numero`; `None` when the member has no such request.
pub fn dossier_demande(db: &Connection, numero: &str, id: i64) -> rusqlite::Result<Option<DossierDemande>> {
    let Some(adherent) = lire_adherent(db, numero)? else { return Ok(None) };
    let Some(demande) = demandes(db, numero, Some(id))?.pop() else { return Ok(None) };
    let messages = Message::of_demande(db, id)?;
    Ok(Some(DossierDemande { adherent, demande, messages, documents: DocumentInfo::of_demande(db, id)? }))
}

pub fn beneficiaires(db: &Connection, numero: &str) -> rusqlite::Result<Vec<Beneficiaire>> {
    let mut statement = db.prepare(
        "SELECT id, lien, prenom, nom, date_naissance, statut_noemie FROM beneficiaires
         WHERE numero_personne = ?1 ORDER BY id",
    )?;
    statement
        .query_map([numero], |row| {
            Ok(Beneficiaire {
                id: row.get(0)?,
                lien: row.get(1)?,
                prenom: row.get(2)?,
                nom: row.get(3)?,
                date_naissance: row.get(4)?,
                statut_noemie: row.get(5)?,
            })
        })?
        .collect()
}

fn paiements(db: &Connection, numero: &str) -> rusqlite::Result<Vec<Paiement>> {
    let mut statement = db.prepare(
        "SELECT p.id, p.date_paiement, b.prenom || ' ' || b.nom, p.nom_destinataire,
                sum(l.montant_depense), sum(l.montant_mutuelle)
         FROM paiements p
         JOIN beneficiaires b ON b.id = p.beneficiaire_id
         JOIN lignes_prestation l ON l.paiement_id = p.id
         WHERE p.numero_personne = ?1
         GROUP BY p.id ORDER BY p.date_paiement DESC, p.id DESC LIMIT ?2",
    )?;
    statement
        .query_map(params![numero, PAIEMENTS_LISTES], |row| {
            Ok(Paiement {
                id: row.get(0)?,
                date: row.get(1)?,
                beneficiaire: row.get(2)?,
                destinataire: row.get(3)?,
                depense: row.get(4)?,
                rembourse: row.get(5)?,
            })
        })?
        .collect()
}

/// The member's requests, newest first, or the one numbered `seule`.
fn demandes(db: &Connection, numero: &str, seule: Option<i64>) -> rusqlite::Result<Vec<Demande>> {
    let mut statement = db.prepare(
        "SELECT d.id, d.type_code, d.objet, d.etat, d.date_creation, d.date_mise_a_jour, d.commentaire,
                b.prenom || ' ' || b.nom, d.reclamation, d.type = ?3, d.ajout_beneficiaire
         FROM demandes d LEFT JOIN beneficiaires b ON b.id = d.beneficiaire_id
         WHERE d.numero_personne = ?1 AND (?2 IS NULL OR d.id = ?2)
         ORDER BY d.date_creation DESC, d.id DESC",
    )?;
    statement
        .query_map(params![numero, seule, RECLAMATION], |row| {
            Ok(Demande {
                id: row.get(0)?,
                type_code: row.get(1)?,
                objet: row.get(2)?,
                etat: row.get(3)?,
                date_creation: row.get(4)?,
                date_mise_a_jour: row.get(5)?,
                commentaire: row.get(6)?,
                beneficiaire: row.get(7)?,
                reclamation: parse_json(row, 8)?,
                est_reclamation: row.get(9)?,
                ajout_beneficiaire: parse_json(row, 10)?,
            })
        })?
        .collect()
}
