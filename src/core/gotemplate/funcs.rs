//! Go semantics for translated templates: printing, truthiness, field access, comparison,
//! and Go's builtin functions (`and`, `eq`, `index`, `printf`, ...). Each Go function `f` is
//! registered as `gt_f`; Sprig's and Istio's are in `library`.

use crate::core::compat::gofmt;
use minijinja::value::{Rest, Value as MjValue, ValueKind};
use minijinja::{Environment, Error, ErrorKind};
use serde_json::{Map, Value};

/// The Go function names a template may call.
pub const FUNCTIONS: &[&str] = &[
    "and",
    "annotation",
    "append",
    "appendMultusNetwork",
    "applicationPorts",
    "contains",
    "default",
    "dict",
    "directory",
    "empty",
    "env",
    "eq",
    "excludeInboundPort",
    "excludeInterfaces",
    "formatDuration",
    "fromJSON",
    "ge",
    "gt",
    "hasKey",
    "hasPrefix",
    "hasSuffix",
    "includeInboundPorts",
    "indent",
    "index",
    "isset",
    "join",
    "kubevirtInterfaces",
    "le",
    "len",
    "list",
    "lower",
    "lt",
    "mergeMaps",
    "ne",
    "nindent",
    "not",
    "omit",
    "omitNil",
    "or",
    "otelResourceAttributes",
    "print",
    "printf",
    "println",
    "protoToJSON",
    "quote",
    "replace",
    "strdict",
    "structToJSON",
    "toJSON",
    "toJsonMap",
    "toLower",
    "toString",
    "toUpper",
    "toYaml",
    "trim",
    "trimAll",
    "trimPrefix",
    "trimSuffix",
    "trunc",
    "upper",
    "valueOrDefault",
    // More of Sprig, for users' templates.
    "add",
    "b64dec",
    "b64enc",
    "coalesce",
    "div",
    "fail",
    "first",
    "has",
    "int",
    "int64",
    "keys",
    "last",
    "mod",
    "mul",
    "regexMatch",
    "regexReplaceAll",
    "repeat",
    "required",
    "splitList",
    "sub",
    "ternary",
    "toJson",
];

