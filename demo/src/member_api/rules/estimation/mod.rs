//! « Estimer mon remboursement », « Mes garanties » and the quotes answered in writing: what a
//! quote will cost the member ([`devis`]), line by line ([`reponse`]), and what is left of each
//! ceiling ([`plafonds`]), by the same rules ([`calcul`]) over the care of [`soins`] and what
//! the beneficiary was already paid ([`releves`]).

pub mod calcul;
pub mod devis;
pub mod plafonds;
pub mod releves;
pub mod reponse;
pub mod soins;
