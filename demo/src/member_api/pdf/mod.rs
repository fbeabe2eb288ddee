//! The PDF documents the demo member API generates: the guarantees booklet (`/api/assure/livret`),
//! the tiers-payant card (`carte-tp-detail`), the certificates (`assure/attestation`) and the
//! acknowledgement of a termination (`document/creationResiliation`) and the agreement for a
//! hospital stay (`document/creationHospitalisation`) and the answer to a quote
//! (`document/creationDevis`), laid out by
//! [`mise_en_page`]; and how dates, amounts and sizes are printed ([`impression`]).

pub mod accord_prise_en_charge;
pub mod accuse_resiliation;
pub mod attestation;
pub mod carte_tp;
#[cfg(test)]
mod exemples;
pub mod impression;
pub mod livret;
pub mod mandat_sepa;
mod mise_en_page;
pub mod reponse_devis;
