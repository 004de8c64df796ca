//! `needle template check`: for every template of an injector config, whether it translates,
//! which functions it calls, where it renders from and what it does to a sample pod, so a team
//! can check its ConfigMap before pointing the webhook at needle.

use crate::config::InjectorConfig;
use crate::gotemplate::{Host, translate, uses::functions_used};
use crate::inject::Snapshot;
use crate::inject::admit::{Admission, Decision, Settings, admit};
use crate::inject::funcs::{ISTIO_FUNCTIONS, TYPED_FUNCTIONS};
use crate::inject::pod;
use crate::inject::snapshot::{TemplateOrigin, TemplateSource, template_origin};
use crate::release::Release;
use serde_json::{Value, json};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Templates Istio's injector only parses: the gateway deployment controller renders them,
/// with data of its own (spec D27).
const CONTROLLER_TEMPLATES: [&str; 4] = [
    "waypoint",
    "kube-gateway",
    "agentgateway",
    "agentgateway-waypoint",
];

/// What the check found for one template.
#[derive(Debug, Clone, PartialEq)]
pub struct TemplateCheck {
    pub name: String,
    pub origin: TemplateOrigin,
    /// `Err` with the translation's message (position included).
    pub translation: Result<(), String>,
    pub functions: Vec<String>,
    pub sample: Sample,
}

/// The sample pod (one `app` container) with only this template selected.
#[derive(Debug, Clone, PartialEq)]
pub enum Sample {
    /// Injected: the containers and init containers the template added.
    Injected {
        containers: Vec<String>,
        init_containers: Vec<String>,
    },
    /// The injection failed with this message (the webhook would deny the pod).
    Denied(String),
    NotRendered(String),
}

impl TemplateCheck {
    pub fn passed(&self) -> bool {
        self.translation.is_ok() && !matches!(self.sample, Sample::Denied(_))
    }
}

fn sample_pod(template: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": "sample", "namespace": "default", "labels": {"app": "sample"},
            "annotations": {"inject.istio.io/templates": template}},
        "spec": {"containers": [{"name": "app", "image": "registry.example/app:1",
            "ports": [{"name": "http", "containerPort": 8080}],
            "readinessProbe": {"httpGet": {"path": "/ready", "port": 8080}}}]}})
}

/// Check every template `config` defines. `snapshot` is the config loaded (`None` when it
/// does not load: nothing is rendered then).
pub fn check(
    config: &InjectorConfig,
    source: TemplateSource,
    snapshot: Option<&Snapshot>,
    settings: &Settings,
) -> Vec<TemplateCheck> {
    config
        .templates
        .iter()
        .map(|(name, text)| {
            let release = snapshot.map_or(Release::NEWEST, |s| s.release.release);
            let origin = template_origin(name, Some(text), source, release);
            let host = Host {
                functions: ISTIO_FUNCTIONS,
                typed_functions: TYPED_FUNCTIONS,
                data_lacks: &[],
            };
            let translation = translate(text, host).map(|_| ()).map_err(|e| e.to_string());
            let functions = functions_used(text)
                .map(|f| f.into_iter().collect())
                .unwrap_or_default();
            let sample = match snapshot {
                _ if CONTROLLER_TEMPLATES.contains(&name.as_str()) => Sample::NotRendered(
                    "rendered by the gateway deployment controller, not the injector".into(),
                ),
                None => Sample::NotRendered("the config does not load".into()),
                Some(snapshot) => render_sample(snapshot, settings, name),
            };
            TemplateCheck {
                name: name.clone(),
                origin,
                translation,
                functions,
                sample,
            }
        })
        .collect()
}

fn render_sample(snapshot: &Snapshot, settings: &Settings, name: &str) -> Sample {
    let pod = sample_pod(name);
    let envs = BTreeMap::new();
    match admit(
        snapshot,
        settings,
        Admission::webhook(Cow::Borrowed(&pod), "default", &envs),
    ) {
        Decision::Injected(injected, _) => {
            let pod = match injected.into_pod() {
                Ok(pod) => pod,
                Err(reason) => return Sample::Denied(reason),
            };
            let added = |list: &str| -> Vec<String> {
                pod::containers(&pod, list)
                    .iter()
                    .map(|c| pod::name_of(c).to_string())
                    .filter(|n| n != "app")
                    .collect()
            };
            Sample::Injected {
                containers: added("containers"),
                init_containers: added("initContainers"),
            }
        }
        Decision::Denied(reason) => Sample::Denied(reason.to_string()),
        Decision::Skipped(reason) => Sample::NotRendered(format!("not injected: {reason}")),
    }
}

