//! The payment form the browser posts to the provider's page: the order the member API issued,
//! in the provider's fields, signed with the shop's key so that the provider takes it as the
//! shop's and nobody on the way can change the amount or the order.

use std::collections::BTreeMap;
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::Boutique;
use crate::error::ApiError;

/// The order as the member API issued it (`PaiementEnLigne`), as far as the form needs it.
#[derive(Debug, Deserialize)]
pub struct Commande {
    pub commande: String,
    pub centimes: i64,
    pub devise: String,
}

/// What the browser posts, and where.
#[derive(Debug, Serialize)]
pub struct Formulaire {
    pub action: String,
    pub champs: BTreeMap<&'static str, String>,
}

/// The most a member owes that a card pays at once: beyond, the member API is not believed.
const CENTIMES_MAX: i64 = 10_000_000;
/// How many transaction numbers are drawn before giving up: the provider takes 900 000 a day
/// per shop, so a second draw is already rare.
const TIRAGES: usize = 8;
/// A number is the day's (UTC) at the provider; held a little over a day.
const NUMERO_GARDE: Duration = Duration::from_secs(26 * 3600);

impl Boutique {
    /// The signed form for `commande`, as of `now`.
    pub async fn formulaire(&self, commande: &Commande, now: DateTime<Utc>) -> Result<Formulaire, ApiError> {
        // The member API's answer is checked before the portal signs anything with it.
        let reference_ok = !commande.commande.is_empty()
            && commande.commande.len() <= 32
            && commande.commande.bytes().all(|byte| byte.is_ascii_uppercase() || byte.is_ascii_digit());
        if !reference_ok || !(1..=CENTIMES_MAX).contains(&commande.centimes) || commande.devise != "EUR" {
            return Err(ApiError::BadGateway("the member API's order is not one to pay".into()));
        }
        let trans_id = self.numero_de_transaction(now).await?;
        let retour = self.public_url.join(&format!("mutuelle/cotisations/paiement/{}", commande.commande));
        let notification = self.public_url.join(super::notification::PATH.trim_start_matches('/'));
        let (Ok(retour), Ok(notification)) = (retour, notification) else {
            return Err(ApiError::Internal(anyhow::anyhow!("the portal's own addresses")));
        };
        let mut champs: BTreeMap<&'static str, String> = [
            ("vads_action_mode", "INTERACTIVE".to_owned()),
            ("vads_amount", commande.centimes.to_string()),
            ("vads_ctx_mode", self.mode.to_owned()),
            // ISO 4217 numeric: the euro.
            ("vads_currency", "978".to_owned()),
            ("vads_language", "fr".to_owned()),
            ("vads_order_id", commande.commande.clone()),
            ("vads_page_action", "PAYMENT".to_owned()),
            ("vads_payment_config", "SINGLE".to_owned()),
            // The browser's return carries nothing: the page reads the order from the member
            // API, which only the notification settles.
            ("vads_return_mode", "NONE".to_owned()),
            ("vads_site_id", self.site_id.clone()),
            ("vads_trans_date", now.format("%Y%m%d%H%M%S").to_string()),
            ("vads_trans_id", trans_id),
            ("vads_url_check", notification.to_string()),
            ("vads_url_return", retour.to_string()),
            ("vads_version", "V2".to_owned()),
        ]
        .into_iter()
        .collect();
        let signature = vads::sign(champs.iter().map(|(name, value)| (*name, value.as_str())), self.key());
        champs.insert(vads::SIGNATURE, signature);
        Ok(Formulaire { action: self.page.to_string(), champs })
    }

    /// A transaction number (`vads_trans_id`, 000000 to 899999) no other form of the day has,
    /// on any instance: drawn at random and claimed in the shared store.
    async fn numero_de_transaction(&self, now: DateTime<Utc>) -> Result<String, ApiError> {
        let day = now.format("%Y%m%d");
        for _ in 0..TIRAGES {
            let numero = format!("{:06}", uuid::Uuid::new_v4().as_u128() % 900_000);
            let claimed =
                self.coordination.claim_once(&format!("vads-trans:{day}:{numero}"), NUMERO_GARDE).await;
            match claimed {
                Ok(true) => return Ok(numero),
                Ok(false) => continue,
                Err(error) => return Err(ApiError::Unavailable(format!("transaction numbers: {error:#}"))),
            }
        }
        Err(ApiError::Unavailable("no transaction number left to draw".into()))
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn boutique() -> Boutique {
        super::super::boutique_de_test()
    }

    fn commande(reference: &str, centimes: i64) -> Commande {
        Commande { commande: reference.into(), centimes, devise: "EUR".into() }
    }

    #[actix_web::test]
    async fn the_form_states_the_order_in_cents_signed_with_the_shops_key() {
        let now = Utc.with_ymd_and_hms(2026, 12, 6, 10, 5, 9).unwrap();
        let form = boutique().formulaire(&commande("P20261206AB12CD34", 3_850), now).await.unwrap();
        assert_eq!(form.action, "https://secure.example.org/vads-payment/");
        let champs = &form.champs;
        assert_eq!(champs["vads_amount"], "3850");
        assert_eq!(champs["vads_currency"], "978");
        assert_eq!(champs["vads_order_id"], "P20261206AB12CD34");
        assert_eq!(champs["vads_trans_date"], "20261206100509");
        assert_eq!(champs["vads_url_check"], "https://adherent.example.org/paiement/notification");
        assert_eq!(
            champs["vads_url_return"],
            "https://adherent.example.org/mutuelle/cotisations/paiement/P20261206AB12CD34"
        );
        let received: Vec<(String, String)> =
            champs.iter().map(|(name, value)| ((*name).to_owned(), value.clone())).collect();
        assert_eq!(vads::verify(&received, b"the shop's test key"), Ok(()));
    }

    #[actix_web::test]
    async fn an_order_the_portal_would_not_sign_is_the_member_apis_fault() {
        let now = Utc::now();
        for wrong in [commande("p-1", 3_850), commande("P1", 0), commande("P1", 10_000_001), commande("", 1)]
        {
            let refused = boutique().formulaire(&wrong, now).await.unwrap_err();
            assert!(matches!(refused, ApiError::BadGateway(_)), "{wrong:?}");
        }
        let mut dollars = commande("P1", 100);
        dollars.devise = "USD".into();
        assert!(boutique().formulaire(&dollars, now).await.is_err());
    }

    #[actix_web::test]
    async fn two_forms_never_share_the_days_transaction_number() {
        let shop = boutique();
        let now = Utc::now();
        let first = shop.formulaire(&commande("P1", 100), now).await.unwrap();
        let second = shop.formulaire(&commande("P1", 100), now).await.unwrap();
        assert_ne!(first.champs["vads_trans_id"], second.champs["vads_trans_id"]);
        assert!(first.champs["vads_trans_id"].parse::<u32>().unwrap() < 900_000);
    }
}
