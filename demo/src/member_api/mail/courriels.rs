//! The emails the mutual owes a member, queued in `courriels` in the transaction of the change
//! they tell of (a transactional outbox: no email for a change that was rolled back, none
//! missed for one that was kept). Alerts go only to members whose preferences want them;
//! security emails go whatever the preferences. The queue (`file_courriels.rs`) sends them.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::member_api::store::courriels;
use crate::member_api::store::preferences::{Alerte, Preferences};

/// Where a security email sends the member: their bank details and « Mes connexions ».
pub const INFORMATIONS_PERSONNELLES: &str = "/compte/informations-personnelles";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nature {
    /// What the member chose to be told of.
    Alerte(Alerte),
    /// The bank details reimbursements are paid to changed.
    CoordonneesBancaires,
    /// A sign-in from a device the member never signed in with.
    NouvelAppareil,
    /// The address the alerts go to changed: told to the address it replaces.
    AdresseDesAlertes,
    /// An agreement for a hospital stay, sent to the establishment with its PDF.
    AccordPriseEnCharge,
    /// A person the member gave a delegation to acted for them for the first time.
    DelegationUtilisee,
    /// A delegation ended: withdrawn, or past its last day.
    DelegationTerminee,
    /// The one-time code that signs a SEPA mandate.
    CodeMandat,
}

impl Nature {
    /// The `nature` column's value.
    pub fn code(self) -> &'static str {
        match self {
            Self::Alerte(Alerte::Remboursement) => "REMBOURSEMENT",
            Self::Alerte(Alerte::Demande) => "DEMANDE",
            Self::Alerte(Alerte::Document) => "DOCUMENT",
            Self::CoordonneesBancaires => "COORDONNEES_BANCAIRES",
            Self::NouvelAppareil => "NOUVEL_APPAREIL",
            Self::AdresseDesAlertes => "ADRESSE_DES_ALERTES",
            Self::AccordPriseEnCharge => "ACCORD_PRISE_EN_CHARGE",
            Self::DelegationUtilisee => "DELEGATION_UTILISEE",
            Self::DelegationTerminee => "DELEGATION_TERMINEE",
            Self::CodeMandat => "CODE_MANDAT",
        }
    }

    /// The nature of a `nature` column's value.
    pub fn parse(code: &str) -> Option<Self> {
        [
            Self::Alerte(Alerte::Remboursement),
            Self::Alerte(Alerte::Demande),
            Self::Alerte(Alerte::Document),
            Self::CoordonneesBancaires,
            Self::NouvelAppareil,
            Self::AdresseDesAlertes,
            Self::AccordPriseEnCharge,
            Self::DelegationUtilisee,
            Self::DelegationTerminee,
            Self::CodeMandat,
        ]
        .into_iter()
        .find(|nature| nature.code() == code)
    }
}

/// One email to queue: what it is about, the portal's page it links to (a path such as
/// `/mutuelle/demandes/12`) and, for a new device, how the device is named ("Firefox sur
/// Android").
pub struct Courriel<'a> {
    pub nature: Nature,
    pub lien: &'a str,
    pub appareil: Option<&'a str>,
    /// Where it goes when not to one of the member's current addresses: the alerts' former
    /// one, an establishment's.
    pub destinataire: Option<&'a str>,
    /// A document it carries: the agreement sent to an establishment.
    pub piece_jointe: Option<i64>,
}

/// Queues `courriel` for the member, as of `at`, unless it is an alert they turned off;
/// whether an email will tell of it. An alert the same as one still waiting (same kind, same
/// page) is that one: a reply and a change of state made together are one piece of news, and
/// the waiting alert already sends the member to the page that shows both. Call it inside the
/// transaction of the change it tells of.
pub fn mettre_en_file(
    db: &Connection,
    numero_personne: &str,
    courriel: &Courriel<'_>,
    at: DateTime<Utc>,
) -> rusqlite::Result<bool> {
    if let Nature::Alerte(alerte) = courriel.nature {
        if !Preferences::de(db, numero_personne)?.alertes.voulue(alerte) {
            return Ok(false);
        }
        if courriels::alerte_en_attente(db, numero_personne, courriel.nature.code(), courriel.lien)? {
            return Ok(true);
        }
    }
    courriels::inserer(
        db,
        &courriels::NouveauCourriel {
            numero_personne,
            nature: courriel.nature.code(),
            lien: courriel.lien,
            appareil: courriel.appareil,
            destinataire: courriel.destinataire,
            piece_jointe: courriel.piece_jointe,
            code: None,
        },
        at,
    )?;
    Ok(true)
}

/// Queues the one-time `code` that signs a SEPA mandate, for the member's address on file, as
/// of `at`; `lien` is the page where it is typed.
pub fn mettre_en_file_code(
    db: &Connection,
    numero_personne: &str,
    lien: &str,
    code: &str,
    at: DateTime<Utc>,
) -> rusqlite::Result<()> {
    courriels::inserer(
        db,
        &courriels::NouveauCourriel {
            numero_personne,
            nature: Nature::CodeMandat.code(),
            lien,
            appareil: None,
            destinataire: None,
            piece_jointe: None,
            code: Some(code),
        },
        at,
    )
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, TimeZone};

    use super::*;
    use crate::member_api::store::database::testing;
    use crate::member_api::store::preferences::desactiver;

    const MARIE: &str = "100001";

    fn queued(db: &Connection) -> Vec<(String, String)> {
        let mut statement = db.prepare("SELECT nature, lien FROM courriels ORDER BY id").unwrap();
        statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?))).unwrap().map(Result::unwrap).collect()
    }

    #[test]
    fn an_alert_turned_off_is_not_queued_a_security_email_always_is() {
        let (_dir, db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        let at = Utc.with_ymd_and_hms(2026, 3, 15, 9, 41, 5).unwrap();
        for alerte in [Alerte::Remboursement, Alerte::Demande, Alerte::Document] {
            desactiver(&db, MARIE, alerte).unwrap();
            let alert = Courriel {
                nature: Nature::Alerte(alerte),
                lien: "/mutuelle/demandes/1",
                appareil: None,
                destinataire: None,
                piece_jointe: None,
            };
            assert!(!mettre_en_file(&db, MARIE, &alert, at).unwrap(), "{alerte:?}");
        }
        let banque = Courriel {
            nature: Nature::CoordonneesBancaires,
            lien: INFORMATIONS_PERSONNELLES,
            appareil: None,
            destinataire: None,
            piece_jointe: None,
        };
        assert!(mettre_en_file(&db, MARIE, &banque, at).unwrap());
        assert_eq!(queued(&db), [("COORDONNEES_BANCAIRES".to_owned(), INFORMATIONS_PERSONNELLES.to_owned())]);
    }

    #[test]
    fn every_nature_reads_back_from_its_code() {
        for code in ["REMBOURSEMENT", "DEMANDE", "DOCUMENT", "COORDONNEES_BANCAIRES", "NOUVEL_APPAREIL"] {
            assert_eq!(Nature::parse(code).map(Nature::code), Some(code));
        }
        assert_eq!(Nature::parse("AUTRE"), None);
    }
}
