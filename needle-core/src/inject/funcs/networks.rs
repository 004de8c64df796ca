//! Istio's `appendMultusNetwork`: the istio-cni network added to a pod's Multus networks.

use serde_json::Value;

/// `appendMultusNetwork`: add istio-cni to a Multus network list (JSON list or comma list).
pub fn append_multus_network(existing: &str, network: &str) -> String {
    if existing.is_empty() {
        return network.to_string();
    }
    let (ns, name) = network.split_once('/').unwrap_or(("", network));
    if let Some(i) = existing.rfind(']') {
        let Ok(Value::Array(nets)) = serde_json::from_str::<Value>(existing) else {
            return existing.to_string();
        };
        let present = nets.iter().any(|n| {
            n.get("name").and_then(Value::as_str) == Some(name)
                && n.get("namespace").and_then(Value::as_str).unwrap_or("") == ns
        });
        if present {
            return existing.to_string();
        }
        let entry = if ns.is_empty() {
            format!(r#", {{"name": "{name}"}}"#)
        } else {
            format!(r#", {{"name": "{name}", "namespace": "{ns}"}}"#)
        };
        return format!("{}{}{}", &existing[..i], entry, &existing[i..]);
    }
    if existing.split(',').any(|n| n.trim() == network) {
        return existing.to_string();
    }
    format!("{existing}, {network}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multus_network_is_appended_once() {
        assert_eq!(
            append_multus_network("", "default/istio-cni"),
            "default/istio-cni"
        );
        assert_eq!(
            append_multus_network("a, b", "default/istio-cni"),
            "a, b, default/istio-cni"
        );
        assert_eq!(
            append_multus_network("a, default/istio-cni", "default/istio-cni"),
            "a, default/istio-cni"
        );
        assert_eq!(
            append_multus_network(r#"[{"name": "a"}]"#, "default/istio-cni"),
            r#"[{"name": "a"}, {"name": "istio-cni", "namespace": "default"}]"#
        );
        assert_eq!(append_multus_network("[bad]", "default/istio-cni"), "[bad]");
    }
}
