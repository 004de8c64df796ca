//! Numbers as Istio reads and bounds them: 64-bit protobuf integers, Go's `strconv.Atoi`,
//! percentages.

use serde::{Deserialize, Deserializer};

/// A 64-bit protobuf integer: JSON number or decimal string.
pub fn de_u64<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        N(u64),
        S(String),
    }
    match Option::<Raw>::deserialize(d)? {
        None => Ok(0),
        Some(Raw::N(n)) => Ok(n),
        Some(Raw::S(s)) => s
            .parse()
            .map_err(|_| serde::de::Error::custom(format!("invalid uint64 value {s:?}"))),
    }
}

/// Go's `strconv.Atoi`, with its error text.
pub fn go_atoi(s: &str) -> Result<i64, String> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.Atoi: parsing {s:?}: invalid syntax"));
    }
    s.parse::<i64>()
        .map_err(|_| format!("strconv.Atoi: parsing {s:?}: value out of range"))
}

/// `validatePercent`.
pub fn validate_percent(value: i64) -> Result<(), String> {
    if (0..=100).contains(&value) {
        Ok(())
    } else {
        Err(format!("percentage {value} is not in range 0..100"))
    }
}
