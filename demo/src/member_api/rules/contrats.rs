//! A contract's standing: in force, ended or to come, and since when a member is covered no
//! more.

use chrono::NaiveDate;

use crate::member_api::store::contrats::Contrat;

impl Contrat {
    /// The contract that ended last, when all of `contrats` have ended: since when the member
    /// is covered no more, which the refusals of what supposes cover quote.
    pub fn fin_de_couverture(contrats: &[Self], today: NaiveDate) -> Option<&Self> {
        let tous_termines =
            !contrats.is_empty() && contrats.iter().all(|contrat| contrat.statut(today) == "RESILIE");
        tous_termines.then(|| contrats.iter().max_by_key(|contrat| contrat.date_fin)).flatten()
    }

    /// ACTIF, RESILIE (ended) or A_VENIR (starts later).
    pub fn statut(&self, today: NaiveDate) -> &'static str {
        if self.date_debut > today {
            "A_VENIR"
        } else if self.date_fin.is_some_and(|fin| fin < today) {
            "RESILIE"
        } else {
            "ACTIF"
        }
    }
}
