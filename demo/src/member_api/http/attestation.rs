//! The certificates a member downloads (`assure/attestation`): « Attestation de droits » (who
//! is covered, by which contract, from when, with the mutual's AMC number and tiers-payant
//! domains) and « Attestation d'adhésion », for the member or one of the people covered. A
//! certificate states what is true today: the period covered once contracts have ended, the
//! day cover begins when it has not yet.

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension};
use serde::Deserialize;

use super::carte_tp::CarteTp;
use super::context::Context;
use super::reponses::fichier;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf::attestation::Tableau;
use crate::member_api::pdf::{self, impression};
use crate::member_api::rules::membre::Member;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/attestation").get(attestation));
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum Type {
    Droits,
    Adhesion,
}

#[derive(Deserialize)]
struct Parametres {
    #[serde(rename = "type")]
    type_: Type,
    beneficiaire: Option<i64>,
}

struct Personne {
    nom: String,
    lien: String,
    date_naissance: NaiveDate,
    numero_securite_sociale: String,
}

/// A contract covering the person, with its dates.
struct Periode {
    numero: String,
    produit: String,
    debut: NaiveDate,
    fin: Option<NaiveDate>,
}

impl Periode {
    fn en_clair(&self) -> String {
        match self.fin {
            Some(fin) => format!("du {} au {}", impression::date(self.debut), impression::date(fin)),
            None => format!("depuis le {}", impression::date(self.debut)),
        }
    }
}

/// Present, past or future cover, judged over all the person's contracts.
enum Etat {
    Couvert,
    /// Every contract has ended: the first day and the last.
    Termine(NaiveDate, NaiveDate),
    /// Cover begins that day.
    AVenir(NaiveDate),
}

fn etat(periodes: &[Periode], aujourdhui: NaiveDate) -> Option<Etat> {
    let debut = periodes.iter().map(|periode| periode.debut).min()?;
    if periodes
        .iter()
        .any(|periode| periode.debut <= aujourdhui && periode.fin.is_none_or(|fin| fin >= aujourdhui))
    {
        return Some(Etat::Couvert);
    }
    if debut > aujourdhui {
        return Some(Etat::AVenir(debut));
    }
    let fin = periodes.iter().filter_map(|periode| periode.fin).max()?;
    Some(if fin < aujourdhui { Etat::Termine(debut, fin) } else { Etat::AVenir(debut) })
}

fn lien(lien: &str) -> &'static str {
    match lien {
        "ASSURE_PRINCIPAL" => "Adhérent",
        "CONJOINT" => "Conjoint",
        _ => "Enfant",
    }
}

