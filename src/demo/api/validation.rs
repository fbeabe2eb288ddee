//! Checks of what members type, each failing with the French sentence they will read.

use iban::{Iban, IbanLike, ParseBaseIbanError, ParseIbanError};

use super::error::ApiFailure;

/// A French postal code: five digits.
pub fn code_postal(value: &str) -> Result<&str, ApiFailure> {
    let value = value.trim();
    if value.len() == 5 && value.bytes().all(|b| b.is_ascii_digit()) {
        Ok(value)
    } else {
        Err(ApiFailure::bad_request("Le code postal doit comporter exactement 5 chiffres."))
    }
}

/// A required line of text of at most `max` characters (38 on an address line, the French
/// postal standard NF Z10-011).
pub fn texte_requis(value: Option<&str>, champ: &str, max: usize) -> Result<String, ApiFailure> {
    match texte_facultatif(value, champ, max)? {
        Some(text) => Ok(text),
        None => Err(ApiFailure::bad_request(format!("{champ} est obligatoire."))),
    }
}

/// An optional line of text: blank means absent.
pub fn texte_facultatif(value: Option<&str>, champ: &str, max: usize) -> Result<Option<String>, ApiFailure> {
    texte(value, champ, max, char::is_control)
}

/// An optional free text on several lines (a comment, a question).
pub fn texte_multiligne(value: Option<&str>, champ: &str, max: usize) -> Result<Option<String>, ApiFailure> {
    texte(value, champ, max, |c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
}

fn texte(
    value: Option<&str>,
    champ: &str,
    max: usize,
    interdit: impl Fn(char) -> bool,
) -> Result<Option<String>, ApiFailure> {
    let Some(text) = value.map(str::trim).filter(|text| !text.is_empty()) else {
        return Ok(None);
    };
    if text.chars().count() > max {
        return Err(ApiFailure::bad_request(format!("{champ} ne doit pas dépasser {max} caractères.")));
    }
    if text.chars().any(interdit) {
        return Err(ApiFailure::bad_request(format!("{champ} contient des caractères non autorisés.")));
    }
    Ok(Some(text.to_owned()))
}

/// An IBAN, in electronic form (no spaces, upper case), with its mod-97 check digits and the
/// length and layout of its country (27 characters for France).
pub fn iban(value: &str) -> Result<Iban, ApiFailure> {
    let compact: String = value.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase();
    compact.parse::<Iban>().map_err(|error| {
        ApiFailure::bad_request(match error {
            ParseIbanError::InvalidBaseIban { source: ParseBaseIbanError::InvalidChecksum } => {
                "L’IBAN est invalide : sa clé de contrôle ne correspond pas. Vérifiez chaque caractère."
            }
            ParseIbanError::UnknownCountry(_) => "L’IBAN est invalide : le code pays n’est pas reconnu.",
            ParseIbanError::InvalidBaseIban { .. } | ParseIbanError::InvalidBban(_) => {
                "L’IBAN est invalide : sa longueur ou son format ne correspond pas à son pays (27 caractères pour un IBAN français)."
            }
        })
    })
}

/// A BIC (ISO 9362): 4 letters for the bank, 2 for the country (the IBAN's), 2 letters or
/// digits for the location, optionally 3 for the branch.
pub fn bic(value: &str, iban: &Iban) -> Result<String, ApiFailure> {
    let bic = value.trim().to_uppercase();
    let well_formed = matches!(bic.len(), 8 | 11)
        && bic[..6].bytes().all(|b| b.is_ascii_uppercase())
        && bic[6..].bytes().all(|b| b.is_ascii_alphanumeric());
    if !well_formed {
        return Err(ApiFailure::bad_request(
            "Le BIC est invalide : il comporte 8 ou 11 lettres et chiffres (par exemple AGRIFRPPXXX).",
        ));
    }
    if bic[4..6] != *iban.country_code() {
        return Err(ApiFailure::bad_request("Le BIC ne correspond pas au pays de l’IBAN."));
    }
    Ok(bic)
}

/// A SIREN: the nine digits identifying a French company, the last one a Luhn check digit.
pub fn siren(value: &str) -> Result<String, ApiFailure> {
    let compact: String = value.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.len() == 9 && compact.bytes().all(|b| b.is_ascii_digit()) && luhn::valid(&compact) {
        Ok(compact)
    } else {
        Err(ApiFailure::bad_request(
            "Le numéro SIREN de l’établissement est invalide : il comporte 9 chiffres dont une clé de contrôle.",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postal_codes_have_five_digits() {
        assert_eq!(code_postal(" 75011 ").unwrap(), "75011");
        for bad in ["7501", "750111", "75O11", "", "2A004"] {
            assert!(code_postal(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_french_iban_is_accepted_with_spaces_and_lower_case() {
        assert!(iban("fr76 3000 6000 0112 3456 7890 189").is_ok());
    }

    #[test]
    fn a_wrong_check_digit_or_length_is_refused() {
        assert!(iban("FR7630006000011234567890188").is_err());
        // 26 characters whose check digits are right: mod 97 passes, the French length does not.
        assert!(iban("FR133000600001123456789018").is_err());
    }

    #[test]
    fn a_bic_must_match_the_iban_country() {
        let french = iban("FR7630006000011234567890189").unwrap();
        assert_eq!(bic("agrifrpp", &french).unwrap(), "AGRIFRPP");
        assert!(bic("DEUTDEFFXXX", &french).is_err());
        assert!(bic("AGRI-FRPP", &french).is_err());
    }

    #[test]
    fn a_siren_has_nine_digits_and_a_luhn_key() {
        assert_eq!(siren("839 099 603").unwrap(), "839099603");
        assert!(siren("839099604").is_err());
        assert!(siren("83909960").is_err());
    }
}
