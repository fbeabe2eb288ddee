//! « Mes garanties et mes services »: what is left of each allowance, per beneficiary covered
//! today, by the estimate's own rules ([`calcul::plafonds`]) over the same statements
//! ([`Releves`]).

use chrono::NaiveDate;
use rusqlite::Connection;

use super::calcul::{self, PlafondDeGarantie, Situation};
use super::releves::{Releves, couverture};
use crate::member_api::failure::ApiFailure;
use crate::member_api::store::beneficiaires::{self, Personne};

/// What is left of each ceiling of the member's beneficiaries covered on `aujourdhui`, the
/// member first.
pub fn du_membre(
    db: &Connection,
    numero_personne: &str,
    aujourdhui: NaiveDate,
) -> Result<Vec<(Personne, Vec<PlafondDeGarantie>)>, ApiFailure> {
    let mut plafonds = Vec::new();
    // A confidential beneficiary's allowances tell their care: the holder reads none of them.
    let confidentiels = beneficiaires::confidentiels(db, numero_personne)?;
    for (personne, naissance) in beneficiaires::couverts_un_jour(db, numero_personne)?
        .into_iter()
        .filter(|(personne, _)| !confidentiels.contains(&personne.id))
    {
        let situation = Situation {
            aujourdhui,
            age: aujourdhui.years_since(naissance).unwrap_or(0),
            nom: format!("{} {}", personne.prenom, personne.nom),
            couverture: couverture(db, personne.id, aujourdhui)?,
        };
        let historique = Releves { db, beneficiaire: personne.id, jusqua: aujourdhui };
        if let Some(garanties) = calcul::plafonds(&situation, &historique)? {
            plafonds.push((personne, garanties));
        }
    }
    Ok(plafonds)
}
