//! The certificates for money matters (`assure/attestation?type=MADELIN|COTISATIONS`,
//! docs/product/member-api.md#certificates-for-money-matters): the Madelin certificate of a
//! year's contributions to a self-employed member's contract, which the member's tax return
//! deducts, and the yearly statement of the contributions paid to every contract.
//!
//! A contribution counts for the year its call for funds fell due, once settled (its day
//! passed). The Madelin certificate is of a year closed; the statement may be of this year so far.

use chrono::{Datelike, NaiveDate};
use rusqlite::Connection;

use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf::attestation::{Attestation, Tableau};
use crate::member_api::pdf::impression;
use crate::member_api::store::adherents;
use crate::member_api::store::contrats::{self, CotisationReglee};

/// The first year a certificate may be asked for.
const PREMIERE_ANNEE: i32 = 2000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fiscale {
    /// « Attestation fiscale Madelin ».
    Madelin,
    /// « Relevé annuel des cotisations ».
    Cotisations,
}

/// The year asked, checked: by default the last year closed.
pub fn annee(fiscale: Fiscale, annee: Option<i32>, aujourdhui: NaiveDate) -> Result<i32, ApiFailure> {
    let derniere = match fiscale {
        Fiscale::Madelin => aujourdhui.year() - 1,
        Fiscale::Cotisations => aujourdhui.year(),
    };
    let annee = annee.unwrap_or(aujourdhui.year() - 1);
    if (PREMIERE_ANNEE..=derniere).contains(&annee) {
        return Ok(annee);
    }
    Err(ApiFailure::unprocessable(match fiscale {
        Fiscale::Madelin => format!(
            "L’attestation Madelin porte sur une année close : choisissez une année de {PREMIERE_ANNEE} à {derniere}."
        ),
        Fiscale::Cotisations => format!("Choisissez une année de {PREMIERE_ANNEE} à {derniere}."),
    }))
}

/// The certificate of `fiscale` for `annee` of the member `numero`, as of `aujourdhui`.
pub fn attestation(
    db: &Connection,
    mutuelle: &str,
    numero: &str,
    fiscale: Fiscale,
    annee: i32,
    aujourdhui: NaiveDate,
) -> Result<Attestation, ApiFailure> {
    let mut reglees = contrats::cotisations_reglees(db, numero, annee, aujourdhui)?;
    if fiscale == Fiscale::Madelin {
        if !contrats::a_un_contrat_madelin(db, numero)? {
            return Err(ApiFailure::unprocessable(
                "Aucun de vos contrats n’a été souscrit dans le cadre de la loi Madelin, réservé aux travailleurs non salariés : l’attestation Madelin ne peut pas être établie.",
            ));
        }
        reglees.retain(|cotisation| cotisation.madelin);
    }
    if reglees.is_empty() {
        return Err(ApiFailure::unprocessable(match fiscale {
            Fiscale::Madelin => {
                format!("Aucune cotisation de votre contrat Madelin n’a été réglée en {annee}.")
            }
            Fiscale::Cotisations => format!("Aucune cotisation n’a été réglée en {annee}."),
        }));
    }
    let total: i64 = reglees.iter().map(|cotisation| cotisation.montant).sum();
    let (civilite, nom) = adherents::civilite_et_nom_complet(db, numero)?;
    let nom = format!("{civilite} {nom}");
    let (titre, declaration) = match fiscale {
        Fiscale::Madelin => {
            let mut numeros: Vec<&str> =
                reglees.iter().map(|cotisation| cotisation.numero_contrat.as_str()).collect();
            numeros.dedup();
            (
                "Attestation fiscale Madelin",
                format!(
                    "{mutuelle} atteste que {nom} a réglé en {annee}, au titre du contrat n° {} souscrit dans le cadre de \
                     l’article 154 bis du code général des impôts (loi Madelin), des cotisations d’un montant total de {}, \
                     déductibles de son bénéfice imposable dans les limites fixées par cet article.",
                    numeros.join(", n° "),
                    impression::montant(total)
                ),
            )
        }
        Fiscale::Cotisations => (
            "Relevé annuel des cotisations",
            format!(
                "{mutuelle} atteste que {nom} a réglé en {annee} des cotisations d’un montant total de {} pour les \
                 contrats ci-dessous.",
                impression::montant(total)
            ),
        ),
    };
    Ok(Attestation {
        mutuelle: mutuelle.to_owned(),
        titre,
        declaration,
        champs: vec![
            ("Adhérent", nom),
            ("N° d’adhérent", numero.to_owned()),
            ("Année", annee.to_string()),
            ("Total réglé", impression::montant(total)),
        ],
        tableaux: vec![Tableau {
            titre: "Cotisations réglées",
            entetes: ["Contrat", "Échéance et période", "Montant"],
            lignes: reglees.iter().map(ligne).collect(),
        }],
        date_edition: impression::date(aujourdhui),
    })
}

