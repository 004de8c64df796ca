//! What `istioctl tag generate|set` makes beside a tag's MutatingWebhookConfiguration: the
//! tag's Service `istiod-revision-tag-<tag>` (Istio's `revision-tags-svc.yaml` as istioctl
//! renders it: release `istio`, its chart's version `1.0.0`), and for the `default` tag the
//! cluster-wide `istiod-default-validator` ValidatingWebhookConfiguration (Istio's `default`
//! chart's `validatingwebhook.yaml`), whose failure policy istiod manages once it runs.

use super::generate::{injector_entry, merged_labels};
use super::{TagError, TagSpec};
use serde_json::{Map, Value, json};

/// The name of the default tag's validating configuration.
pub const DEFAULT_VALIDATOR: &str = "istiod-default-validator";

/// Labels Istio's charts put on everything (`istio.labels`), as istioctl's render has them.
fn chart_labels(labels: &mut Map<String, Value>, chart: &str) {
    for (key, value) in [
        ("app.kubernetes.io/managed-by", "Helm".to_string()),
        ("app.kubernetes.io/instance", "istio".to_string()),
        ("app.kubernetes.io/part-of", "istio".to_string()),
        ("app.kubernetes.io/version", "1.0.0".to_string()),
        ("helm.sh/chart", format!("{chart}-1.0.0")),
    ] {
        labels.insert(key.into(), json!(value));
    }
}

/// The tag's Service: istiod's ports, selecting the revision's istiod pods (the default
/// revision's by `istio: pilot`). istioctl renders it from the chart, not from the cluster,
/// and gives it none of the canonical configuration's labels; the operator's are dropped.
pub fn tag_service(spec: &TagSpec) -> Value {
    let mut labels = Map::new();
    labels.insert("istio.io/rev".into(), json!(spec.revision));
    labels.insert("istio.io/tag".into(), json!(spec.tag));
    labels.insert("app".into(), json!("istiod"));
    labels.insert("istio".into(), json!("pilot"));
    labels.insert("release".into(), json!("istio"));
    labels.insert("app.kubernetes.io/name".into(), json!("istiod"));
    chart_labels(&mut labels, "istiod");
    let selector = match spec.revision {
        "default" => json!({"app": "istiod", "istio": "pilot"}),
        revision => json!({"app": "istiod", "istio.io/rev": revision}),
    };
    let port = |port: u16, name: &str| json!({"port": port, "name": name, "protocol": "TCP"});
    let mut webhook = port(443, "https-webhook");
    webhook["targetPort"] = json!(15017);
    json!({
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {
            "name": format!("istiod-revision-tag-{}", spec.tag),
            "namespace": spec.istio_namespace,
            "labels": labels,
        },
        "spec": {
            "ports": [port(15010, "grpc-xds"), port(15012, "https-dns"), webhook,
                port(15014, "http-monitoring")],
            "selector": selector,
        },
    })
}

/// The `default` tag's cluster-wide validating configuration, pointed at the revision: the
/// canonical injector entry's URL with the path `/validate` (istioctl takes it from the
/// mutating configuration, not the revision's validating one), else the revision's istiod
/// Service; its caBundle, labels and annotations. `live` is the cluster's current
/// `istiod-default-validator`: each entry keeps its failure policy, but a `Fail` is left
/// unset, so that applying never turns istiod's `Fail` back into the chart's `Ignore`.
pub fn default_validator(
    canonical: &Value,
    spec: &TagSpec,
    live: Option<&Value>,
) -> Result<Value, TagError> {
    let source = injector_entry(canonical)?;
    let mut client = match source["clientConfig"]["url"].as_str() {
        Some(url) => json!({"url": with_path(url, "/validate")}),
        None => {
            let name = match spec.revision {
                "default" => "istiod".to_string(),
                revision => format!("istiod-{revision}"),
            };
            json!({"service": {"name": name, "namespace": spec.istio_namespace,
                "path": "/validate"}})
        }
    };
    if let Some(bundle) = source["clientConfig"].get("caBundle") {
        client["caBundle"] = bundle.clone();
    }
    let mut entry = json!({
        "name": "validation.istio.io",
        "clientConfig": client,
        "rules": [{"operations": ["CREATE", "UPDATE"],
            "apiGroups": ["security.istio.io", "networking.istio.io", "telemetry.istio.io",
                "extensions.istio.io"],
            "apiVersions": ["*"], "resources": ["*"]}],
        "failurePolicy": "Ignore",
        "sideEffects": "None",
        "admissionReviewVersions": ["v1"],
        "objectSelector": {"matchExpressions": [
            {"key": "istio.io/rev", "operator": "DoesNotExist"}]},
    });
    if let Some(live) = live {
        let live_entry = live["webhooks"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|w| w["name"] == entry["name"]);
        if let Some(live_entry) = live_entry {
            match live_entry.get("failurePolicy") {
                Some(policy) if policy != "Fail" && !policy.is_null() => {
                    entry["failurePolicy"] = policy.clone();
                }
                _ => {
                    entry.as_object_mut().map(|e| e.remove("failurePolicy"));
                }
            }
        }
    }
    let mut labels = Map::new();
    labels.insert("app".into(), json!("istiod"));
    labels.insert("istio".into(), json!("istiod"));
    labels.insert("istio.io/rev".into(), json!(spec.revision));
    labels.insert("istio.io/tag".into(), json!("default"));
    labels.insert("app.kubernetes.io/name".into(), json!("istiod"));
    chart_labels(&mut labels, "istio-default");
    let mut metadata =
        json!({"name": DEFAULT_VALIDATOR, "labels": merged_labels(labels, canonical)});
    if let Some(annotations) = canonical["metadata"].get("annotations") {
        metadata["annotations"] = annotations.clone();
    }
    Ok(json!({
        "apiVersion": "admissionregistration.k8s.io/v1",
        "kind": "ValidatingWebhookConfiguration",
        "metadata": metadata,
        "webhooks": [entry],
    }))
}

