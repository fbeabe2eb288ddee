//! Contracts and what they give: the contracts with their contribution schedule
//! (`assure/contrats`), the next due date (`assure/echeance-prochaine`), the rights of each
//! beneficiary (`assure/droitsAdherent`), the guarantees in full
//! (`assure/droitsCompletAdherent`) and their booklet as a PDF (`assure/livret`).

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::context::Context;
use super::reponses::json;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf;
use crate::member_api::pdf::impression;
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::{plan_reglement, prelevement};
use crate::member_api::store::adherents;
use crate::member_api::store::contrats::{self, Couvert, Echeance};
use crate::member_api::store::montant::Euros;
use crate::member_api::store::produits::{self, CategorieGaranties};
use crate::telechargement::fichier;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/contrats").get(contrats))
        .service(web::resource("/assure/echeance-prochaine").get(echeance_prochaine))
        .service(web::resource("/assure/prelevement").put(changer_jour_prelevement))
        .service(web::resource("/assure/plan-de-reglement").post(demander_plan))
        .service(web::resource("/assure/droitsAdherent").get(droits))
        .service(web::resource("/assure/droitsCompletAdherent").get(droits_complets))
        .service(web::resource("/assure/livret").get(livret));
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ContratDetaille {
    numero_contrat: String,
    code_produit: String,
    libelle_produit: String,
    /// INDIVIDUEL or COLLECTIF.
    type_contrat: String,
    /// The employer, for a collective contract.
    entreprise: Option<String>,
    statut: &'static str,
    date_debut: NaiveDate,
    date_fin: Option<NaiveDate>,
    motif_fin: Option<String>,
    date_prochaine_echeance: Option<NaiveDate>,
    cotisation: Cotisation,
    beneficiaires: Vec<Couvert>,
    echeancier: Vec<Echeance>,
    /// What the member owes at once: the calls for funds whose debit the bank rejected, but
    /// for those a plan settles.
    montant_impaye: Euros,
    /// The instalments the member pays what they owed in, while some remain.
    plan_de_reglement: Option<contrats::PlanReglement>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Cotisation {
    montant: Euros,
    /// MENSUELLE or TRIMESTRIELLE.
    periodicite: String,
    /// PRELEVEMENT, or AUCUN when the member pays nothing.
    mode_paiement: String,
    /// The day of the month it is debited on.
    jour_prelevement: u32,
}

async fn contrats(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    // A contract's status and next call for funds are those of today.
    let today = today();
    let key = format!("contrats {} {today}", member.person_number);
    context
        .db
        .read_json(key, move |db| {
            contrats::Contrat::all(db, &member.person_number)?
                .into_iter()
                .map(|contrat| {
                    let echeancier = contrats::echeancier(db, contrat.id, today)?;
                    let impaye = echeancier
                        .iter()
                        .filter(|echeance| echeance.statut == "REJETEE" && !echeance.en_plan);
                    let montant_impaye = Euros(impaye.map(|echeance| echeance.montant.0).sum());
                    Ok(ContratDetaille {
                        montant_impaye,
                        plan_de_reglement: contrats::plan_en_cours(db, contrat.id, today)?,
                        statut: contrat.statut(today),
                        date_prochaine_echeance: echeancier
                            .iter()
                            .find(|echeance| echeance.date_echeance >= today)
                            .map(|echeance| echeance.date_echeance),
                        beneficiaires: contrats::couverts(db, contrat.id)?,
                        echeancier,
                        cotisation: Cotisation {
                            montant: Euros(contrat.cotisation),
                            periodicite: contrat.periodicite,
                            mode_paiement: contrat.mode_paiement,
                            jour_prelevement: contrat.jour_prelevement,
                        },
                        numero_contrat: contrat.numero_contrat,
                        code_produit: contrat.code_produit,
                        libelle_produit: contrat.libelle_produit,
                        type_contrat: contrat.type_contrat,
                        entreprise: contrat.entreprise,
                        date_debut: contrat.date_debut,
                        date_fin: contrat.date_fin,
                        motif_fin: contrat.motif_fin,
                    })
                })
                .collect::<Result<Vec<_>, ApiFailure>>()
        })
        .await
        .map(json)
}

/// The next call for funds of any contract, or JSON `null` when none is scheduled (struck-off
/// members, contracts not started yet or without contribution).
async fn echeance_prochaine(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let today = today();
    let key = format!("echeance-prochaine {} {today}", member.person_number);
    context
        .db
        .read_json(key, move |db| Ok(contrats::echeance_prochaine(db, &member.person_number, today)?))
        .await
        .map(json)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Droits {
    numero_personne: String,
    /// At least one contract in force today.
    couvert: bool,
    beneficiaires: Vec<DroitsBeneficiaire>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DroitsBeneficiaire {
    id_beneficiaire: i64,
    prenom: String,
    nom: String,
    lien: String,
    date_naissance: NaiveDate,
    droits: Vec<Droit>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Droit {
    numero_contrat: String,
    libelle_produit: String,
    date_debut: NaiveDate,
    date_fin: Option<NaiveDate>,
    statut: &'static str,
}

async fn droits(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let droits = context
        .db
        .run(move |db| {
            let today = today();
            let contrats = contrats::Contrat::all(db, &member.person_number)?;
            let couvert = contrats.iter().any(|contrat| contrat.statut(today) == "ACTIF");
            let beneficiaires =
                crate::member_api::store::beneficiaires::Beneficiaire::all(db, &member.person_number)?
                    .into_iter()
                    .map(|beneficiaire| {
                        let ids = contrats::du_couvert(db, beneficiaire.id)?;
                        let droits = contrats
                            .iter()
                            .filter(|contrat| ids.contains(&contrat.id))
                            .map(|contrat| Droit {
                                numero_contrat: contrat.numero_contrat.clone(),
                                libelle_produit: contrat.libelle_produit.clone(),
                                date_debut: contrat.date_debut,
                                date_fin: contrat.date_fin,
                                statut: contrat.statut(today),
                            })
                            .collect();
                        Ok(DroitsBeneficiaire {
                            id_beneficiaire: beneficiaire.id,
                            prenom: beneficiaire.prenom,
                            nom: beneficiaire.nom,
                            lien: beneficiaire.lien,
                            date_naissance: beneficiaire.date_naissance,
                            droits,
                        })
                    })
                    .collect::<Result<Vec<_>, ApiFailure>>()?;
            Ok(Droits { numero_personne: member.person_number, couvert, beneficiaires })
        })
        .await?;
    Ok(HttpResponse::Ok().json(droits))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DroitsComplets {
    numero_personne: String,
    contrats: Vec<ContratGaranti>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ContratGaranti {
    numero_contrat: String,
    libelle_produit: String,
    type_contrat: String,
    statut: &'static str,
    date_debut: NaiveDate,
    date_fin: Option<NaiveDate>,
    beneficiaires: Vec<Couvert>,
    garanties: Vec<CategorieGaranties>,
}

async fn droits_complets(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let droits = context
        .db
        .run(move |db| {
            let today = today();
            let contrats = contrats::Contrat::all(db, &member.person_number)?
                .into_iter()
                .map(|contrat| {
                    Ok(ContratGaranti {
                        statut: contrat.statut(today),
                        beneficiaires: contrats::couverts(db, contrat.id)?,
                        garanties: produits::garanties(db, &contrat.code_produit)?,
                        numero_contrat: contrat.numero_contrat,
                        libelle_produit: contrat.libelle_produit,
                        type_contrat: contrat.type_contrat,
                        date_debut: contrat.date_debut,
                        date_fin: contrat.date_fin,
                    })
                })
                .collect::<Result<Vec<_>, ApiFailure>>()?;
            Ok(DroitsComplets { numero_personne: member.person_number, contrats })
        })
        .await?;
    Ok(HttpResponse::Ok().json(droits))
}

/// The guarantees booklet of the member's contract: the one in force, else the one to come,
/// else the last one.
async fn livret(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let mutuelle = context.mutuelle.clone();
    let livret = context
        .db
        .run(move |db| {
            let contrat = contrats::Contrat::all(db, &member.person_number)?
                .into_iter()
                .next()
                .ok_or_else(ApiFailure::not_found)?;
            let adherent = adherents::nom_complet(db, &member.person_number)?;
            let categories = produits::garanties(db, &contrat.code_produit)?
                .into_iter()
                .map(|categorie| pdf::livret::CategorieGaranties {
                    libelle: categorie.libelle_categorie.to_owned(),
                    garanties: categorie
                        .garanties
                        .into_iter()
                        .map(|garantie| pdf::livret::Garantie {
                            libelle: garantie.libelle,
                            regle: impression::insecable(&garantie.regle),
                            plafond: garantie.plafond.map(|Euros(cents)| {
                                let periode = match garantie.periodicite_plafond.as_deref() {
                                    Some("an") => " par an et par bénéficiaire".to_owned(),
                                    Some(annees) => format!(" tous les {annees} et par bénéficiaire"),
                                    None => String::new(),
                                };
                                format!("{}{periode}", impression::montant(cents))
                            }),
                        })
                        .collect(),
                })
                .collect();
            Ok(pdf::livret::Livret {
                mutuelle,
                adherent,
                numero_adherent: member.person_number,
                numero_contrat: contrat.numero_contrat,
                produit: contrat.libelle_produit,
                date_edition: impression::date(today()),
                categories,
            })
        })
        .await?;
    let nom = format!("livret-de-garanties-{}.pdf", livret.numero_contrat);
    // Laying out and compressing a PDF is CPU work: off the async worker.
    let contenu = web::block(move || pdf::livret::livret(&livret))
        .await
        .map_err(|error| ApiFailure::internal(error.into()))?;
    Ok(fichier("application/pdf", &nom, contenu))
}

/// What « Changer le jour de prélèvement » sends.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NouveauJour {
    numero_contrat: String,
    #[serde(deserialize_with = "super::json::entier::un")]
    jour: i64,
}

/// `PUT assure/prelevement`: the day the contract's contributions are debited on, from now on
/// (`rules/prelevement.rs`).
async fn changer_jour_prelevement(
    member: Member,
    body: web::Json<NouveauJour>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let NouveauJour { numero_contrat, jour } = body.into_inner();
    // Out of any u32, not one of the mutual's days either: the rule says so.
    let jour = u32::try_from(jour).unwrap_or(0);
    let change = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            let change = prelevement::changer(&tx, &member.person_number, &numero_contrat, jour, today())?;
            tx.commit()?;
            Ok(change)
        })
        .await?;
    Ok(HttpResponse::Ok().json(change))
}

/// What « Régler en plusieurs fois » sends.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemandePlan {
    numero_contrat: String,
    #[serde(deserialize_with = "super::json::entier::un")]
    mensualites: i64,
}

/// `POST assure/plan-de-reglement`: what the member owes on a contract, in monthly instalments
/// (`rules/plan_reglement.rs`).
async fn demander_plan(
    member: Member,
    body: web::Json<DemandePlan>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let DemandePlan { numero_contrat, mensualites } = body.into_inner();
    let mensualites = u32::try_from(mensualites).unwrap_or(0);
    let plan = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            let plan = plan_reglement::demander(
                &tx,
                &member.person_number,
                &numero_contrat,
                mensualites,
                today(),
                chrono::Utc::now(),
            )?;
            tx.commit()?;
            Ok(plan)
        })
        .await?;
    Ok(HttpResponse::Created().json(plan))
}
