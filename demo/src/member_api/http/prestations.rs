//! Reimbursements. A payment (`paymentId`) is what was paid on one day for one beneficiary to
//! one payee; its lines are the acts of care. Field names SPEC.md shows for the home page keep
//! its spelling (`paymentDate`, `labelExternalCode`, `expenseAmount`…), the rest is French.

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};

use super::context::Context;
use super::reponses::json;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::membre::Member;
use crate::member_api::store::montant::Euros;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/prestations").get(prestations))
        .service(web::resource("/assure/prestations-pro").get(prestations_pro))
        .service(web::resource("/assure/prestationsClaims").get(prestations_claims))
        .service(web::resource("/assure/prestations-recentes").get(recentes))
        .service(web::resource("/assure/prestation/{paymentId}").get(prestation));
}

/// How many payment days the home page's "Vos derniers remboursements" covers.
const JOURS_RECENTS: i64 = 5;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Paiement {
    #[serde(rename = "paymentId")]
    payment_id: String,
    #[serde(rename = "paymentDate")]
    payment_date: NaiveDate,
    #[serde(rename = "beneficiaryFirstName")]
    beneficiary_first_name: String,
    #[serde(rename = "beneficiaryLastName")]
    beneficiary_last_name: String,
    /// ASSURE (paid to the member's account) or PROFESSIONNEL_DE_SANTE (tiers payant).
    destinataire: String,
    nom_destinataire: String,
    montant_depense: Euros,
    montant_secu: Euros,
    montant_rembourse: Euros,
    reste_a_charge: Euros,
    /// The lines; absent from the recent-payments list, which loads them per payment.
    #[serde(rename = "detailRemboursement", skip_serializing_if = "Option::is_none")]
    detail_remboursement: Option<Vec<Ligne>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Ligne {
    id_ligne: i64,
    code_acte: String,
    /// The act's label.
    #[serde(rename = "labelExternalCode")]
    label_external_code: String,
    /// The day of care.
    #[serde(rename = "startDate")]
    start_date: NaiveDate,
    professionnel_sante: String,
    /// What the member spent.
    #[serde(rename = "expenseAmount")]
    expense_amount: Euros,
    base_remboursement: Euros,
    taux_secu: i64,
    montant_secu: Euros,
    /// What the mutual paid.
    #[serde(rename = "refundableAmount")]
    refundable_amount: Euros,
    reste_a_charge: Euros,
    tiers_payant: bool,
    /// PAYE or REJETE.
    statut: String,
    motif_rejet: Option<String>,
}

const PAIEMENT_SELECT: &str =
    "SELECT p.id, p.date_paiement, b.prenom, b.nom, p.destinataire, p.nom_destinataire,
        sum(l.montant_depense), sum(l.montant_secu), sum(l.montant_mutuelle), sum(l.reste_a_charge)
    FROM paiements p
    JOIN beneficiaires b ON b.id = p.beneficiaire_id
    JOIN lignes_prestation l ON l.paiement_id = p.id";

const PAIEMENT_GROUP: &str = "GROUP BY p.id ORDER BY p.date_paiement DESC, p.id DESC";

fn paiement(row: &Row) -> rusqlite::Result<Paiement> {
    Ok(Paiement {
        payment_id: row.get(0)?,
        payment_date: row.get(1)?,
        beneficiary_first_name: row.get(2)?,
        beneficiary_last_name: row.get(3)?,
        destinataire: row.get(4)?,
        nom_destinataire: row.get(5)?,
        montant_depense: row.get(6)?,
        montant_secu: row.get(7)?,
        montant_rembourse: row.get(8)?,
        reste_a_charge: row.get(9)?,
        detail_remboursement: None,
    })
}

fn lignes(db: &Connection, payment_id: &str) -> rusqlite::Result<Vec<Ligne>> {
    let mut statement = db.prepare_cached(
        "SELECT id, code_acte, libelle_acte, date_soins, professionnel_sante, montant_depense, base_remboursement,
                taux_secu, montant_secu, montant_mutuelle, reste_a_charge, tiers_payant, statut, motif_rejet
         FROM lignes_prestation WHERE paiement_id = ?1 ORDER BY date_soins, id",
    )?;
    let rows = statement.query_map([payment_id], |row| {
        Ok(Ligne {
            id_ligne: row.get(0)?,
            code_acte: row.get(1)?,
            label_external_code: row.get(2)?,
            start_date: row.get(3)?,
            professionnel_sante: row.get(4)?,
            expense_amount: row.get(5)?,
            base_remboursement: row.get(6)?,
            taux_secu: row.get(7)?,
            montant_secu: row.get(8)?,
            refundable_amount: row.get(9)?,
            reste_a_charge: row.get(10)?,
            tiers_payant: row.get(11)?,
            statut: row.get(12)?,
            motif_rejet: row.get(13)?,
        })
    })?;
    rows.collect()
}

/// Filters of the reimbursement lists: a period of payment (one day for
/// /mutuelle/remboursements/{date}) and a beneficiary.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Filtre {
    date_debut: Option<NaiveDate>,
    date_fin: Option<NaiveDate>,
    id_beneficiaire: Option<i64>,
}

impl Filtre {
    fn check(&self) -> Result<(), ApiFailure> {
        match (self.date_debut, self.date_fin) {
            (Some(debut), Some(fin)) if debut > fin => {
                Err(ApiFailure::unprocessable("La date de début doit précéder la date de fin."))
            }
            _ => Ok(()),
        }
    }
}

