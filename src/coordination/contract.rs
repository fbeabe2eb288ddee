//! The behaviour both coordination stores must have; each store's tests run these.

use std::time::Duration;

use super::store::Coordination;

const MINUTE: Duration = Duration::from_secs(60);

pub async fn a_name_is_claimed_once(store: &dyn Coordination) {
    let (name, other) = (crate::session::new_id(), crate::session::new_id());
    assert!(store.claim_once(&name, MINUTE).await.unwrap());
    assert!(!store.claim_once(&name, MINUTE).await.unwrap(), "a replay");
    assert!(store.claim_once(&other, MINUTE).await.unwrap());
    assert!(store.try_lock(&name, MINUTE).await.unwrap(), "a lock of the same name is another thing");
}

pub async fn a_lock_is_exclusive_until_released(store: &dyn Coordination) {
    let name = crate::session::new_id();
    assert!(store.try_lock(&name, MINUTE).await.unwrap());
    assert!(!store.try_lock(&name, MINUTE).await.unwrap());
    store.unlock(&name).await.unwrap();
    assert!(store.try_lock(&name, MINUTE).await.unwrap());
    assert!(store.claim_once(&name, MINUTE).await.unwrap(), "a claim of the same name is another thing");
}
