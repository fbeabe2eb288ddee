//! The member API over HTTP: its routes, the extractors that read a call (the bearer's member,
//! the bodies), the handlers, and the answers, refusals included. A handler reads what it was
//! sent and answers what the rules (`rules/`) decided or the store (`store/`) read: it holds no
//! SQL and decides nothing itself.

pub(crate) mod ajout_beneficiaire;
mod assure;
mod attestation;
mod auth;
mod banques;
mod carte_tp;
mod compte;
pub(crate) mod context;
mod contrats;
pub(crate) mod demandes;
pub(crate) mod desabonnement;
pub(crate) mod documents;
pub(crate) mod error;
mod estimation;
pub(crate) mod jetons;
mod json;
pub(crate) mod latence;
pub(crate) mod messages;
mod nouveautes;
mod plafonds;
mod preferences;
mod prestations;
pub(crate) mod reclamation;
pub(crate) mod reponses;
pub(crate) mod routes;
mod signalement;
