//! Checks of what members type, each failing with the French sentence they will read.

use chrono::NaiveDate;
use iban::{Iban, IbanLike, ParseBaseIbanError, ParseIbanError};

use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf::impression;

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
    texte(value, champ, max, false)
}

/// An optional free text on several lines (a comment, a question): its line breaks, `\n` or
/// `\r\n` as browsers send them, are the only invisible characters it may hold.
pub fn texte_multiligne(value: Option<&str>, champ: &str, max: usize) -> Result<Option<String>, ApiFailure> {
    texte(value, champ, max, true)
}

/// Whether `c` is invisible and typed by nobody: a control character, or a format character
/// (Unicode category Cf: the bidirectional marks, embeddings, overrides and isolates, which
/// reorder what is displayed, so that `facture\u{202e}fdp.exe` reads as `factureexe.pdf`;
/// zero-width spaces and joiners, the byte-order mark, the soft hyphen, tag characters, which
/// hide text, split a word a search would find, or smuggle instructions that show as nothing);
/// the line and paragraph separators (Zl, Zp), which break a line where none is allowed; and
/// the characters of other categories that draw nothing: the Hangul fillers, the braille blank,
/// the combining grapheme joiner, the private-use characters of the Basic Multilingual Plane
/// (no font shows them the same) and the noncharacters. Such characters make « Emma\u{3164} »
/// a second Emma, or a message of nothing but blanks. The contract's patterns list the same
/// characters (`openapi/member-api.yaml`, `Texte`); beyond the Basic Multilingual Plane, where
/// a pattern cannot list a range, private use is left alone. A variation selector is judged
/// with the character before it ([`marques_abusives`]).
pub fn invisible(c: char) -> bool {
    use unicode_general_category::{GeneralCategory, get_general_category};
    c.is_control()
        || matches!(
            get_general_category(c),
            GeneralCategory::Format | GeneralCategory::LineSeparator | GeneralCategory::ParagraphSeparator
        )
        || matches!(
            c,
            '\u{115f}' | '\u{1160}' | '\u{3164}' | '\u{ffa0}' | '\u{2800}' | '\u{034f}' | '\u{e000}'
                ..='\u{f8ff}'
        )
        || noncharacter(c)
}

/// U+FDD0–U+FDEF and the last two code points of every plane: never assigned, for a program's
/// own use, never a text's.
fn noncharacter(c: char) -> bool {
    matches!(c, '\u{fdd0}'..='\u{fdef}') || (u32::from(c) & 0xfffe) == 0xfffe
}

/// Whether `c` selects a variant of the character before it (U+FE00–FE0F, U+E0100–E01EF).
fn selecteur_de_variante(c: char) -> bool {
    matches!(c, '\u{fe00}'..='\u{fe0f}' | '\u{e0100}'..='\u{e01ef}')
}

/// Whether `c` is a mark drawn over or under the letter before it (categories Mn, Me).
fn marque_combinante(c: char) -> bool {
    use unicode_general_category::{GeneralCategory, get_general_category};
    matches!(get_general_category(c), GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark)
}

/// Most marks one letter may carry once composed: Vietnamese stacks two on a vowel, some
/// transcriptions three; hundreds paint a bar over the lines around the text (« zalgo »).
const MARQUES_PAR_LETTRE_MAX: usize = 3;

/// Whether `text` (composed) holds a variation selector on nothing it can vary (the text's
/// start, a space, a mark, another selector) or a letter with more marks than any language
/// writes.
fn marques_abusives(text: &str) -> bool {
    let mut precedent: Option<char> = None;
    let mut marques = 0;
    for c in text.chars() {
        if selecteur_de_variante(c) {
            if precedent.is_none_or(|p| p.is_whitespace() || marque_combinante(p) || selecteur_de_variante(p))
            {
                return true;
            }
        } else if marque_combinante(c) {
            marques += 1;
            if marques > MARQUES_PAR_LETTRE_MAX {
                return true;
            }
        } else {
            marques = 0;
        }
        precedent = Some(c);
    }
    false
}

