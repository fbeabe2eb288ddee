//! `POST compte/auth`: the sign-in call. The portal sends the person number it read in the
//! token, and the device the member signs in with; the answer is the `User` of SPEC.md §3 with
//! the flags the home page reads, derived from the member's contracts and cards as they stand
//! today. The sign-in is recorded (`connexions.rs`).

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::context::Context;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::connexions::{self, Appareil};
use crate::member_api::rules::membre::Member;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/compte/auth").post(sign_in));
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase", deny_unknown_fields)]
struct SignIn {
    login: String,
    #[serde(rename = "Type")]
    type_connexion: String,
    /// Absent: the sign-in is recorded without a device, and no device is checked.
    #[serde(rename = "appareil", default, deserialize_with = "super::json::present")]
    appareil: Option<Appareil>,
}

#[derive(Serialize)]
struct SignedIn {
    #[serde(rename = "User")]
    user: User,
    #[serde(rename = "VersionNum")]
    version_num: &'static str,
    #[serde(rename = "smartCarteUrl")]
    smart_carte_url: Option<String>,
}

#[derive(Serialize)]
struct User {
    #[serde(rename = "numeroPersonne")]
    numero_personne: String,
    #[serde(rename = "Civilite")]
    civilite: String,
    #[serde(rename = "Prenom")]
    prenom: String,
    #[serde(rename = "Nom")]
    nom: String,
    email: String,
    #[serde(rename = "dateNaissance")]
    date_naissance: NaiveDate,
    courtier: Option<String>,
    #[serde(flatten)]
    situation: Situation,
}

/// The flags of SPEC.md §3 and §6.
#[derive(Serialize)]
pub struct Situation {
    /// Every contract has ended.
    #[serde(rename = "Radie")]
    pub radie: bool,
    /// No contract yet in force, one starting later.
    #[serde(rename = "Futur")]
    pub futur: bool,
    #[serde(rename = "AuMoinsUnContratActifEtIndividuel")]
    pub au_moins_un_contrat_actif_et_individuel: bool,
    /// A tiers-payant card valid today.
    #[serde(rename = "CarteTp")]
    pub carte_tp: bool,
    /// A card for a period that has not begun (next year's, or a future contract's).
    #[serde(rename = "CarteTpSuivante")]
    pub carte_tp_suivante: bool,
}

impl Situation {
    pub fn of(db: &Connection, person_number: &str, today: NaiveDate) -> rusqlite::Result<Self> {
        let (contrats, actifs, actifs_individuels, futurs): (i64, i64, i64, i64) = db.query_row(
            "SELECT count(*),
                    count(*) FILTER (WHERE date_debut <= ?2 AND (date_fin IS NULL OR date_fin >= ?2)),
                    count(*) FILTER (WHERE date_debut <= ?2 AND (date_fin IS NULL OR date_fin >= ?2)
                                       AND type_contrat = 'INDIVIDUEL'),
                    count(*) FILTER (WHERE date_debut > ?2)
             FROM contrats WHERE numero_personne = ?1",
            params![person_number, today],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
        )?;
        let (carte_tp, carte_tp_suivante): (bool, bool) = db.query_row(
            "SELECT EXISTS (SELECT 1 FROM cartes_tp WHERE numero_personne = ?1 AND date_debut <= ?2 AND date_fin >= ?2),
                    EXISTS (SELECT 1 FROM cartes_tp WHERE numero_personne = ?1 AND date_debut > ?2)",
            params![person_number, today],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )?;
        Ok(Self {
            radie: contrats > 0 && actifs == 0 && futurs == 0,
            futur: actifs == 0 && futurs > 0,
            au_moins_un_contrat_actif_et_individuel: actifs_individuels > 0,
            carte_tp,
            carte_tp_suivante,
        })
    }
}

async fn sign_in(
    member: Member,
    body: web::Json<SignIn>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    if body.type_connexion != "ADH" {
        return Err(ApiFailure::bad_request(
            "Type de connexion non pris en charge : seul le type ADH est accepté.",
        ));
    }
    // The portal signs in the member of the token, never another one.
    if body.login.trim() != member.person_number {
        return Err(ApiFailure::forbidden());
    }
    let appareil = body.into_inner().appareil.map(Appareil::verifie).transpose()?;
    let person_number = member.person_number;
    let (user, carte) = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            let today = today();
            let user = tx.query_row(
                "SELECT numero_personne, civilite, prenom, nom, email, date_naissance, courtier
                 FROM adherents WHERE numero_personne = ?1",
                [&person_number],
                |row| {
                    Ok((
                        row.get(0)?,
                        row.get(1)?,
                        row.get(2)?,
                        row.get(3)?,
                        row.get(4)?,
                        row.get(5)?,
                        row.get(6)?,
                    ))
                },
            )?;
            // The card to show: today's, else the next one.
            let carte: Option<i64> = tx
                .query_row(
                    "SELECT id FROM cartes_tp WHERE numero_personne = ?1 AND date_fin >= ?2
                     ORDER BY date_debut LIMIT 1",
                    params![person_number, today],
                    |row| row.get(0),
                )
                .optional()?;
            let situation = Situation::of(&tx, &person_number, today)?;
            connexions::enregistrer(&tx, &person_number, appareil.as_ref(), chrono::Utc::now())?;
            tx.commit()?;
            let (numero_personne, civilite, prenom, nom, email, date_naissance, courtier) = user;
            Ok((
                User { numero_personne, civilite, prenom, nom, email, date_naissance, courtier, situation },
                carte,
            ))
        })
        .await?;
    let smart_carte_url = carte.map(|id| {
        context.portal_api.join(&format!("assure/carte-tp-detail/{id}")).expect("relative path").to_string()
    });
    Ok(HttpResponse::Ok().json(SignedIn { user, version_num: env!("CARGO_PKG_VERSION"), smart_carte_url }))
}
