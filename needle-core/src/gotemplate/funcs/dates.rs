//! Sprig's dates: a Go `time.Time` value (`now`, `toDate`, `dateModify`) and the functions
//! that print and measure it (`date`, `dateInZone`, `htmlDate`, `unixEpoch`, `ago`,
//! `duration`, `durationRound`), with Go's layouts (`2006-01-02T15:04:05Z07:00`).
//! Times are in UTC: "Local" is UTC (needle's containers run in UTC) and a zone name other
//! than `UTC`/`Local` fails the render, as needle carries no time zone database.

use crate::compat::civil::{civil_from_days, days_from_civil};
use crate::compat::gofmt::{format_go_duration, parse_go_duration};
use crate::gotemplate::value::{invalid, strval, to_json};
use minijinja::value::{Object, ObjectRepr, Value as MjValue};
use minijinja::{Environment, Error, State};
use serde_json::Value;
use std::fmt;
use std::sync::Arc;

/// A Go `time.Time`: nanoseconds since the Unix epoch, in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoTime(pub i128);

impl Object for GoTime {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Plain
    }

    /// Go's methods of a time that take no argument (`{{ now.Year }}`); `Month` and
    /// `Weekday` as they print.
    fn get_value(self: &Arc<Self>, key: &MjValue) -> Option<MjValue> {
        let t = **self;
        let num = |layout: &str| {
            format(t, layout)
                .trim()
                .parse::<i64>()
                .ok()
                .map(MjValue::from)
        };
        match key.as_str()? {
            "Year" => num("2006"),
            "Day" => num("2"),
            "Hour" => num("15"),
            "Minute" => num("4"),
            "Second" => num("5"),
            "YearDay" => num("002"),
            "Nanosecond" => Some(MjValue::from(t.0.rem_euclid(NANOS) as i64)),
            "Unix" => Some(MjValue::from(t.0.div_euclid(NANOS) as i64)),
            "UnixMilli" => Some(MjValue::from(t.0.div_euclid(1_000_000) as i64)),
            "UnixNano" => Some(MjValue::from(t.0 as i64)),
            "Month" => Some(MjValue::from(format(t, "January"))),
            "Weekday" => Some(MjValue::from(format(t, "Monday"))),
            "UTC" | "Local" => Some(time_value(t)),
            "String" => Some(MjValue::from(format(t, STRING_LAYOUT))),
            _ => None,
        }
    }

    /// Go's `Time.String`.
    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format(**self, STRING_LAYOUT))
    }
}

/// The layout of Go's `Time.String`.
const STRING_LAYOUT: &str = "2006-01-02 15:04:05.999999999 -0700 MST";

const NANOS: i128 = 1_000_000_000;
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// Now, as the host gives it: the template data's `now` (Unix nanoseconds), read by the
/// adapter when the admission began, so a render reads no clock itself; the Unix epoch when the
/// data has none.
fn now(state: &State) -> GoTime {
    crate::volatile::mark();
    let nanos = state.lookup("now").and_then(|v| v.as_i64()).unwrap_or(0);
    GoTime(i128::from(nanos))
}

/// The layout's elements, longest first where one is a prefix of another.
const TOKENS: &[&str] = &[
    "January",
    "Monday",
    "2006",
    "-07:00:00",
    "-070000",
    "-07:00",
    "-0700",
    "Z07:00:00",
    "Z070000",
    "Z07:00",
    "Z0700",
    "Jan",
    "Mon",
    "MST",
    "002",
    "_2",
    "01",
    "02",
    "03",
    "04",
    "05",
    "06",
    "15",
    "-07",
    "Z07",
    "PM",
    "pm",
    "1",
    "2",
    "3",
    "4",
    "5",
];

/// The next layout element at the start of `s`: a token, a fraction (`.000`, `,999`), or
/// one literal character.
fn next_token(s: &str) -> (&str, bool) {
    let b = s.as_bytes();
    if (b[0] == b'.' || b[0] == b',') && b.len() > 1 && (b[1] == b'0' || b[1] == b'9') {
        let n = 1 + b[1..].iter().take_while(|&&c| c == b[1]).count();
        if !b.get(n).is_some_and(u8::is_ascii_digit) {
            return (&s[..n], true);
        }
    }
    for t in TOKENS {
        if s.starts_with(t) {
            // `Jan`/`Mon` only where a lower-case letter does not follow.
            let next = s.as_bytes().get(t.len());
            if (*t == "Jan" || *t == "Mon") && next.is_some_and(u8::is_ascii_lowercase) {
                continue;
            }
            return (&s[..t.len()], true);
        }
    }
    let len = s.chars().next().map_or(1, char::len_utf8);
    (&s[..len], false)
}

