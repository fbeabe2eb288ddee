//! The audit trail (`[audit]`): who read which member's health data and who changed what,
//! when, from where, through which session, with what outcome. One JSON line an event, each
//! chained to the one before so that a line altered, removed or moved shows
//! (`espace-assure audit verify`), kept apart from the logs. See docs/operations/audit.md.

mod chain;
mod event;
mod file;
mod pseudonym;
mod recorded;
mod trail;

pub use chain::{Break, verify};
pub use event::{Event, Kind};
pub use pseudonym::Pseudonyms;
pub use recorded::{Note, Routes, Subject, note};
pub use trail::{Audit, event_of};
