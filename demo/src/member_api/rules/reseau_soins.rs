//! The mutual's partner network (« réseau de soins », `assure/referentiel/reseau-soins`,
//! docs/product/member-api.md#partner-network): opticians, dentists, hearing-aid centres and
//! osteopaths who agreed prices and tiers payant with the mutual, found by kind around a commune
//! or a postal code, nearest first.
//!
//! The demo's network is fictitious but shaped like a real one: one partner of each kind in each
//! town whose postal code ends in 000 and in each arrondissement of Paris, Lyon and Marseille, a
//! kilometre or three from the town's centre, with the telephone numbers ARCEP keeps for fiction.

use std::f64::consts::TAU;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::communes::{self, Commune, forme_de_recherche};
use super::coordonnees::{self, Point};
use crate::member_api::failure::ApiFailure;

/// At most this many partners answer one search.
pub const RESULTATS_MAX: usize = 30;
/// The distance searched, in kilometres, when none is asked.
pub const RAYON_PAR_DEFAUT_KM: u16 = 20;
const RAYONS_KM: std::ops::RangeInclusive<u16> = 1..=100;
/// A commune's name is 2 to 60 characters once trimmed.
const NOM_COMMUNE: std::ops::RangeInclusive<usize> = 2..=60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Specialite {
    Opticien,
    Dentiste,
    Audioprothesiste,
    Osteopathe,
}

const SPECIALITES: [Specialite; 4] =
    [Specialite::Opticien, Specialite::Dentiste, Specialite::Audioprothesiste, Specialite::Osteopathe];

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Partenaire {
    pub identifiant: String,
    pub nom: String,
    pub specialite: Specialite,
    pub adresse: String,
    pub code_postal: String,
    pub commune: String,
    pub telephone: String,
    /// Opening hours, one line per group of days, as the partner words them.
    pub horaires: Vec<&'static str>,
    pub avantages: Avantages,
    /// The partner's page on the network's site.
    pub lien: String,
    #[serde(skip)]
    point: Point,
}

/// What the partner agreed with the mutual.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Avantages {
    /// The member pays nothing up front for what the mutual covers.
    pub tiers_payant: bool,
    /// The partner offers the 100 % Santé basket, with nothing left to pay.
    pub offre_100_sante: bool,
    /// The price caps and other commitments, one sentence each.
    pub engagements: Vec<&'static str>,
}

/// A search's answer: where it was measured from, how far, and the partners found.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Resultat {
    /// « Dijon (21000) », or the postal code alone when it serves several communes.
    pub origine: String,
    pub rayon_km: u16,
    pub partenaires: Vec<PartenaireTrouve>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PartenaireTrouve {
    #[serde(flatten)]
    pub partenaire: &'static Partenaire,
    /// As the crow flies, in kilometres, to one decimal.
    pub distance_km: f64,
}

/// A search: the kind of partner, a postal code or a commune's name, optionally the commune
/// among those of the postal code, and the distance.
#[derive(Debug, Deserialize)]
pub struct Recherche {
    pub specialite: Specialite,
    pub lieu: String,
    pub commune: Option<String>,
    #[serde(rename = "rayonKm")]
    pub rayon_km: Option<u16>,
}

/// The partners of the kind asked within the distance of the place, nearest first, at most
/// `RESULTATS_MAX`.
pub fn chercher(recherche: &Recherche) -> Result<Resultat, ApiFailure> {
    let rayon_km = recherche.rayon_km.unwrap_or(RAYON_PAR_DEFAUT_KM);
    if !RAYONS_KM.contains(&rayon_km) {
        return Err(ApiFailure::unprocessable(format!(
            "Choisissez une distance de {} à {} km.",
            RAYONS_KM.start(),
            RAYONS_KM.end()
        )));
    }
    let (origine, point) = situer(recherche.lieu.trim(), recherche.commune.as_deref())?;
    let mut partenaires: Vec<PartenaireTrouve> = RESEAU
        .iter()
        .filter(|partenaire| partenaire.specialite == recherche.specialite)
        .map(|partenaire| PartenaireTrouve {
            partenaire,
            distance_km: (point.distance_km(partenaire.point) * 10.0).round() / 10.0,
        })
        .filter(|trouve| trouve.distance_km <= f64::from(rayon_km))
        .collect();
    partenaires.sort_by(|a, b| {
        a.distance_km.total_cmp(&b.distance_km).then(a.partenaire.nom.cmp(&b.partenaire.nom))
    });
    partenaires.truncate(RESULTATS_MAX);
    Ok(Resultat { origine, rayon_km, partenaires })
}

