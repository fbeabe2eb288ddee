//! Where a member stands today, from their contracts and cards: what the home page reads at
//! sign-in.

use chrono::NaiveDate;
use rusqlite::Connection;
use serde::Serialize;

use crate::member_api::store::cartes_tp;
use crate::member_api::store::contrats::{self, Decompte};

/// The member's flags (docs/product/entities.md#the-members-flags).
#[derive(Serialize)]
pub struct Situation {
    /// Every contract has ended.
    #[serde(rename = "Radie")]
    pub radie: bool,
    /// No contract yet in force, one starting later.
    #[serde(rename = "Futur")]
    pub futur: bool,
    #[serde(rename = "AuMoinsUnContratActifEtIndividuel")]
    pub au_moins_un_contrat_actif_et_individuel: bool,
    /// A tiers-payant card valid today.
    #[serde(rename = "CarteTp")]
    pub carte_tp: bool,
    /// A card for a period that has not begun (next year's, or a future contract's).
    #[serde(rename = "CarteTpSuivante")]
    pub carte_tp_suivante: bool,
}

impl Situation {
    pub fn of(db: &Connection, person_number: &str, today: NaiveDate) -> rusqlite::Result<Self> {
        let Decompte { contrats, actifs, actifs_individuels, futurs } =
            contrats::decompte(db, person_number, today)?;
        let (carte_tp, carte_tp_suivante) = cartes_tp::en_cours_et_suivante(db, person_number, today)?;
        Ok(Self {
            radie: contrats > 0 && actifs == 0 && futurs == 0,
            futur: actifs == 0 && futurs > 0,
            au_moins_un_contrat_actif_et_individuel: actifs_individuels > 0,
            carte_tp,
            carte_tp_suivante,
        })
    }
}
