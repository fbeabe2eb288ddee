//! The provider's pages, in French. They live under the portal's Content-Security-Policy, so
//! they use no inline script or style: the stylesheet is served beside them.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{self, ContentType};
use maud::{DOCTYPE, Markup, html};
use url::Url;

use super::config::MOUNT;
use crate::personas::{PERSONAS, PROCHES, Persona};

/// The demo services' one stylesheet (the provider's pages, the payment stand-in's).
const STYLESHEET: &str = include_str!("style.css");
const PROVIDER_NAME: &str = "Fournisseur d’identité de démonstration";

/// The member picks one of the fictitious members; `pending` names the checked request.
pub fn sign_in(pending: &str) -> HttpResponse {
    let body = html! {
        h1 { "Connexion à votre espace assuré" }
        p.intro {
            "Ce fournisseur d’identité sert uniquement à la démonstration de l’espace assuré. "
            "Les adhérents ci-dessous sont fictifs : choisissez celui sous l’identité duquel vous "
            "souhaitez vous connecter. Aucun mot de passe n’est demandé."
        }
        form method="post" action={ (MOUNT) "/sign-in" } {
            input type="hidden" name="request" value=(pending);
            h2 id="members-title" { "Adhérents de démonstration" }
            (people("members-title", &PERSONAS, |member| format!("numéro de personne {}", member.person_number)))
            h2 id="proches-title" { "Proches et mandataires de démonstration" }
            p.intro {
                "Ces personnes ne sont pas adhérentes : elles agissent pour un adhérent qui leur a "
                "donné une délégation, ou dont la mutuelle les a enregistrées comme tuteur ou curateur ; "
                "ou, bénéficiaires d’un contrat, elles y ont leur propre espace."
            }
            (people("proches-title", &PROCHES, |proche| proche.email.to_owned()))
        }
    };
    respond(StatusCode::OK, page("Connexion", body))
}

/// One button per person of `personas`, named by the heading `titre`, each described by its
/// civility, name and `detail`.
fn people(titre: &str, personas: &[Persona], detail: fn(&Persona) -> String) -> Markup {
    html! {
        ul.members aria-labelledby=(titre) {
            @for persona in personas {
                @let id = format!("member-{}", persona.person_number);
                li.member {
                    button type="submit" name="person" value=(persona.person_number) aria-describedby=(id) {
                        "Se connecter en tant que " (persona.prenom) " " (persona.nom)
                    }
                    p.member-detail id=(id) {
                        (persona.civilite) " " (persona.prenom) " " (persona.nom) " · " (detail(persona))
                    }
                }
            }
        }
    }
}

/// Why the provider refuses to go on, in a page for the member.
#[derive(Debug, Clone, Copy)]
pub enum Refusal {
    MalformedSignIn,
    UnknownClient,
    UnregisteredRedirect,
    UnknownMember,
    ExpiredSignIn,
    MalformedLogout,
    InvalidLogoutHint,
    UnregisteredLogoutRedirect,
}

impl Refusal {
    fn title_and_message(self) -> (&'static str, &'static str) {
        match self {
            Self::MalformedSignIn => (
                "Demande de connexion illisible",
                "L’adresse de connexion est mal formée. Retournez sur l’espace assuré et cliquez à nouveau sur « Se connecter ».",
            ),
            Self::UnknownClient => (
                "Application inconnue",
                "L’application qui vous a dirigé ici n’est pas enregistrée auprès de ce fournisseur d’identité.",
            ),
            Self::UnregisteredRedirect => (
                "Adresse de retour non autorisée",
                "L’adresse vers laquelle vous deviez revenir après la connexion n’est pas enregistrée pour cette application. Par sécurité, la connexion est interrompue.",
            ),
            Self::UnknownMember => (
                "Adhérent inconnu",
                "Cet adhérent de démonstration n’existe pas. Retournez sur l’espace assuré et choisissez un adhérent dans la liste.",
            ),
            Self::ExpiredSignIn => (
                "Demande de connexion expirée",
                "Cette demande de connexion a expiré ou a déjà été utilisée. Retournez sur l’espace assuré et cliquez à nouveau sur « Se connecter ».",
            ),
            Self::MalformedLogout => (
                "Demande de déconnexion illisible",
                "L’adresse de déconnexion est mal formée. Fermez cette page pour terminer votre session.",
            ),
            Self::InvalidLogoutHint => (
                "Demande de déconnexion refusée",
                "La preuve d’identité jointe à cette demande de déconnexion n’est pas valable.",
            ),
            Self::UnregisteredLogoutRedirect => (
                "Adresse de retour non autorisée",
                "L’adresse vers laquelle vous deviez revenir après la déconnexion n’est pas enregistrée pour cette application.",
            ),
        }
    }
}

/// A refusal the member can read; never a redirect, whose target could not be trusted. The
/// link goes back to the portal at its registered address, never at one the request named.
pub fn refusal(refusal: Refusal, portal: &Url) -> HttpResponse {
    let (title, message) = refusal.title_and_message();
    let body = html! {
        h1 { (title) }
        p.message role="alert" { (message) }
        a.back href=(portal) { "Retour à l’espace assuré" }
    };
    respond(StatusCode::BAD_REQUEST, page(title, body))
}

/// After a logout that named no address to return to.
pub fn signed_out() -> HttpResponse {
    let body = html! {
        h1 { "Vous êtes déconnecté" }
        p.message { "Votre session auprès du fournisseur d’identité de démonstration est terminée. Vous pouvez fermer cette page." }
    };
    respond(StatusCode::OK, page("Déconnexion", body))
}

pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(STYLESHEET)
}

fn page(title: &str, body: Markup) -> Markup {
    layout(
        PROVIDER_NAME,
        &format!("{MOUNT}/style.css"),
        "Environnement de démonstration : les adhérents et leurs données sont fictifs.",
        title,
        body,
    )
}

/// A demo service's page (the provider's, the payment stand-in's): its name and « Démo »
/// badge, `body` in a card, a footer that says what is fictitious.
pub(crate) fn layout(name: &str, stylesheet: &str, footer: &str, title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="fr" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { (title) " – " (name) }
                link rel="stylesheet" href=(stylesheet);
            }
            body {
                header.banner {
                    p.provider { (name) }
                    p.badge { "Démo" }
                }
                main.card { (body) }
                footer.footer {
                    p { (footer) }
                }
            }
        }
    }
}

pub(crate) fn respond(status: StatusCode, page: Markup) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header(ContentType::html())
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(page.into_string())
}
