//! The members' requests (`demandes`): as the member reads them, with their documents and
//! conversation, and as the mutual writes them.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;

use super::documents::DocumentInfo;
use super::formulaires::{
    AjoutBeneficiaire, Dossier, PriseEnCharge, Reclamation, ReponseDevis, Resiliation, Signalement,
    parse_json,
};
use super::messages::Message;

#[derive(Serialize)]
pub struct Demande {
    pub id: i64,
    #[serde(rename = "DateCreation")]
    pub date_creation: NaiveDate,
    #[serde(rename = "TypeCode")]
    pub type_code: String,
    #[serde(rename = "Etat")]
    pub etat: String,
    #[serde(rename = "type")]
    pub type_demande: String,
    pub objet: String,
    pub commentaire: Option<String>,
    #[serde(rename = "dateMiseAJour")]
    pub date_mise_a_jour: NaiveDate,
    pub beneficiaire: Option<BeneficiaireDemande>,
    pub documents: Vec<DocumentInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hospitalisation: Option<PriseEnCharge>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resiliation: Option<Resiliation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reclamation: Option<Reclamation>,
    /// The line a report of care not recognised is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signalement: Option<Signalement>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<BTreeMap<String, String>>,
    /// Who a request to add a beneficiary is for, and the mutual's decision; null otherwise.
    #[serde(rename = "ajoutBeneficiaire")]
    pub ajout_beneficiaire: Option<AjoutBeneficiaire>,
    /// The mutual's written answer to a quote.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub devis: Option<ReponseDevis>,
    /// The conversation on the request, oldest first.
    pub messages: Vec<Message>,
}

#[derive(Serialize)]
pub struct BeneficiaireDemande {
    pub id: i64,
    pub prenom: String,
    pub nom: String,
}

const DEMANDE_SELECT: &str =
    "SELECT d.id, d.date_creation, d.type_code, d.etat, d.type, d.objet, d.commentaire,
        d.date_mise_a_jour, b.id, b.prenom, b.nom, d.hospitalisation, d.resiliation, d.metadata, d.reclamation,
        d.ligne_signalee, ls.paiement_id, d.motif_signalement, d.ajout_beneficiaire, d.devis
    FROM demandes d LEFT JOIN beneficiaires b ON b.id = d.beneficiaire_id
    LEFT JOIN lignes_prestation ls ON ls.id = d.ligne_signalee";

fn from_row(db: &Connection, row: &Row) -> rusqlite::Result<Demande> {
    let id = row.get(0)?;
    let beneficiaire = match row.get::<_, Option<i64>>(8)? {
        Some(id) => Some(BeneficiaireDemande { id, prenom: row.get(9)?, nom: row.get(10)? }),
        None => None,
    };
    let signalement = match (row.get::<_, Option<i64>>(15)?, row.get(16)?, row.get(17)?) {
        (Some(id_ligne), Some(payment_id), Some(motif)) => Some(Signalement { payment_id, id_ligne, motif }),
        _ => None,
    };
    Ok(Demande {
        id,
        date_creation: row.get(1)?,
        type_code: row.get(2)?,
        etat: row.get(3)?,
        type_demande: row.get(4)?,
        objet: row.get(5)?,
        commentaire: row.get(6)?,
        date_mise_a_jour: row.get(7)?,
        beneficiaire,
        documents: DocumentInfo::of_demande(db, id)?,
        hospitalisation: parse_json(row, 11)?,
        resiliation: parse_json(row, 12)?,
        metadata: parse_json(row, 13)?,
        reclamation: parse_json(row, 14)?,
        signalement,
        ajout_beneficiaire: parse_json(row, 18)?,
        devis: parse_json(row, 19)?,
        messages: Message::of_demande(db, id)?,
    })
}

