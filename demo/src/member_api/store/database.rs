//! The SQLite file of the demo member API: schema migrations, first-start seed, and a way for
//! async handlers to use the (blocking) connection without stalling the server.
//!
//! The seed is written by the caller (`member_api::seed`): it computes its members' payments and
//! deadlines by the mutual's rules, which the store does not know.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use actix_web::web;
use bytes::Bytes;
use rusqlite::Connection;
use rusqlite::hooks::Action;
use rusqlite_migration::{M, Migrations};
use tokio::sync::Notify;

use crate::member_api::failure::ApiFailure;

const MIGRATIONS: &[M<'static>] = &[
    M::up(include_str!("migrations/0001_schema.sql")),
    M::up(include_str!("migrations/0002_document_nature.sql")),
    M::up(include_str!("migrations/0003_document_depose_le.sql")),
    M::up(include_str!("migrations/0004_reclamation.sql")),
    M::up(include_str!("migrations/0005_alertes.sql")),
    M::up(include_str!("migrations/0006_signalement.sql")),
    M::up(include_str!("migrations/0007_messages.sql")),
    M::up(include_str!("migrations/0008_ajout_beneficiaire.sql")),
    M::up(include_str!("migrations/0009_adresse_des_alertes.sql")),
    M::up(include_str!("migrations/0010_accord_prise_en_charge.sql")),
    M::up(include_str!("migrations/0011_reponse_devis.sql")),
    M::up(include_str!("migrations/0012_envois.sql")),
    M::up(include_str!("migrations/0013_soins_confidentiels.sql")),
    M::up(include_str!("migrations/0014_contrat_madelin.sql")),
    M::up(include_str!("migrations/0015_delegations.sql")),
    M::up(include_str!("migrations/0016_prelevements_rejetes.sql")),
    M::up(include_str!("migrations/0017_jour_de_prelevement.sql")),
    M::up(include_str!("migrations/0018_plans_de_reglement.sql")),
    M::up(include_str!("migrations/0019_paiements_en_ligne.sql")),
    M::up(include_str!("migrations/0020_mandats_sepa.sql")),
];

/// Read answers kept at once (a few per member and query).
const ANSWERS_CAPACITY: u64 = 10_000;
/// How long a kept answer serves at most: answers computed from today's date (the next call
/// for funds, the card in force) follow a change of day within this.
const ANSWERS_TTL: Duration = Duration::from_secs(60);

/// One connection behind a mutex: the demo serves a handful of members, and SQLite serialises
/// writers anyway, so a pool would add nothing but configuration. What a load test of the
/// demo reads again and again (the payments, the home page's parts) is kept as the JSON sent,
/// until anything is written.
#[derive(Clone)]
pub struct Database {
    connection: Arc<Mutex<Connection>>,
    /// Moves on at every job that changed a row: a kept answer of an older generation is stale.
    generation: Arc<AtomicU64>,
    /// Answers by key, with the generation and `data_version` they were read at.
    answers: moka::sync::Cache<String, ((u64, i64), Bytes)>,
    /// Told of every email queued in `courriels`, whoever queues it (the member API, the back
    /// office): the mail queue sends it at once rather than at its next round.
    courriel_en_file: Arc<Notify>,
}

impl Database {
    /// Opens (or creates) the file, brings its schema up to date and, on the very first start,
    /// seeds the demo members with data dated relative to `today`: `seed` writes them.
    pub fn open(
        path: &Path,
        seed: impl FnOnce(&mut Connection) -> anyhow::Result<()>,
    ) -> anyhow::Result<Self> {
        let mut connection = Connection::open(path)?;
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "foreign_keys", "ON")?;
        Migrations::from_slice(MIGRATIONS).to_latest(&mut connection)?;
        seed(&mut connection)?;
        // SQLite calls the hook as the row is written, before its transaction commits: the
        // queue then waits for the connection, and so for the commit, or finds nothing when the
        // transaction was rolled back.
        let courriel_en_file = Arc::new(Notify::new());
        let reveil = courriel_en_file.clone();
        connection.update_hook(Some(move |action, _: &str, table: &str, _| {
            if action == Action::SQLITE_INSERT && table == "courriels" {
                reveil.notify_one();
            }
        }))?;
        Ok(Self {
            connection: Arc::new(Mutex::new(connection)),
            generation: Arc::new(AtomicU64::new(0)),
            answers: moka::sync::Cache::builder()
                .max_capacity(ANSWERS_CAPACITY)
                .time_to_live(ANSWERS_TTL)
                .build(),
            courriel_en_file,
        })
    }

    /// Notified of each email queued; one queued while nobody waited wakes the next wait.
    pub fn courriel_en_file(&self) -> Arc<Notify> {
        self.courriel_en_file.clone()
    }

    /// Runs `job` on the blocking thread pool with the connection.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Connection) -> Result<T, ApiFailure> + Send + 'static,
    ) -> Result<T, ApiFailure> {
        let (connection, generation) = (self.connection.clone(), self.generation.clone());
        web::block(move || {
            // A panic in an earlier job cannot leave SQLite half-written (transactions roll
            // back on drop), so the connection stays usable.
            let mut connection = connection.lock().unwrap_or_else(PoisonError::into_inner);
            let changes = connection.total_changes();
            let result = job(&mut connection);
            if connection.total_changes() != changes {
                generation.fetch_add(1, Ordering::SeqCst);
            }
            result
        })
        .await
        .map_err(|error| ApiFailure::internal(error.into()))?
    }

    /// The JSON answer of a read `job` (its body), kept under `key` (which names everything the answer
    /// depends on: the member, the query) until the next write, by this process or another
    /// one sharing the file (SQLite's `data_version` tells those).
    pub async fn read_json<T: serde::Serialize + Send + 'static>(
        &self,
        key: String,
        job: impl FnOnce(&mut Connection) -> Result<T, ApiFailure> + Send + 'static,
    ) -> Result<Bytes, ApiFailure> {
        // Read before the job: a write landing meanwhile makes this answer stale at once.
        // A pragma of a few microseconds: read here when the connection is free, rather than
        // through the blocking pool, whose round trip costs more than the pragma.
        let data_version =
            |db: &Connection| db.query_row("PRAGMA data_version", [], |row| row.get::<_, i64>(0));
        let free = self.connection.try_lock().ok().map(|db| data_version(&db));
        let others = match free {
            Some(version) => version?,
            None => self.run(move |db| Ok(data_version(db)?)).await?,
        };
        let version = (self.generation.load(Ordering::SeqCst), others);
        let body = match self.answers.get(&key) {
            Some((kept, body)) if kept == version => body,
            _ => {
                let value = self.run(job).await?;
                let body =
                    Bytes::from(serde_json::to_vec(&value).map_err(|e| ApiFailure::internal(e.into()))?);
                self.answers.insert(key, (version, body.clone()));
                body
            }
        };
        Ok(body)
    }
}