pub(super) fn j(v: &MjValue) -> Value {
    if v.is_undefined() || v.is_none() {
        return Value::Null;
    }
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// The values as Go decodes JSON into `any`: every number a float64.
pub fn go_floats(v: &Value) -> Value {
    match v {
        Value::Number(n) => n
            .as_f64()
            .and_then(serde_json::Number::from_f64)
            .map_or_else(|| v.clone(), Value::Number),
        Value::Array(a) => Value::Array(a.iter().map(go_floats).collect()),
        Value::Object(m) => {
            Value::Object(m.iter().map(|(k, x)| (k.clone(), go_floats(x))).collect())
        }
        other => other.clone(),
    }
}

/// Go's `fmt.Sprint`: float64 numbers (from values) as `%v` prints them, integers (typed
/// struct fields) as integers.
pub fn sprint(v: &Value) -> String {
    gofmt::sprint_as(v, gofmt::Numbers::IntOrFloat64)
}

/// `json.Marshal`: floats without a fraction print as integers, map keys sorted.
pub(super) fn go_json(v: &Value) -> String {
    fn ints(v: &Value) -> Value {
        match v {
            Value::Number(n) if n.is_f64() => {
                let f = n.as_f64().unwrap_or(0.0);
                if f.fract() == 0.0 && f.abs() < 1e15 {
                    Value::from(f as i64)
                } else {
                    v.clone()
                }
            }
            Value::Array(a) => Value::Array(a.iter().map(ints).collect()),
            Value::Object(m) => {
                let sorted: std::collections::BTreeMap<&String, Value> =
                    m.iter().map(|(k, x)| (k, ints(x))).collect();
                Value::Object(sorted.into_iter().map(|(k, x)| (k.clone(), x)).collect())
            }
            other => other.clone(),
        }
    }
    serde_json::to_string(&ints(v)).unwrap_or_else(|_| "{}".into())
}

pub(super) fn mj(v: Value) -> MjValue {
    MjValue::from(minijinja::value::Serde(v))
}

/// Go truthiness of a template value; a missing value is false.
pub fn truth(v: &MjValue) -> bool {
    match v.kind() {
        ValueKind::Undefined | ValueKind::None => false,
        ValueKind::Seq | ValueKind::Map => v.len().unwrap_or(0) > 0,
        ValueKind::Number => v.as_i64().map_or_else(
            || f64::try_from(v.clone()).is_ok_and(|f| f != 0.0),
            |i| i != 0,
        ),
        _ => v.is_true(),
    }
}

/// Go's `fmt.Sprint` of one value; a missing value prints `<no value>`.
pub fn print(v: &MjValue) -> String {
    if v.is_undefined() {
        return "<no value>".to_string();
    }
    if let Some(s) = v.as_str() {
        return s.to_string();
    }
    sprint(&j(v))
}

/// `strval` of Sprig: strings as they are, everything else as `%v`.
pub(super) fn strval(v: &MjValue) -> String {
    if v.is_undefined() {
        return "<nil>".to_string();
    }
    print(v)
}

/// Go's lowerCamel JSON name of an exported struct field (`APIVersion` → `apiVersion`).
pub fn json_name(field: &str) -> String {
    let chars: Vec<char> = field.chars().collect();
    let upper = chars.iter().take_while(|c| c.is_uppercase()).count();
    let cut = match upper {
        0 => return field.to_string(),
        n if n == chars.len() => n,
        1 => 1,
        n => n - 1,
    };
    let mut out: String = chars[..cut].iter().collect::<String>().to_lowercase();
    out.extend(&chars[cut..]);
    out
}

/// Field access: the map key as written, else the struct field's JSON name; `String` and
/// `GetX` method calls of protobuf values.
pub fn field(v: &MjValue, name: &str) -> MjValue {
    if v.kind() == ValueKind::Map {
        let got = v.get_attr(name).unwrap_or_default();
        if !got.is_undefined() {
            return got;
        }
        let alt = json_name(name);
        if alt != name {
            let got = v.get_attr(&alt).unwrap_or_default();
            if !got.is_undefined() {
                return got;
            }
        }
        if let Some(rest) = name.strip_prefix("Get").filter(|r| !r.is_empty()) {
            let got = v.get_attr(&json_name(rest)).unwrap_or_default();
            return if got.is_undefined() {
                MjValue::from(())
            } else {
                got
            };
        }
        return MjValue::UNDEFINED;
    }
    if name == "String" || (name.starts_with("Get") && name.len() > 3) {
        return if v.is_undefined() {
            MjValue::from(())
        } else {
            v.clone()
        };
    }
    MjValue::UNDEFINED
}

pub(super) fn compare(a: &MjValue, b: &MjValue) -> Option<std::cmp::Ordering> {
    // A field missing from the data stands for a Go struct field's zero value.
    let zero = |v: &Value| !gofmt::truthy(v) && !v.is_array() && !v.is_object();
    if a.is_undefined() || b.is_undefined() {
        let other = if a.is_undefined() { j(b) } else { j(a) };
        return zero(&other).then_some(std::cmp::Ordering::Equal);
    }
    match (j(a), j(b)) {
        (Value::Number(x), Value::Number(y)) => x.as_f64()?.partial_cmp(&y.as_f64()?),
        (Value::String(x), Value::String(y)) => Some(x.cmp(&y)),
        (Value::Bool(x), Value::Bool(y)) => Some(x.cmp(&y)),
        (Value::Null, Value::Null) => Some(std::cmp::Ordering::Equal),
        (x, y) if x == y => Some(std::cmp::Ordering::Equal),
        _ => None,
    }
}

pub(super) fn eq(a: &MjValue, b: &MjValue) -> bool {
    compare(a, b) == Some(std::cmp::Ordering::Equal)
}

pub(super) fn int_arg(v: &MjValue) -> Result<i64, Error> {
    match j(v) {
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().map(|f| f as i64))
            .ok_or_else(|| bad("expected an integer")),
        Value::String(s) => s.trim().parse().map_err(|_| bad("expected an integer")),
        _ => Err(bad("expected an integer")),
    }
}

