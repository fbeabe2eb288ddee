//! Complaints (`document/creationReclamation`, TypeCode REC), with the limits ACPR
//! recommendation 2022-R-01 sets the mutual: acknowledge within 10 working days (jours
//! ouvrables: every day but Sundays and public holidays), answer within 2 months of receipt.

use chrono::{Months, NaiveDate};
use rusqlite::Connection;

use super::calendrier;
use super::demandes::{self, NouvelleDemande};
use super::membre::Member;
use super::types_demande::{self, RECLAMATION};
use super::validation;
use crate::member_api::clock::now;
use crate::member_api::failure::ApiFailure;
use crate::member_api::store::demandes::Demande;
use crate::member_api::store::formulaires::Reclamation;
use crate::member_api::store::{contrats, paiements};

/// Working days the mutual has to acknowledge a complaint.
const JOURS_ACCUSE_RECEPTION: usize = 10;
/// Months the mutual has to answer it.
const MOIS_REPONSE: u32 = 2;

/// A complaint's outcome, as kept in its `issue`, with the words of the back office.
pub const ISSUES: [(&str, &str); 2] = [
    ("ACCEPTEE", "Fondée : la réclamation est acceptée"),
    ("REFUSEE", "Non fondée : la réclamation est refusée"),
];

const MOTIFS: [&str; 5] = ["REMBOURSEMENT", "COTISATION", "CONTRAT", "SERVICE", "AUTRE"];
const OBJET_MAX: usize = 120;
const TEXTE_MAX: usize = 4000;

/// The complaint's dates, by the limits above.
impl Reclamation {
    /// A complaint received on `recue_le`, not yet answered.
    pub fn recue(
        motif: &str,
        numero_contrat: Option<String>,
        payment_id: Option<String>,
        recue_le: chrono::DateTime<chrono_tz::Tz>,
    ) -> Self {
        let jour = recue_le.date_naive();
        Self {
            motif: motif.to_owned(),
            numero_contrat,
            payment_id,
            recue_le: recue_le.to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
            accuse_reception_avant: accuse_reception_avant(jour),
            reponse_avant: reponse_avant(jour),
            issue: None,
            repondu_le: None,
        }
    }
}

/// What the member writes. Who complains is the token's member; the dates are the mutual's.
pub struct Saisie {
    pub motif: String,
    pub objet: String,
    pub commentaire: String,
    pub numero_contrat: Option<String>,
    pub payment_id: Option<String>,
    pub id_documents: Vec<i64>,
}

/// The complaint checked, with the contract or payment it names.
pub struct Plainte {
    nouvelle: NouvelleDemande,
    motif: &'static str,
    numero_contrat: Option<String>,
    payment_id: Option<String>,
}

pub fn plainte(saisie: Saisie) -> Result<Plainte, ApiFailure> {
    let Some(motif) = MOTIFS.into_iter().find(|known| *known == saisie.motif) else {
        return Err(ApiFailure::bad_request(format!(
            "Motif de réclamation inconnu : « {} ».",
            validation::citation(&saisie.motif)
        )));
    };
    let objet = validation::texte_requis(Some(&saisie.objet), "L’objet de la réclamation", OBJET_MAX)?;
    let texte = validation::texte_multiligne(Some(&saisie.commentaire), "Votre réclamation", TEXTE_MAX)?
        .ok_or_else(|| ApiFailure::bad_request("Décrivez votre réclamation."))?;
    let numero_contrat = validation::texte_facultatif(saisie.numero_contrat.as_deref(), "Le contrat", 40)?;
    let payment_id = validation::texte_facultatif(saisie.payment_id.as_deref(), "Le remboursement", 40)?;
    if numero_contrat.is_some() && payment_id.is_some() {
        return Err(ApiFailure::unprocessable(
            "Indiquez le contrat ou le remboursement concerné, pas les deux.",
        ));
    }
    let type_demande = types_demande::par_type(RECLAMATION).expect("a known type");
    let mut nouvelle = NouvelleDemande::new(type_demande, None, None, saisie.id_documents)?;
    nouvelle.commentaire = Some(texte);
    nouvelle.objet = format!("Réclamation : {objet}");
    Ok(Plainte { nouvelle, motif, numero_contrat, payment_id })
}

/// Writes the complaint, received now, once the contract or payment it names is found to be the
/// member's.
pub fn enregistrer(db: &mut Connection, member: &Member, plainte: Plainte) -> Result<Demande, ApiFailure> {
    let Plainte { nouvelle, motif, numero_contrat, payment_id } = plainte;
    demandes::enregistrer(
        db,
        member,
        nouvelle,
        move |tx, member, nouvelle| {
            if let Some(numero) = &numero_contrat {
                verifier_titulaire(member, contrats::titulaire(tx, numero)?, "Ce contrat")?;
            }
            if let Some(id) = &payment_id {
                verifier_titulaire(member, paiements::titulaire(tx, id)?, "Ce remboursement")?;
            }
            nouvelle.reclamation = Some(Reclamation::recue(motif, numero_contrat, payment_id, now()));
            Ok(())
        },
        |_, _, _, ()| Ok(()),
    )
}

/// The contract or payment named is the member's: another member's is forbidden, an unknown
/// one is a mistake to correct.
pub fn verifier_titulaire(member: &Member, owner: Option<String>, quoi: &str) -> Result<(), ApiFailure> {
    match owner {
        None => Err(ApiFailure::unprocessable(format!("{quoi} ne figure pas à votre dossier."))),
        owner => member.check_owner(owner),
    }
}

/// The tenth working day after the day of receipt.
pub fn accuse_reception_avant(recue_le: NaiveDate) -> NaiveDate {
    calendrier::jours_ouvrables_apres(recue_le, JOURS_ACCUSE_RECEPTION)
}

/// Two months after the day of receipt (the last day of a shorter month when it has no such day).
pub fn reponse_avant(recue_le: NaiveDate) -> NaiveDate {
    recue_le.checked_add_months(Months::new(MOIS_REPONSE)).unwrap_or(NaiveDate::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jour(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn ten_working_days_skip_sundays_only() {
        // Monday 2 March 2026: Saturdays count, Sundays do not.
        assert_eq!(accuse_reception_avant(jour("2026-03-02")), jour("2026-03-13"));
    }

    #[test]
    fn ten_working_days_skip_the_public_holidays_on_the_way() {
        // Monday 2 November 2026: Wednesday 11 November is skipped, so Saturday 14, not Friday 13.
        assert_eq!(accuse_reception_avant(jour("2026-11-02")), jour("2026-11-14"));
        // Around Christmas and New Year's Day 2026–2027.
        assert_eq!(accuse_reception_avant(jour("2026-12-21")), jour("2027-01-04"));
    }

    #[test]
    fn the_answer_is_due_two_months_after_receipt() {
        assert_eq!(reponse_avant(jour("2026-11-24")), jour("2027-01-24"));
        assert_eq!(reponse_avant(jour("2026-12-31")), jour("2027-02-28"));
    }
}
