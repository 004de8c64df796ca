//! YAML in and out, over `serde_json::Value`.

use serde_json::Value;

/// Parse one YAML (or JSON) document into a JSON value. The error carries the parser's
/// position (line and column).
pub fn parse_one(text: &str) -> Result<Value, String> {
    if text.trim().is_empty() {
        return Ok(Value::Null);
    }
    serde_saphyr::from_str::<Value>(text).map_err(|e| format!("invalid YAML: {e}"))
}

/// A document of a multi-document YAML stream, with the line it starts on (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawDocument<'a> {
    pub first_line: usize,
    pub text: &'a str,
}

/// Split a YAML stream on `---` separator lines, keeping each document's text as given so that
/// documents needle does not change can be written back byte for byte.
pub fn split_documents(stream: &str) -> Vec<RawDocument<'_>> {
    let mut docs = Vec::new();
    let mut start = 0;
    let mut first_line = 1;
    let mut offset = 0;
    for (line_no, line) in (1..).zip(stream.split_inclusive('\n')) {
        let bare = line.trim_end_matches(['\n', '\r']);
        if bare == "---"
            || bare.starts_with("--- ")
            || (bare.starts_with("---") && bare[3..].trim().is_empty())
        {
            docs.push(RawDocument {
                first_line,
                text: &stream[start..offset],
            });
            start = offset + line.len();
            first_line = line_no + 1;
        }
        offset += line.len();
    }
    docs.push(RawDocument {
        first_line,
        text: &stream[start..],
    });
    docs.into_iter()
        .filter(|d| !is_blank_document(d.text))
        .collect()
}

fn is_blank_document(text: &str) -> bool {
    text.lines().all(|l| {
        let t = l.trim();
        t.is_empty() || t.starts_with('#')
    })
}

/// Serialize a value as block YAML.
pub fn to_yaml(value: &Value) -> String {
    serde_saphyr::to_string(value).unwrap_or_else(|e| format!("# could not serialize: {e}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_documents_and_keeps_text() {
        let docs = split_documents("a: 1\n---\n# only a comment\n---\nb: 2\n--- \nc: 3");
        assert_eq!(docs.len(), 3);
        assert_eq!(docs[0].text, "a: 1\n");
        assert_eq!(docs[1].text, "b: 2\n");
        assert_eq!(docs[1].first_line, 5);
        assert_eq!(docs[2].text, "c: 3");
    }

    #[test]
    fn parse_error_names_the_position() {
        let err = parse_one("a: [1, 2\nb: 3\n").unwrap_err();
        assert!(err.contains("line"), "{err}");
    }

    #[test]
    fn round_trips_through_yaml() {
        let v: Value =
            serde_json::json!({"a": {"b": ["x", "15020", 3, true, null]}, "s": "multi\nline\n"});
        assert_eq!(parse_one(&to_yaml(&v)).unwrap(), v);
    }
}
