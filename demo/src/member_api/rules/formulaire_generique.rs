//! A request of a type that has no form of its own (`document/documentGedCegedim`),
//! with the documents uploaded beforehand and the GED indexing metadata; an invoice says when
//! the care was received, which a contract must have covered within the two years a claim lasts.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rusqlite::{Connection, Transaction};

use super::demandes::{self, NouvelleDemande};
use super::membre::Member;
use super::remboursements::{HorsDelai, dans_les_delais};
use super::types_demande::{self, ATTESTATION_VITALE};
use super::{noemie, validation};
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf::impression;
use crate::member_api::store::contrats::{self, Contrat};
use crate::member_api::store::demandes::Demande;

/// What the member sends.
pub struct Saisie {
    pub type_demande: String,
    pub commentaire: Option<String>,
    pub id_beneficiaire: Option<i64>,
    pub id_documents: Vec<i64>,
    pub metadata: BTreeMap<String, String>,
}

/// The request checked, with what remains to check once it is written.
pub struct DemandeGed {
    nouvelle: NouvelleDemande,
    date_soins: Option<NaiveDate>,
    attestation_de: Option<i64>,
}

const METADATA_MAX: usize = 20;

pub fn verifier(saisie: Saisie) -> Result<DemandeGed, ApiFailure> {
    let metadata = saisie.metadata;
    let type_demande = types_demande::par_type(&saisie.type_demande).ok_or_else(|| {
        ApiFailure::bad_request(format!(
            "Type de demande inconnu : « {} ».",
            validation::citation(&saisie.type_demande)
        ))
    })?;
    if type_demande.formulaire_dedie {
        return Err(ApiFailure::bad_request(
            "Les prises en charge hospitalières, les résiliations, les réclamations, les signalements de soins et les ajouts de bénéficiaire ont leur propre formulaire.",
        ));
    }
    let mut nouvelle = NouvelleDemande::new(
        type_demande,
        saisie.commentaire.as_deref(),
        saisie.id_beneficiaire,
        saisie.id_documents,
    )?;
    if type_demande.question && nouvelle.commentaire.is_none() {
        return Err(ApiFailure::unprocessable("Écrivez votre question dans le commentaire."));
    }
    if !type_demande.question && nouvelle.id_documents.is_empty() {
        return Err(ApiFailure::unprocessable("Joignez au moins un document à votre demande."));
    }
    if metadata.len() > METADATA_MAX
        || metadata
            .iter()
            .any(|(key, value)| key.is_empty() || key.chars().count() > 50 || value.chars().count() > 500)
    {
        return Err(ApiFailure::bad_request(format!(
            "Les métadonnées sont limitées à {METADATA_MAX} entrées de 500 caractères."
        )));
    }
    for (key, value) in &metadata {
        validation::texte_facultatif(Some(key), "Le nom d’une métadonnée", 50)?;
        validation::texte_facultatif(Some(value), &format!("La métadonnée « {key} »"), 500)?;
    }
    let date_soins = metadata.get(DATE_SOINS).map(|date| date_des_soins(date)).transpose()?;
    nouvelle.metadata = (!metadata.is_empty()).then_some(metadata);
    // The attestation de droits of a person whose link is missing or refused asks for it.
    let attestation_de = nouvelle.id_beneficiaire.filter(|_| type_demande.type_demande == ATTESTATION_VITALE);
    Ok(DemandeGed { nouvelle, date_soins, attestation_de })
}

/// Writes the request; the care date and the attestation de droits are seen to once the request
/// is written.
pub fn enregistrer(db: &mut Connection, member: &Member, demande: DemandeGed) -> Result<Demande, ApiFailure> {
    let DemandeGed { nouvelle, date_soins, attestation_de } = demande;
    let beneficiaire = nouvelle.id_beneficiaire;
    // After the insert, which has checked that the beneficiary is the member's.
    let attach = move |tx: &Transaction, member: &Member, _, ()| {
        if let Some(date) = date_soins {
            soins_couverts(tx, member, beneficiaire, date)?;
        }
        match attestation_de {
            Some(beneficiaire) => Ok(noemie::attestation_recue(tx, beneficiaire)?),
            None => Ok(()),
        }
    };
    demandes::enregistrer(db, member, nouvelle, |_, _, _| Ok(()), attach)
}

/// The metadata of an invoice that says when the care was received (`YYYY-MM-DD`).
const DATE_SOINS: &str = "dateSoins";

/// The care date of an invoice: a day, not after today, within the two years a claim lasts.
fn date_des_soins(texte: &str) -> Result<NaiveDate, ApiFailure> {
    let date = NaiveDate::parse_from_str(texte.trim(), "%Y-%m-%d")
        .map_err(|_| ApiFailure::bad_request("La date des soins doit être une date au format AAAA-MM-JJ."))?;
    match dans_les_delais(date, today()) {
        Ok(()) => Ok(date),
        Err(HorsDelai::AVenir) => {
            Err(ApiFailure::unprocessable("La date des soins ne peut pas être postérieure à aujourd’hui."))
        }
        Err(HorsDelai::Prescrits) => Err(ApiFailure::unprocessable(format!(
            "Les soins du {} ont plus de deux ans : leur remboursement ne peut plus être demandé (article L221-11 du Code de la mutualité).",
            impression::date(date)
        ))),
    }
}

/// The care of `date` was covered by one of the member's contracts, for the beneficiary when
/// one is named: an invoice of a member whose contract has ended is for care before its end.
fn soins_couverts(
    tx: &Transaction,
    member: &Member,
    beneficiaire: Option<i64>,
    date: NaiveDate,
) -> Result<(), ApiFailure> {
    let couverts = contrats::couvraient(tx, &member.person_number, beneficiaire, date)?;
    if couverts {
        return Ok(());
    }
    let contrats = Contrat::all(tx, &member.person_number)?;
    let precision = match Contrat::fin_de_couverture(&contrats, today()) {
        Some(dernier) => format!(
            " : votre contrat {} a pris fin le {}",
            dernier.numero_contrat,
            dernier.date_fin.map(impression::date).unwrap_or_default()
        ),
        None => String::new(),
    };
    Err(ApiFailure::unprocessable(format!(
        "Aucun contrat ne couvrait ces soins le {}{precision}. Seuls les soins reçus pendant un contrat peuvent être remboursés.",
        impression::date(date)
    )))
}
