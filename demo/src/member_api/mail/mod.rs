//! The member API's emails: what happens to a member that the mutual tells them of
//! ([`evenements`]), the emails it owes them, queued in the transaction of the change
//! ([`courriels`]), what each says ([`redaction`]), the queue that writes them to the outbox
//! ([`file_courriels`]) and the signed token of their unsubscribe link
//! ([`jeton_desabonnement`]).

pub mod courriels;
pub mod evenements;
pub mod file_courriels;
pub mod jeton_desabonnement;
pub mod redaction;
