//! The directory of health establishments the mutual agrees hospital stays with
//! (`assure/referentiel/etablissements`, docs/product/member-api.md#hospital-care). The demo's
//! is fictitious but shaped like the real one: three establishments (a public hospital and two
//! private clinics) in each town whose postal code ends in 000 (the prefectures, mostly) and in
//! Paris, Lyon and Marseille, each with a FINESS and a SIREN that pass their Luhn check, an
//! address and the admissions office's email, where agreements are sent.

use std::sync::LazyLock;

use serde::Serialize;

use super::communes::{self, forme_de_recherche};
use crate::member_api::failure::ApiFailure;

/// At most this many establishments answer one search.
pub const RESULTATS_MAX: usize = 20;
/// A search is 2 to 60 characters once trimmed.
const RECHERCHE: std::ops::RangeInclusive<usize> = 2..=60;

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Etablissement {
    pub finess: String,
    pub siren: String,
    pub nom: String,
    pub statut: Statut,
    pub adresse: String,
    pub code_postal: String,
    pub commune: String,
    /// The admissions office, where the agreements go; not shown to members.
    #[serde(skip)]
    pub email: String,
    /// Name, commune and postal code in the search's form (`forme_de_recherche`).
    #[serde(skip)]
    cherchable: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Statut {
    Public,
    Prive,
}

/// The big cities' first arrondissement, whose postal codes do not end in 000.
const ARRONDISSEMENTS: [&str; 3] = ["75001", "69001", "13001"];

/// The names of the private clinics, drawn by town so that neighbours differ.
const CLINIQUES: [&str; 8] = [
    "Clinique du Parc",
    "Clinique Saint-Vincent",
    "Clinique des Lilas",
    "Clinique Sainte-Anne",
    "Clinique de l’Europe",
    "Clinique des Cèdres",
    "Clinique du Val",
    "Clinique Pasteur",
];
const RUES: [&str; 6] = [
    "rue de l’Hôpital",
    "avenue Jean Jaurès",
    "boulevard Pasteur",
    "rue Victor Hugo",
    "allée des Tilleuls",
    "rue de la République",
];

static ANNUAIRE: LazyLock<Vec<Etablissement>> = LazyLock::new(annuaire);

/// The establishment of FINESS `finess`, when the directory has it.
pub fn par_finess(finess: &str) -> Option<&'static Etablissement> {
    ANNUAIRE.iter().find(|etablissement| etablissement.finess == finess)
}

/// The establishments matching `recherche`: its FINESS exactly, or every word of it among the
/// words of the name, the commune and the postal code (case, accents and punctuation aside);
/// at most `RESULTATS_MAX`, by name.
pub fn chercher(recherche: &str) -> Result<Vec<&'static Etablissement>, ApiFailure> {
    let recherche = recherche.trim();
    let mots = forme_de_recherche(recherche);
    let mots: Vec<&str> = mots.split_whitespace().collect();
    // Punctuation or invisible characters alone are no search: they would match everything.
    if !RECHERCHE.contains(&recherche.chars().count()) || mots.is_empty() {
        return Err(ApiFailure::unprocessable(format!(
            "Saisissez de {} à {} caractères pour chercher un établissement.",
            RECHERCHE.start(),
            RECHERCHE.end()
        )));
    }
    let finess = recherche.to_ascii_uppercase();
    if let Some(etablissement) = par_finess(&finess) {
        return Ok(vec![etablissement]);
    }
    let mut trouves: Vec<&Etablissement> = ANNUAIRE
        .iter()
        .filter(|etablissement| {
            mots.iter().all(|mot| etablissement.cherchable.split_whitespace().any(|de| de.starts_with(mot)))
        })
        .collect();
    trouves.sort_by(|a, b| a.nom.cmp(&b.nom).then(a.commune.cmp(&b.commune)));
    trouves.truncate(RESULTATS_MAX);
    Ok(trouves)
}

