//! « Je ne reconnais pas ce soin » (`document/signalementSoin`, TypeCode SNR): the member reports
//! a line of one of their payments as care they did not receive, or not as paid (tiers-payant
//! fraud by a professional). A request of its own type, written by the code every request is
//! written with; one per line.

use rusqlite::Connection;

use super::demandes::{self, NouvelleDemande};
use super::membre::Member;
use super::reclamation::verifier_titulaire;
use super::types_demande::{self, SOIN_NON_RECONNU};
use super::validation;
use crate::member_api::failure::ApiFailure;
use crate::member_api::store::demandes::{Demande, ligne_signalee};
use crate::member_api::store::formulaires::Signalement;
use crate::member_api::store::paiements;

/// What the member says of the care.
const MOTIFS: [&str; 4] = ["SOIN_NON_RECU", "MONTANT_DIFFERENT", "PROFESSIONNEL_INCONNU", "AUTRE"];
const AUTRE: &str = "AUTRE";
const COMMENTAIRE_MAX: usize = 1000;

/// What the member sends: the line of which payment, and why.
pub struct Saisie {
    pub payment_id: String,
    pub id_ligne: i64,
    pub motif: String,
    pub commentaire: Option<String>,
}

/// The report checked, with the line it is about.
pub struct Rapport {
    nouvelle: NouvelleDemande,
    motif: &'static str,
    payment_id: String,
    id_ligne: i64,
}

pub fn rapport(saisie: Saisie) -> Result<Rapport, ApiFailure> {
    let Some(motif) = MOTIFS.into_iter().find(|known| *known == saisie.motif) else {
        return Err(ApiFailure::bad_request(format!(
            "Motif de signalement inconnu : « {} ».",
            validation::citation(&saisie.motif)
        )));
    };
    let commentaire =
        validation::texte_multiligne(saisie.commentaire.as_deref(), "Le commentaire", COMMENTAIRE_MAX)?;
    if motif == AUTRE && commentaire.is_none() {
        return Err(ApiFailure::unprocessable(
            "Précisez dans le commentaire ce que vous ne reconnaissez pas.",
        ));
    }
    let type_demande = types_demande::par_type(SOIN_NON_RECONNU).expect("a known type");
    let mut nouvelle = NouvelleDemande::new(type_demande, None, None, Vec::new())?;
    nouvelle.commentaire = commentaire;
    let payment_id = saisie.payment_id.trim().to_owned();
    let id_ligne = saisie.id_ligne;
    Ok(Rapport { nouvelle, motif, payment_id, id_ligne })
}

/// Writes the report, once the line is found on a payment of the member, and reported once.
pub fn enregistrer(db: &mut Connection, member: &Member, rapport: Rapport) -> Result<Demande, ApiFailure> {
    let Rapport { nouvelle, motif, payment_id, id_ligne } = rapport;
    demandes::enregistrer(
        db,
        member,
        nouvelle,
        move |tx, member, nouvelle| {
            verifier_titulaire(member, paiements::titulaire(tx, &payment_id)?, "Ce remboursement")?;
            let ligne = paiements::ligne(tx, id_ligne)?;
            let beneficiaire = match ligne {
                Some((paiement, beneficiaire)) if paiement == payment_id => beneficiaire,
                _ => return Err(ApiFailure::unprocessable("Ce soin ne figure pas dans ce remboursement.")),
            };
            let deja_signale = ligne_signalee(tx, id_ligne)?;
            if deja_signale {
                return Err(ApiFailure::conflict("Vous avez déjà signalé ce soin."));
            }
            nouvelle.id_beneficiaire = Some(beneficiaire);
            nouvelle.signalement = Some(Signalement { payment_id, id_ligne, motif: motif.to_owned() });
            Ok(())
        },
        |_, _, _, ()| Ok(()),
    )
}
