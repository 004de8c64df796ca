//! Sprig's numbers: integer arithmetic on operands converted to int64 and float
//! arithmetic on float64, as Sprig converts them (spf13/cast: a string parses with Go's
//! base prefixes, a bool is 0 or 1, anything unreadable 0).

use crate::gotemplate::value::{invalid, strval, to_json};
use minijinja::value::{Rest, Value as MjValue};
use minijinja::{Environment, Error};
use serde_json::Value;

/// cast's `ToInt64`: floats truncated, `"0x1f"`/`"010"` read with their base, `"3.0"` 3.
pub fn to_int64(v: &MjValue) -> i64 {
    match to_json(v) {
        Value::Number(n) => n
            .as_i64()
            .unwrap_or_else(|| n.as_f64().unwrap_or(0.0) as i64),
        Value::Bool(b) => i64::from(b),
        Value::String(s) => parse_go_int(&trim_zero_decimal(&s)).unwrap_or(0),
        _ => 0,
    }
}

/// cast's `ToFloat64`.
pub fn to_float64(v: &MjValue) -> f64 {
    match to_json(v) {
        Value::Number(n) => n.as_f64().unwrap_or(0.0),
        Value::Bool(b) => f64::from(u8::from(b)),
        Value::String(s) => s.parse().unwrap_or(0.0),
        _ => 0.0,
    }
}

/// `"3.000"` → `"3"`, as cast trims a zero fraction before reading an integer.
fn trim_zero_decimal(s: &str) -> String {
    match s.split_once('.') {
        Some((int, frac)) if !frac.is_empty() && frac.bytes().all(|b| b == b'0') => int.to_string(),
        _ => s.to_string(),
    }
}

/// Go's `strconv.ParseInt(s, 0, 64)`: a sign, then `0x`, `0o`, `0b`, `0` prefixes, `_`
/// between digits.
fn parse_go_int(s: &str) -> Option<i64> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let lower = body.to_ascii_lowercase();
    let (radix, digits) = if let Some(r) = lower.strip_prefix("0x") {
        (16, r.to_string())
    } else if let Some(r) = lower.strip_prefix("0o") {
        (8, r.to_string())
    } else if let Some(r) = lower.strip_prefix("0b") {
        (2, r.to_string())
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, lower[1..].to_string())
    } else {
        (10, lower.clone())
    };
    if digits.is_empty() || (radix == 10 && digits.contains('_')) {
        return None;
    }
    let n = i128::from_str_radix(&digits.replace('_', ""), radix).ok()?;
    i64::try_from(if neg { -n } else { n }).ok()
}

/// A float64 as shopspring/decimal holds it: its shortest decimal digits, exactly.
fn decimal(f: f64) -> Option<(i128, u32)> {
    let text = format!("{f}");
    let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
    let mant: i128 = format!("{int}{frac}").parse().ok()?;
    Some((mant, u32::try_from(frac.len()).ok()?))
}

/// Decimal `+`, `-`, `*` of float64s (so `addf 0.1 0.2` is 0.3, not 0.30000000000000004),
/// falling back to float arithmetic beyond 38 digits; `/` as float64 (Sprig's decimal
/// division keeps 16 digits, more than a float64 shows).
fn decimal_op(a: f64, b: f64, op: char) -> f64 {
    let exact = || -> Option<f64> {
        let ((x, xs), (y, ys)) = (decimal(a)?, decimal(b)?);
        let scale = xs.max(ys);
        let up = |m: i128, s: u32| m.checked_mul(10i128.checked_pow(scale - s)?);
        let (m, s) = match op {
            '+' => (up(x, xs)?.checked_add(up(y, ys)?)?, scale),
            '-' => (up(x, xs)?.checked_sub(up(y, ys)?)?, scale),
            '*' => (x.checked_mul(y)?, xs + ys),
            _ => return None,
        };
        let digits = format!("{}", m.unsigned_abs());
        let s = s as usize;
        let padded = format!("{digits:0>width$}", width = s + 1);
        let (i, f) = padded.split_at(padded.len() - s);
        let sign = if m < 0 { "-" } else { "" };
        format!("{sign}{i}.{f}0").parse().ok()
    };
    exact().unwrap_or(match op {
        '+' => a + b,
        '-' => a - b,
        '*' => a * b,
        _ => a / b,
    })
}

fn fold_floats(first: f64, rest: &[MjValue], op: char) -> f64 {
    rest.iter()
        .fold(first, |acc, x| decimal_op(acc, to_float64(x), op))
}

