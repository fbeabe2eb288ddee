//! Amounts as the tables keep them: cents.

use rusqlite::types::{FromSql, FromSqlResult, ValueRef};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Euro cents.
pub type Cents = i64;

/// An amount kept in cents and sent as a JSON number of euros (`12.5`), as the spec's amounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Euros(pub i64);

impl Serialize for Euros {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Cents are exact in an f64 for any amount a health insurer pays.
        serializer.serialize_f64(self.0 as f64 / 100.0)
    }
}

/// Read back from what was kept as JSON: to the nearest cent.
impl<'de> Deserialize<'de> for Euros {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        f64::deserialize(deserializer).map(|euros| Euros((euros * 100.0).round() as i64))
    }
}

impl FromSql for Euros {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        i64::column_result(value).map(Euros)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn euros_are_numbers() {
        assert_eq!(serde_json::to_string(&Euros(1_250)).unwrap(), "12.5");
        assert_eq!(serde_json::to_string(&Euros(0)).unwrap(), "0.0");
        assert_eq!(serde_json::from_str::<Euros>("1234.56").unwrap(), Euros(123_456));
    }
}