pub(super) fn bad(m: &str) -> Error {
    Error::new(ErrorKind::InvalidOperation, m.to_string())
}

/// Go's `strconv.Quote` (what `%q` and Sprig `quote` print).
pub fn go_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Istio's `indent`: every line but the first gets the padding.
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

/// Go's `fmt.Sprintf` for the verbs templates use (`%s %v %d %t %q %f %%`).
pub fn sprintf(format: &str, args: &[MjValue]) -> String {
    let mut out = String::new();
    let mut args = args.iter();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut spec = String::new();
        while let Some(&d) = chars.peek() {
            if d.is_ascii_digit() || d == '.' || d == '-' || d == '+' {
                spec.push(d);
                chars.next();
            } else {
                break;
            }
        }
        let Some(verb) = chars.next() else {
            out.push_str("%!(NOVERB)");
            break;
        };
        if verb == '%' {
            out.push('%');
            continue;
        }
        let Some(arg) = args.next() else {
            out.push_str(&format!("%!{verb}(MISSING)"));
            continue;
        };
        let text = match verb {
            'q' => go_quote(&strval(arg)),
            'd' => match j(arg) {
                Value::Number(n) => n.as_i64().map(|i| i.to_string()).unwrap_or_else(|| {
                    format!("%!d(float64={})", gofmt::sprint(&Value::Number(n)))
                }),
                other => format!("%!d({})", gofmt::sprint(&other)),
            },
            'f' => {
                let prec = spec
                    .split_once('.')
                    .and_then(|(_, p)| p.parse().ok())
                    .unwrap_or(6);
                match j(arg) {
                    Value::Number(n) => format!("{:.*}", prec, n.as_f64().unwrap_or(0.0)),
                    other => format!("%!f({})", gofmt::sprint(&other)),
                }
            }
            _ => strval(arg),
        };
        let width: usize = spec
            .trim_start_matches(['-', '+'])
            .split('.')
            .next()
            .and_then(|w| w.parse().ok())
            .unwrap_or(0);
        let fill = width.saturating_sub(text.chars().count());
        if spec.starts_with('-') {
            out.push_str(&text);
            out.push_str(&" ".repeat(fill));
        } else {
            out.push_str(&" ".repeat(fill));
            out.push_str(&text);
        }
    }
    let extra: Vec<String> = args.map(strval).collect();
    if !extra.is_empty() {
        out.push_str(&format!("%!(EXTRA {})", extra.join(", ")));
    }
    out
}

