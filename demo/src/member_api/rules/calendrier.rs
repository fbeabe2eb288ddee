//! Working days, as the mutual's deadlines count them: every day but Sundays and the French
//! public holidays (Code du travail, L3133-1).

use chrono::{Datelike, Days, NaiveDate, Weekday};

/// The French public holidays of a year (Code du travail, L3133-1): eight fixed days, and
/// Easter Monday, Ascension Day and Whit Monday, which follow Easter.
pub fn jours_feries(annee: i32) -> Vec<NaiveDate> {
    let fixe = |mois, jour| NaiveDate::from_ymd_opt(annee, mois, jour);
    let mut jours: Vec<NaiveDate> = [(1, 1), (5, 1), (5, 8), (7, 14), (8, 15), (11, 1), (11, 11), (12, 25)]
        .into_iter()
        .filter_map(|(mois, jour)| fixe(mois, jour))
        .collect();
    if let Ok(paques) = computus::gregorian_naive(annee) {
        jours.extend([1, 39, 50].into_iter().filter_map(|apres| paques.checked_add_days(Days::new(apres))));
    }
    jours
}

/// Neither a Sunday nor a public holiday.
pub fn ouvrable(jour: NaiveDate) -> bool {
    jour.weekday() != Weekday::Sun && !jours_feries(jour.year()).contains(&jour)
}

/// The `n`th working day after `depuis`.
pub fn jours_ouvrables_apres(depuis: NaiveDate, n: usize) -> NaiveDate {
    depuis.iter_days().skip(1).filter(|jour| ouvrable(*jour)).nth(n - 1).unwrap_or(NaiveDate::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jour(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn easter_s_holidays_move_with_it() {
        let feries = jours_feries(2027);
        // Easter 2027 is on 28 March.
        for attendu in ["2027-03-29", "2027-05-06", "2027-05-17", "2027-07-14"] {
            assert!(feries.contains(&jour(attendu)), "{attendu}");
        }
        assert!(!feries.contains(&jour("2027-03-28")), "a Sunday holiday is a Sunday anyway");
    }

    #[test]
    fn two_working_days_after_a_friday_skip_the_sunday_and_a_holiday() {
        // Friday 24 December 2027: Saturday 25 is Christmas, Sunday 26 is a Sunday.
        assert_eq!(jours_ouvrables_apres(jour("2027-12-24"), 2), jour("2027-12-28"));
    }
}
