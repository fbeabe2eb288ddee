//! Privacy between adults on one contract (docs/product/member-api.md#confidential-care): an
//! adult beneficiary may ask that their care stay confidential; the holder then reads, for that
//! person's payments, the amounts paid and « Soins confidentiels » instead of the care, the
//! professional and the day. The mutual records the wish (its back office); the rule of who may
//! ask is here, and so is what the holder still reads.
//!
//! Masked wherever the holder reads care: the payments with their lines, one payment's lines,
//! the flat list of lines; and so in every export built from them. What is left of their
//! allowances tells their care too: the holder reads none of it, and gets no estimate nor
//! answer to a quote for them. Certificates name no care, and the alerts carry no detail.

use chrono::{Datelike, NaiveDate};
use rusqlite::Connection;

use super::noemie::BENEFICIAIRE_INCONNU;
use crate::member_api::failure::ApiFailure;
use crate::member_api::store::beneficiaires;
use crate::member_api::store::paiements::{Claim, Ligne, Paiement};

/// What the holder reads in place of the care.
pub const SOINS_CONFIDENTIELS: &str = "Soins confidentiels";
/// The act's code in place of the real one: no code tells the care either.
pub const CODE_CONFIDENTIEL: &str = "CONF";
/// In place of a professional paid directly (tiers payant), whose name tells the care.
const PROFESSIONNEL: &str = "Professionnel de santé";
/// The age from which a beneficiary may ask: the mutual's rule.
pub const AGE_MINIMUM: u32 = 18;

/// Records the wish of the beneficiary `id` of the member `numero`, on `aujourdhui`: refused
/// for the holder themself (whose care is theirs to see) and for a beneficiary under
/// [`AGE_MINIMUM`].
pub fn choisir(
    db: &Connection,
    numero: &str,
    id: i64,
    confidentiels: bool,
    aujourdhui: NaiveDate,
) -> Result<(), ApiFailure> {
    let beneficiaire = beneficiaires::suivis(db, numero)?
        .into_iter()
        .find(|beneficiaire| beneficiaire.id == id)
        .ok_or(ApiFailure::missing(BENEFICIAIRE_INCONNU))?;
    if confidentiels && beneficiaire.lien == "ASSURE_PRINCIPAL" {
        return Err(ApiFailure::unprocessable(
            "L’assuré principal voit ses propres soins : seuls ses bénéficiaires majeurs peuvent demander la confidentialité.",
        ));
    }
    if confidentiels && age(beneficiaire.date_naissance, aujourdhui) < AGE_MINIMUM {
        return Err(ApiFailure::unprocessable(format!(
            "Seul un bénéficiaire d’au moins {AGE_MINIMUM} ans peut demander que ses soins restent confidentiels."
        )));
    }
    beneficiaires::rendre_confidentiels(db, id, confidentiels)?;
    Ok(())
}

/// Why the holder gets no estimate nor answer to a quote for `nom`, whose allowances would tell
/// their care.
pub fn refus_d_estimation(nom: &str) -> String {
    format!(
        "{nom} a demandé que ses soins restent confidentiels : la mutuelle ne donne pas à l’assuré principal d’estimation ni de réponse à un devis pour ses soins."
    )
}

/// Whole years from `naissance` to `jour`.
pub fn age(naissance: NaiveDate, jour: NaiveDate) -> u32 {
    let anniversaire_passe = (jour.month(), jour.day()) >= (naissance.month(), naissance.day());
    let annees = jour.year() - naissance.year() - i32::from(!anniversaire_passe);
    u32::try_from(annees).unwrap_or(0)
}

/// The payments as the holder `numero` may read them.
pub fn paiements(
    db: &Connection,
    numero: &str,
    mut paiements: Vec<Paiement>,
) -> Result<Vec<Paiement>, ApiFailure> {
    let confidentiels = beneficiaires::confidentiels(db, numero)?;
    for paiement in paiements.iter_mut().filter(|paiement| confidentiels.contains(&paiement.beneficiaire_id))
    {
        if paiement.destinataire == "PROFESSIONNEL_DE_SANTE" {
            PROFESSIONNEL.clone_into(&mut paiement.nom_destinataire);
        }
        let jour = paiement.payment_date;
        for ligne in paiement.detail_remboursement.iter_mut().flatten() {
            masquer(ligne, jour);
        }
    }
    Ok(paiements)
}

/// One payment's lines as the holder `numero` may read them: `beneficiaire` is whose care it
/// paid, `jour` the day it was paid.
pub fn lignes(
    db: &Connection,
    numero: &str,
    beneficiaire: i64,
    jour: NaiveDate,
    mut lignes: Vec<Ligne>,
) -> Result<Vec<Ligne>, ApiFailure> {
    if beneficiaires::confidentiels(db, numero)?.contains(&beneficiaire) {
        lignes.iter_mut().for_each(|ligne| masquer(ligne, jour));
    }
    Ok(lignes)
}

