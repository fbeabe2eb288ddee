//! Requests (demandes): the list (`demandes`), the recent ones for the home page
//! (`demandes/home`), one request (`demande/{id}`) with its conversation, and their
//! creation through the generic form (`document/documentGedCegedim`), hospital care
//! (`document/creationHospitalisation`), termination (`document/creationResiliation`) and a
//! quote answered in writing (`document/creationDevis`).

use std::collections::BTreeMap;

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use rusqlite::Connection;
use serde::Deserialize;

use super::context::Context;
use super::reponses::{PREFIX, json};
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::demandes::{self, Selection};
use crate::member_api::rules::estimation::devis as estimation;
use crate::member_api::rules::estimation::soins::Soin;
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::{formulaire_generique, hospitalisation, reponse_devis, resiliation};
use crate::member_api::store::demandes::Demande;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/demandes").get(demandes))
        .service(web::resource("/demandes/home").get(demandes_en_cours))
        .service(web::resource("/demande/{id}").get(demande))
        .service(web::resource("/document/documentGedCegedim").post(creer_ged))
        .service(web::resource("/document/creationHospitalisation").post(creer_hospitalisation))
        .service(web::resource("/document/creationResiliation").post(creer_resiliation))
        .service(web::resource("/document/creationDevis").post(creer_devis));
}

/// Every request, newest first.
async fn demandes(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let key = format!("demandes {}", member.vue());
    context.db.read_json(key, move |db| liste(db, &member, Selection::Toutes)).await.map(json)
}

/// The requests in the member's view (`Member::voit_demande`).
fn liste(db: &Connection, member: &Member, selection: Selection) -> Result<Vec<Demande>, ApiFailure> {
    let mut liste = demandes::liste(db, &member.person_number, selection)?;
    liste.retain(|demande| member.voit_demande(demande));
    Ok(liste)
}

/// The home page's requests ("Vos demandes en cours"): pending and recently done ones.
async fn demandes_en_cours(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let today = today();
    let key = format!("demandes/home {} {today}", member.vue());
    context.db.read_json(key, move |db| liste(db, &member, Selection::Accueil(today))).await.map(json)
}

async fn demande(
    member: Member,
    id: web::Path<i64>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let id = id.into_inner();
    let demande = context.db.run(move |db| demandes::du_membre(db, &member, id)).await?;
    Ok(HttpResponse::Ok().json(demande))
}

/// Writes the request (`ecrire`, in one transaction) and answers 201 with it, and where to
/// read it again.
pub async fn enregistrer(
    context: web::Data<Context>,
    ecrire: impl FnOnce(&mut Connection) -> Result<Demande, ApiFailure> + Send + 'static,
) -> Result<HttpResponse, ApiFailure> {
    let demande = context.db.run(ecrire).await?;
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("{PREFIX}/demande/{}", demande.id)))
        .json(demande))
}

/// `{postCreationDocumentDto, metadata}`: a request of any type
/// (docs/product/limits.md#request-type-codes) that has no form of its own, with the documents
/// uploaded beforehand and the GED indexing metadata.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreationGed {
    #[serde(rename = "postCreationDocumentDto")]
    dto: DocumentDto,
    #[serde(default)]
    metadata: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DocumentDto {
    #[serde(rename = "type")]
    type_demande: String,
    commentaire: Option<String>,
    #[serde(default, deserialize_with = "super::json::entier::facultatif")]
    id_beneficiaire: Option<i64>,
    #[serde(default, deserialize_with = "super::json::entier::liste")]
    id_documents: Vec<i64>,
}

async fn creer_ged(
    member: Member,
    body: web::Json<CreationGed>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let CreationGed { dto, metadata } = body.into_inner();
    let DocumentDto { type_demande, commentaire, id_beneficiaire, id_documents } = dto;
    let saisie =
        formulaire_generique::Saisie { type_demande, commentaire, id_beneficiaire, id_documents, metadata };
    let demande = formulaire_generique::verifier(saisie)?;
    enregistrer(context, move |db| formulaire_generique::enregistrer(db, &member, demande)).await
}