/// The place a search is measured from, and its name for the member.
fn situer(lieu: &str, commune: Option<&str>) -> Result<(String, Point), ApiFailure> {
    if lieu.len() == 5 && lieu.bytes().all(|byte| byte.is_ascii_digit()) {
        return situer_code_postal(lieu, commune);
    }
    let nom = normaliser(lieu);
    if !NOM_COMMUNE.contains(&lieu.chars().count()) || nom.is_empty() {
        return Err(ApiFailure::unprocessable(format!(
            "Saisissez un code postal à 5 chiffres ou le nom d’une commune ({} à {} caractères).",
            NOM_COMMUNE.start(),
            NOM_COMMUNE.end()
        )));
    }
    let mut homonymes: Vec<&Commune> = par_nom(&nom);
    homonymes.dedup_by(|a, b| a.code_commune == b.code_commune);
    match homonymes[..] {
        [commune] => Ok((nommer(commune), point_de(commune))),
        [] => Err(ApiFailure::unprocessable(
            "Nous ne trouvons aucune commune de ce nom : vérifiez son orthographe ou saisissez son code postal.",
        )),
        _ => Err(ApiFailure::unprocessable(
            "Plusieurs communes portent ce nom : saisissez plutôt le code postal.",
        )),
    }
}

fn situer_code_postal(code_postal: &str, commune: Option<&str>) -> Result<(String, Point), ApiFailure> {
    let communes =
        communes::lookup(code_postal).map_err(|invalide| ApiFailure::unprocessable(invalide.to_string()))?;
    if communes.is_empty() {
        return Err(ApiFailure::unprocessable("Aucune commune n’a ce code postal."));
    }
    match commune.map(normaliser) {
        Some(nom) => {
            // An address may carry the delivery name (« PARIS » for 75011) rather than the
            // commune's (« Paris 11e Arrondissement »): either names it.
            let commune = communes
                .iter()
                .find(|commune| normaliser(&commune.nom_commune) == nom)
                .or_else(|| communes.iter().find(|commune| normaliser(&commune.libelle_acheminement) == nom))
                .ok_or_else(|| ApiFailure::unprocessable("Cette commune n’a pas ce code postal."))?;
            Ok((nommer(commune), point_de(commune)))
        }
        None if communes.len() == 1 => Ok((nommer(&communes[0]), point_de(&communes[0]))),
        None => {
            let points: Vec<Point> = communes.iter().map(point_de).collect();
            Ok((code_postal.to_owned(), Point::centre(&points).expect("a postal code with communes")))
        }
    }
}

/// Every commune whose name is `nom` (in the search's form); for « Paris », « Lyon » and
/// « Marseille », which are communes only through their arrondissements, the first one, at the
/// heart of the city.
fn par_nom(nom: &str) -> Vec<&'static Commune> {
    let mut trouvees: Vec<&Commune> =
        NOMS.iter().filter(|(forme, _)| forme == nom).map(|(_, commune)| *commune).collect();
    if trouvees.is_empty() {
        let premier = format!("{nom} 1er arrondissement");
        trouvees.extend(NOMS.iter().filter(|(forme, _)| *forme == premier).map(|(_, commune)| *commune));
    }
    trouvees.sort_by(|a, b| a.code_commune.cmp(&b.code_commune));
    trouvees
}

/// Each commune's name in the search's form, computed once.
static NOMS: LazyLock<Vec<(String, &'static Commune)>> = LazyLock::new(|| {
    communes::toutes().iter().map(|commune| (normaliser(&commune.nom_commune), commune)).collect()
});

fn normaliser(nom: &str) -> String {
    forme_de_recherche(nom).split_whitespace().collect::<Vec<_>>().join(" ")
}

fn nommer(commune: &Commune) -> String {
    format!("{} ({})", commune.nom_commune, commune.code_postal)
}

