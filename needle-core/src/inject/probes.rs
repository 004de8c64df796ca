//! App probe rewriting: kubelet probes of app containers are sent to the agent's status port,
//! and the original probes go to the agent in `ISTIO_KUBE_APP_PROBERS`.

use crate::compat::path::At;
use crate::inject::annotations::parse_bool;
use crate::inject::pod::{self, PROXY_CONTAINER};
use serde_json::{Map, Value};

const PROBES: [(&str, &str, &str); 3] = [
    ("readinessProbe", "app-health", "readyz"),
    ("livenessProbe", "app-health", "livez"),
    ("startupProbe", "app-health", "startupz"),
];
const HOOKS: [(&str, &str, &str); 2] = [
    ("preStop", "app-lifecycle", "prestopz"),
    ("postStart", "app-lifecycle", "poststartz"),
];

/// Whether to rewrite: the pod annotation (if it parses as a bool) over the values setting.
pub fn should_rewrite(pod: &Value, values_setting: bool) -> bool {
    pod::annotation(pod, "sidecar.istio.io/rewriteAppHTTPProbers")
        .and_then(parse_bool)
        .unwrap_or(values_setting)
}

/// `DumpAppProbers`: the agent's prober config as compact JSON with sorted keys, or None.
pub fn dump_app_probers(pod: &Value, status_port: i64) -> Option<String> {
    let mut out = std::collections::BTreeMap::new();
    let all = pod::containers(pod, "initContainers")
        .iter()
        .chain(pod::containers(pod, "containers"));
    for c in all.filter(|c| pod::name_of(c) != PROXY_CONTAINER) {
        let has_handlers = PROBES.iter().any(|(field, _, _)| c.get(field).is_some())
            || c.get("lifecycle").is_some();
        if !has_handlers {
            continue;
        }
        let name = pod::name_of(c);
        let ports: Map<String, Value> = c
            .get("ports")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|p| {
                Some((
                    p.get("name")?
                        .as_str()
                        .filter(|n| !n.is_empty())?
                        .to_string(),
                    p.get("containerPort")?.clone(),
                ))
            })
            .collect();
        for (field, prefix, suffix) in PROBES {
            if let Some(p) = c
                .get(field)
                .and_then(|probe| prober(probe, true))
                .and_then(|p| resolve_port(p, &ports, status_port))
            {
                out.insert(format!("/{prefix}/{name}/{suffix}"), p);
            }
        }
        for (field, prefix, suffix) in HOOKS {
            if let Some(p) = c
                .at(&["lifecycle", field])
                .and_then(|h| prober(h, false))
                .and_then(|p| resolve_port(p, &ports, status_port))
            {
                out.insert(format!("/{prefix}/{name}/{suffix}"), p);
            }
        }
    }
    (!out.is_empty()).then(|| probers_json(&out))
}

/// The agent's view of a probe or hook: its action and (probes only) timeoutSeconds.
fn prober(handler: &Value, with_timeout: bool) -> Option<Value> {
    let kinds: &[&str] = if with_timeout {
        &["httpGet", "tcpSocket", "grpc"]
    } else {
        &["httpGet", "tcpSocket"]
    };
    let kind = kinds
        .iter()
        .find(|k| handler.get(**k).is_some_and(|v| !v.is_null()))?;
    let mut m = Map::new();
    m.insert(kind.to_string(), go_action(kind, &handler[*kind]));
    if with_timeout
        && let Some(t) = handler
            .get("timeoutSeconds")
            .filter(|t| t.as_i64().is_some_and(|n| n != 0))
    {
        m.insert("timeoutSeconds".into(), t.clone());
    }
    Some(Value::Object(m))
}

/// The prober map as Go marshals it: URLs sorted (a Go map), each prober and action in its
/// struct's field order; a gRPC action always carries `service` (null when unset).
fn probers_json(probers: &std::collections::BTreeMap<String, Value>) -> String {
    let entries: Vec<String> = probers
        .iter()
        .map(|(url, p)| format!("{}:{}", Value::from(url.as_str()), prober_json(p)))
        .collect();
    format!("{{{}}}", entries.join(","))
}

