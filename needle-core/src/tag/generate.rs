//! Revision tags (spec H): the MutatingWebhookConfiguration of a tag, made from the
//! revision's canonical injection webhook configuration as `istioctl tag generate` makes it:
//! Istio's tag entries (those of the chart's `revision-tags-mwc.yaml`), with the client
//! config, caBundle and reinvocation policy of the canonical configuration's first injector
//! entry, and its labels and annotations.

use serde_json::{Map, Value, json};

/// What the tag is and where it points.
#[derive(Debug, Clone)]
pub struct TagSpec<'a> {
    pub tag: &'a str,
    /// The revision the tag points at; `default` for the default revision.
    pub revision: &'a str,
    /// Istio's `--auto-inject-namespaces`: the `default` tag also takes unlabelled namespaces.
    pub auto_inject_namespaces: bool,
    /// Istio's `--webhook-name`; default `istio-revision-tag-<tag>`.
    pub webhook_name: Option<&'a str>,
    /// The namespace of the control plane (`istioctl -i`): the Service's namespace and, other
    /// than `istio-system`, a suffix of the default name.
    pub istio_namespace: &'a str,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum TagError {
    #[error(
        "cannot modify tag: cannot find MutatingWebhookConfiguration or Service with revision {0:?}"
    )]
    NoCanonical(String),
    #[error("cannot modify tag: found multiple canonical webhooks or services with revision {0:?}")]
    ManyCanonical(String),
    #[error("revision tag {0:?} already exists, and --overwrite is false")]
    Exists(String),
    #[error(
        "cannot create revision tag {0:?}: found existing control plane revision with same name"
    )]
    NamedLikeRevision(String),
    #[error(
        "revision tag {tag:?} belongs to needle's Helm release {release:?} (namespace {namespace:?}): \
         move or remove it in that release's values (`revisions[].tags` or `revisionTags`) and run \
         helm upgrade; a change made here would be undone by the next upgrade"
    )]
    InChart {
        tag: String,
        release: String,
        namespace: String,
    },
    #[error(
        "webhook configuration {0:?} has no entry named *sidecar-injector.istio.io with a clientConfig"
    )]
    NoInjectorEntry(String),
}

/// The revision's own configuration among these: labelled `istio.io/rev=<revision>` and
/// without `istio.io/tag` (istioctl's `istio.io/rev=<rev>,!istio.io/tag`).
pub fn canonical<'a>(configs: &'a [Value], revision: &str) -> Result<&'a Value, TagError> {
    let mut found = configs.iter().filter(|c| {
        let labels = &c["metadata"]["labels"];
        labels["istio.io/rev"] == revision && labels.get("istio.io/tag").is_none()
    });
    match (found.next(), found.next()) {
        (Some(config), None) => Ok(config),
        (None, _) => Err(TagError::NoCanonical(revision.to_string())),
        (Some(_), Some(_)) => Err(TagError::ManyCanonical(revision.to_string())),
    }
}

/// istioctl refuses to make a tag that a webhook configuration or a Service (of the control
/// plane's namespace) already carries, unless told to overwrite it.
pub fn check_new(configs: &[Value], services: &[Value], tag: &str) -> Result<(), TagError> {
    let tagged = |c: &Value| c["metadata"]["labels"]["istio.io/tag"] == tag;
    match configs.iter().chain(services).any(tagged) {
        true => Err(TagError::Exists(tag.to_string())),
        false => Ok(()),
    }
}

/// needle's chart installs the tags of its values (`revisionTags`, `revisions[].tags`),
/// labelled `app.kubernetes.io/component: revision-tag` (a tag `set` makes copies the labels of
/// its revision's configuration, Helm's among them, but not that one); `set` and `remove` leave
/// those to `helm upgrade` (even with `--overwrite`), naming the release.
pub fn check_not_in_chart(configs: &[Value], tag: &str) -> Result<(), TagError> {
    let charted = configs.iter().find(|c| {
        let labels = &c["metadata"]["labels"];
        labels["istio.io/tag"] == tag
            && labels["app.kubernetes.io/name"] == "needle"
            && labels["app.kubernetes.io/component"] == "revision-tag"
            && labels["app.kubernetes.io/managed-by"] == "Helm"
    });
    match charted {
        None => Ok(()),
        Some(config) => {
            let annotation = |key: &str| {
                let value = &config["metadata"]["annotations"][key];
                value.as_str().unwrap_or("?").to_string()
            };
            Err(TagError::InChart {
                tag: tag.to_string(),
                release: annotation("meta.helm.sh/release-name"),
                namespace: annotation("meta.helm.sh/release-namespace"),
            })
        }
    }
}

