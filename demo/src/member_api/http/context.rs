//! What every handler of the API shares.

use url::Url;

use super::jetons::TokenVerifier;
use crate::member_api::mail::file_courriels::Facteur;
use crate::member_api::mail::jeton_desabonnement::CleDesabonnement;
use crate::member_api::rules::depots_en_attente::DepotsEnAttente;
use crate::member_api::store::database::Database;

/// What every handler of the API shares.
pub struct Context {
    pub db: Database,
    pub tokens: TokenVerifier,
    /// The DPoP proofs of bound tokens, each taken once.
    pub proofs: crate::dpop::ProofChecker,
    pub max_upload_bytes: usize,
    /// How many uploads a member may keep unsent, and for how long.
    pub depots_en_attente: DepotsEnAttente,
    /// Where a browser reaches the API through the portal (`smartCarteUrl`).
    pub portal_api: Url,
    /// The mutual's name, printed on the tiers-payant card and the booklet, and signing its emails.
    pub mutuelle: String,
    /// Where browsers reach the server, with a trailing slash: the emails' links start there.
    pub public_url: Url,
    /// Signs the unsubscribe links of the alerts.
    pub cle_desabonnement: CleDesabonnement,
    /// Sends the queued emails to the outbox; none when the server has no outbox, and then
    /// they wait in the queue.
    pub facteur: Option<Facteur>,
    /// The shop whose payment notifications settle orders; none without paying online.
    pub boutique: Option<std::sync::Arc<crate::settings::Boutique>>,
}
