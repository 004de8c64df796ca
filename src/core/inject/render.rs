//! Rendering injection templates with minijinja, with Istio's template functions.

use crate::core::compat::gofmt::{self, Numbers};
use crate::core::compat::relaxed_json;
use crate::core::compat::yaml;
use crate::core::gotemplate;
use crate::core::gotemplate::value::{sprint, sprint_value, to_json, to_template};
use minijinja::value::{Enumerator, Kwargs, Object, Value as MjValue, ValueKind};
use minijinja::{AutoEscape, Environment, Error, ErrorKind, State, UndefinedBehavior};
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::Arc;

/// needle's built-in templates, by the names Istio's injector config uses.
pub const BUILTIN_TEMPLATES: [(&str, &str); 5] = [
    (
        "sidecar",
        include_str!("../../../templates/sidecar.json.j2"),
    ),
    (
        "gateway",
        include_str!("../../../templates/gateway.json.j2"),
    ),
    (
        "grpc-simple",
        include_str!("../../../templates/grpc-simple.json.j2"),
    ),
    (
        "grpc-agent",
        include_str!("../../../templates/grpc-agent.json.j2"),
    ),
    ("spire", include_str!("../../../templates/spire.json.j2")),
];

/// Template variables shared by every render of a snapshot.
pub type SharedContext = Arc<std::collections::BTreeMap<String, MjValue>>;

/// The per-pod template variables (built by `context::build`, which includes the pod).
pub type PodVars = std::collections::BTreeMap<&'static str, MjValue>;

/// What a template sees: the pod's variables over the snapshot's shared ones, looked up in
/// place (no merged copy of the two per render).
#[derive(Debug)]
struct RenderContext {
    pod: Arc<PodVars>,
    shared: SharedContext,
}

impl Object for RenderContext {
    fn get_value(self: &Arc<Self>, key: &MjValue) -> Option<MjValue> {
        self.get_value_by_str(key.as_str()?)
    }

    fn get_value_by_str(self: &Arc<Self>, key: &str) -> Option<MjValue> {
        self.pod.get(key).or_else(|| self.shared.get(key)).cloned()
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        let pod = self.pod.keys().map(|k| MjValue::from(*k));
        let shared = self
            .shared
            .keys()
            .filter(|k| !self.pod.contains_key(k.as_str()))
            .map(|k| MjValue::from(k.as_str()));
        Enumerator::Values(pod.chain(shared).collect())
    }
}

/// Errors from compiling or running a template.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum RenderError {
    #[error("template {name}: {message}")]
    Template { name: String, message: String },
    #[error("template {name} rendered invalid {format}: {message}")]
    Output {
        name: String,
        format: &'static str,
        message: String,
    },
}

/// What a template renders: needle's built-ins JSON, translated Istio templates YAML.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Json,
    Yaml,
}

/// A compiled set of templates (compiled once per config snapshot).
pub struct Templates {
    env: Environment<'static>,
    yaml: Arc<BTreeSet<String>>,
}

impl std::fmt::Debug for Templates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.env.templates().map(|(n, _)| n).collect();
        f.debug_struct("Templates").field("names", &names).finish()
    }
}

impl Templates {
    /// Compile the built-in templates plus Istio-style Go templates (name, Go template
    /// text), which are translated to minijinja and render YAML.
    pub fn compile(go_templates: &[(String, String)]) -> Result<Self, RenderError> {
        let yaml: Arc<BTreeSet<String>> =
            Arc::new(go_templates.iter().map(|(n, _)| n.clone()).collect());
        let mut env = Environment::new();
        let no_escape = Arc::clone(&yaml);
        env.set_auto_escape_callback(move |name| {
            if no_escape.contains(name) {
                AutoEscape::None
            } else {
                AutoEscape::Json
            }
        });
        env.set_undefined_behavior(UndefinedBehavior::Chainable);
        register_functions(&mut env);
        gotemplate::register(&mut env);
        for (name, text) in BUILTIN_TEMPLATES {
            env.add_template(name, text)
                .map_err(|e| template_error(name, &e))?;
        }
        for (name, text) in go_templates {
            let source = gotemplate::translate(text).map_err(|e| RenderError::Template {
                name: name.clone(),
                message: format!("cannot translate the Go template: {e}"),
            })?;
            env.add_template_owned(name.clone(), source)
                .map_err(|e| template_error(name, &e))?;
        }
        Ok(Self { env, yaml })
    }

    /// The output format of a template.
    pub fn format(&self, name: &str) -> Format {
        if self.yaml.contains(name) {
            Format::Yaml
        } else {
            Format::Json
        }
    }

