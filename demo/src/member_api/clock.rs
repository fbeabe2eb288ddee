//! The member API's clock: the mutual's day and moment, in Paris.

use chrono::NaiveDate;

/// The day the API lives in: flags (struck off, future member, valid card) and due dates are
/// judged against it, so the seeded data ages like real data.
/// The mutual is in France: its days, and the moments printed on its documents, are Paris ones
/// whatever the server's own time zone.
pub fn today() -> NaiveDate {
    now().date_naive()
}

/// This moment, in Paris time.
pub fn now() -> chrono::DateTime<chrono_tz::Tz> {
    chrono::Utc::now().with_timezone(&chrono_tz::Europe::Paris)
}
