//! Acting for a member (docs/product/roles.md#acting-for-a-member), through the demo binary:
//! a relative who is no member signs in and acts for the member who invited her, within her
//! rights, which the member API enforces call by call; the member invites and withdraws.

use serde_json::{Value, json};

use crate::helpers::{Browser, spawn_app};

/// The demo's relative of Marie DUPONT (reimbursements and certificates), and a guardian-to-be
/// nobody gave anything yet.
const CLAIRE: &str = "900001";
const HELENE: &str = "900002";
const MARIE: &str = "100001";
const SOPHIE: &str = "100005";
/// Marie DUPONT's spouse, with a space of his own on her contract.
const THOMAS: &str = "900003";

#[tokio::test]
async fn a_relative_who_is_no_member_acts_for_the_member_within_her_rights_only() {
    let app = spawn_app().await;
    let claire = Browser::on(&app);
    assert_eq!(claire.sign_in(CLAIRE).await, "/home");
    let (_, session) = claire.get("/api/session").await;
    assert_eq!(session["User"]["Nom"], "DUPONT");
    assert_eq!(session["User"]["Prenom"], "Marie");
    assert_eq!(session["delegation"]["nature"], "PROCHE");
    assert_eq!(session["delegation"]["droits"], json!(["REMBOURSEMENTS", "ATTESTATIONS"]));
    assert_eq!(session["delegation"]["retour"], false);

    assert_eq!(claire.get("/api/assure/prestations").await.0, 200, "a right given");
    assert_eq!(claire.get("/api/assure/contrats").await.0, 200, "the contract, under any right");
    let (status, refused) = claire.get("/api/demandes").await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("droit_non_accorde")));
    assert_eq!(
        refused["message"],
        "Votre délégation ne vous donne pas le droit de envoyer des demandes et des messages pour cet adhérent."
    );
    assert_eq!(claire.get("/api/assure/infos").await.0, 403, "the address is never a relative's");
    assert_eq!(claire.get("/api/assure/delegations").await.0, 403, "nor the delegations");

    let (status, answer) = claire.send(reqwest::Method::DELETE, "/api/session/agir-pour", None).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("sans_espace")), "no space of her own");
    let (status, answer) = claire
        .send(reqwest::Method::PUT, "/api/session/agir-pour", Some(json!({ "numero": "100002" })))
        .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (403, Some("delegation_inconnue")),
        "another member's space"
    );
}

#[tokio::test]
async fn the_member_invites_sees_what_was_done_and_withdraws_and_the_delegate_is_refused_at_once() {
    let app = spawn_app().await;
    let marie = Browser::on(&app);
    assert_eq!(marie.sign_in(MARIE).await, "/home");
    let fin = (chrono::Utc::now().date_naive() + chrono::Duration::days(30)).to_string();
    let (status, refused) = marie
        .send(
            reqwest::Method::POST,
            "/api/assure/delegations",
            Some(json!({ "courriel": "Marie.Dupont@Example.org", "droits": ["DEMANDES"], "fin": fin })),
        )
        .await;
    assert_eq!(
        (status, refused["message"].as_str()),
        (422, Some("Vous ne pouvez pas vous donner une délégation à vous-même."))
    );
    let (status, invited) = marie
        .send(
            reqwest::Method::POST,
            "/api/assure/delegations",
            Some(json!({ "courriel": "Helene.Roux@example.org", "droits": ["DEMANDES"], "fin": fin })),
        )
        .await;
    assert_eq!((status, invited["etat"].as_str()), (201, Some("EN_ATTENTE")));

    let helene = Browser::on(&app);
    assert_eq!(helene.sign_in(HELENE).await, "/home");
    assert_eq!(helene.get("/api/demandes").await.0, 200);
    assert_eq!(helene.get("/api/assure/prestations").await.0, 403, "not given");

    let (_, listed) = marie.get("/api/assure/delegations").await;
    let given =
        listed["delegations"].as_array().unwrap().iter().find(|d| d["id"] == invited["id"]).unwrap().clone();
    assert_eq!(given["etat"], "ACTIVE");
    assert_eq!(given["nom"], "Hélène ROUX");
    let done: Vec<&str> =
        given["actions"].as_array().unwrap().iter().map(|a| a["libelle"].as_str().unwrap()).collect();
    assert!(done.contains(&"A ouvert votre espace") && done.contains(&"A consulté vos demandes"), "{done:?}");

    let retrait = format!("/api/assure/delegations/{}/retrait", invited["id"]);
    let (status, withdrawn) = marie.send(reqwest::Method::POST, &retrait, None).await;
    assert_eq!((status, withdrawn["etat"].as_str()), (200, Some("RETIREE")));
    let (status, refused) = helene.get("/api/demandes").await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("delegation_retiree")));
    assert_eq!(helene.get("/api/session").await.0, 401, "no space is left for her: the session ends");
}

#[tokio::test]
async fn a_member_who_acted_for_another_is_back_in_his_own_space_once_the_delegation_is_withdrawn() {
    let app = spawn_app().await;
    let marie = Browser::on(&app);
    marie.sign_in(MARIE).await;
    let fin = (chrono::Utc::now().date_naive() + chrono::Duration::days(30)).to_string();
    let invitation =
        json!({ "courriel": "sophie.petit@example.org", "droits": ["REMBOURSEMENTS"], "fin": fin });
    let (_, invited) = marie.send(reqwest::Method::POST, "/api/assure/delegations", Some(invitation)).await;

    let sophie = Browser::on(&app);
    assert_eq!(sophie.sign_in(SOPHIE).await, "/home", "her own space first");
    let (status, session) =
        sophie.send(reqwest::Method::PUT, "/api/session/agir-pour", Some(json!({ "numero": MARIE }))).await;
    assert_eq!((status, session["User"]["Prenom"].as_str()), (200, Some("Marie")));
    assert_eq!(session["delegation"]["retour"], true);
    assert_eq!(sophie.get("/api/assure/prestations").await.0, 200);

    let retrait = format!("/api/assure/delegations/{}/retrait", invited["id"]);
    marie.send(reqwest::Method::POST, &retrait, None).await;
    let (status, refused) = sophie.get("/api/assure/prestations").await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("delegation_retiree")));
    let (_, session) = sophie.get("/api/session").await;
    assert_eq!(session["User"]["Prenom"], "Sophie", "back in her own space");
    assert!(session.get("delegation").is_none());
}