/// `{postCreationDocumentHospitalisationDto, siren}`: a prior agreement for a hospital stay,
/// so that the establishment bills the mutual directly. `siren` identifies the establishment.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreationHospitalisation {
    #[serde(rename = "postCreationDocumentHospitalisationDto")]
    dto: HospitalisationDto,
    siren: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct HospitalisationDto {
    #[serde(deserialize_with = "super::json::entier::un")]
    id_beneficiaire: i64,
    /// Taken and ignored: the request keeps the directory's name of `finess`.
    #[serde(default, rename = "etablissement")]
    _etablissement: Option<String>,
    finess: String,
    date_entree: NaiveDate,
    date_sortie: Option<NaiveDate>,
    type_hospitalisation: String,
    #[serde(default)]
    chambre_particuliere: bool,
    commentaire: Option<String>,
    #[serde(default, deserialize_with = "super::json::entier::liste")]
    id_documents: Vec<i64>,
}

async fn creer_hospitalisation(
    member: Member,
    body: web::Json<CreationHospitalisation>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let CreationHospitalisation { dto, siren } = body.into_inner();
    let HospitalisationDto {
        id_beneficiaire,
        _etablissement,
        finess,
        date_entree,
        date_sortie,
        type_hospitalisation,
        chambre_particuliere,
        commentaire,
        id_documents,
    } = dto;
    let demande = hospitalisation::verifier(hospitalisation::Saisie {
        siren,
        id_beneficiaire,
        finess,
        date_entree,
        date_sortie,
        type_hospitalisation,
        chambre_particuliere,
        commentaire,
        id_documents,
    })?;
    let mutuelle = context.mutuelle.clone();
    enregistrer(context, move |db| hospitalisation::enregistrer(db, &member, demande, mutuelle)).await
}

/// A quote to answer in writing: its lines, as the estimate takes a quote, each with the act's
/// code it prints, and the quote attached.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CreationDevis {
    #[serde(deserialize_with = "super::json::entier::un")]
    id_beneficiaire: i64,
    lignes: Vec<LigneDevis>,
    commentaire: Option<String>,
    #[serde(default, deserialize_with = "super::json::entier::liste")]
    id_documents: Vec<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct LigneDevis {
    soin: Soin,
    cent_pour_cent_sante: bool,
    prix: f64,
    #[serde(default, deserialize_with = "super::json::entier::facultatif")]
    quantite: Option<i64>,
    base_secu: Option<f64>,
    #[serde(default, deserialize_with = "super::json::entier::facultatif")]
    taux_secu: Option<i64>,
    code: Option<String>,
}

async fn creer_devis(
    member: Member,
    body: web::Json<CreationDevis>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let CreationDevis { id_beneficiaire, lignes, commentaire, id_documents } = body.into_inner();
    let lignes = lignes
        .into_iter()
        .map(|ligne| {
            let LigneDevis { soin, cent_pour_cent_sante, prix, quantite, base_secu, taux_secu, code } = ligne;
            (estimation::Saisie { soin, cent_pour_cent_sante, prix, quantite, base_secu, taux_secu }, code)
        })
        .collect();
    let demande = reponse_devis::verifier(reponse_devis::Saisie {
        id_beneficiaire,
        lignes,
        commentaire,
        id_documents,
    })?;
    let mutuelle = context.mutuelle.clone();
    enregistrer(context, move |db| reponse_devis::enregistrer(db, &member, demande, mutuelle)).await
}

/// A termination request for one of the member's individual contracts in force: the motif,
/// the event date and where to acknowledge it. Who gives notice is the token's member, and the
/// end date is computed here: a body naming either is refused rather than silently ignored.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CreationResiliation {
    numero_contrat: String,
    motif: String,
    date_evenement: Option<NaiveDate>,
    email: Option<String>,
    commentaire: Option<String>,
    #[serde(default, deserialize_with = "super::json::entier::liste")]
    id_documents: Vec<i64>,
}

async fn creer_resiliation(
    member: Member,
    body: web::Json<CreationResiliation>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let CreationResiliation { numero_contrat, motif, date_evenement, email, commentaire, id_documents } =
        body.into_inner();
    let demande = resiliation::demande(resiliation::Saisie {
        numero_contrat,
        motif,
        date_evenement,
        email,
        commentaire,
        id_documents,
    })?;
    let mutuelle = context.mutuelle.clone();
    enregistrer(context.clone(), move |db| resiliation::enregistrer(db, &member, demande, mutuelle)).await
}
