//! Orders to pay online (`paiements_en_ligne`) and the provider's notifications received
//! (`notifications_paiement`).

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::montant::{Cents, Euros};

/// An order as the member reads it (`PaiementEnLigne`).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PaiementEnLigne {
    #[serde(skip)]
    pub id: i64,
    #[serde(skip)]
    pub contrat_id: i64,
    pub commande: String,
    pub numero_contrat: String,
    pub montant: Euros,
    pub centimes: Cents,
    pub devise: &'static str,
    pub statut: String,
    /// RFC 3339 in UTC, as kept (`horodatage`).
    pub cree_le: String,
    pub expire_le: String,
    pub regle_le: Option<String>,
    pub carte: Option<String>,
    pub transaction: Option<String>,
    pub motif_refus: Option<String>,
}

const COLONNES: &str = "p.id, p.contrat_id, p.commande, c.numero_contrat, p.centimes, p.statut, p.cree_le,
    p.expire_le, p.regle_le, p.carte, p.transaction_psp, p.motif_refus";

fn lu(row: &rusqlite::Row<'_>) -> rusqlite::Result<PaiementEnLigne> {
    let centimes: i64 = row.get(4)?;
    Ok(PaiementEnLigne {
        id: row.get(0)?,
        contrat_id: row.get(1)?,
        commande: row.get(2)?,
        numero_contrat: row.get(3)?,
        montant: Euros(centimes),
        centimes,
        devise: "EUR",
        statut: row.get(5)?,
        cree_le: row.get(6)?,
        expire_le: row.get(7)?,
        regle_le: row.get(8)?,
        carte: row.get(9)?,
        transaction: row.get(10)?,
        motif_refus: row.get(11)?,
    })
}

/// What is owed at once on `contrat`, in cents: the rejected debits neither a plan nor a
/// payment settles.
pub fn du(db: &Connection, contrat: i64) -> rusqlite::Result<Cents> {
    db.query_row(
        "SELECT coalesce(sum(montant), 0) FROM echeances
         WHERE contrat_id = ?1 AND rejet_code IS NOT NULL AND plan_id IS NULL AND paiement_id IS NULL",
        [contrat],
        |row| row.get(0),
    )
}

/// The order of `contrat` still open at `maintenant` for `centimes`.
pub fn ouvert(
    db: &Connection,
    contrat: i64,
    centimes: Cents,
    maintenant: &str,
) -> rusqlite::Result<Option<PaiementEnLigne>> {
    db.query_row(
        &format!(
            "SELECT {COLONNES} FROM paiements_en_ligne p JOIN contrats c ON c.id = p.contrat_id
             WHERE p.contrat_id = ?1 AND p.centimes = ?2 AND p.statut = 'EN_ATTENTE' AND p.expire_le > ?3
             ORDER BY p.id DESC LIMIT 1"
        ),
        params![contrat, centimes, maintenant],
        lu,
    )
    .optional()
}

/// How many orders `contrat` has had since `depuis`.
pub fn nombre_depuis(db: &Connection, contrat: i64, depuis: &str) -> rusqlite::Result<i64> {
    db.query_row(
        "SELECT count(*) FROM paiements_en_ligne WHERE contrat_id = ?1 AND cree_le >= ?2",
        params![contrat, depuis],
        |row| row.get(0),
    )
}

pub fn inserer(
    db: &Connection,
    commande: &str,
    contrat: i64,
    centimes: Cents,
    cree_le: &str,
    expire_le: &str,
) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO paiements_en_ligne (commande, contrat_id, centimes, cree_le, expire_le)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![commande, contrat, centimes, cree_le, expire_le],
    )?;
    Ok(())
}

/// The order `commande`, whoever's it is.
pub fn par_commande(db: &Connection, commande: &str) -> rusqlite::Result<Option<PaiementEnLigne>> {
    db.query_row(
        &format!(
            "SELECT {COLONNES} FROM paiements_en_ligne p JOIN contrats c ON c.id = p.contrat_id
             WHERE p.commande = ?1"
        ),
        [commande],
        lu,
    )
    .optional()
}

