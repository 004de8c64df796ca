//! `google.protobuf.Duration` fields: read as Istio's decoder reads them, bounded as Istio's
//! `ValidateDuration` bounds them.

use serde::{Deserialize, Deserializer};

/// A `google.protobuf.Duration` in its JSON form, in nanoseconds. Malformed strings are
/// decoding errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Duration(pub i128);

impl<'de> Deserialize<'de> for Duration {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        parse_duration(&s)
            .map(Duration)
            .map_err(serde::de::Error::custom)
    }
}

impl Duration {
    pub fn check(self) -> Result<(), String> {
        validate_duration(self.0)
    }
}

/// A duration as Istio's decoder reads `google.protobuf.Duration` fields: Go's
/// `time.ParseDuration` (`"1.5s"`, `"300ms"`, `"2h45m"`, `"0"`), in nanoseconds. The error
/// is the decoder's text.
pub fn parse_duration(s: &str) -> Result<i128, String> {
    crate::compat::gofmt::parse_go_duration(s).map_err(|e| format!("bad Duration: {e}"))
}

/// `ValidateDuration`: at least 1 ms, in whole milliseconds.
pub fn validate_duration(nanos: i128) -> Result<(), String> {
    if nanos < 1_000_000 {
        return Err("duration must be greater than 1ms".into());
    }
    if nanos % 1_000_000 != 0 {
        return Err("only durations to ms precision are supported".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_follow_protobuf_json_and_istio_limits() {
        assert_eq!(parse_duration("1.5s").unwrap(), 1_500_000_000);
        assert_eq!(parse_duration("0.001s").unwrap(), 1_000_000);
        assert_eq!(parse_duration("300ms").unwrap(), 300_000_000);
        assert_eq!(parse_duration("2h45m").unwrap(), 9_900_000_000_000);
        assert_eq!(parse_duration("0").unwrap(), 0);
        assert_eq!(
            parse_duration("abc").unwrap_err(),
            "bad Duration: time: invalid duration \"abc\""
        );
        assert_eq!(
            parse_duration("10").unwrap_err(),
            "bad Duration: time: missing unit in duration \"10\""
        );
        assert_eq!(
            parse_duration("1x").unwrap_err(),
            "bad Duration: time: unknown unit \"x\" in duration \"1x\""
        );
        assert!(validate_duration(parse_duration("0.001s").unwrap()).is_ok());
        assert_eq!(
            validate_duration(parse_duration("0.0005s").unwrap()).unwrap_err(),
            "duration must be greater than 1ms"
        );
        assert_eq!(
            validate_duration(parse_duration("1.0005s").unwrap()).unwrap_err(),
            "only durations to ms precision are supported"
        );
        assert_eq!(
            crate::compat::gofmt::format_go_duration(60_000_000_000),
            "1m0s"
        );
        assert_eq!(
            crate::compat::gofmt::format_go_duration(1_500_000_000),
            "1.5s"
        );
        assert_eq!(
            crate::compat::gofmt::format_go_duration(100_000_000),
            "100ms"
        );
    }
}
