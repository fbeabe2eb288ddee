//! The portal against a real Strapi 5 (`[upstream.cms] kind = "strapi"`) with the content model
//! of `packaging/strapi/` and the demo's content, started by `scripts/strapi-test-server`, which
//! the test command runs before these tests (`STRAPI_URL`, `STRAPI_TOKEN`). Run them by hand:
//! `eval "$(cat ENV_FILE)"; export STRAPI_URL STRAPI_TOKEN; cargo test --test api strapi -- --ignored`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::cms::app_reading;
use crate::helpers::{TestApp, assert_json_error};
use espace_assure::cms::{Content, ContentCache};
use espace_assure::config::{CmsKind, CmsUpstream};
use espace_assure::error::{ApiError, ErrorBody};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;

const NEEDS_STRAPI: &str = "needs a Strapi: scripts/strapi-test-server, then STRAPI_URL and STRAPI_TOKEN";

fn strapi() -> (String, String) {
    let url = std::env::var("STRAPI_URL").expect(NEEDS_STRAPI);
    let token = std::env::var("STRAPI_TOKEN").expect(NEEDS_STRAPI);
    (if url.ends_with('/') { url } else { format!("{url}/") }, token)
}

/// The portal reading the Strapi at `base` with `token`, signed in as a member of broker
/// `courtier` (anonymous when `None`).
async fn portal(base: &str, token: &str, courtier: Option<&str>) -> TestApp {
    let token = token.to_owned();
    app_reading(base, courtier, move |settings| {
        settings.upstream.cms.kind = CmsKind::Strapi;
        settings.upstream.cms.api_token = Some(token.into());
    })
    .await
}

async fn json(app: &TestApp, path: &str) -> Value {
    let answer = app.get(path, &[]).await;
    assert_eq!(answer.status(), 200, "{path}");
    answer.json().await.unwrap()
}

#[tokio::test]
#[ignore = "needs a Strapi: scripts/strapi-test-server"]
async fn every_content_path_reads_strapi_in_the_portal_s_fields() {
    let (base, token) = strapi();
    let app = portal(&base, &token, Some("MUTUELLE DIRECTE")).await;

    assert_eq!(json(&app, "/api/strapi/accueil").await["Titre"], "Bienvenue sur votre espace assuré");
    let legal = json(&app, "/api/strapi/mention-legale").await;
    assert_eq!(legal["mentionsLegales"]["Titre"], "Mentions légales");
    assert_eq!(legal["cgu"]["Titre"], "Conditions générales d’utilisation");
    assert!(legal["cgu"]["Contenu"].as_str().unwrap().contains("<h2>1. Objet</h2>"));

    let menus = json(&app, "/api/strapi/menus").await;
    let ids: Vec<&Value> = menus.as_array().unwrap().iter().map(|entry| &entry["Id"]).collect();
    assert_eq!(ids, [1, 2, 3, 4, 5], "the brokerage's article is left out");
    assert_eq!(
        menus[0],
        json!({ "Id": 1, "Titre": "Le tiers payant, comment ça marche ?", "courtierChesneau": false })
    );
    let article = json(&app, "/api/strapi/menus/5").await;
    assert_eq!(article["Titre"], "Le 100 % Santé en optique, dentaire et audiologie");
    assert!(article["Contenu"].as_str().unwrap().starts_with('<'));
    assert_json_error(app.get("/api/strapi/menus/6", &[]).await, 403, "forbidden").await;
    assert_json_error(app.get("/api/strapi/menus/99", &[]).await, 404, "not_found").await;

    let block = json(&app, "/api/strapi/bloc-gauche/home").await;
    assert_eq!(block["Titre"], "Envoyez vos factures en quelques clics");
    assert_eq!(block["Lien"], "/mutuelle/demandes/creation");
    let image = block["Image"]["content"].as_str().unwrap();
    assert!(image.starts_with("/api/strapi/uploads/facture_") && image.ends_with(".svg"), "{image}");
    let served = app.get(image, &[]).await;
    assert_eq!(served.headers()["content-type"], "image/svg+xml");
    let expected = std::fs::read("demo/src/content/images/facture.svg").unwrap();
    assert_eq!(served.bytes().await.unwrap().as_ref(), expected.as_slice());
    // A route without a block of its own: an answer, not an error.
    assert_eq!(json(&app, "/api/strapi/bloc-gauche/inconnu").await, Value::Null);
    assert_json_error(app.get("/api/strapi/uploads/absent_1234.png", &[]).await, 404, "not_found").await;

    let banner = json(&app, "/api/strapi/bandeau-nouveautes").await;
    assert_eq!(banner["Libelle"], "Nouveauté", "the first one entered");
    assert_eq!(banner["URL"], "/home/nouveautes/1");
    assert_eq!(
        json(&app, "/api/strapi/page-nouveautes/1").await["Titre"],
        "Votre espace assuré fait peau neuve"
    );
    assert_json_error(app.get("/api/strapi/page-nouveautes/abc", &[]).await, 404, "not_found").await;
}

