//! Reading the bodies: whole numbers as JSON Schema has them, and fields that may be left out
//! but never set to `null`.

/// A whole number as JSON Schema's `integer` has it: any number without a fractional part, so
/// `3.0` as well as `3` (generated clients and some JSON libraries write the first), within
/// the 64 bits of an identifier. For `#[serde(deserialize_with = "…")]` on request fields.
/// A field the contract lets a body leave out but never set to `null`: with `#[serde(default)]`,
/// absent is `None`, and `null` is refused like any other value of the wrong type.
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

pub mod entier {
    use serde::Deserialize;
    use serde::de::{self, Deserializer, Visitor};

    struct Entier(i64);

    impl<'de> Deserialize<'de> for Entier {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct Nombre;
            impl Visitor<'_> for Nombre {
                type Value = Entier;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("a whole number")
                }
                fn visit_i64<E: de::Error>(self, value: i64) -> Result<Entier, E> {
                    Ok(Entier(value))
                }
                fn visit_u64<E: de::Error>(self, value: u64) -> Result<Entier, E> {
                    i64::try_from(value).map(Entier).map_err(|_| E::custom("out of range"))
                }
                fn visit_f64<E: de::Error>(self, value: f64) -> Result<Entier, E> {
                    // -2^63 is exact in an f64; 2^63 is the first value out of range.
                    const LIMITE: f64 = 9_223_372_036_854_775_808.0;
                    if value.fract() == 0.0 && (-LIMITE..LIMITE).contains(&value) {
                        Ok(Entier(value as i64))
                    } else {
                        Err(E::custom("not a whole number"))
                    }
                }
            }
            deserializer.deserialize_any(Nombre)
        }
    }

    pub fn un<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
        Entier::deserialize(deserializer).map(|entier| entier.0)
    }

    pub fn facultatif<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
        Ok(Option::<Entier>::deserialize(deserializer)?.map(|entier| entier.0))
    }

    pub fn liste<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<i64>, D::Error> {
        Ok(Vec::<Entier>::deserialize(deserializer)?.into_iter().map(|entier| entier.0).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Corps {
        #[serde(deserialize_with = "entier::un")]
        id: i64,
        #[serde(default, deserialize_with = "entier::facultatif")]
        quantite: Option<i64>,
        #[serde(default, deserialize_with = "entier::liste")]
        ids: Vec<i64>,
    }

    #[test]
    fn a_whole_number_may_be_written_with_a_decimal_point() {
        let corps: Corps =
            serde_json::from_str(r#"{"id": 3.0, "quantite": null, "ids": [1, -2.0]}"#).unwrap();
        assert_eq!((corps.id, corps.quantite, corps.ids), (3, None, vec![1, -2]));
        let corps: Corps = serde_json::from_str(r#"{"id": -9223372036854775808, "quantite": 2}"#).unwrap();
        assert_eq!((corps.id, corps.quantite), (i64::MIN, Some(2)));
        for refused in
            [r#"{"id": 3.5}"#, r#"{"id": 9223372036854775808}"#, r#"{"id": 1e19}"#, r#"{"id": "3"}"#]
        {
            assert!(serde_json::from_str::<Corps>(refused).is_err(), "{refused}");
        }
    }
}