/// Go's `Time.Format` in UTC.
pub fn format(t: GoTime, layout: &str) -> String {
    let secs = t.0.div_euclid(NANOS) as i64;
    let nanos = t.0.rem_euclid(NANOS) as i64;
    let days = secs.div_euclid(86_400);
    let sod = secs.rem_euclid(86_400);
    let (y, mo, d) = civil_from_days(days);
    let (h, mi, s) = (sod / 3600, sod % 3600 / 60, sod % 60);
    let yday = days - days_from_civil(y, 1, 1) + 1;
    let wday = (days + 4).rem_euclid(7) as usize;
    let h12 = if h % 12 == 0 { 12 } else { h % 12 };
    let mut out = String::new();
    let mut rest = layout;
    while !rest.is_empty() {
        let (tok, special) = next_token(rest);
        rest = &rest[tok.len()..];
        if !special {
            out += tok;
            continue;
        }
        out += &match tok {
            "2006" => format!("{y:04}"),
            "06" => format!("{:02}", y.rem_euclid(100)),
            "January" => MONTHS[mo as usize - 1].to_string(),
            "Jan" => MONTHS[mo as usize - 1][..3].to_string(),
            "01" => format!("{mo:02}"),
            "1" => mo.to_string(),
            "Monday" => DAYS[wday].to_string(),
            "Mon" => DAYS[wday][..3].to_string(),
            "02" => format!("{d:02}"),
            "_2" => format!("{d:>2}"),
            "2" => d.to_string(),
            "002" => format!("{yday:03}"),
            "15" => format!("{h:02}"),
            "03" => format!("{h12:02}"),
            "3" => h12.to_string(),
            "04" => format!("{mi:02}"),
            "4" => mi.to_string(),
            "05" => format!("{s:02}"),
            "5" => s.to_string(),
            "PM" => (if h >= 12 { "PM" } else { "AM" }).to_string(),
            "pm" => (if h >= 12 { "pm" } else { "am" }).to_string(),
            "MST" => "UTC".to_string(),
            t if t.starts_with('Z') => "Z".to_string(),
            "-07" => "+00".to_string(),
            "-0700" => "+0000".to_string(),
            "-07:00" => "+00:00".to_string(),
            "-070000" => "+000000".to_string(),
            "-07:00:00" => "+00:00:00".to_string(),
            frac => {
                // Go shows at most nanoseconds, nine digits.
                let digits = &format!("{nanos:09}")[..(frac.len() - 1).min(9)];
                if frac.as_bytes()[1] == b'9' {
                    let trimmed = digits.trim_end_matches('0');
                    if trimmed.is_empty() {
                        String::new()
                    } else {
                        format!("{}{trimmed}", &frac[..1])
                    }
                } else {
                    format!("{}{digits}", &frac[..1])
                }
            }
        };
    }
    out
}

