//! Parameters in the webhook path (`/inject/cluster/c1/net/n1`), Istio's `parseInjectEnvs`.

use std::collections::BTreeMap;

/// Environment for the proxy from the path: `cluster` → `ISTIO_META_CLUSTER_ID`, `net` →
/// `ISTIO_META_NETWORK`, any other key upper-cased. Values decode `--slash--` to `/`. The
/// legacy form `/inject/:ENV:cluster=c1:ENV:net=n1` is accepted too.
pub fn parse_inject_envs(path: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let rest = path
        .trim_end_matches('/')
        .strip_prefix("/inject")
        .unwrap_or("")
        .trim_start_matches('/');
    if rest.is_empty() {
        return out;
    }
    if rest.starts_with(":ENV:") {
        for pair in rest.split(":ENV:").filter(|p| !p.is_empty()) {
            if let Some((k, v)) = pair.split_once('=').filter(|(k, _)| !k.is_empty()) {
                out.insert(env_name(k), v.to_string());
            }
        }
        return out;
    }
    let parts: Vec<&str> = rest.split('/').collect();
    for pair in parts.chunks(2) {
        if let [k, v] = pair {
            out.insert(env_name(k), v.replace("--slash--", "/"));
        }
    }
    out
}

fn env_name(key: &str) -> String {
    match key {
        "cluster" => "ISTIO_META_CLUSTER_ID".into(),
        "net" => "ISTIO_META_NETWORK".into(),
        other => other.to_uppercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn envs(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn parses_istio_path_forms() {
        assert_eq!(parse_inject_envs("/inject"), envs(&[]));
        assert_eq!(parse_inject_envs("/inject/"), envs(&[]));
        assert_eq!(
            parse_inject_envs("/inject/cluster/c1/net/n1"),
            envs(&[
                ("ISTIO_META_CLUSTER_ID", "c1"),
                ("ISTIO_META_NETWORK", "n1")
            ])
        );
        assert_eq!(
            parse_inject_envs("/inject/foo/a--slash--b/odd"),
            envs(&[("FOO", "a/b")])
        );
        assert_eq!(
            parse_inject_envs("/inject/:ENV:cluster=c1:ENV:net=:ENV:=x:ENV:bad"),
            envs(&[("ISTIO_META_CLUSTER_ID", "c1"), ("ISTIO_META_NETWORK", "")])
        );
    }
}