#[tokio::test]
#[ignore = "needs a Strapi: scripts/strapi-test-server"]
async fn the_brokerage_s_members_see_its_article() {
    let (base, token) = strapi();
    let app = portal(&base, &token, Some("CABINET CHESNEAU ASSURANCES")).await;
    let menus = json(&app, "/api/strapi/menus").await;
    assert_eq!(menus.as_array().unwrap().len(), 6);
    assert_eq!(json(&app, "/api/strapi/menus/6").await["courtierChesneau"], true);
}

#[tokio::test]
#[ignore = "needs a Strapi: scripts/strapi-test-server"]
async fn a_refused_token_gets_the_french_answer_and_never_leaves_the_server() {
    let (base, _) = strapi();
    let forged = "f".repeat(256);
    let app = portal(&base, &forged, None).await;
    let answer = app.get("/api/strapi/accueil", &[]).await;
    let body = assert_json_error(answer, 502, "bad_gateway").await;
    assert_eq!(body["message"], "Le service est momentanément indisponible. Veuillez réessayer plus tard.");
    assert!(!body.to_string().contains(&forged));
}

/// A TCP relay standing in for the network between the portal and Strapi, cut on demand.
struct Relay {
    address: String,
    tasks: JoinSet<()>,
}

impl Relay {
    async fn to(target: &str) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = format!("http://{}/", listener.local_addr().unwrap());
        let target = url::Url::parse(target).unwrap();
        let target = format!("{}:{}", target.host_str().unwrap(), target.port().unwrap());
        let mut tasks = JoinSet::new();
        tasks.spawn(async move {
            let mut connections = JoinSet::new();
            while let Ok((mut inbound, _)) = listener.accept().await {
                let target = target.clone();
                connections.spawn(async move {
                    if let Ok(mut outbound) = TcpStream::connect(&target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        });
        Self { address, tasks }
    }

    /// Strapi "stops": every connection, open or new, is refused from now on.
    async fn cut(&mut self) {
        self.tasks.shutdown().await;
    }
}

#[tokio::test]
#[ignore = "needs a Strapi: scripts/strapi-test-server"]
async fn when_strapi_stops_the_last_good_copy_is_served_then_the_french_error() {
    let (base, token) = strapi();
    let mut relay = Relay::to(&base).await;
    let settings = CmsUpstream {
        kind: CmsKind::Strapi,
        api_token: Some(token.into()),
        cache_ttl_secs: 60,
        timeout_ms: 2_000,
        ..Default::default()
    };
    let start = Instant::now();
    let elapsed_secs = Arc::new(AtomicU64::new(0));
    let clock = {
        let elapsed_secs = elapsed_secs.clone();
        Arc::new(move || start + Duration::from_secs(elapsed_secs.load(Ordering::Relaxed)))
    };
    let cache = ContentCache::with_clock(
        reqwest::Client::new(),
        relay.address.parse().unwrap(),
        &settings,
        &prometheus::Registry::new(),
        clock,
    )
    .unwrap();
    let menus = cache.get("menus").await.unwrap();
    assert!(matches!(&*menus, Content::Found(Value::Array(entries)) if entries.len() == 6));

    relay.cut().await;
    elapsed_secs.store(61, Ordering::Relaxed);
    let stale = cache.get("menus").await.unwrap();
    assert!(
        matches!(&*stale, Content::Found(Value::Array(entries)) if entries.len() == 6),
        "the last good copy"
    );
    let never_read = cache.get("page-nouveautes/2").await.unwrap_err();
    assert!(matches!(never_read, ApiError::BadGateway(_)), "{never_read:?}");
    let body = ErrorBody::for_status(actix_web::http::StatusCode::BAD_GATEWAY);
    assert_eq!(body.message, "Le service est momentanément indisponible. Veuillez réessayer plus tard.");
}

#[tokio::test]
#[ignore = "needs a Strapi: scripts/strapi-test-server"]
async fn check_upstreams_finds_every_content_path_and_the_read_only_token_of_a_real_strapi() {
    use crate::check_upstreams::{check_upstreams, demo_mode_configuration};
    let (base, token) = strapi();
    let config = demo_mode_configuration(&format!(
        "cms = false\n[upstream.cms]\nkind = \"strapi\"\nbase_url = \"{base}\"\napi_token = \"{token}\"\n"
    ));

    let checked = check_upstreams(config.path(), None).await;

    assert_eq!(checked.code, Some(0), "{}", checked.stdout);
    for path in [
        "accueil",
        "mention-legale",
        "menus",
        "menus/1",
        "bloc-gauche/home",
        "bandeau-nouveautes",
        "page-nouveautes/1",
    ] {
        assert!(checked.has(&format!("ok   content: {path} answers")), "{path} in:\n{}", checked.stdout);
    }
    assert!(
        checked.has("ok   content: the Strapi token is read-only (6 writes refused: 403)"),
        "{}",
        checked.stdout
    );
}
