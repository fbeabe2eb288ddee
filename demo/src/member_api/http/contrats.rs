//! Contracts and what they give: the contracts with their contribution schedule
//! (`assure/contrats`), the next due date (`assure/echeance-prochaine`), the rights of each
//! beneficiary (`assure/droitsAdherent`), the guarantees in full
//! (`assure/droitsCompletAdherent`) and their booklet as a PDF (`assure/livret`).

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::context::Context;
use super::reponses::{fichier, json};
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf;
use crate::member_api::pdf::impression;
use crate::member_api::rules::membre::Member;
use crate::member_api::store::montant::Euros;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/contrats").get(contrats))
        .service(web::resource("/assure/echeance-prochaine").get(echeance_prochaine))
        .service(web::resource("/assure/droitsAdherent").get(droits))
        .service(web::resource("/assure/droitsCompletAdherent").get(droits_complets))
        .service(web::resource("/assure/livret").get(livret));
}

/// A contract as the member reads it.
pub struct Contrat {
    pub id: i64,
    pub numero_contrat: String,
    pub code_produit: String,
    pub libelle_produit: String,
    pub type_contrat: String,
    pub entreprise: Option<String>,
    pub date_debut: NaiveDate,
    pub date_fin: Option<NaiveDate>,
    pub motif_fin: Option<String>,
    pub cotisation: i64,
    pub periodicite: String,
    pub mode_paiement: String,
}

