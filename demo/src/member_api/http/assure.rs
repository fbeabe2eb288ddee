//! The insured person: identity (`assure/`), contact details (`assure/infos`), the address
//! change (`PUT assure/adresse`) with its postal communes (`assure/referentiel/communes-postale`),
//! the people covered (`assure/beneficiaires`) and the directory of health establishments
//! (`assure/referentiel/etablissements`) and the partner network (`assure/referentiel/reseau-soins`).

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::context::Context;
use super::reponses::json;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::adresse::{self, AdresseSaisie, communes_de};
use crate::member_api::rules::etablissements;
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::reseau_soins::{self, Recherche as RechercheReseau};
use crate::member_api::rules::validation;
use crate::member_api::store::adherents;
use crate::member_api::store::beneficiaires::Beneficiaire;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/").get(identite))
        .service(web::resource("/assure/infos").get(infos))
        .service(web::resource("/assure/adresse").put(changer_adresse))
        .service(web::resource("/assure/referentiel/communes-postale").get(communes_postales))
        .service(web::resource("/assure/referentiel/etablissements").get(etablissements_sante))
        .service(web::resource("/assure/referentiel/reseau-soins").get(reseau_de_soins))
        .service(web::resource("/assure/beneficiaires").get(beneficiaires));
}

async fn identite(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let identite = context.db.run(move |db| Ok(adherents::identite(db, &member.person_number)?)).await?;
    Ok(HttpResponse::Ok().json(identite))
}

async fn infos(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let infos = context.db.run(move |db| Ok(adherents::infos(db, &member.person_number)?)).await?;
    Ok(HttpResponse::Ok().json(infos))
}

/// `{putAdresse, infoASupprimer}`: the new address, and which optional lines to erase. An
/// optional line left out of `putAdresse` keeps its value unless it is listed for removal,
/// so a form that only shows some lines cannot erase the others by accident.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChangementAdresse {
    #[serde(rename = "putAdresse")]
    put_adresse: AdresseEnvoyee,
    #[serde(rename = "infoASupprimer", default)]
    info_a_supprimer: Vec<String>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
struct AdresseEnvoyee {
    numero_et_voie: Option<String>,
    complement_destinataire: Option<String>,
    complement_adresse: Option<String>,
    lieu_dit: Option<String>,
    code_postal: Option<String>,
    commune: Option<String>,
    pays: Option<String>,
}

async fn changer_adresse(
    member: Member,
    body: web::Json<ChangementAdresse>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let ChangementAdresse { put_adresse, info_a_supprimer } = body.into_inner();
    let AdresseEnvoyee {
        numero_et_voie,
        complement_destinataire,
        complement_adresse,
        lieu_dit,
        code_postal,
        commune,
        pays,
    } = put_adresse;
    let saisie = AdresseSaisie {
        numero_et_voie,
        complement_destinataire,
        complement_adresse,
        lieu_dit,
        code_postal,
        commune,
        pays,
    };
    let adresse = adresse::verifier(&saisie, &info_a_supprimer)?;
    let adresse = context.db.run(move |db| adresse::enregistrer(db, &member.person_number, adresse)).await?;
    Ok(HttpResponse::Ok().json(adresse))
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

#[derive(Deserialize)]
struct Recherche {
    recherche: String,
}

/// The establishments of the directory matching a search, for the hospital care form.
async fn etablissements_sante(_: Member, query: web::Query<Recherche>) -> Result<HttpResponse, ApiFailure> {
    Ok(HttpResponse::Ok().json(etablissements::chercher(&query.recherche)?))
}

/// The partners of one kind around a place, nearest first.
async fn reseau_de_soins(_: Member, query: web::Query<RechercheReseau>) -> Result<HttpResponse, ApiFailure> {
    Ok(HttpResponse::Ok().json(reseau_soins::chercher(&query)?))
}

async fn beneficiaires(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let key = format!("beneficiaires {}", member.vue());
    context
        .db
        .read_json(key, move |db| {
            let mut beneficiaires = Beneficiaire::all(db, &member.person_number)?;
            beneficiaires.retain(|beneficiaire| member.voit(beneficiaire.id));
            Ok::<_, ApiFailure>(beneficiaires)
        })
        .await
        .map(json)
}