/// `index`: map keys and list positions; a key a string map lacks gives "".
pub(super) fn index(base: &MjValue, keys: &[MjValue]) -> Result<MjValue, Error> {
    let mut cur = base.clone();
    for k in keys {
        cur = match cur.kind() {
            ValueKind::Undefined | ValueKind::None => MjValue::from(""),
            ValueKind::Seq => {
                let i = int_arg(k)?;
                let len = cur.len().unwrap_or(0) as i64;
                if i < 0 || i >= len {
                    return Err(bad(&format!("index out of range: {i}")));
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
            _ => return Err(bad(&format!("can't index item of type {}", cur.kind()))),
        };
    }
    Ok(cur)
}

pub(super) fn string_map(v: &MjValue) -> Map<String, Value> {
    match j(v) {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// The most iterations `range N` over an integer may ask for.
const MAX_RANGE_COUNT: i64 = 1_000;

pub fn register(env: &mut Environment<'static>) {
    env.add_function("gt_out", |v: MjValue| print(&v));
    env.add_function("gt_truth", |v: MjValue| truth(&v));
    env.add_function("gt_field", |v: MjValue, names: Rest<String>| {
        names.iter().fold(v, |cur, n| field(&cur, n))
    });
    env.add_function("gt_range", |v: MjValue| -> Result<MjValue, Error> {
        let pairs: Vec<MjValue> = match v.kind() {
            ValueKind::Undefined | ValueKind::None => vec![],
            ValueKind::Seq => v
                .try_iter()?
                .enumerate()
                .map(|(i, x)| MjValue::from(vec![MjValue::from(i), x]))
                .collect(),
            ValueKind::Map => {
                let mut keys: Vec<MjValue> = v.try_iter()?.collect();
                keys.sort_by_key(print);
                keys.into_iter()
                    .map(|k| {
                        let x = v.get_item(&k).unwrap_or_default();
                        MjValue::from(vec![k, x])
                    })
                    .collect()
            }
            // Go ranges over an integer (`range 3`), not a float, and every number from JSON
            // (values, `fromJSON`) is a float64 in Go; a huge count is refused, not allocated.
            ValueKind::Number if v.is_integer() => {
                let n = int_arg(&v)?.max(0);
                if n > MAX_RANGE_COUNT {
                    return Err(bad(&format!(
                        "range over {n}: more than the {MAX_RANGE_COUNT} iterations needle allows"
                    )));
                }
                (0..n)
                    .map(|i| MjValue::from(vec![MjValue::from(i), MjValue::from(i)]))
                    .collect()
            }
            ValueKind::Number => {
                return Err(bad(&format!("range can't iterate over {}", print(&v))));
            }
            other => return Err(bad(&format!("range can't iterate over {other}"))),
        };
        Ok(MjValue::from(pairs))
    });
    env.add_function("gt_and", |args: Rest<MjValue>| {
        for a in args.iter() {
            if !truth(a) {
                return a.clone();
            }
        }
        args.last().cloned().unwrap_or_default()
    });
    env.add_function("gt_or", |args: Rest<MjValue>| {
        for a in args.iter() {
            if truth(a) {
                return a.clone();
            }
        }
        args.last().cloned().unwrap_or_default()
    });
    env.add_function("gt_not", |v: MjValue| !truth(&v));
    env.add_function("gt_eq", |a: MjValue, rest: Rest<MjValue>| {
        rest.iter().any(|b| eq(&a, b))
    });
    env.add_function("gt_ne", |a: MjValue, b: MjValue| !eq(&a, &b));
    env.add_function("gt_lt", |a: MjValue, b: MjValue| {
        compare(&a, &b) == Some(std::cmp::Ordering::Less)
    });
    env.add_function("gt_le", |a: MjValue, b: MjValue| {
        compare(&a, &b).is_some_and(|o| o.is_le())
    });
    env.add_function("gt_gt", |a: MjValue, b: MjValue| {
        compare(&a, &b) == Some(std::cmp::Ordering::Greater)
    });
    env.add_function("gt_ge", |a: MjValue, b: MjValue| {
        compare(&a, &b).is_some_and(|o| o.is_ge())
    });
    env.add_function("gt_len", |v: MjValue| -> Result<usize, Error> {
        match v.kind() {
            ValueKind::String => Ok(v.as_str().map_or(0, str::len)),
            ValueKind::Undefined | ValueKind::None => Ok(0),
            _ => v.len().ok_or_else(|| bad(&format!("len of {}", v.kind()))),
        }
    });
    env.add_function("gt_index", |v: MjValue, keys: Rest<MjValue>| {
        index(&v, &keys)
    });
    env.add_function("gt_printf", |f: String, args: Rest<MjValue>| {
        sprintf(&f, &args)
    });
    env.add_function("gt_print", |args: Rest<MjValue>| {
        let mut out = String::new();
        for (i, a) in args.iter().enumerate() {
            let is_str = |v: &MjValue| v.kind() == ValueKind::String;
            if i > 0 && !is_str(a) && !is_str(&args[i - 1]) {
                out.push(' ');
            }
            out.push_str(&strval(a));
        }
        out
    });
    env.add_function("gt_println", |args: Rest<MjValue>| {
        let parts: Vec<String> = args.iter().map(strval).collect();
        format!("{}\n", parts.join(" "))
    });
    super::library::register(env);
}