    /// Render a template and parse the pod fragment it produces. `shared` is the part of
    /// the context that is the same for every pod (values, mesh config), converted once per
    /// snapshot; `vars` is the per-pod part.
    pub fn render(
        &self,
        name: &str,
        shared: &SharedContext,
        vars: &Arc<PodVars>,
    ) -> Result<Value, RenderError> {
        let tmpl = self
            .env
            .get_template(name)
            .map_err(|e| template_error(name, &e))?;
        let ctx = MjValue::from_object(RenderContext {
            pod: Arc::clone(vars),
            shared: Arc::clone(shared),
        });
        let text = tmpl.render(ctx).map_err(|e| template_error(name, &e))?;
        match self.format(name) {
            Format::Json => relaxed_json::parse(&text).map_err(|e| RenderError::Output {
                name: name.to_string(),
                format: "JSON",
                message: e.to_string(),
            }),
            // Istio reads the rendered YAML with go-yaml's default reader, where a key the
            // template writes twice (`name` from the loop index and from a user volume mount
            // of `sidecar.istio.io/userVolumeMount`) takes its last value.
            Format::Yaml => match yaml::parse_one_with(&text, yaml::DuplicateKeys::LastWins) {
                Ok(Value::Null) => Ok(Value::Object(Default::default())),
                Ok(v) => Ok(v),
                Err(message) => Err(RenderError::Output {
                    name: name.to_string(),
                    format: "YAML",
                    message,
                }),
            },
        }
    }
}

fn template_error(name: &str, e: &Error) -> RenderError {
    let mut message = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        message.push_str(&format!(": {s}"));
        source = s.source();
    }
    RenderError::Template {
        name: name.to_string(),
        message,
    }
}

/// A pod annotation as the template value it already is (no copy of the text).
fn pod_annotation(state: &State, key: &str) -> Option<MjValue> {
    let v = state.lookup("annotations")?.get_attr(key).ok()?;
    v.as_str().is_some().then_some(v)
}

/// The pairs Go's `range $key, $value := x` visits: a map's entries by sorted key, a list's
/// items with their index as text; anything else fails with Go's message.
fn go_range(v: MjValue) -> Result<Vec<(MjValue, MjValue)>, Error> {
    let cannot = || {
        Error::new(
            ErrorKind::InvalidOperation,
            format!("range can't iterate over {v}"),
        )
    };
    match v.kind() {
        ValueKind::Map => {
            let mut keys: Vec<MjValue> = v.try_iter().map_err(|_| cannot())?.collect();
            keys.sort_by_key(|k| k.to_string());
            keys.into_iter()
                .map(|k| Ok((k.clone(), v.get_item(&k)?)))
                .collect()
        }
        ValueKind::Seq => Ok(v
            .try_iter()
            .map_err(|_| cannot())?
            .enumerate()
            .map(|(i, item)| (MjValue::from(i.to_string()), item))
            .collect()),
        _ => Err(cannot()),
    }
}

fn register_functions(env: &mut Environment<'static>) {
    // annotation(name, default): the pod annotation, else Go's fmt.Sprint of the default.
    env.add_function(
        "annotation",
        |state: &State, key: &str, default: MjValue| -> MjValue {
            pod_annotation(state, key).unwrap_or_else(|| sprint_value(default, Numbers::Float64))
        },
    );
    env.add_function("go_string", |v: MjValue| sprint_value(v, Numbers::Float64));
    env.add_function(
        "exclude_inbound_port",
        |port: MjValue, list: String| -> String {
            exclude_inbound_port(&sprint(&port, Numbers::Float64), &list)
        },
    );
    env.add_function(
        "append_multus_network",
        |existing: String, network: String| -> String {
            append_multus_network(&existing, &network)
        },
    );
    env.add_function("from_json", |s: String| -> MjValue {
        serde_json::from_str::<Value>(&s)
            .map(to_template)
            .unwrap_or_else(|_| MjValue::from("{}"))
    });
    env.add_function("omit_nil", |v: MjValue| -> MjValue {
        to_template(omit_nil(&to_json(&v)))
    });
    // Istio pastes `toYaml` of the value under a `name:` line, so anything but a map (or
    // nothing) there is broken YAML and fails the pod.
    env.add_function(
        "merge_object",
        |a: MjValue, b: MjValue| -> Result<MjValue, Error> {
            let mut out = to_json(&a);
            match (out.as_object_mut(), to_json(&b)) {
                (Some(o), Value::Object(extra)) => o.extend(extra),
                (_, Value::Null) => {}
                (_, other) => {
                    return Err(Error::new(
                        ErrorKind::InvalidOperation,
                        format!("cannot merge {other} into an object"),
                    ));
                }
            }
            Ok(to_template(out))
        },
    );
    env.add_filter("go_range", go_range);
    env.add_filter("go_trunc", |s: String, n: usize| -> String {
        go_trunc(&s, n)
    });
    env.add_filter("trim_all", |s: String, cutset: String| -> String {
        s.trim_matches(|c| cutset.contains(c)).to_string()
    });
    env.add_filter("go_bool", |v: MjValue| -> Result<bool, Error> {
        match to_json(&v) {
            Value::Bool(b) => Ok(b),
            Value::String(s) if s == "true" || s == "false" => Ok(s == "true"),
            other => Err(Error::new(
                ErrorKind::InvalidOperation,
                format!("expected a boolean, found {}", gofmt::sprint(&other)),
            )),
        }
    });
    env.add_filter("go_int", |v: MjValue, _kw: Kwargs| -> Result<i64, Error> {
        let j = to_json(&v);
        let parsed = match &j {
            Value::Number(n) => n
                .as_i64()
                .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64)),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        };
        parsed.ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidOperation,
                format!("expected an integer, found {:?}", gofmt::sprint(&j)),
            )
        })
    });
}

