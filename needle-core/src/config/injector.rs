//! Injector inputs in Istio's formats: the `config` and `values` keys of the
//! `istio-sidecar-injector` ConfigMap and the `mesh` key of the `istio` ConfigMap.

use crate::compat::yaml;
use crate::config::mesh;
use indexmap::IndexMap;
use serde_json::Value;
use std::collections::BTreeMap;

/// A config input that could not be used; the message names the input and the field.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ConfigError {
    /// The text is not YAML (or JSON).
    #[error("{source_name}: {message}")]
    Syntax {
        source_name: String,
        message: String,
    },
    /// A field has a value Istio would not take.
    #[error("{source_name}: {message}")]
    Invalid {
        source_name: String,
        message: String,
    },
    /// A template that cannot be translated or compiled (the compiler's message: templates
    /// are compiled with the snapshot, a layer above).
    #[error("{source_name}: {message}")]
    Template {
        source_name: String,
        message: String,
    },
}

impl ConfigError {
    pub fn new(source_name: &str, message: impl Into<String>) -> Self {
        ConfigError::Invalid {
            source_name: source_name.to_string(),
            message: message.into(),
        }
    }

    fn syntax(source_name: &str, message: impl Into<String>) -> Self {
        ConfigError::Syntax {
            source_name: source_name.to_string(),
            message: message.into(),
        }
    }
}

impl crate::label::Labelled for ConfigError {
    fn label(&self) -> &'static str {
        match self {
            ConfigError::Syntax { .. } => "syntax",
            ConfigError::Invalid { .. } => "invalid_field",
            ConfigError::Template { .. } => "template",
        }
    }
}

/// The injection policy of the injector config. Istio takes any other text and injects
/// nothing; needle refuses it when the config loads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Policy {
    Enabled,
    Disabled,
}

impl Policy {
    /// `enabled` or `disabled`; `None` for anything else.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "enabled" => Some(Policy::Enabled),
            "disabled" => Some(Policy::Disabled),
            _ => None,
        }
    }
}

/// The parts of the injector config that decide selection.
#[derive(Debug, Clone)]
pub struct SelectionConfig {
    pub policy: Policy,
    pub never_inject_selector: Vec<Value>,
    pub always_inject_selector: Vec<Value>,
}

/// The `config` key of the `istio-sidecar-injector` ConfigMap.
#[derive(Debug, Clone)]
pub struct InjectorConfig {
    pub selection: SelectionConfig,
    pub injected_annotations: BTreeMap<String, String>,
    pub default_templates: Vec<String>,
    pub aliases: BTreeMap<String, Vec<String>>,
    /// Template text by name, as given in the config (Istio's Go-template format).
    pub templates: IndexMap<String, String>,
}

impl Default for InjectorConfig {
    fn default() -> Self {
        Self {
            selection: SelectionConfig {
                policy: Policy::Enabled,
                never_inject_selector: vec![],
                always_inject_selector: vec![],
            },
            injected_annotations: BTreeMap::new(),
            default_templates: vec!["sidecar".to_string()],
            aliases: BTreeMap::new(),
            templates: IndexMap::new(),
        }
    }
}

impl InjectorConfig {
    /// Parse the injector config YAML. Unknown keys are ignored, as Istio ignores them.
    pub fn parse(source_name: &str, text: &str) -> Result<Self, ConfigError> {
        let doc = yaml::parse_one_last_wins(text)
            .map_err(|e| ConfigError::syntax(source_name, e.to_string()))?;
        let map = match &doc {
            Value::Object(m) => m,
            Value::Null => return Ok(Self::default()),
            other => {
                return Err(ConfigError::new(
                    source_name,
                    format!(
                        "expected a mapping at the top level, found {}",
                        kind_of(other)
                    ),
                ));
            }
        };
        let field_err = |field: &str, want: &str| {
            ConfigError::new(source_name, format!("field {field}: expected {want}"))
        };
        let policy = match map.get("policy") {
            None | Some(Value::Null) => Policy::Enabled,
            // Istio takes any text and then injects nothing, logging on every pod; a typo
            // that silently turns injection off is refused at load instead.
            Some(Value::String(s)) => Policy::parse(s).ok_or_else(|| {
                ConfigError::new(
                    source_name,
                    format!("field policy: {s:?} is not a policy (enabled or disabled)"),
                )
            })?,
            Some(_) => return Err(field_err("policy", "a string (enabled or disabled)")),
        };
        let selectors = |field: &str| -> Result<Vec<Value>, ConfigError> {
            match map.get(field) {
                None | Some(Value::Null) => Ok(vec![]),
                Some(Value::Array(items)) if items.iter().all(Value::is_object) => {
                    Ok(items.clone())
                }
                Some(_) => Err(field_err(field, "a list of label selectors")),
            }
        };
        let string_map = |field: &str| -> Result<BTreeMap<String, String>, ConfigError> {
            match map.get(field) {
                None | Some(Value::Null) => Ok(BTreeMap::new()),
                Some(Value::Object(m)) => m
                    .iter()
                    .map(|(k, v)| {
                        v.as_str()
                            .map(|s| (k.clone(), s.to_string()))
                            .ok_or_else(|| field_err(&format!("{field}.{k}"), "a string"))
                    })
                    .collect(),
                Some(_) => Err(field_err(field, "a map of strings")),
            }
        };
        let string_list = |field: &str, v: &Value| -> Result<Vec<String>, ConfigError> {
            match v {
                Value::Null => Ok(vec![]),
                Value::Array(items) => items
                    .iter()
                    .map(|i| {
                        i.as_str()
                            .map(str::to_string)
                            .ok_or_else(|| field_err(field, "a list of strings"))
                    })
                    .collect(),
                _ => Err(field_err(field, "a list of strings")),
            }
        };
        let mut default_templates = string_list(
            "defaultTemplates",
            map.get("defaultTemplates").unwrap_or(&Value::Null),
        )?;
        if default_templates.is_empty() {
            default_templates = vec!["sidecar".to_string()];
        }
        let mut aliases = BTreeMap::new();
        if let Some(a) = map.get("aliases").filter(|v| !v.is_null()) {
            let a = a
                .as_object()
                .ok_or_else(|| field_err("aliases", "a map of template lists"))?;
            for (k, v) in a {
                aliases.insert(k.clone(), string_list(&format!("aliases.{k}"), v)?);
            }
        }
        let mut templates = IndexMap::new();
        if let Some(t) = map.get("templates").filter(|v| !v.is_null()) {
            let t = t
                .as_object()
                .ok_or_else(|| field_err("templates", "a map of template texts"))?;
            for (k, v) in t {
                let text = v
                    .as_str()
                    .ok_or_else(|| field_err(&format!("templates.{k}"), "a string"))?;
                templates.insert(k.clone(), text.to_string());
            }
        }
        Ok(Self {
            selection: SelectionConfig {
                policy,
                never_inject_selector: selectors("neverInjectSelector")?,
                always_inject_selector: selectors("alwaysInjectSelector")?,
            },
            injected_annotations: string_map("injectedAnnotations")?,
            default_templates,
            aliases,
            templates,
        })
    }
}

