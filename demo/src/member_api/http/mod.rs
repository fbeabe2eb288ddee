//! The member API over HTTP: its routes, the extractors that read a call (the bearer's member,
//! the bodies, the uploads), the handlers, and the answers, refusals included. A handler reads
//! what it was sent and answers what the rules (`rules/`) decided or the store (`store/`) read:
//! it holds no SQL, and what the mutual accepts or refuses is the rules'.

mod ajout_beneficiaire;
mod assure;
mod attestation;
mod auth;
mod banques;
mod carte_tp;
mod compte;
pub(super) mod context;
mod contrats;
mod delegations;
mod demandes;
pub(super) mod desabonnement;
mod documents;
pub(super) mod error;
mod estimation;
pub(super) mod jetons;
mod json;
pub(super) mod latence;
mod mandats;
mod mes_documents;
mod messages;
mod nouveautes;
mod paiements;
mod plafonds;
mod preferences;
mod prestations;
mod reclamation;
mod reponses;
pub(super) mod routes;
mod signalement;
