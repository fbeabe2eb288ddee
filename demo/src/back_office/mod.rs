//! `/_demo/back-office`: the demo's stand-in for the mutual's back office, where whoever tries
//! the demo plays the mutual: add a payment for a member, move a request's state, answer a
//! request or a complaint, issue a document, record the Sécurité sociale's answer on a
//! person's NOEMIE link, accept or refuse a beneficiary to add. Every alert and every change a member sees can so
//! be shown end to end without touching a database.
//!
//! Each action is one transaction through the member API's own database (`Database::run`, so
//! that the API's kept answers follow it) that also records the event the member is told of
//! ([`publier`]). Mounted with the demo member API only, hence never in a partner's build; its
//! operator signs in on its own page ([`session`]).
//!
//! What an action changes, the mutual's rules decide and write (`member_api::rules`), the very
//! functions the member API's handlers call: the back office holds no SQL, and no rule a member
//! is held to can be bypassed from it. It reads a member's file from the store
//! (`member_api::store`).
//!
//! [`publier`]: crate::member_api::publier

mod actions;
mod chemins;
mod connexion;
mod consultation;
mod dossiers;
mod fermetures;
mod formulaires;
mod mesures;
mod pages;
mod refus;
mod routes;
mod service;
mod session;

pub use self::routes::scope;
pub use self::service::BackOffice;
