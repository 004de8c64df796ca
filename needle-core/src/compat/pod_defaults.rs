//! The defaults the apiserver fills into a Pod it stores (Kubernetes' `SetDefaults_*` for the
//! core/v1 types), for the parts an injection writes: containers, init containers and volumes.
//! A pod injected again loses some of them where the strategic merge replaces a whole list
//! (`args`, downward-API `items`) or a volume's source (`retainKeys`), and the apiserver puts
//! them back; comparing a stored pod with a fresh injection needs both defaulted alike.

use serde_json::{Map, Value, json};

/// Fill in the defaults, leaving every value that is set as it is.
pub fn apply(pod: &mut Value) {
    let Some(spec) = pod.get_mut("spec").and_then(Value::as_object_mut) else {
        return;
    };
    for list in ["containers", "initContainers"] {
        for container in objects(spec.get_mut(list)) {
            container_defaults(container);
        }
    }
    for volume in objects(spec.get_mut("volumes")) {
        volume_defaults(volume);
    }
}

fn objects(list: Option<&mut Value>) -> impl Iterator<Item = &mut Map<String, Value>> {
    list.and_then(Value::as_array_mut)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object_mut)
}

fn default(object: &mut Map<String, Value>, key: &str, value: Value) {
    object.entry(key).or_insert(value);
}

fn container_defaults(c: &mut Map<String, Value>) {
    default(c, "terminationMessagePath", json!("/dev/termination-log"));
    default(c, "terminationMessagePolicy", json!("File"));
    let policy = image_pull_policy(c.get("image").and_then(Value::as_str).unwrap_or_default());
    default(c, "imagePullPolicy", json!(policy));
    for port in objects(c.get_mut("ports")) {
        default(port, "protocol", json!("TCP"));
    }
    for env in objects(c.get_mut("env")) {
        if let Some(field_ref) = env
            .get_mut("valueFrom")
            .and_then(|v| v.get_mut("fieldRef"))
            .and_then(Value::as_object_mut)
        {
            default(field_ref, "apiVersion", json!("v1"));
        }
    }
    for probe in ["livenessProbe", "readinessProbe", "startupProbe"] {
        if let Some(p) = c.get_mut(probe).and_then(Value::as_object_mut) {
            default(p, "timeoutSeconds", json!(1));
            default(p, "periodSeconds", json!(10));
            default(p, "successThreshold", json!(1));
            default(p, "failureThreshold", json!(3));
            if let Some(http) = p.get_mut("httpGet").and_then(Value::as_object_mut) {
                default(http, "scheme", json!("HTTP"));
            }
        }
    }
}

/// `Always` for an image without a tag or tagged `latest` (and no digest), else `IfNotPresent`.
fn image_pull_policy(image: &str) -> &'static str {
    if image.contains('@') {
        return "IfNotPresent";
    }
    let last = image.rsplit('/').next().unwrap_or(image);
    match last.split_once(':') {
        Some((_, tag)) if tag != "latest" => "IfNotPresent",
        _ => "Always",
    }
}

const SOURCES: [&str; 4] = ["configMap", "secret", "downwardAPI", "projected"];

fn volume_defaults(v: &mut Map<String, Value>) {
    if v.keys().all(|k| k == "name") {
        v.insert("emptyDir".into(), json!({}));
    }
    for source in SOURCES {
        if let Some(s) = v.get_mut(source).and_then(Value::as_object_mut) {
            default(s, "defaultMode", json!(420));
            downward_items(s);
        }
    }
    let projected = v.get_mut("projected").and_then(Value::as_object_mut);
    for source in objects(projected.and_then(|p| p.get_mut("sources"))) {
        if let Some(token) = source
            .get_mut("serviceAccountToken")
            .and_then(Value::as_object_mut)
        {
            default(token, "expirationSeconds", json!(3600));
        }
        if let Some(d) = source.get_mut("downwardAPI").and_then(Value::as_object_mut) {
            downward_items(d);
        }
    }
}

fn downward_items(source: &mut Map<String, Value>) {
    for item in objects(source.get_mut("items")) {
        if let Some(field_ref) = item.get_mut("fieldRef").and_then(Value::as_object_mut) {
            default(field_ref, "apiVersion", json!("v1"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_apiserver_defaults_are_filled_and_set_values_kept() {
        let mut pod = json!({"spec": {
            "containers": [{"name": "a", "image": "x:1", "ports": [{"containerPort": 80}],
                "env": [{"name": "N", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}}],
                "readinessProbe": {"httpGet": {"port": 80}, "periodSeconds": 2}}],
            "initContainers": [{"name": "b", "image": "x", "imagePullPolicy": "Never"}],
            "volumes": [{"name": "e"}, {"name": "c", "configMap": {"name": "c"}},
                {"name": "d", "downwardAPI": {"items": [{"path": "l", "fieldRef": {"fieldPath": "metadata.labels"}}]}},
                {"name": "t", "projected": {"sources": [{"serviceAccountToken": {"path": "t"}}]}}]
        }});
        apply(&mut pod);
        let a = &pod["spec"]["containers"][0];
        assert_eq!(a["terminationMessagePath"], "/dev/termination-log");
        assert_eq!(a["imagePullPolicy"], "IfNotPresent");
        assert_eq!(a["ports"][0]["protocol"], "TCP");
        assert_eq!(a["env"][0]["valueFrom"]["fieldRef"]["apiVersion"], "v1");
        assert_eq!(a["readinessProbe"]["periodSeconds"], 2);
        assert_eq!(a["readinessProbe"]["timeoutSeconds"], 1);
        assert_eq!(a["readinessProbe"]["httpGet"]["scheme"], "HTTP");
        assert_eq!(pod["spec"]["initContainers"][0]["imagePullPolicy"], "Never");
        let v = &pod["spec"]["volumes"];
        assert_eq!(v[0]["emptyDir"], json!({}));
        assert_eq!(v[1]["configMap"]["defaultMode"], 420);
        assert_eq!(
            v[2]["downwardAPI"]["items"][0]["fieldRef"]["apiVersion"],
            "v1"
        );
        assert_eq!(
            v[3]["projected"]["sources"][0]["serviceAccountToken"]["expirationSeconds"],
            3600
        );
    }

    #[test]
    fn pull_policy_follows_the_tag() {
        assert_eq!(image_pull_policy("proxyv2"), "Always");
        assert_eq!(image_pull_policy("proxyv2:latest"), "Always");
        assert_eq!(image_pull_policy("localhost:5000/proxyv2"), "Always");
        assert_eq!(
            image_pull_policy("localhost:5000/proxyv2:1.28"),
            "IfNotPresent"
        );
        assert_eq!(image_pull_policy("proxyv2@sha256:abc"), "IfNotPresent");
    }
}