fn paiements_detailles(
    db: &Connection,
    person_number: &str,
    filtre: &Filtre,
    professionnels_seulement: bool,
) -> rusqlite::Result<Vec<Paiement>> {
    let mut statement = db.prepare(&format!(
        "{PAIEMENT_SELECT}
         WHERE p.numero_personne = ?1
           AND (?2 IS NULL OR p.date_paiement >= ?2)
           AND (?3 IS NULL OR p.date_paiement <= ?3)
           AND (?4 IS NULL OR p.beneficiaire_id = ?4)
           AND (NOT ?5 OR p.destinataire = 'PROFESSIONNEL_DE_SANTE')
         {PAIEMENT_GROUP}"
    ))?;
    let paiements = statement
        .query_map(
            params![
                person_number,
                filtre.date_debut,
                filtre.date_fin,
                filtre.id_beneficiaire,
                professionnels_seulement
            ],
            paiement,
        )?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    paiements
        .into_iter()
        .map(|mut paiement| {
            paiement.detail_remboursement = Some(lignes(db, &paiement.payment_id)?);
            Ok(paiement)
        })
        .collect()
}

async fn liste(
    member: Member,
    filtre: Filtre,
    context: web::Data<Context>,
    professionnels_seulement: bool,
) -> Result<HttpResponse, ApiFailure> {
    filtre.check()?;
    let key = format!("prestations {} {professionnels_seulement} {filtre:?}", member.person_number);
    context
        .db
        .read_json(key, move |db| {
            Ok(paiements_detailles(db, &member.person_number, &filtre, professionnels_seulement)?)
        })
        .await
        .map(json)
}

/// Every payment with its lines, newest first.
async fn prestations(
    member: Member,
    filtre: web::Query<Filtre>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    liste(member, filtre.into_inner(), context, false).await
}

/// The payments made to health professionals under tiers payant.
async fn prestations_pro(
    member: Member,
    filtre: web::Query<Filtre>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    liste(member, filtre.into_inner(), context, true).await
}

/// The payments of the last few payment days, without their lines.
async fn recentes(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let key = format!("prestations-recentes {}", member.person_number);
    context
        .db
        .read_json(key, move |db| {
            let mut statement = db.prepare(&format!(
                "{PAIEMENT_SELECT}
                 WHERE p.numero_personne = ?1 AND p.date_paiement IN (
                     SELECT DISTINCT date_paiement FROM paiements WHERE numero_personne = ?1
                     ORDER BY date_paiement DESC LIMIT ?2)
                 {PAIEMENT_GROUP}"
            ))?;
            let paiements = statement.query_map(params![member.person_number, JOURS_RECENTS], paiement)?;
            Ok(paiements.collect::<rusqlite::Result<Vec<_>>>()?)
        })
        .await
        .map(json)
}

#[derive(Serialize)]
struct Detail {
    data: Vec<Ligne>,
}

/// One payment's lines, in `data`.
async fn prestation(
    member: Member,
    payment_id: web::Path<String>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let payment_id = payment_id.into_inner();
    let key = format!("prestation {} {payment_id}", member.person_number);
    context
        .db
        .read_json(key, move |db| {
            let owner = db
                .query_row("SELECT numero_personne FROM paiements WHERE id = ?1", [&payment_id], |row| {
                    row.get(0)
                })
                .optional()?;
            member.check_owner(owner)?;
            Ok(Detail { data: lignes(db, &payment_id)? })
        })
        .await
        .map(json)
}

/// The former flat list, one entry per line, kept for older clients.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Claim {
    numero_decompte: String,
    date_soins: NaiveDate,
    date_paiement: NaiveDate,
    beneficiaire: String,
    code_acte: String,
    libelle_acte: String,
    montant_depense: Euros,
    montant_secu: Euros,
    montant_rembourse: Euros,
    reste_a_charge: Euros,
    statut: String,
}

async fn prestations_claims(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let claims = context
        .db
        .run(move |db| {
            let mut statement = db.prepare(
                "SELECT p.id, l.date_soins, p.date_paiement, b.prenom || ' ' || b.nom, l.code_acte, l.libelle_acte,
                        l.montant_depense, l.montant_secu, l.montant_mutuelle, l.reste_a_charge, l.statut
                 FROM lignes_prestation l
                 JOIN paiements p ON p.id = l.paiement_id
                 JOIN beneficiaires b ON b.id = p.beneficiaire_id
                 WHERE p.numero_personne = ?1 ORDER BY l.date_soins DESC, l.id DESC",
            )?;
            let claims = statement.query_map([&member.person_number], |row| {
                Ok(Claim {
                    numero_decompte: row.get(0)?,
                    date_soins: row.get(1)?,
                    date_paiement: row.get(2)?,
                    beneficiaire: row.get(3)?,
                    code_acte: row.get(4)?,
                    libelle_acte: row.get(5)?,
                    montant_depense: row.get(6)?,
                    montant_secu: row.get(7)?,
                    montant_rembourse: row.get(8)?,
                    reste_a_charge: row.get(9)?,
                    statut: row.get(10)?,
                })
            })?;
            Ok(claims.collect::<rusqlite::Result<Vec<_>>>()?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(claims))
}