/// The member's requests, newest first, at most `limit` (-1: all): those done (in a state of
/// `terminees`) only when updated since `terminees_depuis`, if given; pending requests win over
/// done ones within the limit.
pub fn liste(
    db: &Connection,
    person_number: &str,
    terminees: [&str; 2],
    terminees_depuis: Option<NaiveDate>,
    limit: i64,
) -> rusqlite::Result<Vec<Demande>> {
    let mut statement = db.prepare(&format!(
        "{DEMANDE_SELECT}
         WHERE d.id IN (
             SELECT id FROM demandes
             WHERE numero_personne = ?1
                 AND (?2 IS NULL OR etat NOT IN (?3, ?4) OR date_mise_a_jour >= ?2)
             ORDER BY etat IN (?3, ?4), date_creation DESC, id DESC LIMIT ?5)
         ORDER BY d.date_creation DESC, d.id DESC"
    ))?;
    let rows = statement
        .query_map(params![person_number, terminees_depuis, terminees[0], terminees[1], limit], |row| {
            from_row(db, row)
        })?;
    rows.collect()
}

pub fn lire(db: &Connection, id: i64) -> rusqlite::Result<Demande> {
    db.query_row(&format!("{DEMANDE_SELECT} WHERE d.id = ?1"), [id], |row| from_row(db, row))
}

/// The member who sent the request `id`; `None` when there is no such request.
pub fn titulaire(db: &Connection, id: i64) -> rusqlite::Result<Option<String>> {
    db.query_row("SELECT numero_personne FROM demandes WHERE id = ?1", [id], |row| row.get(0)).optional()
}

/// A request to write: its common fields, and what its form adds.
pub struct LigneDemande<'a> {
    pub numero_personne: &'a str,
    pub type_demande: &'a str,
    pub type_code: &'a str,
    pub objet: &'a str,
    pub commentaire: Option<&'a str>,
    pub beneficiaire_id: Option<i64>,
    pub etat: &'a str,
    pub date_creation: NaiveDate,
    pub date_mise_a_jour: NaiveDate,
    pub hospitalisation: Option<&'a PriseEnCharge>,
    pub resiliation: Option<&'a Resiliation>,
    pub metadata: Option<&'a BTreeMap<String, String>>,
    pub reclamation: Option<&'a Reclamation>,
    pub signalement: Option<&'a Signalement>,
    pub ajout_beneficiaire: Option<&'a Dossier>,
    pub devis: Option<&'a ReponseDevis>,
}

/// Writes a request; its id.
pub fn inserer(db: &Connection, demande: &LigneDemande<'_>) -> rusqlite::Result<i64> {
    db.execute(
        "INSERT INTO demandes (numero_personne, type, type_code, objet, commentaire, beneficiaire_id, etat,
            date_creation, date_mise_a_jour, hospitalisation, resiliation, metadata, reclamation, ligne_signalee,
            motif_signalement, ajout_beneficiaire, devis)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
        params![
            demande.numero_personne,
            demande.type_demande,
            demande.type_code,
            demande.objet,
            demande.commentaire,
            demande.beneficiaire_id,
            demande.etat,
            demande.date_creation,
            demande.date_mise_a_jour,
            json(demande.hospitalisation)?,
            json(demande.resiliation)?,
            json(demande.metadata)?,
            json(demande.reclamation)?,
            demande.signalement.map(|signalement| signalement.id_ligne),
            demande.signalement.map(|signalement| signalement.motif.as_str()),
            json(demande.ajout_beneficiaire)?,
            json(demande.devis)?,
        ],
    )?;
    Ok(db.last_insert_rowid())
}

/// What a JSON column keeps.
fn json<T: Serialize>(value: Option<&T>) -> rusqlite::Result<Option<String>> {
    value
        .map(serde_json::to_string)
        .transpose()
        .map_err(|error| rusqlite::Error::ToSqlConversionFailure(Box::new(error)))
}

/// Whether the member has a request of type `type_demande` not done (in none of the states
/// `terminees`) for the termination of the contract `numero_contrat`.
pub fn resiliation_en_cours(
    db: &Connection,
    numero_personne: &str,
    type_demande: &str,
    terminees: [&str; 2],
    numero_contrat: &str,
) -> rusqlite::Result<bool> {
    db.query_row(
        "SELECT EXISTS (SELECT 1 FROM demandes WHERE numero_personne = ?1 AND type = ?2
             AND etat NOT IN (?3, ?4) AND json_extract(resiliation, '$.numeroContrat') = ?5)",
        params![numero_personne, type_demande, terminees[0], terminees[1], numero_contrat],
        |row| row.get(0),
    )
}

