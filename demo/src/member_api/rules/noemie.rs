//! The NOEMIE link: whether the Sécurité sociale forwards a person's statements to the mutual.
//! The mutual asks for it with the person's attestation de droits: an `ATTESTATION_VITALE`
//! request for a person with no link, or whose link was refused (another complementary held
//! it), asks again, and the link is then being set up until the Sécurité sociale answers (the
//! back office records its answer).

use rusqlite::Transaction;

use super::membre::verifier_adherent;
use crate::member_api::failure::ApiFailure;
use crate::member_api::store::beneficiaires;

pub const RACCORDE: &str = "RACCORDE";
pub const EN_COURS_DE_RACCORDEMENT: &str = "EN_COURS_DE_RACCORDEMENT";
pub const NON_RACCORDE: &str = "NON_RACCORDE";
pub const REFUSE: &str = "REFUSE";

/// The states the contract's `StatutNoemie` names; the seed accepts no other.
pub const STATUTS: [&str; 4] = [RACCORDE, EN_COURS_DE_RACCORDEMENT, NON_RACCORDE, REFUSE];

/// The Sécurité sociale's answers the back office records, in its words.
pub const REPONSES: [(&str, &str); 2] = [
    (RACCORDE, "Raccordé : la Sécurité sociale transmet les décomptes"),
    (REFUSE, "Refusé par la Sécurité sociale"),
];

/// A state as the back office shows it; an unknown one as it is kept.
pub fn libelle(statut: &str) -> &str {
    match statut {
        RACCORDE => "raccordé",
        EN_COURS_DE_RACCORDEMENT => "raccordement en cours",
        NON_RACCORDE => "non raccordé",
        REFUSE => "raccordement refusé",
        autre => autre,
    }
}

/// The attestation de droits of `beneficiaire` was sent: a missing or refused link is asked
/// for again, in the transaction that records the request. A link active or already asked for
/// stays as it is.
pub fn attestation_recue(tx: &Transaction, beneficiaire: i64) -> rusqlite::Result<()> {
    beneficiaires::changer_statut_noemie_depuis(
        tx,
        beneficiaire,
        EN_COURS_DE_RACCORDEMENT,
        [NON_RACCORDE, REFUSE],
    )
}

pub const BENEFICIAIRE_INCONNU: &str =
    "Ce bénéficiaire n’existe pas, ou n’est pas un bénéficiaire de cet adhérent.";

/// Records the Sécurité sociale's answer on the beneficiary's NOEMIE link: linked, or refused.
pub fn enregistrer_reponse(
    tx: &Transaction,
    numero: &str,
    beneficiaire: i64,
    statut: &str,
) -> Result<(), ApiFailure> {
    verifier_adherent(tx, numero)?;
    let actuel = beneficiaires::statut_noemie(tx, beneficiaire, numero)?;
    let actuel = actuel.ok_or(ApiFailure::missing(BENEFICIAIRE_INCONNU))?;
    let (statut, libelle) = REPONSES.iter().find(|(code, _)| *code == statut).ok_or_else(|| {
        ApiFailure::bad_request("Choisissez la réponse de la Sécurité sociale dans la liste.")
    })?;
    if actuel == *statut {
        return Err(ApiFailure::conflict(format!("Le raccordement NOEMIE est déjà à l’état « {libelle} ».")));
    }
    beneficiaires::changer_statut_noemie(tx, beneficiaire, statut)?;
    Ok(())
}
