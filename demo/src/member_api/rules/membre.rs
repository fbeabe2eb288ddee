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
}

impl Member {
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
