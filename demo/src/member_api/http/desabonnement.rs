//! `/_demo/desabonnement?jeton=…`: an alert's unsubscribe link (RFC 8058), which works signed
//! out. A GET shows what the link would turn off and a button to confirm; it turns nothing off
//! itself, since mail scanners follow every link of a message. A POST (a mail client's
//! one-click `List-Unsubscribe=One-Click`, or the page's button) turns that alert off, as many
//! times as it is sent. A token this API did not sign, or not in its one form, gets a page
//! saying so (400).

use actix_web::http::StatusCode;
use actix_web::http::header::{self, ContentType};
use actix_web::{HttpRequest, HttpResponse, web};
use maud::{DOCTYPE, Markup, html};
use serde::Deserialize;

use super::context::Context;
use crate::member_api::failure::ApiFailure;
use crate::member_api::mail::courriels::{INFORMATIONS_PERSONNELLES, Nature};
use crate::member_api::mail::jeton_desabonnement::CHEMIN;
use crate::member_api::store::courriels;
use crate::member_api::store::preferences::{self, Alerte};

pub fn resource(context: web::Data<Context>) -> actix_web::Resource {
    web::resource(CHEMIN).app_data(context).get(confirmer).post(desabonner)
}

#[derive(Deserialize)]
struct Lien {
    jeton: String,
}

/// What a valid link turns off.
struct Desabonnement {
    numero_personne: String,
    alerte: Alerte,
    jeton: String,
}

/// What the request's link turns off; `None` for a missing, forged, malformed or foreign
/// token, or one of an email that is no alert.
async fn du_lien(
    request: &HttpRequest,
    context: &web::Data<Context>,
) -> Result<Option<Desabonnement>, ApiFailure> {
    let Ok(Lien { jeton }) = serde_urlencoded::from_str::<Lien>(request.query_string()) else {
        return Ok(None);
    };
    let Some(courriel) = context.cle_desabonnement.verifier(&jeton) else { return Ok(None) };
    let trouve = context.db.run(move |db| Ok(courriels::destinataire(db, courriel)?)).await?;
    Ok(trouve.and_then(|(numero_personne, nature)| match Nature::parse(&nature) {
        Some(Nature::Alerte(alerte)) => Some(Desabonnement { numero_personne, alerte, jeton }),
        _ => None,
    }))
}

async fn confirmer(request: HttpRequest, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let Some(Desabonnement { alerte, jeton, .. }) = du_lien(&request, &context).await? else {
        return Ok(lien_invalide(&context));
    };
    // The token is checked: digits, a dot and base64url, nothing to escape in an address.
    let action = format!("{CHEMIN}?jeton={jeton}");
    let body = html! {
        h1 { "Se désabonner d’une alerte" }
        p.message {
            "Vous ne recevrez plus de courriel pour l’alerte « " (alerte.nom()) " » de votre espace assuré."
        }
        p.message {
            "Les courriels de sécurité, envoyés quand vos coordonnées bancaires sont modifiées ou lors "
            "d’une connexion depuis un nouvel appareil, continueront de vous parvenir."
        }
        form method="post" action=(action) {
            input type="hidden" name="List-Unsubscribe" value="One-Click";
            button.action type="submit" { "Confirmer le désabonnement" }
        }
    };
    Ok(page(&context, StatusCode::OK, "Se désabonner d’une alerte", body))
}

async fn desabonner(request: HttpRequest, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let Some(Desabonnement { numero_personne, alerte, .. }) = du_lien(&request, &context).await? else {
        return Ok(lien_invalide(&context));
    };
    context.db.run(move |db| Ok(preferences::desactiver(db, &numero_personne, alerte)?)).await?;
    let body = html! {
        h1 { "Désabonnement confirmé" }
        p.message role="status" {
            "Vous ne recevrez plus de courriel pour l’alerte « " (alerte.nom()) " ». Vous pouvez la réactiver "
            "à tout moment dans « Mes préférences », parmi vos informations personnelles."
        }
        a.back href=(preferences_du_membre(&context)) { "Aller à mes préférences" }
    };
    Ok(page(&context, StatusCode::OK, "Désabonnement confirmé", body))
}

fn lien_invalide(context: &Context) -> HttpResponse {
    let body = html! {
        h1 { "Lien de désabonnement non valable" }
        p.message role="alert" {
            "Ce lien de désabonnement n’est pas valable : il est incomplet ou a été modifié. Utilisez le lien "
            "tel qu’il figure dans le courriel reçu, ou choisissez vos alertes dans « Mes préférences », "
            "parmi vos informations personnelles."
        }
        a.back href=(preferences_du_membre(context)) { "Aller à mes préférences" }
    };
    page(context, StatusCode::BAD_REQUEST, "Lien de désabonnement non valable", body)
}

/// « Mes préférences » in the portal (the member signs in on the way, if need be).
fn preferences_du_membre(context: &Context) -> String {
    format!("{}{}", context.public_url.as_str().trim_end_matches('/'), INFORMATIONS_PERSONNELLES)
}

/// A page in French, readable on a phone (the demo's pages' stylesheet).
fn page(context: &Context, status: StatusCode, titre: &str, body: Markup) -> HttpResponse {
    let markup = html! {
        (DOCTYPE)
        html lang="fr" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { (titre) " – " (context.mutuelle) }
                link rel="stylesheet" href="/_demo/idp/style.css";
            }
            body {
                header.banner {
                    p.provider { (context.mutuelle) }
                    p.badge { "Démo" }
                }
                main.card { (body) }
            }
        }
    };
    HttpResponse::build(status)
        .insert_header(ContentType::html())
        .insert_header((header::CACHE_CONTROL, "no-store"))
        // The token is in the address: no page it links to learns it.
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .body(markup.into_string())
}