fn ligne(cotisation: &CotisationReglee) -> [String; 3] {
    [
        cotisation.numero_contrat.clone(),
        format!(
            "{}, du {} au {}",
            impression::date(cotisation.date_echeance),
            impression::date(cotisation.periode_debut),
            impression::date(cotisation.periode_fin)
        ),
        impression::montant(cotisation.montant),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::store::database::testing;

    const MARIE: &str = "100001";
    const PAUL: &str = "100004";
    const JEAN: &str = "100002";

    fn jour() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, 6).unwrap()
    }

    fn message(failure: ApiFailure) -> String {
        failure.message().to_owned()
    }

    #[test]
    fn marie_s_madelin_certificate_sums_last_years_twelve_contributions() {
        let (_dir, db) = testing::seeded(jour());
        let attestation = attestation(&db, "Mutuelle", MARIE, Fiscale::Madelin, 2025, jour()).unwrap();
        assert_eq!(attestation.titre, "Attestation fiscale Madelin");
        assert_eq!(attestation.tableaux[0].lignes.len(), 12, "monthly calls for funds");
        assert!(attestation.declaration.contains("IND-004512"), "{}", attestation.declaration);
        assert!(
            attestation.declaration.contains("2\u{202f}248,80\u{a0}€"),
            "twelve times 187,40 €: {}",
            attestation.declaration
        );
    }

    #[test]
    fn a_member_without_a_madelin_contract_gets_the_yearly_statement_but_no_madelin_certificate() {
        let (_dir, db) = testing::seeded(jour());
        let refus = attestation(&db, "Mutuelle", PAUL, Fiscale::Madelin, 2025, jour()).unwrap_err();
        assert!(
            message(refus)
                .starts_with("Aucun de vos contrats n’a été souscrit dans le cadre de la loi Madelin")
        );
        let releve = attestation(&db, "Mutuelle", PAUL, Fiscale::Cotisations, 2025, jour()).unwrap();
        assert_eq!(releve.titre, "Relevé annuel des cotisations");
    }

    #[test]
    fn a_year_without_contributions_is_refused_with_its_year() {
        let (_dir, db) = testing::seeded(jour());
        // Jean's contract ended on 31 December two years back: nothing was due last year.
        let refus = attestation(&db, "Mutuelle", JEAN, Fiscale::Cotisations, 2025, jour()).unwrap_err();
        assert_eq!(message(refus), "Aucune cotisation n’a été réglée en 2025.");
    }

    #[test]
    fn the_madelin_certificate_is_of_a_closed_year_and_the_statement_of_this_year_at_most() {
        assert_eq!(annee(Fiscale::Madelin, None, jour()).unwrap(), 2025);
        assert_eq!(
            message(annee(Fiscale::Madelin, Some(2026), jour()).unwrap_err()),
            "L’attestation Madelin porte sur une année close : choisissez une année de 2000 à 2025."
        );
        assert_eq!(annee(Fiscale::Cotisations, Some(2026), jour()).unwrap(), 2026);
        assert_eq!(
            message(annee(Fiscale::Cotisations, Some(1999), jour()).unwrap_err()),
            "Choisissez une année de 2000 à 2026."
        );
    }
}
