//! The member a call is made for, and what is theirs.

use rusqlite::Connection;

use crate::member_api::failure::ApiFailure;
use crate::member_api::store::adherents;

/// The member a request is made for: a valid bearer token whose person number is a known
/// member. Handlers that take it are protected; nothing else needs to check.
pub struct Member {
    pub person_number: String,
    /// When the provider last authenticated the member (the token's `auth_time`), when it says.
    pub signed_in_at: Option<i64>,
    /// The delegation under which a delegate makes the call, when it is not the member's own.
    pub delegation: Option<i64>,
    /// A beneficiary's own space: the call shows that beneficiary's care, card line and
    /// requests only, and their own care as it is (it is theirs: nothing confidential).
    pub seulement: Option<i64>,
}

impl Member {
    /// The member's own call.
    pub fn own(person_number: String, signed_in_at: Option<i64>) -> Self {
        Self { person_number, signed_in_at, delegation: None, seulement: None }
    }

    /// Whose view a kept answer is: the member's, or one beneficiary's own space.
    pub fn vue(&self) -> String {
        match self.seulement {
            Some(beneficiaire) => format!("{}/{beneficiaire}", self.person_number),
            None => self.person_number.clone(),
        }
    }

    /// Whether the beneficiary `id`'s care is in this view.
    pub fn voit(&self, id: i64) -> bool {
        self.seulement.is_none_or(|seulement| seulement == id)
    }

    /// Whether the request is in this view: every one for the member, those about them for a
    /// beneficiary's own space.
    pub fn voit_demande(&self, demande: &crate::member_api::store::demandes::Demande) -> bool {
        self.seulement.is_none()
            || demande.beneficiaire.as_ref().map(|beneficiaire| beneficiaire.id) == self.seulement
    }

    /// Whether the member may see a resource whose owner is `owner`: 404 when there is no
    /// such resource, 403 when it is somebody else's.
    pub fn check_owner(&self, owner: Option<String>) -> Result<(), ApiFailure> {
        match owner {
            None => Err(ApiFailure::not_found()),
            Some(owner) if owner == self.person_number => Ok(()),
            Some(_) => Err(ApiFailure::forbidden()),
        }
    }
}

pub const ADHERENT_INCONNU: &str = "Cet adhérent n’existe pas.";

/// The member exists, or the action is about nobody.
pub fn verifier_adherent(db: &Connection, numero: &str) -> Result<(), ApiFailure> {
    if adherents::existe(db, numero)? { Ok(()) } else { Err(ApiFailure::missing(ADHERENT_INCONNU)) }
}
