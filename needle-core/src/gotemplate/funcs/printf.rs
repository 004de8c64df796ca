//! Go's `fmt.Sprintf` for the verbs templates use, and `strconv.Quote`.

use crate::compat::gofmt;
use crate::compat::gofmt::go_quote;
use crate::gotemplate::value::{go_type, strval, to_json};
use minijinja::value::Value as MjValue;
use serde_json::Value;

/// Go's `fmt.Sprintf` for the verbs templates use (`%s %v %d %t %q %f %x %X %o %b %T %%`),
/// with width, precision, `-` and `0`; Go's `%!` texts for a wrong, missing or extra operand.
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
            if !(d.is_ascii_digit() || d == '.' || d == '-' || d == '+') {
                break;
            }
            spec.push(d);
            chars.next();
        }
        let Some(verb) = chars.next() else {
            out.push_str("%!(NOVERB)");
            break;
        };
        if verb == '%' {
            out.push('%');
            continue;
        }
        match args.next() {
            Some(arg) => pad(&mut out, &spec, &format_verb(verb, &spec, arg)),
            None => out.push_str(&format!("%!{verb}(MISSING)")),
        }
    }
    let extra: Vec<String> = args.map(strval).collect();
    if !extra.is_empty() {
        out.push_str(&format!("%!(EXTRA {})", extra.join(", ")));
    }
    out
}

/// One operand as `%<spec><verb>` prints it, before padding to the width.
fn format_verb(verb: char, spec: &str, arg: &MjValue) -> String {
    match verb {
        'q' => go_quote(&strval(arg)),
        'd' => match to_json(arg) {
            Value::Number(n) => n
                .as_i64()
                .map(|i| i.to_string())
                .unwrap_or_else(|| format!("%!d(float64={})", gofmt::sprint(&Value::Number(n)))),
            other => format!("%!d({})", gofmt::sprint(&other)),
        },
        'f' => {
            let precision = spec
                .split_once('.')
                .and_then(|(_, p)| p.parse().ok())
                .unwrap_or(6);
            match to_json(arg) {
                Value::Number(n) => format!("{:.*}", precision, n.as_f64().unwrap_or(0.0)),
                other => format!("%!f({})", gofmt::sprint(&other)),
            }
        }
        'x' | 'X' | 'o' | 'b' => match to_json(arg) {
            Value::Number(n) if n.is_i64() => {
                let i = n.as_i64().unwrap_or(0);
                let magnitude = match verb {
                    'x' => format!("{:x}", i.unsigned_abs()),
                    'X' => format!("{:X}", i.unsigned_abs()),
                    'o' => format!("{:o}", i.unsigned_abs()),
                    _ => format!("{:b}", i.unsigned_abs()),
                };
                if i < 0 {
                    format!("-{magnitude}")
                } else {
                    magnitude
                }
            }
            // Go prints a string's bytes in hex for `%x` and `%X`.
            Value::String(t) if verb == 'x' => t.bytes().map(|b| format!("{b:02x}")).collect(),
            Value::String(t) if verb == 'X' => t.bytes().map(|b| format!("{b:02X}")).collect(),
            other => format!("%!{verb}({})", gofmt::sprint(&other)),
        },
        'T' => go_type(arg).to_string(),
        _ => strval(arg),
    }
}

/// `text` padded with spaces to the spec's width, on the right for `-`.
fn pad(out: &mut String, spec: &str, text: &str) {
    let width: usize = spec
        .trim_start_matches(['-', '+'])
        .split('.')
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or(0);
    let missing = width.saturating_sub(text.chars().count());
    // The `0` flag pads with zeros after the sign; `-` (padding on the right) overrides it.
    if spec.starts_with('0') && !spec.contains('-') {
        let (sign, digits) = match text.strip_prefix(['-', '+']) {
            Some(rest) => text.split_at(text.len() - rest.len()),
            None => ("", text),
        };
        out.push_str(sign);
        out.push_str(&"0".repeat(missing));
        out.push_str(digits);
        return;
    }
    let fill = " ".repeat(missing);
    if spec.starts_with('-') {
        out.push_str(text);
        out.push_str(&fill);
    } else {
        out.push_str(&fill);
        out.push_str(text);
    }
}
