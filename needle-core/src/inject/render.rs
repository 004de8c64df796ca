//! Rendering injection templates with minijinja: needle's own (JSON) and Istio's Go
//! templates translated (YAML), with Istio's template functions (`funcs`) and, for the
//! translated ones, Go's and Sprig's (`gotemplate`).

use crate::compat::{compact, relaxed_json};
use crate::compat::{normalize, yaml};
use crate::gotemplate;
use crate::inject::json_view::JsonView;
use crate::inject::vars::{Var, Vars};
use crate::inject::{context, funcs};
use minijinja::value::{Enumerator, Object, Value as MjValue, ValueKind};
use minijinja::{AutoEscape, Environment, Error, Output, State, UndefinedBehavior};
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
pub type SharedContext = Arc<Vars>;

/// What a template sees: the pod's variables over the snapshot's shared ones, looked up in
/// place (no merged copy of the two per render).
#[derive(Debug)]
struct RenderContext {
    pod: Arc<Vars>,
    shared: SharedContext,
}

impl Object for RenderContext {
    fn get_value(self: &Arc<Self>, key: &MjValue) -> Option<MjValue> {
        self.get_value_by_str(key.as_str()?)
    }

    fn get_value_by_str(self: &Arc<Self>, key: &str) -> Option<MjValue> {
        // Not a variable: minijinja goes on to the globals (the template functions).
        let var = Var::named(key)?;
        self.pod.get(var).or_else(|| self.shared.get(var)).cloned()
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        let pod = self.pod.held();
        let shared = self.shared.held().filter(|v| self.pod.get(*v).is_none());
        Enumerator::Values(pod.chain(shared).map(|v| MjValue::from(v.name())).collect())
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
    /// text), which are translated to minijinja and render YAML with the functions `release`'s
    /// injector gives them.
    pub fn compile(
        go_templates: &[(String, String)],
        release: crate::release::Release,
    ) -> Result<Self, RenderError> {
        let functions = funcs::istio_functions(release);
        let host = gotemplate::Host {
            functions: &functions,
            typed_functions: funcs::TYPED_FUNCTIONS,
            data_lacks: context::template_data_lacks(release),
        };
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
        env.set_formatter(format_output);
        gotemplate::register(&mut env);
        funcs::register(&mut env);
        for (name, text) in BUILTIN_TEMPLATES {
            env.add_template(name, text)
                .map_err(|e| template_error(name, &e))?;
        }
        for (name, text) in go_templates {
            let source = gotemplate::translate(text, host).map_err(|e| RenderError::Template {
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
        vars: &Arc<Vars>,
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
            // It then decodes the YAML into its typed Pod, which drops a field the Pod type
            // lacks (`fsGroup` in a container's securityContext, written by templates before
            // 1.17).
            Format::Yaml => match yaml::parse_one_with(&text, yaml::DuplicateKeys::LastWins) {
                Ok(Value::Null) => Ok(Value::Object(Default::default())),
                Ok(mut v) => {
                    normalize::drop_unknown_fields(&mut v);
                    Ok(v)
                }
                Err(message) => Err(RenderError::Output {
                    name: name.to_string(),
                    format: "YAML",
                    message: message.to_string(),
                }),
            },
        }
    }
}

/// What `{{ }}` writes: as minijinja's own formatter, except in a JSON template for a string
/// (most of what needle's templates print), which goes straight into the output with JSON's
/// escapes where minijinja would first build its JSON text apart and then copy it, and for a
/// viewed JSON tree (`proxy_resources`), written from the tree itself rather than through
/// minijinja's serializer (six times the work). Either way the text means the same JSON.
fn format_output(out: &mut Output, state: &mut State, value: &MjValue) -> Result<(), Error> {
    if matches!(state.auto_escape(), AutoEscape::Json) && !value.is_safe() {
        if value.kind() == ValueKind::String
            && let Some(s) = value.as_str()
        {
            return write_json_string(out, s).map_err(Error::from);
        }
        if let Some(view) = value.downcast_object_ref::<JsonView>() {
            return out
                .write_str(&compact::to_string(view.value()))
                .map_err(Error::from);
        }
    }
    minijinja::escape_formatter(out, state, value)
}

/// `s` as a JSON string, escaped as minijinja's JSON (and serde_json) escape it.
fn write_json_string(out: &mut impl std::fmt::Write, s: &str) -> std::fmt::Result {
    out.write_char('"')?;
    compact::escaped(s, |piece| out.write_str(piece))?;
    out.write_char('"')
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A string printed into a JSON template is what minijinja's own formatter prints.
    #[test]
    fn json_strings_print_as_minijinjas_formatter_prints_them() {
        let mut strings: Vec<String> = (0u8..0x20)
            .chain([b'"', b'\\', b'/', b'<', b'&', b'\'', 0x7f])
            .map(|b| format!("ab{}cdefghijklmnopqrstu", char::from(b)))
            .collect();
        strings.extend([
            "".into(),
            "plain".into(),
            "é 漢字 🎉".into(),
            "x".repeat(40),
        ]);
        let ours = Templates::compile(&[], crate::release::Release::NEWEST).unwrap();
        let mut theirs = Environment::new();
        theirs.set_auto_escape_callback(|_| AutoEscape::Json);
        for s in &strings {
            let ctx = minijinja::context! { s => s, n => 15020, b => true, m => minijinja::context! { k => s } };
            let text = "{{ s }} {{ n }} {{ b }} {{ m }} {{ s | safe }}";
            let want = theirs.render_str(text, &ctx).unwrap();
            let got = ours.env.render_named_str("t.json", text, &ctx).unwrap();
            assert_eq!(got, want, "{s:?}");
        }
    }
}
