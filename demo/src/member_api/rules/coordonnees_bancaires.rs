//! New bank details for a beneficiary (`POST assure/beneficiaire/banque`): a valid IBAN and its
//! country's BIC, for a person of the member's contracts; contributions are taken from the
//! member's own account only. Whoever changed them, the member gets a security email.

use iban::{Iban, IbanLike};
use rusqlite::Connection;

use super::validation;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::mail::courriels::{self, Courriel, INFORMATIONS_PERSONNELLES, Nature};
use crate::member_api::store::beneficiaires;
use crate::member_api::store::comptes_bancaires::{self, CompteBancaire, NouveauCompte};

/// The bank details as the member sent them; no beneficiary: the member.
pub struct CompteSaisi {
    pub id_beneficiaire: Option<i64>,
    pub usage: String,
    pub titulaire: Option<String>,
    pub iban: Option<String>,
    pub bic: Option<String>,
    pub domiciliation: Option<String>,
}

/// Bank details the mutual accepts, for a beneficiary yet to be checked.
pub struct CompteVerifie {
    id_beneficiaire: Option<i64>,
    usage: String,
    titulaire: String,
    /// In electronic form.
    iban: String,
    bic: String,
    domiciliation: Option<String>,
}

impl CompteVerifie {
    pub fn titulaire(&self) -> &str {
        &self.titulaire
    }

    /// In electronic form.
    pub fn iban(&self) -> &str {
        &self.iban
    }

    pub fn bic(&self) -> &str {
        &self.bic
    }
}

pub fn verifier(saisie: CompteSaisi) -> Result<CompteVerifie, ApiFailure> {
    if !matches!(saisie.usage.as_str(), "PRESTATIONS" | "COTISATIONS") {
        return Err(ApiFailure::bad_request("L’usage du compte doit être PRESTATIONS ou COTISATIONS."));
    }
    let titulaire = validation::texte_requis(saisie.titulaire.as_deref(), "Le titulaire du compte", 70)?;
    let iban: Iban = validation::iban(saisie.iban.as_deref().unwrap_or_default())?;
    let bic = validation::bic(saisie.bic.as_deref().unwrap_or_default(), &iban)?;
    let domiciliation =
        validation::texte_facultatif(saisie.domiciliation.as_deref(), "La domiciliation", 70)?;
    let iban = iban.electronic_str().to_owned();
    Ok(CompteVerifie {
        id_beneficiaire: saisie.id_beneficiaire,
        usage: saisie.usage,
        titulaire,
        iban,
        bic,
        domiciliation,
    })
}

/// Records the account of a beneficiary of the member, in one transaction with the security
/// email, and reads it back. The account contributions are taken from changes only with a
/// signed SEPA mandate (`mandat_sepa`).
pub fn enregistrer(
    db: &mut Connection,
    numero_personne: &str,
    compte: CompteVerifie,
) -> Result<CompteBancaire, ApiFailure> {
    if compte.usage == "COTISATIONS" {
        return Err(ApiFailure::unprocessable(
            "Le compte de prélèvement des cotisations change par un mandat SEPA que vous signez en ligne, \
             dans « Mes cotisations ».",
        ));
    }
    let tx = db.transaction()?;
    let enregistre = enregistrer_dans(&tx, numero_personne, compte)?;
    tx.commit()?;
    Ok(enregistre)
}

/// [`enregistrer`] within the caller's transaction, for any use.
pub fn enregistrer_dans(
    tx: &Connection,
    numero_personne: &str,
    compte: CompteVerifie,
) -> Result<CompteBancaire, ApiFailure> {
    let beneficiaire = match compte.id_beneficiaire {
        Some(id) => beneficiaires::titulaire_et_lien(tx, id)?,
        None => beneficiaires::principal(tx, numero_personne)?,
    };
    let Some((beneficiaire, owner, lien)) = beneficiaire else {
        return Err(ApiFailure::unprocessable("Ce bénéficiaire ne figure pas sur vos contrats."));
    };
    if owner != numero_personne {
        return Err(ApiFailure::forbidden());
    }
    if compte.usage == "COTISATIONS" && lien != "ASSURE_PRINCIPAL" {
        return Err(ApiFailure::unprocessable(
            "Les cotisations sont prélevées sur le compte de l’assuré principal.",
        ));
    }
    let nouveau = NouveauCompte {
        beneficiaire,
        usage: &compte.usage,
        titulaire: &compte.titulaire,
        iban: &compte.iban,
        bic: &compte.bic,
        domiciliation: compte.domiciliation.as_deref(),
    };
    comptes_bancaires::enregistrer(tx, &nouveau, today())?;
    let enregistre = comptes_bancaires::de(tx, beneficiaire, &compte.usage)?
        .ok_or(rusqlite::Error::QueryReturnedNoRows)?;
    // Whoever changed them, the member hears of it, whatever their preferences.
    let avis = Courriel {
        nature: Nature::CoordonneesBancaires,
        lien: INFORMATIONS_PERSONNELLES,
        appareil: None,
        destinataire: None,
        piece_jointe: None,
    };
    courriels::mettre_en_file(tx, numero_personne, &avis, chrono::Utc::now())?;
    Ok(enregistre)
}
