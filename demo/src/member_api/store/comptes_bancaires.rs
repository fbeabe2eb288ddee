//! The members' bank details (`comptes_bancaires`): where reimbursements are paid and
//! contributions taken. IBANs only ever leave masked.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_iban_shows_only_its_country_and_last_digits() {
        assert_eq!(masquer_iban("FR7630006000011234567890189"), "FR76 **** **** **** **** ***0 189");
    }
}
