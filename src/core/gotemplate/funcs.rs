//! Go's builtin functions for translated templates (`and`, `eq`, `index`, `printf`, ...),
//! over Go's semantics of values (`value`). Each Go function `f` is registered as `gt_f`;
//! Sprig's and Istio's are in `library`.

use super::value::{compare, eq, field, int_arg, invalid, print, strval, to_json, truth};
use crate::core::compat::gofmt;
use minijinja::value::{Rest, Value as MjValue, ValueKind};
use minijinja::{Environment, Error};
use serde_json::Value;

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
            'd' => match to_json(arg) {
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
                match to_json(arg) {
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
            _ => return Err(invalid(&format!("can't index item of type {}", cur.kind()))),
        };
    }
    Ok(cur)
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
                    return Err(invalid(&format!(
                        "range over {n}: more than the {MAX_RANGE_COUNT} iterations needle allows"
                    )));
                }
                (0..n)
                    .map(|i| MjValue::from(vec![MjValue::from(i), MjValue::from(i)]))
                    .collect()
            }
            ValueKind::Number => {
                return Err(invalid(&format!("range can't iterate over {}", print(&v))));
            }
            other => return Err(invalid(&format!("range can't iterate over {other}"))),
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
            _ => v
                .len()
                .ok_or_else(|| invalid(&format!("len of {}", v.kind()))),
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
