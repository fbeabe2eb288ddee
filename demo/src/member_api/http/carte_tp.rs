//! Tiers-payant cards: the cards valid today and for the next period (`assure/carte-tp`), and
//! one card as a PDF to show a professional (`assure/carte-tp-detail/{id}`).

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;

use super::context::Context;
use super::reponses::json;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf;
use crate::member_api::pdf::impression;
use crate::member_api::rules::membre::Member;
use crate::member_api::store::adherents;
use crate::member_api::store::beneficiaires::Beneficiaire;
use crate::member_api::store::cartes_tp::{self, CarteTp};
use crate::telechargement::fichier;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/carte-tp").get(cartes))
        .service(web::resource("/assure/carte-tp-detail/{id}").get(carte_pdf));
}

/// What the card's 2D code carries, the same text as the card on screen draws (the front
/// end's `carteTpCode`): the fields a professional keys in to bill the mutual, one
/// `NAME:value` per line, dates as YYYYMMDD.
fn code(carte: &CarteTp) -> String {
    let compact = |date: NaiveDate| date.format("%Y%m%d");
    format!(
        "AMC:{}\nCONV:{}\nAIG:{}\nADH:{}\nVAL:{}-{}",
        carte.numero_amc,
        carte.type_convention,
        carte.critere_aiguillage,
        carte.numero_adherent,
        compact(carte.date_debut_validite),
        compact(carte.date_fin_validite)
    )
}

async fn cartes(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let mutuelle = context.mutuelle.clone();
    // The cards in force are those of today.
    let key = format!("cartes {} {}", member.vue(), today());
    context
        .db
        .read_json(key, move |db| {
            let mut cartes = CarteTp::valides(db, &member.person_number, &mutuelle)?;
            for carte in &mut cartes {
                sa_ligne(db, &member, carte)?;
            }
            Ok::<_, ApiFailure>(cartes)
        })
        .await
        .map(json)
}

/// A beneficiary's own space shows their own line of the card only.
fn sa_ligne(db: &rusqlite::Connection, member: &Member, carte: &mut CarteTp) -> rusqlite::Result<()> {
    let Some(seulement) = member.seulement else { return Ok(()) };
    let lui = Beneficiaire::all(db, &member.person_number)?
        .into_iter()
        .find(|beneficiaire| beneficiaire.id == seulement);
    carte.beneficiaires.retain(|porteur| {
        lui.as_ref()
            .is_some_and(|lui| lui.prenom == porteur.prenom && lui.date_naissance == porteur.date_naissance)
    });
    Ok(())
}

/// One card as a PDF (where `smartCarteUrl` points).
async fn carte_pdf(
    member: Member,
    id: web::Path<i64>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let id = id.into_inner();
    let mutuelle = context.mutuelle.clone();
    let carte = context
        .db
        .run(move |db| {
            let owner = cartes_tp::titulaire(db, id)?;
            member.check_owner(owner)?;
            let adherent = adherents::nom_complet(db, &member.person_number)?;
            let mut carte = CarteTp::read(db, id, &mutuelle)?;
            sa_ligne(db, &member, &mut carte)?;
            let code = code(&carte);
            Ok(pdf::carte_tp::CarteTp {
                mutuelle: carte.libelle_amc,
                adherent,
                numero_adherent: carte.numero_adherent,
                numero_amc: carte.numero_amc,
                type_convention: carte.type_convention,
                critere_aiguillage: carte.critere_aiguillage,
                debut_validite: impression::date(carte.date_debut_validite),
                fin_validite: impression::date(carte.date_fin_validite),
                code,
                beneficiaires: carte
                    .beneficiaires
                    .into_iter()
                    .map(|porteur| pdf::carte_tp::BeneficiaireCarte {
                        nom: format!("{} {}", porteur.prenom, porteur.nom),
                        date_naissance: impression::date(porteur.date_naissance),
                        rang: u8::try_from(porteur.rang_naissance).unwrap_or(u8::MAX),
                    })
                    .collect(),
                domaines: carte
                    .domaines
                    .into_iter()
                    .map(|domaine| pdf::carte_tp::DomaineSoins {
                        code: domaine.code,
                        libelle: domaine.libelle,
                        taux: domaine.taux,
                    })
                    .collect(),
            })
        })
        .await?;
    let nom = format!("carte-tiers-payant-{}.pdf", &carte.fin_validite[6..]);
    let contenu = web::block(move || pdf::carte_tp::carte_tp(&carte))
        .await
        .map_err(|error| ApiFailure::internal(error.into()))?;
    Ok(fichier("application/pdf", &nom, contenu))
}
