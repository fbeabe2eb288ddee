//! The insured person: identity (`assure/`), contact details (`assure/infos`), the address
//! change (`PUT assure/adresse`) with its postal communes (`assure/referentiel/communes-postale`)
//! and the people covered (`assure/beneficiaires`).

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use rusqlite::{Connection, Row, params};
use serde::{Deserialize, Serialize};

use super::context::Context;
use super::reponses::json;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::communes::{self, Commune};
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::validation;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/").get(identite))
        .service(web::resource("/assure/infos").get(infos))
        .service(web::resource("/assure/adresse").put(changer_adresse))
        .service(web::resource("/assure/referentiel/communes-postale").get(communes_postales))
        .service(web::resource("/assure/beneficiaires").get(beneficiaires));
}

/// An address line: 38 characters at most (French postal standard NF Z10-011).
const LIGNE_ADRESSE: usize = 38;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Identite {
    numero_personne: String,
    #[serde(rename = "Civilite")]
    civilite: String,
    #[serde(rename = "Prenom")]
    prenom: String,
    #[serde(rename = "Nom")]
    nom: String,
    date_naissance: NaiveDate,
    numero_securite_sociale: String,
    caisse_assurance_maladie: String,
    statut_noemie: String,
    email: String,
    courtier: Option<String>,
}

