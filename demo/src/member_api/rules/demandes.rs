//! A member's requests: their states, which of them the home page lists, and how a request is
//! written once its form is checked, with the documents it holds.

use std::collections::BTreeMap;

use chrono::{DateTime, Months, NaiveDate, Utc};
use rusqlite::{Connection, Transaction};

use super::membre::{Member, verifier_adherent};
use super::types_demande::{RECLAMATION, TypeDemande};
use super::validation;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::mail::evenements::{Evenement, publier};
use crate::member_api::store::demandes::{self, Demande, DemandeSuivie, LigneDemande};
use crate::member_api::store::formulaires::{
    Dossier, PriseEnCharge, Reclamation, ReponseDevis, Resiliation, Signalement,
};
use crate::member_api::store::{beneficiaires, documents};

/// The states shown as done (docs/product/states.md#request-states); any other is pending.
pub const ETATS_TERMINES: [&str; 2] = ["TERMINE", "Traité"];
/// The state of a request just sent, before the back office opens it.
pub const ETAT_INITIAL: &str = "A_TRAITER";
/// How many requests the home page lists.
const DEMANDES_ACCUEIL: i64 = 5;
/// How long a done request stays on the home page after its last update: long enough for the
/// member to see the outcome of what they sent (the check icon,
/// docs/product/home.md#requests-in-progress), short enough
/// that a member whose requests were all settled long ago reads "Toutes vos demandes ont été
/// traitées." rather than old news. The full list keeps them all.
const TERMINEES_RECENTES: Months = Months::new(3);
const DOCUMENTS_PAR_DEMANDE: usize = 10;
const COMMENTAIRE_MAX: usize = 2000;

/// Which of a member's requests to read.
#[derive(Clone, Copy)]
pub enum Selection {
    Toutes,
    /// "Vos demandes en cours" on this day: the pending requests and the recently done ones.
    Accueil(NaiveDate),
}

/// The selected requests, newest first. When the home page has more than it shows, pending
/// requests win over done ones, so that an older request still under way is never pushed out
/// by newer settled ones.
pub fn liste(db: &Connection, person_number: &str, selection: Selection) -> rusqlite::Result<Vec<Demande>> {
    let (terminees_depuis, limit) = match selection {
        Selection::Toutes => (None, -1),
        Selection::Accueil(today) => (Some(today - TERMINEES_RECENTES), DEMANDES_ACCUEIL),
    };
    demandes::liste(db, person_number, ETATS_TERMINES, terminees_depuis, limit)
}

/// The member's request `id`, when it is theirs.
pub fn du_membre(db: &Connection, member: &Member, id: i64) -> Result<Demande, ApiFailure> {
    verifier_titulaire(db, member, id)?;
    let demande = demandes::lire(db, id)?;
    // A beneficiary's own space shows the requests about them only.
    if !member.voit_demande(&demande) {
        return Err(ApiFailure::forbidden());
    }
    Ok(demande)
}

/// The request is the member's: 404 when there is none, 403 when it is another member's.
pub fn verifier_titulaire(db: &Connection, member: &Member, id: i64) -> Result<(), ApiFailure> {
    let owner = demandes::titulaire(db, id)?;
    member.check_owner(owner)
}

/// The documents to attach, each once, at most [`DOCUMENTS_PAR_DEMANDE`] of them counted as
/// sent, repeats included, as the contract's `maxItems` counts them. `quoi` names what holds
/// them, « Une demande » or « Un message ».
pub fn documents_a_joindre(mut id_documents: Vec<i64>, quoi: &str) -> Result<Vec<i64>, ApiFailure> {
    if id_documents.len() > DOCUMENTS_PAR_DEMANDE {
        return Err(ApiFailure::bad_request(format!(
            "{quoi} peut comporter au plus {DOCUMENTS_PAR_DEMANDE} documents."
        )));
    }
    id_documents.sort_unstable();
    id_documents.dedup();
    Ok(id_documents)
}

/// Each document is the member's upload that no request holds yet: unknown, 422; another
/// member's, 403; already attached, 409.
pub fn verifier_documents(tx: &Transaction, member: &Member, id_documents: &[i64]) -> Result<(), ApiFailure> {
    for id in id_documents {
        let document = documents::titulaire_et_demande(tx, *id)?;
        match document {
            None => {
                return Err(ApiFailure::unprocessable(format!("Le document n° {id} est introuvable.")));
            }
            Some((owner, _)) if owner != member.person_number => return Err(ApiFailure::forbidden()),
            Some((_, Some(_))) => {
                return Err(ApiFailure::conflict(format!(
                    "Le document n° {id} est déjà joint à une autre demande."
                )));
            }
            Some((_, None)) => {}
        }
    }
    Ok(())
}

