//! The member a call is made for, and what is theirs.

use crate::member_api::failure::ApiFailure;

/// The member a request is made for: a valid bearer token whose person number is a known
/// member. Handlers that take it are protected; nothing else needs to check.
pub struct Member {
    pub person_number: String,
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
