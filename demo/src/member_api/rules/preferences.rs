//! « Mes préférences » saved, and the one rule about them: a change of the address the alerts go
//! to is told to the address it replaces (the former alerts address, else the contact email),
//! in the transaction of the change, whatever the preferences. Someone who took over a session
//! and sent the alerts elsewhere cannot keep the member from hearing of it.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::member_api::mail::courriels::{self, Courriel, INFORMATIONS_PERSONNELLES, Nature};
use crate::member_api::store::preferences::{self, Alertes, Preferences};

/// Saves the member's choices (`email_alertes` in canonical form) at `at`; what they now are.
pub fn enregistrer(
    db: &mut Connection,
    numero_personne: &str,
    alertes: &Alertes,
    zero_papier: bool,
    email_alertes: Option<&str>,
    at: DateTime<Utc>,
) -> rusqlite::Result<Preferences> {
    let tx = db.transaction()?;
    let avant = Preferences::de(&tx, numero_personne)?.email_alertes;
    preferences::enregistrer(&tx, numero_personne, alertes, zero_papier, email_alertes)?;
    if avant.as_deref() != email_alertes {
        let avis = Courriel {
            nature: Nature::AdresseDesAlertes,
            lien: INFORMATIONS_PERSONNELLES,
            appareil: None,
            destinataire: avant.as_deref(),
        };
        courriels::mettre_en_file(&tx, numero_personne, &avis, at)?;
    }
    let enregistrees = Preferences::de(&tx, numero_personne)?;
    tx.commit()?;
    Ok(enregistrees)
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::member_api::store::database::testing;

    const MARIE: &str = "100001";

    fn avis(db: &Connection) -> Vec<Option<String>> {
        let mut statement = db
            .prepare("SELECT destinataire FROM courriels WHERE nature = 'ADRESSE_DES_ALERTES' ORDER BY id")
            .unwrap();
        statement.query_map([], |row| row.get(0)).unwrap().map(Result::unwrap).collect()
    }

    #[test]
    fn a_new_alerts_address_is_told_to_the_one_it_replaces_and_nothing_else_is() {
        let (_dir, mut db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        let alertes = Preferences::de(&db, MARIE).unwrap().alertes;
        let at = Utc::now();
        enregistrer(&mut db, MARIE, &alertes, true, None, at).unwrap();
        assert!(avis(&db).is_empty(), "the same address: nothing to tell");
        enregistrer(&mut db, MARIE, &alertes, true, Some("marie@exemple.fr"), at).unwrap();
        enregistrer(&mut db, MARIE, &alertes, false, Some("marie@exemple.fr"), at).unwrap();
        enregistrer(&mut db, MARIE, &alertes, false, Some("autre@exemple.fr"), at).unwrap();
        assert_eq!(
            avis(&db),
            [None, Some("marie@exemple.fr".to_owned())],
            "the contact email, then the former address"
        );
    }
}