/// A request ready to be written, once its specific form has been checked.
pub struct NouvelleDemande {
    pub type_demande: &'static TypeDemande,
    /// The subject line: the type's, or what the form makes of it.
    pub objet: String,
    pub commentaire: Option<String>,
    pub id_beneficiaire: Option<i64>,
    pub id_documents: Vec<i64>,
    pub hospitalisation: Option<PriseEnCharge>,
    pub resiliation: Option<Resiliation>,
    pub reclamation: Option<Reclamation>,
    pub signalement: Option<Signalement>,
    pub metadata: Option<BTreeMap<String, String>>,
    pub ajout_beneficiaire: Option<Dossier>,
    pub devis: Option<ReponseDevis>,
}

impl NouvelleDemande {
    pub fn new(
        type_demande: &'static TypeDemande,
        commentaire: Option<&str>,
        id_beneficiaire: Option<i64>,
        id_documents: Vec<i64>,
    ) -> Result<Self, ApiFailure> {
        let id_documents = documents_a_joindre(id_documents, "Une demande")?;
        Ok(Self {
            type_demande,
            objet: type_demande.objet.to_owned(),
            commentaire: validation::texte_multiligne(commentaire, "Le commentaire", COMMENTAIRE_MAX)?,
            id_beneficiaire,
            id_documents,
            hospitalisation: None,
            resiliation: None,
            reclamation: None,
            signalement: None,
            metadata: None,
            ajout_beneficiaire: None,
            devis: None,
        })
    }

    /// Writes the request and attaches its documents, after checking that the beneficiary
    /// and the documents are the member's and that no other request holds the documents.
    fn insert(self, tx: &Transaction, member: &Member) -> Result<i64, ApiFailure> {
        if let Some(id) = self.id_beneficiaire {
            let owner = beneficiaires::titulaire(tx, id)?;
            match owner {
                None => {
                    return Err(ApiFailure::unprocessable("Ce bénéficiaire ne figure pas sur vos contrats."));
                }
                Some(owner) if owner != member.person_number => return Err(ApiFailure::forbidden()),
                Some(_) => {}
            }
        }
        verifier_documents(tx, member, &self.id_documents)?;
        let today = today();
        let id = demandes::inserer(
            tx,
            &LigneDemande {
                numero_personne: &member.person_number,
                type_demande: self.type_demande.type_demande,
                type_code: self.type_demande.code,
                objet: &self.objet,
                commentaire: self.commentaire.as_deref(),
                beneficiaire_id: self.id_beneficiaire,
                etat: ETAT_INITIAL,
                date_creation: today,
                date_mise_a_jour: today,
                hospitalisation: self.hospitalisation.as_ref(),
                resiliation: self.resiliation.as_ref(),
                metadata: self.metadata.as_ref(),
                reclamation: self.reclamation.as_ref(),
                signalement: self.signalement.as_ref(),
                ajout_beneficiaire: self.ajout_beneficiaire.as_ref(),
                devis: self.devis.as_ref(),
            },
        )?;
        for document in &self.id_documents {
            documents::attacher(tx, id, *document)?;
        }
        Ok(id)
    }
}

/// Writes the request, in one transaction, and reads it back. `prepare` checks what the
/// request's own form needs and completes it, inside the transaction that writes it; `attach`
/// adds what can only be made once the request has its number.
pub fn enregistrer<P>(
    db: &mut Connection,
    member: &Member,
    mut nouvelle: NouvelleDemande,
    prepare: impl FnOnce(&Transaction, &Member, &mut NouvelleDemande) -> Result<P, ApiFailure>,
    attach: impl FnOnce(&Transaction, &Member, i64, P) -> Result<(), ApiFailure>,
) -> Result<Demande, ApiFailure> {
    let tx = db.transaction()?;
    let prepared = prepare(&tx, member, &mut nouvelle)?;
    let id = nouvelle.insert(&tx, member)?;
    attach(&tx, member, id, prepared)?;
    let demande = demandes::lire(&tx, id)?;
    tx.commit()?;
    Ok(demande)
}

/// The states of a request, as the contract names them, with the words « Mes demandes » shows.
pub const ETATS: [(&str, &str); 5] = [
    ("A_TRAITER", "À traiter"),
    ("EN_COURS", "En cours"),
    ("EN_ATTENTE_DE_PIECES", "En attente de pièces"),
    ("TERMINE", "Terminée"),
    ("Traité", "Traitée"),
];