fn prober_json(p: &Value) -> String {
    let mut fields = Vec::new();
    for (kind, order) in [
        (
            "httpGet",
            &["path", "port", "host", "scheme", "httpHeaders"][..],
        ),
        ("tcpSocket", &["port", "host"][..]),
        ("grpc", &["port", "service"][..]),
    ] {
        if let Some(action) = p.get(kind) {
            let inner: Vec<String> = order
                .iter()
                .filter_map(|k| match action.get(*k) {
                    Some(v) => Some(format!("\"{k}\":{v}")),
                    None if kind == "grpc" && *k == "service" => Some("\"service\":null".into()),
                    None => None,
                })
                .collect();
            fields.push(format!("\"{kind}\":{{{}}}", inner.join(",")));
        }
    }
    if let Some(t) = p.get("timeoutSeconds") {
        fields.push(format!("\"timeoutSeconds\":{t}"));
    }
    format!("{{{}}}", fields.join(","))
}

/// The action as Go marshals the typed struct: known fields in Go order, empty ones left out.
fn go_action(kind: &str, action: &Value) -> Value {
    let fields: &[&str] = match kind {
        "httpGet" => &["path", "port", "host", "scheme", "httpHeaders"],
        "tcpSocket" => &["port", "host"],
        _ => &["port", "service"],
    };
    let mut m = Map::new();
    for f in fields {
        match action.get(*f) {
            // `port`, and gRPC's `service`, a pointer in Go: set, even empty, it is written.
            Some(v) if *f == "port" || (*f == "service" && !v.is_null()) => {
                m.insert(f.to_string(), v.clone());
            }
            Some(v) if crate::compat::gofmt::truthy(v) => {
                m.insert(f.to_string(), v.clone());
            }
            _ if *f == "port" => {
                m.insert(f.to_string(), Value::from(0));
            }
            _ => {}
        }
    }
    Value::Object(m)
}

fn resolve_port(mut p: Value, named_ports: &Map<String, Value>, status_port: i64) -> Option<Value> {
    if p.get("grpc").is_some() {
        return Some(p);
    }
    let kind = if p.get("httpGet").is_some() {
        "httpGet"
    } else {
        "tcpSocket"
    };
    let port = p[kind].get("port").cloned().unwrap_or(Value::Null);
    match port {
        Value::String(name) => {
            let resolved = named_ports.get(&name)?.clone();
            p[kind]["port"] = resolved;
            Some(p)
        }
        Value::Number(n) if n.as_i64() == Some(status_port) => None,
        _ => Some(p),
    }
}

/// `patchRewriteProbe`: point every app probe and hook at the status port.
pub fn rewrite_probes(pod: &mut Value, status_port: i64) {
    let port = match pod::annotation(pod, "status.sidecar.istio.io/port") {
        // An unparseable annotation was already rejected by validation; Istio would use 0.
        Some(v) => v.trim().parse::<i64>().unwrap_or(0),
        None => status_port,
    };
    for list in ["containers", "initContainers"] {
        for c in pod::containers_mut(pod, list)
            .iter_mut()
            .filter(|c| pod::name_of(c) != PROXY_CONTAINER)
        {
            let name = pod::name_of(c).to_string();
            for (field, prefix, suffix) in PROBES {
                if let Some(probe) = c.get_mut(field) {
                    convert(probe, &format!("/{prefix}/{name}/{suffix}"), port, true);
                }
            }
            for (field, prefix, suffix) in HOOKS {
                if let Some(hook) = c.get_mut("lifecycle").and_then(|l| l.get_mut(field)) {
                    convert(hook, &format!("/{prefix}/{name}/{suffix}"), port, false);
                }
            }
        }
    }
}

fn convert(handler: &mut Value, url: &str, port: i64, allow_grpc: bool) {
    let Some(h) = handler.as_object_mut() else {
        return;
    };
    let has = |h: &Map<String, Value>, k: &str| h.get(k).is_some_and(|v| !v.is_null());
    if has(h, "httpGet") {
        // Not an object: a malformed pod (the apiserver would refuse it); left as it is.
        let Some(get) = h.get_mut("httpGet").and_then(Value::as_object_mut) else {
            return;
        };
        get.insert("path".into(), url.into());
        get.insert("port".into(), port.into());
        if get.get("scheme").and_then(Value::as_str) == Some("HTTPS") {
            get.insert("scheme".into(), "HTTP".into());
        }
        return;
    }
    let replaced = if has(h, "tcpSocket") {
        "tcpSocket"
    } else if allow_grpc && has(h, "grpc") {
        "grpc"
    } else {
        return;
    };
    h.remove(replaced);
    h.insert(
        "httpGet".into(),
        serde_json::json!({"path": url, "port": port}),
    );
}

