//! Value types shared by the answers: amounts, masked bank numbers, downloadable files.

use actix_web::HttpResponse;
use actix_web::http::header::{self, ContentDisposition, DispositionParam, DispositionType};
use rusqlite::types::{FromSql, FromSqlResult, ValueRef};
use serde::{Serialize, Serializer};

/// An amount kept in cents and sent as a JSON number of euros (`12.5`), as the spec's amounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Euros(pub i64);

impl Serialize for Euros {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Cents are exact in an f64 for any amount a health insurer pays.
        serializer.serialize_f64(self.0 as f64 / 100.0)
    }
}

impl FromSql for Euros {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        i64::column_result(value).map(Euros)
    }
}

/// An IBAN as shown to its owner: country, check digits and the last four characters, the rest
/// hidden, grouped by four: "FR76 **** **** **** **** ***0 189".
pub fn masquer_iban(iban: &str) -> String {
    let visible_tail = iban.len().saturating_sub(4);
    let masked: String = iban
        .chars()
        .enumerate()
        .map(|(index, character)| if index < 4 || index >= visible_tail { character } else { '*' })
        .collect();
    masked
        .as_bytes()
        .chunks(4)
        .map(|chunk| String::from_utf8_lossy(chunk).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A file answer: its bytes, its type and a name for the browser's download. Always an
/// attachment, in a sandbox: a stored upload is the member's bytes, never a page to render.
pub fn fichier(content_type: &str, nom: &str, contenu: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type.to_owned())
        .insert_header((header::CONTENT_SECURITY_POLICY, "sandbox; default-src 'none'"))
        .insert_header(ContentDisposition {
            disposition: DispositionType::Attachment,
            // `filename*` carries accented names intact; `filename` is the ASCII fallback.
            parameters: vec![
                DispositionParam::Filename(nom.chars().map(|c| if c.is_ascii() { c } else { '_' }).collect()),
                DispositionParam::FilenameExt(header::ExtendedValue {
                    charset: header::Charset::Ext("UTF-8".to_owned()),
                    language_tag: None,
                    value: nom.as_bytes().to_vec(),
                }),
            ],
        })
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(contenu)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_iban_shows_only_its_country_and_last_digits() {
        assert_eq!(masquer_iban("FR7630006000011234567890189"), "FR76 **** **** **** **** ***0 189");
    }

    #[test]
    fn euros_are_numbers() {
        assert_eq!(serde_json::to_string(&Euros(1_250)).unwrap(), "12.5");
        assert_eq!(serde_json::to_string(&Euros(0)).unwrap(), "0.0");
    }
}
