//! Go text/template's builtin functions (`and`, `eq`, `index`, `len`, `print`, ...) and the
//! helpers the translation itself calls (`gt_out`, `gt_truth`, `gt_field`, `gt_range`).

use super::printf::sprintf;
use crate::gotemplate::value::{
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
    env.add_function(
        "gt_field_any",
        |v: MjValue, at: String, names: Rest<String>| -> Result<MjValue, Error> {
            names
                .iter()
                .try_fold(v, |cur, n| field_of_any(&cur, n, &at))
        },
    );
    // A pointer the data leaves out is nil: a field of it fails.
    env.add_function(
        "gt_not_nil",
        |v: MjValue, type_name: String, at: String, name: String| {
            if v.is_undefined() || v.is_none() {
                return Err(nil_pointer(&at, &type_name, &name));
            }
            Ok(v)
        },
    );
    env.add_function("gt_or_zero", |v: MjValue, zero: MjValue| {
        if v.is_undefined() || v.is_none() {
            zero
        } else {
            v
        }
    });
    env.add_function("gt_duration_part", duration_part);
    env.add_function(
        "gt_no_field_if_present",
        |v: MjValue, name: String, type_name: String, at: String| -> Result<MjValue, Error> {
            if v.is_undefined() {
                return Ok(v);
            }
            Err(invalid(&format!(
                "executing at {at}: can't evaluate field {name} in type {type_name}"
            )))
        },
    );
    env.add_function(
        "gt_no_field_of_pointer",
        |v: MjValue, name: String, type_name: String, at: String| -> Result<MjValue, Error> {
            if v.is_undefined() || v.is_none() {
                return Err(nil_pointer(&at, &type_name, &name));
            }
            Err(invalid(&format!(
                "executing at {at}: can't evaluate field {name} in type {type_name}"
            )))
        },
    );
    env.add_function("gt_missing_as_nil", |v: MjValue| {
        if v.is_undefined() {
            MjValue::from(())
        } else {
            v
        }
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

fn nil_pointer(at: &str, type_name: &str, name: &str) -> Error {
    invalid(&format!(
        "executing at {at}: nil pointer evaluating {type_name}.{name}"
    ))
}

/// `Seconds` or `Nanos` of a `durationpb.Duration`, from its JSON form (`"-1.500s"`, as
/// the mesh config holds it); nil is 0 (as the getters give).
fn duration_part(v: MjValue, part: String) -> Result<MjValue, Error> {
    if v.is_undefined() || v.is_none() {
        return Ok(MjValue::from(0));
    }
    let text = v.as_str().unwrap_or_default();
    let bad = || invalid(&format!("duration {text:?}: not a protobuf JSON duration"));
    let digits = text.strip_suffix('s').ok_or_else(bad)?;
    let (negative, digits) = match digits.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, digits),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !all_digits(whole) || !all_digits(fraction) || fraction.len() > 9 {
        return Err(bad());
    }
    let seconds: i64 = whole.parse().map_err(|_| bad())?;
    let nanos: i64 = format!("{fraction:0<9}").parse().map_err(|_| bad())?;
    let sign = if negative { -1 } else { 1 };
    Ok(MjValue::from(
        sign * if part == "Seconds" { seconds } else { nanos },
    ))
}

/// A field of an `interface {}` value of `.Values`, as Go reads it: a map's key (a missing
/// one is nothing, and so is any field of nothing); a field of nil or of anything but a map
/// fails the render.
fn field_of_any(v: &MjValue, name: &str, at: &str) -> Result<MjValue, Error> {
    match v.kind() {
        ValueKind::Undefined => Ok(MjValue::UNDEFINED),
        ValueKind::Map => Ok(v.get_attr(name).unwrap_or_default()),
        ValueKind::None => Err(invalid(&format!(
            "executing at {at}: nil pointer evaluating interface {{}}.{name}"
        ))),
        _ => Err(invalid(&format!(
            "executing at {at}: can't evaluate field {name} in type interface {{}}"
        ))),
    }
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
        go_eq("eq", &a, &rest)
    });
    env.add_function("gt_ne", |a: MjValue, b: MjValue| {
        go_eq("ne", &a, &[b]).map(|equal| !equal)
    });
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

/// Whether Go's comparisons (`basicKind`) treat the kind as a basic one.
fn is_basic(kind: &str) -> bool {
    matches!(kind, "bool" | "int" | "float64" | "string")
}

/// A field the data lacks stands for its Go struct field's zero value: `gt <unset getter> 0`
/// is `gt 0 0`, `eq .Spec.Hostname ""` is true. Explicit nil (`nil`, a JSON null) stays nil.
fn zero_like(v: &MjValue, other: &MjValue) -> MjValue {
    if !v.is_undefined() {
        return v.clone();
    }
    match go_kind(other) {
        "int" => MjValue::from(0),
        "float64" => MjValue::from(0.0),
        "string" => MjValue::from(""),
        "bool" => MjValue::from(false),
        _ => MjValue::UNDEFINED,
    }
}

/// Go's `eq a b c...` (and `ne`): true when `a` equals one of the others. Operands of two
/// basic kinds fail (`incompatible types for comparison: float64 and int`) unless one is
/// nil; nil equals only nil; maps and lists have no `==` (`non-comparable type`).
fn go_eq(name: &str, a: &MjValue, others: &[MjValue]) -> Result<bool, Error> {
    if others.is_empty() {
        return Err(invalid(&format!(
            "error calling {name}: missing argument for comparison"
        )));
    }
    for b in others {
        let (a, b) = (zero_like(a, b), zero_like(b, a));
        let (ka, kb) = (go_kind(&a), go_kind(&b));
        let basic_kind = |k: &'static str| if is_basic(k) { k } else { "other" };
        let truth = if basic_kind(ka) != basic_kind(kb) {
            if ka != "invalid" && kb != "invalid" {
                return Err(invalid(&format!(
                    "error calling {name}: incompatible types for comparison: {} and {}",
                    go_type(&a),
                    go_type(&b)
                )));
            }
            false
        } else if is_basic(ka) {
            compare(&a, &b) == Some(Ordering::Equal)
        } else if ka == "invalid" || kb == "invalid" {
            ka == kb
        } else if ka != kb {
            return Err(invalid(&format!(
                "error calling {name}: non-comparable types {}: {}, {}: {}",
                strval(&a),
                go_type(&a),
                go_type(&b),
                strval(&b)
            )));
        } else if matches!(kb, "map" | "slice") {
            return Err(invalid(&format!(
                "error calling {name}: non-comparable type {}: {}",
                strval(&b),
                go_type(&b)
            )));
        } else {
            eq(&a, &b)
        };
        if truth {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Go's `lt` family: both operands of one ordered basic kind (integers, floats or strings),
/// else the execution error Go gives (`error calling gt: incompatible types for comparison:
/// float64 and int`: a float64 of the values against an integer literal, say). A field the
/// data lacks compares as its zero value ([`zero_like`]), and so does nil: a protobuf getter
/// of an unset message (`.ProxyConfig.Concurrency.GetValue`) gives its field's zero in Go.
fn ordered(name: &str, a: &MjValue, b: &MjValue) -> Result<Option<Ordering>, Error> {
    let missing = |v: &MjValue| {
        if v.is_none() {
            MjValue::UNDEFINED
        } else {
            v.clone()
        }
    };
    let (a, b) = (missing(a), missing(b));
    let (a, b) = (zero_like(&a, &b), zero_like(&b, &a));
    let (ka, kb) = (go_kind(&a), go_kind(&b));
    if !is_basic(ka) || !is_basic(kb) {
        return Err(invalid(&format!(
            "error calling {name}: invalid type for comparison"
        )));
    }
    if ka != kb {
        return Err(invalid(&format!(
            "error calling {name}: incompatible types for comparison: {} and {}",
            go_type(&a),
            go_type(&b)
        )));
    }
    if ka == "bool" {
        return Err(invalid(&format!(
            "error calling {name}: invalid type for comparison"
        )));
    }
    Ok(compare(&a, &b))
}

pub(super) fn register_lookups(env: &mut Environment<'static>) {
    env.add_function("gt_len", |v: MjValue| -> Result<usize, Error> {
        match v.kind() {
            ValueKind::String => Ok(v.as_str().map_or(0, str::len)),
            // A field the data lacks: a Go struct field's zero value (a nil list or map).
            ValueKind::Undefined => Ok(0),
            ValueKind::None => Err(invalid("error calling len: len of nil pointer")),
            ValueKind::Seq | ValueKind::Map => Ok(v.len().unwrap_or(0)),
            _ => Err(invalid(&format!(
                "error calling len: len of type {}",
                go_type(&v)
            ))),
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

/// Go's `index`: list and string positions (an integer within the length), map keys (a
/// string); a key a map lacks gives its zero value: "" for a map of strings (annotations,
/// labels), nothing for one of `.Values`. A field the data lacks is a nil map (""); nil,
/// a `.Values` key that is not there included, fails as Go's `index of untyped nil`.
fn index(base: &MjValue, keys: &[MjValue]) -> Result<MjValue, Error> {
    let fail = |m: String| Err(invalid(&format!("error calling index: {m}")));
    let mut cur = base.clone();
    if cur.is_none() {
        return fail("index of untyped nil".into());
    }
    for (n, k) in keys.iter().enumerate() {
        cur = match cur.kind() {
            ValueKind::Undefined if n == 0 => MjValue::from(""),
            // A map of `.Values` gave nil for a key before.
            ValueKind::Undefined | ValueKind::None => return fail("index of nil pointer".into()),
            ValueKind::Seq | ValueKind::String => {
                let i = match go_kind(k) {
                    "int" => int_arg(k)?,
                    "invalid" => return fail("cannot index slice/array with nil".into()),
                    _ => {
                        return fail(format!("cannot index slice/array with type {}", go_type(k)));
                    }
                };
                let (len, what) = match cur.as_str() {
                    Some(s) => (s.len() as i64, "string"),
                    None => (cur.len().unwrap_or(0) as i64, "slice"),
                };
                if i < 0 || i > len {
                    return fail(format!("index out of range: {i}"));
                }
                // Go checks the position against the length inclusively, then reflect
                // refuses the one past the end.
                if i == len {
                    return fail(format!("reflect: {what} index out of range"));
                }
                match cur.as_str() {
                    Some(s) => MjValue::from(s.as_bytes()[i as usize]),
                    None => cur.get_item(&MjValue::from(i))?,
                }
            }
            ValueKind::Map => {
                if k.kind() != ValueKind::String {
                    return fail(format!("value has type {}; should be string", go_type(k)));
                }
                let got = cur.get_item(k)?;
                if !got.is_undefined() {
                    got
                } else if cur.try_iter()?.all(|key| {
                    cur.get_item(&key)
                        .is_ok_and(|v| v.kind() == ValueKind::String)
                }) {
                    MjValue::from("")
                } else {
                    MjValue::UNDEFINED
                }
            }
            _ => return fail(format!("can't index item of type {}", go_type(&cur))),
        };
    }
    Ok(cur)
}