fn point_de(commune: &Commune) -> Point {
    coordonnees::de_la_commune(&commune.code_commune)
        .expect("the coordinates file has a point for every commune of the postal file")
}

static RESEAU: LazyLock<Vec<Partenaire>> = LazyLock::new(reseau);

const RUES: [&str; 8] = [
    "rue du Général Leclerc",
    "place de la Mairie",
    "avenue de la Gare",
    "rue Nationale",
    "boulevard Gambetta",
    "rue des Écoles",
    "cours de la Libération",
    "rue du Marché",
];

struct Profil {
    noms: [&'static str; 4],
    horaires: [&'static [&'static str]; 2],
    tiers_payant: bool,
    offre_100_sante: bool,
    engagements: &'static [&'static str],
}

fn profil(specialite: Specialite) -> Profil {
    match specialite {
        Specialite::Opticien => Profil {
            noms: ["Optique du Centre", "Optique de la Gare", "Les Lunetiers", "Vision Pasteur"],
            horaires: [
                &["Lundi : 14 h – 19 h", "Du mardi au samedi : 9 h 30 – 12 h 30 et 14 h – 19 h"],
                &["Du lundi au samedi : 10 h – 19 h"],
            ],
            tiers_payant: true,
            offre_100_sante: true,
            engagements: &[
                "Verres unifocaux plafonnés à 95 € la paire",
                "Verres progressifs plafonnés à 290 € la paire",
                "15 % de remise sur les montures hors 100 % Santé",
            ],
        },
        Specialite::Dentiste => Profil {
            noms: [
                "Centre dentaire du Parc",
                "Cabinet dentaire des Halles",
                "Centre de santé dentaire",
                "Cabinet dentaire Pasteur",
            ],
            horaires: [
                &["Du lundi au vendredi : 8 h 30 – 12 h et 13 h 30 – 18 h 30"],
                &["Du lundi au vendredi : 9 h – 19 h", "Samedi : 9 h – 12 h"],
            ],
            tiers_payant: true,
            offre_100_sante: true,
            engagements: &[
                "Couronne céramo-métallique plafonnée à 500 €",
                "Implant plafonné à 1 000 € hors couronne",
                "Devis remis avant tout soin prothétique",
            ],
        },
        Specialite::Audioprothesiste => Profil {
            noms: ["Audition Santé", "Centre auditif du Marché", "L’Oreille attentive", "Audio Conseil"],
            horaires: [
                &["Du lundi au vendredi : 9 h – 12 h et 14 h – 18 h", "Samedi sur rendez-vous"],
                &["Du mardi au samedi : 9 h 30 – 12 h 30 et 14 h – 18 h 30"],
            ],
            tiers_payant: true,
            offre_100_sante: true,
            engagements: &[
                "Aide auditive de classe II plafonnée à 1 400 € par oreille",
                "Essai gratuit de 30 jours",
                "Suivi et réglages pendant 4 ans",
            ],
        },
        Specialite::Osteopathe => Profil {
            noms: [
                "Cabinet d’ostéopathie du Centre",
                "Ostéopathie des Tilleuls",
                "Cabinet d’ostéopathie de la Gare",
                "Espace ostéopathie",
            ],
            horaires: [
                &["Du lundi au samedi, sur rendez-vous : 8 h – 20 h"],
                &["Du lundi au vendredi, sur rendez-vous : 9 h – 19 h"],
            ],
            tiers_payant: false,
            offre_100_sante: false,
            engagements: &["Séance plafonnée à 55 €", "Rendez-vous sous 7 jours"],
        },
    }
}

