//! « Je ne reconnais pas ce soin » (`document/signalementSoin`, TypeCode SNR): the member reports
//! a line of one of their payments as care they did not receive, or not as paid (tiers-payant
//! fraud by a professional). A request of its own type, written by the code every request is
//! written with; one per line.

use actix_web::{HttpResponse, web};
use rusqlite::OptionalExtension;
use serde::{Deserialize, Serialize};

use super::context::Context;
use super::demandes::{NouvelleDemande, enregistrer};
use super::reclamation::verifier_titulaire;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::types_demande::{self, SOIN_NON_RECONNU};
use crate::member_api::rules::validation;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/document/signalementSoin").post(signaler));
}

/// What the member says of the care.
const MOTIFS: [&str; 4] = ["SOIN_NON_RECU", "MONTANT_DIFFERENT", "PROFESSIONNEL_INCONNU", "AUTRE"];
const AUTRE: &str = "AUTRE";
const COMMENTAIRE_MAX: usize = 1000;

/// What a report adds to its request: the line reported, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Signalement {
    pub payment_id: String,
    pub id_ligne: i64,
    pub motif: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SignalementSoin {
    payment_id: String,
    #[serde(deserialize_with = "super::json::entier::un")]
    id_ligne: i64,
    motif: String,
    #[serde(default)]
    commentaire: Option<String>,
}

async fn signaler(
    member: Member,
    body: web::Json<SignalementSoin>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let dto = body.into_inner();
    let Some(motif) = MOTIFS.into_iter().find(|known| *known == dto.motif) else {
        return Err(ApiFailure::bad_request(format!(
            "Motif de signalement inconnu : « {} ».",
            validation::citation(&dto.motif)
        )));
    };
    let commentaire =
        validation::texte_multiligne(dto.commentaire.as_deref(), "Le commentaire", COMMENTAIRE_MAX)?;
    if motif == AUTRE && commentaire.is_none() {
        return Err(ApiFailure::unprocessable(
            "Précisez dans le commentaire ce que vous ne reconnaissez pas.",
        ));
    }
    let type_demande = types_demande::par_type(SOIN_NON_RECONNU).expect("a known type");
    let mut nouvelle = NouvelleDemande::new(type_demande, None, None, Vec::new())?;
    nouvelle.commentaire = commentaire;
    let payment_id = dto.payment_id.trim().to_owned();
    let id_ligne = dto.id_ligne;
    enregistrer(
        member,
        context,
        nouvelle,
        move |tx, member, nouvelle| {
            verifier_titulaire(
                tx,
                member,
                "SELECT numero_personne FROM paiements WHERE id = ?1",
                &payment_id,
                "Ce remboursement",
            )?;
            let ligne: Option<(String, i64)> = tx
                .query_row(
                    "SELECT l.paiement_id, p.beneficiaire_id FROM lignes_prestation l
                     JOIN paiements p ON p.id = l.paiement_id WHERE l.id = ?1",
                    [id_ligne],
                    |row| Ok((row.get(0)?, row.get(1)?)),
                )
                .optional()?;
            let beneficiaire = match ligne {
                Some((paiement, beneficiaire)) if paiement == payment_id => beneficiaire,
                _ => return Err(ApiFailure::unprocessable("Ce soin ne figure pas dans ce remboursement.")),
            };
            let deja_signale: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM demandes WHERE ligne_signalee = ?1)",
                [id_ligne],
                |row| row.get(0),
            )?;
            if deja_signale {
                return Err(ApiFailure::conflict("Vous avez déjà signalé ce soin."));
            }
            nouvelle.id_beneficiaire = Some(beneficiaire);
            nouvelle.signalement = Some(Signalement { payment_id, id_ligne, motif: motif.to_owned() });
            Ok(())
        },
        |_, _, _, ()| Ok(()),
    )
    .await
}