/// Longest part of a member's value an error message quotes.
const CITATION_MAX: usize = 40;

/// `value` as an error message may quote it: cut short, its invisible characters left out, so
/// that no answer echoes a megabyte or a control character it was sent.
pub fn citation(value: &str) -> String {
    let visible: String = value.chars().filter(|&c| !invisible(c)).take(CITATION_MAX + 1).collect();
    match visible.char_indices().nth(CITATION_MAX) {
        Some((cut, _)) => format!("{}…", &visible[..cut]),
        None => visible,
    }
}

/// Invisible characters are refused rather than removed: what is kept is what the member
/// typed, and a header, a log line or a printed letter cannot be forged through it. What is
/// kept is composed (Unicode NFC), so that « é » typed as one character or as « e » and an
/// accent is stored, counted and compared alike.
fn texte(
    value: Option<&str>,
    champ: &str,
    max: usize,
    multiligne: bool,
) -> Result<Option<String>, ApiFailure> {
    let Some(text) = value.map(str::trim).filter(|text| !text.is_empty()) else {
        return Ok(None);
    };
    let text = icu_normalizer::ComposingNormalizerBorrowed::new_nfc().normalize(text);
    // A line break counts as one character, as a text area counts it, whether it came as
    // `\n` or `\r\n`.
    let longueur = text.chars().count() - if multiligne { text.matches("\r\n").count() } else { 0 };
    if longueur > max {
        return Err(ApiFailure::bad_request(format!(
            "{champ} ne doit pas dépasser {} caractères.",
            impression::nombre(max)
        )));
    }
    let visible = |ligne: &str| !ligne.chars().any(invisible);
    let autorise = if multiligne {
        text.split('\n').all(|ligne| visible(ligne.strip_suffix('\r').unwrap_or(ligne)))
    } else {
        visible(&text)
    };
    if !autorise {
        let sauts = if multiligne { "" } else { "retours à la ligne, " };
        return Err(ApiFailure::bad_request(format!(
            "{champ} contient des caractères non autorisés : {sauts}caractères de contrôle, de mise en forme ou sans dessin."
        )));
    }
    if marques_abusives(&text) {
        return Err(ApiFailure::bad_request(format!(
            "{champ} contient des accents ou des signes empilés sur une même lettre au-delà de ce qu’une langue écrit."
        )));
    }
    Ok(Some(text.into_owned()))
}

/// `value` in the one form two names are compared in, its skeleton: compatibility-composed
/// (Unicode NFKC, so that a ligature « ﬁ » or a full-width « Ｅ » is its plain letters), lower-
/// cased, its invisible characters and variation selectors left out and its spaces trimmed, so
/// that « Léo », « LÉO », « Le\u{301}o » typed with a combining accent and « Léo\u{3164} » are
/// one name.
pub fn canonique(value: &str) -> String {
    let compatible = icu_normalizer::ComposingNormalizerBorrowed::new_nfkc().normalize(value);
    let visible: String =
        compatible.chars().filter(|&c| !invisible(c) && !selecteur_de_variante(c)).collect();
    visible.trim().to_lowercase()
}

/// An email address in the one form the mutual keeps, or `None` when it is not one: one `@`
/// with something on each side, and no white space. Its domain is lower-cased, since domain
/// names ignore case, and the mailbox left as typed, which only its own server may read
/// (RFC 5321 §2.4): the same address typed twice is then kept once, and compared alike.
/// `email` is already trimmed and checked as a line of text ([`texte_facultatif`]).
pub fn email_canonique(email: &str) -> Option<String> {
    let (boite, domaine) = email.split_once('@')?;
    let valide = !boite.is_empty()
        && !domaine.is_empty()
        && !domaine.contains('@')
        && !email.chars().any(char::is_whitespace);
    valide.then(|| format!("{boite}@{}", domaine.to_lowercase()))
}

/// The longest address a message can be sent to (RFC 5321's path, less its brackets).
const EMAIL_MAX: usize = 254;

