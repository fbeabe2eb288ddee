//! Where each commune is, for the distances of the partner network (`reseau_soins`).
//!
//! `communes-coordonnees.tsv.br` is written by `packaging/data/communes-coordonnees.mjs` from
//! GeoNames' places (CC BY 4.0, see `NOTICE`): one line per commune of the postal communes file,
//! `codeCommune`, latitude, longitude in degrees to three decimals, separated by tabs. A commune
//! GeoNames does not list has its department's centre.

use std::collections::HashMap;
use std::io::Read;
use std::sync::LazyLock;

const DATASET: &[u8] = include_bytes!("communes-coordonnees.tsv.br");
/// The Earth's mean radius: the haversine distance is within 0.5 % of the geodesic one.
const RAYON_TERRE_KM: f64 = 6371.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub latitude: f64,
    pub longitude: f64,
}

impl Point {
    /// The great-circle distance to `autre`, in kilometres.
    pub fn distance_km(self, autre: Point) -> f64 {
        let (phi1, phi2) = (self.latitude.to_radians(), autre.latitude.to_radians());
        let delta_phi = phi2 - phi1;
        let delta_lambda = (autre.longitude - self.longitude).to_radians();
        let a =
            (delta_phi / 2.0).sin().powi(2) + phi1.cos() * phi2.cos() * (delta_lambda / 2.0).sin().powi(2);
        2.0 * RAYON_TERRE_KM * a.sqrt().asin()
    }

    /// The point `km` kilometres away in the direction `cap` (radians from north), on a plane:
    /// exact enough for the few kilometres the demo moves a partner from its town's centre.
    pub fn decale(self, km: f64, cap: f64) -> Point {
        const KM_PAR_DEGRE: f64 = 111.2;
        Point {
            latitude: self.latitude + km * cap.cos() / KM_PAR_DEGRE,
            longitude: self.longitude + km * cap.sin() / (KM_PAR_DEGRE * self.latitude.to_radians().cos()),
        }
    }

    /// The mean of `points`, for a postal code serving several communes a few kilometres apart.
    pub fn centre(points: &[Point]) -> Option<Point> {
        let nombre = points.len() as f64;
        (!points.is_empty()).then(|| Point {
            latitude: points.iter().map(|point| point.latitude).sum::<f64>() / nombre,
            longitude: points.iter().map(|point| point.longitude).sum::<f64>() / nombre,
        })
    }
}

static POINTS: LazyLock<HashMap<String, Point>> = LazyLock::new(load);

/// Where the commune of INSEE code `code_commune` is, when the file knows it.
pub fn de_la_commune(code_commune: &str) -> Option<Point> {
    POINTS.get(code_commune).copied()
}

/// The file is part of the binary and checked by the tests below: a malformed line is a build
/// mistake, so it panics with the way to fix it.
fn load() -> HashMap<String, Point> {
    const REGENERATE: &str = "demo/src/member_api/rules/communes-coordonnees.tsv.br is damaged: \
                              regenerate it with packaging/data/communes-coordonnees.mjs";
    let mut text = String::new();
    brotli::Decompressor::new(DATASET, 64 * 1024).read_to_string(&mut text).expect(REGENERATE);
    text.lines()
        .map(|line| match line.split('\t').collect::<Vec<_>>()[..] {
            [code, latitude, longitude] => {
                let point = Point {
                    latitude: latitude.parse().expect(REGENERATE),
                    longitude: longitude.parse().expect(REGENERATE),
                };
                (code.to_owned(), point)
            }
            _ => panic!("{REGENERATE}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::rules::communes;

    fn point(code: &str) -> Point {
        de_la_commune(code).unwrap_or_else(|| panic!("{code} has no point"))
    }

    #[test]
    fn paris_to_lyon_is_392_km_as_the_crow_flies() {
        let distance = point("75104").distance_km(point("69382"));
        assert!((388.0..396.0).contains(&distance), "{distance}");
    }

    #[test]
    fn a_village_geonames_lists_has_its_own_point_not_its_departments() {
        // Piennes (54490) is 60 km north-west of the Meurthe-et-Moselle's centre.
        let piennes = point("54425");
        assert!(
            (piennes.latitude - 49.31).abs() < 0.01 && (piennes.longitude - 5.78).abs() < 0.01,
            "{piennes:?}"
        );
    }

    #[test]
    fn every_commune_of_the_postal_file_has_a_point_in_or_near_france() {
        for commune in communes::toutes() {
            let point = point(&commune.code_commune);
            let metropole = (41.0..51.5).contains(&point.latitude) && (-5.5..10.0).contains(&point.longitude);
            assert!(metropole || commune.code_commune.starts_with("97"), "{commune:?} at {point:?}");
        }
    }

    #[test]
    fn moving_a_point_by_two_kilometres_puts_it_two_kilometres_away() {
        let dijon = point("21231");
        for cap in [0.0, 1.0, 2.5, 4.0] {
            let distance = dijon.distance_km(dijon.decale(2.0, cap));
            assert!((distance - 2.0).abs() < 0.02, "{cap}: {distance}");
        }
    }

    #[test]
    fn the_centre_of_no_point_is_none() {
        assert_eq!(Point::centre(&[]), None);
        let centre = Point::centre(&[point("21231"), point("21231")]).unwrap();
        assert_eq!(centre, point("21231"));
    }
}
