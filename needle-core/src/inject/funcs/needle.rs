//! The functions as needle's own templates call them: Istio's over the implementations
//! translated templates share, and the helpers only needle's templates have, for Go's
//! behaviour where a JSON template needs it (printing, `range`, typed fields, Sprig's
//! `trunc`, `trimAll` and `trimSuffix`), and what an older release's template wrote unquoted.
//!
//! needle's templates read `values` with JSON's own numbers, where Go has float64, so they
//! print every number as a float64 ([`Numbers::Float64`]).

use super::written::{Written, read_as_written};
use super::{annotations, json, ports};
use crate::compat::gofmt::{self, Numbers};
use crate::gotemplate::funcs::{trim_all, trunc};
use crate::gotemplate::value::{self, sorted_entries, sprint, sprint_value, to_template};
use minijinja::value::{Kwargs, Value as MjValue, ValueKind};
use minijinja::{Environment, Error, ErrorKind, State};
use serde_json::Value;

/// `annotation(name, default)`: reads the pod's annotations from the context.
pub(super) fn annotation(state: &State, name: &str, default: MjValue) -> MjValue {
    annotations::annotation(pod_annotation(state, name), default, Numbers::Float64)
}

/// A pod annotation as the template value it already is (no copy of the text).
fn pod_annotation(state: &State, name: &str) -> Option<MjValue> {
    let v = state.lookup("annotations")?.get_attr(name).ok()?;
    v.as_str().is_some().then_some(v)
}

pub(super) fn exclude_inbound_port(port: MjValue, list: String) -> String {
    ports::exclude_inbound_port(&sprint(&port, Numbers::Float64), &list)
}

pub(super) fn append_multus_network(existing: String, network: String) -> String {
    super::append_multus_network(&existing, &network)
}

pub(super) fn from_json(text: String) -> MjValue {
    json::from_json(&text, Numbers::Float64)
}

/// Register the helpers that are no Istio function.
pub(super) fn register_helpers(env: &mut Environment<'static>) {
    env.add_function("go_string", go_string);
    env.add_function("merge_object", merge_object);
    env.add_filter("go_range", go_range);
    env.add_filter("go_trunc", |s: String, n: usize| -> String {
        trunc(&s, i64::try_from(n).unwrap_or(i64::MAX))
    });
    env.add_filter("trim_all", |s: String, cutset: String| -> String {
        trim_all(&s, &cutset)
    });
    env.add_filter("trim_suffix", |s: String, suffix: String| -> String {
        s.strip_suffix(suffix.as_str()).unwrap_or(&s).to_string()
    });
    env.add_filter("as_written", as_written);
    env.add_filter("go_bool", go_bool);
    env.add_filter("go_int", go_int);
}

/// Go's `fmt.Sprint`, what a Go template prints for the value.
fn go_string(v: MjValue) -> MjValue {
    sprint_value(v, Numbers::Float64)
}

/// `a` with the keys of `b` on top. Istio pastes `toYaml` of the value under a `name:`
/// line, so anything but a map (or nothing) there is broken YAML and fails the pod.
fn merge_object(a: MjValue, b: MjValue) -> Result<MjValue, Error> {
    let mut out = value::to_json(&a);
    match (out.as_object_mut(), value::to_json(&b)) {
        (Some(o), Value::Object(extra)) => o.extend(extra),
        (_, Value::Null) => {}
        (_, other) => {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                format!("cannot merge {other} into an object"),
            ));
        }
    }
    Ok(to_template(out))
}

/// The pairs Go's `range $key, $value := x` visits: a map's entries by sorted key, a list's
/// items with their index as text; anything else fails with Go's message.
fn go_range(v: MjValue) -> Result<Vec<(MjValue, MjValue)>, Error> {
    let cannot = || {
        Error::new(
            ErrorKind::InvalidOperation,
            format!("range can't iterate over {v}"),
        )
    };
    match v.kind() {
        ValueKind::Map => sorted_entries(&v).map_err(|_| cannot()),
        ValueKind::Seq => Ok(v
            .try_iter()
            .map_err(|_| cannot())?
            .enumerate()
            .map(|(i, item)| (MjValue::from(i.to_string()), item))
            .collect()),
        _ => Err(cannot()),
    }
}

/// `text | as_written(form, quoted)`: the text as the release's stock template wrote it reads
/// (`written`): itself where the release quotes it (`quoted`), else as the YAML reader reads it
/// written as a list `item`, a mapping `value` or `in_quotes`. A text that is no YAML there
/// fails the render, as it fails that release's.
fn as_written(text: MjValue, form: &str, quoted: bool) -> Result<MjValue, Error> {
    let written = Written::named(form).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidOperation,
            format!("as_written: {form:?} is no form (item, value, in_quotes)"),
        )
    })?;
    let read = match text.as_str() {
        Some(s) if !quoted => read_as_written(s, written),
        _ => return Ok(text),
    };
    match read {
        Ok(None) => Ok(text),
        Ok(Some(value)) => Ok(to_template(value)),
        Err(message) => Err(Error::new(ErrorKind::InvalidOperation, message)),
    }
}

/// A boolean field: a boolean or `"true"`/`"false"`, else a render error.
fn go_bool(v: MjValue) -> Result<bool, Error> {
    match value::to_json(&v) {
        Value::Bool(b) => Ok(b),
        Value::String(s) if s == "true" || s == "false" => Ok(s == "true"),
        other => Err(Error::new(
            ErrorKind::InvalidOperation,
            format!("expected a boolean, found {}", gofmt::sprint(&other)),
        )),
    }
}

/// An integer field: an integer, a float without a fraction or a numeric string, else a
/// render error.
fn go_int(v: MjValue, _kw: Kwargs) -> Result<i64, Error> {
    let j = value::to_json(&v);
    let parsed = match &j {
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64)),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    parsed.ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidOperation,
            format!("expected an integer, found {:?}", gofmt::sprint(&j)),
        )
    })
}