/// Go's `time.Parse` of the layout's numeric and name elements, in UTC.
fn parse(layout: &str, text: &str) -> Result<GoTime, Error> {
    let bad = || {
        invalid(&format!(
            "parsing time {text:?} as {layout:?}: cannot parse"
        ))
    };
    let (mut y, mut mo, mut d, mut h, mut mi, mut s, mut ns, mut pm) =
        (1i64, 1i64, 1i64, 0i64, 0i64, 0i64, 0i64, None);
    let mut offset = 0i64;
    let (mut l, mut v) = (layout, text);
    let take = |v: &mut &str, min: usize, max: usize| -> Option<i64> {
        let n = v.bytes().take(max).take_while(u8::is_ascii_digit).count();
        if n < min {
            return None;
        }
        let out = v[..n].parse().ok();
        *v = &v[n..];
        out
    };
    while !l.is_empty() {
        let (tok, special) = next_token(l);
        l = &l[tok.len()..];
        if !special {
            v = v.strip_prefix(tok).ok_or_else(bad)?;
            continue;
        }
        match tok {
            "2006" => y = take(&mut v, 4, 4).ok_or_else(bad)?,
            "06" => {
                y = 1900
                    + take(&mut v, 2, 2)
                        .map(|x| if x < 69 { x + 100 } else { x })
                        .ok_or_else(bad)?
            }
            "01" | "1" => mo = take(&mut v, tok.len(), 2).ok_or_else(bad)?,
            "02" | "2" | "_2" => {
                v = v.trim_start_matches(' ');
                d = take(&mut v, 1, 2).ok_or_else(bad)?;
            }
            "15" | "03" | "3" => h = take(&mut v, 1, 2).ok_or_else(bad)?,
            "04" | "4" => mi = take(&mut v, 1, 2).ok_or_else(bad)?,
            "05" | "5" => {
                s = take(&mut v, 1, 2).ok_or_else(bad)?;
                // Go reads a fraction after the seconds even when the layout has none.
                if let Some(frac) = v
                    .strip_prefix('.')
                    .filter(|f| f.starts_with(|c: char| c.is_ascii_digit()))
                {
                    let n = frac.bytes().take_while(u8::is_ascii_digit).count();
                    if !l.starts_with(['.', ',']) {
                        ns = format!("{:0<9}", &frac[..n.min(9)]).parse().unwrap_or(0);
                        v = &frac[n..];
                    }
                }
            }
            "PM" | "pm" => {
                let word = v.get(..2).ok_or_else(bad)?.to_ascii_uppercase();
                pm = Some(word == "PM");
                v = &v[2..];
            }
            "January" | "Jan" | "Monday" | "Mon" => {
                let names: Vec<String> = if tok.starts_with('J') {
                    MONTHS
                        .iter()
                        .map(|m| {
                            if tok == "Jan" {
                                m[..3].to_string()
                            } else {
                                m.to_string()
                            }
                        })
                        .collect()
                } else {
                    DAYS.iter()
                        .map(|m| {
                            if tok == "Mon" {
                                m[..3].to_string()
                            } else {
                                m.to_string()
                            }
                        })
                        .collect()
                };
                let i = names
                    .iter()
                    .position(|n| v.starts_with(n.as_str()))
                    .ok_or_else(bad)?;
                v = &v[names[i].len()..];
                if tok.starts_with('J') {
                    mo = i as i64 + 1;
                }
            }
            "MST" => {
                let n = v.bytes().take_while(u8::is_ascii_uppercase).count();
                if n < 3 {
                    return Err(bad());
                }
                v = &v[n..];
            }
            "002" => {
                take(&mut v, 3, 3).ok_or_else(bad)?;
            }
            z if z.starts_with('Z') || z.starts_with('-') => {
                if z.starts_with('Z') && v.starts_with('Z') {
                    v = &v[1..];
                    continue;
                }
                let sign = match v.as_bytes().first() {
                    Some(b'+') => 1,
                    Some(b'-') => -1,
                    _ => return Err(bad()),
                };
                v = &v[1..];
                let oh = take(&mut v, 2, 2).ok_or_else(bad)?;
                let mut om = 0;
                if z.len() > 3 {
                    if z.contains(':') {
                        v = v.strip_prefix(':').ok_or_else(bad)?;
                    }
                    om = take(&mut v, 2, 2).ok_or_else(bad)?;
                }
                offset = sign * (oh * 3600 + om * 60);
            }
            frac => {
                let digits = v.strip_prefix(&frac[..1]);
                if let Some(f) = digits {
                    let n = f.bytes().take_while(u8::is_ascii_digit).count();
                    ns = format!("{:0<9}", &f[..n.min(9)]).parse().unwrap_or(0);
                    v = &f[n..];
                } else if frac.as_bytes()[1] == b'0' {
                    return Err(bad());
                }
            }
        }
    }
    if !v.is_empty() {
        return Err(invalid(&format!(
            "parsing time {text:?} as {layout:?}: extra text: {v:?}"
        )));
    }
    match pm {
        Some(true) if h < 12 => h += 12,
        Some(false) if h == 12 => h = 0,
        _ => {}
    }
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 59 {
        return Err(invalid(&format!(
            "parsing time {text:?}: value out of range"
        )));
    }
    let secs = days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s - offset;
    Ok(GoTime(i128::from(secs) * NANOS + i128::from(ns)))
}

/// The time a date function is given: a time, Unix seconds, or (anything else) now.
fn time_arg(state: &State, v: &MjValue) -> GoTime {
    if let Some(t) = v.downcast_object_ref::<GoTime>() {
        return *t;
    }
    match to_json(v) {
        Value::Number(n) if n.is_i64() => GoTime(i128::from(n.as_i64().unwrap_or(0)) * NANOS),
        _ => now(state),
    }
}

fn time_value(t: GoTime) -> MjValue {
    MjValue::from_object(t)
}

fn zone_checked(zone: &str) -> Result<(), Error> {
    match zone {
        "" | "UTC" | "Local" => Ok(()),
        other => Err(invalid(&format!(
            "time zone {other:?}: not supported by needle (times are in UTC)"
        ))),
    }
}