/// The flat list of lines as the holder `numero` may read it.
pub fn claims(db: &Connection, numero: &str, mut claims: Vec<Claim>) -> Result<Vec<Claim>, ApiFailure> {
    let confidentiels = beneficiaires::confidentiels(db, numero)?;
    for claim in claims.iter_mut().filter(|claim| confidentiels.contains(&claim.beneficiaire_id)) {
        CODE_CONFIDENTIEL.clone_into(&mut claim.code_acte);
        SOINS_CONFIDENTIELS.clone_into(&mut claim.libelle_acte);
        claim.date_soins = claim.date_paiement;
    }
    Ok(claims)
}

/// The amounts stay; the care, the professional, the day of care and a rejection's reason go
/// (the day of care becomes the day of payment, which the holder already reads).
fn masquer(ligne: &mut Ligne, jour_du_paiement: NaiveDate) {
    CODE_CONFIDENTIEL.clone_into(&mut ligne.code_acte);
    SOINS_CONFIDENTIELS.clone_into(&mut ligne.label_external_code);
    ligne.professionnel_sante.clear();
    ligne.start_date = jour_du_paiement;
    ligne.motif_rejet = None;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::store::database::testing;
    use crate::member_api::store::paiements::{self, Filtre};

    const MARIE: &str = "100001";
    const TOUT: Filtre =
        Filtre { date_debut: None, date_fin: None, id_beneficiaire: None, professionnels_seulement: false };

    fn jour() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, 15).unwrap()
    }

    fn personne(db: &Connection, lien: &str) -> i64 {
        beneficiaires::suivis(db, MARIE)
            .unwrap()
            .into_iter()
            .find(|beneficiaire| beneficiaire.lien == lien)
            .unwrap()
            .id
    }

    #[test]
    fn an_adult_beneficiarys_care_is_masked_for_the_holder_and_the_amounts_stay() {
        let (_dir, db) = testing::seeded(jour());
        let thomas = personne(&db, "CONJOINT");
        let avant = paiements::detailles(&db, MARIE, &TOUT).unwrap();
        choisir(&db, MARIE, thomas, true, jour()).unwrap();
        let apres = paiements(&db, MARIE, paiements::detailles(&db, MARIE, &TOUT).unwrap()).unwrap();
        assert_eq!(avant.len(), apres.len());
        let mut masques = 0;
        for (avant, apres) in avant.iter().zip(&apres) {
            let (lignes_avant, lignes_apres) =
                (avant.detail_remboursement.as_ref().unwrap(), apres.detail_remboursement.as_ref().unwrap());
            assert_eq!(avant.montant_rembourse, apres.montant_rembourse, "the amounts stay");
            for (ligne_avant, ligne_apres) in lignes_avant.iter().zip(lignes_apres) {
                assert_eq!(ligne_avant.refundable_amount, ligne_apres.refundable_amount);
                if avant.beneficiaire_id == thomas {
                    masques += 1;
                    assert_eq!(ligne_apres.label_external_code, SOINS_CONFIDENTIELS);
                    assert_eq!(ligne_apres.code_acte, CODE_CONFIDENTIEL);
                    assert!(ligne_apres.professionnel_sante.is_empty());
                    assert_eq!(ligne_apres.start_date, apres.payment_date);
                } else {
                    assert_eq!(ligne_avant.label_external_code, ligne_apres.label_external_code);
                }
            }
        }
        assert!(masques > 0, "Thomas has payments in the demo");
        let claims = claims(&db, MARIE, paiements::lignes_a_plat(&db, MARIE).unwrap()).unwrap();
        assert!(claims.iter().any(|claim| claim.libelle_acte == SOINS_CONFIDENTIELS));

        choisir(&db, MARIE, thomas, false, jour()).unwrap();
        let revus = paiements(&db, MARIE, paiements::detailles(&db, MARIE, &TOUT).unwrap()).unwrap();
        assert!(
            revus
                .iter()
                .flat_map(|paiement| paiement.detail_remboursement.iter().flatten())
                .all(|ligne| ligne.label_external_code != SOINS_CONFIDENTIELS)
        );
    }

    #[test]
    fn only_an_adult_beneficiary_may_ask() {
        let (_dir, db) = testing::seeded(jour());
        let enfant = personne(&db, "ENFANT");
        let refus = choisir(&db, MARIE, enfant, true, jour()).unwrap_err();
        assert_eq!(
            refus.message(),
            "Seul un bénéficiaire d’au moins 18 ans peut demander que ses soins restent confidentiels."
        );
        let marie = personne(&db, "ASSURE_PRINCIPAL");
        assert_eq!(
            choisir(&db, MARIE, marie, true, jour()).unwrap_err().status(),
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
        );
        assert_eq!(
            choisir(&db, "100002", enfant, true, jour()).unwrap_err().status(),
            actix_web::http::StatusCode::NOT_FOUND,
            "another member's beneficiary"
        );
    }

    #[test]
    fn an_age_counts_whole_years_to_the_birthday() {
        let naissance = NaiveDate::from_ymd_opt(2008, 3, 16).unwrap();
        assert_eq!(age(naissance, NaiveDate::from_ymd_opt(2026, 3, 15).unwrap()), 17);
        assert_eq!(age(naissance, NaiveDate::from_ymd_opt(2026, 3, 16).unwrap()), 18);
        assert_eq!(age(naissance, NaiveDate::from_ymd_opt(2000, 1, 1).unwrap()), 0);
    }
}
