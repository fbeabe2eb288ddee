//! The behaviour both session stores must have; each store's tests run these.

use std::time::Duration;

use super::record::{Session, Tokens, new_id};
use super::store::SessionStore;
use crate::clock::now;

pub fn session(sid: &str, sub: &str) -> Session {
    Session {
        member: crate::member_api::SignedInMember {
            user: serde_json::value::RawValue::from_string(r#"{"Nom":"DUPONT"}"#.into()).unwrap(),
            version_num: None,
            smart_carte_url: None,
        },
        tokens: Tokens::received(
            "access".into(),
            Some(Duration::from_secs(300)),
            Some("refresh".into()),
            now(),
        ),
        sid: Some(sid.into()),
        sub: sub.into(),
        expires_at: now() + 3600,
        opened_at: now(),
        auth_time: Some(now()),
        pseudonym: None,
        proof_key: None,
        device: crate::device::Device { browser: "Firefox 133".into(), system: "Android".into() },
        acting: None,
        version: 0,
    }
}

/// A sign-in again writes its new `auth_time` and tokens over the session it read, and the
/// store gives them back; the sign-in's own time stays.
pub async fn a_sign_in_again_is_kept(store: &dyn SessionStore) {
    let id = new_id();
    let opened = session("sid", "sub");
    store.create(&id, &opened).await.unwrap();
    let mut again = Session::clone(&store.get(&id).await.unwrap().unwrap());
    again.auth_time = Some(opened.auth_time.unwrap() + 1200);
    again.tokens.access_token = "after the sign-in again".into();
    assert!(store.replace(&id, &again).await.unwrap());
    let kept = store.get(&id).await.unwrap().unwrap();
    assert_eq!(kept.auth_time, again.auth_time);
    assert_eq!(&*kept.tokens.access_token, "after the sign-in again");
    assert_eq!(kept.opened_at, opened.opened_at);
}

/// A session's DPoP key comes back with it, the same key: any instance refreshes and calls
/// with it, and its bound token goes with it.
pub async fn a_sessions_dpop_key_is_kept(store: &dyn SessionStore) {
    let id = new_id();
    let key = crate::dpop::ProofKey::generate();
    let mut opened = session("sid", "sub");
    opened.proof_key = Some(key.clone());
    opened.tokens.bound = true;
    store.create(&id, &opened).await.unwrap();
    let kept = store.get(&id).await.unwrap().unwrap();
    let halves = |key: Option<&crate::dpop::ProofKey>| serde_json::to_value(key).unwrap();
    assert_eq!(halves(kept.proof_key.as_ref()), halves(Some(&key)), "both halves of the same key");
    assert!(kept.access_token().proof_key.is_some(), "its token goes with a proof");
}

pub async fn listing_by_subject(store: &dyn SessionStore) {
    let (first, second, other) = (new_id(), new_id(), new_id());
    store.create(&first, &session("s1", "alice")).await.unwrap();
    store.create(&second, &session("s2", "alice")).await.unwrap();
    store.create(&other, &session("s3", "bob")).await.unwrap();
    let mut listed: Vec<String> =
        store.list_by_sub("alice").await.unwrap().into_iter().map(|listed| listed.name).collect();
    listed.sort();
    let mut expected = [&first, &second].map(|id| store.names(id).remove(0)).to_vec();
    expected.sort();
    assert_eq!(listed, expected);
    let alice = store.list_by_sub("alice").await.unwrap();
    assert!(alice.iter().all(|listed| (now() - listed.last_active).abs() <= 2));
    assert_eq!(alice[0].session.device.browser, "Firefox 133");
    store.remove(&first).await.unwrap();
    let left: Vec<String> = store.list_by_sub("alice").await.unwrap().into_iter().map(|l| l.name).collect();
    assert_eq!(left, store.names(&second));
    assert!(!left[0].contains(&second), "a name does not give the id away");
    assert!(store.remove_named(&left[0]).await.unwrap().is_some());
    assert!(store.get(&second).await.unwrap().is_none());
    assert!(store.list_by_sub("nobody").await.unwrap().is_empty());
}

pub async fn round_trip(store: &dyn SessionStore) {
    let id = new_id();
    let before = store.count().await.unwrap();
    assert!(store.get(&id).await.unwrap().is_none());
    store.create(&id, &session("sid-1", "sub-1")).await.unwrap();
    assert_eq!(store.get(&id).await.unwrap().unwrap().sub, "sub-1");
    assert_eq!(store.count().await.unwrap(), before + 1, "a session is counted");
    assert!(store.remove(&id).await.unwrap().is_some());
    assert!(store.get(&id).await.unwrap().is_none());
    assert_eq!(store.count().await.unwrap(), before, "an ended session is not");
}

pub async fn back_channel_indexes(store: &dyn SessionStore) {
    let (a, b, c) = (new_id(), new_id(), new_id());
    let sid = new_id();
    let sub = new_id();
    store.create(&a, &session(&sid, "other")).await.unwrap();
    store.create(&b, &session(&sid, "other")).await.unwrap();
    store.create(&c, &session("another-sid", &sub)).await.unwrap();
    assert_eq!(store.remove_by_sid(&sid).await.unwrap(), 2);
    assert!(store.get(&a).await.unwrap().is_none() && store.get(&b).await.unwrap().is_none());
    assert_eq!(store.remove_by_sub(&sub).await.unwrap(), 1);
    assert!(store.get(&c).await.unwrap().is_none());
}

/// A refresh that read the session, then wrote new tokens after the session ended, in each
/// way a session ends: nothing is written, the session stays ended.
pub async fn an_ended_session_is_never_written_back(store: &dyn SessionStore) {
    for ending in ["sign-out", "back-channel sid", "back-channel sub"] {
        let (id, sid, sub) = (new_id(), new_id(), new_id());
        store.create(&id, &session(&sid, &sub)).await.unwrap();
        let mut read = Session::clone(&store.get(&id).await.unwrap().unwrap());
        match ending {
            "sign-out" => drop(store.remove(&id).await.unwrap()),
            "back-channel sid" => assert_eq!(store.remove_by_sid(&sid).await.unwrap(), 1),
            _ => assert_eq!(store.remove_by_sub(&sub).await.unwrap(), 1),
        }
        read.tokens.access_token = "refreshed".into();
        assert!(!store.replace(&id, &read).await.unwrap(), "{ending}");
        assert!(store.get(&id).await.unwrap().is_none(), "{ending}: the session stays ended");
        assert!(store.list_by_sub(&sub).await.unwrap().is_empty(), "{ending}");
    }
}

/// Two writes made from the same read: the first is kept, the second refused.
pub async fn a_write_from_a_stale_read_is_refused(store: &dyn SessionStore) {
    let id = new_id();
    store.create(&id, &session("sid", "sub")).await.unwrap();
    let mut first = Session::clone(&store.get(&id).await.unwrap().unwrap());
    let mut second = first.clone();
    first.tokens.access_token = "first".into();
    second.tokens.access_token = "second".into();
    assert!(store.replace(&id, &first).await.unwrap());
    assert!(!store.replace(&id, &second).await.unwrap());
    let kept = store.get(&id).await.unwrap().unwrap();
    assert_eq!(&*kept.tokens.access_token, "first");
    let mut third = Session::clone(&kept);
    third.tokens.access_token = "third".into();
    assert!(store.replace(&id, &third).await.unwrap(), "a write from the latest read");
}

pub async fn a_session_past_its_lifetime_is_not_written(store: &dyn SessionStore) {
    let id = new_id();
    store.create(&id, &session("sid", "sub")).await.unwrap();
    let mut read = Session::clone(&store.get(&id).await.unwrap().unwrap());
    read.expires_at = now() - 1;
    assert!(!store.replace(&id, &read).await.unwrap());
}

/// One member signing in past the cap closes their own sessions only.
pub async fn the_member_cap_closes_only_the_members_own_sessions(store: &dyn SessionStore, cap: usize) {
    let (alice, bob) = (new_id(), new_id());
    let other = new_id();
    store.create(&other, &session("sid-bob", &bob)).await.unwrap();
    let mut closed = 0;
    let mut newest = String::new();
    for _ in 0..cap + 3 {
        newest = new_id();
        closed += store.create(&newest, &session(&new_id(), &alice)).await.unwrap().len();
    }
    assert_eq!(closed, 3, "each sign-in past the cap closes one of hers");
    assert_eq!(store.list_by_sub(&alice).await.unwrap().len(), cap);
    assert!(store.get(&newest).await.unwrap().is_some(), "the new session is kept");
    assert!(store.get(&other).await.unwrap().is_some(), "another member's session is never closed");
}
