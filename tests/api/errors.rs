use crate::helpers::{assert_json_error, spawn_app};

#[tokio::test]
async fn error_answers_share_one_json_shape_with_a_french_message() {
    let app = spawn_app().await;
    let body = assert_json_error(app.get("/api/nope", &[]).await, 404, "not_found").await;
    assert_eq!(body["message"], "La page ou la ressource demandée est introuvable.");
    assert_eq!(body.as_object().unwrap().len(), 3, "only status, code and message: {body}");
}

#[tokio::test]
async fn a_wrong_method_on_a_route_is_a_json_405() {
    let app = spawn_app().await;
    let body = assert_json_error(
        app.request(reqwest::Method::POST, "/healthz", &[]).await,
        405,
        "method_not_allowed",
    )
    .await;
    assert_eq!(body["message"], "Cette action n’est pas possible sur cette ressource.");
}
