//! JSON texts as Go writes them, for the JSON Istio's injector embeds as strings in a pod
//! (`PROXY_CONFIG`, `ISTIO_META_POD_PORTS`, `proxy.istio.io/overrides`, the templates'
//! `toJSON`). Go writes a struct's fields in the order its type declares them, where
//! serde_json's maps sort their keys; anything that compares stored pods as text (needle
//! audit, a GitOps diff, the apiserver's no-op check) sees a reordered string as a change.
//! Maps have their keys sorted, strings are escaped as `encoding/json` escapes them and
//! numbers are printed as Go prints them.

mod proto;

pub use proto::{Message, Proto, json_name};

use super::normalize::{Field, Fields, omitted};
use super::pod_fields;
use serde_json::{Map, Number, Value};

/// What Go type a JSON value is written as, which decides the order of an object's keys.
#[derive(Clone, Copy)]
pub(crate) enum Layout {
    /// No Go type known (`map[string]any`, `map[string]string`): keys sorted.
    Map,
    /// A Kubernetes struct (k8s.io/api): fields in declaration order. A key the Go type
    /// lacks (a field of a newer Kubernetes) is kept, after the known ones.
    Kube(&'static Fields),
    /// A protobuf message as golang/protobuf's `jsonpb` writes it (`protomarshal.ToJSON`).
    Proto(&'static Message),
}

impl Layout {
    /// `corev1.Container`.
    pub(crate) const CONTAINER: Layout = Layout::Kube(&pod_fields::CONTAINER);
    /// `corev1.ContainerPort`.
    pub(crate) const CONTAINER_PORT: Layout = Layout::Kube(&pod_fields::CONTAINER_PORT);

    /// The layout of a Kubernetes type by the name Go prints for it (`v1.ContainerPort`,
    /// `*v1.Probe`, `[]v1.Container`: a pointer or a slice is written as what it holds);
    /// `None` for a type outside the Pod's.
    pub(crate) fn kube(go_name: &str) -> Option<Layout> {
        let name = go_name.trim_start_matches(['*', '[', ']']);
        let name = name.strip_prefix("v1.")?;
        pod_fields::BY_GO_NAME
            .binary_search_by(|(n, _)| (*n).cmp(name))
            .ok()
            .map(|i| Layout::Kube(pod_fields::BY_GO_NAME[i].1))
    }
}

/// `json.Marshal` of a value decoded into Go's `any`.
pub fn marshal(v: &Value) -> String {
    marshal_as(v, Layout::Map)
}

/// The value written as Go writes a value of the type `layout` describes (a list: each
/// item of that type).
pub(crate) fn marshal_as(v: &Value, layout: Layout) -> String {
    let mut out = String::with_capacity(128);
    write(&mut out, v, layout);
    out
}

/// A struct written field by field in the order given, each value as its layout says, as
/// `json.Marshal` writes a struct.
pub(crate) fn struct_text(fields: &[(&str, &Value, Layout)]) -> String {
    let mut out = String::with_capacity(128);
    write_entries(&mut out, fields.iter().map(|(k, v, l)| (*k, *v, *l)));
    out
}

pub(super) fn write(out: &mut String, v: &Value, layout: Layout) {
    match v {
        Value::Object(map) => match layout {
            Layout::Map => write_entries(out, map.iter().map(|(k, v)| (k.as_str(), v, layout))),
            Layout::Kube(fields) => write_kube(out, map, fields),
            Layout::Proto(message) => proto::write_message(out, map, message),
        },
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(out, item, layout);
            }
            out.push(']');
        }
        Value::String(s) => write_string(out, s),
        Value::Number(n) => write_number(out, n),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Null => out.push_str("null"),
    }
}

fn write_entries<'a>(
    out: &mut String,
    entries: impl Iterator<Item = (&'a str, &'a Value, Layout)>,
) {
    out.push('{');
    for (i, (key, value, layout)) in entries.enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_string(out, key);
        out.push(':');
        write(out, value, layout);
    }
    out.push('}');
}