async fn identite(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let identite = context
        .db
        .run(move |db| {
            Ok(db.query_row(
                "SELECT a.numero_personne, a.civilite, a.prenom, a.nom, a.date_naissance, b.numero_securite_sociale,
                        b.caisse, b.statut_noemie, a.email, a.courtier
                 FROM adherents a
                 JOIN beneficiaires b ON b.numero_personne = a.numero_personne AND b.lien = 'ASSURE_PRINCIPAL'
                 WHERE a.numero_personne = ?1",
                [&member.person_number],
                |row| {
                    Ok(Identite {
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
            )?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(identite))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Infos {
    numero_personne: String,
    #[serde(rename = "Civilite")]
    civilite: String,
    #[serde(rename = "Prenom")]
    prenom: String,
    #[serde(rename = "Nom")]
    nom: String,
    date_naissance: NaiveDate,
    email: String,
    telephone_portable: Option<String>,
    telephone_fixe: Option<String>,
    adresse: Adresse,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Adresse {
    numero_et_voie: String,
    complement_destinataire: Option<String>,
    complement_adresse: Option<String>,
    lieu_dit: Option<String>,
    code_postal: String,
    commune: String,
    pays: String,
    /// When the member last changed it online.
    date_modification: Option<NaiveDate>,
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

    fn read(db: &Connection, person_number: &str) -> rusqlite::Result<Self> {
        db.query_row(
            &format!("SELECT {ADRESSE_COLUMNS} FROM adherents WHERE numero_personne = ?1"),
            [person_number],
            |row| Self::from_row(row, 0),
        )
    }
}

async fn infos(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let infos = context
        .db
        .run(move |db| {
            Ok(db.query_row(
                &format!(
                    "SELECT numero_personne, civilite, prenom, nom, date_naissance, email, telephone_portable,
                            telephone_fixe, {ADRESSE_COLUMNS}
                     FROM adherents WHERE numero_personne = ?1"
                ),
                [&member.person_number],
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
            )?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(infos))
}

/// `{putAdresse, infoASupprimer}`: the new address, and which optional lines to erase. An
/// optional line left out of `putAdresse` keeps its value unless it is listed for removal,
/// so a form that only shows some lines cannot erase the others by accident.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChangementAdresse {
    #[serde(rename = "putAdresse")]
    put_adresse: AdresseSaisie,
    #[serde(rename = "infoASupprimer", default)]
    info_a_supprimer: Vec<String>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
struct AdresseSaisie {
    numero_et_voie: Option<String>,
    complement_destinataire: Option<String>,
    complement_adresse: Option<String>,
    lieu_dit: Option<String>,
    code_postal: Option<String>,
    commune: Option<String>,
    pays: Option<String>,
}

/// The optional lines `infoASupprimer` may name, with their column.
const LIGNES_FACULTATIVES: &[(&str, &str)] = &[
    ("complementDestinataire", "complement_destinataire"),
    ("complementAdresse", "complement_adresse"),
    ("lieuDit", "lieu_dit"),
];

async fn changer_adresse(
    member: Member,
    body: web::Json<ChangementAdresse>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let ChangementAdresse { put_adresse: saisie, info_a_supprimer } = body.into_inner();
    let numero_et_voie =
        validation::texte_requis(saisie.numero_et_voie.as_deref(), "Le numéro et la voie", LIGNE_ADRESSE)?;
    let pays = validation::texte_facultatif(saisie.pays.as_deref(), "Le pays", LIGNE_ADRESSE)?;
    if pays.is_some_and(|pays| !pays.eq_ignore_ascii_case("FRANCE")) {
        return Err(ApiFailure::bad_request(
            "Seule une adresse en France peut être modifiée en ligne. Pour une adresse à l’étranger, envoyez-nous une demande.",
        ));
    }
    let code_postal = validation::code_postal(saisie.code_postal.as_deref().unwrap_or_default())?.to_owned();
    let commune = validation::texte_requis(saisie.commune.as_deref(), "La commune", LIGNE_ADRESSE)?;
    let commune = commune_du_code_postal(&code_postal, &commune)?;
    let facultatives = [
        validation::texte_facultatif(
            saisie.complement_destinataire.as_deref(),
            "Le complément destinataire",
            LIGNE_ADRESSE,
        )?,
        validation::texte_facultatif(
            saisie.complement_adresse.as_deref(),
            "Le complément d’adresse",
            LIGNE_ADRESSE,
        )?,
        validation::texte_facultatif(saisie.lieu_dit.as_deref(), "Le lieu-dit", LIGNE_ADRESSE)?,
    ];
    let mut a_supprimer = [false; LIGNES_FACULTATIVES.len()];
    for nom in &info_a_supprimer {
        let index = LIGNES_FACULTATIVES.iter().position(|(champ, _)| champ == nom).ok_or_else(|| {
            ApiFailure::bad_request(format!(
                "« {nom} » ne peut pas être supprimé : seuls complementDestinataire, complementAdresse et lieuDit le peuvent."
            ))
        })?;
        if facultatives[index].is_some() {
            return Err(ApiFailure::unprocessable(format!(
                "« {nom} » est à la fois renseigné et à supprimer."
            )));
        }
        a_supprimer[index] = true;
    }
    let adresse = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            tx.execute(
                "UPDATE adherents SET numero_et_voie = ?2, code_postal = ?3, commune = ?4, pays = 'FRANCE',
                    adresse_modifiee_le = ?5
                 WHERE numero_personne = ?1",
                params![member.person_number, numero_et_voie, code_postal, commune, today()],
            )?;
            for (((_, column), valeur), supprimer) in
                LIGNES_FACULTATIVES.iter().zip(facultatives).zip(a_supprimer)
            {
                if valeur.is_some() || supprimer {
                    tx.execute(
                        &format!("UPDATE adherents SET {column} = ?2 WHERE numero_personne = ?1"),
                        params![member.person_number, valeur],
                    )?;
                }
            }
            let adresse = Adresse::read(&tx, &member.person_number)?;
            tx.commit()?;
            Ok(adresse)
        })
        .await?;
    Ok(HttpResponse::Ok().json(adresse))
}

/// The commune the postal code serves that the member typed, found as La Poste's address check
/// would (by its name or delivery name, whatever the accents, case, hyphens or apostrophes),
/// and spelt as the postal referential spells it, never as typed: its delivery name when that
/// is what was typed, else its name in upper case ("CULOZ-BÉON", delivered as "BEON"). What
/// is stored and printed is then only ever a known commune.
fn commune_du_code_postal(code_postal: &str, commune: &str) -> Result<String, ApiFailure> {
    let servies = communes_de(code_postal);
    if servies.is_empty() {
        return Err(ApiFailure::unprocessable(format!("Le code postal {code_postal} n’existe pas.")));
    }
    let saisie = comparable(commune);
    let par_acheminement = servies
        .iter()
        .find(|servie| comparable(&servie.libelle_acheminement) == saisie)
        .map(|servie| servie.libelle_acheminement.clone());
    let par_nom = || {
        servies
            .iter()
            .find(|servie| comparable(&servie.nom_commune) == saisie)
            .map(|servie: &Commune| servie.nom_commune.to_uppercase())
    };
    par_acheminement.or_else(par_nom).ok_or_else(|| {
        ApiFailure::unprocessable(format!(
            "La commune « {commune} » ne correspond pas au code postal {code_postal}."
        ))
    })
}

/// "Saint-Denis-lès-Bourg" and "ST DENIS LES BOURG" alike: ASCII, upper case, words only, and
/// "ST"/"STE" read as "SAINT"/"SAINTE" as on La Poste's delivery names.
fn comparable(name: &str) -> String {
    deunicode::deunicode(name)
        .to_uppercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(|word| match word {
            "ST" => "SAINT",
            "STE" => "SAINTE",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CodePostal {
    code_postal: String,
}

/// The communes a postal code serves; none for a well-formed code that does not exist.
async fn communes_postales(_: Member, query: web::Query<CodePostal>) -> Result<HttpResponse, ApiFailure> {
    let code_postal = validation::code_postal(&query.code_postal)?;
    Ok(HttpResponse::Ok().json(communes_de(code_postal)))
}

/// The communes of a postal code already checked by [`validation::code_postal`], whose rule
/// is the dataset's own: the lookup cannot refuse it.
fn communes_de(code_postal: &str) -> Vec<Commune> {
    communes::lookup(code_postal).unwrap_or_default()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Beneficiaire {
    pub id: i64,
    /// ASSURE_PRINCIPAL, CONJOINT or ENFANT.
    pub lien: String,
    pub prenom: String,
    pub nom: String,
    pub date_naissance: NaiveDate,
    pub numero_securite_sociale: String,
    pub rang_naissance: i64,
    pub caisse_assurance_maladie: String,
    /// Whether the Sécurité sociale forwards statements to the mutual (NOEMIE link):
    /// RACCORDE, EN_COURS_DE_RACCORDEMENT or NON_RACCORDE.
    pub statut_noemie: String,
}

impl Beneficiaire {
    /// The people a member's contracts cover, the member first.
    pub fn all(db: &Connection, person_number: &str) -> rusqlite::Result<Vec<Self>> {
        let mut statement = db.prepare(
            "SELECT id, lien, prenom, nom, date_naissance, numero_securite_sociale, rang_naissance, caisse, statut_noemie
             FROM beneficiaires WHERE numero_personne = ?1
             ORDER BY CASE lien WHEN 'ASSURE_PRINCIPAL' THEN 0 WHEN 'CONJOINT' THEN 1 ELSE 2 END, date_naissance",
        )?;
        let rows = statement.query_map([person_number], |row| {
            Ok(Self {
                id: row.get(0)?,
                lien: row.get(1)?,
                prenom: row.get(2)?,
                nom: row.get(3)?,
                date_naissance: row.get(4)?,
                numero_securite_sociale: row.get(5)?,
                rang_naissance: row.get(6)?,
                caisse_assurance_maladie: row.get(7)?,
                statut_noemie: row.get(8)?,
            })
        })?;
        rows.collect()
    }
}

async fn beneficiaires(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let key = format!("beneficiaires {}", member.person_number);
    context.db.read_json(key, move |db| Ok(Beneficiaire::all(db, &member.person_number)?)).await.map(json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commune_is_kept_as_the_referential_spells_it_not_as_typed() {
        for (code_postal, typed, stored) in [
            ("75011", "paris", "PARIS"),
            ("75011", "PA\u{ad}RIS\u{2060}", "PARIS"),
            ("01000", "st denis les bourg", "SAINT-DENIS-LES-BOURG"),
            ("54490", "Preutin Higny", "PREUTIN-HIGNY"),
            ("01350", "Culoz Beon", "CULOZ-BÉON"),
        ] {
            assert_eq!(commune_du_code_postal(code_postal, typed).unwrap(), stored, "{typed:?}");
        }
    }
}
