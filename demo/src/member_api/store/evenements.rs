//! What happened to each member that the mutual told them of (`evenements`), and what the home
//! page shows of it since their previous visit (« depuis votre dernière visite »: what happened
//! since their previous sign-in, the last one being the visit under way, newest first).

use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{Connection, params};
use serde::Serialize;

use super::horodatage::horodatage;
use super::montant::Euros;

/// An event as the table keeps it.
pub struct EvenementEcrit<'a> {
    /// The `type` column.
    pub type_evenement: &'static str,
    pub paiement_id: Option<&'a str>,
    pub demande_id: Option<i64>,
    pub document_id: Option<i64>,
    pub etat: Option<&'a str>,
}

/// Records an event of the member, at `at`.
pub fn inserer(
    db: &Connection,
    numero_personne: &str,
    evenement: &EvenementEcrit<'_>,
    at: DateTime<Utc>,
) -> rusqlite::Result<()> {
    let EvenementEcrit { type_evenement, paiement_id, demande_id, document_id, etat } = evenement;
    db.execute(
        "INSERT INTO evenements (numero_personne, type, paiement_id, demande_id, document_id, etat, survenu_le)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![numero_personne, type_evenement, paiement_id, demande_id, document_id, etat, horodatage(at)],
    )?;
    Ok(())
}

/// The most the home page lists.
const NOUVEAUTES_MAX: i64 = 20;

