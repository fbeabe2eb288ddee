//! Uploads no request holds yet. A member sends each file as soon as it is picked, before the
//! request that will hold it; files whose request is never sent would otherwise stay for ever.
//! So each member may keep only so many of them (files and bytes), and they are removed once
//! they have waited long enough.

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::Connection;

use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf::impression::taille_lisible;
use crate::member_api::store::documents;
use crate::settings::Settings;

/// What `[demo]` allows of uploads not yet sent with a request.
#[derive(Debug, Clone, Copy)]
pub struct DepotsEnAttente {
    /// Files a member may keep unsent.
    pub fichiers_max: u64,
    /// Their bytes, in all.
    pub octets_max: u64,
    /// How long an unsent upload is kept.
    pub duree: TimeDelta,
}

impl DepotsEnAttente {
    pub fn new(demo: &Settings) -> Self {
        let heures =
            i64::try_from(demo.unattached_upload_ttl_hours).expect("bounded by the configuration's check");
        Self {
            fichiers_max: demo.upload_quota_files,
            octets_max: demo.upload_quota_bytes,
            duree: TimeDelta::hours(heures),
        }
    }

    /// Refuses `fichiers` more files of `octets` bytes in all when, with the member's uploads
    /// already waiting, they would go over the quota. Run in the transaction that stores them,
    /// so that two uploads at once cannot both slip under it.
    pub fn admettre(
        &self,
        db: &Connection,
        numero_personne: &str,
        fichiers: u64,
        octets: u64,
    ) -> Result<(), ApiFailure> {
        let (fichiers_deja, octets_deja) = documents::en_attente(db, numero_personne)?;
        // SQLite counts in i64; a count, or a sum of sizes, is never negative.
        let (fichiers_deja, octets_deja) = (fichiers_deja.unsigned_abs(), octets_deja.unsigned_abs());
        let depassement = if fichiers_deja + fichiers > self.fichiers_max {
            format!(
                "Vous ne pouvez pas garder plus de {} documents déposés sans les avoir envoyés avec une demande.",
                self.fichiers_max
            )
        } else if octets_deja + octets > self.octets_max {
            format!(
                "Les documents déposés sans avoir été envoyés avec une demande ne peuvent pas dépasser {} au total.",
                taille_lisible(self.octets_max)
            )
        } else {
            return Ok(());
        };
        let heures = self.duree.num_hours();
        Err(ApiFailure::too_many_requests(format!(
            "{depassement} Envoyez d’abord votre demande avec ceux déjà déposés, ou attendez qu’ils soient supprimés, {heures} heure{} après leur dépôt.",
            if heures > 1 { "s" } else { "" }
        )))
    }
}