/// Where « Mes préférences » sends the alerts: an address in its canonical form, or none (the
/// contact email).
pub fn email_des_alertes(value: Option<&str>) -> Result<Option<String>, ApiFailure> {
    adresse_electronique(value, "L’adresse électronique des alertes")
}

/// An address a member typed, named `champ`, in its canonical form, or none when blank.
pub fn adresse_electronique(value: Option<&str>, champ: &str) -> Result<Option<String>, ApiFailure> {
    let Some(email) = texte_facultatif(value, champ, EMAIL_MAX)? else { return Ok(None) };
    let email = email_canonique(&email)
        .ok_or_else(|| ApiFailure::bad_request(format!("{champ} n’est pas valide.")))?;
    // A rule the contract's pattern cannot say: a 422, as every such rule.
    if !domaine_complet(&email) {
        return Err(ApiFailure::unprocessable(format!(
            "{champ} doit avoir un nom de domaine complet, par exemple : nom@exemple.fr."
        )));
    }
    Ok(Some(email))
}

/// Whether the canonical `email`'s domain is a name on the Internet: labels joined by dots,
/// none empty; not a machine's own name (`localhost`) nor an address (`[192.0.2.1]`,
/// `192.0.2.1`), where alerts about a member's health data have no business going.
fn domaine_complet(email: &str) -> bool {
    let Some((_, domaine)) = email.rsplit_once('@') else { return false };
    let nom = domaine.strip_suffix('.').unwrap_or(domaine);
    nom.contains('.')
        && nom.split('.').all(|label| !label.is_empty())
        && !nom.starts_with('[')
        && nom.parse::<std::net::IpAddr>().is_err()
        && nom != "localhost"
        && !nom.ends_with(".localhost")
}

/// `date`, named `champ` ("La date de …"), between `debut` and `fin` included.
pub fn date_entre(
    date: NaiveDate,
    champ: &str,
    debut: NaiveDate,
    fin: NaiveDate,
) -> Result<NaiveDate, ApiFailure> {
    if (debut..=fin).contains(&date) {
        Ok(date)
    } else {
        Err(ApiFailure::unprocessable(format!(
            "{champ} doit être comprise entre le {} et le {}.",
            impression::date(debut),
            impression::date(fin)
        )))
    }
}

