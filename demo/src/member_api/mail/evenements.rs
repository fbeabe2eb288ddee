//! What happens to a member that the mutual tells them of: a new payment, a request's new
//! state, the mutual's answer on a request, a document it issued. Each is recorded in the same
//! transaction as the change itself, so that the home page's « depuis votre dernière visite »
//! and the email alerts never tell of a change that did not happen, nor miss one that did.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::courriels::{self, Courriel, Nature};
use crate::member_api::store::evenements::{self, EvenementEcrit};
use crate::member_api::store::preferences::Alerte;

/// One thing that happened, with what names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evenement {
    /// A payment was made (`paiements.id`).
    Remboursement { paiement_id: String },
    /// A request moved to `etat`.
    StatutDemande { demande_id: i64, etat: String },
    /// The mutual answered on a request (a message of the conversation).
    ReponseDemande { demande_id: i64 },
    /// The mutual issued a document, attached to a request.
    Document { demande_id: i64, document_id: i64 },
}

impl Evenement {
    /// The `type` column's value.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Remboursement { .. } => "REMBOURSEMENT",
            Self::StatutDemande { .. } => "STATUT_DEMANDE",
            Self::ReponseDemande { .. } => "REPONSE_DEMANDE",
            Self::Document { .. } => "DOCUMENT",
        }
    }

    /// The alert it gives rise to, and the portal's page the alert links to: the payments for
    /// a payment, the request for the rest (a document is issued on a request).
    fn alerte(&self) -> (Alerte, String) {
        match self {
            Self::Remboursement { .. } => (Alerte::Remboursement, "/mutuelle/remboursements".to_owned()),
            Self::StatutDemande { demande_id, .. } | Self::ReponseDemande { demande_id } => {
                (Alerte::Demande, format!("/mutuelle/demandes/{demande_id}"))
            }
            Self::Document { demande_id, .. } => {
                (Alerte::Document, format!("/mutuelle/demandes/{demande_id}"))
            }
        }
    }
}

/// Records `evenement` for the member, at `at`, and queues its email alert when the member's
/// preferences want it. Call it inside the transaction that makes the change.
pub fn publier(
    db: &Connection,
    numero_personne: &str,
    evenement: &Evenement,
    at: DateTime<Utc>,
) -> rusqlite::Result<()> {
    let (paiement_id, demande_id, document_id, etat) = match evenement {
        Evenement::Remboursement { paiement_id } => (Some(paiement_id.as_str()), None, None, None),
        Evenement::StatutDemande { demande_id, etat } => (None, Some(*demande_id), None, Some(etat.as_str())),
        Evenement::ReponseDemande { demande_id } => (None, Some(*demande_id), None, None),
        Evenement::Document { demande_id, document_id } => {
            (None, Some(*demande_id), Some(*document_id), None)
        }
    };
    let ecrit =
        EvenementEcrit { type_evenement: evenement.code(), paiement_id, demande_id, document_id, etat };
    evenements::inserer(db, numero_personne, &ecrit, at)?;
    let (alerte, lien) = evenement.alerte();
    courriels::mettre_en_file(
        db,
        numero_personne,
        &Courriel {
            nature: Nature::Alerte(alerte),
            lien: &lien,
            appareil: None,
            destinataire: None,
            piece_jointe: None,
        },
        at,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, TimeZone};

    use super::*;
    use crate::member_api::store::database::testing;

    #[test]
    fn an_event_is_recorded_with_what_names_it() {
        let (_dir, db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        let (numero, paiement): (String, String) = db
            .query_row("SELECT numero_personne, id FROM paiements LIMIT 1", [], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })
            .unwrap();
        let at = Utc.with_ymd_and_hms(2026, 3, 15, 9, 41, 5).unwrap();
        publier(&db, &numero, &Evenement::Remboursement { paiement_id: paiement.clone() }, at).unwrap();
        let (kind, kept, when): (String, String, String) = db
            .query_row("SELECT type, paiement_id, survenu_le FROM evenements", [], |row| {
                Ok((row.get(0)?, row.get(1)?, row.get(2)?))
            })
            .unwrap();
        assert_eq!((kind.as_str(), kept, when.as_str()), ("REMBOURSEMENT", paiement, "2026-03-15T09:41:05Z"));
    }

    /// (nature, link) of the emails queued.
    fn alerts(db: &Connection) -> Vec<(String, String)> {
        let mut statement = db.prepare("SELECT nature, lien FROM courriels ORDER BY id").unwrap();
        statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?))).unwrap().map(Result::unwrap).collect()
    }

    fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
        expected.iter().map(|(nature, lien)| ((*nature).to_owned(), (*lien).to_owned())).collect()
    }

    #[test]
    fn each_event_queues_the_alert_of_its_kind_linking_to_its_page() {
        let (_dir, db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        let (numero, paiement, demande): (String, String, i64) = db
            .query_row(
                "SELECT p.numero_personne, p.id, d.id FROM paiements p
                 JOIN demandes d ON d.numero_personne = p.numero_personne LIMIT 1",
                [],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .unwrap();
        let document: i64 = db
            .query_row("SELECT id FROM documents WHERE numero_personne = ?1 LIMIT 1", [&numero], |row| {
                row.get(0)
            })
            .unwrap();
        let at = Utc.with_ymd_and_hms(2026, 3, 15, 9, 41, 5).unwrap();
        for evenement in [
            Evenement::Remboursement { paiement_id: paiement },
            Evenement::StatutDemande { demande_id: demande, etat: "EN_COURS".into() },
            Evenement::ReponseDemande { demande_id: demande },
            Evenement::Document { demande_id: demande, document_id: document },
        ] {
            publier(&db, &numero, &evenement, at).unwrap();
        }
        let page = format!("/mutuelle/demandes/{demande}");
        // The state and the answer of one request, changed together, make one alert.
        assert_eq!(
            alerts(&db),
            pairs(&[("REMBOURSEMENT", "/mutuelle/remboursements"), ("DEMANDE", &page), ("DOCUMENT", &page)])
        );
    }

    #[test]
    fn an_event_whose_alert_is_off_is_recorded_without_an_email() {
        let (_dir, db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        let (numero, paiement): (String, String) = db
            .query_row("SELECT numero_personne, id FROM paiements LIMIT 1", [], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })
            .unwrap();
        crate::member_api::store::preferences::desactiver(&db, &numero, Alerte::Remboursement).unwrap();
        let at = Utc.with_ymd_and_hms(2026, 3, 15, 9, 41, 5).unwrap();
        publier(&db, &numero, &Evenement::Remboursement { paiement_id: paiement }, at).unwrap();
        let events: i64 = db.query_row("SELECT count(*) FROM evenements", [], |row| row.get(0)).unwrap();
        assert_eq!((events, alerts(&db)), (1, vec![]));
    }
}