/// `tag set` refuses a tag named like a revision that has its own (untagged) configuration or
/// istiod Service, but for `default`.
pub fn check_not_a_revision(
    webhook_configs: &[Value],
    services: &[Value],
    tag: &str,
) -> Result<(), TagError> {
    let labels = |o: &Value| o["metadata"]["labels"].clone();
    let own = |l: &Value| l["istio.io/rev"] == tag && l.get("istio.io/tag").is_none();
    let collides = webhook_configs.iter().any(|c| own(&labels(c)))
        || services
            .iter()
            .any(|s| own(&labels(s)) && labels(s)["app"] == "istiod");
    match tag != "default" && collides {
        true => Err(TagError::NamedLikeRevision(tag.to_string())),
        false => Ok(()),
    }
}

/// The default revision's own configuration made to match nothing, as `tag set default`
/// leaves it: the `default` tag takes its namespaces and pods over.
pub fn deactivated(config: &Value) -> Value {
    let never = json!({"matchLabels": {"istio.io/deactivated": "never-match"}});
    let mut config = config.clone();
    for entry in config["webhooks"].as_array_mut().into_iter().flatten() {
        entry["namespaceSelector"] = never.clone();
        entry["objectSelector"] = never.clone();
    }
    config
}

/// What `tag set` prints once the tag is in the cluster.
pub fn created_message(tag: &str, revision: &str) -> String {
    format!(
        "Revision tag {tag:?} created, referencing control plane revision {revision:?}. To enable injection using this\nrevision tag, use 'kubectl label namespace <NAMESPACE> istio.io/rev={tag}'\n"
    )
}

/// The tag's MutatingWebhookConfiguration.
pub fn generate(canonical: &Value, spec: &TagSpec) -> Result<Value, TagError> {
    let source = injector_entry(canonical)?;
    let common = Entry {
        client_config: client_config(&source["clientConfig"], spec.istio_namespace),
        reinvocation_policy: source
            .get("reinvocationPolicy")
            .cloned()
            .unwrap_or(json!("Never")),
    };
    let mut webhooks = vec![
        common.with(
            "rev.namespace.",
            json!([
                in_values("istio.io/rev", spec.tag),
                absent("istio-injection")
            ]),
            json!([not_false()]),
        ),
        common.with(
            "rev.object.",
            json!([absent("istio.io/rev"), absent("istio-injection")]),
            json!([not_false(), in_values("istio.io/rev", spec.tag)]),
        ),
    ];
    if spec.tag == "default" {
        webhooks.push(common.with(
            "namespace.",
            json!([in_values("istio-injection", "enabled")]),
            json!([not_false()]),
        ));
        webhooks.push(common.with(
            "object.",
            json!([absent("istio-injection"), absent("istio.io/rev")]),
            json!([
                in_values("sidecar.istio.io/inject", "true"),
                absent("istio.io/rev")
            ]),
        ));
        if spec.auto_inject_namespaces {
            webhooks.push(common.with(
                "auto.",
                json!([absent("istio-injection"), absent("istio.io/rev"),
                    {"key": "kubernetes.io/metadata.name", "operator": "NotIn",
                     "values": ["kube-system", "kube-public", "kube-node-lease", "local-path-storage"]}]),
                json!([absent("sidecar.istio.io/inject"), absent("istio.io/rev")]),
            ));
        }
    }
    let mut metadata = json!({"name": tag_name(spec), "labels": labels(canonical, spec)});
    if let Some(annotations) = canonical["metadata"].get("annotations") {
        metadata["annotations"] = annotations.clone();
    }
    Ok(json!({
        "apiVersion": "admissionregistration.k8s.io/v1",
        "kind": "MutatingWebhookConfiguration",
        "metadata": metadata,
        "webhooks": webhooks,
    }))
}

/// An injection entry of Istio's (or needle's) configurations: named `*sidecar-injector.istio.io`.
pub(super) fn is_injection_entry(entry: &Value) -> bool {
    entry["name"]
        .as_str()
        .is_some_and(|n| n.ends_with("sidecar-injector.istio.io"))
}

/// The canonical configuration's first injector entry: what a tag's configurations copy.
pub(super) fn injector_entry(canonical: &Value) -> Result<&Value, TagError> {
    canonical["webhooks"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|w| is_injection_entry(w) && w["clientConfig"].is_object())
        .ok_or_else(|| {
            let name = canonical["metadata"]["name"].as_str().unwrap_or("");
            TagError::NoInjectorEntry(name.to_string())
        })
}

fn tag_name(spec: &TagSpec) -> String {
    match spec.webhook_name {
        Some(name) => name.to_string(),
        None if spec.istio_namespace == "istio-system" => {
            format!("istio-revision-tag-{}", spec.tag)
        }
        None => format!("istio-revision-tag-{}-{}", spec.tag, spec.istio_namespace),
    }
}

