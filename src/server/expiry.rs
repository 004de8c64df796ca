//! When the serving certificate expires: its `notAfter`, read from the DER of the leaf for
//! `needle_certificate_expiry_timestamp_seconds`, so an alert fires days before the apiserver
//! starts failing every call. Only the few DER elements in front of `validity` are walked
//! (RFC 5280 §4.1): nothing else of the certificate is needed, and rustls has checked it.

use crate::core::compat::civil::days_from_civil;

/// `notAfter` of an X.509 certificate, in seconds since the Unix epoch; `None` when the DER is
/// not a certificate this walk understands.
pub fn not_after(der: &[u8]) -> Option<i64> {
    let (certificate, _) = element(der, SEQUENCE)?;
    let (tbs, _) = element(certificate, SEQUENCE)?;
    let mut rest = tbs;
    // version [0] EXPLICIT, absent for v1 certificates.
    if rest.first() == Some(&VERSION) {
        rest = element(rest, VERSION)?.1;
    }
    for tag in [INTEGER, SEQUENCE, SEQUENCE] {
        // serialNumber, signature, issuer
        rest = element(rest, tag)?.1;
    }
    let (validity, _) = element(rest, SEQUENCE)?;
    let after_not_before = skip_any(validity)?;
    let (tag, time) = any(after_not_before)?;
    match tag {
        UTC_TIME => utc_time(time),
        GENERALIZED_TIME => generalized_time(time),
        _ => None,
    }
}

const SEQUENCE: u8 = 0x30;
const INTEGER: u8 = 0x02;
const VERSION: u8 = 0xa0;
const UTC_TIME: u8 = 0x17;
const GENERALIZED_TIME: u8 = 0x18;

/// The contents of the element at the start of `der` if its tag is `tag`, and what follows.
fn element(der: &[u8], tag: u8) -> Option<(&[u8], &[u8])> {
    let (found, contents, rest) = tlv(der)?;
    (found == tag).then_some((contents, rest))
}

fn any(der: &[u8]) -> Option<(u8, &[u8])> {
    tlv(der).map(|(tag, contents, _)| (tag, contents))
}

fn skip_any(der: &[u8]) -> Option<&[u8]> {
    tlv(der).map(|(_, _, rest)| rest)
}

/// Tag, contents and rest of one DER element (single-byte tags; definite lengths, as DER has).
fn tlv(der: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let (&tag, der) = der.split_first()?;
    let (&first, mut der) = der.split_first()?;
    let len = if first < 0x80 {
        usize::from(first)
    } else {
        let bytes = usize::from(first & 0x7f);
        if bytes == 0 || bytes > 4 || der.len() < bytes {
            return None;
        }
        let (len, rest) = der.split_at(bytes);
        der = rest;
        len.iter().fold(0, |n, b| (n << 8) | usize::from(*b))
    };
    (der.len() >= len).then(|| (tag, &der[..len], &der[len..]))
}

/// `YYMMDDHHMMSSZ`; years 50–99 are 19xx (RFC 5280 §4.1.2.5.1).
fn utc_time(text: &[u8]) -> Option<i64> {
    let (digits, "Z") = std::str::from_utf8(text).ok()?.split_at_checked(12)? else {
        return None;
    };
    let yy = number(&digits[..2])?;
    let year = if yy >= 50 { 1900 + yy } else { 2000 + yy };
    timestamp(year, &digits[2..])
}

/// `YYYYMMDDHHMMSSZ`.
fn generalized_time(text: &[u8]) -> Option<i64> {
    let (digits, "Z") = std::str::from_utf8(text).ok()?.split_at_checked(14)? else {
        return None;
    };
    timestamp(number(&digits[..4])?, &digits[4..])
}

/// Seconds since the epoch of `year` and `MMDDHHMMSS`.
fn timestamp(year: i64, rest: &str) -> Option<i64> {
    let field = |i: usize| number(rest.get(i..i + 2)?);
    let (month, day) = (field(0)?, field(2)?);
    let (hour, minute, second) = (field(4)?, field(6)?, field(8)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 {
        return None;
    }
    Some(days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second)
}

fn number(digits: &str) -> Option<i64> {
    digits
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| digits.parse().ok())?
}

#[cfg(test)]
mod tests {
    use super::*;

    fn certificate(not_after: (i32, u8, u8)) -> Vec<u8> {
        let mut params = rcgen::CertificateParams::new(vec!["needle".into()]).unwrap();
        params.not_before = rcgen::date_time_ymd(2020, 1, 1);
        params.not_after = rcgen::date_time_ymd(not_after.0, not_after.1, not_after.2);
        let key = rcgen::KeyPair::generate().unwrap();
        params.self_signed(&key).unwrap().der().to_vec()
    }

    #[test]
    fn not_after_is_read_from_utc_and_generalized_times() {
        // rcgen writes UTCTime up to 2049 and GeneralizedTime from 2050, as RFC 5280 asks.
        assert_eq!(not_after(&certificate((2026, 12, 6))), Some(1_796_515_200));
        assert_eq!(not_after(&certificate((2049, 12, 31))), Some(2_524_521_600));
        assert_eq!(not_after(&certificate((2050, 1, 1))), Some(2_524_608_000));
        assert_eq!(not_after(&certificate((2100, 3, 1))), Some(4_107_542_400));
    }

    #[test]
    fn what_is_no_certificate_has_no_expiry() {
        let good = certificate((2030, 1, 1));
        assert_eq!(not_after(&[]), None);
        assert_eq!(not_after(b"-----BEGIN CERTIFICATE-----"), None);
        for cut in [1, 10, good.len() / 2] {
            assert_eq!(not_after(&good[..cut]), None, "cut at {cut}");
        }
    }

    #[test]
    fn times_are_read_as_rfc_5280_writes_them() {
        assert_eq!(utc_time(b"700101000000Z"), Some(0));
        assert_eq!(utc_time(b"491231235959Z"), Some(2_524_607_999));
        assert_eq!(utc_time(b"491231235959"), None);
        assert_eq!(generalized_time(b"19991301000000Z"), None);
    }
}
