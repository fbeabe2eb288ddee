//! Dates, amounts and rules as the generated PDFs print them, in French typography.

use chrono::NaiveDate;

/// dd/MM/yyyy, as SPEC.md §5 displays dates.
pub fn date(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

/// "1 500 €", "12,50 €": thousands grouped by a narrow no-break space, decimal comma, cents
/// only when there are some.
pub fn montant(cents: i64) -> String {
    let euros = (cents / 100).to_string();
    let mut grouped = String::new();
    for (index, digit) in euros.chars().enumerate() {
        if index > 0 && (euros.len() - index).is_multiple_of(3) {
            grouped.push('\u{202f}');
        }
        grouped.push(digit);
    }
    match cents % 100 {
        0 => format!("{grouped}\u{a0}€"),
        rest => format!("{grouped},{rest:02}\u{a0}€"),
    }
}

/// Keeps "125 %" and "150 €" on one line: the space before a sign becomes a no-break space.
pub fn insecable(text: &str) -> String {
    text.replace(" %", "\u{a0}%").replace(" €", "\u{a0}€")
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
    fn dates_read_day_first() {
        assert_eq!(date(NaiveDate::from_ymd_opt(2026, 3, 5).unwrap()), "05/03/2026");
    }
}
