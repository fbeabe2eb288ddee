//! The mutual's rules: what it accepts, refuses and decides, and what it computes (cover,
//! deadlines, estimates, reimbursements). Pure functions on values wherever they can be; what
//! must be read or written goes through the store (`store/`). The member API's handlers
//! (`http/`) and the back office ask here, never the store, before anything changes.

pub mod adresse;
pub mod ajout_beneficiaire;
pub mod attestation;
pub mod attestation_fiscale;
pub mod calendrier;
pub mod catalogue;
pub mod communes;
pub mod confidentialite;
pub mod connexions;
pub mod contrats;
pub mod coordonnees;
pub mod coordonnees_bancaires;
pub mod delegations;
pub mod demandes;
pub mod depots_en_attente;
pub mod documents;
pub mod envois;
pub mod estimation;
pub mod etablissements;
pub mod format_fichier;
pub mod formulaire_generique;
pub mod hospitalisation;
pub mod mandat_sepa;
pub mod membre;
pub mod messages;
pub mod noemie;
pub mod paiement_en_ligne;
pub mod plan_reglement;
pub mod preferences;
pub mod prelevement;
pub mod prise_en_charge;
pub mod reclamation;
pub mod remboursements;
pub mod reponse_devis;
pub mod reseau_soins;
pub mod resiliation;
pub mod signalement;
pub mod situation;
pub mod types_demande;
pub mod validation;