/// The report: a paragraph per template, then a summary line.
pub fn report(checks: &[TemplateCheck]) -> String {
    let mut out = String::new();
    for c in checks {
        out.push_str(&format!(
            "template {}: renders from {}\n",
            c.name,
            c.origin.describe()
        ));
        match &c.translation {
            Ok(()) => out.push_str("  translates: yes\n"),
            Err(e) => out.push_str(&format!("  translates: no: {e}\n")),
        }
        let functions = if c.functions.is_empty() {
            "none".to_string()
        } else {
            c.functions.join(", ")
        };
        out.push_str(&format!("  functions:  {functions}\n"));
        let sample = match &c.sample {
            Sample::Injected {
                containers,
                init_containers,
            } => format!(
                "injected (containers: {}; initContainers: {})",
                list_or_none(containers),
                list_or_none(init_containers)
            ),
            Sample::Denied(reason) => format!("denied: {reason}"),
            Sample::NotRendered(why) => format!("not rendered: {why}"),
        };
        out.push_str(&format!("  sample pod: {sample}\n"));
    }
    let failed = checks.iter().filter(|c| !c.passed()).count();
    out.push_str(&format!(
        "template check: {} templates, {} fail\n",
        checks.len(),
        failed
    ));
    out
}

fn list_or_none(names: &[String]) -> String {
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inject::snapshot::{self, Source, Sources};

    const CONFIG: &str = r#"defaultTemplates: [sidecar]
policy: enabled
templates:
  sidecar: |
    spec:
      containers:
      - name: istio-proxy
        image: {{ .ProxyImage | quote }}
  broken: |
    {{ if }}
  old: |
    metadata:
      annotations:
        x: {{ .EstimatedConcurrency }}
  waypoint: |
    {{ .Anything }}
"#;

    #[test]
    fn each_template_is_translated_listed_and_rendered_on_its_own() {
        let config = InjectorConfig::parse("c.yaml", CONFIG).unwrap();
        // The config does not load (one template does not translate): nothing is rendered.
        assert!(
            snapshot::build(Sources {
                config: Some(Source {
                    name: "c.yaml",
                    text: CONFIG
                }),
                ..Sources::default()
            })
            .is_err()
        );
        let checks = check(&config, TemplateSource::Auto, None, &Settings::default());
        let names: Vec<&str> = checks.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["broken", "old", "sidecar", "waypoint"]);
        assert!(checks[0].translation.is_err());
        assert_eq!(checks[2].functions, ["quote"]);
        assert_eq!(checks[2].origin, TemplateOrigin::Config);

        let loadable = CONFIG.replace("  broken: |\n    {{ if }}\n", "");
        let config = InjectorConfig::parse("c.yaml", &loadable).unwrap();
        let snapshot = snapshot::build(Sources {
            config: Some(Source {
                name: "c.yaml",
                text: &loadable,
            }),
            ..Sources::default()
        })
        .unwrap();
        let checks = check(
            &config,
            TemplateSource::Auto,
            Some(&snapshot),
            &Settings::default(),
        );
        assert!(
            matches!(&checks[0].sample, Sample::Denied(m) if m.contains("can't evaluate field EstimatedConcurrency")),
            "{:?}",
            checks[0].sample
        );
        assert_eq!(
            checks[1].sample,
            Sample::Injected {
                containers: vec!["istio-proxy".into()],
                init_containers: vec![]
            }
        );
        assert!(matches!(checks[2].sample, Sample::NotRendered(_)));
        let text = report(&checks);
        assert!(
            text.ends_with("template check: 3 templates, 1 fail\n"),
            "{text}"
        );
    }
}