/// The request was updated on `jour`; one done (in a state of `terminees`) goes back to `etat`.
pub fn rouvrir(
    db: &Connection,
    id: i64,
    jour: NaiveDate,
    terminees: [&str; 2],
    etat: &str,
) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE demandes SET date_mise_a_jour = ?1,
             etat = CASE WHEN etat IN (?2, ?3) THEN ?4 ELSE etat END
         WHERE id = ?5",
        params![jour, terminees[0], terminees[1], etat, id],
    )?;
    Ok(())
}

/// Whether a request reports the statement line `id_ligne`.
pub fn ligne_signalee(db: &Connection, id_ligne: i64) -> rusqlite::Result<bool> {
    db.query_row("SELECT EXISTS (SELECT 1 FROM demandes WHERE ligne_signalee = ?1)", [id_ligne], |row| {
        row.get(0)
    })
}

/// What the member's requests of type `type_demande` not done (in none of the states
/// `terminees`) and not decided yet would add to their household.
pub fn ajouts_en_attente(
    db: &Connection,
    numero_personne: &str,
    type_demande: &str,
    terminees: [&str; 2],
) -> rusqlite::Result<Vec<AjoutBeneficiaire>> {
    let mut statement = db.prepare(
        "SELECT ajout_beneficiaire FROM demandes
         WHERE numero_personne = ?1 AND type = ?2 AND etat NOT IN (?3, ?4)
           AND json_extract(ajout_beneficiaire, '$.decision') IS NULL",
    )?;
    statement
        .query_map(params![numero_personne, type_demande, terminees[0], terminees[1]], |row| {
            let json = row.get::<_, String>(0)?;
            serde_json::from_str(&json).map_err(|error| {
                rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(error))
            })
        })?
        .collect()
}

/// A request as the mutual acts on it: its state and, for a complaint, what it records.
pub struct DemandeSuivie {
    pub etat: String,
    pub reclamation: Option<Reclamation>,
    /// Of type `type_reclamation`.
    pub est_reclamation: bool,
}

/// The request `id` of the member `numero_personne`; `None` when the member has no such request.
pub fn suivie(
    db: &Connection,
    numero_personne: &str,
    id: i64,
    type_reclamation: &str,
) -> rusqlite::Result<Option<DemandeSuivie>> {
    db.query_row(
        "SELECT etat, reclamation, type = ?3 FROM demandes WHERE id = ?1 AND numero_personne = ?2",
        params![id, numero_personne, type_reclamation],
        |row| {
            Ok(DemandeSuivie {
                etat: row.get(0)?,
                reclamation: parse_json(row, 1)?,
                est_reclamation: row.get(2)?,
            })
        },
    )
    .optional()
}

/// The request moves to `etat`, updated on `jour`.
pub fn changer_etat(db: &Connection, id: i64, etat: &str, jour: NaiveDate) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE demandes SET etat = ?1, date_mise_a_jour = ?2 WHERE id = ?3",
        params![etat, jour, id],
    )?;
    Ok(())
}

/// The request was updated on `jour`.
pub fn mise_a_jour(db: &Connection, id: i64, jour: NaiveDate) -> rusqlite::Result<()> {
    db.execute("UPDATE demandes SET date_mise_a_jour = ?1 WHERE id = ?2", params![jour, id])?;
    Ok(())
}

/// The mutual answered on the request on `jour`; a complaint answered for the first time keeps
/// its outcome, and moves to `etat_repondue`.
pub fn apres_reponse(
    db: &Connection,
    id: i64,
    jour: NaiveDate,
    reclamation: Option<&Reclamation>,
    etat_repondue: &str,
) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE demandes SET date_mise_a_jour = ?1, reclamation = coalesce(?2, reclamation),
             etat = CASE WHEN ?2 IS NULL THEN etat ELSE ?4 END
         WHERE id = ?3",
        params![jour, json(reclamation)?, id, etat_repondue],
    )?;
    Ok(())
}

/// Who a request to add a beneficiary is for; `None` for a request of another kind.
pub fn ajout_beneficiaire(db: &Connection, id: i64) -> rusqlite::Result<Option<Dossier>> {
    db.query_row("SELECT ajout_beneficiaire FROM demandes WHERE id = ?1", [id], |row| parse_json(row, 0))
}

