//! « Mes préférences » saved, and the rules about the address the alerts go to: a change of it
//! needs a sign-in at most [`RECENT_SIGN_IN_SECS`] old (the token's `auth_time`), as the
//! portal asks for bank details, else 403 `reconnexion_requise`; and it is told to the address
//! it replaces (the former alerts address, else the contact email), in the transaction of the
//! change, whatever the preferences. Someone who took over a session left open can neither send
//! the alerts elsewhere at once nor keep the member from hearing of it.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::member_api::failure::ApiFailure;
use crate::member_api::mail::courriels::{self, Courriel, INFORMATIONS_PERSONNELLES, Nature};
use crate::member_api::store::envois;
use crate::member_api::store::preferences::{self, Alertes, Preferences};

/// How old a sign-in may be for a change of the alerts' address: the portal's default for the
/// changes that matter most (`oidc.recent_sign_in_secs`).
pub const RECENT_SIGN_IN_SECS: i64 = 300;

/// Saves the member's choices (`email_alertes` in canonical form) at `at`, for a member who
/// signed in at `signe_le` (Unix seconds, when the token says); what they now are.
pub fn enregistrer(
    db: &mut Connection,
    numero_personne: &str,
    alertes: &Alertes,
    zero_papier: bool,
    email_alertes: Option<&str>,
    signe_le: Option<i64>,
    at: DateTime<Utc>,
) -> Result<Preferences, ApiFailure> {
    let tx = db.transaction()?;
    let Preferences { email_alertes: avant, zero_papier: zero_papier_avant, .. } =
        Preferences::de(&tx, numero_personne)?;
    let change_d_adresse = avant.as_deref() != email_alertes;
    let recente = signe_le.is_some_and(|signe_le| at.timestamp() - signe_le <= RECENT_SIGN_IN_SECS);
    if change_d_adresse && !recente {
        return Err(ApiFailure::sign_in_again());
    }
    preferences::enregistrer(&tx, numero_personne, alertes, zero_papier, email_alertes)?;
    // « Zéro papier » turned on or off is a choice for every kind of document: the choices by
    // kind of « Mes documents » give way to it. Saved unchanged, it leaves them as they are.
    if zero_papier != zero_papier_avant {
        envois::oublier(&tx, numero_personne)?;
    }
    if change_d_adresse {
        let avis = Courriel {
            nature: Nature::AdresseDesAlertes,
            lien: INFORMATIONS_PERSONNELLES,
            appareil: None,
            destinataire: avant.as_deref(),
            piece_jointe: None,
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
        let signe = Some(at.timestamp());
        enregistrer(&mut db, MARIE, &alertes, true, None, signe, at).unwrap();
        assert!(avis(&db).is_empty(), "the same address: nothing to tell");
        enregistrer(&mut db, MARIE, &alertes, true, Some("marie@exemple.fr"), signe, at).unwrap();
        enregistrer(&mut db, MARIE, &alertes, false, Some("marie@exemple.fr"), signe, at).unwrap();
        enregistrer(&mut db, MARIE, &alertes, false, Some("autre@exemple.fr"), signe, at).unwrap();
        assert_eq!(
            avis(&db),
            [None, Some("marie@exemple.fr".to_owned())],
            "the contact email, then the former address"
        );
    }

    #[test]
    fn a_new_alerts_address_needs_a_recent_sign_in_and_the_rest_does_not() {
        let (_dir, mut db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        let alertes = Preferences::de(&db, MARIE).unwrap().alertes;
        let at = Utc::now();
        let ancienne = Some(at.timestamp() - RECENT_SIGN_IN_SECS - 1);
        for signe_le in [ancienne, None] {
            let refus = enregistrer(&mut db, MARIE, &alertes, true, Some("marie@exemple.fr"), signe_le, at)
                .unwrap_err();
            assert_eq!(
                (refus.code(), refus.message()),
                ("reconnexion_requise", "Pour votre sécurité, reconnectez-vous avant ce changement.")
            );
        }
        assert_eq!(Preferences::de(&db, MARIE).unwrap().email_alertes, None, "nothing written");
        assert!(avis(&db).is_empty(), "nor told");
        let kept = enregistrer(&mut db, MARIE, &alertes, true, None, ancienne, at).unwrap();
        assert!(kept.zero_papier, "the other choices need no recent sign-in");
    }
}