fn reseau() -> Vec<Partenaire> {
    let arrondissements: Vec<String> = (1..=20)
        .map(|n| format!("750{n:02}"))
        .chain((1..=9).map(|n| format!("6900{n}")))
        .chain((1..=16).map(|n| format!("130{n:02}")))
        .collect();
    let mut numero: usize = 0;
    let mut partenaires = Vec::new();
    for (rang, ville) in communes::villes(&arrondissements).into_iter().enumerate() {
        let centre = point_de(ville);
        for specialite in SPECIALITES {
            numero += 1;
            let profil = profil(specialite);
            let identifiant = format!("RS{numero:05}");
            // Spread around the centre, each partner its own distance and direction.
            let point = centre.decale(0.4 + (numero % 7) as f64 * 0.4, numero as f64 * TAU * 0.382);
            partenaires.push(Partenaire {
                nom: profil.noms[(rang + numero) % profil.noms.len()].to_owned(),
                specialite,
                adresse: format!("{} {}", 1 + numero % 89, RUES[(rang * 3 + numero) % RUES.len()]),
                code_postal: ville.code_postal.clone(),
                commune: ville.nom_commune.clone(),
                telephone: telephone(&ville.code_postal, centre, numero),
                horaires: profil.horaires[numero % 2].to_vec(),
                avantages: Avantages {
                    tiers_payant: profil.tiers_payant,
                    offre_100_sante: profil.offre_100_sante,
                    engagements: profil.engagements.to_vec(),
                },
                lien: format!("https://reseau-soins.example/partenaires/{identifiant}"),
                identifiant,
                point,
            });
        }
    }
    partenaires
}

