//! The members (`adherents`): who they are, how to reach them, where they live.

use chrono::NaiveDate;
use rusqlite::{Connection, Row, params};
use serde::Serialize;

/// Whether `numero_personne` is a member.
pub fn existe(db: &Connection, numero_personne: &str) -> rusqlite::Result<bool> {
    db.query_row(
        "SELECT EXISTS (SELECT 1 FROM adherents WHERE numero_personne = ?1)",
        [numero_personne],
        |row| row.get::<_, bool>(0),
    )
}

/// The member as they sign in.
pub struct Utilisateur {
    pub numero_personne: String,
    pub civilite: String,
    pub prenom: String,
    pub nom: String,
    pub email: String,
    pub date_naissance: NaiveDate,
    pub courtier: Option<String>,
}

pub fn utilisateur(db: &Connection, numero_personne: &str) -> rusqlite::Result<Utilisateur> {
    db.query_row(
        "SELECT numero_personne, civilite, prenom, nom, email, date_naissance, courtier
         FROM adherents WHERE numero_personne = ?1",
        [numero_personne],
        |row| {
            Ok(Utilisateur {
                numero_personne: row.get(0)?,
                civilite: row.get(1)?,
                prenom: row.get(2)?,
                nom: row.get(3)?,
                email: row.get(4)?,
                date_naissance: row.get(5)?,
                courtier: row.get(6)?,
            })
        },
    )
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IdentiteAssure {
    pub numero_personne: String,
    #[serde(rename = "Civilite")]
    pub civilite: String,
    #[serde(rename = "Prenom")]
    pub prenom: String,
    #[serde(rename = "Nom")]
    pub nom: String,
    pub date_naissance: NaiveDate,
    pub numero_securite_sociale: String,
    pub caisse_assurance_maladie: String,
    pub statut_noemie: String,
    pub email: String,
    pub courtier: Option<String>,
}

/// The member as « Mes informations » shows them (`assure/`).
pub fn identite(db: &Connection, numero_personne: &str) -> rusqlite::Result<IdentiteAssure> {
    db.query_row(
        "SELECT a.numero_personne, a.civilite, a.prenom, a.nom, a.date_naissance, b.numero_securite_sociale,
                b.caisse, b.statut_noemie, a.email, a.courtier
         FROM adherents a
         JOIN beneficiaires b ON b.numero_personne = a.numero_personne AND b.lien = 'ASSURE_PRINCIPAL'
         WHERE a.numero_personne = ?1",
        [numero_personne],
        |row| {
            Ok(IdentiteAssure {
                numero_personne: row.get(0)?,
                civilite: row.get(1)?,
                prenom: row.get(2)?,
                nom: row.get(3)?,
                date_naissance: row.get(4)?,
                numero_securite_sociale: row.get(5)?,
                caisse_assurance_maladie: row.get(6)?,
                statut_noemie: row.get(7)?,
                email: row.get(8)?,
                courtier: row.get(9)?,
            })
        },
    )
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Infos {
    pub numero_personne: String,
    #[serde(rename = "Civilite")]
    pub civilite: String,
    #[serde(rename = "Prenom")]
    pub prenom: String,
    #[serde(rename = "Nom")]
    pub nom: String,
    pub date_naissance: NaiveDate,
    pub email: String,
    pub telephone_portable: Option<String>,
    pub telephone_fixe: Option<String>,
    pub adresse: Adresse,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Adresse {
    pub numero_et_voie: String,
    pub complement_destinataire: Option<String>,
    pub complement_adresse: Option<String>,
    pub lieu_dit: Option<String>,
    pub code_postal: String,
    pub commune: String,
    pub pays: String,
    /// When the member last changed it online.
    pub date_modification: Option<NaiveDate>,
}

const ADRESSE_COLUMNS: &str =
    "numero_et_voie, complement_destinataire, complement_adresse, lieu_dit, code_postal,
    commune, pays, adresse_modifiee_le";

impl Adresse {
    /// From the columns of [`ADRESSE_COLUMNS`], starting at `first`.
    fn from_row(row: &Row, first: usize) -> rusqlite::Result<Self> {
        Ok(Self {
            numero_et_voie: row.get(first)?,
            complement_destinataire: row.get(first + 1)?,
            complement_adresse: row.get(first + 2)?,
            lieu_dit: row.get(first + 3)?,
            code_postal: row.get(first + 4)?,
            commune: row.get(first + 5)?,
            pays: row.get(first + 6)?,
            date_modification: row.get(first + 7)?,
        })
    }

    pub fn read(db: &Connection, person_number: &str) -> rusqlite::Result<Self> {
        db.query_row(
            &format!("SELECT {ADRESSE_COLUMNS} FROM adherents WHERE numero_personne = ?1"),
            [person_number],
            |row| Self::from_row(row, 0),
        )
    }
}

/// The member's contact details (`assure/infos`).
pub fn infos(db: &Connection, numero_personne: &str) -> rusqlite::Result<Infos> {
    db.query_row(
        &format!(
            "SELECT numero_personne, civilite, prenom, nom, date_naissance, email, telephone_portable,
                    telephone_fixe, {ADRESSE_COLUMNS}
             FROM adherents WHERE numero_personne = ?1"
        ),
        [numero_personne],
        |row| {
            Ok(Infos {
                numero_personne: row.get(0)?,
                civilite: row.get(1)?,
                prenom: row.get(2)?,
                nom: row.get(3)?,
                date_naissance: row.get(4)?,
                email: row.get(5)?,
                telephone_portable: row.get(6)?,
                telephone_fixe: row.get(7)?,
                adresse: Adresse::from_row(row, 8)?,
            })
        },
    )
}

/// The member's new address in France, changed online on `jour`.
pub fn changer_adresse(
    db: &Connection,
    numero_personne: &str,
    (numero_et_voie, code_postal, commune): (&str, &str, &str),
    jour: NaiveDate,
) -> rusqlite::Result<()> {
    db.execute(
        "UPDATE adherents SET numero_et_voie = ?2, code_postal = ?3, commune = ?4, pays = 'FRANCE',
            adresse_modifiee_le = ?5
         WHERE numero_personne = ?1",
        params![numero_personne, numero_et_voie, code_postal, commune, jour],
    )?;
    Ok(())
}

/// One optional line of the member's address: `colonne` is one of the address's columns, never
/// a member's value.
pub fn changer_ligne_adresse(
    db: &Connection,
    numero_personne: &str,
    colonne: &str,
    valeur: Option<&str>,
) -> rusqlite::Result<()> {
    db.execute(
        &format!("UPDATE adherents SET {colonne} = ?2 WHERE numero_personne = ?1"),
        params![numero_personne, valeur],
    )?;
    Ok(())
}

/// The member as addressed: "Mme Marie DUPONT".
pub fn nom_complet(db: &Connection, numero_personne: &str) -> rusqlite::Result<String> {
    db.query_row(
        "SELECT civilite || ' ' || prenom || ' ' || nom FROM adherents WHERE numero_personne = ?1",
        [numero_personne],
        |row| row.get(0),
    )
}

/// The member's title ("Mme"), and the member as addressed: "Mme Marie DUPONT".
pub fn civilite_et_nom_complet(db: &Connection, numero_personne: &str) -> rusqlite::Result<(String, String)> {
    db.query_row(
        "SELECT civilite, civilite || ' ' || prenom || ' ' || nom FROM adherents WHERE numero_personne = ?1",
        [numero_personne],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
}

/// The member as the acknowledgement names them, and their address on file.
pub struct Identite {
    pub adherent: String,
    pub email: String,
}

impl Identite {
    pub fn lire(db: &Connection, numero_personne: &str) -> rusqlite::Result<Self> {
        db.query_row(
            "SELECT civilite || ' ' || prenom || ' ' || nom, email FROM adherents WHERE numero_personne = ?1",
            [numero_personne],
            |row| Ok(Self { adherent: row.get(0)?, email: row.get(1)? }),
        )
    }
}

/// The broker who follows the member, if one does.
pub fn courtier(db: &Connection, numero_personne: &str) -> rusqlite::Result<Option<String>> {
    db.query_row("SELECT courtier FROM adherents WHERE numero_personne = ?1", [numero_personne], |row| {
        row.get(0)
    })
}

/// A member to write, with their address in France.
pub struct NouvelAdherent<'a> {
    pub numero_personne: &'a str,
    pub civilite: &'a str,
    pub prenom: &'a str,
    pub nom: &'a str,
    pub date_naissance: NaiveDate,
    pub email: &'a str,
    pub telephone_portable: Option<&'a str>,
    pub telephone_fixe: Option<&'a str>,
    pub courtier: Option<&'a str>,
    pub numero_et_voie: &'a str,
    pub complement_destinataire: Option<&'a str>,
    pub complement_adresse: Option<&'a str>,
    pub lieu_dit: Option<&'a str>,
    pub code_postal: &'a str,
    pub commune: &'a str,
}

pub fn inserer(db: &Connection, adherent: &NouvelAdherent<'_>) -> rusqlite::Result<()> {
    db.execute(
        "INSERT INTO adherents (numero_personne, civilite, prenom, nom, date_naissance, email,
            telephone_portable, telephone_fixe, courtier, numero_et_voie, complement_destinataire,
            complement_adresse, lieu_dit, code_postal, commune, pays)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, 'FRANCE')",
        params![
            adherent.numero_personne,
            adherent.civilite,
            adherent.prenom,
            adherent.nom,
            adherent.date_naissance,
            adherent.email,
            adherent.telephone_portable,
            adherent.telephone_fixe,
            adherent.courtier,
            adherent.numero_et_voie,
            adherent.complement_destinataire,
            adherent.complement_adresse,
            adherent.lieu_dit,
            adherent.code_postal,
            adherent.commune,
        ],
    )?;
    Ok(())
}

/// The member's first and last name: "Marie DUPONT".
pub fn prenom_et_nom(db: &Connection, numero_personne: &str) -> rusqlite::Result<String> {
    db.query_row(
        "SELECT prenom || ' ' || nom FROM adherents WHERE numero_personne = ?1",
        [numero_personne],
        |row| row.get(0),
    )
}

/// A member as the mutual's back office lists them.
pub struct Adherent {
    pub numero: String,
    pub civilite: String,
    pub prenom: String,
    pub nom: String,
    pub email: String,
    /// Requests not done yet.
    pub demandes_ouvertes: i64,
}

impl Adherent {
    /// "Mme Marie DUPONT".
    pub fn nom_complet(&self) -> String {
        format!("{} {} {}", self.civilite, self.prenom, self.nom)
    }
}

/// Every member, or the one numbered `seul`, by name, with their requests not done (in none of
/// the states `terminees`).
pub fn avec_demandes_ouvertes(
    db: &Connection,
    seul: Option<&str>,
    terminees: [&str; 2],
) -> rusqlite::Result<Vec<Adherent>> {
    let mut statement = db.prepare(
        "SELECT a.numero_personne, a.civilite, a.prenom, a.nom, a.email,
            (SELECT count(*) FROM demandes d WHERE d.numero_personne = a.numero_personne
                AND d.etat NOT IN (?2, ?3))
         FROM adherents a WHERE ?1 IS NULL OR a.numero_personne = ?1
         ORDER BY a.nom, a.prenom, a.numero_personne",
    )?;
    statement
        .query_map(params![seul, terminees[0], terminees[1]], |row| {
            Ok(Adherent {
                numero: row.get(0)?,
                civilite: row.get(1)?,
                prenom: row.get(2)?,
                nom: row.get(3)?,
                email: row.get(4)?,
                demandes_ouvertes: row.get(5)?,
            })
        })?
        .collect()
}
