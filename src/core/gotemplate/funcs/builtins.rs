//! Go text/template's builtin functions (`and`, `eq`, `index`, `len`, `print`, ...) and the
//! helpers the translation itself calls (`gt_out`, `gt_truth`, `gt_field`, `gt_range`).

use super::printf::sprintf;
use crate::core::gotemplate::value::{
    compare, eq, field, go_kind, go_type, int_arg, invalid, print, sorted_entries, strval, to_json,
    to_template, truth,
};
use minijinja::value::{Rest, Value as MjValue, ValueKind};
use minijinja::{Environment, Error};
use serde_json::Value;
use std::cmp::Ordering;

/// The most iterations `range N` over an integer may ask for.
const MAX_RANGE_COUNT: i64 = 1_000;

/// What the emitted minijinja calls for Go's actions: printing, conditions, fields, `range`
/// and the template data's protobuf defaults.
pub(super) fn register_translation(env: &mut Environment<'static>) {
    env.add_function("gt_out", |v: MjValue| print(&v));
    env.add_function("gt_truth", |v: MjValue| truth(&v));
    env.add_function("gt_field", |v: MjValue, names: Rest<String>| {
        names.iter().fold(v, |cur, n| field(&cur, n))
    });
    env.add_function("gt_range", range_pairs);
    env.add_function(
        "gt_no_field",
        |name: String, type_name: String, at: String| -> Result<MjValue, Error> {
            Err(invalid(&format!(
                "executing at {at}: can't evaluate field {name} in type {type_name}"
            )))
        },
    );
    env.add_function("gt_proxy_config", proxy_config_with_enum_defaults);
}

pub(super) fn register_logic(env: &mut Environment<'static>) {
    // Go's `and`/`or` return the operand that decided, not a boolean.
    env.add_function("gt_and", |args: Rest<MjValue>| {
        let decided = args.iter().find(|a| !truth(a));
        decided.or(args.last()).cloned().unwrap_or_default()
    });
    env.add_function("gt_or", |args: Rest<MjValue>| {
        let decided = args.iter().find(|a| truth(a));
        decided.or(args.last()).cloned().unwrap_or_default()
    });
    env.add_function("gt_not", |v: MjValue| !truth(&v));
}

pub(super) fn register_comparisons(env: &mut Environment<'static>) {
    env.add_function("gt_eq", |a: MjValue, rest: Rest<MjValue>| {
        rest.iter().any(|b| eq(&a, b))
    });
    env.add_function("gt_ne", |a: MjValue, b: MjValue| !eq(&a, &b));
    env.add_function("gt_lt", |a: MjValue, b: MjValue| {
        ordered("lt", &a, &b).map(|o| o == Some(Ordering::Less))
    });
    env.add_function("gt_le", |a: MjValue, b: MjValue| {
        ordered("le", &a, &b).map(|o| o.is_some_and(Ordering::is_le))
    });
    env.add_function("gt_gt", |a: MjValue, b: MjValue| {
        ordered("gt", &a, &b).map(|o| o == Some(Ordering::Greater))
    });
    env.add_function("gt_ge", |a: MjValue, b: MjValue| {
        ordered("ge", &a, &b).map(|o| o.is_some_and(Ordering::is_ge))
    });
}

/// Go's `lt` family: both operands of one ordered basic kind (integers, floats or strings),
/// else the execution error Go gives (`error calling gt: incompatible types for comparison`:
/// an integer literal against a float of the values, say). A value missing from the data or
/// nil (a Go struct field's zero value, a protobuf getter of an unset field) compares as that
/// zero value.
fn ordered(name: &str, a: &MjValue, b: &MjValue) -> Result<Option<Ordering>, Error> {
    let zero = |v: &MjValue| v.is_undefined() || v.is_none();
    if !zero(a) && !zero(b) {
        let (ka, kb) = (go_kind(a), go_kind(b));
        if !matches!(ka, "int" | "float64" | "string")
            || !matches!(kb, "int" | "float64" | "string")
        {
            return Err(invalid(&format!(
                "error calling {name}: invalid type for comparison"
            )));
        }
        if ka != kb {
            return Err(invalid(&format!(
                "error calling {name}: incompatible types for comparison"
            )));
        }
    }
    // The missing side as the other's zero value: `gt <unset getter> 0` is `gt 0 0`.
    let zero_like = |other: &MjValue| match go_kind(other) {
        "int" => MjValue::from(0),
        "float64" => MjValue::from(0.0),
        "string" => MjValue::from(""),
        _ => MjValue::UNDEFINED,
    };
    let a = if zero(a) { zero_like(b) } else { a.clone() };
    let b = if zero(b) { zero_like(&a) } else { b.clone() };
    Ok(compare(&a, &b))
}

pub(super) fn register_lookups(env: &mut Environment<'static>) {
    env.add_function("gt_len", |v: MjValue| -> Result<usize, Error> {
        match v.kind() {
            ValueKind::String => Ok(v.as_str().map_or(0, str::len)),
            ValueKind::Undefined | ValueKind::None => Ok(0),
            _ => v
                .len()
                .ok_or_else(|| invalid(&format!("len of {}", v.kind()))),
        }
    });
    env.add_function("gt_index", |v: MjValue, keys: Rest<MjValue>| {
        index(&v, &keys)
    });
}

pub(super) fn register_printing(env: &mut Environment<'static>) {
    env.add_function("gt_printf", |f: String, args: Rest<MjValue>| {
        sprintf(&f, &args)
    });
    env.add_function("gt_print", |args: Rest<MjValue>| sprint_args(&args));
    env.add_function("gt_println", |args: Rest<MjValue>| {
        let parts: Vec<String> = args.iter().map(strval).collect();
        format!("{}\n", parts.join(" "))
    });
}

