//! Native sidecars (`istio-proxy` as a restartable init container): whether a pod gets them,
//! decided as istiod decides it (`ENABLE_NATIVE_SIDECARS`, and under `auto` the kubelet
//! versions of the cluster's nodes), with the reason in words for the log and `--explain`.

use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;

/// The kubelet minor version from which native sidecars are on by default (GA in 1.33).
const MIN_KUBELET_MINOR: i64 = 33;

/// The cluster's nodes as a node watcher sees them: name → `status.nodeInfo.kubeletVersion`.
pub type Nodes = BTreeMap<String, String>;

/// `ENABLE_NATIVE_SIDECARS` of the injector process.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum NativeMode {
    On,
    Off,
    /// Unset or `auto` (istiod's default): on when the nodes' kubelets support it.
    #[default]
    Auto,
    /// Any other value: off, as istiod treats it (with a warning at start-up).
    Unknown(String),
}

impl NativeMode {
    /// The mode an `ENABLE_NATIVE_SIDECARS` value gives (`None`: unset).
    pub fn parse(value: Option<&str>) -> Self {
        match value {
            None | Some("auto") => NativeMode::Auto,
            Some("true") => NativeMode::On,
            Some("false") => NativeMode::Off,
            Some(other) => NativeMode::Unknown(other.to_string()),
        }
    }

    /// A fixed mode: `true` on, `false` off.
    pub fn fixed(on: bool) -> Self {
        if on { NativeMode::On } else { NativeMode::Off }
    }

    /// Whether the injector needs a view of the nodes to decide.
    pub fn needs_nodes(&self) -> bool {
        *self == NativeMode::Auto
    }
}

impl fmt::Display for NativeMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NativeMode::On => f.write_str("true"),
            NativeMode::Off => f.write_str("false"),
            NativeMode::Auto => f.write_str("auto"),
            NativeMode::Unknown(v) => write!(f, "{v:?}"),
        }
    }
}

/// Native sidecars for one pod, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Native {
    pub on: bool,
    pub reason: String,
}

