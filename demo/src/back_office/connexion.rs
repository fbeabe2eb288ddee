//! The operator's sign-in and sign-out.

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};

use super::chemins::MOUNT;
use super::formulaires::{SaisieConnexion, SaisieJeton};
use super::pages::{self, Fait, redirection};
use super::refus::Refus;
use super::service::BackOffice;
use super::session::{self, Operateur, identifiants_valides};

pub async fn page_connexion(request: HttpRequest, operateur: Option<Operateur>) -> HttpResponse {
    if operateur.is_some() {
        return redirection(MOUNT.to_owned());
    }
    pages::reponse(StatusCode::OK, pages::connexion("", None, Fait::depuis(request.query_string())))
}

/// The sign-in form carries no anti-forgery token: there is no session yet to tie it to, and
/// a page of another site signing a browser in as the one demo operator would gain nothing.
pub async fn connexion(
    request: HttpRequest,
    saisie: web::Form<SaisieConnexion>,
    back_office: web::Data<BackOffice>,
) -> HttpResponse {
    let sessions = &back_office.sessions;
    let adresse = session::adresse(&request);
    if let Err(secondes) = sessions.admettre(adresse) {
        let minutes = secondes.div_ceil(60);
        let message = format!(
            "Trop de tentatives de connexion depuis votre adresse : réessayez dans {minutes} minute{}.",
            if minutes > 1 { "s" } else { "" }
        );
        let mut reponse = pages::reponse(
            StatusCode::TOO_MANY_REQUESTS,
            pages::connexion(&saisie.identifiant, Some(&message), None),
        );
        reponse.headers_mut().insert(header::RETRY_AFTER, secondes.into());
        return reponse;
    }
    if !identifiants_valides(&saisie.identifiant, &saisie.mot_de_passe) {
        sessions.echec(adresse);
        return pages::reponse(
            StatusCode::UNAUTHORIZED,
            pages::connexion(&saisie.identifiant, Some("Identifiant ou mot de passe incorrect."), None),
        );
    }
    sessions.reussite(adresse);
    let mut reponse = redirection(MOUNT.to_owned());
    reponse.add_cookie(&sessions.ouvrir()).expect("a valid cookie");
    reponse
}

pub async fn deconnexion(
    operateur: Operateur,
    saisie: web::Form<SaisieJeton>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    operateur.verifier(&saisie.jeton)?;
    let mut reponse = redirection(format!("{MOUNT}/connexion?fait={}", Fait::Deconnexion.code()));
    reponse.add_cookie(&back_office.sessions.fermer(&operateur)).expect("a valid cookie");
    Ok(reponse)
}
