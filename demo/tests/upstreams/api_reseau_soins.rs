//! The partner network (docs/product/member-api.md#partner-network) over HTTP: a search by kind
//! around a postal code, nearest first, and the places and kinds refused with their reason.

use crate::api::{LEA, MARIE, assert_refused, spawn_api};

const RESEAU: &str = "assure/referentiel/reseau-soins";

#[tokio::test]
async fn partners_of_one_kind_around_a_postal_code_come_nearest_first_with_what_they_agreed() {
    let api = spawn_api().await;
    let found = api.get_json(MARIE, &format!("{RESEAU}?specialite=OPTICIEN&lieu=75011&rayonKm=5")).await;
    assert_eq!(found["origine"], "Paris 11e Arrondissement (75011)");
    assert_eq!(found["rayonKm"], 5);
    let partenaires = found["partenaires"].as_array().unwrap();
    assert!(partenaires.len() >= 3, "{found}");
    let distances: Vec<f64> =
        partenaires.iter().map(|partenaire| partenaire["distanceKm"].as_f64().unwrap()).collect();
    assert!(
        distances.windows(2).all(|deux| deux[0] <= deux[1]) && distances[distances.len() - 1] <= 5.0,
        "{distances:?}"
    );
    let premier = &partenaires[0];
    assert_eq!(premier["specialite"], "OPTICIEN");
    assert_eq!(premier["avantages"]["tiersPayant"], true);
    assert_eq!(premier["avantages"]["offre100Sante"], true);
    assert!(premier["telephone"].as_str().unwrap().starts_with("01 99 00 "), "{premier}");
    assert!(!premier["horaires"].as_array().unwrap().is_empty());
}

/// Léa lives in Piennes, a village 35 km from Metz: nothing within 10 km, Metz within 50.
#[tokio::test]
async fn a_member_in_a_village_widens_the_distance_to_find_a_partner() {
    let api = spawn_api().await;
    let proche = api
        .get_json(LEA, &format!("{RESEAU}?specialite=AUDIOPROTHESISTE&lieu=54490&commune=Piennes&rayonKm=10"))
        .await;
    assert_eq!(proche["origine"], "Piennes (54490)");
    assert_eq!(proche["partenaires"], serde_json::json!([]));
    let loin = api
        .get_json(LEA, &format!("{RESEAU}?specialite=AUDIOPROTHESISTE&lieu=54490&commune=Piennes&rayonKm=50"))
        .await;
    assert!(
        loin["partenaires"].as_array().unwrap().iter().any(|partenaire| partenaire["commune"] == "Metz"),
        "{loin}"
    );
}

#[tokio::test]
async fn a_place_that_cannot_be_found_is_a_422_and_an_unknown_kind_a_400() {
    let api = spawn_api().await;
    let message =
        assert_refused(api.get(MARIE, &format!("{RESEAU}?specialite=DENTISTE&lieu=Saint-Denis")).await, 422)
            .await;
    assert_eq!(message, "Plusieurs communes portent ce nom : saisissez plutôt le code postal.");
    let message = assert_refused(
        api.get(MARIE, &format!("{RESEAU}?specialite=DENTISTE&lieu=21000&rayonKm=500")).await,
        422,
    )
    .await;
    assert_eq!(message, "Choisissez une distance de 1 à 100 km.");
    assert_refused(api.get(MARIE, &format!("{RESEAU}?specialite=PLOMBIER&lieu=21000")).await, 400).await;
    assert_refused(api.get(MARIE, &format!("{RESEAU}?lieu=21000")).await, 400).await;
}
