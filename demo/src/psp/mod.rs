//! A stand-in for the payment service provider's hosted page, in Lyra's payment form (PayZen,
//! Systempay), under `/_demo/psp`: it takes the shop's signed form, asks for one of its test
//! cards (and, for one of them, a 3-D Secure code), then sends the shop its signed
//! notification, server to server, before sending the member back. What the portal and the
//! member API do with it is what they would do with the provider's.

mod adresses;
mod cartes;
mod pages;

use std::time::Duration;

use actix_web::{HttpResponse, Scope, web};
use bytes::Bytes;
use chrono::{DateTime, Datelike, Utc};
use secrecy::ExposeSecret;

use self::adresses::MOUNT;
pub use self::adresses::PAGE;
use self::cartes::{Carte, Comportement, Conclusion};
use crate::settings::Boutique;

/// The demo shop's identifier.
pub const SITE_ID: &str = "10000001";

/// How long a form may be used after the shop signed it (`vads_trans_date`): a provider refuses
/// an old form rather than take a payment for an order that may be stale.
const VALIDITE_FORMULAIRE_MINUTES: i64 = 15;
/// The shop answers its notification in this time, or it is sent again later.
const DELAI_NOTIFICATION: Duration = Duration::from_secs(10);
/// The notifications sent lately, kept so that « Renvoyer la notification » sends one again.
const NOTIFICATIONS_GARDEES: u64 = 1_000;

/// The stand-in: the shop it serves, its client for the notifications, what it sent.
pub struct Psp {
    boutique: Boutique,
    http: reqwest::Client,
    mutuelle: String,
    /// By transaction: the signed notification, where it went, where the member goes back.
    envoyees: moka::sync::Cache<String, Envoi>,
}

#[derive(Clone)]
struct Envoi {
    champs: Vec<(String, String)>,
    vers: String,
    retour: String,
}

impl Psp {
    pub fn new(boutique: Boutique, http: reqwest::Client, mutuelle: String) -> Self {
        let envoyees = moka::sync::Cache::builder()
            .max_capacity(NOTIFICATIONS_GARDEES)
            .time_to_live(Duration::from_secs(3_600))
            .build();
        Self { boutique, http, mutuelle, envoyees }
    }
}

pub fn scope(psp: web::Data<Psp>) -> Scope {
    web::scope(MOUNT)
        .app_data(psp)
        .app_data(web::PayloadConfig::new(32 * 1024))
        .service(web::resource("/vads-payment/").post(formulaire))
        .service(web::resource("/carte").post(carte))
        .service(web::resource("/3ds").post(trois_d_secure))
        .service(web::resource("/renvoi").post(renvoi))
        .service(web::resource("/style.css").get(crate::provider::pages::stylesheet))
}

/// The shop's form as received: its `vads_*` fields and signature, checked, and the rest.
struct Recu {
    marchand: Vec<(String, String)>,
    autres: Vec<(String, String)>,
}

impl Recu {
    fn champ(&self, name: &str) -> Option<&str> {
        vads::field(&self.marchand, name).or_else(|| vads::field(&self.autres, name))
    }
}

/// Reads `body` and checks the shop's part as a provider does: its signature, the shop, the
/// currency, an amount, an order, the addresses, and that the form is recent.
fn recu(psp: &Psp, body: &[u8], maintenant: DateTime<Utc>) -> Result<Recu, &'static str> {
    let champs: Vec<(String, String)> =
        serde_urlencoded::from_bytes(body).map_err(|_| "Le formulaire de paiement est illisible.")?;
    let (marchand, autres) =
        champs.into_iter().partition(|(name, _)| name.starts_with("vads_") || name == vads::SIGNATURE);
    let recu = Recu { marchand, autres };
    vads::verify(&recu.marchand, recu_cle(psp))
        .map_err(|_| "La signature du formulaire de paiement ne correspond pas à celle de la boutique.")?;
    let boutique = recu.champ("vads_site_id") == Some(psp.boutique.site_id.as_str())
        && recu.champ("vads_ctx_mode") == Some(psp.boutique.mode.as_str());
    let montant = recu.champ("vads_amount").and_then(|m| m.parse::<i64>().ok()).filter(|m| *m > 0);
    let complet = recu.champ("vads_currency") == Some("978")
        && recu.champ("vads_order_id").is_some_and(|id| !id.is_empty())
        && recu.champ("vads_url_check").is_some()
        && recu.champ("vads_url_return").is_some();
    if !boutique || montant.is_none() || !complet {
        return Err("Le formulaire de paiement est incomplet.");
    }
    let date = recu
        .champ("vads_trans_date")
        .and_then(|date| chrono::NaiveDateTime::parse_from_str(date, "%Y%m%d%H%M%S").ok())
        .map(|date| date.and_utc());
    let recent = date.is_some_and(|date| {
        let age = maintenant - date;
        age >= -chrono::Duration::minutes(5) && age <= chrono::Duration::minutes(VALIDITE_FORMULAIRE_MINUTES)
    });
    if !recent {
        return Err(
            "Ce formulaire de paiement a expiré : retournez sur le site du marchand pour recommencer.",
        );
    }
    Ok(recu)
}

