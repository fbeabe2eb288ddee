//! Dates, amounts, sizes and rules as the generated PDFs print them, in French typography.

use chrono::NaiveDate;

/// dd/MM/yyyy, as the portal displays dates (docs/product/validation.md#dates).
pub fn date(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

/// "1 500 €", "12,50 €": thousands grouped by a narrow no-break space, decimal comma, cents
/// only when there are some.
pub fn montant(cents: i64) -> String {
    let grouped = par_milliers(&(cents / 100).to_string());
    match cents % 100 {
        0 => format!("{grouped}\u{a0}€"),
        rest => format!("{grouped},{rest:02}\u{a0}€"),
    }
}

/// "15/03/2026 à 10:41 (heure de Paris)": the mutual's time, whatever the server's.
pub fn moment(at: chrono::DateTime<chrono::Utc>) -> String {
    let paris = at.with_timezone(&chrono_tz::Europe::Paris);
    format!("{} à {} (heure de Paris)", date(paris.date_naive()), paris.format("%H:%M"))
}

/// "4 000": a count with its thousands grouped, as French writes numbers.
pub fn nombre(n: usize) -> String {
    par_milliers(&n.to_string())
}

/// `chiffres` grouped by three from the right with a narrow no-break space.
fn par_milliers(chiffres: &str) -> String {
    let mut grouped = String::new();
    for (index, digit) in chiffres.chars().enumerate() {
        if index > 0 && (chiffres.len() - index).is_multiple_of(3) {
            grouped.push('\u{202f}');
        }
        grouped.push(digit);
    }
    grouped
}

/// Keeps "125 %" and "150 €" on one line: the space before a sign becomes a no-break space.
pub fn insecable(text: &str) -> String {
    text.replace(" %", "\u{a0}%").replace(" €", "\u{a0}€")
}

/// A size in French units: "10 Mo", "512 Ko".
pub fn taille_lisible(octets: u64) -> String {
    const KO: u64 = 1024;
    const MO: u64 = 1024 * KO;
    if octets >= MO && octets.is_multiple_of(MO) {
        format!("{} Mo", octets / MO)
    } else if octets >= MO {
        format!("{:.1} Mo", octets as f64 / MO as f64).replace('.', ",")
    } else if octets >= KO {
        format!("{} Ko", octets / KO)
    } else {
        format!("{octets} octets")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_follow_french_typography() {
        assert_eq!(montant(150_000), "1\u{202f}500\u{a0}€");
        assert_eq!(montant(1_250), "12,50\u{a0}€");
        assert_eq!(montant(4_000), "40\u{a0}€");
    }

    #[test]
    fn counts_group_their_thousands() {
        assert_eq!(nombre(4_000), "4\u{202f}000");
        assert_eq!(nombre(38), "38");
    }

    #[test]
    fn sizes_read_in_french_units() {
        assert_eq!(taille_lisible(10 * 1024 * 1024), "10 Mo");
        assert_eq!(taille_lisible(1536 * 1024), "1,5 Mo");
        assert_eq!(taille_lisible(2048), "2 Ko");
        assert_eq!(taille_lisible(100), "100 octets");
    }

    #[test]
    fn dates_read_day_first() {
        assert_eq!(date(NaiveDate::from_ymd_opt(2026, 3, 5).unwrap()), "05/03/2026");
    }
}
