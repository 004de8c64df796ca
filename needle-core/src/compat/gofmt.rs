//! Go formatting rules that show in injected pods.
//!
//! Istio's templates print values with Go's `fmt.Sprint`; values from the values JSON are
//! float64 in Go, so numbers print as `%v` of a float64 (`15020`, `1e+06`).

use super::go_json::{self, Layout};
use serde_json::Value;

/// Which Go type a JSON number stands for when it is printed. The same digits print
/// differently as Go's int and float64 (`1000000` and `1e+06`), and which one Go has depends
/// on where the number came from, not on how JSON wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Numbers {
    /// Every number a float64: JSON decoded into Go's `any` (the injector values).
    Float64,
    /// An integer an int, any other number a float64: for data whose numbers were made
    /// float64 already where Go has them (`go_floats`), next to typed struct fields.
    IntOrFloat64,
}

/// `fmt.Sprint(v)` for a value decoded from JSON into Go's `any`.
pub fn sprint(value: &Value) -> String {
    sprint_as(value, Numbers::Float64)
}

/// `fmt.Sprint(v)`, with the numbers taken as the Go type `numbers` says.
pub fn sprint_as(value: &Value, numbers: Numbers) -> String {
    match value {
        Value::Null => "<nil>".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => match (numbers, n.as_f64()) {
            (Numbers::IntOrFloat64, Some(f)) if n.is_f64() => format_float(f),
            (Numbers::IntOrFloat64, _) => n.to_string(),
            (Numbers::Float64, f) => f.map(format_float).unwrap_or_else(|| n.to_string()),
        },
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(|v| sprint_as(v, numbers)).collect();
            format!("[{}]", parts.join(" "))
        }
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let parts: Vec<String> = keys
                .iter()
                .map(|k| format!("{k}:{}", sprint_as(&map[*k], numbers)))
                .collect();
            format!("map[{}]", parts.join(" "))
        }
    }
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 64)`, which is what `%v` prints for a float64.
pub fn format_float(f: f64) -> String {
    format_shortest(f, || format!("{f:e}"))
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 32)`: the shortest digits that read back as the
/// same float32, which is how `sigs.k8s.io/yaml` turns a YAML float into a string field.
pub fn format_float32(f: f64) -> String {
    // Rounded to float32 first, as Go does: 1e308 is +Inf there.
    let narrow = f as f32;
    format_shortest(f64::from(narrow), || format!("{narrow:e}"))
}

/// `%g` with the shortest digits, which `shortest_sci` gives in Rust's `{:e}` form.
fn format_shortest(f: f64, shortest_sci: impl Fn() -> String) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "+Inf".into()
        } else {
            "-Inf".into()
        };
    }
    if f == 0.0 {
        return if f.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    // A whole number below a million (ports, counts, seconds: almost every float a template
    // prints) is its integer's digits; no exponent form and no digits to round.
    if f.fract() == 0.0 && f.abs() < 1e6 {
        return (f as i64).to_string();
    }
    let sci = shortest_sci();
    // Rust's `{:e}` of a finite non-zero float always has the form `d.ddde±x`.
    let Some((mantissa, exp)) = sci.split_once('e') else {
        return sci;
    };
    let exp: i32 = exp.parse().unwrap_or(0);
    let negative = mantissa.starts_with('-');
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let sign = if negative { "-" } else { "" };
    // Go's %v uses exponent form when the exponent is below -4 or at least 6.
    if !(-4..6).contains(&exp) {
        let mut m = digits[..1].to_string();
        if digits.len() > 1 {
            m.push('.');
            m.push_str(&digits[1..]);
        }
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{m}e{esign}{:02}", exp.abs());
    }
    let plain = if exp < 0 {
        format!("0.{}{}", "0".repeat((-exp - 1) as usize), digits)
    } else if (exp as usize) + 1 >= digits.len() {
        format!("{}{}", digits, "0".repeat(exp as usize + 1 - digits.len()))
    } else {
        let point = exp as usize + 1;
        format!("{}.{}", &digits[..point], &digits[point..])
    };
    format!("{sign}{plain}")
}

/// A JSON object with its fields in the given order, as Go marshals a struct (serde_json's
/// own maps sort their keys), its strings escaped as Go escapes them.
pub fn struct_json(fields: &[(&str, &Value)]) -> String {
    let typed: Vec<(&str, &Value, Layout)> =
        fields.iter().map(|(k, v)| (*k, *v, Layout::Map)).collect();
    go_json::struct_text(&typed)
}

/// Go text/template truthiness (`if`, `with`, `and`, `or`, Sprig `default`).
pub fn truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
    }
}