/// Sprig's `round x places [roundOn]`.
fn round(x: MjValue, places: MjValue, round_on: Rest<MjValue>) -> f64 {
    let on = round_on.first().map_or(0.5, to_float64);
    let pow = 10f64.powf(to_float64(&places));
    let digit = pow * to_float64(&x);
    let r = if digit.fract() >= on {
        digit.ceil()
    } else {
        digit.floor()
    };
    r / pow
}

pub(super) fn register_numbers(env: &mut Environment<'static>) {
    env.add_function("gt_int", |v: MjValue| to_int64(&v));
    env.add_function("gt_int64", |v: MjValue| to_int64(&v));
    env.add_function("gt_float64", |v: MjValue| to_float64(&v));
    env.add_function("gt_atoi", |s: MjValue| {
        strval(&s).parse::<i64>().unwrap_or(0)
    });
    // Octal text to its value (`toDecimal "0777"` is 511).
    env.add_function("gt_toDecimal", |v: MjValue| {
        let s = strval(&v);
        let body = s.strip_prefix('+').unwrap_or(&s);
        i64::from_str_radix(body, 8).unwrap_or(0)
    });
    env.add_function("gt_add", |args: Rest<MjValue>| {
        args.iter()
            .fold(0i64, |acc, a| acc.wrapping_add(to_int64(a)))
    });
    env.add_function("gt_add1", |a: MjValue| to_int64(&a).wrapping_add(1));
    env.add_function("gt_sub", |a: MjValue, b: MjValue| {
        to_int64(&a).wrapping_sub(to_int64(&b))
    });
    env.add_function("gt_mul", |a: MjValue, rest: Rest<MjValue>| {
        rest.iter()
            .fold(to_int64(&a), |acc, b| acc.wrapping_mul(to_int64(b)))
    });
    env.add_function("gt_div", by_nonzero(i64::wrapping_div));
    env.add_function("gt_mod", by_nonzero(i64::wrapping_rem));
    for name in ["gt_max", "gt_biggest"] {
        env.add_function(name, |a: MjValue, rest: Rest<MjValue>| {
            rest.iter().map(to_int64).fold(to_int64(&a), i64::max)
        });
    }
    env.add_function("gt_min", |a: MjValue, rest: Rest<MjValue>| {
        rest.iter().map(to_int64).fold(to_int64(&a), i64::min)
    });
    env.add_function("gt_maxf", |a: MjValue, rest: Rest<MjValue>| {
        rest.iter().map(to_float64).fold(to_float64(&a), f64::max)
    });
    env.add_function("gt_minf", |a: MjValue, rest: Rest<MjValue>| {
        rest.iter().map(to_float64).fold(to_float64(&a), f64::min)
    });
    env.add_function("gt_add1f", |a: MjValue| {
        decimal_op(to_float64(&a), 1.0, '+')
    });
    env.add_function("gt_addf", |args: Rest<MjValue>| {
        fold_floats(0.0, &args, '+')
    });
    env.add_function("gt_subf", |a: MjValue, rest: Rest<MjValue>| {
        fold_floats(to_float64(&a), &rest, '-')
    });
    env.add_function("gt_mulf", |a: MjValue, rest: Rest<MjValue>| {
        fold_floats(to_float64(&a), &rest, '*')
    });
    env.add_function(
        "gt_divf",
        |a: MjValue, rest: Rest<MjValue>| -> Result<f64, Error> {
            if rest.iter().any(|x| to_float64(x) == 0.0) {
                return Err(invalid("decimal division by 0"));
            }
            Ok(fold_floats(to_float64(&a), &rest, '/'))
        },
    );
    env.add_function("gt_floor", |a: MjValue| to_float64(&a).floor());
    env.add_function("gt_ceil", |a: MjValue| to_float64(&a).ceil());
    env.add_function("gt_round", round);
}

/// An integer division, failing the render where Go panics (a zero divisor) and wrapping
/// where Go wraps (the smallest integer by -1).
fn by_nonzero(
    op: fn(i64, i64) -> i64,
) -> impl Fn(MjValue, MjValue) -> Result<i64, Error> + Send + Sync + 'static {
    move |a: MjValue, b: MjValue| match to_int64(&b) {
        0 => Err(invalid("runtime error: integer divide by zero")),
        b => Ok(op(to_int64(&a), b)),
    }
}
