//! The stand-in's pages, in French, under the portal's Content-Security-Policy (no inline
//! script or style): the card, the 3-D Secure code, the outcome, and the refusals.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use maud::{Markup, html};

use super::adresses::MOUNT;
use super::cartes::{CARTES, CODE_3DS, Conclusion};
use crate::member_api::pdf::impression::montant;
use crate::provider::pages::{layout, respond};

const NOM: &str = "Paiement sécurisé de démonstration";

/// The shop's signed fields, carried from page to page as they came.
fn champs_caches(marchand: &[(String, String)]) -> Markup {
    html! {
        @for (name, value) in marchand {
            input type="hidden" name=(name) value=(value);
        }
    }
}

fn montant_de(marchand: &[(String, String)]) -> String {
    montant(vads::field(marchand, "vads_amount").and_then(|m| m.parse().ok()).unwrap_or(0))
}

/// The card form, with `erreur` when the card typed was refused.
pub fn carte(mutuelle: &str, marchand: &[(String, String)], erreur: Option<&str>) -> HttpResponse {
    let a_payer = montant_de(marchand);
    let body = html! {
        h1 { "Paiement sécurisé" }
        p.intro { "Bénéficiaire : " (mutuelle) }
        dl.recap {
            dt { "Montant" } dd { (a_payer) }
            dt { "Référence de la commande" } dd { (vads::field(marchand, "vads_order_id").unwrap_or_default()) }
        }
        div.demo-cards {
            h2 { "Cartes de test" }
            p { "Démonstration : aucune carte réelle n’est débitée. Utilisez l’une de ces cartes, avec une date d’expiration à venir et un cryptogramme de 3 chiffres." }
            ul {
                @for (numero, _, effet) in CARTES {
                    li { (numero) " : " (effet) }
                }
            }
        }
        @if let Some(erreur) = erreur {
            p.message role="alert" { (erreur) }
        }
        form.payment method="post" action={ (MOUNT) "/carte" } {
            (champs_caches(marchand))
            label for="numero" { "Numéro de carte" }
            input #numero type="text" name="numero" inputmode="numeric" autocomplete="cc-number" required;
            label for="expiration" { "Date d’expiration (MM/AA)" }
            input #expiration type="text" name="expiration" autocomplete="cc-exp" placeholder="MM/AA" required;
            label for="cryptogramme" { "Cryptogramme visuel" }
            input #cryptogramme type="text" name="cryptogramme" inputmode="numeric" autocomplete="cc-csc" required;
            button type="submit" name="action" value="payer" { "Payer " (a_payer) }
        }
        (annuler(marchand, "/carte"))
    };
    respond(
        if erreur.is_some() { StatusCode::UNPROCESSABLE_ENTITY } else { StatusCode::OK },
        page("Paiement", body),
    )
}

/// « Annuler et retourner sur le site du marchand »: its own form, so that no field is required.
fn annuler(marchand: &[(String, String)], action: &str) -> Markup {
    html! {
        form.cancel method="post" action={ (MOUNT) (action) } {
            (champs_caches(marchand))
            button.secondary type="submit" name="action" value="annuler" { "Annuler et retourner sur le site du marchand" }
        }
    }
}

/// The bank's 3-D Secure step for the card `masque`.
pub fn trois_d_secure(marchand: &[(String, String)], masque: &str, erreur: Option<&str>) -> HttpResponse {
    let body = html! {
        h1 { "Authentification 3-D Secure" }
        p.intro {
            "Votre banque vous demande de confirmer le paiement de " (montant_de(marchand))
            " avec la carte •••• " (masque.get(masque.len().saturating_sub(4)..).unwrap_or_default()) "."
        }
        p.demo-cards { "Démonstration : le code est " (CODE_3DS) "." }
        @if let Some(erreur) = erreur {
            p.message role="alert" { (erreur) }
        }
        form.payment method="post" action={ (MOUNT) "/3ds" } {
            (champs_caches(marchand))
            input type="hidden" name="carte" value=(masque);
            label for="code" { "Code reçu par SMS" }
            input #code type="text" name="code" inputmode="numeric" autocomplete="one-time-code" required;
            button type="submit" name="action" value="valider" { "Valider" }
        }
        (annuler(marchand, "/3ds"))
    };
    respond(StatusCode::OK, page("Authentification 3-D Secure", body))
}

/// What the outcome page shows.
pub struct Resultat<'a> {
    pub conclusion: Conclusion,
    pub montant: i64,
    pub commande: &'a str,
    pub transaction: &'a str,
    pub retour: &'a str,
    /// The shop's answer to the notification.
    pub reponse: &'a str,
}

pub fn resultat(resultat: &Resultat<'_>) -> HttpResponse {
    let (titre, phrase) = match resultat.conclusion {
        Conclusion::Acceptee => ("Paiement accepté", "Votre paiement est accepté."),
        Conclusion::Refusee => ("Paiement refusé", "Votre banque a refusé le paiement. Rien n’a été débité."),
        Conclusion::EchecTroisDSecure => {
            ("Paiement refusé", "L’authentification 3-D Secure n’a pas abouti. Rien n’a été débité.")
        }
        Conclusion::Abandon => ("Paiement annulé", "Vous avez annulé le paiement. Rien n’a été débité."),
    };
    let body = html! {
        h1 { (titre) }
        p.intro { (phrase) }
        dl.recap {
            dt { "Montant" } dd { (montant(resultat.montant)) }
            dt { "Référence de la commande" } dd { (resultat.commande) }
            dt { "Transaction" } dd { (resultat.transaction) }
        }
        a.back href=(resultat.retour) { "Retourner sur le site du marchand" }
        (notification_envoyee(resultat.transaction, resultat.reponse))
    };
    respond(StatusCode::OK, page(titre, body))
}

/// What the shop answered to the notification, and « Renvoyer la notification ».
fn notification_envoyee(transaction: &str, reponse: &str) -> Markup {
    html! {
        div.demo-cards {
            h2 { "Notification à la boutique" }
            p { "Démonstration : la boutique a répondu « " (reponse) " »." }
            form method="post" action={ (MOUNT) "/renvoi" } {
                input type="hidden" name="transaction" value=(transaction);
                button.secondary type="submit" { "Renvoyer la notification" }
            }
        }
    }
}

/// After « Renvoyer la notification ».
pub fn renvoyee(retour: &str, reponse: &str) -> HttpResponse {
    let body = html! {
        h1 { "Notification renvoyée" }
        p.intro { "La boutique a répondu « " (reponse) " »." }
        a.back href=(retour) { "Retourner sur le site du marchand" }
    };
    respond(StatusCode::OK, page("Notification renvoyée", body))
}

/// A form the stand-in refuses, as a provider does: no way on, the member goes back.
pub fn erreur(message: &str) -> HttpResponse {
    let body = html! {
        h1 { "Paiement impossible" }
        p.message role="alert" { (message) }
    };
    respond(StatusCode::BAD_REQUEST, page("Paiement impossible", body))
}

fn page(title: &str, body: Markup) -> Markup {
    layout(
        NOM,
        &format!("{MOUNT}/style.css"),
        "Environnement de démonstration : aucun paiement réel n’est effectué.",
        title,
        body,
    )
}
