//! « Estimer mon remboursement » and « Mes garanties »: what a quote will cost the member, and
//! what is left of each ceiling, by the same rules ([`calcul`]) over the care of [`soins`].

pub mod calcul;
pub mod soins;
