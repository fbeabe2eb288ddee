//! « Estimer mon remboursement »: a quote as the member types it, checked, and what it will cost
//! them, by the guarantees of the contract that covers the beneficiary today and what the
//! beneficiary was already paid.

use chrono::NaiveDate;
use rusqlite::Connection;

use super::calcul::{self, Couverture, Devis, Estimation, Situation};
use super::releves::{Releves, couverture};
use super::soins::Soin;
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf::impression::date;
use crate::member_api::rules::confidentialite;
use crate::member_api::rules::membre::Member;
use crate::member_api::store::beneficiaires::{self, Personne};
use crate::member_api::store::montant::Cents;

/// The most a quote may be: beyond, it is a typing mistake, not a quote.
const PRIX_MAXIMUM: Cents = 10_000_000;

/// A quote as the member typed it.
pub struct Saisie {
    pub soin: Soin,
    pub cent_pour_cent_sante: bool,
    pub prix: f64,
    pub quantite: Option<i64>,
    pub base_secu: Option<f64>,
    pub taux_secu: Option<i64>,
}

/// The most a quote may be, in euros, as the contract's `maximum` says it.
const PRIX_MAXIMUM_EUROS: f64 = 100_000.0;

/// Euros as typed on a quote, to the cent, into cents. The range is the schema's (400, checked
/// by the caller); being a whole number of cents is not (422).
fn centimes(euros: f64, message: &'static str) -> Result<Cents, ApiFailure> {
    let cents = (euros * 100.0).round();
    let au_centime = (euros * 100.0 - cents).abs() < 1e-6;
    if !au_centime || cents > PRIX_MAXIMUM as f64 {
        return Err(ApiFailure::unprocessable(message));
    }
    Ok(cents as Cents)
}

/// The quote as typed, checked: a price and a base in euros to the cent, within their range, a
/// rate in percent, a quantity from 1 to 60.
pub fn devis(saisie: &Saisie) -> Result<Devis, ApiFailure> {
    if !(saisie.prix > 0.0 && saisie.prix <= PRIX_MAXIMUM_EUROS) {
        return Err(ApiFailure::bad_request(
            "Le prix du devis doit être supérieur à 0 € et d’au plus 100 000 €.",
        ));
    }
    if saisie.base_secu.is_some_and(|base| !(0.0..=PRIX_MAXIMUM_EUROS).contains(&base)) {
        return Err(ApiFailure::bad_request(
            "La base de remboursement de la Sécurité sociale est un montant de 0 à 100 000 €.",
        ));
    }
    let prix = centimes(
        saisie.prix,
        "Le prix du devis doit être un montant en euros, au centime près, d’au plus 100 000 €.",
    )?;
    if prix == 0 {
        return Err(ApiFailure::unprocessable("Le prix du devis doit être d’au moins 0,01 €."));
    }
    let base = saisie
        .base_secu
        .map(|base| centimes(base, "La base de remboursement de la Sécurité sociale doit être un montant en euros, au centime près."))
        .transpose()?;
    if base.is_some_and(|base| base > prix) {
        return Err(ApiFailure::unprocessable(
            "La base de remboursement de la Sécurité sociale ne peut dépasser le prix du devis.",
        ));
    }
    if saisie.taux_secu.is_some_and(|taux| !(0..=100).contains(&taux)) {
        return Err(ApiFailure::bad_request(
            "Le taux de la Sécurité sociale est un pourcentage, de 0 à 100.",
        ));
    }
    let quantite = saisie.quantite.unwrap_or(1);
    if !(1..=60).contains(&quantite) {
        return Err(ApiFailure::bad_request("La quantité doit être comprise entre 1 et 60."));
    }
    Ok(Devis {
        soin: saisie.soin,
        cent_pour_cent_sante: saisie.cent_pour_cent_sante,
        prix,
        quantite,
        base,
        taux: saisie.taux_secu,
    })
}

/// What `devis` will cost the member for the beneficiary `id_beneficiaire`, on `aujourdhui`,
/// and who the beneficiary is.
pub fn estimer(
    db: &Connection,
    membre: &Member,
    id_beneficiaire: i64,
    devis: &Devis,
    aujourdhui: NaiveDate,
) -> Result<(Personne, Estimation), ApiFailure> {
    let (personne, situation) = situation(db, membre, id_beneficiaire, aujourdhui)?;
    verifier(devis, &situation).map_err(|refus| ApiFailure::unprocessable(refus.0))?;
    let historique = Releves { db, beneficiaire: id_beneficiaire, jusqua: aujourdhui };
    let calcul = calcul::estimer(devis, &situation, &historique)?;
    Ok((personne, calcul))
}

/// The quote's shape for the care, the beneficiary's age deciding (orthodontics, glasses).
pub fn verifier(devis: &Devis, situation: &Situation) -> Result<(), calcul::Refus> {
    calcul::verifier(devis, &devis.soin.definition(situation.age))
}

/// Who the beneficiary `id_beneficiaire` is, and what covers them on `aujourdhui`: the
/// member's own, covered by a contract in force or to come.
pub fn situation(
    db: &Connection,
    membre: &Member,
    id_beneficiaire: i64,
    aujourdhui: NaiveDate,
) -> Result<(Personne, Situation), ApiFailure> {
    let (owner, personne, naissance) = beneficiaires::pour_estimation(db, id_beneficiaire)?;
    membre.check_owner(owner)?;
    let age = aujourdhui.years_since(naissance).unwrap_or(0);
    let nom = format!("{} {}", personne.prenom, personne.nom);
    // What is left of a confidential beneficiary's allowances tells their care: the holder
    // gets no estimate nor answer to a quote for them (`rules/confidentialite.rs`).
    if beneficiaires::confidentiels(db, &membre.person_number)?.contains(&id_beneficiaire) {
        return Err(ApiFailure::unprocessable(confidentialite::refus_d_estimation(&nom)));
    }
    let couverture = couverture(db, id_beneficiaire, aujourdhui)?;
    // An estimate is of care to come: once every contract has ended, the mutual will
    // pay nothing for it, and a figure of the Sécurité sociale's part alone would read
    // as the mutual's answer.
    if let Couverture::Terminee(numero, fin) = &couverture {
        return Err(ApiFailure::unprocessable(format!(
            "Aucun contrat ne couvre {nom} aujourd’hui : le contrat {numero} a pris fin le {}. La mutuelle n’estime que des soins qu’elle couvre ; les factures de soins reçus avant cette date restent à nous envoyer dans les deux ans suivant les soins.",
            date(*fin)
        )));
    }
    Ok((personne, Situation { aujourdhui, age, nom, couverture }))
}