#[tokio::test]
async fn someone_who_is_no_member_and_acts_for_nobody_is_not_signed_in() {
    let app = spawn_app().await;
    let helene = Browser::on(&app);
    let landed = helene.sign_in(HELENE).await;
    assert_eq!(landed, "/error", "the page of a refused sign-in");
    assert_eq!(helene.get("/api/session").await.0, 401);
}

#[tokio::test]
async fn an_adult_beneficiary_reads_his_own_care_card_line_and_requests_and_nothing_of_the_family() {
    let app = spawn_app().await;
    let thomas = Browser::on(&app);
    assert_eq!(thomas.sign_in(THOMAS).await, "/home");
    let (_, session) = thomas.get("/api/session").await;
    assert_eq!(session["User"]["Prenom"], "Thomas");
    assert_eq!(session["delegation"]["nature"], "BENEFICIAIRE");
    assert_eq!(session["delegation"]["titulaire"], "Mme Marie DUPONT");

    let (_, beneficiaires) = thomas.get("/api/assure/beneficiaires").await;
    let prenoms: Vec<&str> =
        beneficiaires.as_array().unwrap().iter().map(|b| b["prenom"].as_str().unwrap()).collect();
    assert_eq!(prenoms, ["Thomas"]);
    let (status, paiements) = thomas.get("/api/assure/prestations").await;
    let paiements = paiements.as_array().unwrap().clone();
    assert_eq!(status, 200);
    assert!(!paiements.is_empty(), "his own payments");
    assert!(paiements.iter().all(|paiement| paiement["beneficiaryFirstName"] == "Thomas"));
    let (_, cartes) = thomas.get("/api/assure/carte-tp").await;
    for carte in cartes.as_array().unwrap() {
        let porteurs: Vec<&str> = carte["beneficiaires"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["prenom"].as_str().unwrap())
            .collect();
        assert_eq!(porteurs, ["Thomas"], "his line of the card only");
    }
    let (_, demandes) = thomas.get("/api/demandes").await;
    assert!(demandes.as_array().unwrap().iter().all(|demande| demande["beneficiaire"]["prenom"] == "Thomas"));

    // The family's care, by another road.
    let marie = Browser::on(&app);
    marie.sign_in(MARIE).await;
    let (_, de_marie) = marie.get("/api/assure/prestations").await;
    let autre = de_marie
        .as_array()
        .unwrap()
        .iter()
        .find(|paiement| paiement["beneficiaryFirstName"] != "Thomas")
        .unwrap()
        .clone();
    let (status, _) =
        thomas.get(&format!("/api/assure/prestation/{}", autre["paymentId"].as_str().unwrap())).await;
    assert_eq!(status, 403, "another person's payment");
    let (_, famille) = marie.get("/api/assure/beneficiaires").await;
    let emma = famille.as_array().unwrap().iter().find(|b| b["prenom"] == "Emma").unwrap()["id"].clone();
    let (_, filtre) = thomas.get(&format!("/api/assure/prestations?idBeneficiaire={emma}")).await;
    assert_eq!(filtre, json!([]), "asking for Emma's gives nothing");
    let (status, refused) = thomas.get("/api/assure/plafonds").await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (403, Some("droit_non_accorde")),
        "the family's allowances"
    );
    assert_eq!(thomas.get("/api/assure/infos").await.0, 403);
}

#[tokio::test]
async fn a_relatives_archive_of_the_members_data_holds_what_she_may_see_and_names_the_rest() {
    use std::io::Read;
    let app = spawn_app().await;
    let claire = Browser::on(&app);
    claire.sign_in(CLAIRE).await;
    let answer = claire.client.get(format!("{}/api/mes-donnees", app.address)).send().await.unwrap();
    assert_eq!(answer.status(), 200);
    let bytes = answer.bytes().await.unwrap().to_vec();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut read = |name: &str| {
        let mut text = String::new();
        archive.by_name(name).unwrap().read_to_string(&mut text).unwrap();
        text
    };
    let donnees: Value = serde_json::from_str(&read("donnees.json")).unwrap();
    let schema: Value = serde_json::from_str(&read("schema.json")).unwrap();
    let errors: Vec<String> = jsonschema::validator_for(&schema)
        .unwrap()
        .iter_errors(&donnees)
        .map(|error| error.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    let mutuelle = &donnees["mutuelle"];
    assert!(
        mutuelle["remboursements"].as_array().is_some_and(|paiements| !paiements.is_empty()),
        "her right"
    );
    assert!(mutuelle["informations"].is_null() && mutuelle["comptesBancaires"].is_null(), "never hers");
    assert!(mutuelle["demandes"].is_null(), "a right not given");
    let lisez_moi = read("LISEZMOI.txt");
    assert!(lisez_moi.contains("Ces parties ne vous sont pas ouvertes dans cet espace"), "{lisez_moi}");
    assert!(lisez_moi.contains("comptesBancaires"));
}
