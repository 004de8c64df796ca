//! YAML in and out, over `serde_json::Value`.

use serde_json::Value;
use serde_saphyr::DuplicateKeyPolicy;

/// YAML that does not parse, with the parser's message (which names the line and column).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid YAML: {0}")]
pub struct YamlError(String);

/// What a reader does with a key that one mapping repeats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DuplicateKeys {
    /// An error, as YAML has it and as `istioctl validate` reads files (go-yaml's strict mode).
    Refuse,
    /// The last one counts, as go-yaml v2 reads by default (`sigs.k8s.io/yaml.Unmarshal`):
    /// how Istio reads the YAML its injection templates render and istioctl its
    /// `kube-inject` input.
    LastWins,
}

mod flow_colons;

/// Parse one YAML (or JSON) document into a JSON value, reading numbers as Kubernetes tools
/// (go-yaml v2 through `sigs.k8s.io/yaml`) do, so a manifest means here what it means to
/// kubectl and istioctl: `0644` is octal (420, the usual `defaultMode` spelling), and a
/// whole-number float such as `80.0` or `1e3` becomes the integer Go's JSON encoder writes,
/// and `[1.2.3.4, 2001:db8::]` is a list of two strings (see `flow_colons`). A repeated key
/// is an error. The error carries the parser's position (line and column).
pub fn parse_one(text: &str) -> Result<Value, YamlError> {
    parse_one_with(text, DuplicateKeys::Refuse)
}

/// `parse_one` as Istio reads its own inputs (the injector config, values and mesh config, a
/// pod's `proxy.istio.io/config`: `sigs.k8s.io/yaml.Unmarshal`, `protomarshal.ApplyYAML`,
/// `encoding/json`): a repeated key takes its last value.
pub fn parse_one_last_wins(text: &str) -> Result<Value, YamlError> {
    parse_one_with(text, DuplicateKeys::LastWins)
}

/// `parse_one` with the given treatment of repeated keys.
pub fn parse_one_with(text: &str, duplicates: DuplicateKeys) -> Result<Value, YamlError> {
    let mut value = parse_keeping_floats(text, duplicates)?;
    integral_floats_to_integers(&mut value);
    Ok(value)
}

/// `parse_one_with` without turning whole floats into integers, for a reader that still has
/// to turn some numbers into text as Go spells a float (`1e6` is "1e+06" in a label).
pub fn parse_keeping_floats(text: &str, duplicates: DuplicateKeys) -> Result<Value, YamlError> {
    if text.trim().is_empty() {
        return Ok(Value::Null);
    }
    let duplicate_keys = match duplicates {
        DuplicateKeys::Refuse => DuplicateKeyPolicy::Error,
        DuplicateKeys::LastWins => DuplicateKeyPolicy::LastWins,
    };
    let options =
        serde_saphyr::options! { legacy_octal_numbers: true, duplicate_keys: duplicate_keys };
    serde_saphyr::from_str_with_options::<Value>(&flow_colons::quote(text), options)
        .map_err(|e| YamlError(e.to_string()))
}

