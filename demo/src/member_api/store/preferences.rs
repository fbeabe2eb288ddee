//! What each member chose in « Mes préférences » (`preferences`): which email alerts they want,
//! « zéro papier », and where the alerts go. A member who never chose has every alert on,
//! paper documents and the contact email: the table holds a row only once they choose.

use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};

/// The email alerts a member may turn off (security emails cannot be).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alerte {
    /// A new payment.
    Remboursement,
    /// A request's new state, or the mutual's answer on it.
    Demande,
    /// A document the mutual issued.
    Document,
}

impl Alerte {
    /// Its column in `preferences`.
    fn colonne(self) -> &'static str {
        match self {
            Self::Remboursement => "alerte_remboursement",
            Self::Demande => "alerte_demande",
            Self::Document => "alerte_document",
        }
    }

    /// Its name, as « Mes préférences », the emails and the unsubscribe page name it.
    pub fn nom(self) -> &'static str {
        match self {
            Self::Remboursement => "Nouveau remboursement",
            Self::Demande => "Mise à jour d’une demande",
            Self::Document => "Nouveau document",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Alertes {
    pub remboursement: bool,
    pub demande: bool,
    pub document: bool,
}

impl Alertes {
    pub fn voulue(&self, alerte: Alerte) -> bool {
        match alerte {
            Alerte::Remboursement => self.remboursement,
            Alerte::Demande => self.demande,
            Alerte::Document => self.document,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Preferences {
    pub alertes: Alertes,
    pub zero_papier: bool,
    /// Where alerts go; `None`: the contact email.
    pub email_alertes: Option<String>,
    /// The address on file, which only the mutual changes.
    pub email_contact: String,
}

impl Preferences {
    /// The member's choices, or the defaults when they never chose.
    pub fn de(db: &Connection, numero_personne: &str) -> rusqlite::Result<Self> {
        db.query_row(
            "SELECT coalesce(p.alerte_remboursement, 1), coalesce(p.alerte_demande, 1),
                    coalesce(p.alerte_document, 1), coalesce(p.zero_papier, 0), p.email_alertes, a.email
             FROM adherents a LEFT JOIN preferences p ON p.numero_personne = a.numero_personne
             WHERE a.numero_personne = ?1",
            [numero_personne],
            |row| {
                Ok(Self {
                    alertes: Alertes {
                        remboursement: row.get(0)?,
                        demande: row.get(1)?,
                        document: row.get(2)?,
                    },
                    zero_papier: row.get(3)?,
                    email_alertes: row.get(4)?,
                    email_contact: row.get(5)?,
                })
            },
        )
    }
}

/// Turns one alert off, leaving the other choices as they are: what the unsubscribe link of
/// an alert does, as many times as it is followed.
pub fn desactiver(db: &Connection, numero_personne: &str, alerte: Alerte) -> rusqlite::Result<()> {
    let colonne = alerte.colonne();
    db.execute(
        &format!(
            "INSERT INTO preferences (numero_personne, {colonne}) VALUES (?1, 0)
             ON CONFLICT (numero_personne) DO UPDATE SET {colonne} = 0"
        ),
        [numero_personne],
    )?;
    Ok(())
}

/// Records every choice of « Mes préférences » at once.
pub fn enregistrer(
    db: &Connection,
    numero_personne: &str,
    alertes: &Alertes,
    zero_papier: bool,
    email_alertes: Option<&str>,
) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO preferences (numero_personne, alerte_remboursement, alerte_demande, alerte_document,
            zero_papier, email_alertes)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (numero_personne) DO UPDATE SET alerte_remboursement = excluded.alerte_remboursement,
            alerte_demande = excluded.alerte_demande, alerte_document = excluded.alerte_document,
            zero_papier = excluded.zero_papier, email_alertes = excluded.email_alertes",
        params![
            numero_personne,
            alertes.remboursement,
            alertes.demande,
            alertes.document,
            zero_papier,
            email_alertes
        ],
    )?;
    Ok(())
}

/// Records « zéro papier » alone, the other choices as they are.
pub fn zero_papier(db: &Connection, numero_personne: &str, zero_papier: bool) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO preferences (numero_personne, zero_papier) VALUES (?1, ?2)
         ON CONFLICT (numero_personne) DO UPDATE SET zero_papier = excluded.zero_papier",
        params![numero_personne, zero_papier],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::member_api::store::database::testing;

    const MARIE: &str = "100001";

    #[test]
    fn a_member_who_never_chose_has_every_alert_on_and_the_contact_email() {
        let (_dir, db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        let preferences = Preferences::de(&db, MARIE).unwrap();
        assert_eq!(preferences.alertes, Alertes { remboursement: true, demande: true, document: true });
        assert!(!preferences.zero_papier);
        assert_eq!(preferences.email_alertes, None);
        assert_eq!(preferences.email_contact, "marie.dupont@example.org");
    }

    #[test]
    fn turning_an_alert_off_keeps_the_other_choices_and_may_be_done_twice() {
        let (_dir, db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        db.execute(
            "INSERT INTO preferences (numero_personne, alerte_document, zero_papier, email_alertes)
             VALUES (?1, 0, 1, 'alertes@example.org')",
            [MARIE],
        )
        .unwrap();
        desactiver(&db, MARIE, Alerte::Demande).unwrap();
        desactiver(&db, MARIE, Alerte::Demande).unwrap();
        let preferences = Preferences::de(&db, MARIE).unwrap();
        assert_eq!(preferences.alertes, Alertes { remboursement: true, demande: false, document: false });
        assert!(preferences.zero_papier);
        assert_eq!(preferences.email_alertes.as_deref(), Some("alertes@example.org"));
    }
}