impl Contrat {
    /// A member's contracts, the one in force first, then the latest.
    pub fn all(db: &Connection, person_number: &str) -> rusqlite::Result<Vec<Self>> {
        let mut statement = db.prepare(
            "SELECT c.id, c.numero_contrat, c.code_produit, p.libelle, c.type_contrat, c.entreprise, c.date_debut,
                    c.date_fin, c.motif_fin, c.cotisation, c.periodicite, c.mode_paiement
             FROM contrats c JOIN produits p ON p.code = c.code_produit
             WHERE c.numero_personne = ?1 ORDER BY c.date_fin IS NOT NULL, c.date_debut DESC",
        )?;
        let rows = statement.query_map([person_number], |row| {
            Ok(Self {
                id: row.get(0)?,
                numero_contrat: row.get(1)?,
                code_produit: row.get(2)?,
                libelle_produit: row.get(3)?,
                type_contrat: row.get(4)?,
                entreprise: row.get(5)?,
                date_debut: row.get(6)?,
                date_fin: row.get(7)?,
                motif_fin: row.get(8)?,
                cotisation: row.get(9)?,
                periodicite: row.get(10)?,
                mode_paiement: row.get(11)?,
            })
        })?;
        rows.collect()
    }

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
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Cotisation {
    montant: Euros,
    /// MENSUELLE or TRIMESTRIELLE.
    periodicite: String,
    /// PRELEVEMENT, or AUCUN when the member pays nothing.
    mode_paiement: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Couvert {
    id: i64,
    prenom: String,
    nom: String,
    lien: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Echeance {
    date_echeance: NaiveDate,
    periode_debut: NaiveDate,
    periode_fin: NaiveDate,
    montant: Euros,
    /// REGLEE once its date has passed, A_VENIR before.
    statut: &'static str,
}

fn couverts(db: &Connection, contrat: i64) -> rusqlite::Result<Vec<Couvert>> {
    let mut statement = db.prepare(
        "SELECT b.id, b.prenom, b.nom, b.lien FROM contrat_beneficiaires cb JOIN beneficiaires b ON b.id = cb.beneficiaire_id
         WHERE cb.contrat_id = ?1
         ORDER BY CASE b.lien WHEN 'ASSURE_PRINCIPAL' THEN 0 WHEN 'CONJOINT' THEN 1 ELSE 2 END, b.date_naissance",
    )?;
    let rows = statement.query_map([contrat], |row| {
        Ok(Couvert { id: row.get(0)?, prenom: row.get(1)?, nom: row.get(2)?, lien: row.get(3)? })
    })?;
    rows.collect()
}

fn echeancier(db: &Connection, contrat: i64, today: NaiveDate) -> rusqlite::Result<Vec<Echeance>> {
    let mut statement = db.prepare(
        "SELECT date_echeance, periode_debut, periode_fin, montant FROM echeances WHERE contrat_id = ?1 ORDER BY date_echeance",
    )?;
    let rows = statement.query_map([contrat], |row| {
        let date_echeance: NaiveDate = row.get(0)?;
        Ok(Echeance {
            date_echeance,
            periode_debut: row.get(1)?,
            periode_fin: row.get(2)?,
            montant: row.get(3)?,
            statut: if date_echeance < today { "REGLEE" } else { "A_VENIR" },
        })
    })?;
    rows.collect()
}

async fn contrats(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    // A contract's status and next call for funds are those of today.
    let today = today();
    let key = format!("contrats {} {today}", member.person_number);
    context
        .db
        .read_json(key, move |db| {
            Contrat::all(db, &member.person_number)?
                .into_iter()
                .map(|contrat| {
                    let echeancier = echeancier(db, contrat.id, today)?;
                    Ok(ContratDetaille {
                        statut: contrat.statut(today),
                        date_prochaine_echeance: echeancier
                            .iter()
                            .find(|echeance| echeance.date_echeance >= today)
                            .map(|echeance| echeance.date_echeance),
                        beneficiaires: couverts(db, contrat.id)?,
                        echeancier,
                        cotisation: Cotisation {
                            montant: Euros(contrat.cotisation),
                            periodicite: contrat.periodicite,
                            mode_paiement: contrat.mode_paiement,
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

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EcheanceProchaine {
    numero_contrat: String,
    date_echeance: NaiveDate,
    montant: Euros,
    mode_paiement: String,
}

/// The next call for funds of any contract, or JSON `null` when none is scheduled (struck-off
/// members, contracts not started yet or without contribution).
async fn echeance_prochaine(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let today = today();
    let key = format!("echeance-prochaine {} {today}", member.person_number);
    context
        .db
        .read_json(key, move |db| {
            Ok(db
                .query_row(
                    "SELECT c.numero_contrat, e.date_echeance, e.montant, c.mode_paiement
                     FROM echeances e JOIN contrats c ON c.id = e.contrat_id
                     WHERE c.numero_personne = ?1 AND e.date_echeance >= ?2
                     ORDER BY e.date_echeance LIMIT 1",
                    params![member.person_number, today],
                    |row| {
                        Ok(EcheanceProchaine {
                            numero_contrat: row.get(0)?,
                            date_echeance: row.get(1)?,
                            montant: row.get(2)?,
                            mode_paiement: row.get(3)?,
                        })
                    },
                )
                .optional()?)
        })
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
            let contrats = Contrat::all(db, &member.person_number)?;
            let couvert = contrats.iter().any(|contrat| contrat.statut(today) == "ACTIF");
            let beneficiaires =
                crate::member_api::store::beneficiaires::Beneficiaire::all(db, &member.person_number)?
                    .into_iter()
                    .map(|beneficiaire| {
                        let mut statement = db.prepare_cached(
                            "SELECT contrat_id FROM contrat_beneficiaires WHERE beneficiaire_id = ?1",
                        )?;
                        let ids = statement
                            .query_map([beneficiaire.id], |row| row.get::<_, i64>(0))?
                            .collect::<rusqlite::Result<Vec<_>>>()?;
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

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategorieGaranties {
    pub categorie: String,
    pub libelle_categorie: &'static str,
    pub garanties: Vec<Garantie>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Garantie {
    pub libelle: String,
    /// How it pays: "200 % BRSS", "40 €/séance", "Frais réels"…
    pub regle: String,
    pub plafond: Option<Euros>,
    /// "an" or "2 ans", with `plafond`.
    pub periodicite_plafond: Option<String>,
}

/// A product's guarantees, grouped by category in the booklet's order.
pub fn garanties(db: &Connection, code_produit: &str) -> rusqlite::Result<Vec<CategorieGaranties>> {
    let mut statement = db.prepare_cached(
        "SELECT categorie, libelle, regle, plafond, periodicite_plafond FROM garanties WHERE code_produit = ?1 ORDER BY ordre",
    )?;
    let mut categories: Vec<CategorieGaranties> = Vec::new();
    let mut rows = statement.query([code_produit])?;
    while let Some(row) = rows.next()? {
        let categorie: String = row.get(0)?;
        let garantie = Garantie {
            libelle: row.get(1)?,
            regle: row.get(2)?,
            plafond: row.get(3)?,
            periodicite_plafond: row.get(4)?,
        };
        match categories.last_mut() {
            Some(last) if last.categorie == categorie => last.garanties.push(garantie),
            _ => categories.push(CategorieGaranties {
                libelle_categorie: libelle_categorie(&categorie),
                categorie,
                garanties: vec![garantie],
            }),
        }
    }
    Ok(categories)
}

fn libelle_categorie(categorie: &str) -> &'static str {
    match categorie {
        "SOINS_COURANTS" => "Soins courants",
        "PHARMACIE" => "Pharmacie",
        "HOSPITALISATION" => "Hospitalisation",
        "DENTAIRE" => "Dentaire",
        "OPTIQUE" => "Optique",
        "AUDIOLOGIE" => "Audiologie",
        "MEDECINES_DOUCES" => "Médecines douces",
        "PREVENTION" => "Prévention",
        _ => "Autres garanties",
    }
}

async fn droits_complets(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let droits = context
        .db
        .run(move |db| {
            let today = today();
            let contrats = Contrat::all(db, &member.person_number)?
                .into_iter()
                .map(|contrat| {
                    Ok(ContratGaranti {
                        statut: contrat.statut(today),
                        beneficiaires: couverts(db, contrat.id)?,
                        garanties: garanties(db, &contrat.code_produit)?,
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
            let contrat = Contrat::all(db, &member.person_number)?
                .into_iter()
                .next()
                .ok_or_else(ApiFailure::not_found)?;
            let adherent: String = db.query_row(
                "SELECT civilite || ' ' || prenom || ' ' || nom FROM adherents WHERE numero_personne = ?1",
                [&member.person_number],
                |row| row.get(0),
            )?;
            let categories = garanties(db, &contrat.code_produit)?
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