async fn attestation(
    member: Member,
    parametres: web::Query<Parametres>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let Parametres { type_, beneficiaire } = parametres.into_inner();
    let mutuelle = context.mutuelle.clone();
    let (attestation, nom) = context
        .db
        .run(move |db| {
            let aujourdhui = today();
            let id = match beneficiaire {
                Some(id) => {
                    let owner = db
                        .query_row("SELECT numero_personne FROM beneficiaires WHERE id = ?1", [id], |row| row.get(0))
                        .optional()?;
                    member.check_owner(owner)?;
                    id
                }
                None => db.query_row(
                    "SELECT id FROM beneficiaires WHERE numero_personne = ?1 AND lien = 'ASSURE_PRINCIPAL'",
                    [&member.person_number],
                    |row| row.get(0),
                )?,
            };
            let personne = personne(db, id)?;
            let adherent: (String, String) = db.query_row(
                "SELECT civilite, civilite || ' ' || prenom || ' ' || nom FROM adherents WHERE numero_personne = ?1",
                [&member.person_number],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )?;
            let periodes = periodes(db, id)?;
            let etat = etat(&periodes, aujourdhui).ok_or_else(ApiFailure::not_found)?;
            let mut champs = vec![
                ("Personne couverte", personne.nom.clone()),
                ("Date de naissance", impression::date(personne.date_naissance)),
                ("N° de sécurité sociale", personne.numero_securite_sociale.clone()),
                ("Qualité", lien(&personne.lien).to_owned()),
                ("Adhérent", adherent.1.clone()),
                ("N° d’adhérent", member.person_number.clone()),
            ];
            let contrats = Tableau {
                titre: "Contrats",
                entetes: ["Contrat", "Produit", "Période"],
                lignes: periodes
                    .iter()
                    .map(|periode| [periode.numero.clone(), periode.produit.clone(), periode.en_clair()])
                    .collect(),
            };
            let (titre, declaration, tableaux) = match type_ {
                Type::Droits => {
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
                    ("Attestation de droits", declaration_droits(&mutuelle, &personne.nom, &etat, aujourdhui), tableaux)
                }
                Type::Adhesion => (
                    "Attestation d’adhésion",
                    declaration_adhesion(&mutuelle, &personne, &adherent, &etat),
                    vec![contrats],
                ),
            };
            let nom = format!(
                "{}-{}.pdf",
                if type_ == Type::Droits { "attestation-de-droits" } else { "attestation-d-adhesion" },
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
    let contenu = web::block(move || pdf::attestation::attestation(&attestation))
        .await
        .map_err(|error| ApiFailure::internal(error.into()))?;
    Ok(fichier("application/pdf", &nom, contenu))
}

fn declaration_droits(mutuelle: &str, nom: &str, etat: &Etat, aujourdhui: NaiveDate) -> String {
    match etat {
        Etat::Couvert => format!(
            "{mutuelle} atteste que {nom} bénéficie, au {}, des garanties frais de santé du contrat ci-dessous.",
            impression::date(aujourdhui)
        ),
        Etat::Termine(debut, fin) => format!(
            "{mutuelle} atteste que {nom} a bénéficié des garanties frais de santé du contrat ci-dessous du {} au {}, et n’en bénéficie plus depuis cette date.",
            impression::date(*debut),
            impression::date(*fin)
        ),
        Etat::AVenir(debut) => format!(
            "{mutuelle} atteste que {nom} bénéficiera des garanties frais de santé du contrat ci-dessous à compter du {}.",
            impression::date(*debut)
        ),
    }
}

fn declaration_adhesion(
    mutuelle: &str,
    personne: &Personne,
    adherent: &(String, String),
    etat: &Etat,
) -> String {
    let (civilite, nom_adherent) = adherent;
    let membre = if personne.lien == "ASSURE_PRINCIPAL" {
        let adherente = if civilite == "M." { "adhérent" } else { "adhérente" };
        format!("{nom_adherent} est {adherente}")
    } else {
        format!(
            "{}, {} de {nom_adherent}, est bénéficiaire de son adhésion",
            personne.nom,
            lien(&personne.lien).to_lowercase()
        )
    };
    match etat {
        Etat::Couvert => format!("{mutuelle} atteste que {membre} à la date de ce document."),
        Etat::Termine(debut, fin) => format!(
            "{mutuelle} atteste que {} du {} au {}.",
            membre.replacen(" est ", " a été ", 1),
            impression::date(*debut),
            impression::date(*fin)
        ),
        Etat::AVenir(debut) => format!(
            "{mutuelle} atteste que {} à compter du {}.",
            membre.replacen(" est ", " sera ", 1),
            impression::date(*debut)
        ),
    }
}

fn personne(db: &Connection, id: i64) -> rusqlite::Result<Personne> {
    db.query_row(
        "SELECT prenom || ' ' || nom, lien, date_naissance, numero_securite_sociale FROM beneficiaires WHERE id = ?1",
        [id],
        |row| {
            Ok(Personne {
                nom: row.get(0)?,
                lien: row.get(1)?,
                date_naissance: row.get(2)?,
                numero_securite_sociale: row.get(3)?,
            })
        },
    )
}

fn periodes(db: &Connection, beneficiaire: i64) -> rusqlite::Result<Vec<Periode>> {
    let mut statement = db.prepare(
        "SELECT c.numero_contrat, p.libelle, c.date_debut, c.date_fin
         FROM contrat_beneficiaires cb JOIN contrats c ON c.id = cb.contrat_id JOIN produits p ON p.code = c.code_produit
         WHERE cb.beneficiaire_id = ?1 ORDER BY c.date_debut",
    )?;
    let rows = statement.query_map([beneficiaire], |row| {
        Ok(Periode { numero: row.get(0)?, produit: row.get(1)?, debut: row.get(2)?, fin: row.get(3)? })
    })?;
    rows.collect()
}
