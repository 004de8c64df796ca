//! OpenShift: the proxy runs with the namespace's pre-allocated UID and GID.

use crate::compat::path::At;
use serde_json::Value;

const UID_RANGE: &str = "openshift.io/sa.scc.uid-range";
const SUPPLEMENTAL_GROUPS: &str = "openshift.io/sa.scc.supplemental-groups";
const DEFAULT_ID: i64 = 1337;

/// `GetProxyIDs`: the last UID of the namespace's range, and the last GID of its first
/// supplemental-group block (falling back to the UID range); 1337 when not annotated.
pub fn proxy_ids(namespace: Option<&Value>) -> (i64, i64) {
    let annos = namespace.and_then(|ns| ns.at(&["metadata", "annotations"]));
    let get = |k: &str| {
        annos
            .and_then(|a| a.get(k))
            .and_then(Value::as_str)
            .filter(|v| !v.is_empty())
    };
    let uid = get(UID_RANGE)
        .and_then(parse_block)
        .map(|(_, end)| end)
        .unwrap_or(DEFAULT_ID);
    let gid = get(SUPPLEMENTAL_GROUPS)
        .or_else(|| get(UID_RANGE))
        .and_then(|groups| {
            groups
                .split(',')
                .map(parse_block)
                .collect::<Option<Vec<_>>>()
        })
        .and_then(|blocks| blocks.first().map(|(_, end)| *end))
        .unwrap_or(DEFAULT_ID);
    (uid, gid)
}

/// A block `start/size` or `start-end`, as (start, end).
fn parse_block(s: &str) -> Option<(i64, i64)> {
    let parse = |v: &str| v.trim().parse::<u32>().ok().map(i64::from);
    if let Some((start, size)) = s.split_once('/') {
        let (start, size) = (parse(start)?, parse(size)?);
        return Some((start, start + size - 1));
    }
    let (start, end) = s.split_once('-')?;
    Some((parse(start)?, parse(end)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ids_come_from_namespace_ranges() {
        let ns = json!({"metadata": {"annotations": {UID_RANGE: "1000620000/10000", SUPPLEMENTAL_GROUPS: "1000620000/10000"}}});
        assert_eq!(proxy_ids(Some(&ns)), (1000629999, 1000629999));
        let ns = json!({"metadata": {"annotations": {UID_RANGE: "5000-5999"}}});
        assert_eq!(proxy_ids(Some(&ns)), (5999, 5999));
        assert_eq!(proxy_ids(None), (1337, 1337));
        let ns = json!({"metadata": {"annotations": {UID_RANGE: "garbage"}}});
        assert_eq!(proxy_ids(Some(&ns)), (1337, 1337));
    }
}
