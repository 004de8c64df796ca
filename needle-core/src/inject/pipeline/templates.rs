//! Which templates a pod gets, and rendering them over the pod's template variables.

use super::InjectError;
use super::prepare::Proxy;
use crate::config::InjectorConfig;
use crate::inject::Snapshot;
use crate::inject::admit::{Admission, Caller, Settings};
use crate::inject::context::{self, ContextInput};
use crate::inject::pod;
use serde_json::Value;
use std::borrow::Cow;
use std::sync::Arc;

/// Each selected template rendered, in order, up to the first that fails. The templates read
/// the pod where it is (`JsonView`), so it cannot change under them; the merge takes it back
/// unshared once their views are gone, when this returns. A failed render is met in template
/// order, after the merges of the templates before it, as when each template is rendered just
/// before its merge.
pub(super) fn render(
    snapshot: &Snapshot,
    settings: &Settings,
    req: &Admission,
    original: &Arc<Value>,
    stripped: &Arc<Value>,
    proxy: &Proxy,
) -> Vec<Result<Value, InjectError>> {
    let derived;
    let owner = match req.owner {
        Some(owner) => owner,
        None => {
            derived = context::owner_from_pod(original);
            &derived
        }
    };
    let vars = Arc::new(context::build(&ContextInput {
        pod: stripped,
        owner,
        values: &snapshot.values,
        mesh: &snapshot.mesh,
        proxy_config: &proxy.config,
        proxy_config_is_default: matches!(proxy.config, Cow::Borrowed(_)),
        revision: &settings.revision,
        native_sidecars: proxy.native,
        proxy_uid: proxy.ids.uid,
        proxy_gid: proxy.ids.gid,
        compliance_policy: &settings.compliance_policy,
        release: snapshot.release.release,
        now: unix_nanos((settings.clock)()),
    }));
    let mut rendered_all = Vec::new();
    for name in select_templates(&snapshot.config, original, req.caller) {
        let rendered = if !snapshot.offered_templates.contains(&name) {
            let known: Vec<&str> = snapshot
                .offered_templates
                .iter()
                .map(|n| n.as_str())
                .collect();
            Err(InjectError::TemplateNotFound {
                name,
                known: known.join(", "),
            })
        } else {
            snapshot
                .templates
                .render(&name, &snapshot.shared_context, &vars)
                .map_err(InjectError::from)
        };
        let failed = rendered.is_err();
        rendered_all.push(rendered);
        if failed {
            break;
        }
    }
    rendered_all
}

fn select_templates(config: &InjectorConfig, pod: &Value, caller: Caller) -> Vec<String> {
    let names: Vec<String> = match pod::annotation(pod, "inject.istio.io/templates") {
        Some(list) => list.split(',').map(|s| s.trim().to_string()).collect(),
        None if caller == Caller::KubeInject => vec!["sidecar".into()],
        None => config.default_templates.clone(),
    };
    names
        .into_iter()
        .flat_map(|n| config.aliases.get(&n).cloned().unwrap_or_else(|| vec![n]))
        .collect()
}

/// A time as Unix nanoseconds (0 before the epoch, saturating after 2262).
fn unix_nanos(t: std::time::SystemTime) -> i64 {
    t.duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))
}
