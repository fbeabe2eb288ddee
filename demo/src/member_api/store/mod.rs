//! The member API's database: the SQLite file, its migrations, and every SQL statement, each
//! in the module of what it stores. Nothing here decides: the rules (`rules/`) do, the
//! handlers (`http/`) and the back office ask them.

pub mod adherents;
pub mod beneficiaires;
pub mod cartes_tp;
pub mod comptes_bancaires;
pub mod connexions;
pub mod contrats;
pub mod courriels;
pub mod database;
pub mod delegations;
pub mod demandes;
pub mod documents;
pub mod ensemencement;
pub mod envois;
pub mod evenements;
pub mod formulaires;
pub mod horodatage;
pub mod mandats_sepa;
pub mod messages;
pub mod montant;
pub mod paiements;
pub mod paiements_en_ligne;
pub mod preferences;
pub mod produits;
