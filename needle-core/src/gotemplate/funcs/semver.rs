//! Sprig's `semver` and `semverCompare`, with Masterminds/semver v3's rules: versions may
//! leave out the minor and patch and start with `v`; constraints are `||`-separated groups
//! of `,`/space-separated comparisons (`=`, `!=`, `>`, `<`, `>=`, `<=`, `~`, `^`, `x`
//! wildcards, `a - b` ranges); a pre-release version only satisfies a comparison whose
//! own version has a pre-release.

use crate::gotemplate::value::{invalid, strval};
use minijinja::value::{Object, ObjectRepr, Value as MjValue};
use minijinja::{Environment, Error};
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// A parsed version; its fields read as Go's `*semver.Version` methods (`.Major`, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Version {
    major: u64,
    minor: u64,
    patch: u64,
    pre: String,
    meta: String,
    original: String,
}

impl Object for Version {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Plain
    }

    fn get_value(self: &Arc<Self>, key: &MjValue) -> Option<MjValue> {
        Some(match key.as_str()? {
            "Major" => MjValue::from(self.major),
            "Minor" => MjValue::from(self.minor),
            "Patch" => MjValue::from(self.patch),
            "Prerelease" => MjValue::from(self.pre.clone()),
            "Metadata" => MjValue::from(self.meta.clone()),
            "Original" => MjValue::from(self.original.clone()),
            _ => return None,
        })
    }

    /// Go's `Version.String`.
    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        if !self.pre.is_empty() {
            write!(f, "-{}", self.pre)?;
        }
        if !self.meta.is_empty() {
            write!(f, "+{}", self.meta)?;
        }
        Ok(())
    }
}

fn bad_version() -> Error {
    invalid("Invalid Semantic Version")
}

/// The version's parts, and how many of major/minor/patch were given (wildcards stop the
/// count, as a constraint `1.2.x` gives two).
fn parse_parts(s: &str, wildcards: bool) -> Result<(Version, usize), Error> {
    let original = s.to_string();
    let s = s.strip_prefix('v').unwrap_or(s);
    let (s, meta) = s.split_once('+').unwrap_or((s, ""));
    let (core, pre) = s.split_once('-').unwrap_or((s, ""));
    let ident_ok = |x: &str| {
        x.split('.')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
    };
    if (!pre.is_empty() && !ident_ok(pre)) || (!meta.is_empty() && !ident_ok(meta)) {
        return Err(bad_version());
    }
    if core.is_empty() {
        return Err(bad_version());
    }
    let mut nums = [0u64; 3];
    let mut given = 0;
    for (i, part) in core.split('.').enumerate() {
        if i >= 3 {
            return Err(bad_version());
        }
        if wildcards && matches!(part, "x" | "X" | "*") {
            break;
        }
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad_version());
        }
        nums[i] = part.parse().map_err(|_| bad_version())?;
        given = i + 1;
    }
    let v = Version {
        major: nums[0],
        minor: nums[1],
        patch: nums[2],
        pre: pre.to_string(),
        meta: meta.to_string(),
        original,
    };
    Ok((v, given))
}

/// Semantic Versioning 2.0's precedence (build metadata ignored).
fn compare(a: &Version, b: &Version) -> Ordering {
    let core = (a.major, a.minor, a.patch).cmp(&(b.major, b.minor, b.patch));
    if core != Ordering::Equal {
        return core;
    }
    match (a.pre.is_empty(), b.pre.is_empty()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        (false, false) => {
            let (x, y): (Vec<&str>, Vec<&str>) =
                (a.pre.split('.').collect(), b.pre.split('.').collect());
            for (p, q) in x.iter().zip(&y) {
                let o = match (p.parse::<u64>(), q.parse::<u64>()) {
                    (Ok(m), Ok(n)) => m.cmp(&n),
                    (Ok(_), Err(_)) => Ordering::Less,
                    (Err(_), Ok(_)) => Ordering::Greater,
                    _ => p.cmp(q),
                };
                if o != Ordering::Equal {
                    return o;
                }
            }
            x.len().cmp(&y.len())
        }
    }
}

/// `version` with `given` parts, the rest raised by one at the last given part (the
/// exclusive upper bound of `1.2.x`: `1.3.0`).
fn bump(v: &Version, given: usize) -> Version {
    let mut up = Version {
        pre: String::new(),
        meta: String::new(),
        ..v.clone()
    };
    match given {
        0 => up.major = u64::MAX,
        1 => (up.major, up.minor, up.patch) = (v.major.saturating_add(1), 0, 0),
        2 => (up.minor, up.patch) = (v.minor.saturating_add(1), 0),
        _ => up.patch = v.patch.saturating_add(1),
    }
    up
}