fn annuaire() -> Vec<Etablissement> {
    let villes = communes::villes(&ARRONDISSEMENTS);
    let mut numero = 0;
    let mut etablissements = Vec::with_capacity(villes.len() * 3);
    for (rang, ville) in villes.into_iter().enumerate() {
        let nom_ville = ville.nom_commune.split(" 1er").next().unwrap_or(&ville.nom_commune).to_owned();
        let noms = [
            (format!("Centre hospitalier de {nom_ville}"), Statut::Public),
            (format!("{} de {nom_ville}", CLINIQUES[rang % CLINIQUES.len()]), Statut::Prive),
            (format!("Polyclinique de {nom_ville}"), Statut::Prive),
        ];
        for (nom, statut) in noms {
            numero += 1;
            let departement = &ville.code_postal[..2];
            let finess = avec_cle(&format!("{departement}{numero:06}"));
            let siren =
                avec_cle(&format!("{}{numero:06}", if statut == Statut::Public { "26" } else { "38" }));
            let domaine = forme_de_recherche(&nom).split_whitespace().collect::<Vec<_>>().join("-");
            let cherchable =
                forme_de_recherche(&format!("{nom} {} {}", ville.nom_commune, ville.code_postal));
            etablissements.push(Etablissement {
                adresse: format!("{} {}", 1 + numero % 97, RUES[numero % RUES.len()]),
                code_postal: ville.code_postal.clone(),
                commune: nom_ville.clone(),
                email: format!("admissions@{domaine}.example"),
                finess,
                siren,
                nom,
                statut,
                cherchable,
            });
        }
    }
    etablissements
}

/// `chiffres` followed by the digit that makes the whole pass the Luhn check (FINESS and SIREN
/// numbers both end with such a key).
fn avec_cle(chiffres: &str) -> String {
    (0..=9)
        .map(|cle| format!("{chiffres}{cle}"))
        .find(|numero| luhn::valid(numero))
        .expect("one key digit makes any number pass")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_hundred_establishments_with_valid_and_unique_numbers() {
        let annuaire = ANNUAIRE.as_slice();
        assert!((250..=400).contains(&annuaire.len()), "{}", annuaire.len());
        for etablissement in annuaire {
            assert_eq!(etablissement.finess.len(), 9);
            assert!(
                luhn::valid(&etablissement.finess) && luhn::valid(&etablissement.siren),
                "{etablissement:?}"
            );
            assert!(etablissement.email.ends_with(".example"));
        }
        let mut numeros: Vec<&str> =
            annuaire.iter().map(|etablissement| etablissement.finess.as_str()).collect();
        numeros.sort_unstable();
        numeros.dedup();
        assert_eq!(numeros.len(), annuaire.len());
    }

    #[test]
    fn a_search_finds_by_words_of_the_name_and_town_whatever_the_accents_and_case() {
        let trouves = chercher("  CLINIQUE dijon ").unwrap();
        assert!(!trouves.is_empty());
        assert!(trouves.iter().all(|etablissement| etablissement.commune == "Dijon"), "{trouves:?}");
        assert!(trouves.iter().all(|etablissement| etablissement.nom.contains("linique")));
        let hopital = chercher("centre hospitalier besancon").unwrap();
        assert_eq!(hopital.len(), 1);
        assert_eq!(hopital[0].nom, "Centre hospitalier de Besançon");
        assert_eq!(chercher("25000").unwrap().len(), 3, "by postal code");
        assert!(chercher("paris").unwrap().iter().all(|etablissement| etablissement.code_postal == "75001"));
    }

    #[test]
    fn a_finess_finds_its_establishment_alone() {
        let un = &ANNUAIRE[10];
        let trouves = chercher(&format!(" {} ", un.finess.to_lowercase())).unwrap();
        assert_eq!(trouves.len(), 1);
        assert_eq!(trouves[0].finess, un.finess);
    }

    #[test]
    fn at_most_twenty_answer_and_a_search_too_short_or_long_is_refused_in_french() {
        assert_eq!(chercher("clinique").unwrap().len(), RESULTATS_MAX);
        assert!(chercher("zzzz").unwrap().is_empty());
        for recherche in ["", " a ", &"x".repeat(61), "--", "\u{200b}\u{200b}"] {
            let refus = chercher(recherche).unwrap_err();
            assert_eq!(refus.message(), "Saisissez de 2 à 60 caractères pour chercher un établissement.");
        }
    }
}