fn recu_cle(psp: &Psp) -> &[u8] {
    psp.boutique.cle.expose_secret().as_bytes()
}

async fn formulaire(body: Bytes, psp: web::Data<Psp>) -> HttpResponse {
    match recu(&psp, &body, Utc::now()) {
        Ok(recu) => pages::carte(&psp.mutuelle, &recu.marchand, None),
        Err(message) => pages::erreur(message),
    }
}

async fn carte(body: Bytes, psp: web::Data<Psp>) -> HttpResponse {
    let maintenant = Utc::now();
    let recu = match recu(&psp, &body, maintenant) {
        Ok(recu) => recu,
        Err(message) => return pages::erreur(message),
    };
    if recu.champ("action") == Some("annuler") {
        return conclure(&psp, &recu, Conclusion::Abandon, None).await;
    }
    let mois = (maintenant.year(), maintenant.month());
    let saisie = cartes::lire(
        recu.champ("numero").unwrap_or_default(),
        recu.champ("expiration").unwrap_or_default(),
        recu.champ("cryptogramme").unwrap_or_default(),
        mois,
    );
    match saisie {
        Err(message) => pages::carte(&psp.mutuelle, &recu.marchand, Some(message)),
        Ok(carte) => match carte.comportement {
            Comportement::Acceptee => conclure(&psp, &recu, Conclusion::Acceptee, Some(&carte)).await,
            Comportement::Refusee => conclure(&psp, &recu, Conclusion::Refusee, Some(&carte)).await,
            Comportement::TroisDSecure => pages::trois_d_secure(&recu.marchand, &carte.masque, None),
        },
    }
}

async fn trois_d_secure(body: Bytes, psp: web::Data<Psp>) -> HttpResponse {
    let recu = match recu(&psp, &body, Utc::now()) {
        Ok(recu) => recu,
        Err(message) => return pages::erreur(message),
    };
    // The masked number comes back from the page: only its shape is checked, it charges nothing.
    let masque = recu.champ("carte").filter(|m| m.len() == 16 && m.is_ascii()).unwrap_or("497010XXXXXX0063");
    let carte = Carte { masque: masque.to_owned(), comportement: Comportement::TroisDSecure };
    if recu.champ("action") == Some("annuler") {
        return conclure(&psp, &recu, Conclusion::Abandon, None).await;
    }
    let conclusion = if recu.champ("code").map(str::trim) == Some(cartes::CODE_3DS) {
        Conclusion::Acceptee
    } else {
        Conclusion::EchecTroisDSecure
    };
    conclure(&psp, &recu, conclusion, Some(&carte)).await
}

/// Notifies the shop of `conclusion`, then tells the member and sends them back.
async fn conclure(psp: &Psp, recu: &Recu, conclusion: Conclusion, carte: Option<&Carte>) -> HttpResponse {
    let champs = notification(psp, recu, conclusion, carte);
    let transaction = vads::field(&champs, "vads_trans_uuid").unwrap_or_default().to_owned();
    let envoi = Envoi {
        vers: recu.champ("vads_url_check").unwrap_or_default().to_owned(),
        retour: recu.champ("vads_url_return").unwrap_or_default().to_owned(),
        champs,
    };
    let reponse = notifier(psp, &envoi).await;
    psp.envoyees.insert(transaction.clone(), envoi.clone());
    let montant = recu.champ("vads_amount").and_then(|m| m.parse().ok()).unwrap_or(0);
    pages::resultat(&pages::Resultat {
        conclusion,
        montant,
        commande: recu.champ("vads_order_id").unwrap_or_default(),
        transaction: &transaction,
        retour: &envoi.retour,
        reponse: &reponse,
    })
}

/// The notification of `conclusion`, as the provider signs it with the shop's key.
fn notification(
    psp: &Psp,
    recu: &Recu,
    conclusion: Conclusion,
    carte: Option<&Carte>,
) -> Vec<(String, String)> {
    const REPRIS: [&str; 11] = [
        "vads_action_mode",
        "vads_amount",
        "vads_ctx_mode",
        "vads_currency",
        "vads_order_id",
        "vads_page_action",
        "vads_payment_config",
        "vads_site_id",
        "vads_trans_date",
        "vads_trans_id",
        "vads_version",
    ];
    let mut champs: Vec<(String, String)> = REPRIS
        .iter()
        .filter_map(|name| recu.champ(name).map(|value| ((*name).to_owned(), value.to_owned())))
        .collect();
    let (statut, resultat, threeds) = match conclusion {
        Conclusion::Acceptee => ("AUTHORISED", "00", "Y"),
        Conclusion::Refusee => ("REFUSED", "05", "Y"),
        Conclusion::EchecTroisDSecure => ("REFUSED", "", "N"),
        Conclusion::Abandon => ("ABANDONED", "", ""),
    };
    let uuid: [u8; 16] = rand::random();
    let uuid: String = uuid.iter().map(|byte| format!("{byte:02x}")).collect();
    let mut ajoutes = vec![
        ("vads_trans_status", statut.to_owned()),
        ("vads_auth_result", resultat.to_owned()),
        ("vads_threeds_status", threeds.to_owned()),
        ("vads_trans_uuid", uuid),
        ("vads_url_check_src", "PAY".to_owned()),
        ("vads_effective_amount", recu.champ("vads_amount").unwrap_or_default().to_owned()),
    ];
    if let Some(carte) = carte {
        ajoutes.push(("vads_card_brand", "CB".to_owned()));
        ajoutes.push(("vads_card_number", carte.masque.clone()));
    }
    champs.extend(ajoutes.into_iter().map(|(name, value)| (name.to_owned(), value)));
    let signature = vads::sign(champs.iter().map(|(n, v)| (n.as_str(), v.as_str())), recu_cle(psp));
    champs.push((vads::SIGNATURE.to_owned(), signature));
    champs
}

