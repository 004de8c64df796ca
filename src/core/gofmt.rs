//! Go formatting rules that show in injected pods.
//!
//! Istio's templates print values with Go's `fmt.Sprint`; values from the values JSON are
//! float64 in Go, so numbers print as `%v` of a float64 (`15020`, `1e+06`).

use serde_json::Value;

/// `fmt.Sprint(v)` for a value decoded from JSON into Go's `any`.
pub fn sprint(value: &Value) -> String {
    match value {
        Value::Null => "<nil>".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n
            .as_f64()
            .map(format_float)
            .unwrap_or_else(|| n.to_string()),
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(sprint).collect();
            format!("[{}]", parts.join(" "))
        }
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let parts: Vec<String> = keys
                .iter()
                .map(|k| format!("{k}:{}", sprint(&map[*k])))
                .collect();
            format!("map[{}]", parts.join(" "))
        }
    }
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 64)`, which is what `%v` prints for a float64.
pub fn format_float(f: f64) -> String {
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
    // Shortest round-trip digits, as Rust's `{:e}` gives them.
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci
        .split_once('e')
        .expect("scientific notation has an exponent");
    let exp: i32 = exp.parse().expect("exponent is an integer");
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
/// own maps sort their keys).
pub fn struct_json(fields: &[(&str, &Value)]) -> String {
    let parts: Vec<String> = fields
        .iter()
        .map(|(k, v)| {
            format!(
                "{}:{}",
                Value::from(*k),
                serde_json::to_string(v).expect("JSON serializes")
            )
        })
        .collect();
    format!("{{{}}}", parts.join(","))
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn floats_print_like_go() {
        assert_eq!(format_float(15020.0), "15020");
        assert_eq!(format_float(1_000_000.0), "1e+06");
        assert_eq!(format_float(123456.0), "123456");
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
}
