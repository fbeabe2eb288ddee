//! What the estimate reads of a beneficiary: the contract that covers them, and what they were
//! already paid.

use chrono::NaiveDate;
use rusqlite::Connection;

use super::calcul::{Couverture, Historique};
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::catalogue::produit;
use crate::member_api::store::contrats::{self, ContratDuBeneficiaire};
use crate::member_api::store::montant::Cents;
use crate::member_api::store::paiements;

/// The contract covering the beneficiary today, else the one to come, else the last one.
pub fn couverture(
    db: &Connection,
    beneficiaire: i64,
    aujourdhui: NaiveDate,
) -> Result<Couverture, ApiFailure> {
    let ContratDuBeneficiaire { numero, code_produit, libelle_produit, debut, fin } =
        contrats::du_beneficiaire(db, beneficiaire, aujourdhui)?.ok_or_else(ApiFailure::not_found)?;
    Ok(match fin {
        _ if debut > aujourdhui => Couverture::AVenir(numero, debut),
        Some(fin) if fin < aujourdhui => Couverture::Terminee(numero, fin),
        _ => Couverture::Contrat { numero, libelle_produit, produit: produit(&code_produit) },
    })
}

/// The beneficiary's paid statement lines, up to today.
pub struct Releves<'a> {
    pub db: &'a Connection,
    pub beneficiaire: i64,
    pub jusqua: NaiveDate,
}

impl Historique for Releves<'_> {
    fn rembourse_depuis(&self, actes: &[&str], depuis: NaiveDate) -> rusqlite::Result<Cents> {
        paiements::rembourse(self.db, self.beneficiaire, actes, depuis, self.jusqua)
    }

    fn dernier_soin_depuis(&self, actes: &[&str], depuis: NaiveDate) -> rusqlite::Result<Option<NaiveDate>> {
        paiements::dernier_soin(self.db, self.beneficiaire, actes, depuis, self.jusqua)
    }
}
