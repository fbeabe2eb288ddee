//! What the back office reads of a member: the list of members, a member's file (beneficiaries,
//! latest payments, requests and complaints) and one request with its conversation.

use rusqlite::Connection;

use crate::member_api::clock::today;
use crate::member_api::rules::delegations;
use crate::member_api::rules::demandes::ETATS_TERMINES;
use crate::member_api::rules::types_demande::RECLAMATION;
use crate::member_api::store::adherents::{self, Adherent};
use crate::member_api::store::beneficiaires::{self, BeneficiaireSuivi};
use crate::member_api::store::contrats::{self, Contrat};
use crate::member_api::store::demandes::{self, DemandeDuDossier};
use crate::member_api::store::documents::DocumentInfo;
use crate::member_api::store::messages::Message;
use crate::member_api::store::paiements::{self, PaiementRecapitule};

/// How many payments a member's page lists, newest first.
const PAIEMENTS_LISTES: i64 = 10;

/// A member's file, as the member page shows it.
pub struct Dossier {
    pub adherent: Adherent,
    pub beneficiaires: Vec<BeneficiaireSuivi>,
    pub paiements: Vec<PaiementRecapitule>,
    pub demandes: Vec<DemandeDuDossier>,
    /// Who may act for the member: delegations and guardianships.
    pub delegations: Vec<delegations::Vue>,
    /// The member's contracts, and the reasons a bank may return a debit for.
    pub contrats: Vec<Contrat>,
    pub motifs_rejet: Vec<(String, String)>,
}

/// One request of a member, with what was exchanged and attached.
pub struct DossierDemande {
    pub adherent: Adherent,
    pub demande: DemandeDuDossier,
    pub messages: Vec<Message>,
    pub documents: Vec<DocumentInfo>,
}

pub fn adherents(db: &Connection) -> rusqlite::Result<Vec<Adherent>> {
    adherents::avec_demandes_ouvertes(db, None, ETATS_TERMINES)
}

fn lire_adherent(db: &Connection, numero: &str) -> rusqlite::Result<Option<Adherent>> {
    Ok(adherents::avec_demandes_ouvertes(db, Some(numero), ETATS_TERMINES)?.pop())
}

pub fn dossier(db: &Connection, numero: &str) -> rusqlite::Result<Option<Dossier>> {
    let Some(adherent) = lire_adherent(db, numero)? else { return Ok(None) };
    Ok(Some(Dossier {
        beneficiaires: beneficiaires::suivis(db, numero)?,
        paiements: paiements::derniers(db, numero, PAIEMENTS_LISTES)?,
        demandes: demandes::du_dossier(db, numero, None, RECLAMATION)?,
        delegations: delegations::du_membre(db, numero, today())?,
        contrats: Contrat::all(db, numero)?,
        motifs_rejet: contrats::motifs_rejet(db)?,
        adherent,
    }))
}

/// The request `id` of the member `numero`; `None` when the member has no such request.
pub fn dossier_demande(db: &Connection, numero: &str, id: i64) -> rusqlite::Result<Option<DossierDemande>> {
    let Some(adherent) = lire_adherent(db, numero)? else { return Ok(None) };
    let Some(demande) = demandes::du_dossier(db, numero, Some(id), RECLAMATION)?.pop() else {
        return Ok(None);
    };
    let messages = Message::of_demande(db, id)?;
    Ok(Some(DossierDemande { adherent, demande, messages, documents: DocumentInfo::of_demande(db, id)? }))
}
