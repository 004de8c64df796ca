//! Istio's text functions: `indent`, `directory`, `formatDuration`.

use crate::compat::gofmt;
use serde_json::Value;

/// Istio's `indent`: every line but the first gets the padding (Sprig's pads the first too).
pub fn indent(n: usize, s: &str) -> String {
    let pad = " ".repeat(n);
    s.split('\n')
        .enumerate()
        .map(|(i, l)| {
            if i == 0 {
                l.to_string()
            } else {
                format!("{pad}{l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `directory`: the path up to and including its last `/` (Go's `path.Split`), "" without one.
pub fn directory(path: &str) -> &str {
    match path.rfind('/') {
        Some(i) => &path[..=i],
        None => "",
    }
}

/// `formatDuration`: Go's `time.Duration.String` of a protobuf JSON duration (`"23s"`,
/// `"1.5s"`; seconds as a number); text Go's parser refuses is printed as it is.
pub fn format_duration(v: &Value) -> String {
    let text = match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => format!("{n}s"),
        _ => return "0s".into(),
    };
    match gofmt::parse_go_duration(&text) {
        Ok(nanos) => gofmt::format_go_duration(nanos),
        Err(_) => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn text_functions_match_istio() {
        assert_eq!(indent(2, "a\nb"), "a\n  b");
        assert_eq!(directory("/etc/certs/ca.pem"), "/etc/certs/");
        assert_eq!(directory("ca.pem"), "");
        assert_eq!(format_duration(&json!("90s")), "1m30s");
        assert_eq!(format_duration(&json!(1.5)), "1.5s");
        assert_eq!(format_duration(&json!(null)), "0s");
    }
}
