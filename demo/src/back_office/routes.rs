//! The back office's pages and actions, under its mount point, with the refusals of what no
//! handler reads.

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers};
use actix_web::{HttpResponse, ResponseError, web};

use super::chemins::MOUNT;
use super::refus::Refus;
use super::service::BackOffice;
use super::{actions, connexion, consultation, mesures, pages};

/// A form's largest body: a 2,000-character answer, percent-encoded, fits with room to spare.
const FORMULAIRE_MAX: usize = 64 * 1024;
pub fn scope(back_office: web::Data<BackOffice>) -> impl actix_web::dev::HttpServiceFactory {
    web::scope(MOUNT)
        .app_data(back_office)
        .app_data(
            web::FormConfig::default()
                .limit(FORMULAIRE_MAX)
                .error_handler(|error, _| formulaire_illisible(error)),
        )
        .route("", web::get().to(consultation::liste))
        .route("/style.css", web::get().to(pages::stylesheet))
        .route("/connexion", web::get().to(connexion::page_connexion))
        .route("/connexion", web::post().to(connexion::connexion))
        .route("/deconnexion", web::post().to(connexion::deconnexion))
        .route("/adherents/{numero}", web::get().to(consultation::adherent))
        .route("/adherents/{numero}/remboursements", web::post().to(actions::ajouter_remboursement))
        .route("/adherents/{numero}/delegations", web::post().to(mesures::enregistrer))
        .route("/adherents/{numero}/beneficiaires/{id}/espace", web::post().to(mesures::ouvrir_espace))
        .route("/adherents/{numero}/delegations/{id}/fin", web::post().to(mesures::mettre_fin))
        .route("/adherents/{numero}/delegations/{id}/jugement", web::get().to(mesures::jugement))
        .route("/adherents/{numero}/beneficiaires/{id}/noemie", web::post().to(actions::changer_noemie))
        .route("/adherents/{numero}/contrats/{contrat}/rejet", web::post().to(actions::rejeter_prelevement))
        .route(
            "/adherents/{numero}/beneficiaires/{id}/confidentialite",
            web::post().to(actions::changer_confidentialite),
        )
        .route("/adherents/{numero}/demandes/{id}", web::get().to(consultation::demande))
        .route("/adherents/{numero}/demandes/{id}/etat", web::post().to(actions::changer_etat))
        .route("/adherents/{numero}/demandes/{id}/reponse", web::post().to(actions::repondre))
        .route("/adherents/{numero}/demandes/{id}/document", web::post().to(actions::emettre_document))
        .route(
            "/adherents/{numero}/demandes/{id}/documents/{document}",
            web::get().to(consultation::telecharger),
        )
        .route("/adherents/{numero}/demandes/{id}/decision", web::post().to(actions::decider))
        .default_service(web::to(|| async {
            Err::<HttpResponse, _>(Refus::introuvable("Cette page du back-office n’existe pas."))
        }))
        .wrap(ErrorHandlers::new().handler(StatusCode::METHOD_NOT_ALLOWED, methode_refusee))
}

/// A body that is not the form the page sends: too large (413), not a form (415), else 400.
fn formulaire_illisible(error: actix_web::error::UrlencodedError) -> actix_web::Error {
    use actix_web::error::UrlencodedError;
    let refus = match error {
        UrlencodedError::Overflow { .. } => {
            Refus::new(StatusCode::PAYLOAD_TOO_LARGE, "Le formulaire envoyé est trop volumineux.")
        }
        UrlencodedError::ContentType => Refus::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Le formulaire doit être envoyé comme le fait la page (application/x-www-form-urlencoded).",
        ),
        _ => Refus::saisie("Le formulaire envoyé est illisible : rechargez la page, puis recommencez."),
    };
    refus.into()
}

/// A known address asked with another method: actix answers an empty 405, which gets a page.
fn methode_refusee<B>(
    response: actix_web::dev::ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let (request, bare) = response.into_parts();
    let mut refus =
        Refus::new(StatusCode::METHOD_NOT_ALLOWED, "Cette action n’est pas possible sur cette page.")
            .error_response();
    if let Some(allow) = bare.headers().get(header::ALLOW) {
        refus.headers_mut().insert(header::ALLOW, allow.clone());
    }
    let response = actix_web::dev::ServiceResponse::new(request, refus);
    Ok(ErrorHandlerResponse::Response(response.map_into_right_body()))
}