#[derive(Debug, Serialize)]
pub struct Nouveautes {
    /// The previous sign-in (RFC 3339, UTC); `None` on a first sign-in ever.
    depuis: Option<String>,
    evenements: Vec<Nouveaute>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Nouveaute {
    #[serde(rename = "type")]
    type_evenement: String,
    survenu_le: String,
    #[serde(rename = "paymentId")]
    payment_id: Option<String>,
    #[serde(rename = "paymentDate")]
    payment_date: Option<NaiveDate>,
    /// What the mutual paid.
    montant_rembourse: Option<Euros>,
    demande_id: Option<i64>,
    #[serde(rename = "TypeCode")]
    type_code: Option<String>,
    /// The state a request moved to (STATUT_DEMANDE).
    #[serde(rename = "Etat")]
    etat: Option<String>,
    nom_fichier: Option<String>,
}

/// The member's events after their previous sign-in.
pub fn depuis_la_derniere_visite(db: &Connection, numero_personne: &str) -> rusqlite::Result<Nouveautes> {
    let depuis = super::connexions::precedente(db, numero_personne)?;
    let Some(depuis) = depuis else { return Ok(Nouveautes { depuis: None, evenements: Vec::new() }) };
    let mut statement = db.prepare(
        "SELECT e.type, e.survenu_le, e.paiement_id, p.date_paiement,
                (SELECT sum(l.montant_mutuelle) FROM lignes_prestation l WHERE l.paiement_id = e.paiement_id),
                e.demande_id, d.type_code, e.etat, doc.nom_fichier
         FROM evenements e
         LEFT JOIN paiements p ON p.id = e.paiement_id
         LEFT JOIN demandes d ON d.id = e.demande_id
         LEFT JOIN documents doc ON doc.id = e.document_id
         WHERE e.numero_personne = ?1 AND e.survenu_le > ?2
         ORDER BY e.survenu_le DESC, e.id DESC LIMIT ?3",
    )?;
    let evenements = statement
        .query_map(rusqlite::params![numero_personne, depuis, NOUVEAUTES_MAX], |row| {
            Ok(Nouveaute {
                type_evenement: row.get(0)?,
                survenu_le: row.get(1)?,
                payment_id: row.get(2)?,
                payment_date: row.get(3)?,
                montant_rembourse: row.get(4)?,
                demande_id: row.get(5)?,
                type_code: row.get(6)?,
                etat: row.get(7)?,
                nom_fichier: row.get(8)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(Nouveautes { depuis: Some(depuis), evenements })
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, TimeZone, Utc};

    use super::*;
    use crate::member_api::mail::evenements::{Evenement, publier};
    use crate::member_api::rules::connexions;
    use crate::member_api::store::database::testing;

    const MARIE: &str = "100001";

    fn moment(jour: u32, heure: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, jour, heure, 0, 0).unwrap()
    }

    fn paiement_de_marie(db: &Connection) -> (String, NaiveDate, i64) {
        db.query_row(
            "SELECT p.id, p.date_paiement, sum(l.montant_mutuelle) FROM paiements p
             JOIN lignes_prestation l ON l.paiement_id = p.id WHERE p.numero_personne = ?1
             GROUP BY p.id LIMIT 1",
            [MARIE],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
        )
        .unwrap()
    }

    #[test]
    fn a_first_sign_in_ever_has_nothing_to_show() {
        let (_dir, db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        let (paiement, ..) = paiement_de_marie(&db);
        publier(&db, MARIE, &Evenement::Remboursement { paiement_id: paiement }, moment(10, 9)).unwrap();
        connexions::enregistrer(&db, MARIE, None, moment(12, 9)).unwrap();
        let nouveautes = depuis_la_derniere_visite(&db, MARIE).unwrap();
        assert_eq!((nouveautes.depuis, nouveautes.evenements.len()), (None, 0));
    }

    #[test]
    fn only_what_happened_after_the_previous_sign_in_is_shown_newest_first() {
        let (_dir, db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        let (paiement, date_paiement, montant) = paiement_de_marie(&db);
        let (demande, type_code): (i64, String) = db
            .query_row(
                "SELECT id, type_code FROM demandes WHERE numero_personne = ?1 LIMIT 1",
                [MARIE],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .unwrap();
        let (document, nom): (i64, String) = db
            .query_row(
                "SELECT id, nom_fichier FROM documents WHERE demande_id = ?1 LIMIT 1",
                [demande],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .unwrap();
        connexions::enregistrer(&db, MARIE, None, moment(10, 9)).unwrap();
        // Before the previous visit (the 11th): already seen then.
        publier(
            &db,
            MARIE,
            &Evenement::StatutDemande { demande_id: demande, etat: "EN_COURS".into() },
            moment(10, 12),
        )
        .unwrap();
        // After it, even while the last visit was under way: news.
        connexions::enregistrer(&db, MARIE, None, moment(11, 9)).unwrap();
        publier(&db, MARIE, &Evenement::Remboursement { paiement_id: paiement.clone() }, moment(11, 10))
            .unwrap();
        publier(
            &db,
            MARIE,
            &Evenement::Document { demande_id: demande, document_id: document },
            moment(12, 8),
        )
        .unwrap();
        publier(
            &db,
            MARIE,
            &Evenement::StatutDemande { demande_id: demande, etat: "TERMINE".into() },
            moment(12, 7),
        )
        .unwrap();
        connexions::enregistrer(&db, MARIE, None, moment(12, 9)).unwrap();

        let nouveautes = depuis_la_derniere_visite(&db, MARIE).unwrap();
        assert_eq!(nouveautes.depuis.as_deref(), Some("2026-03-11T09:00:00Z"));
        let types: Vec<&str> = nouveautes.evenements.iter().map(|e| e.type_evenement.as_str()).collect();
        assert_eq!(types, ["DOCUMENT", "STATUT_DEMANDE", "REMBOURSEMENT"]);
        let [document_publie, statut, remboursement] = &nouveautes.evenements[..] else { unreachable!() };
        assert_eq!(
            (
                document_publie.demande_id,
                document_publie.type_code.as_deref(),
                document_publie.nom_fichier.as_deref()
            ),
            (Some(demande), Some(type_code.as_str()), Some(nom.as_str()))
        );
        assert_eq!(
            (statut.etat.as_deref(), statut.survenu_le.as_str()),
            (Some("TERMINE"), "2026-03-12T07:00:00Z")
        );
        assert_eq!(remboursement.payment_id.as_deref(), Some(paiement.as_str()));
        assert_eq!(remboursement.payment_date, Some(date_paiement));
        assert_eq!(remboursement.montant_rembourse, Some(Euros(montant)));
        assert_eq!((remboursement.demande_id, remboursement.etat.as_deref()), (None, None));
    }

    #[test]
    fn at_most_twenty_are_shown() {
        let (_dir, db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        let (paiement, ..) = paiement_de_marie(&db);
        connexions::enregistrer(&db, MARIE, None, moment(1, 0)).unwrap();
        connexions::enregistrer(&db, MARIE, None, moment(1, 1)).unwrap();
        for heure in 2..24 {
            publier(
                &db,
                MARIE,
                &Evenement::Remboursement { paiement_id: paiement.clone() },
                moment(1, heure),
            )
            .unwrap();
        }
        let nouveautes = depuis_la_derniere_visite(&db, MARIE).unwrap();
        assert_eq!(nouveautes.evenements.len(), 20);
        assert_eq!(nouveautes.evenements[0].survenu_le, "2026-03-01T23:00:00Z");
    }
}
