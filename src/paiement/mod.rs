//! Paying online what a member owes (docs/product/member-api.md#paying-online), through the
//! payment service provider's page in Lyra's payment form
//! (docs/decisions/0029-lyras-payment-form-for-paying-online.md): the portal signs the form
//! for an order the member API issued ([`formulaire`]), and checks the provider's notification
//! before passing it on to the member API, which settles the order ([`notification`]). No card
//! number ever reaches the portal or the member API: the provider's page takes it.

pub mod formulaire;
pub mod notification;

use std::sync::Arc;

use secrecy::{ExposeSecret, SecretString};
use url::Url;

use crate::config::Settings;
use crate::coordination::Coordination;

/// The shop at the provider, as `[paiement]` names it.
pub struct Boutique {
    /// The provider's payment page, where the browser posts the form.
    pub page: Url,
    pub site_id: String,
    key: SecretString,
    /// `vads_ctx_mode`.
    pub mode: &'static str,
    /// Where the browser comes back to (`{commande}` appended) and where the provider notifies.
    public_url: Url,
    /// Hands out each day's transaction numbers once across the instances.
    coordination: Arc<dyn Coordination>,
}

impl Boutique {
    /// The shop `[paiement]` describes; none when online payment is off.
    pub fn from_settings(
        settings: &Settings,
        public_url: &Url,
        coordination: Arc<dyn Coordination>,
    ) -> Option<Self> {
        let paiement = &settings.paiement;
        Some(Self {
            page: paiement.url.clone()?,
            site_id: paiement.site_id.clone()?,
            key: paiement.key.clone()?,
            mode: paiement.mode.vads(),
            public_url: public_url.clone(),
            coordination,
        })
    }

    fn key(&self) -> &[u8] {
        self.key.expose_secret().as_bytes()
    }
}

/// The shop, when online payment is on: what the handlers extract.
pub struct Paiements(pub Option<Boutique>);

/// The shop the tests sign with.
#[cfg(test)]
fn boutique_de_test() -> Boutique {
    Boutique {
        page: Url::parse("https://secure.example.org/vads-payment/").unwrap(),
        site_id: "12345678".into(),
        key: "the shop's test key".to_owned().into(),
        mode: "TEST",
        public_url: Url::parse("https://adherent.example.org/").unwrap(),
        coordination: Arc::new(crate::coordination::MemoryCoordination::new(100)),
    }
}