/// An IBAN, in electronic form (no spaces, upper case), with its mod-97 check digits and the
/// length and layout of its country (27 characters for France). None of this is the schema's
/// to say: a refusal is a 422.
pub fn iban(value: &str) -> Result<Iban, ApiFailure> {
    let compact: String = value.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase();
    compact.parse::<Iban>().map_err(|error| {
        ApiFailure::unprocessable(match error {
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
    // ASCII first: an upper-cased ligature ("ﬀ") would otherwise turn into letters, and a byte
    // index inside a multi-byte character would panic.
    let bic = value.trim();
    let bic = if bic.is_ascii() { bic.to_ascii_uppercase() } else { String::new() };
    let well_formed = matches!(bic.len(), 8 | 11)
        && bic[..6].bytes().all(|b| b.is_ascii_uppercase())
        && bic[6..].bytes().all(|b| b.is_ascii_alphanumeric());
    if !well_formed {
        return Err(ApiFailure::bad_request(
            "Le BIC est invalide : il comporte 8 ou 11 lettres et chiffres (par exemple AGRIFRPPXXX).",
        ));
    }
    if bic[4..6] != *iban.country_code() {
        return Err(ApiFailure::unprocessable("Le BIC ne correspond pas au pays de l’IBAN."));
    }
    Ok(bic)
}

/// A SIREN: the nine digits identifying a French company, the last one a Luhn check digit.
/// Nine digits is the schema's rule (400); the check digit is not (422).
pub fn siren(value: &str) -> Result<String, ApiFailure> {
    const MESSAGE: &str =
        "Le numéro SIREN de l’établissement est invalide : il comporte 9 chiffres dont une clé de contrôle.";
    let compact: String = value.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.len() != 9 || !compact.bytes().all(|b| b.is_ascii_digit()) {
        Err(ApiFailure::bad_request(MESSAGE))
    } else if !luhn::valid(&compact) {
        Err(ApiFailure::unprocessable(MESSAGE))
    } else {
        Ok(compact)
    }
}

/// A period from `debut` to `fin`, either of them open.
pub fn periode(debut: Option<NaiveDate>, fin: Option<NaiveDate>) -> Result<(), ApiFailure> {
    match (debut, fin) {
        (Some(debut), Some(fin)) if debut > fin => {
            Err(ApiFailure::unprocessable("La date de début doit précéder la date de fin."))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_alert_address_needs_a_full_domain_name() {
        assert_eq!(email_des_alertes(Some("Marie@Exemple.FR")).unwrap().as_deref(), Some("Marie@exemple.fr"));
        for refused in [
            "marie@localhost",
            "marie@exemple",
            "marie@[192.0.2.1]",
            "marie@192.0.2.1",
            "marie@exemple..fr",
            "marie@app.localhost",
        ] {
            let refusal = email_des_alertes(Some(refused)).unwrap_err();
            assert!(refusal.message().contains("nom de domaine complet"), "{refused}: {}", refusal.message());
        }
    }

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
        assert!(bic("aéééx", &french).is_err());
        assert!(bic("AGRIﬀPP", &french).is_err());
    }

    #[test]
    fn a_line_of_text_refuses_control_and_bidirectional_characters() {
        let invisibles = ["\n", "\r\n", "\t", "\u{0}", "\u{7f}", "\u{85}", "\u{202a}", "\u{202e}"];
        let bidi = ["\u{2066}", "\u{2069}", "\u{200e}", "\u{200f}", "\u{61c}"];
        // Zero-width space, joiner and non-joiner, byte-order mark, soft hyphen, a tag character.
        let format = ["\u{200b}", "\u{200d}", "\u{200c}", "\u{feff}", "\u{ad}", "\u{e0041}"];
        for invisible in invisibles.into_iter().chain(bidi).chain(format) {
            let text = format!("5 rue{invisible} Oberkampf");
            assert!(texte_facultatif(Some(&text), "Le numéro et la voie", 38).is_err(), "{text:?}");
            assert!(texte_requis(Some(&text), "Le numéro et la voie", 38).is_err(), "{text:?}");
        }
        assert_eq!(
            texte_requis(Some(" 5 rue d’Île-de-France "), "La voie", 38).unwrap(),
            "5 rue d’Île-de-France"
        );
    }

    #[test]
    fn a_line_of_text_refuses_characters_that_draw_nothing_one_by_one() {
        let sans_dessin = [
            ("Hangul filler", "\u{3164}"),
            ("Hangul choseong filler", "\u{115f}"),
            ("Hangul jungseong filler", "\u{1160}"),
            ("half-width Hangul filler", "\u{ffa0}"),
            ("braille blank", "\u{2800}"),
            ("combining grapheme joiner", "\u{34f}"),
            ("line separator", "\u{2028}"),
            ("paragraph separator", "\u{2029}"),
            ("private use", "\u{e000}"),
            ("noncharacter", "\u{fdd0}"),
            ("noncharacter at the plane's end", "\u{ffff}"),
            ("noncharacter at another plane's end", "\u{1fffe}"),
        ];
        for (nom, caractere) in sans_dessin {
            let text = format!("Em{caractere}ma");
            assert!(texte_requis(Some(&text), "Le prénom", 38).is_err(), "{nom}");
            let message = format!("Bonjour{caractere}\nmerci");
            assert!(texte_multiligne(Some(&message), "Le message", 100).is_err(), "{nom}");
        }
        // A rare ideograph beyond the Basic Multilingual Plane is a letter like any other.
        assert!(texte_requis(Some("Hao \u{2bc38}"), "Le prénom", 38).is_ok());
        let blancs = texte_multiligne(Some("\u{3164}\u{3164}"), "Le message", 100).unwrap_err();
        assert!(blancs.message().contains("sans dessin"), "{}", blancs.message());
    }

    #[test]
    fn a_variation_selector_is_refused_alone_and_kept_on_an_emoji() {
        assert!(texte_multiligne(Some("merci \u{2764}\u{fe0f}"), "Le message", 100).is_ok());
        for text in ["\u{fe0f}merci", "merci \u{fe0f}", "x\u{301}\u{fe0f}", "\u{2764}\u{fe0f}\u{fe0f}"] {
            assert!(texte_multiligne(Some(text), "Le message", 100).is_err(), "{text:?}");
        }
    }

    #[test]
    fn a_letter_takes_a_few_marks_and_no_more() {
        assert_eq!(texte_requis(Some("Nguye\u{302}\u{303}n"), "Le nom", 38).unwrap(), "Nguyễn");
        assert!(texte_requis(Some("x\u{301}\u{302}\u{303}\u{304}"), "Le nom", 38).is_err());
        let zalgo = format!("M{}arie", "\u{301}".repeat(300));
        let refus = texte_multiligne(Some(&zalgo), "Le message", 4_000).unwrap_err();
        assert!(refus.message().contains("empilés"), "{}", refus.message());
    }

    #[test]
    fn text_is_kept_composed_and_counted_as_read() {
        assert_eq!(texte_requis(Some("Le\u{301}o"), "Le prénom", 3).unwrap(), "Léo");
        let trop_long = texte_multiligne(Some(&"a".repeat(4_001)), "Le message", 4_000).unwrap_err();
        assert_eq!(trop_long.message(), "Le message ne doit pas dépasser 4\u{202f}000 caractères.");
    }

    #[test]
    fn names_are_compared_by_their_skeleton() {
        for meme in ["Emma", "EMMA", " emma ", "Emma\u{3164}", "Em\u{200b}ma", "Ｅｍｍａ"] {
            assert_eq!(canonique(meme), canonique("Emma"), "{meme:?}");
        }
        assert_eq!(canonique("Le\u{301}o"), canonique("LÉO"));
        assert_ne!(canonique("Léo"), canonique("Leo"), "an accent makes another name");
    }

    #[test]
    fn an_email_keeps_its_mailbox_and_lowers_its_domain() {
        assert_eq!(email_canonique("Marie.Dupont@Example.ORG").as_deref(), Some("Marie.Dupont@example.org"));
        assert_eq!(email_canonique("marie@élysée.FR").as_deref(), Some("marie@élysée.fr"));
        for refused in
            ["marie.dupont", "@example.org", "marie@", "marie@@example.org", "ma rie@example.org", "a@b@c"]
        {
            assert_eq!(email_canonique(refused), None, "{refused}");
        }
    }

    #[test]
    fn a_citation_is_short_and_visible() {
        assert_eq!(citation("OPTIQUE"), "OPTIQUE");
        let long = "A".repeat(900 * 1024);
        assert_eq!(citation(&long), format!("{}…", "A".repeat(40)));
        assert_eq!(citation("a\u{1b}[2J\u{200b}b\nc"), "a[2Jbc");
    }

    #[test]
    fn a_text_on_several_lines_allows_line_breaks_and_nothing_else_invisible() {
        for text in ["Bonjour,\nmerci", "Bonjour,\r\nmerci\r\n\r\nMarie"] {
            assert_eq!(texte_multiligne(Some(text), "Le commentaire", 100).unwrap().as_deref(), Some(text));
        }
        for text in ["Bonjour,\rmerci", "Montant\t40 €", "fin\u{7}", "\u{202e}merci", "a\u{2067}b\nc"] {
            assert!(texte_multiligne(Some(text), "Le commentaire", 100).is_err(), "{text:?}");
        }
    }

    #[test]
    fn a_siren_has_nine_digits_and_a_luhn_key() {
        assert_eq!(siren("839 099 603").unwrap(), "839099603");
        assert!(siren("839099604").is_err());
        assert!(siren("83909960").is_err());
    }
}
