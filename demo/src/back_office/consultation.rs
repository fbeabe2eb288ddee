//! What the operator reads: the members, a member's file, a request with its conversation and
//! documents.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use super::dossiers;
use super::formulaires::SaisieRemboursement;
use super::pages::{self, EchecDemande, Fait};
use super::refus::Refus;
use super::service::BackOffice;
use super::session::Operateur;
use crate::member_api::clock::today;
use crate::member_api::rules::demandes::DEMANDE_INCONNUE;
use crate::member_api::rules::documents::{self, DOCUMENT_INCONNU};
use crate::member_api::rules::membre::ADHERENT_INCONNU;
use crate::telechargement::fichier;

/// A member's page, with what was just done, or the payment form refused and why.
pub async fn page_adherent(
    back_office: &BackOffice,
    operateur: &Operateur,
    numero: String,
    status: StatusCode,
    fait: Option<Fait>,
    echec: Option<(&SaisieRemboursement, &str)>,
) -> Result<HttpResponse, Refus> {
    let dossier = back_office
        .lire(move |db| dossiers::dossier(db, &numero))
        .await?
        .ok_or(Refus::introuvable(ADHERENT_INCONNU))?;
    Ok(pages::reponse(status, pages::adherent(operateur, &dossier, today(), fait, echec)))
}

/// A request's page, with what was just done, or the form refused and why.
pub async fn page_demande(
    back_office: &BackOffice,
    operateur: &Operateur,
    (numero, id): (String, i64),
    status: StatusCode,
    fait: Option<Fait>,
    echec: Option<EchecDemande<'_>>,
) -> Result<HttpResponse, Refus> {
    let dossier = back_office
        .lire(move |db| dossiers::dossier_demande(db, &numero, id))
        .await?
        .ok_or(Refus::introuvable(DEMANDE_INCONNUE))?;
    let page = pages::demande(operateur, &dossier, back_office.max_upload_bytes, fait, echec);
    Ok(pages::reponse(status, page))
}

pub async fn liste(operateur: Operateur, back_office: web::Data<BackOffice>) -> Result<HttpResponse, Refus> {
    let adherents = back_office.lire(dossiers::adherents).await?;
    Ok(pages::reponse(StatusCode::OK, pages::adherents(&operateur, &adherents)))
}

pub async fn adherent(
    operateur: Operateur,
    numero: web::Path<String>,
    request: HttpRequest,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let fait = Fait::depuis(request.query_string());
    page_adherent(&back_office, &operateur, numero.into_inner(), StatusCode::OK, fait, None).await
}

/// The request of the path: an id that is not a number names no request.
pub fn chemin_demande(chemin: web::Path<(String, String)>) -> Result<(String, i64), Refus> {
    let (numero, id) = chemin.into_inner();
    let id = id.parse().map_err(|_| Refus::introuvable(DEMANDE_INCONNUE))?;
    Ok((numero, id))
}

pub async fn demande(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    request: HttpRequest,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let fait = Fait::depuis(request.query_string());
    page_demande(&back_office, &operateur, chemin_demande(chemin)?, StatusCode::OK, fait, None).await
}

/// A document of the request, as the member sent it or the mutual issued it: only through
/// the request that holds it, so that a link names what the operator is looking at.
pub async fn telecharger(
    _operateur: Operateur,
    chemin: web::Path<(String, String, String)>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let (numero, id, document) = chemin.into_inner();
    let (numero, id) = chemin_demande(web::Path::from((numero, id)))?;
    let document: i64 = document.parse().map_err(|_| Refus::introuvable(DOCUMENT_INCONNU))?;
    let (nom, type_mime, contenu) =
        back_office.lire(move |db| documents::de_la_demande(db, &numero, id, document)).await?;
    Ok(fichier(&type_mime, &nom, contenu))
}