/// Go's `fmt.Sprint` of the operands: a space between two when neither is a string.
fn sprint_args(args: &[MjValue]) -> String {
    let mut out = String::new();
    for (i, a) in args.iter().enumerate() {
        let is_str = |v: &MjValue| v.kind() == ValueKind::String;
        if i > 0 && !is_str(a) && !is_str(&args[i - 1]) {
            out.push(' ');
        }
        out.push_str(&strval(a));
    }
    out
}

/// The text Go's escapers (`html`, `js`, `urlquery`) work on: a lone string as it is,
/// else `fmt.Sprint` of the operands.
fn escaper_text(args: &[MjValue]) -> String {
    match args {
        [one] if one.kind() == ValueKind::String => strval(one),
        _ => sprint_args(args),
    }
}

/// Go's `template.HTMLEscapeString`.
fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out += "&#34;",
            '\'' => out += "&#39;",
            '&' => out += "&amp;",
            '<' => out += "&lt;",
            '>' => out += "&gt;",
            '\0' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Go's `template.JSEscapeString`.
fn js_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out += "\\\\",
            '\'' => out += "\\'",
            '"' => out += "\\\"",
            '<' => out += "\\u003C",
            '>' => out += "\\u003E",
            '&' => out += "\\u0026",
            '=' => out += "\\u003D",
            c if (c as u32) < 0x20 || c.is_control() => {
                out += &format!("\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// Go's `url.QueryEscape`: space as `+`, bytes outside `A-Za-z0-9-_.~` as `%XX`.
fn query_escape(s: &str) -> String {
    s.bytes()
        .map(|c| match c {
            b' ' => "+".to_string(),
            c if c.is_ascii_alphanumeric() || b"-_.~".contains(&c) => (c as char).to_string(),
            c => format!("%{c:02X}"),
        })
        .collect()
}

pub(super) fn register_escapers(env: &mut Environment<'static>) {
    env.add_function("gt_html", |args: Rest<MjValue>| {
        html_escape(&escaper_text(&args))
    });
    env.add_function("gt_js", |args: Rest<MjValue>| {
        js_escape(&escaper_text(&args))
    });
    env.add_function("gt_urlquery", |args: Rest<MjValue>| {
        query_escape(&escaper_text(&args))
    });
    // Template data holds no Go functions, so `call` has nothing it could call.
    env.add_function(
        "gt_call",
        |f: MjValue, _: Rest<MjValue>| -> Result<MjValue, Error> {
            Err(invalid(&format!(
                "call of a non-function {} of type {}",
                strval(&f),
                go_type(&f)
            )))
        },
    );
}

/// The `[key, value]` pairs Go's `range` visits: a list's with the index, a map's by key,
/// `0..n` of an integer; nothing for nil.
fn range_pairs(v: MjValue) -> Result<MjValue, Error> {
    let pair = |k: MjValue, x: MjValue| MjValue::from(vec![k, x]);
    let pairs: Vec<MjValue> = match v.kind() {
        ValueKind::Undefined | ValueKind::None => vec![],
        ValueKind::Seq => v
            .try_iter()?
            .enumerate()
            .map(|(i, x)| pair(MjValue::from(i), x))
            .collect(),
        ValueKind::Map => sorted_entries(&v)?
            .into_iter()
            .map(|(k, x)| pair(k, x))
            .collect(),
        // Go ranges over an integer (`range 3`), not a float, and every number from JSON
        // (values, `fromJSON`) is a float64 in Go; a huge count is refused, not allocated.
        ValueKind::Number if v.is_integer() => {
            let n = int_arg(&v)?.max(0);
            if n > MAX_RANGE_COUNT {
                return Err(invalid(&format!(
                    "range over {n}: more than the {MAX_RANGE_COUNT} iterations needle allows"
                )));
            }
            (0..n)
                .map(|i| pair(MjValue::from(i), MjValue::from(i)))
                .collect()
        }
        ValueKind::Number => {
            return Err(invalid(&format!("range can't iterate over {}", print(&v))));
        }
        other => return Err(invalid(&format!("range can't iterate over {other}"))),
    };
    Ok(MjValue::from(pairs))
}

/// `.ProxyConfig` as Istio's templates read the protobuf: the enum fields they test at
/// their zero value when JSON left them out.
fn proxy_config_with_enum_defaults(pc: MjValue) -> MjValue {
    let mut v = to_json(&pc);
    if let Some(m) = v.as_object_mut() {
        m.entry("interceptionMode")
            .or_insert_with(|| Value::from("REDIRECT"));
    }
    to_template(v)
}

/// `index`: map keys and list positions; a key a string map lacks gives "".
fn index(base: &MjValue, keys: &[MjValue]) -> Result<MjValue, Error> {
    let mut cur = base.clone();
    for k in keys {
        cur = match cur.kind() {
            ValueKind::Undefined | ValueKind::None => MjValue::from(""),
            ValueKind::Seq => {
                let i = int_arg(k)?;
                let len = cur.len().unwrap_or(0) as i64;
                if i < 0 || i >= len {
                    return Err(invalid(&format!("index out of range: {i}")));
                }
                cur.get_item(&MjValue::from(i))?
            }
            ValueKind::Map => {
                let got = cur.get_item(k)?;
                if !got.is_undefined() {
                    got
                } else if cur.try_iter()?.all(|key| {
                    cur.get_item(&key)
                        .is_ok_and(|v| v.kind() == ValueKind::String)
                }) {
                    MjValue::from("")
                } else {
                    MjValue::from(())
                }
            }
            _ => {
                return Err(invalid(&format!("can't index item of type {}", cur.kind())));
            }
        };
    }
    Ok(cur)
}
