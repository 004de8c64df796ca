//! needle's built-in mesh defaults are Istio's `mesh.DefaultMeshConfig()`: the raw `mesh` key
//! of Istio's rendered `istio` ConfigMap (the corpus's `rendered/default/mesh-configmap.yaml`),
//! loaded over them as `--meshConfigFile` loads it, gives Istio's effective mesh config
//! (`rendered/default/mesh.yaml`, written by protomarshal, which leaves out proto3 zero values).

mod common;

use common::golden_cases::corpus_dir;
use needle::core::config::parse_mesh;
use serde_json::Value;

/// Enum fields needle's defaults spell out at their proto3 zero value, which protomarshal
/// leaves out: `MeshConfig.AccessLogEncoding` TEXT = 0, `InboundTrafficPolicy.Mode`
/// PASSTHROUGH = 0.
const ENUM_ZEROS: &[(&str, &str)] = &[
    ("/accessLogEncoding", "TEXT"),
    ("/inboundTrafficPolicy/mode", "PASSTHROUGH"),
];

fn is_zero(path: &str, v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => true,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty() || ENUM_ZEROS.contains(&(path, s.as_str())),
        Value::Array(a) => a.is_empty(),
        Value::Object(_) | Value::Bool(true) => false,
    }
}

/// Where needle's effective mesh config and Istio's differ: a field Istio prints must have
/// Istio's value; a field only needle has must be a zero value Istio leaves out.
fn mesh_differences(needle: &Value, istio: &Value, path: &str, out: &mut Vec<String>) {
    match (needle, istio) {
        (Value::Object(n), Value::Object(i)) => {
            for (k, nv) in n {
                let p = format!("{path}/{k}");
                match i.get(k) {
                    Some(iv) => mesh_differences(nv, iv, &p, out),
                    None if nv.is_object() => {
                        mesh_differences(nv, &Value::Object(Default::default()), &p, out)
                    }
                    None if !is_zero(&p, nv) => out.push(format!(
                        "{p}: needle has {nv}, Istio's effective config leaves it at zero"
                    )),
                    None => {}
                }
            }
            for (k, iv) in i.iter().filter(|(k, _)| !n.contains_key(*k)) {
                out.push(format!("{path}/{k}: missing in needle, Istio has {iv}"));
            }
        }
        (n, i) if n != i => out.push(format!("{path}: needle has {n}, Istio has {i}")),
        _ => {}
    }
}

#[test]
fn configmap_over_builtin_defaults_is_istios_effective_mesh() {
    let dir = corpus_dir().join("istio-inject/rendered/default");
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let needle = parse_mesh("mesh-configmap.yaml", &read("mesh-configmap.yaml")).unwrap();
    let istio = needle::core::compat::yaml::parse_one(&read("mesh.yaml")).unwrap();
    let mut diffs = Vec::new();
    mesh_differences(&needle, &istio, "", &mut diffs);
    let fields = istio.as_object().map_or(0, |o| o.len());
    println!(
        "mesh defaults: {}/{fields} top-level fields of Istio's effective mesh config agree, {} differences",
        istio.as_object().map_or(0, |o| o
            .keys()
            .filter(|k| !diffs.iter().any(|d| d.starts_with(&format!("/{k}"))))
            .count()),
        diffs.len()
    );
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}
