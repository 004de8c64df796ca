//! Kubernetes `resource.Quantity`: parsing and the canonical form the apiserver (and Go's typed
//! Pod) prints, so `2000m` reads back as `2` and `1024Mi` as `1Gi`.

const REGEX_HINT: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    DecimalSi,
    BinarySi,
    DecimalExponent,
}

/// A parsed quantity: the value is `mantissa × 10^exp10`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quantity {
    mantissa: i128,
    exp10: i32,
    format: Format,
}

pub fn parse(s: &str) -> Result<Quantity, String> {
    if s.is_empty() {
        return Err(REGEX_HINT.into());
    }
    let num_end = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '+' || c == '-'))
        .unwrap_or(s.len());
    let (num, suffix) = s.split_at(num_end);
    let (negative, digits) = match num.as_bytes().first() {
        Some(b'-') => (true, &num[1..]),
        Some(b'+') => (false, &num[1..]),
        _ => (false, num),
    };
    // As `resource.ParseQuantity`: no trimming, and a number part without digits ("-", ".",
    // "Mi") is zero.
    if digits.matches('.').count() > 1 || digits.contains(['+', '-']) {
        return Err(REGEX_HINT.into());
    }
    let (int_part, frac_part) = digits.split_once('.').unwrap_or((digits, ""));
    let all: String = format!("{int_part}{frac_part}");
    let trimmed = all.trim_start_matches('0');
    if trimmed.len() > 36 {
        return Err("quantity is too large".into());
    }
    let mut mantissa: i128 = if trimmed.is_empty() {
        0
    } else {
        trimmed.parse().map_err(|_| REGEX_HINT.to_string())?
    };
    if negative {
        mantissa = -mantissa;
    }
    let mut exp10 = -(frac_part.len() as i32);
    let format = match suffix {
        "Ki" | "Mi" | "Gi" | "Ti" | "Pi" | "Ei" => {
            let power = ["Ki", "Mi", "Gi", "Ti", "Pi", "Ei"]
                .iter()
                .position(|p| *p == suffix)
                .expect("listed") as u32
                + 1;
            mantissa = mantissa
                .checked_mul(1024i128.pow(power))
                .ok_or("quantity is too large")?;
            Format::BinarySi
        }
        "" => Format::DecimalSi,
        "n" | "u" | "m" | "k" | "M" | "G" | "T" | "P" | "E" => {
            exp10 += match suffix {
                "n" => -9,
                "u" => -6,
                "m" => -3,
                "k" => 3,
                "M" => 6,
                "G" => 9,
                "T" => 12,
                "P" => 15,
                _ => 18,
            };
            Format::DecimalSi
        }
        s if s.starts_with(['e', 'E']) => {
            let e: i32 = s[1..].parse().map_err(|_| REGEX_HINT.to_string())?;
            exp10 += e;
            Format::DecimalExponent
        }
        _ => return Err(REGEX_HINT.into()),
    };
    Ok(Quantity {
        mantissa,
        exp10,
        format,
    })
}

impl Quantity {
    /// The canonical string, as `Quantity.String()` prints it.
    pub fn canonical(&self) -> String {
        let (mut m, mut e) = (self.mantissa, self.exp10);
        if m == 0 {
            return "0".into();
        }
        while m % 10 == 0 {
            m /= 10;
            e += 1;
        }
        if e < -9 {
            // Values below one nano-unit round up to it, as the apiserver does.
            let shift = (-9 - e) as u32;
            let div = 10i128.pow(shift.min(36));
            m = if m > 0 { (m + div - 1) / div } else { m / div };
            e = -9;
        }
        let integral = e >= 0;
        if self.format == Format::BinarySi
            && integral
            && m.abs()
                .checked_mul(10i128.pow(e as u32))
                .is_some_and(|v| v >= 1024)
        {
            let mut v = m * 10i128.pow(e as u32);
            let mut k = 0;
            while k < 6 && v % 1024 == 0 {
                v /= 1024;
                k += 1;
            }
            return format!("{v}{}", ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"][k]);
        }
        let x = (e.div_euclid(3) * 3).clamp(-9, 18);
        let scaled = m * 10i128.pow((e - x) as u32);
        if self.format == Format::DecimalExponent {
            return if x == 0 {
                scaled.to_string()
            } else {
                format!("{scaled}e{x}")
            };
        }
        let suffix = match x {
            -9 => "n",
            -6 => "u",
            -3 => "m",
            0 => "",
            3 => "k",
            6 => "M",
            9 => "G",
            12 => "T",
            15 => "P",
            _ => "E",
        };
        format!("{scaled}{suffix}")
    }
}

/// Canonicalize a quantity string, leaving unparseable text as it is.
pub fn canonicalize(s: &str) -> String {
    parse(s)
        .map(|q| q.canonical())
        .unwrap_or_else(|_| s.to_string())
}

/// `canonicalize`, in place: the quantities of nearly every pod (`100m`, `128Mi`, `2`) are
/// canonical already, and are seen to be without parsing them.
pub fn canonicalize_in_place(s: &mut String) {
    if !plainly_canonical(s) {
        *s = canonicalize(s);
    }
}

/// One to three digits without a leading zero and a suffix that cannot take a bigger unit
/// (below 1000, or 1024 for the binary ones), or `0`: already as `canonical` writes it.
fn plainly_canonical(s: &str) -> bool {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let (number, suffix) = s.split_at(digits);
    s == "0"
        || ((1..=3).contains(&digits)
            && !number.starts_with('0')
            && matches!(
                suffix,
                "" | "m" | "k" | "M" | "G" | "T" | "Ki" | "Mi" | "Gi" | "Ti"
            ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_forms_match_kubernetes() {
        for (input, want) in [
            ("2000m", "2"),
            ("100m", "100m"),
            ("1024Mi", "1Gi"),
            ("128Mi", "128Mi"),
            ("4000m", "4"),
            ("1000m", "1"),
            ("2Gi", "2Gi"),
            ("0", "0"),
            ("1.5", "1500m"),
            ("1500", "1500"),
            ("1k", "1k"),
            ("0.5Gi", "512Mi"),
            ("1e3", "1e3"),
            ("500Mi", "500Mi"),
        ] {
            assert_eq!(canonicalize(input), want, "{input}");
        }
    }

    /// Every text the shortcut takes for canonical is what the whole canonicalization gives.
    #[test]
    fn plainly_canonical_texts_are_canonical() {
        let mut taken = 0;
        for n in 0..=1100 {
            for number in [n.to_string(), format!("0{n}")] {
                for suffix in [
                    "", "m", "u", "n", "k", "M", "G", "T", "P", "Ki", "Mi", "Gi", "Ti", "Pi", "e3",
                ] {
                    let text = format!("{number}{suffix}");
                    if plainly_canonical(&text) {
                        taken += 1;
                        assert_eq!(canonicalize(&text), text);
                    }
                }
            }
        }
        assert_eq!(taken, 1 + 999 * 10);
    }

    #[test]
    fn invalid_quantities_are_rejected() {
        assert!(parse("abc").is_err());
        assert!(parse("1x").is_err());
        assert!(parse("").is_err());
        assert!(parse(" 1").is_err(), "no trimming, as Kubernetes");
        assert!(parse("128Mi ").is_err());
    }

    #[test]
    fn a_number_without_digits_is_zero_as_in_kubernetes() {
        for input in ["-", "+", ".", "-.", "Mi"] {
            assert_eq!(
                parse(input).map(|q| q.canonical()),
                Ok("0".to_string()),
                "{input}"
            );
        }
    }
}