/// `mergeOrAppendProbers`: on re-injection the existing entries win over new ones.
pub fn merge_or_append(sidecar: &mut Value, previously_injected: bool, probers: &str) {
    const NAME: &str = "ISTIO_KUBE_APP_PROBERS";
    if previously_injected
        && let Some(env) = sidecar.get_mut("env").and_then(Value::as_array_mut)
        && let Some(e) = env
            .iter_mut()
            .find(|e| e.get("name").and_then(Value::as_str) == Some(NAME))
    {
        let old = e
            .get("value")
            .and_then(Value::as_str)
            .and_then(|s| serde_json::from_str::<Map<String, Value>>(s).ok());
        let new = serde_json::from_str::<std::collections::BTreeMap<String, Value>>(probers).ok();
        if let (Some(old), Some(mut new)) = (old, new) {
            new.extend(old);
            *e = serde_json::json!({"name": NAME, "value": serde_json::to_string(&new).expect("JSON serializes")});
        }
        return;
    }
    pod::push_env(sidecar, NAME, probers);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pod_with(container: Value) -> Value {
        json!({"spec": {"containers": [container, {"name": "istio-proxy", "readinessProbe": {"httpGet": {"port": 15021}}}]}})
    }

    #[test]
    fn a_malformed_handler_is_left_alone() {
        let mut p = pod_with(json!({"name": "app", "readinessProbe": {"httpGet": "x"},
            "livenessProbe": {"httpGet": [1]}}));
        rewrite_probes(&mut p, 15020);
        assert_eq!(
            p["spec"]["containers"][0]["readinessProbe"],
            json!({"httpGet": "x"})
        );
    }

    #[test]
    fn an_empty_grpc_service_is_kept_as_go_keeps_a_set_pointer() {
        let p = pod_with(
            json!({"name": "app", "readinessProbe": {"grpc": {"port": 9001, "service": ""}}}),
        );
        assert_eq!(
            dump_app_probers(&p, 15020).unwrap(),
            r#"{"/app-health/app/readyz":{"grpc":{"port":9001,"service":""}}}"#
        );
    }

    #[test]
    fn http_tcp_grpc_probes_are_rewritten() {
        let mut p = pod_with(json!({
            "name": "app",
            "ports": [{"name": "http", "containerPort": 8080}],
            "readinessProbe": {"httpGet": {"path": "/ready", "port": "http", "scheme": "HTTPS"}, "timeoutSeconds": 2},
            "livenessProbe": {"tcpSocket": {"port": 9000}},
            "startupProbe": {"grpc": {"port": 9001}},
            "lifecycle": {"preStop": {"exec": {"command": ["x"]}}}
        }));
        let dump = dump_app_probers(&p, 15020).unwrap();
        assert_eq!(
            dump,
            r#"{"/app-health/app/livez":{"tcpSocket":{"port":9000}},"/app-health/app/readyz":{"httpGet":{"path":"/ready","port":8080,"scheme":"HTTPS"},"timeoutSeconds":2},"/app-health/app/startupz":{"grpc":{"port":9001,"service":null}}}"#
        );
        rewrite_probes(&mut p, 15020);
        let c = &p["spec"]["containers"][0];
        assert_eq!(
            c["readinessProbe"]["httpGet"],
            json!({"path": "/app-health/app/readyz", "port": 15020, "scheme": "HTTP"})
        );
        assert_eq!(
            c["livenessProbe"],
            json!({"httpGet": {"path": "/app-health/app/livez", "port": 15020}})
        );
        assert_eq!(
            c["startupProbe"],
            json!({"httpGet": {"path": "/app-health/app/startupz", "port": 15020}})
        );
        assert_eq!(
            c["lifecycle"]["preStop"],
            json!({"exec": {"command": ["x"]}})
        );
        assert_eq!(
            p["spec"]["containers"][1]["readinessProbe"]["httpGet"]["port"],
            15021
        );
    }

    #[test]
    fn unresolvable_named_port_and_status_port_are_dropped() {
        let p = pod_with(
            json!({"name": "app", "readinessProbe": {"httpGet": {"port": "nope"}}, "livenessProbe": {"httpGet": {"port": 15020}}}),
        );
        assert_eq!(dump_app_probers(&p, 15020), None);
    }

    #[test]
    fn existing_probers_win_on_reinjection() {
        let mut sidecar = json!({"env": [{"name": "ISTIO_KUBE_APP_PROBERS", "value": r#"{"/a":{"httpGet":{"port":1}}}"#}]});
        merge_or_append(
            &mut sidecar,
            true,
            r#"{"/a":{"httpGet":{"port":2}},"/b":{"httpGet":{"port":3}}}"#,
        );
        assert_eq!(
            sidecar["env"][0]["value"],
            r#"{"/a":{"httpGet":{"port":1}},"/b":{"httpGet":{"port":3}}}"#
        );
    }
}
