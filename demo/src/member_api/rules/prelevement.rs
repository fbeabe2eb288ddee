//! The day of the month a contract's contributions are debited (« Mes cotisations »), which the
//! member chooses among the mutual's days. A debit already prepared is not moved: no change
//! within [`DELAI_JOURS`] days of the next one.

use chrono::{Duration, NaiveDate};
use rusqlite::Connection;
use serde::Serialize;

use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf::impression;
use crate::member_api::store::contrats::{self, Contrat};

/// The days the mutual debits on.
pub const JOURS: [u32; 3] = [5, 10, 15];
/// How long before its day a debit is prepared with the bank, and so can no longer move.
pub const DELAI_JOURS: i64 = 10;

/// The mutual records that the bank returned the debit of the latest call for funds of
/// `numero_contrat` due before `aujourdhui` and not returned yet, for the reason `code` (one of
/// the banks' ISO 20022 codes): the back office's counterpart of the bank's return file. The
/// day of the call for funds returned. Call it in one transaction.
pub fn enregistrer_rejet(
    db: &Connection,
    numero_personne: &str,
    numero_contrat: &str,
    code: &str,
    aujourdhui: NaiveDate,
) -> Result<NaiveDate, ApiFailure> {
    if !contrats::motifs_rejet(db)?.iter().any(|(connu, _)| connu == code) {
        return Err(ApiFailure::unprocessable("Choisissez un motif de rejet de la liste."));
    }
    let contrat = Contrat::all(db, numero_personne)?
        .into_iter()
        .find(|contrat| contrat.numero_contrat == numero_contrat)
        .ok_or(ApiFailure::missing("Ce contrat n’est pas celui de l’adhérent ou n’existe pas."))?;
    if contrat.mode_paiement != "PRELEVEMENT" {
        return Err(ApiFailure::unprocessable("Ce contrat n’est pas réglé par prélèvement."));
    }
    let date = contrats::derniere_echue_non_rejetee(db, contrat.id, aujourdhui)?
        .ok_or(ApiFailure::unprocessable("Aucun prélèvement de ce contrat n’est à rejeter."))?;
    contrats::rejeter(db, contrat.id, date, code, aujourdhui)?;
    Ok(date)
}

/// The debit day as it now stands, and the next debit.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JourDePrelevement {
    pub numero_contrat: String,
    pub jour_prelevement: u32,
    pub prochain_prelevement: Option<NaiveDate>,
}

/// Debits the member's contract `numero_contrat` on `jour` from now on, as of `aujourdhui`.
/// Call it in one transaction.
pub fn changer(
    db: &Connection,
    numero_personne: &str,
    numero_contrat: &str,
    jour: u32,
    aujourdhui: NaiveDate,
) -> Result<JourDePrelevement, ApiFailure> {
    if !JOURS.contains(&jour) {
        return Err(ApiFailure::bad_request("Le jour de prélèvement est le 5, le 10 ou le 15 du mois."));
    }
    let contrat = Contrat::all(db, numero_personne)?
        .into_iter()
        .find(|contrat| contrat.numero_contrat == numero_contrat)
        .ok_or(ApiFailure::missing("Ce contrat n’est pas le vôtre ou n’existe pas."))?;
    if contrat.mode_paiement != "PRELEVEMENT" {
        return Err(ApiFailure::unprocessable("Les cotisations de ce contrat ne sont pas prélevées."));
    }
    if contrat.statut(aujourdhui) != "ACTIF" {
        return Err(ApiFailure::unprocessable("Le jour de prélèvement se choisit pour un contrat en cours."));
    }
    let prochain = |db: &Connection| -> rusqlite::Result<Option<NaiveDate>> {
        Ok(contrats::echeancier(db, contrat.id, aujourdhui)?
            .into_iter()
            .find(|echeance| echeance.statut == "A_VENIR")
            .map(|echeance| echeance.date_echeance))
    };
    if contrat.jour_prelevement != jour {
        if let Some(prochain) =
            prochain(db)?.filter(|prochain| *prochain < aujourdhui + Duration::days(DELAI_JOURS))
        {
            return Err(ApiFailure::unprocessable(format!(
                "Votre prochain prélèvement, le {}, est déjà préparé avec votre banque : vous pourrez changer de \
                 jour à partir du {}.",
                impression::date(prochain),
                impression::date(prochain + Duration::days(1))
            )));
        }
        contrats::changer_jour_prelevement(db, contrat.id, jour, aujourdhui + Duration::days(DELAI_JOURS))?;
    }
    Ok(JourDePrelevement {
        prochain_prelevement: prochain(db)?,
        numero_contrat: contrat.numero_contrat,
        jour_prelevement: jour,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::store::database::testing;

    const MARIE: &str = "100001";
    const SOPHIE: &str = "100005";

    fn jour(mois: u32, jour: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, mois, jour).unwrap()
    }

    #[test]
    fn the_debits_move_to_the_day_chosen_but_not_one_already_prepared() {
        // The 5th of March is 4 days ahead: too close. From the 6th, April's is 30 days ahead.
        let (_dir, db) = testing::seeded(jour(3, 1));
        let refus = changer(&db, MARIE, "IND-004512", 15, jour(3, 1)).unwrap_err();
        assert_eq!(refus.status().as_u16(), 422);
        assert_eq!(
            refus.message(),
            "Votre prochain prélèvement, le 05/03/2026, est déjà préparé avec votre banque : vous pourrez changer \
             de jour à partir du 06/03/2026."
        );
        let change = changer(&db, MARIE, "IND-004512", 15, jour(3, 6)).unwrap();
        assert_eq!(change.prochain_prelevement, Some(jour(4, 15)));
        let again = changer(&db, MARIE, "IND-004512", 15, jour(3, 6)).unwrap();
        assert_eq!(again.prochain_prelevement, Some(jour(4, 15)), "the same day again changes nothing");
    }

    #[test]
    fn a_contract_not_debited_or_somebody_elses_has_no_debit_day_to_change() {
        let (_dir, db) = testing::seeded(jour(3, 1));
        let status = |numero: &str, contrat: &str, jour_choisi: u32| {
            changer(&db, numero, contrat, jour_choisi, jour(3, 6)).unwrap_err().status().as_u16()
        };
        assert_eq!(status(SOPHIE, "IND-007730", 10), 422, "the Complémentaire santé solidaire costs nothing");
        assert_eq!(status(SOPHIE, "IND-004512", 10), 404, "Marie's contract");
        assert_eq!(status(MARIE, "IND-004512", 12), 400, "not one of the mutual's days");
    }

    #[test]
    fn the_mutual_records_a_returned_debit_then_the_one_before() {
        let aujourdhui = NaiveDate::from_ymd_opt(2026, 3, 8).unwrap();
        let (_dir, db) = crate::member_api::store::database::testing::seeded(aujourdhui);
        let premier = enregistrer_rejet(&db, "100001", "IND-004512", "AM04", aujourdhui).unwrap();
        let second = enregistrer_rejet(&db, "100001", "IND-004512", "AC04", aujourdhui).unwrap();
        assert!(second < premier, "{second} before {premier}");
        let refus = enregistrer_rejet(&db, "100001", "IND-004512", "ZZ99", aujourdhui).unwrap_err();
        assert_eq!(refus.message(), "Choisissez un motif de rejet de la liste.");
        assert_eq!(
            enregistrer_rejet(&db, "100001", "COL-000871", "AM04", aujourdhui).unwrap_err().status().as_u16(),
            404
        );
    }
}