fn date_in_zone(state: &State, layout: String, t: MjValue, zone: String) -> Result<String, Error> {
    zone_checked(&zone)?;
    Ok(format(time_arg(state, &t), &layout))
}

/// A time `MjValue` a function requires.
fn time_param(v: &MjValue, what: &str) -> Result<GoTime, Error> {
    v.downcast_object_ref::<GoTime>()
        .copied()
        .ok_or_else(|| invalid(&format!("{what}: expected a time.Time, got {}", strval(v))))
}

/// Sprig's `durationRound`: the largest whole unit of the duration (`2h`, `3mo`).
fn duration_round(state: &State, v: MjValue) -> String {
    let nanos: i128 = if let Some(t) = v.downcast_object_ref::<GoTime>() {
        now(state).0 - t.0
    } else {
        match to_json(&v) {
            Value::String(s) => parse_go_duration(&s).unwrap_or(0),
            Value::Number(n) if n.is_i64() => i128::from(n.as_i64().unwrap_or(0)),
            _ => 0,
        }
    };
    let u = nanos.unsigned_abs();
    let hour = 3_600 * NANOS as u128;
    for (unit, name) in [
        (hour * 24 * 365, "y"),
        (hour * 24 * 30, "mo"),
        (hour * 24, "d"),
        (hour, "h"),
        (60 * NANOS as u128, "m"),
        (NANOS as u128, "s"),
    ] {
        if u > unit {
            return format!("{}{name}", u / unit);
        }
    }
    "0s".into()
}

pub(super) fn register_dates(env: &mut Environment<'static>) {
    env.add_function("gt_now", |state: &State| time_value(now(state)));
    env.add_function(
        "gt_date",
        |state: &State, layout: String, t: MjValue| -> Result<String, Error> {
            date_in_zone(state, layout, t, "Local".into())
        },
    );
    for name in ["gt_dateInZone", "gt_date_in_zone"] {
        env.add_function(name, date_in_zone);
    }
    env.add_function("gt_htmlDate", |state: &State, t: MjValue| {
        format(time_arg(state, &t), "2006-01-02")
    });
    env.add_function(
        "gt_htmlDateInZone",
        |state: &State, t: MjValue, zone: String| -> Result<String, Error> {
            date_in_zone(state, "2006-01-02".into(), t, zone)
        },
    );
    // `dateModify` keeps the time for a bad duration, `mustDateModify` fails.
    for (name, must) in [
        ("gt_dateModify", false),
        ("gt_date_modify", false),
        ("gt_mustDateModify", true),
        ("gt_must_date_modify", true),
    ] {
        env.add_function(
            name,
            move |d: String, t: MjValue| -> Result<MjValue, Error> {
                let t = time_param(&t, "dateModify")?;
                match parse_go_duration(&d) {
                    Ok(n) => Ok(time_value(GoTime(t.0 + n))),
                    Err(e) if must => Err(invalid(&e)),
                    Err(_) => Ok(time_value(t)),
                }
            },
        );
    }
    // `toDate` gives Go's zero time for text the layout does not read.
    env.add_function("gt_toDate", |layout: String, s: MjValue| {
        let zero = GoTime(i128::from(days_from_civil(1, 1, 1)) * 86_400 * NANOS);
        time_value(parse(&layout, &strval(&s)).unwrap_or(zero))
    });
    env.add_function(
        "gt_mustToDate",
        |layout: String, s: MjValue| -> Result<MjValue, Error> {
            Ok(time_value(parse(&layout, &strval(&s))?))
        },
    );
    env.add_function("gt_unixEpoch", |t: MjValue| -> Result<String, Error> {
        Ok(time_param(&t, "unixEpoch")?.0.div_euclid(NANOS).to_string())
    });
    env.add_function("gt_ago", |state: &State, t: MjValue| {
        let since = now(state).0 - time_arg(state, &t).0;
        // Rounded to the second, as Sprig drops the resolution.
        let rounded = (since + since.signum() * NANOS / 2) / NANOS * NANOS;
        format_go_duration(rounded)
    });
    // `duration`: seconds (an integer or decimal text) as a Go duration. Sprig reads only
    // an int64 or a string, so in Go an `int` literal gives "0s"; here every integer is
    // read, as needle cannot tell an int from the int64 `add` returns.
    env.add_function("gt_duration", |v: MjValue| {
        let secs: i128 = match to_json(&v) {
            Value::String(s) => s.parse().unwrap_or(0),
            Value::Number(n) if n.is_i64() => i128::from(n.as_i64().unwrap_or(0)),
            _ => 0,
        };
        format_go_duration(secs * NANOS)
    });
    env.add_function("gt_durationRound", duration_round);
}
