//! Moments as the tables keep them.

use chrono::{DateTime, SecondsFormat, Utc};

/// The moment as the tables keep it: RFC 3339 in UTC, to the second, fixed width, so that
/// comparing the texts compares the moments.
pub fn horodatage(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_are_written_to_sort_as_text() {
        let moment: DateTime<Utc> = "2026-11-22T09:41:05.123+01:00".parse().unwrap();
        assert_eq!(horodatage(moment), "2026-11-22T08:41:05Z");
    }
}