/// One comparison of a constraint.
fn check_one(op: &str, c: &Version, given: usize, v: &Version) -> bool {
    if !v.pre.is_empty() && c.pre.is_empty() && op != "!=" {
        return false;
    }
    let cmp = compare(v, c);
    let below_bump = || compare(v, &bump(c, given)) == Ordering::Less;
    match op {
        "" | "=" => {
            if given < 3 {
                cmp != Ordering::Less && below_bump()
            } else {
                cmp == Ordering::Equal
            }
        }
        "!=" => {
            if given < 3 {
                !(cmp != Ordering::Less && below_bump())
            } else {
                cmp != Ordering::Equal
            }
        }
        ">" => {
            if given < 3 {
                !below_bump()
            } else {
                cmp == Ordering::Greater
            }
        }
        ">=" | "=>" => cmp != Ordering::Less,
        "<" => cmp == Ordering::Less,
        "<=" | "=<" => {
            if given < 3 {
                below_bump()
            } else {
                cmp != Ordering::Greater
            }
        }
        "~" | "~>" => cmp != Ordering::Less && below_bump_tilde(c, given, v),
        "^" => cmp != Ordering::Less && compare(v, &caret_limit(c, given)) == Ordering::Less,
        _ => false,
    }
}

/// `~1.2.3` and `~1.2` allow patch changes, `~1` minor ones.
fn below_bump_tilde(c: &Version, given: usize, v: &Version) -> bool {
    compare(v, &bump(c, given.clamp(1, 2))) == Ordering::Less
}

/// `^` allows changes that keep the left-most non-zero part given.
fn caret_limit(c: &Version, given: usize) -> Version {
    let level = if c.major > 0 || given <= 1 {
        1
    } else if c.minor > 0 || given == 2 {
        2
    } else {
        3
    };
    bump(c, level)
}

/// A constraint parsed into its groups of comparisons.
type Constraint = Vec<Vec<(String, Version, usize)>>;

fn parse_constraint(text: &str) -> Result<Constraint, Error> {
    let bad = || invalid(&format!("improper constraint: {text}"));
    let mut groups = vec![];
    for group in text.split("||") {
        let mut items = vec![];
        // `a - b` ranges first, then single comparisons.
        let normalized = group.replace(',', " ");
        let words: Vec<&str> = normalized.split_whitespace().collect();
        let mut i = 0;
        let mut pending_op: Option<String> = None;
        while i < words.len() {
            if words.get(i + 1) == Some(&"-") && i + 2 < words.len() {
                let (lo, lg) = parse_parts(words[i], true).map_err(|_| bad())?;
                let (hi, hg) = parse_parts(words[i + 2], true).map_err(|_| bad())?;
                items.push((">=".to_string(), lo, lg.max(3)));
                items.push(("<=".to_string(), hi, hg));
                i += 3;
                continue;
            }
            let w = words[i];
            let op_len = w.find(|c: char| !"=!<>~^".contains(c)).unwrap_or(w.len());
            let (op, ver) = w.split_at(op_len);
            let op = match pending_op.take() {
                Some(p) if op.is_empty() => p,
                _ => op.to_string(),
            };
            if ver.is_empty() {
                pending_op = Some(op);
                i += 1;
                continue;
            }
            if !matches!(
                op.as_str(),
                "" | "=" | "!=" | ">" | "<" | ">=" | "=>" | "<=" | "=<" | "~" | "~>" | "^"
            ) {
                return Err(bad());
            }
            let (v, given) = parse_parts(ver, true).map_err(|_| bad())?;
            items.push((op, v, given));
            i += 1;
        }
        if items.is_empty() || pending_op.is_some() {
            return Err(bad());
        }
        groups.push(items);
    }
    Ok(groups)
}

fn semver_compare(constraint: String, version: MjValue) -> Result<bool, Error> {
    let c = parse_constraint(&constraint)?;
    let (v, _) = parse_parts(&strval(&version), false)?;
    Ok(c.iter().any(|group| {
        group
            .iter()
            .all(|(op, cv, given)| check_one(op, cv, *given, &v))
    }))
}

pub(super) fn register_semver(env: &mut Environment<'static>) {
    env.add_function("gt_semver", |s: MjValue| -> Result<MjValue, Error> {
        Ok(MjValue::from_object(parse_parts(&strval(&s), false)?.0))
    });
    env.add_function("gt_semverCompare", semver_compare);
}
