//! The warnings of Istio's `analyzeUnreachable{HTTP,TCP,TLS}Rules`: rules after a catch-all,
//! matches that repeat earlier ones, prefix matches an earlier shorter prefix covers.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde_json::Value;

use super::VirtualService;
use super::http_route::{HttpMatch, HttpRoute, StringMatch};
use crate::validate::common::Report;

/// Map-valued fields of the match messages: left out when empty, like unset scalars.
const MATCH_MAP_FIELDS: [&str; 4] = ["headers", "sourceLabels", "queryParams", "withoutHeaders"];

/// A match reduced to what decides which requests it selects, as Istio compares them: the
/// name is dropped, as are unset fields (null, empty, zero, false); messages that are
/// present count even when empty.
fn match_key(m: &Value) -> Value {
    fn drop_nulls(v: &Value) -> Value {
        match v {
            Value::Object(o) => Value::Object(
                o.iter()
                    .filter(|(_, v)| !v.is_null())
                    .map(|(k, v)| (k.clone(), drop_nulls(v)))
                    .collect(),
            ),
            Value::Array(a) => Value::Array(a.iter().map(drop_nulls).collect()),
            other => other.clone(),
        }
    }
    let Value::Object(o) = m else {
        return m.clone();
    };
    let fields = o
        .iter()
        .filter(|(k, _)| *k != "name")
        .filter(|(k, v)| match v {
            Value::Null | Value::Bool(false) => false,
            Value::Bool(true) => true,
            Value::Number(n) => n.as_f64() != Some(0.0),
            Value::String(s) => !s.is_empty(),
            Value::Array(a) => !a.is_empty(),
            Value::Object(o) => !(o.is_empty() && MATCH_MAP_FIELDS.contains(&k.as_str())),
        });
    Value::Object(fields.map(|(k, v)| (k.clone(), drop_nulls(v))).collect())
}

/// A route as the reachability analysis sees it: its name, its matches' names, and the
/// matches as written.
type Rule = (String, Vec<String>, Vec<Value>);