/// Sends `envoi` to the shop: its answer's status and first words, or why it got none.
async fn notifier(psp: &Psp, envoi: &Envoi) -> String {
    let sent = psp.http.post(&envoi.vers).timeout(DELAI_NOTIFICATION).form(&envoi.champs).send().await;
    match sent {
        Ok(answer) => {
            let status = answer.status().as_u16();
            let text = answer.text().await.unwrap_or_default();
            let debut: String = text.chars().take(120).collect();
            tracing::info!(status, "demo payment notification sent");
            format!("{status} {debut}")
        }
        Err(error) => {
            tracing::warn!(error = %error, "demo payment notification not delivered");
            "aucune réponse".to_owned()
        }
    }
}

#[derive(serde::Deserialize)]
struct Renvoi {
    transaction: String,
}

/// « Renvoyer la notification »: the same signed notification again, as a provider's back
/// office does on demand; the shop must take it once only.
async fn renvoi(form: web::Form<Renvoi>, psp: web::Data<Psp>) -> HttpResponse {
    let Some(envoi) = psp.envoyees.get(&form.transaction) else {
        return pages::erreur("Cette notification n’est plus connue : elle date de plus d’une heure.");
    };
    let reponse = notifier(&psp, &envoi).await;
    pages::renvoyee(&envoi.retour, &reponse)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn psp() -> Psp {
        Psp::new(
            Boutique {
                site_id: SITE_ID.into(),
                cle: "a demo shop key".to_owned().into(),
                mode: "TEST".into(),
            },
            reqwest::Client::new(),
            "Mutuelle".into(),
        )
    }

    fn formulaire_signe(date: &str, cle: &[u8]) -> String {
        let mut champs = vec![
            ("vads_amount", "3850"),
            ("vads_ctx_mode", "TEST"),
            ("vads_currency", "978"),
            ("vads_order_id", "P1"),
            ("vads_site_id", SITE_ID),
            ("vads_trans_date", date),
            ("vads_trans_id", "000042"),
            ("vads_url_check", "http://127.0.0.1:1/paiement/notification"),
            ("vads_url_return", "http://127.0.0.1:1/retour"),
        ];
        let signature = vads::sign(champs.iter().copied(), cle);
        champs.push(("signature", &signature));
        serde_urlencoded::to_string(&champs).unwrap()
    }

    #[test]
    fn the_shops_recent_signed_form_is_taken_and_its_notification_signed_with_its_key() {
        let maintenant = Utc::now();
        let date = maintenant.format("%Y%m%d%H%M%S").to_string();
        let psp = psp();
        let recu = recu(&psp, formulaire_signe(&date, b"a demo shop key").as_bytes(), maintenant).unwrap();
        let carte = Carte { masque: "497010XXXXXX0014".into(), comportement: Comportement::Acceptee };
        let champs = notification(&psp, &recu, Conclusion::Acceptee, Some(&carte));
        assert_eq!(vads::verify(&champs, b"a demo shop key"), Ok(()));
        assert_eq!(vads::field(&champs, "vads_trans_status"), Some("AUTHORISED"));
        assert_eq!(vads::field(&champs, "vads_card_number"), Some("497010XXXXXX0014"));
        assert_eq!(vads::field(&champs, "vads_url_check"), None, "the addresses stay with the shop");
    }

    #[test]
    fn a_form_not_the_shops_or_too_old_is_refused() {
        let maintenant = Utc::now();
        let date = maintenant.format("%Y%m%d%H%M%S").to_string();
        let psp = psp();
        let forged = recu(&psp, formulaire_signe(&date, b"a guess").as_bytes(), maintenant).err();
        assert_eq!(
            forged,
            Some("La signature du formulaire de paiement ne correspond pas à celle de la boutique.")
        );
        let old = (maintenant - chrono::Duration::minutes(16)).format("%Y%m%d%H%M%S").to_string();
        let stale = recu(&psp, formulaire_signe(&old, b"a demo shop key").as_bytes(), maintenant).err();
        assert_eq!(
            stale,
            Some("Ce formulaire de paiement a expiré : retournez sur le site du marchand pour recommencer.")
        );
    }
}
