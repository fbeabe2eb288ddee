//! The member API's routes, under [`PREFIX`], with the refusals of what no handler reads and the
//! API's delay.

use actix_web::http::StatusCode;
use actix_web::middleware::ErrorHandlers;
use actix_web::web;

use super::context::Context;
use super::error::{self, method_not_allowed};
use super::latence::Latence;
use super::reponses::PREFIX;
use super::{
    ajout_beneficiaire, assure, attestation, banques, carte_tp, compte, contrats, delegations, demandes,
    documents, estimation, mandats, mes_documents, messages, nouveautes, paiements, plafonds, preferences,
    prestations, reclamation, signalement,
};

/// Registers the API's routes under [`PREFIX`].
pub fn configure(cfg: &mut web::ServiceConfig, context: web::Data<Context>, latence: Latence) {
    cfg.service(
        web::scope(PREFIX)
            .app_data(context)
            .app_data(web::JsonConfig::default().error_handler(|e, _| error::json_error(e)))
            .app_data(web::PathConfig::default().error_handler(|e, _| error::extractor_error(e)))
            .app_data(web::QueryConfig::default().error_handler(|e, _| error::extractor_error(e)))
            .configure(compte::routes)
            .configure(assure::routes)
            .configure(mes_documents::routes)
            .configure(delegations::routes)
            .configure(preferences::routes)
            .configure(nouveautes::routes)
            .configure(banques::routes)
            .configure(contrats::routes)
            .configure(paiements::routes)
            .configure(mandats::routes)
            .configure(estimation::routes)
            .configure(plafonds::routes)
            .configure(attestation::routes)
            .configure(prestations::routes)
            .configure(carte_tp::routes)
            .configure(demandes::routes)
            .configure(messages::routes)
            .configure(reclamation::routes)
            .configure(signalement::routes)
            .configure(ajout_beneficiaire::routes)
            .configure(documents::routes)
            .default_service(web::to(error::no_such_route))
            .wrap(ErrorHandlers::new().handler(StatusCode::METHOD_NOT_ALLOWED, method_not_allowed))
            .wrap(actix_web::middleware::from_fn(move |request, next| latence.attendre(request, next))),
    );
}
