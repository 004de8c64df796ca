//! Istio's `toYaml`: block YAML as sigs.k8s.io/yaml writes it (keys sorted, lists at their
//! key's indentation, two-space indent, `{}`/`[]` for empty collections, trailing newline).

use crate::compat::gofmt;
use serde_json::Value;

pub fn to_yaml(v: &Value) -> String {
    let mut out = String::new();
    match v {
        Value::Object(m) if !m.is_empty() => map(v, 0, &mut out),
        Value::Array(a) if !a.is_empty() => list(v, 0, &mut out),
        other => {
            out.push_str(&scalar(other));
            out.push('\n');
        }
    }
    out
}

fn map(v: &Value, indent: usize, out: &mut String) {
    let Value::Object(m) = v else { return };
    let mut keys: Vec<&String> = m.keys().collect();
    keys.sort();
    for k in keys {
        out.push_str(&" ".repeat(indent));
        out.push_str(&string(k));
        out.push(':');
        child(&m[k], indent, indent + 2, out);
    }
}

fn list(v: &Value, indent: usize, out: &mut String) {
    let Value::Array(a) = v else { return };
    for item in a {
        out.push_str(&" ".repeat(indent));
        out.push('-');
        match item {
            Value::Object(m) if !m.is_empty() => {
                // The first key goes on the dash's line.
                let mut nested = String::new();
                map(item, indent + 2, &mut nested);
                out.push(' ');
                out.push_str(&nested[indent + 2..]);
            }
            Value::Array(a) if !a.is_empty() => {
                let mut nested = String::new();
                list(item, indent + 2, &mut nested);
                out.push(' ');
                out.push_str(&nested[indent + 2..]);
            }
            other => {
                out.push(' ');
                out.push_str(&scalar(other));
                out.push('\n');
            }
        }
    }
}

/// A map value after `key:`; `list_indent` is where a list's dashes go.
fn child(v: &Value, list_indent: usize, map_indent: usize, out: &mut String) {
    match v {
        Value::Object(m) if !m.is_empty() => {
            out.push('\n');
            map(v, map_indent, out);
        }
        Value::Array(a) if !a.is_empty() => {
            out.push('\n');
            list(v, list_indent, out);
        }
        other => {
            out.push(' ');
            out.push_str(&scalar(other));
            out.push('\n');
        }
    }
}

fn scalar(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.to_string(),
            None => gofmt::sprint(v),
        },
        Value::String(s) => string(s),
        Value::Object(_) => "{}".into(),
        Value::Array(_) => "[]".into(),
    }
}

/// A string plain when YAML reads it back as the same string, else double-quoted.
fn string(s: &str) -> String {
    let lower = s.to_ascii_lowercase();
    let reserved = [
        "", "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n",
    ]
    .contains(&lower.as_str());
    let numeric = s.parse::<f64>().is_ok()
        || lower.starts_with("0x")
        || lower.starts_with("0o")
        || lower == ".inf"
        || lower == "-.inf"
        || lower == ".nan";
    let first = s.chars().next().unwrap_or(' ');
    let special_start = "-?:,[]{}#&*!|>'\"%@`".contains(first) || first == ' ';
    let special = s.contains(": ")
        || s.contains(" #")
        || s.ends_with(':')
        || s.ends_with(' ')
        || s.chars().any(|c| c.is_control());
    if reserved || numeric || special_start || special {
        serde_json::to_string(s).expect("a string serializes")
    } else {
        s.to_string()
    }
}