impl Native {
    fn new(on: bool, reason: impl Into<String>) -> Self {
        Self {
            on,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Native {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = if self.on { "on" } else { "off" };
        write!(f, "{state} ({})", self.reason)
    }
}

/// Istio's `DetectNativeSidecar`: the mode decides unless it is `auto`; then, without a node
/// view, off; with one, the pod's node when it is known, else every node, must run a kubelet
/// of minor version 33 or later (one older or unreadable node turns it off for the cluster).
pub fn decide(mode: &NativeMode, nodes: Option<&Nodes>, pod: &Value) -> Native {
    match mode {
        NativeMode::On => return Native::new(true, "ENABLE_NATIVE_SIDECARS=true"),
        NativeMode::Off => return Native::new(false, "ENABLE_NATIVE_SIDECARS=false"),
        NativeMode::Unknown(v) => {
            return Native::new(
                false,
                format!("ENABLE_NATIVE_SIDECARS={v:?} is not true, false or auto"),
            );
        }
        NativeMode::Auto => {}
    }
    let Some(nodes) = nodes else {
        return Native::new(false, "auto, but no view of the cluster's nodes");
    };
    let node_name = pod
        .pointer("/spec/nodeName")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let mut prefix = String::new();
    if !node_name.is_empty() {
        if let Some(version) = nodes.get(node_name) {
            let (on, why) = judge(node_name, version);
            return Native::new(on, format!("auto: the pod's {why}"));
        }
        prefix = format!("the pod's node {node_name:?} is not known; ");
    }
    for (name, version) in nodes {
        let (on, why) = judge(name, version);
        if !on {
            return Native::new(false, format!("auto: {prefix}{why}"));
        }
    }
    let all = match nodes.len() {
        0 => {
            format!("the cluster has no nodes, so none runs a kubelet before 1.{MIN_KUBELET_MINOR}")
        }
        1 => format!("the 1 node runs kubelet 1.{MIN_KUBELET_MINOR} or later"),
        n => format!("all {n} nodes run kubelet 1.{MIN_KUBELET_MINOR} or later"),
    };
    Native::new(true, format!("auto: {prefix}{all}"))
}

/// Whether one node supports native sidecars, and a phrase saying why.
fn judge(name: &str, version: &str) -> (bool, String) {
    match kubelet_minor(version) {
        Some(minor) if minor >= MIN_KUBELET_MINOR => (
            true,
            format!("node {name} runs kubelet {version} (1.{MIN_KUBELET_MINOR} or later)"),
        ),
        Some(_) => (
            false,
            format!("node {name} runs kubelet {version} (before 1.{MIN_KUBELET_MINOR})"),
        ),
        None => (
            false,
            format!("node {name} has an unreadable kubelet version {version:?}"),
        ),
    }
}

/// The second segment of a version as hashicorp's go-version reads it (what istiod uses):
/// `v?N(.N)*`, then an optional pre-release and `+build` metadata; missing segments are 0.
/// `None` for anything that does not parse, which istiod counts as not eligible.
pub fn kubelet_minor(version: &str) -> Option<i64> {
    let rest = version.strip_prefix('v').unwrap_or(version);
    let numeric_end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    let (numbers, suffix) = rest.split_at(numeric_end);
    let mut segments = Vec::new();
    for part in numbers.split('.') {
        if part.is_empty() {
            return None;
        }
        segments.push(part.parse::<i64>().ok()?);
    }
    let (pre, build) = match suffix.split_once('+') {
        Some((pre, build)) => (pre, Some(build)),
        None => (suffix, None),
    };
    let starts_pre = |c: char| c.is_ascii_alphabetic() || c == '-' || c == '~';
    if !pre.is_empty() && (!pre.starts_with(starts_pre) || !dotted_identifiers(pre)) {
        return None;
    }
    if build.is_some_and(|b| !dotted_identifiers(b)) {
        return None;
    }
    Some(segments.get(1).copied().unwrap_or(0))
}

/// Non-empty identifiers of `[0-9A-Za-z-~]` separated by dots.
fn dotted_identifiers(s: &str) -> bool {
    s.split('.').all(|part| {
        !part.is_empty()
            && part
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '~')
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn nodes(versions: &[&str]) -> Nodes {
        versions
            .iter()
            .enumerate()
            .map(|(i, v)| (format!("node-{}", i + 1), v.to_string()))
            .collect()
    }

    fn on(mode: &NativeMode, versions: &[&str]) -> bool {
        decide(mode, Some(&nodes(versions)), &json!({})).on
    }

    #[test]
    fn istio_cases() {
        let auto = NativeMode::Auto;
        assert!(!on(&NativeMode::Off, &["1.33.0", "1.34.0"]));
        assert!(on(&auto, &["1.33.0", "1.34.0"]));
        assert!(!on(&auto, &["1.28.0", "1.29.0"]));
        assert!(!on(&auto, &["1.33.0", "1.28.0"]));
        // A node whose status says nothing: its empty version does not parse.
        assert!(!on(&auto, &[""]));
        assert!(on(&NativeMode::On, &["1.33.0", "1.28.0"]));
    }

    #[test]
    fn the_mode_comes_from_the_variable_as_istiod_reads_it() {
        assert_eq!(NativeMode::parse(None), NativeMode::Auto);
        assert_eq!(NativeMode::parse(Some("auto")), NativeMode::Auto);
        assert_eq!(NativeMode::parse(Some("true")), NativeMode::On);
        assert_eq!(NativeMode::parse(Some("false")), NativeMode::Off);
        let odd = NativeMode::parse(Some("True"));
        assert_eq!(odd, NativeMode::Unknown("True".into()));
        let set_empty = NativeMode::parse(Some(""));
        let native = decide(&set_empty, Some(&nodes(&["1.34.0"])), &json!({}));
        assert_eq!(
            native,
            Native::new(
                false,
                "ENABLE_NATIVE_SIDECARS=\"\" is not true, false or auto"
            )
        );
    }

    #[test]
    fn auto_without_a_node_view_is_off_and_with_no_nodes_on() {
        let native = decide(&NativeMode::Auto, None, &json!({}));
        assert!(!native.on);
        assert_eq!(
            native.to_string(),
            "off (auto, but no view of the cluster's nodes)"
        );
        // istiod's loop over no nodes finds none too old.
        assert!(decide(&NativeMode::Auto, Some(&Nodes::new()), &json!({})).on);
    }

    #[test]
    fn the_pods_node_decides_when_it_is_known() {
        let cluster = nodes(&["1.32.0", "v1.34.1"]);
        let on_node = |name: &str| {
            decide(
                &NativeMode::Auto,
                Some(&cluster),
                &json!({"spec": {"nodeName": name}}),
            )
        };
        let new = on_node("node-2");
        assert_eq!(
            new,
            Native::new(
                true,
                "auto: the pod's node node-2 runs kubelet v1.34.1 (1.33 or later)"
            )
        );
        assert!(!on_node("node-1").on);
        // An unknown node: every node decides, and the old one turns it off.
        let unknown = on_node("elsewhere");
        assert!(!unknown.on);
        assert_eq!(
            unknown.reason,
            "auto: the pod's node \"elsewhere\" is not known; node node-1 runs kubelet 1.32.0 (before 1.33)"
        );
        let all_new = nodes(&["1.33.0", "1.35.2"]);
        let native = decide(&NativeMode::Auto, Some(&all_new), &json!({}));
        assert_eq!(
            native.to_string(),
            "on (auto: all 2 nodes run kubelet 1.33 or later)"
        );
    }

    #[test]
    fn kubelet_versions_parse_as_go_version_reads_them() {
        for (version, minor) in [
            ("v1.33.1", Some(33)),
            ("v1.33.0-gke.100", Some(33)),
            ("1.32", Some(32)),
            ("1.34.0+k3s1", Some(34)),
            ("v1.33.2-eks-1234abc", Some(33)),
            ("1.33rc1", Some(33)),
            ("1.33.0-rc.1+build.5", Some(33)),
            ("1", Some(0)),
            // Only the minor segment counts, whatever the major.
            ("v0.40.0", Some(40)),
            ("v2.1.0", Some(1)),
            ("", None),
            ("garbage", None),
            ("v", None),
            ("1..33", None),
            ("1.33.", None),
            ("1.33.0-", Some(33)),
            ("1.33.0-rc..1", None),
            ("1.33.0+", None),
            ("1.33.0 ", None),
            (" 1.33.0", None),
            ("V1.33.0", None),
            ("1.99999999999999999999", None),
        ] {
            assert_eq!(kubelet_minor(version), minor, "{version:?}");
        }
    }
}