/// What the unit tests of the API's modules share.
#[cfg(test)]
pub mod testing {
    use chrono::NaiveDate;

    use super::*;

    /// Opens the file at `path`, seeded as of `seed_day` on its first start.
    pub fn open(path: &Path, seed_day: NaiveDate) -> anyhow::Result<Database> {
        Database::open(path, |connection| crate::member_api::seed::seed_once(connection, seed_day))
    }

    /// A database seeded as of `seed_day`, and the temporary folder that holds it.
    pub fn seeded(seed_day: NaiveDate) -> (tempfile::TempDir, Connection) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("api.sqlite3");
        open(&path, seed_day).unwrap();
        let connection = Connection::open(&path).unwrap();
        (dir, connection)
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;

    #[test]
    fn migrations_are_valid() {
        assert!(Migrations::from_slice(MIGRATIONS).validate().is_ok());
    }

    #[actix_web::test]
    async fn a_read_answer_is_kept_until_anything_is_written() {
        let folder = tempfile::tempdir().unwrap();
        let db =
            testing::open(&folder.path().join("demo.sqlite"), NaiveDate::from_ymd_opt(2026, 3, 15).unwrap())
                .unwrap();
        let runs = Arc::new(AtomicU64::new(0));
        let read = || {
            let runs = runs.clone();
            db.read_json("count".into(), move |db| {
                runs.fetch_add(1, Ordering::SeqCst);
                Ok(db.query_row("SELECT COUNT(*) FROM demandes", [], |row| row.get::<_, i64>(0))?)
            })
        };
        let before = read().await.unwrap();
        assert_eq!(read().await.unwrap(), before);
        assert_eq!(runs.load(Ordering::SeqCst), 1, "the second read is the kept answer");

        db.run(|db| Ok(db.execute("UPDATE demandes SET commentaire = commentaire", [])?)).await.unwrap();
        read().await.unwrap();
        assert_eq!(runs.load(Ordering::SeqCst), 2, "a write makes the kept answer stale");
        db.run(|db| Ok(db.query_row("SELECT 1", [], |row| row.get::<_, i64>(0))?)).await.unwrap();
        read().await.unwrap();
        assert_eq!(runs.load(Ordering::SeqCst), 2, "a read does not");

        // Another process writing the same file (two demo instances sharing a data folder).
        let other = Connection::open(folder.path().join("demo.sqlite")).unwrap();
        other.execute("UPDATE demandes SET commentaire = coalesce(commentaire, '') || '.'", []).unwrap();
        read().await.unwrap();
        assert_eq!(runs.load(Ordering::SeqCst), 3, "another connection's write makes it stale too");
    }

    fn seeded() -> (tempfile::TempDir, Connection) {
        testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap())
    }

    #[test]
    fn seeding_happens_once() {
        let (dir, _) = seeded();
        let path = dir.path().join("api.sqlite3");
        // A later start, on another day, keeps the first seed and its dates.
        testing::open(&path, NaiveDate::from_ymd_opt(2027, 1, 1).unwrap()).unwrap();
        let connection = Connection::open(&path).unwrap();
        let (members, seeded_on): (i64, String) = connection
            .query_row("SELECT (SELECT count(*) FROM adherents), seeded_on FROM seed", [], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })
            .unwrap();
        assert_eq!((members, seeded_on.as_str()), (5, "2026-03-15"));
    }

    #[test]
    fn every_seeded_line_adds_up() {
        let (_dir, connection) = seeded();
        let wrong: i64 = connection
            .query_row(
                "SELECT count(*) FROM lignes_prestation
                 WHERE montant_depense != montant_secu + montant_mutuelle + reste_a_charge
                    OR montant_mutuelle < 0 OR reste_a_charge < 0",
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(wrong, 0);
    }

    #[test]
    fn every_seeded_iban_is_valid() {
        let (_dir, connection) = seeded();
        let mut statement = connection.prepare("SELECT iban, bic FROM comptes_bancaires").unwrap();
        let accounts: Vec<(String, String)> = statement
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert!(!accounts.is_empty());
        for (iban, bic) in accounts {
            let parsed =
                crate::member_api::rules::validation::iban(&iban).unwrap_or_else(|_| panic!("{iban}"));
            crate::member_api::rules::validation::bic(&bic, &parsed).unwrap_or_else(|_| panic!("{bic}"));
        }
    }
}