/// The mutual decided the request to add a beneficiary on `jour`: it moves to `etat`, with the
/// decision kept in `dossier`.
pub fn decider_ajout(
    db: &Connection,
    id: i64,
    etat: &str,
    jour: NaiveDate,
    dossier: &Dossier,
) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE demandes SET etat = ?4, date_mise_a_jour = ?1, ajout_beneficiaire = ?2 WHERE id = ?3",
        params![jour, json(Some(dossier))?, id, etat],
    )?;
    Ok(())
}

/// Keeps the answer to the quote of request `id`.
pub fn changer_devis(db: &Connection, id: i64, devis: &ReponseDevis) -> rusqlite::Result<()> {
    db.execute("UPDATE demandes SET devis = ?1 WHERE id = ?2", params![json(Some(devis))?, id])?;
    Ok(())
}

/// What a hospital-care request asks and its decision; `None` for a request of another kind.
pub fn prise_en_charge(db: &Connection, id: i64) -> rusqlite::Result<Option<PriseEnCharge>> {
    db.query_row("SELECT hospitalisation FROM demandes WHERE id = ?1", [id], |row| parse_json(row, 0))
}

/// The hospital-care requests made for the beneficiary, with their ids.
pub fn prises_en_charge_du_beneficiaire(
    db: &Connection,
    beneficiaire: i64,
) -> rusqlite::Result<Vec<(i64, PriseEnCharge)>> {
    let mut statement = db.prepare(
        "SELECT id, hospitalisation FROM demandes WHERE beneficiaire_id = ?1 AND hospitalisation IS NOT NULL",
    )?;
    let rows = statement.query_map([beneficiaire], |row| Ok((row.get(0)?, parse_json(row, 1)?)))?;
    rows.filter_map(|row| row.map(|(id, prise_en_charge)| prise_en_charge.map(|kept| (id, kept))).transpose())
        .collect()
}

/// The mutual decided the hospital-care request on `jour`: it moves to `etat`, with the
/// decision kept in `prise_en_charge`.
pub fn decider_prise_en_charge(
    db: &Connection,
    id: i64,
    etat: &str,
    jour: NaiveDate,
    prise_en_charge: &PriseEnCharge,
) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE demandes SET etat = ?4, date_mise_a_jour = ?1, hospitalisation = ?2 WHERE id = ?3",
        params![jour, json(Some(prise_en_charge))?, id, etat],
    )?;
    Ok(())
}

/// A request as the mutual's back office shows it.
pub struct DemandeDuDossier {
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
    pub ajout_beneficiaire: Option<Dossier>,
    /// For a hospital-care request (TypeCode PEH): the stay, and the decision.
    pub prise_en_charge: Option<PriseEnCharge>,
    /// For a quote answered in writing (TypeCode DEV): the answer.
    pub devis: Option<ReponseDevis>,
}

/// The member's requests, newest first, or the one numbered `seule`; a complaint is of type
/// `type_reclamation`.
pub fn du_dossier(
    db: &Connection,
    numero: &str,
    seule: Option<i64>,
    type_reclamation: &str,
) -> rusqlite::Result<Vec<DemandeDuDossier>> {
    let mut statement = db.prepare(
        "SELECT d.id, d.type_code, d.objet, d.etat, d.date_creation, d.date_mise_a_jour, d.commentaire,
                b.prenom || ' ' || b.nom, d.reclamation, d.type = ?3, d.ajout_beneficiaire, d.hospitalisation,
                d.devis
         FROM demandes d LEFT JOIN beneficiaires b ON b.id = d.beneficiaire_id
         WHERE d.numero_personne = ?1 AND (?2 IS NULL OR d.id = ?2)
         ORDER BY d.date_creation DESC, d.id DESC",
    )?;
    statement
        .query_map(params![numero, seule, type_reclamation], |row| {
            Ok(DemandeDuDossier {
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
                prise_en_charge: parse_json(row, 11)?,
                devis: parse_json(row, 12)?,
            })
        })?
        .collect()
}
