//! What a log line may say of a relay's answer: never a member's address.

/// `text` with every word holding an `@` replaced: "550 <marie@x.fr>: unknown" becomes
/// "550 [adresse] unknown".
pub fn without_addresses(text: &str) -> String {
    text.split(' ')
        .map(|word| if word.contains('@') { "[adresse]" } else { word })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relays_refusal_is_logged_without_the_address_it_quotes() {
        assert_eq!(
            without_addresses("permanent error (550): 5.1.1 <victim@elsewhere.example>: Recipient rejected"),
            "permanent error (550): 5.1.1 [adresse] Recipient rejected"
        );
    }
}
