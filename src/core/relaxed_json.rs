//! Parse the JSON that needle's templates render: standard JSON, except that a trailing comma
//! before `]` or `}` is allowed, which keeps conditional entries in templates simple.

use serde_json::Value;

/// Remove trailing commas outside strings, then parse.
pub fn parse(text: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str(&strip_trailing_commas(text))
}

fn strip_trailing_commas(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    let mut pending_comma: Option<usize> = None;
    let mut last = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => {
                in_string = true;
                pending_comma = None;
            }
            b',' => pending_comma = Some(i),
            b']' | b'}' => {
                if let Some(c) = pending_comma.take() {
                    out.push_str(&text[last..c]);
                    last = c + 1;
                }
            }
            b' ' | b'\n' | b'\r' | b'\t' => {}
            _ => pending_comma = None,
        }
    }
    out.push_str(&text[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn trailing_commas_are_dropped_outside_strings() {
        assert_eq!(
            parse(r#"{"a": [1, 2, ], "b": "x,]", }"#).unwrap(),
            json!({"a": [1, 2], "b": "x,]"})
        );
        assert_eq!(parse(r#"{"a": "q\",}",}"#).unwrap(), json!({"a": "q\",}"}));
    }

    #[test]
    fn other_errors_remain_errors() {
        assert!(parse(r#"{"a": [1,, 2]}"#).is_err());
    }
}