/// A Kubernetes struct's fields in declaration order (the map iterates sorted, and the sort
/// is stable, so keys the type lacks follow in sorted order), without what `omitempty`
/// leaves out.
fn write_kube(out: &mut String, map: &Map<String, Value>, fields: &'static Fields) {
    let mut entries: Vec<(usize, &str, &Value, Layout)> = map
        .iter()
        .filter_map(|(key, value)| {
            let declared = fields.declared(key);
            if omitted(declared.map(|(_, field)| field), value) {
                return None;
            }
            Some(match declared {
                Some((rank, field)) => (rank, key.as_str(), value, kube_layout(field)),
                None => (usize::MAX, key.as_str(), value, Layout::Map),
            })
        })
        .collect();
    entries.sort_by_key(|(rank, ..)| *rank);
    write_entries(out, entries.into_iter().map(|(_, k, v, l)| (k, v, l)));
}

fn kube_layout(field: Field) -> Layout {
    match field {
        Field::Struct(inner) | Field::List(inner) | Field::KeptList(inner) => Layout::Kube(inner),
        _ => Layout::Map,
    }
}

/// `json.Indent` of a compact text with no prefix and two spaces (what `json.MarshalIndent(v,
/// "", "  ")` gives): a line per member and item, `": "` after a key, and an empty object or
/// list left as `{}` or `[]`.
pub fn indent(compact: &str) -> String {
    let mut out = String::with_capacity(compact.len() * 2);
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        (0..depth).for_each(|_| out.push_str("  "));
    };
    let (mut depth, mut opened, mut in_string, mut escaped) = (0, false, false, false);
    for c in compact.chars() {
        // An opening bracket's line break waits for what follows: none before its closing one.
        if opened && c != '}' && c != ']' {
            opened = false;
            depth += 1;
            newline(&mut out, depth);
        }
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                opened = true;
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            '}' | ']' => {
                if opened {
                    opened = false;
                } else {
                    depth -= 1;
                    newline(&mut out, depth);
                }
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// A marshalled text as an encoder with `SetEscapeHTML(false)` writes it: `<`, `>` and `&`
/// as they are (U+2028 and U+2029 stay escaped, as in Go). Escapes are read in pairs, so an
/// escaped backslash followed by `u003c` stays as it is.
pub fn without_html_escapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let escape = &rest[at..];
        let plain = match escape.get(..6) {
            Some("\\u003c") => Some('<'),
            Some("\\u003e") => Some('>'),
            Some("\\u0026") => Some('&'),
            _ => None,
        };
        let len = match plain {
            Some(c) => {
                out.push(c);
                6
            }
            None => {
                let len = 1 + escape[1..].chars().next().map_or(0, char::len_utf8);
                out.push_str(&escape[..len]);
                len
            }
        };
        rest = &escape[len..];
    }
    out.push_str(rest);
    out
}

/// A string as `encoding/json` writes it: `"` and `\` escaped, control characters as `\n`,
/// `\r`, `\t` or `\u00XX`, and `<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX` (Go escapes
/// those for embedding in HTML and JavaScript).
pub fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || matches!(c, '<' | '>' | '&' | '\u{2028}' | '\u{2029}') => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A number as `encoding/json` writes it: integers as they are, a float64 in the shortest
/// form that reads back, plainly from 1e-6 up to 1e21 and with an exponent outside
/// (`1e-7`, `1e+21`).
fn write_number(out: &mut String, n: &Number) {
    match n.as_f64().filter(|_| n.is_f64()) {
        Some(f) => out.push_str(&float(f)),
        None => out.push_str(&n.to_string()),
    }
}

fn float(f: f64) -> String {
    let abs = f.abs();
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        // Rust writes `1e21` and `1e-7`; Go signs a positive exponent.
        let text = format!("{f:e}");
        match text.split_once('e') {
            Some((mantissa, exp)) if !exp.starts_with('-') => format!("{mantissa}e+{exp}"),
            _ => text,
        }
    } else {
        // Rust's shortest round-trip digits, never with an exponent.
        format!("{f}")
    }
}

#[cfg(test)]
mod tests;