/// The warnings of `analyzeUnreachable{HTTP,TCP,TLS}Rules`.
pub(super) fn analyze_unreachable(report: &mut Report, spec: &Value, vs: &VirtualService) {
    let raw_matches = |kind: &str, i: usize| -> Vec<Value> {
        spec.get(kind)
            .and_then(|r| r.get(i))
            .and_then(|r| r.get("match"))
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let http: Vec<Option<Rule>> = vs
        .http
        .iter()
        .enumerate()
        .map(|(i, r)| {
            r.as_ref().map(|r| {
                let names = r
                    .matches
                    .iter()
                    .enumerate()
                    .map(|(j, m)| name_or_index(m.as_ref().map_or("", |m| &m.name), j))
                    .collect();
                (name_or_index(&r.name, i), names, raw_matches("http", i))
            })
        })
        .collect();
    analyze_rules(report, &http);
    analyze_overlapping_prefixes(report, &vs.http);
    for kind in ["tcp", "tls"] {
        let count = if kind == "tcp" {
            vs.tcp.iter().map(Option::is_some).collect::<Vec<_>>()
        } else {
            vs.tls.iter().map(Option::is_some).collect()
        };
        let rules: Vec<_> = count
            .iter()
            .enumerate()
            .map(|(i, present)| {
                present.then(|| {
                    let raw = raw_matches(kind, i);
                    let names = (0..raw.len()).map(|j| format!("#{j}")).collect();
                    (format!("#{i}"), names, raw)
                })
            })
            .collect();
        analyze_rules(report, &rules);
    }
}

/// `v` as JSON text with every object's keys sorted: equal texts for equal values, whatever
/// order the keys were written in.
fn canonical(v: &Value) -> String {
    fn sorted(v: &Value) -> Value {
        match v {
            Value::Object(o) => {
                let mut entries: Vec<(&String, &Value)> = o.iter().collect();
                entries.sort_by(|a, b| a.0.cmp(b.0));
                Value::Object(
                    entries
                        .into_iter()
                        .map(|(k, v)| (k.clone(), sorted(v)))
                        .collect(),
                )
            }
            Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    sorted(v).to_string()
}

/// Report rules that come after a catch-all rule and matches that repeat earlier ones.
fn analyze_rules(report: &mut Report, rules: &[Option<Rule>]) {
    // By the match's JSON text: one lookup per match, not a scan of every earlier one.
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut catch_all = false;
    for (i, rule) in rules.iter().enumerate() {
        let Some((name, match_names, matches)) = rule else {
            continue;
        };
        if matches.is_empty() {
            if catch_all {
                unused(report, name, "only the last rule can have no matches");
            }
            catch_all = true;
            continue;
        }
        let mut duplicates = 0;
        for (j, m) in matches.iter().enumerate() {
            if catch_all {
                unused(report, name, "route without matches defined before");
                continue;
            }
            let key = canonical(&match_key(m));
            if let Some(k) = seen.get(&key) {
                let dup = rules[*k].as_ref().map(|r| r.0.clone()).unwrap_or_default();
                ineffective(report, name, &match_names[j], &dup);
                duplicates += 1;
            } else {
                seen.insert(key, i);
            }
        }
        if duplicates == matches.len() {
            unused(report, name, "all matches used by prior rules");
        }
    }
}

fn unused(report: &mut Report, rule: &str, reason: &str) {
    report.warning(format!("virtualService rule {rule} not used ({reason})"));
}

/// The `VirtualServiceIneffectiveMatch` warning.
fn ineffective(report: &mut Report, rule: &str, matchn: &str, dup: &str) {
    report.warning(format!(
        "virtualService rule {rule} match {matchn} is not used (duplicate/overlapping match in rule {dup})"
    ));
}

/// A StringMatch's `exact:`/`prefix:` form, used to compare prefix matches.
fn exact_or_prefix(m: Option<&StringMatch>) -> String {
    match m {
        Some(StringMatch { exact: Some(e), .. }) if !e.is_empty() => format!("exact:{e}"),
        Some(StringMatch {
            prefix: Some(p), ..
        }) if !p.is_empty() => format!("prefix:{p}"),
        _ => String::new(),
    }
}

/// One prefix match, reduced to what decides whether an earlier one covers it.
struct PrefixMatch {
    route: String,
    matchn: String,
    prefix: String,
    port: u32,
    method: String,
    authority: String,
    headers: BTreeMap<String, String>,
    query_params: BTreeMap<String, String>,
    without_headers: BTreeMap<String, String>,
}

fn reduce(m: &BTreeMap<String, Option<StringMatch>>) -> BTreeMap<String, String> {
    m.iter()
        .map(|(k, v)| (k.clone(), exact_or_prefix(v.as_ref())))
        .collect()
}

/// Every entry of `a` has the same key in `b`, with a value `b`'s value is a prefix of.
fn map_covered(a: &BTreeMap<String, String>, b: &BTreeMap<String, String>) -> bool {
    a.len() == b.len()
        && a.iter()
            .all(|(k, v)| b.get(k).is_some_and(|bv| v.starts_with(bv.as_str())))
}

/// Whether the earlier prefix match `a` catches every request the later `b` would.
fn covered(a: &PrefixMatch, b: &PrefixMatch) -> bool {
    b.prefix.starts_with(&a.prefix)
        && a.port == b.port
        && a.method.starts_with(&b.method)
        && a.authority.starts_with(&b.authority)
        && map_covered(&a.headers, &b.headers)
        && map_covered(&a.query_params, &b.query_params)
        && map_covered(&a.without_headers, &b.without_headers)
}

/// Warn about prefix matches made unreachable by a shorter prefix of an earlier rule.
fn analyze_overlapping_prefixes(report: &mut Report, routes: &[Option<HttpRoute>]) {
    let mut found = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut catch_all = false;
    for (i, r) in routes.iter().enumerate() {
        let Some(r) = r else { continue };
        if r.matches.is_empty() {
            catch_all = true;
            continue;
        }
        for (j, m) in r.matches.iter().enumerate() {
            if catch_all {
                continue;
            }
            if !seen.insert(match_fields(m.as_ref()).to_string()) {
                continue;
            }
            if let Some(p) = m.as_ref().and_then(|m| prefix_match(i, r, j, m)) {
                found.push(p);
            }
        }
    }
    // An earlier match can only cover a later one whose prefix its own is a proper prefix of:
    // each later match looks up its own proper prefixes instead of meeting every earlier
    // match, and the pairs are reported in Istio's order (earlier match first).
    let mut by_prefix: HashMap<&str, Vec<usize>> = HashMap::new();
    let mut pairs = Vec::new();
    for (bi, b) in found.iter().enumerate() {
        for (end, _) in b.prefix.char_indices().skip(1) {
            for &ai in by_prefix.get(&b.prefix[..end]).into_iter().flatten() {
                if covered(&found[ai], b) {
                    pairs.push((ai, bi));
                }
            }
        }
        by_prefix.entry(b.prefix.as_str()).or_default().push(bi);
    }
    pairs.sort_unstable();
    for (ai, bi) in pairs {
        let (a, b) = (&found[ai], &found[bi]);
        let this = format!("{} of prefix {}", b.matchn, b.prefix);
        let other = format!("{} of prefix {} on {}", a.matchn, a.prefix, a.route);
        ineffective(report, &b.route, &this, &other);
    }
}

/// Every field of a match but its name, to skip a match that repeats an earlier one.
fn match_fields(m: Option<&HttpMatch>) -> Value {
    let Some(m) = m else { return Value::Null };
    serde_json::json!([
        format!("{:?}", m.uri),
        format!("{:?}", m.scheme),
        format!("{:?}", m.method),
        format!("{:?}", m.authority),
        format!("{:?}", m.headers),
        m.port,
        format!("{:?}", m.source_labels),
        m.gateways,
        format!("{:?}", m.query_params),
        m.ignore_uri_case,
        format!("{:?}", m.without_headers),
        m.source_namespace,
        m.stat_prefix,
    ])
}

/// Match `j` of route `i`, if it matches a non-empty URI prefix.
fn prefix_match(i: usize, r: &HttpRoute, j: usize, m: &HttpMatch) -> Option<PrefixMatch> {
    let prefix = m
        .uri
        .as_ref()
        .and_then(|u| u.prefix.clone())
        .filter(|p| !p.is_empty())?;
    let mut method = exact_or_prefix(m.method.as_ref());
    if method.is_empty() {
        method = "exact:GET".into();
    }
    Some(PrefixMatch {
        route: name_or_index(&r.name, i),
        matchn: name_or_index(&m.name, j),
        prefix,
        port: m.port,
        method,
        authority: exact_or_prefix(m.authority.as_ref()),
        headers: reduce(&m.headers),
        query_params: reduce(&m.query_params),
        without_headers: reduce(&m.without_headers),
    })
}

/// How Istio's warnings name a rule or a match: quoted by name, else `#index`.
fn name_or_index(name: &str, index: usize) -> String {
    if name.is_empty() {
        format!("#{index}")
    } else {
        format!("{name:?}")
    }
}