/// Deletes the uploads that no request took within `duree` before `maintenant`; how many.
pub fn supprimer_expires(
    db: &Connection,
    maintenant: DateTime<Utc>,
    duree: TimeDelta,
) -> rusqlite::Result<usize> {
    documents::supprimer_en_attente_deposes_avant(db, maintenant - duree)
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;
    use rusqlite::params;

    use super::*;
    use crate::member_api::store::database::testing::seeded;

    const MARIE: &str = "100001";

    fn moment(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    fn un_jour() -> DepotsEnAttente {
        DepotsEnAttente { fichiers_max: 3, octets_max: 1000, duree: TimeDelta::hours(24) }
    }

    /// Stores an upload of `taille` bytes received at `depose_le`, held by `demande` if any.
    fn deposer(db: &Connection, depose_le: &str, taille: i64, demande: Option<i64>) -> i64 {
        db.execute(
            "INSERT INTO documents (numero_personne, demande_id, nom_fichier, type_mime, taille, contenu, date_depot, depose_le)
             VALUES (?1, ?2, 'piece.pdf', 'application/pdf', ?3, x'25504446', substr(?4, 1, 10), ?4)",
            params![MARIE, demande, taille, depose_le],
        )
        .unwrap();
        db.last_insert_rowid()
    }

    fn restants(db: &Connection, ids: &[i64]) -> Vec<i64> {
        ids.iter()
            .copied()
            .filter(|id| {
                db.query_row("SELECT count(*) FROM documents WHERE id = ?1", [id], |row| row.get::<_, i64>(0))
                    .unwrap()
                    == 1
            })
            .collect()
    }

    #[test]
    fn unsent_uploads_older_than_their_time_are_removed_and_nothing_else() {
        let (_dir, db) = seeded(NaiveDate::from_ymd_opt(2026, 11, 22).unwrap());
        let demande: i64 = db
            .query_row("SELECT min(id) FROM demandes WHERE numero_personne = ?1", [MARIE], |row| row.get(0))
            .unwrap();
        let perime = deposer(&db, "2026-11-21T09:59:59Z", 10, None);
        let tout_juste = deposer(&db, "2026-11-21T10:00:00Z", 10, None);
        let recent = deposer(&db, "2026-11-22T09:00:00Z", 10, None);
        let envoye = deposer(&db, "2026-01-01T00:00:00Z", 10, Some(demande));
        let seeded_documents: i64 = db
            .query_row("SELECT count(*) FROM documents WHERE depose_le IS NULL", [], |row| row.get(0))
            .unwrap();
        let supprimes = supprimer_expires(&db, moment("2026-11-22T10:00:00Z"), un_jour().duree).unwrap();
        assert_eq!(supprimes, 1);
        assert_eq!(restants(&db, &[perime, tout_juste, recent, envoye]), [tout_juste, recent, envoye]);
        let still_seeded: i64 = db
            .query_row("SELECT count(*) FROM documents WHERE depose_le IS NULL", [], |row| row.get(0))
            .unwrap();
        assert_eq!(still_seeded, seeded_documents, "the seeded requests keep their documents");
    }

    #[test]
    fn uploads_kept_before_their_moment_was_recorded_count_from_the_end_of_their_day() {
        let db = Connection::open_in_memory().unwrap();
        // A document alone, without the member it belongs to: only its dates matter here.
        db.pragma_update(None, "foreign_keys", "OFF").unwrap();
        db.execute_batch(include_str!("../store/migrations/0001_schema.sql")).unwrap();
        db.execute(
            "INSERT INTO documents (numero_personne, nom_fichier, type_mime, taille, contenu, date_depot)
             VALUES (?1, 'piece.pdf', 'application/pdf', 4, x'25504446', '2026-11-21')",
            [MARIE],
        )
        .unwrap();
        db.execute_batch(include_str!("../store/migrations/0003_document_depose_le.sql")).unwrap();
        let depose_le: String =
            db.query_row("SELECT depose_le FROM documents", [], |row| row.get(0)).unwrap();
        assert_eq!(depose_le, "2026-11-21T23:59:59Z");
        assert_eq!(supprimer_expires(&db, moment("2026-11-22T23:59:59Z"), un_jour().duree).unwrap(), 0);
        assert_eq!(supprimer_expires(&db, moment("2026-11-23T00:00:00Z"), un_jour().duree).unwrap(), 1);
    }

    #[test]
    fn the_quota_counts_unsent_uploads_only_and_says_what_to_do() {
        let (_dir, db) = seeded(NaiveDate::from_ymd_opt(2026, 11, 22).unwrap());
        let demande: i64 = db
            .query_row("SELECT min(id) FROM demandes WHERE numero_personne = ?1", [MARIE], |row| row.get(0))
            .unwrap();
        deposer(&db, "2026-11-22T09:00:00Z", 400, None);
        deposer(&db, "2026-11-22T09:00:00Z", 900, Some(demande));
        let quota = un_jour();
        assert!(quota.admettre(&db, MARIE, 2, 600).is_ok());
        assert!(quota.admettre(&db, MARIE, 3, 10).is_err(), "four files");
        assert!(quota.admettre(&db, MARIE, 1, 601).is_err(), "1001 bytes");
        assert!(quota.admettre(&db, "100002", 3, 1000).is_ok(), "each member's own");
        let refus = format!("{:?}", quota.admettre(&db, MARIE, 3, 10).unwrap_err());
        assert!(refus.contains("429") && refus.contains("24 heures après leur dépôt"), "{refus}");
    }
}
