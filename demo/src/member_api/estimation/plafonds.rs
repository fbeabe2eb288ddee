//! « Mes garanties et mes services »: what is left of each allowance (`GET assure/plafonds`),
//! per beneficiary covered today, by the estimate's own rules ([`calcul::plafonds`]) over the
//! same statements ([`Releves`]).

use actix_web::{HttpResponse, web};
use rusqlite::Connection;
use serde::Serialize;

use super::{Plafond, Releves, Renouvellement, couverture};
use crate::member_api::Context;
use crate::member_api::auth::Member;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::estimation::calcul::{self, PlafondDeGarantie, Situation};
use crate::member_api::rules::estimation::soins::Soin;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PlafondsBeneficiaire {
    id_beneficiaire: i64,
    prenom: String,
    nom: String,
    garanties: Vec<Garantie>,
}

#[derive(Serialize)]
struct Garantie {
    categorie: &'static str,
    libelle: &'static str,
    regle: String,
    soin: Option<Soin>,
    plafond: Plafond,
    renouvellement: Option<Renouvellement>,
}

impl From<PlafondDeGarantie> for Garantie {
    fn from(garantie: PlafondDeGarantie) -> Self {
        Self {
            categorie: garantie.categorie,
            libelle: garantie.libelle,
            regle: garantie.regle,
            soin: garantie.soin,
            plafond: garantie.plafond.into(),
            renouvellement: garantie.renouvellement.map(Renouvellement::from),
        }
    }
}

pub async fn plafonds(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let plafonds = context.db.run(move |db| lire(db, &member.person_number)).await?;
    Ok(HttpResponse::Ok().json(plafonds))
}

fn lire(db: &Connection, numero_personne: &str) -> Result<Vec<PlafondsBeneficiaire>, ApiFailure> {
    let aujourdhui = today();
    let mut statement = db.prepare(
        "SELECT b.id, b.prenom, b.nom, b.date_naissance FROM beneficiaires b
         WHERE b.numero_personne = ?1
           AND EXISTS (SELECT 1 FROM contrat_beneficiaires cb WHERE cb.beneficiaire_id = b.id)
         ORDER BY b.lien != 'ASSURE_PRINCIPAL', b.id",
    )?;
    let beneficiaires = statement
        .query_map([numero_personne], |row| {
            Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?, row.get::<_, String>(2)?, row.get(3)?))
        })?
        .collect::<rusqlite::Result<Vec<(i64, String, String, chrono::NaiveDate)>>>()?;
    let mut plafonds = Vec::new();
    for (id, prenom, nom, naissance) in beneficiaires {
        let situation = Situation {
            aujourdhui,
            age: aujourdhui.years_since(naissance).unwrap_or(0),
            nom: format!("{prenom} {nom}"),
            couverture: couverture(db, id, aujourdhui)?,
        };
        let historique = Releves { db, beneficiaire: id, jusqua: aujourdhui };
        if let Some(garanties) = calcul::plafonds(&situation, &historique)? {
            plafonds.push(PlafondsBeneficiaire {
                id_beneficiaire: id,
                prenom,
                nom,
                garanties: garanties.into_iter().map(Garantie::from).collect(),
            });
        }
    }
    Ok(plafonds)
}