/// A number from the blocks ARCEP keeps for fiction, in the partner's telephone zone: 01 for
/// Île-de-France, then 02 to 05 for the north-west, north-east, south-east and south-west.
fn telephone(code_postal: &str, centre: Point, numero: usize) -> String {
    let ile_de_france = ["75", "77", "78", "91", "92", "93", "94", "95"].contains(&&code_postal[..2]);
    let bloc = match (ile_de_france, centre.latitude > 46.5, centre.longitude > 3.0) {
        (true, _, _) => "01 99 00",
        (false, true, false) => "02 61 91",
        (false, true, true) => "03 53 01",
        (false, false, true) => "04 65 71",
        (false, false, false) => "05 36 49",
    };
    format!("{bloc} {:02} {:02}", numero / 100 % 100, numero % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recherche(specialite: Specialite, lieu: &str, rayon_km: Option<u16>) -> Recherche {
        Recherche { specialite, lieu: lieu.to_owned(), commune: None, rayon_km }
    }

    fn message(failure: ApiFailure) -> String {
        failure.message().to_owned()
    }

    #[test]
    fn a_few_hundred_partners_each_with_a_unique_identifier() {
        let reseau = RESEAU.as_slice();
        assert!((400..=700).contains(&reseau.len()), "{}", reseau.len());
        let mut identifiants: Vec<&str> =
            reseau.iter().map(|partenaire| partenaire.identifiant.as_str()).collect();
        identifiants.sort_unstable();
        identifiants.dedup();
        assert_eq!(identifiants.len(), reseau.len());
        assert!(reseau.iter().all(|partenaire| partenaire.lien.ends_with(&partenaire.identifiant)));
    }

    #[test]
    fn partners_of_the_kind_asked_nearest_first_within_the_distance() {
        let resultat = chercher(&recherche(Specialite::Opticien, "75011", Some(3))).unwrap();
        assert_eq!(resultat.origine, "Paris 11e Arrondissement (75011)");
        assert!(resultat.partenaires.len() >= 3, "{resultat:?}");
        assert!(
            resultat.partenaires.iter().all(|trouve| trouve.partenaire.specialite == Specialite::Opticien)
        );
        assert!(resultat.partenaires.iter().all(|trouve| trouve.distance_km <= 3.0));
        assert!(resultat.partenaires.windows(2).all(|deux| deux[0].distance_km <= deux[1].distance_km));
    }

    #[test]
    fn a_village_far_from_any_town_finds_none_nearby_and_some_further_away() {
        // Piennes (54490, and six other villages) is 35 km from Metz.
        let proche = chercher(&recherche(Specialite::Audioprothesiste, "54490", Some(10))).unwrap();
        assert_eq!(proche.origine, "54490");
        assert!(proche.partenaires.is_empty(), "{proche:?}");
        let loin = chercher(&recherche(Specialite::Audioprothesiste, "54490", Some(50))).unwrap();
        assert!(loin.partenaires.iter().any(|trouve| trouve.partenaire.commune == "Metz"), "{loin:?}");
    }

    #[test]
    fn the_commune_named_among_those_of_the_postal_code_is_the_origin() {
        let resultat = chercher(&Recherche {
            commune: Some("PIENNES".into()),
            ..recherche(Specialite::Dentiste, "54490", None)
        })
        .unwrap();
        assert_eq!(resultat.origine, "Piennes (54490)");
        assert_eq!(resultat.rayon_km, RAYON_PAR_DEFAUT_KM);
        let autre = chercher(&Recherche {
            commune: Some("Nancy".into()),
            ..recherche(Specialite::Dentiste, "54490", None)
        });
        assert_eq!(message(autre.unwrap_err()), "Cette commune n’a pas ce code postal.");
        let acheminement = chercher(&Recherche {
            commune: Some("PARIS".into()),
            ..recherche(Specialite::Dentiste, "75011", None)
        });
        assert_eq!(acheminement.unwrap().origine, "Paris 11e Arrondissement (75011)");
    }

    #[test]
    fn a_commune_is_found_by_its_name_whatever_the_accents_case_and_hyphens() {
        let resultat = chercher(&recherche(Specialite::Osteopathe, "  saint etienne ", None)).unwrap();
        assert_eq!(resultat.origine, "Saint-Étienne (42000)");
        assert_eq!(resultat.partenaires[0].partenaire.commune, "Saint-Étienne");
        assert!(!resultat.partenaires[0].partenaire.avantages.tiers_payant);
        let paris = chercher(&recherche(Specialite::Opticien, "Paris", None)).unwrap();
        assert_eq!(paris.origine, "Paris 1er Arrondissement (75001)");
    }

    #[test]
    fn a_name_several_communes_bear_asks_for_the_postal_code() {
        let failure = chercher(&recherche(Specialite::Opticien, "Saint-Denis", None)).unwrap_err();
        assert_eq!(message(failure), "Plusieurs communes portent ce nom : saisissez plutôt le code postal.");
    }

    #[test]
    fn places_that_cannot_be_found_are_refused_in_french() {
        let cas = [
            ("99999", "Aucune commune n’a ce code postal."),
            (
                "Atlantide",
                "Nous ne trouvons aucune commune de ce nom : vérifiez son orthographe ou saisissez son code postal.",
            ),
            ("x", "Saisissez un code postal à 5 chiffres ou le nom d’une commune (2 à 60 caractères)."),
            ("--", "Saisissez un code postal à 5 chiffres ou le nom d’une commune (2 à 60 caractères)."),
            (
                "\u{200b}\u{200b}",
                "Saisissez un code postal à 5 chiffres ou le nom d’une commune (2 à 60 caractères).",
            ),
            (
                &"a".repeat(61),
                "Saisissez un code postal à 5 chiffres ou le nom d’une commune (2 à 60 caractères).",
            ),
        ];
        for (lieu, attendu) in cas {
            let failure = chercher(&recherche(Specialite::Opticien, lieu, None)).unwrap_err();
            assert_eq!(failure.status(), actix_web::http::StatusCode::UNPROCESSABLE_ENTITY);
            assert_eq!(message(failure), attendu, "{lieu:?}");
        }
    }

    #[test]
    fn a_distance_out_of_its_range_is_refused() {
        for rayon in [0, 101] {
            let failure = chercher(&recherche(Specialite::Opticien, "21000", Some(rayon))).unwrap_err();
            assert_eq!(message(failure), "Choisissez une distance de 1 à 100 km.");
        }
    }

    #[test]
    fn at_most_thirty_partners_answer() {
        let resultat = chercher(&recherche(Specialite::Dentiste, "75001", Some(100))).unwrap();
        assert_eq!(resultat.partenaires.len(), RESULTATS_MAX);
    }

    #[test]
    fn telephone_numbers_are_fictitious_and_in_the_partners_zone() {
        let numero = |commune: &str| {
            RESEAU
                .iter()
                .find(|partenaire| partenaire.commune == commune)
                .map(|partenaire| partenaire.telephone.clone())
                .unwrap()
        };
        assert!(numero("Paris 11e Arrondissement").starts_with("01 99 00 "));
        assert!(numero("Nantes").starts_with("02 61 91 "));
        assert!(numero("Nancy").starts_with("03 53 01 "));
        assert!(numero("Nice").starts_with("04 65 71 "));
        assert!(numero("Bordeaux").starts_with("05 36 49 "));
    }
}