/// The tag's labels over the canonical's (but `app`), without the operator's: a tag made by
/// hand is not the operator's to manage.
fn labels(canonical: &Value, spec: &TagSpec) -> Value {
    let mut labels = Map::new();
    labels.insert("app".into(), json!("sidecar-injector"));
    labels.insert("istio.io/rev".into(), json!(spec.revision));
    labels.insert("istio.io/tag".into(), json!(spec.tag));
    merged_labels(labels, canonical)
}

/// A generated object's own labels with the canonical configuration's over them (but `app`,
/// which says what each object is), without the operator's: a tag made by hand is not the
/// operator's to manage.
pub(super) fn merged_labels(mut labels: Map<String, Value>, canonical: &Value) -> Value {
    if let Some(theirs) = canonical["metadata"]["labels"].as_object() {
        for (key, value) in theirs {
            if key != "app" {
                labels.insert(key.clone(), value.clone());
            }
        }
    }
    labels.retain(|key, _| !key.contains("operator.istio.io"));
    Value::Object(labels)
}

/// The canonical entry's URL, or its Service's name and path in the control plane's
/// namespace, with its caBundle.
fn client_config(source: &Value, istio_namespace: &str) -> Value {
    let mut config = match source.get("url") {
        Some(url) => json!({"url": url}),
        None => json!({"service": {
            "name": source["service"]["name"],
            "namespace": istio_namespace,
            "path": source["service"].get("path").cloned().unwrap_or(json!("/inject")),
            "port": 443,
        }}),
    };
    if let Some(bundle) = source.get("caBundle") {
        config["caBundle"] = bundle.clone();
    }
    config
}

struct Entry {
    client_config: Value,
    reinvocation_policy: Value,
}

impl Entry {
    fn with(&self, prefix: &str, namespace: Value, object: Value) -> Value {
        json!({
            "name": format!("{prefix}sidecar-injector.istio.io"),
            "clientConfig": self.client_config,
            "sideEffects": "None",
            "rules": [{"operations": ["CREATE"], "apiGroups": [""], "apiVersions": ["v1"],
                "resources": ["pods"]}],
            "failurePolicy": "Fail",
            "reinvocationPolicy": self.reinvocation_policy,
            "admissionReviewVersions": ["v1"],
            "namespaceSelector": {"matchExpressions": namespace},
            "objectSelector": {"matchExpressions": object},
        })
    }
}

fn in_values(key: &str, value: &str) -> Value {
    json!({"key": key, "operator": "In", "values": [value]})
}

fn absent(key: &str) -> Value {
    json!({"key": key, "operator": "DoesNotExist"})
}

