//! The certificates a member downloads (`assure/attestation`): « Attestation de droits » (who
//! is covered, by which contract, from when, with the mutual's AMC number and tiers-payant
//! domains) and « Attestation d'adhésion », for the member or one of the people covered. A
//! certificate states what is true today: the period covered once contracts have ended, the
//! day cover begins when it has not yet. For money matters, the Madelin certificate and the
//! yearly statement of contributions, in the member's name, for a year.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::context::Context;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf::attestation::Tableau;
use crate::member_api::pdf::{self, impression};
use crate::member_api::rules::attestation;
use crate::member_api::rules::attestation_fiscale::{self, Fiscale};
use crate::member_api::rules::membre::Member;
use crate::member_api::store::cartes_tp::CarteTp;
use crate::member_api::store::{adherents, beneficiaires, contrats};
use crate::telechargement::fichier;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/attestation").get(attestation));
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum Type {
    Droits,
    Adhesion,
    Madelin,
    Cotisations,
}

/// The certificates of a person covered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Personnelle {
    Droits,
    Adhesion,
}

#[derive(Deserialize)]
struct Parametres {
    #[serde(rename = "type")]
    type_: Type,
    beneficiaire: Option<i64>,
    annee: Option<i32>,
}

async fn attestation(
    member: Member,
    parametres: web::Query<Parametres>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let Parametres { type_, beneficiaire, annee } = parametres.into_inner();
    let personnelle = match type_ {
        Type::Madelin => {
            return attestation_fiscale(member, Fiscale::Madelin, beneficiaire, annee, &context).await;
        }
        Type::Cotisations => {
            return attestation_fiscale(member, Fiscale::Cotisations, beneficiaire, annee, &context).await;
        }
        Type::Droits => Personnelle::Droits,
        Type::Adhesion => Personnelle::Adhesion,
    };
    let mutuelle = context.mutuelle.clone();
    let (attestation, nom) = context
        .db
        .run(move |db| {
            let aujourdhui = today();
            let id = match beneficiaire {
                Some(id) => {
                    let owner = beneficiaires::titulaire(db, id)?;
                    member.check_owner(owner)?;
                    id
                }
                None => {
                    let (id, _, _) = beneficiaires::principal(db, &member.person_number)?
                        .ok_or(rusqlite::Error::QueryReturnedNoRows)?;
                    id
                }
            };
            let personne = beneficiaires::personne_couverte(db, id)?;
            let adherent = adherents::civilite_et_nom_complet(db, &member.person_number)?;
            let periodes = contrats::periodes_du_couvert(db, id)?;
            let etat = attestation::etat(&periodes, aujourdhui).ok_or_else(ApiFailure::not_found)?;
            let mut champs = vec![
                ("Personne couverte", personne.nom.clone()),
                ("Date de naissance", impression::date(personne.date_naissance)),
                ("N° de sécurité sociale", personne.numero_securite_sociale.clone()),
                ("Qualité", attestation::lien(&personne.lien).to_owned()),
                ("Adhérent", adherent.1.clone()),
                ("N° d’adhérent", member.person_number.clone()),
            ];
            let contrats = Tableau {
                titre: "Contrats",
                entetes: ["Contrat", "Produit", "Période"],
                lignes: periodes
                    .iter()
                    .map(|periode| {
                        [periode.numero.clone(), periode.produit.clone(), attestation::en_clair(periode)]
                    })
                    .collect(),
            };
            let (titre, declaration, tableaux) = match personnelle {
                Personnelle::Droits => {
                    let carte = CarteTp::valides(db, &member.person_number, &mutuelle)?
                        .into_iter()
                        .find(|carte| carte.periode == "EN_COURS");
                    let mut tableaux = vec![contrats];
                    if let Some(carte) = carte {
                        champs.push(("N° AMC", carte.numero_amc.clone()));
                        tableaux.push(Tableau {
                            titre: "Domaines de tiers payant",
                            entetes: ["Code", "Domaine", "Taux"],
                            lignes: carte
                                .domaines
                                .into_iter()
                                .map(|domaine| [domaine.code, domaine.libelle, domaine.taux])
                                .collect(),
                        });
                    }
                    (
                        "Attestation de droits",
                        attestation::declaration_droits(&mutuelle, &personne.nom, &etat, aujourdhui),
                        tableaux,
                    )
                }
                Personnelle::Adhesion => (
                    "Attestation d’adhésion",
                    attestation::declaration_adhesion(&mutuelle, &personne, &adherent, &etat),
                    vec![contrats],
                ),
            };
            let nom = format!(
                "{}-{}.pdf",
                if personnelle == Personnelle::Droits {
                    "attestation-de-droits"
                } else {
                    "attestation-d-adhesion"
                },
                personne.nom.to_lowercase().replace(' ', "-")
            );
            Ok((
                pdf::attestation::Attestation {
                    mutuelle,
                    titre,
                    declaration,
                    champs,
                    tableaux,
                    date_edition: impression::date(aujourdhui),
                },
                nom,
            ))
        })
        .await?;
    imprimer(attestation, &nom).await
}

/// A certificate for money matters, in the member's name only, for a year
/// (`rules/attestation_fiscale.rs`).
async fn attestation_fiscale(
    member: Member,
    fiscale: Fiscale,
    beneficiaire: Option<i64>,
    annee: Option<i32>,
    context: &Context,
) -> Result<HttpResponse, ApiFailure> {
    if beneficiaire.is_some() {
        return Err(ApiFailure::unprocessable(
            "Cette attestation est établie au nom de l’adhérent seulement.",
        ));
    }
    let aujourdhui = today();
    let annee = attestation_fiscale::annee(fiscale, annee, aujourdhui)?;
    let mutuelle = context.mutuelle.clone();
    let attestation = context
        .db
        .run(move |db| {
            attestation_fiscale::attestation(db, &mutuelle, &member.person_number, fiscale, annee, aujourdhui)
        })
        .await?;
    let nom = match fiscale {
        Fiscale::Madelin => format!("attestation-madelin-{annee}.pdf"),
        Fiscale::Cotisations => format!("releve-des-cotisations-{annee}.pdf"),
    };
    imprimer(attestation, &nom).await
}

async fn imprimer(attestation: pdf::attestation::Attestation, nom: &str) -> Result<HttpResponse, ApiFailure> {
    let contenu = web::block(move || pdf::attestation::attestation(&attestation))
        .await
        .map_err(|error| ApiFailure::internal(error.into()))?;
    Ok(fichier("application/pdf", nom, contenu))
}