/// Go decodes YAML numbers into float64 and `encoding/json` writes a whole float64 below
/// 1e21 without a fraction or exponent, so `80.0` reaches every consumer as `80`.
pub fn integral_floats_to_integers(value: &mut Value) {
    match value {
        Value::Number(n) if n.is_f64() => {
            let f = n.as_f64().unwrap_or(f64::NAN);
            if f.fract() == 0.0 && f.abs() < 1e21 {
                // An integer outside i64/u64 stays a float; Go would print its digits, a
                // value no Kubernetes or Istio field accepts anyway.
                if let Some(i) = (f >= i64::MIN as f64 && f < i64::MAX as f64).then_some(f as i64) {
                    *value = Value::from(i);
                } else if f >= 0.0 && f < u64::MAX as f64 {
                    *value = Value::from(f as u64);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(integral_floats_to_integers),
        Value::Object(map) => map.values_mut().for_each(integral_floats_to_integers),
        _ => {}
    }
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
    use serde_json::json;

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
        assert!(err.to_string().contains("line"), "{err}");
    }

    #[test]
    fn reads_numbers_as_kubernetes_tools_do() {
        let v = parse_one(
            "defaultMode: 0644\nmode: 0400\nexplicit: 0o600\neight: 08\nport: 80.0\nk: 1e3\n\
             half: 0.5\nneg: -2.0\nzero: 0\nversion: \"1.0\"\n",
        )
        .unwrap();
        assert_eq!(
            v,
            serde_json::json!({"defaultMode": 420, "mode": 256, "explicit": 384, "eight": 8,
                "port": 80, "k": 1000, "half": 0.5, "neg": -2, "zero": 0, "version": "1.0"})
        );
        assert!(v["port"].is_u64() || v["port"].is_i64());
    }

    #[test]
    fn repeated_keys_are_refused_or_the_last_one_counts() {
        let text = "a: 1\nm:\n  x: 1\n  y: 2\n  x: {z: 3}\na: [4]\n";
        let err = parse_one(text).unwrap_err();
        assert!(err.to_string().contains("duplicate mapping key"), "{err}");
        assert_eq!(
            parse_one_with(text, DuplicateKeys::LastWins).unwrap(),
            serde_json::json!({"a": [4], "m": {"x": {"z": 3}, "y": 2}})
        );
    }

    #[test]
    fn a_colon_before_a_flow_indicator_stays_in_the_scalar_as_in_go_yaml() {
        // Each case as go-yaml v2 (sigs.k8s.io/yaml) reads it.
        let cases = [
            (
                "addresses: [1.2.3.4, 2001:db8::]",
                json!({"addresses": ["1.2.3.4", "2001:db8::"]}),
            ),
            (
                "a: [fe80::, '::', \"x::\", 2001:db8::1]",
                json!({"a": ["fe80::", "::", "x::", "2001:db8::1"]}),
            ),
            ("a: [a:, b:::]", json!({"a": ["a:", "b:::"]})),
            (
                "a: {x: 2001:db8::, z: fe80::}",
                json!({"a": {"x": "2001:db8::", "z": "fe80::"}}),
            ),
            ("a: {k:}", json!({"a": {"k:": null}})),
            (
                "a: [[2001:db8::], {k: [fe80::]}]",
                json!({"a": [["2001:db8::"], {"k": ["fe80::"]}]}),
            ),
            ("a: [it's:]", json!({"a": ["it's:"]})),
            (
                "a: [\"é\", ü:, 2001:db8::]",
                json!({"a": ["é", "ü:", "2001:db8::"]}),
            ),
            (
                "a: [2001:db8::\n  , x]",
                json!({"a": [{"2001:db8:": null}, "x"]}),
            ),
            ("a: [x: 1]", json!({"a": [{"x": 1}]})),
            (
                "a: {k: v:, a:, b: c}",
                json!({"a": {"k": "v:", "a:": null, "b": "c"}}),
            ),
            ("a: [&x a:, *x, !!str b:]", json!({"a": ["a:", "a:", "b:"]})),
            (
                "a: [a: b:, c: , d]",
                json!({"a": [{"a": "b:"}, {"c": null}, "d"]}),
            ),
            (
                "s: |\n  [1.2.3.4, 2001:db8::]\n# [a:]\nt: '[b:]'",
                json!({"s": "[1.2.3.4, 2001:db8::]\n", "t": "[b:]"}),
            ),
        ];
        for (text, want) in cases {
            assert_eq!(parse_one(text).unwrap(), want, "{text}");
        }
        // Errors stay errors, as in go-yaml.
        for bad in ["a: [2001:db8::, [b\n", "a: 2001:db8::\nb: [c]"] {
            let err = parse_one(bad).unwrap_err();
            assert!(err.to_string().contains("line"), "{err}");
        }
    }

    #[test]
    fn round_trips_through_yaml() {
        let v: Value =
            serde_json::json!({"a": {"b": ["x", "15020", 3, true, null]}, "s": "multi\nline\n"});
        assert_eq!(parse_one(&to_yaml(&v)).unwrap(), v);
    }
}