/// `excludeInboundPort`: add the status port to a comma list unless present, empty or "0".
pub fn exclude_inbound_port(port: &str, excluded: &str) -> String {
    let port = port.trim();
    if port.is_empty() || port == "0" {
        return excluded.to_string();
    }
    let mut out = Vec::new();
    for p in excluded.split(',') {
        if p == port {
            return excluded.to_string();
        }
        let p = p.trim();
        if !p.is_empty() {
            out.push(p);
        }
    }
    out.push(port);
    out.join(",")
}

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

/// `omitNil`: drop null map values and list items, recursively. A map or list that had
/// something dropped and ends up empty becomes null; one without nulls is left as it is.
pub fn omit_nil(v: &Value) -> Value {
    omit_nil_changed(v).0
}

fn omit_nil_changed(v: &Value) -> (Value, bool) {
    match v {
        Value::Null => (Value::Null, true),
        Value::Object(m) if m.values().any(|x| omit_nil_changed(x).1) => {
            let out: serde_json::Map<String, Value> = m
                .iter()
                .map(|(k, x)| (k.clone(), omit_nil(x)))
                .filter(|(_, x)| !x.is_null())
                .collect();
            (
                if out.is_empty() {
                    Value::Null
                } else {
                    Value::Object(out)
                },
                true,
            )
        }
        Value::Array(a) if a.iter().any(|x| omit_nil_changed(x).1) => {
            let out: Vec<Value> = a.iter().map(omit_nil).filter(|x| !x.is_null()).collect();
            (
                if out.is_empty() {
                    Value::Null
                } else {
                    Value::Array(out)
                },
                true,
            )
        }
        other => (other.clone(), false),
    }
}

/// Sprig `trunc`: the first n bytes (Go slices strings by byte).
pub(crate) fn go_trunc(s: &str, n: usize) -> String {
    if s.len() <= n {
        return s.to_string();
    }
    let mut end = n;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_string()
}

/// `ISTIO_META_POD_PORTS`: every container port as Go marshals a `ContainerPort`
/// (name, hostPort, containerPort, protocol, hostIP; empty fields left out), in a JSON list.
pub fn pod_ports_json(containers: &[Value]) -> String {
    let mut entries = Vec::new();
    for c in containers {
        for p in c
            .get("ports")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let fields: Vec<(&str, &Value)> =
                ["name", "hostPort", "containerPort", "protocol", "hostIP"]
                    .into_iter()
                    .filter_map(|key| {
                        Some((
                            key,
                            p.get(key)
                                .filter(|v| gofmt::truthy(v) || key == "containerPort")?,
                        ))
                    })
                    .collect();
            entries.push(gofmt::struct_json(&fields));
        }
    }
    if entries.is_empty() {
        return "[\n]".to_string();
    }
    format!("[\n    {}\n]", entries.join("\n    ,"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn exclude_inbound_port_matches_istio() {
        assert_eq!(exclude_inbound_port("15020", ""), "15020");
        assert_eq!(exclude_inbound_port("15020", "80, 81"), "80,81,15020");
        assert_eq!(exclude_inbound_port("15020", "15020,80"), "15020,80");
        assert_eq!(exclude_inbound_port("0", "80"), "80");
    }

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

    #[test]
    fn omit_nil_drops_nulls_recursively() {
        assert_eq!(
            omit_nil(&json!({"a": null, "b": {"c": null}, "d": [null, 1]})),
            json!({"d": [1]})
        );
    }

    #[test]
    fn pod_ports_follow_go_field_order() {
        let c = vec![json!({"ports": [{"containerPort": 80, "name": "http", "protocol": "TCP"}]})];
        assert_eq!(
            pod_ports_json(&c),
            "[\n    {\"name\":\"http\",\"containerPort\":80,\"protocol\":\"TCP\"}\n]"
        );
    }
}