/// The label of a state; an unknown one as it is kept.
pub fn libelle_etat(code: &str) -> &str {
    ETATS.iter().find(|(known, _)| *known == code).map_or(code, |(_, libelle)| libelle)
}

pub const DEMANDE_INCONNUE: &str = "Cette demande n’existe pas, ou n’est pas une demande de cet adhérent.";

/// The request `id` of the member `numero`, as the mutual acts on it.
pub fn de_l_adherent(tx: &Transaction, numero: &str, id: i64) -> Result<DemandeSuivie, ApiFailure> {
    verifier_adherent(tx, numero)?;
    demandes::suivie(tx, numero, id, RECLAMATION)?.ok_or(ApiFailure::missing(DEMANDE_INCONNUE))
}

/// Moves the request to the state chosen, updated today.
pub fn changer_etat(
    tx: &Transaction,
    numero: &str,
    id: i64,
    etat: &str,
    maintenant: DateTime<Utc>,
) -> Result<(), ApiFailure> {
    let demande = de_l_adherent(tx, numero, id)?;
    let (etat, libelle) = ETATS
        .iter()
        .find(|(code, _)| *code == etat)
        .ok_or_else(|| ApiFailure::bad_request("Choisissez le nouvel état dans la liste."))?;
    if demande.etat == *etat {
        return Err(ApiFailure::conflict(format!("La demande est déjà à l’état « {libelle} ».")));
    }
    demandes::changer_etat(tx, id, etat, today())?;
    publier(tx, numero, &Evenement::StatutDemande { demande_id: id, etat: (*etat).to_owned() }, maintenant)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use rusqlite::params;

    use super::*;
    use crate::member_api::rules::types_demande;
    use crate::member_api::store::database::testing::seeded;

    const MARIE: &str = "100001";

    fn seed_day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
    }

    /// (type code, state) of what the home page lists for Marie on `day`, newest first.
    fn accueil(db: &Connection, day: NaiveDate) -> Vec<(String, String)> {
        let demandes = liste(db, MARIE, Selection::Accueil(day)).unwrap();
        assert!(demandes.is_sorted_by(|a, b| a.date_creation >= b.date_creation), "newest first");
        demandes.into_iter().map(|demande| (demande.type_code, demande.etat)).collect()
    }

    fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
        expected.iter().map(|(code, etat)| ((*code).to_owned(), (*etat).to_owned())).collect()
    }

    #[test]
    fn the_home_page_lists_pending_requests_and_those_done_lately() {
        let (_dir, db) = seeded(seed_day());
        // Her schooling certificate was dealt with 70 days ago; her complaint (100 days), her
        // health question (136 days) and her bank details (260 days) only stay in the full list.
        assert_eq!(
            accueil(&db, seed_day()),
            pairs(&[
                ("DEV", "A_TRAITER"),
                ("OPT", "EN_COURS"),
                ("MED", "EN_ATTENTE_DE_PIECES"),
                ("JSCO", "TERMINE")
            ])
        );
        assert_eq!(liste(&db, MARIE, Selection::Toutes).unwrap().len(), 7);
    }

    #[test]
    fn a_request_done_more_than_three_months_ago_leaves_the_home_page() {
        let (_dir, db) = seeded(seed_day());
        let a_month_later = seed_day() + chrono::Days::new(30);
        assert_eq!(
            accueil(&db, a_month_later),
            pairs(&[("DEV", "A_TRAITER"), ("OPT", "EN_COURS"), ("MED", "EN_ATTENTE_DE_PIECES")])
        );
    }

    #[test]
    fn pending_requests_are_not_pushed_off_the_home_page_by_newer_done_ones() {
        let (_dir, db) = seeded(seed_day());
        let rib = types_demande::par_type("MISE_A_JOUR_RIB").unwrap();
        for _ in 0..DEMANDES_ACCUEIL {
            db.execute(
                "INSERT INTO demandes (numero_personne, type, type_code, objet, etat, date_creation, date_mise_a_jour)
                 VALUES (?1, ?2, ?3, ?4, 'Traité', ?5, ?5)",
                params![MARIE, rib.type_demande, rib.code, rib.objet, seed_day()],
            )
            .unwrap();
        }
        assert_eq!(
            accueil(&db, seed_day()),
            pairs(&[
                ("RIB", "Traité"),
                ("RIB", "Traité"),
                ("DEV", "A_TRAITER"),
                ("OPT", "EN_COURS"),
                ("MED", "EN_ATTENTE_DE_PIECES")
            ])
        );
    }
}
