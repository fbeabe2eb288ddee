//! What the mutual sells (`produits`) and the guarantees of each product (`garanties`), in the
//! booklet's order.

use rusqlite::{Connection, params};
use serde::Serialize;

use super::montant::Euros;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategorieGaranties {
    pub categorie: String,
    pub libelle_categorie: &'static str,
    pub garanties: Vec<Garantie>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Garantie {
    pub libelle: String,
    /// How it pays: "200 % BRSS", "40 €/séance", "Frais réels"…
    pub regle: String,
    pub plafond: Option<Euros>,
    /// "an" or "2 ans", with `plafond`.
    pub periodicite_plafond: Option<String>,
}

/// A product's guarantees, grouped by category in the booklet's order.
pub fn garanties(db: &Connection, code_produit: &str) -> rusqlite::Result<Vec<CategorieGaranties>> {
    let mut statement = db.prepare_cached(
        "SELECT categorie, libelle, regle, plafond, periodicite_plafond FROM garanties WHERE code_produit = ?1 ORDER BY ordre",
    )?;
    let mut categories: Vec<CategorieGaranties> = Vec::new();
    let mut rows = statement.query([code_produit])?;
    while let Some(row) = rows.next()? {
        let categorie: String = row.get(0)?;
        let garantie = Garantie {
            libelle: row.get(1)?,
            regle: row.get(2)?,
            plafond: row.get(3)?,
            periodicite_plafond: row.get(4)?,
        };
        match categories.last_mut() {
            Some(last) if last.categorie == categorie => last.garanties.push(garantie),
            _ => categories.push(CategorieGaranties {
                libelle_categorie: libelle_categorie(&categorie),
                categorie,
                garanties: vec![garantie],
            }),
        }
    }
    Ok(categories)
}

fn libelle_categorie(categorie: &str) -> &'static str {
    match categorie {
        "SOINS_COURANTS" => "Soins courants",
        "PHARMACIE" => "Pharmacie",
        "HOSPITALISATION" => "Hospitalisation",
        "DENTAIRE" => "Dentaire",
        "OPTIQUE" => "Optique",
        "AUDIOLOGIE" => "Audiologie",
        "MEDECINES_DOUCES" => "Médecines douces",
        "PREVENTION" => "Prévention",
        _ => "Autres garanties",
    }
}

/// A guarantee of a product, as the table keeps it.
pub struct GarantieEcrite<'a> {
    pub categorie: &'a str,
    pub libelle: &'a str,
    pub regle: String,
    pub plafond: Option<i64>,
    pub periodicite_plafond: Option<&'a str>,
}

/// Writes the product (code, label, range) anew, with its guarantees in their order.
pub fn ecrire(
    db: &Connection,
    (code, libelle, gamme): (&str, &str, &str),
    garanties: &[GarantieEcrite<'_>],
) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO produits (code, libelle, gamme) VALUES (?1, ?2, ?3)
         ON CONFLICT (code) DO UPDATE SET libelle = excluded.libelle, gamme = excluded.gamme",
        params![code, libelle, gamme],
    )?;
    db.execute("DELETE FROM garanties WHERE code_produit = ?1", [code])?;
    for (ordre, garantie) in (0_i64..).zip(garanties) {
        db.execute(
            "INSERT INTO garanties (code_produit, categorie, libelle, regle, plafond, periodicite_plafond, ordre)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                code,
                garantie.categorie,
                garantie.libelle,
                garantie.regle,
                garantie.plafond,
                garantie.periodicite_plafond,
                ordre,
            ],
        )?;
    }
    Ok(())
}
