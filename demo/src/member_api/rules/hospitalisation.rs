//! A prior agreement for a hospital stay (`document/creationHospitalisation`), so that the
//! establishment bills the mutual directly.

use chrono::NaiveDate;

use super::demandes::NouvelleDemande;
use super::types_demande::{self, PRISE_EN_CHARGE_HOSPITALIERE};
use super::validation;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::store::formulaires::PriseEnCharge;

const TYPES_HOSPITALISATION: &[&str] =
    &["MEDECINE", "CHIRURGIE", "MATERNITE", "AMBULATOIRE", "PSYCHIATRIE", "SOINS_DE_SUITE"];

/// What the member sends; `siren` identifies the establishment.
pub struct Saisie {
    pub siren: String,
    pub id_beneficiaire: i64,
    pub etablissement: Option<String>,
    pub finess: Option<String>,
    pub date_entree: NaiveDate,
    pub date_sortie: Option<NaiveDate>,
    pub type_hospitalisation: String,
    pub chambre_particuliere: bool,
    pub commentaire: Option<String>,
    pub id_documents: Vec<i64>,
}

/// The request, checked.
pub fn verifier(saisie: Saisie) -> Result<NouvelleDemande, ApiFailure> {
    let siren = validation::siren(&saisie.siren)?;
    let etablissement =
        validation::texte_requis(saisie.etablissement.as_deref(), "Le nom de l’établissement", 100)?;
    let finess = match validation::texte_facultatif(saisie.finess.as_deref(), "Le numéro FINESS", 9)? {
        Some(finess) if finess.len() != 9 || !finess.bytes().all(|b| b.is_ascii_alphanumeric()) => {
            return Err(ApiFailure::bad_request("Le numéro FINESS comporte 9 caractères."));
        }
        finess => finess,
    };
    if !TYPES_HOSPITALISATION.contains(&saisie.type_hospitalisation.as_str()) {
        return Err(ApiFailure::bad_request(format!(
            "Type d’hospitalisation inconnu : « {} ».",
            saisie.type_hospitalisation
        )));
    }
    validation::sejour_hospitalier(saisie.date_entree, saisie.date_sortie, today())?;
    let type_demande = types_demande::par_type(PRISE_EN_CHARGE_HOSPITALIERE).expect("a known type");
    let mut nouvelle = NouvelleDemande::new(
        type_demande,
        saisie.commentaire.as_deref(),
        Some(saisie.id_beneficiaire),
        saisie.id_documents,
    )?;
    nouvelle.hospitalisation = Some(PriseEnCharge {
        etablissement,
        siren,
        finess,
        date_entree: saisie.date_entree,
        date_sortie: saisie.date_sortie,
        type_hospitalisation: saisie.type_hospitalisation,
        chambre_particuliere: saisie.chambre_particuliere,
    });
    Ok(nouvelle)
}
