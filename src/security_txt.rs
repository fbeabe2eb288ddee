//! `/.well-known/security.txt` (RFC 9116), from `[security_txt]`: a 404 when no contact is
//! configured, never the front end's `index.html`.

use std::fmt::Write as _;

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use chrono::SecondsFormat;
use url::Url;

use crate::config::SecurityTxtSettings;
use crate::error::ApiError;
use crate::state::AppState;

pub const PATH: &str = "/.well-known/security.txt";

pub async fn serve(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let text = render(&state.settings.security_txt, &state.endpoints.public_url).ok_or(ApiError::NotFound)?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .body(text))
}

/// The file's fields, in RFC 9116's order; `None` without a contact. Every value was checked
/// at start-up as a URL, a date or a language tag: none can hold a line break.
fn render(settings: &SecurityTxtSettings, public_url: &Url) -> Option<String> {
    let expires = settings.expires.filter(|_| !settings.contact.is_empty())?;
    let mut text = String::new();
    let mut field = |name: &str, value: &str| writeln!(text, "{name}: {value}").expect("writing to a String");
    for contact in &settings.contact {
        field("Contact", contact.as_str());
    }
    field("Expires", &expires.to_rfc3339_opts(SecondsFormat::Secs, true));
    for (name, url) in [("Encryption", &settings.encryption), ("Acknowledgments", &settings.acknowledgments)]
    {
        if let Some(url) = url {
            field(name, url.as_str());
        }
    }
    if !settings.preferred_languages.is_empty() {
        field("Preferred-Languages", &settings.preferred_languages.join(", "));
    }
    field("Canonical", public_url.join(PATH.trim_start_matches('/')).expect("a path joins").as_str());
    if let Some(policy) = &settings.policy {
        field("Policy", policy.as_str());
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_follow_the_rfc_and_the_canonical_address_is_the_portals() {
        let settings = SecurityTxtSettings {
            contact: vec!["mailto:securite@mutuelle.example".parse().unwrap()],
            expires: Some("2027-11-26T00:00:00Z".parse().unwrap()),
            policy: Some("https://mutuelle.example/divulgation".parse().unwrap()),
            ..SecurityTxtSettings::default()
        };
        let public_url: Url = "https://espace.mutuelle.example/".parse().unwrap();
        assert_eq!(
            render(&settings, &public_url).unwrap(),
            "Contact: mailto:securite@mutuelle.example\n\
             Expires: 2027-11-26T00:00:00Z\n\
             Preferred-Languages: fr, en\n\
             Canonical: https://espace.mutuelle.example/.well-known/security.txt\n\
             Policy: https://mutuelle.example/divulgation\n"
        );
    }

    #[test]
    fn no_contact_no_file() {
        let settings = SecurityTxtSettings {
            expires: Some("2027-11-26T00:00:00Z".parse().unwrap()),
            ..Default::default()
        };
        assert_eq!(render(&settings, &"https://espace.mutuelle.example/".parse().unwrap()), None);
    }
}