/// The `values` key: Helm values as JSON (YAML is accepted too, as Istio accepts it).
pub fn parse_values(source_name: &str, text: &str) -> Result<Value, ConfigError> {
    let v = yaml::parse_one_last_wins(text)
        .map_err(|e| ConfigError::syntax(source_name, e.to_string()))?;
    match v {
        Value::Object(_) => Ok(v),
        Value::Null => Ok(Value::Object(Default::default())),
        other => Err(ConfigError::new(
            source_name,
            format!(
                "expected a mapping at the top level, found {}",
                kind_of(&other)
            ),
        )),
    }
}

/// The `mesh` key: MeshConfig YAML applied over Istio's mesh defaults.
pub fn parse_mesh(source_name: &str, text: &str) -> Result<Value, ConfigError> {
    let user = yaml::parse_one_last_wins(text)
        .map_err(|e| ConfigError::syntax(source_name, e.to_string()))?;
    match user {
        Value::Object(_) | Value::Null => {
            mesh::apply_mesh_config(&user).map_err(|e| ConfigError::new(source_name, e))
        }
        other => Err(ConfigError::new(
            source_name,
            format!(
                "expected a mapping at the top level, found {}",
                kind_of(&other)
            ),
        )),
    }
}

pub fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a mapping",
    }
}

#[cfg(test)]
mod tests {
    /// Istio reads its config, values and mesh config leniently: a key given twice takes
    /// its last value.
    #[test]
    fn a_repeated_key_takes_its_last_value_as_in_istio() {
        let c = InjectorConfig::parse("config", "policy: disabled\npolicy: enabled\n").unwrap();
        assert_eq!(c.selection.policy, Policy::Enabled);
        let v = parse_values("values", r#"{"global": {"a": 1}, "global": {"a": 2}}"#).unwrap();
        assert_eq!(v["global"]["a"], 2);
        let m = parse_mesh("mesh", "trustDomain: a\ntrustDomain: b\n").unwrap();
        assert_eq!(m["trustDomain"], "b");
    }

    use super::*;

    #[test]
    fn parses_istio_injector_config() {
        let c = InjectorConfig::parse(
            "config",
            "policy: disabled\nalwaysInjectSelector: [{matchLabels: {a: b}}]\nneverInjectSelector: []\ninjectedAnnotations: {x: z}\ntemplate: ignored\ndefaultTemplates: []\naliases: {both: [sidecar, spire]}\ntemplates:\n  sidecar: 'text'\n",
        )
        .unwrap();
        assert_eq!(c.selection.policy, Policy::Disabled);
        assert_eq!(c.selection.always_inject_selector.len(), 1);
        assert_eq!(c.default_templates, ["sidecar"]);
        assert_eq!(c.aliases["both"], ["sidecar", "spire"]);
        assert_eq!(c.injected_annotations["x"], "z");
        assert_eq!(c.templates["sidecar"], "text");
    }

    #[test]
    fn wrong_types_name_the_field() {
        let err = InjectorConfig::parse("inject.yaml", "policy: sometimes\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "inject.yaml: field policy: \"sometimes\" is not a policy (enabled or disabled)"
        );
        let err = InjectorConfig::parse("inject.yaml", "policy: [1]\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "inject.yaml: field policy: expected a string (enabled or disabled)"
        );
        let err = InjectorConfig::parse("inject.yaml", "templates: {sidecar: 3}\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "inject.yaml: field templates.sidecar: expected a string"
        );
    }
}