/// Go's `time.ParseDuration`, with Go's error texts.
pub fn parse_go_duration(orig: &str) -> Result<i128, String> {
    let invalid = || format!("time: invalid duration {orig:?}");
    let (negative, mut s) = match orig.as_bytes().first() {
        Some(b'-') => (true, &orig[1..]),
        Some(b'+') => (false, &orig[1..]),
        _ => (false, orig),
    };
    if s == "0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    let mut total: i128 = 0;
    while !s.is_empty() {
        let int_len = s.bytes().take_while(u8::is_ascii_digit).count();
        let (int_part, rest) = s.split_at(int_len);
        let (frac_part, rest) = match rest.strip_prefix('.') {
            Some(r) => {
                let n = r.bytes().take_while(u8::is_ascii_digit).count();
                r.split_at(n)
            }
            None => ("", rest),
        };
        if int_part.is_empty() && frac_part.is_empty() {
            return Err(invalid());
        }
        let unit_len = rest
            .find(|c: char| c == '.' || c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (unit, rest) = rest.split_at(unit_len);
        let scale: i128 = match unit {
            "" => return Err(format!("time: missing unit in duration {orig:?}")),
            "ns" => 1,
            "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            other => return Err(format!("time: unknown unit {other:?} in duration {orig:?}")),
        };
        let whole: i128 = if int_part.is_empty() {
            0
        } else {
            int_part.parse().map_err(|_| invalid())?
        };
        let mut value = whole.checked_mul(scale).ok_or_else(invalid)?;
        if !frac_part.is_empty() {
            let digits = &frac_part[..frac_part.len().min(18)];
            let frac: i128 = digits.parse().map_err(|_| invalid())?;
            value += frac * scale / 10i128.pow(digits.len() as u32);
        }
        total = total.checked_add(value).ok_or_else(invalid)?;
        if total > i64::MAX as i128 {
            return Err(invalid());
        }
        s = rest;
    }
    Ok(if negative { -total } else { total })
}

/// Go's `time.Duration.String()` for a duration in nanoseconds (`1m0s`, `1.5s`, `100ms`).
pub fn format_go_duration(nanos: i128) -> String {
    if nanos == 0 {
        return "0s".into();
    }
    let sign = if nanos < 0 { "-" } else { "" };
    let n = nanos.unsigned_abs();
    if n < 1_000_000_000 {
        let (unit, div) = if n < 1_000 {
            ("ns", 1)
        } else if n < 1_000_000 {
            ("µs", 1_000)
        } else {
            ("ms", 1_000_000)
        };
        return format!("{sign}{}{unit}", trim_fraction(n, div));
    }
    let (h, rem) = (n / 3_600_000_000_000, n % 3_600_000_000_000);
    let (m, rem) = (rem / 60_000_000_000, rem % 60_000_000_000);
    let s = trim_fraction(rem, 1_000_000_000);
    match (h, m) {
        (0, 0) => format!("{sign}{s}s"),
        (0, m) => format!("{sign}{m}m{s}s"),
        (h, m) => format!("{sign}{h}h{m}m{s}s"),
    }
}

fn trim_fraction(n: u128, div: u128) -> String {
    let (whole, frac) = (n / div, n % div);
    if frac == 0 {
        return whole.to_string();
    }
    let width = div.to_string().len() - 1;
    let frac = format!("{frac:0width$}");
    format!("{whole}.{}", frac.trim_end_matches('0'))
}

/// Go's `strconv.Quote` (what `%q` and Sprig `quote` print).
pub fn go_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_format_as_go_at_both_widths() {
        assert_eq!(format_float(1.1), "1.1");
        assert_eq!(format_float(1e6), "1e+06");
        assert_eq!(format_float(std::f64::consts::PI), "3.141592653589793");
        assert_eq!(format_float32(std::f64::consts::PI), "3.1415927");
        assert_eq!(format_float32(1.1), "1.1");
        assert_eq!(format_float32(1e6), "1e+06");
        assert_eq!(format_float32(0.0001), "0.0001");
        assert_eq!(format_float32(f64::MAX), "+Inf", "beyond float32");
        assert_eq!(format_float32(-0.0), "-0");
        assert_eq!(format_float32(1.5e6), "1.5e+06");
    }
    use serde_json::json;

    #[test]
    fn floats_print_like_go() {
        assert_eq!(format_float(15020.0), "15020");
        assert_eq!(format_float(1_000_000.0), "1e+06");
        assert_eq!(format_float(123456.0), "123456");
        assert_eq!(format_float(999_999.0), "999999");
        assert_eq!(format_float(-999_999.0), "-999999");
        assert_eq!(format_float(-1_000_000.0), "-1e+06");
        assert_eq!(format_float(1.0), "1");
        assert_eq!(format_float32(16_777_215.0), "1.6777215e+07");
        assert_eq!(format_float(1.12), "1.12");
        assert_eq!(format_float(0.0001), "0.0001");
        assert_eq!(format_float(0.00001), "1e-05");
        assert_eq!(format_float(-2.5), "-2.5");
        assert_eq!(format_float(1234567.0), "1.234567e+06");
    }

    #[test]
    fn sprint_matches_go() {
        assert_eq!(sprint(&json!(null)), "<nil>");
        assert_eq!(sprint(&json!(false)), "false");
        assert_eq!(sprint(&json!(11)), "11");
        assert_eq!(sprint(&json!("x")), "x");
        assert_eq!(sprint(&json!({"b": 1, "a": "x"})), "map[a:x b:1]");
    }

    #[test]
    fn numbers_print_as_the_go_type_they_stand_for() {
        let v = json!([1000000, 1000000.0, 1.5]);
        assert_eq!(sprint_as(&v, Numbers::Float64), "[1e+06 1e+06 1.5]");
        assert_eq!(sprint_as(&v, Numbers::IntOrFloat64), "[1000000 1e+06 1.5]");
    }
}