/// The order `commande` of a contract of `numero_personne`.
pub fn de_la_personne(
    db: &Connection,
    numero_personne: &str,
    commande: &str,
) -> rusqlite::Result<Option<PaiementEnLigne>> {
    db.query_row(
        &format!(
            "SELECT {COLONNES} FROM paiements_en_ligne p JOIN contrats c ON c.id = p.contrat_id
             WHERE p.commande = ?1 AND c.numero_personne = ?2"
        ),
        params![commande, numero_personne],
        lu,
    )
    .optional()
}

/// What the provider decided of an order.
pub struct Decision<'a> {
    pub statut: &'a str,
    pub transaction: &'a str,
    pub carte: Option<&'a str>,
    pub regle_le: Option<&'a str>,
    pub motif_refus: Option<&'a str>,
}

/// Records `decision` for the order `id`, unless it was accepted already: whether it was not.
pub fn decider(db: &Connection, id: i64, decision: &Decision<'_>) -> rusqlite::Result<bool> {
    let changed = db.execute(
        "UPDATE paiements_en_ligne SET statut = ?2, transaction_psp = ?3, carte = ?4, regle_le = ?5, motif_refus = ?6
         WHERE id = ?1 AND statut IN ('EN_ATTENTE', 'REFUSE', 'ABANDONNE')",
        params![id, decision.statut, decision.transaction, decision.carte, decision.regle_le, decision.motif_refus],
    )?;
    Ok(changed == 1)
}

/// An order accepted once it was settled otherwise (paid twice): the mutual pays it back.
pub fn a_rembourser(
    db: &Connection,
    id: i64,
    transaction: &str,
    carte: Option<&str>,
    le: &str,
) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE paiements_en_ligne SET statut = 'A_REMBOURSER', transaction_psp = ?2, carte = ?3, regle_le = ?4
         WHERE id = ?1",
        params![id, transaction, carte, le],
    )?;
    Ok(())
}

/// The rejected debits of `contrat` owed at once are settled by the payment `paiement`.
pub fn regler_echeances(db: &Connection, contrat: i64, paiement: i64) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE echeances SET paiement_id = ?2
         WHERE contrat_id = ?1 AND rejet_code IS NOT NULL AND plan_id IS NULL AND paiement_id IS NULL",
        params![contrat, paiement],
    )?;
    Ok(())
}

/// Whether the provider's transaction `transaction` was already taken into account.
pub fn deja_traitee(db: &Connection, transaction: &str) -> rusqlite::Result<bool> {
    db.query_row(
        "SELECT EXISTS (SELECT 1 FROM notifications_paiement WHERE transaction_psp = ?1 AND issue = 'TRAITEE')",
        [transaction],
        |row| row.get(0),
    )
}

/// The notifications kept: the latest ones, whoever sends them, so that nobody can grow the
/// table without end.
const NOTIFICATIONS_GARDEES: i64 = 10_000;

/// A notification received and its outcome (`issue`).
pub struct Notification<'a> {
    pub recue_le: &'a str,
    pub commande: Option<&'a str>,
    pub transaction: Option<&'a str>,
    pub etat: Option<&'a str>,
    pub issue: &'a str,
}

pub fn consigner(db: &Connection, notification: &Notification<'_>) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO notifications_paiement (recue_le, commande, transaction_psp, etat_psp, issue)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            notification.recue_le,
            notification.commande,
            notification.transaction,
            notification.etat,
            notification.issue
        ],
    )?;
    db.execute(
        "DELETE FROM notifications_paiement WHERE id <= (SELECT max(id) FROM notifications_paiement) - ?1",
        [NOTIFICATIONS_GARDEES],
    )?;
    Ok(())
}

/// The outcomes recorded for the order `commande`, oldest first.
#[cfg(test)]
pub fn issues(db: &Connection, commande: &str) -> rusqlite::Result<Vec<String>> {
    let mut statement =
        db.prepare("SELECT issue FROM notifications_paiement WHERE commande = ?1 ORDER BY id")?;
    let rows = statement.query_map([commande], |row| row.get(0))?;
    rows.collect()
}