/// `url` with its path replaced; the query and fragment stay, as in Go's `url.URL` whose
/// `Path` is set.
fn with_path(url: &str, path: &str) -> String {
    let (before_fragment, fragment) = match url.split_once('#') {
        Some((u, f)) => (u, Some(f)),
        None => (url, None),
    };
    let (before_query, query) = match before_fragment.split_once('?') {
        Some((u, q)) => (u, Some(q)),
        None => (before_fragment, None),
    };
    let authority_end = before_query
        .find("://")
        .map(|i| i + 3)
        .map(|start| {
            before_query[start..]
                .find('/')
                .map_or(before_query.len(), |i| start + i)
        })
        .unwrap_or(0);
    let mut out = format!("{}{path}", &before_query[..authority_end]);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec<'a>(tag: &'a str, revision: &'a str) -> TagSpec<'a> {
        TagSpec {
            tag,
            revision,
            auto_inject_namespaces: false,
            webhook_name: None,
            istio_namespace: "istio-system",
        }
    }

    fn canonical(client: Value) -> Value {
        json!({"metadata": {"name": "istio-sidecar-injector-canary",
            "labels": {"istio.io/rev": "canary", "app": "sidecar-injector",
                "operator.istio.io/component": "Pilot", "team": "mesh"},
            "annotations": {"note": "x"}},
            "webhooks": [{"name": "rev.namespace.sidecar-injector.istio.io", "clientConfig": client}]})
    }

    #[test]
    fn the_validator_url_is_the_injectors_with_path_validate() {
        assert_eq!(
            with_path("https://needle:15017/inject/cluster/c1?x=1#f", "/validate"),
            "https://needle:15017/validate?x=1#f"
        );
        assert_eq!(
            with_path("https://needle:15017", "/validate"),
            "https://needle:15017/validate"
        );
        let c = canonical(json!({"url": "https://10.0.0.1:15017/inject", "caBundle": "Q0E="}));
        let v = default_validator(&c, &spec("default", "canary"), None).unwrap();
        assert_eq!(
            v["webhooks"][0]["clientConfig"],
            json!({"url": "https://10.0.0.1:15017/validate", "caBundle": "Q0E="})
        );
        assert_eq!(v["webhooks"][0]["failurePolicy"], "Ignore");
        let labels = &v["metadata"]["labels"];
        assert_eq!(labels["app"], "istiod");
        assert_eq!(labels["team"], "mesh");
        assert_eq!(labels["istio.io/tag"], "default");
        assert!(labels.get("operator.istio.io/component").is_none());
        assert_eq!(v["metadata"]["annotations"], json!({"note": "x"}));
    }

    #[test]
    fn the_validator_service_is_the_revisions_istiod() {
        let c =
            canonical(json!({"service": {"name": "needle", "namespace": "x", "path": "/inject"}}));
        let v = default_validator(&c, &spec("default", "canary"), None).unwrap();
        assert_eq!(
            v["webhooks"][0]["clientConfig"],
            json!({"service": {"name": "istiod-canary", "namespace": "istio-system", "path": "/validate"}})
        );
        let v = default_validator(&c, &spec("default", "default"), None).unwrap();
        assert_eq!(
            v["webhooks"][0]["clientConfig"]["service"]["name"],
            "istiod"
        );
    }

    /// istiod flips the live policy to `Fail` once ready: re-applying must not undo that.
    #[test]
    fn a_live_fail_is_left_unset_and_other_policies_kept() {
        let c = canonical(json!({"url": "https://n/inject"}));
        let live = |policy: Value| json!({"webhooks": [{"name": "validation.istio.io", "failurePolicy": policy}]});
        let s = spec("default", "canary");
        let fail = default_validator(&c, &s, Some(&live(json!("Fail")))).unwrap();
        assert!(fail["webhooks"][0].get("failurePolicy").is_none());
        let ignore = default_validator(&c, &s, Some(&live(json!("Ignore")))).unwrap();
        assert_eq!(ignore["webhooks"][0]["failurePolicy"], "Ignore");
        let other = json!({"webhooks": [{"name": "other", "failurePolicy": "Fail"}]});
        let chart = default_validator(&c, &s, Some(&other)).unwrap();
        assert_eq!(chart["webhooks"][0]["failurePolicy"], "Ignore");
    }

    #[test]
    fn the_tag_service_selects_the_revisions_istiod() {
        let svc = tag_service(&spec("prod", "canary"));
        assert_eq!(svc["metadata"]["name"], "istiod-revision-tag-prod");
        assert_eq!(svc["metadata"]["namespace"], "istio-system");
        assert_eq!(
            svc["spec"]["selector"],
            json!({"app": "istiod", "istio.io/rev": "canary"})
        );
        assert_eq!(svc["metadata"]["labels"]["istio.io/tag"], "prod");
        assert_eq!(svc["metadata"]["labels"]["istio.io/rev"], "canary");
        let ports: Vec<_> = svc["spec"]["ports"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["port"].as_u64().unwrap(), p["targetPort"].as_u64()))
            .collect();
        assert_eq!(
            ports,
            [
                (15010, None),
                (15012, None),
                (443, Some(15017)),
                (15014, None)
            ]
        );
        let default = tag_service(&spec("prod", "default"));
        assert_eq!(
            default["spec"]["selector"],
            json!({"app": "istiod", "istio": "pilot"})
        );
    }
}