fn not_false() -> Value {
    json!({"key": "sidecar.istio.io/inject", "operator": "NotIn", "values": ["false"]})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(name: &str, labels: Value) -> Value {
        json!({"metadata": {"name": name, "labels": labels}, "webhooks": [
            {"name": "rev.namespace.sidecar-injector.istio.io",
             "clientConfig": {"url": "https://needle:15017/inject", "caBundle": "Q0E="},
             "reinvocationPolicy": "IfNeeded"}]})
    }

    #[test]
    fn a_tag_of_needles_chart_is_left_to_helm() {
        let mut prod = config(
            "istio-revision-tag-prod",
            json!({"istio.io/rev": "stable", "istio.io/tag": "prod",
                "app.kubernetes.io/name": "needle", "app.kubernetes.io/managed-by": "Helm",
                "app.kubernetes.io/component": "revision-tag"}),
        );
        prod["metadata"]["annotations"] = json!({"meta.helm.sh/release-name": "needle",
            "meta.helm.sh/release-namespace": "istio-system"});
        assert_eq!(
            check_not_in_chart(std::slice::from_ref(&prod), "prod")
                .unwrap_err()
                .to_string(),
            "revision tag \"prod\" belongs to needle's Helm release \"needle\" (namespace \
             \"istio-system\"): move or remove it in that release's values (`revisions[].tags` or \
             `revisionTags`) and run helm upgrade; a change made here would be undone by the next \
             upgrade"
        );
        assert_eq!(
            check_not_in_chart(std::slice::from_ref(&prod), "live"),
            Ok(())
        );
        // A tag made by `set` from a revision of the chart (Helm's labels copied), or one of
        // Istio's own chart, is `set`'s to move, as with istioctl.
        let mut made = prod.clone();
        made["metadata"]["labels"]
            .as_object_mut()
            .unwrap()
            .remove("app.kubernetes.io/component");
        assert_eq!(check_not_in_chart(&[made], "prod"), Ok(()));
        prod["metadata"]["labels"]["app.kubernetes.io/name"] = json!("istiod");
        assert_eq!(check_not_in_chart(&[prod], "prod"), Ok(()));
    }

    fn spec(tag: &str) -> TagSpec<'_> {
        TagSpec {
            tag,
            revision: "canary",
            auto_inject_namespaces: false,
            webhook_name: None,
            istio_namespace: "istio-system",
        }
    }

    #[test]
    fn the_canonical_configuration_is_the_one_untagged_of_the_revision() {
        let configs = [
            config(
                "istio-sidecar-injector-canary",
                json!({"istio.io/rev": "canary"}),
            ),
            config(
                "istio-revision-tag-prod",
                json!({"istio.io/rev": "canary", "istio.io/tag": "prod"}),
            ),
            config("istio-sidecar-injector", json!({"istio.io/rev": "default"})),
        ];
        let found = canonical(&configs, "canary").unwrap();
        assert_eq!(found["metadata"]["name"], "istio-sidecar-injector-canary");
        assert_eq!(
            canonical(&configs, "stable").unwrap_err().to_string(),
            r#"cannot modify tag: cannot find MutatingWebhookConfiguration or Service with revision "stable""#
        );
        assert_eq!(
            check_new(&configs, &[], "prod").unwrap_err().to_string(),
            r#"revision tag "prod" already exists, and --overwrite is false"#
        );
        assert_eq!(check_new(&configs, &[], "stable"), Ok(()));
        let service =
            json!({"metadata": {"labels": {"istio.io/rev": "canary", "istio.io/tag": "stable"}}});
        assert_eq!(
            check_new(&configs, &[service], "stable"),
            Err(TagError::Exists("stable".into()))
        );
        let twice = [configs[0].clone(), configs[0].clone()];
        assert_eq!(
            canonical(&twice, "canary"),
            Err(TagError::ManyCanonical("canary".into()))
        );
    }

    #[test]
    fn a_tag_keeps_the_canonical_client_config_and_drops_operator_labels() {
        let canonical = config(
            "istio-sidecar-injector-canary",
            json!({"istio.io/rev": "canary", "app": "x", "operator.istio.io/component": "Pilot", "team": "mesh"}),
        );
        let tag = generate(&canonical, &spec("prod")).unwrap();
        assert_eq!(tag["metadata"]["name"], "istio-revision-tag-prod");
        assert_eq!(
            tag["metadata"]["labels"],
            json!({"app": "sidecar-injector", "istio.io/rev": "canary", "istio.io/tag": "prod", "team": "mesh"})
        );
        let hooks = tag["webhooks"].as_array().unwrap();
        assert_eq!(hooks.len(), 2);
        for hook in hooks {
            assert_eq!(
                hook["clientConfig"],
                json!({"url": "https://needle:15017/inject", "caBundle": "Q0E="})
            );
            assert_eq!(hook["reinvocationPolicy"], "IfNeeded");
        }
        let auto = TagSpec {
            auto_inject_namespaces: true,
            ..spec("default")
        };
        let hooks = generate(&canonical, &auto).unwrap()["webhooks"].clone();
        let names: Vec<&str> = hooks
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["name"].as_str().unwrap())
            .collect();
        assert_eq!(names.len(), 5);
        assert_eq!(names[4], "auto.sidecar-injector.istio.io");
    }

    #[test]
    fn a_configuration_without_injector_entries_is_an_error() {
        let bare = json!({"metadata": {"name": "x"}, "webhooks": [{"name": "other.example"}]});
        assert_eq!(
            generate(&bare, &spec("prod")),
            Err(TagError::NoInjectorEntry("x".into()))
        );
    }

    #[test]
    fn set_refuses_a_revision_name_and_deactivates_the_default_revision() {
        let obj = |labels: Value| json!({"metadata": {"labels": labels}, "webhooks": [{"name": "a"}, {"name": "b"}]});
        let configs = [obj(json!({"istio.io/rev": "canary"}))];
        let services = [obj(json!({"istio.io/rev": "stable", "app": "istiod"}))];
        assert_eq!(
            check_not_a_revision(&configs, &services, "canary")
                .unwrap_err()
                .to_string(),
            r#"cannot create revision tag "canary": found existing control plane revision with same name"#
        );
        assert!(check_not_a_revision(&configs, &services, "stable").is_err());
        assert_eq!(check_not_a_revision(&configs, &services, "prod"), Ok(()));
        let off = deactivated(&configs[0]);
        for entry in off["webhooks"].as_array().unwrap() {
            let never = json!({"matchLabels": {"istio.io/deactivated": "never-match"}});
            assert_eq!(entry["namespaceSelector"], never);
            assert_eq!(entry["objectSelector"], never);
        }
    }
}
