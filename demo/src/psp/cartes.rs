//! The stand-in's test cards, as a provider's test platform has them: one accepted, one that
//! asks for 3-D Secure, one the bank refuses. No other card is taken: nothing real is charged.

/// What a test card does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comportement {
    Acceptee,
    TroisDSecure,
    Refusee,
}

/// How a payment ends at the provider: by a test card, its 3-D Secure code, or the member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conclusion {
    Acceptee,
    Refusee,
    EchecTroisDSecure,
    Abandon,
}

/// The test cards, as the page lists them.
pub const CARTES: [(&str, Comportement, &str); 3] = [
    ("4970 1000 0000 0014", Comportement::Acceptee, "paiement accepté"),
    ("4970 1000 0000 0063", Comportement::TroisDSecure, "authentification 3-D Secure, code 123456"),
    ("4970 1000 0000 0097", Comportement::Refusee, "paiement refusé par la banque"),
];

/// The code the stand-in's 3-D Secure page expects.
pub const CODE_3DS: &str = "123456";

/// A card as typed, checked: its sixteen digits and what it does, or why it is refused.
pub fn lire(
    numero: &str,
    expiration: &str,
    cryptogramme: &str,
    mois_courant: (i32, u32),
) -> Result<Carte, &'static str> {
    let chiffres: String = numero.chars().filter(|c| !c.is_whitespace()).collect();
    if chiffres.len() != 16 || !chiffres.bytes().all(|b| b.is_ascii_digit()) || !luhn::valid(&chiffres) {
        return Err("Le numéro de carte n’est pas valide.");
    }
    let (mois, annee) = expiration
        .trim()
        .split_once('/')
        .and_then(|(mois, annee)| Some((mois.trim().parse::<u32>().ok()?, annee.trim().parse::<i32>().ok()?)))
        .filter(|(mois, annee)| (1..=12).contains(mois) && (0..100).contains(annee))
        .ok_or("Saisissez la date d’expiration sous la forme MM/AA.")?;
    if (2000 + annee, mois) < mois_courant {
        return Err("Cette carte est expirée.");
    }
    let cryptogramme = cryptogramme.trim();
    if cryptogramme.len() != 3 || !cryptogramme.bytes().all(|b| b.is_ascii_digit()) {
        return Err("Le cryptogramme visuel a 3 chiffres, au dos de la carte.");
    }
    let comportement = CARTES
        .iter()
        .find(|(carte, _, _)| carte.replace(' ', "") == chiffres)
        .map(|(_, comportement, _)| *comportement)
        .ok_or("Cette page de démonstration n’accepte que ses cartes de test.")?;
    Ok(Carte { masque: format!("{}XXXXXX{}", &chiffres[..6], &chiffres[12..]), comportement })
}

/// A test card as the notification names it: masked, as providers send it.
#[derive(Debug, PartialEq, Eq)]
pub struct Carte {
    pub masque: String,
    pub comportement: Comportement,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_test_cards_valid_and_in_date_are_taken() {
        let carte = lire("4970 1000 0000 0063", "12/27", "123", (2026, 12)).unwrap();
        assert_eq!(
            carte,
            Carte { masque: "497010XXXXXX0063".into(), comportement: Comportement::TroisDSecure }
        );
        assert_eq!(
            lire("4970100000000014", "12/26", "000", (2026, 12)).unwrap().comportement,
            Comportement::Acceptee
        );
        assert_eq!(
            lire("4970100000000015", "12/27", "123", (2026, 12)),
            Err("Le numéro de carte n’est pas valide.")
        );
        assert_eq!(lire("4970100000000014", "11/26", "123", (2026, 12)), Err("Cette carte est expirée."));
        assert_eq!(
            lire("4970100000000014", "1226", "123", (2026, 12)),
            Err("Saisissez la date d’expiration sous la forme MM/AA.")
        );
        assert_eq!(
            lire("4970100000000014", "12/27", "12", (2026, 12)),
            Err("Le cryptogramme visuel a 3 chiffres, au dos de la carte.")
        );
        assert_eq!(
            lire("4111 1111 1111 1111", "12/27", "123", (2026, 12)),
            Err("Cette page de démonstration n’accepte que ses cartes de test.")
        );
    }
}
