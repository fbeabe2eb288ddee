//! The SQLite file of the demo member API: schema migrations, first-start seed, and a way for
//! async handlers to use the (blocking) connection without stalling the server.

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use actix_web::web;
use chrono::NaiveDate;
use rusqlite::Connection;
use rusqlite_migration::{M, Migrations};

use super::error::ApiFailure;
use super::seed;

const MIGRATIONS: &[M<'static>] = &[
    M::up(include_str!("migrations/0001_schema.sql")),
    M::up(include_str!("migrations/0002_document_nature.sql")),
    M::up(include_str!("migrations/0003_document_depose_le.sql")),
    M::up(include_str!("migrations/0004_reclamation.sql")),
];

/// One connection behind a mutex: the demo serves a handful of members, and SQLite serialises
/// writers anyway, so a pool would add nothing but configuration.
#[derive(Clone)]
pub struct Database {
    connection: Arc<Mutex<Connection>>,
}

impl Database {
    /// Opens (or creates) the file, brings its schema up to date and, on the very first start,
    /// seeds the demo members with data dated relative to `today`.
    pub fn open(path: &Path, today: NaiveDate) -> anyhow::Result<Self> {
        let mut connection = Connection::open(path)?;
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "foreign_keys", "ON")?;
        Migrations::from_slice(MIGRATIONS).to_latest(&mut connection)?;
        seed::seed_once(&mut connection, today)?;
        Ok(Self { connection: Arc::new(Mutex::new(connection)) })
    }

    /// Runs `job` on the blocking thread pool with the connection.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Connection) -> Result<T, ApiFailure> + Send + 'static,
    ) -> Result<T, ApiFailure> {
        let connection = self.connection.clone();
        web::block(move || {
            // A panic in an earlier job cannot leave SQLite half-written (transactions roll
            // back on drop), so the connection stays usable.
            let mut connection = connection.lock().unwrap_or_else(PoisonError::into_inner);
            job(&mut connection)
        })
        .await
        .map_err(|error| ApiFailure::internal(error.into()))?
    }
}

/// What the unit tests of the API's modules share.
#[cfg(test)]
pub mod testing {
    use super::*;

    /// A database seeded as of `seed_day`, and the temporary folder that holds it.
    pub fn seeded(seed_day: NaiveDate) -> (tempfile::TempDir, Connection) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("api.sqlite3");
        Database::open(&path, seed_day).unwrap();
        let connection = Connection::open(&path).unwrap();
        (dir, connection)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        assert!(Migrations::from_slice(MIGRATIONS).validate().is_ok());
    }

    fn seeded() -> (tempfile::TempDir, Connection) {
        testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap())
    }

    #[test]
    fn seeding_happens_once() {
        let (dir, _) = seeded();
        let path = dir.path().join("api.sqlite3");
        // A later start, on another day, keeps the first seed and its dates.
        Database::open(&path, NaiveDate::from_ymd_opt(2027, 1, 1).unwrap()).unwrap();
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
            let parsed = super::super::validation::iban(&iban).unwrap_or_else(|_| panic!("{iban}"));
            super::super::validation::bic(&bic, &parsed).unwrap_or_else(|_| panic!("{bic}"));
        }
    }
}
