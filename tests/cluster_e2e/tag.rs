//! `needle tag` on the live cluster: `generate` from the cluster's canonical `canary`
//! configuration, `set` applies the same (and refuses what istioctl refuses), a namespace labelled with the tag gets its pods
//! injected by `canary`, `tag list` shows the tag with that namespace in each format, and
//! `tag remove` asks (that namespace still uses it), then removes it. `set` also makes the
//! tag's Service, which `remove` deletes. The `default` tag: `default_tag.rs`.

mod default_tag;

use crate::env::{Env, needle_binary};
use crate::selection::{expect_injected, pod};
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::admissionregistration::v1::MutatingWebhookConfiguration;
use k8s_openapi::api::core::v1::{Namespace, Service};
use kube::api::{Api, DeleteParams, PostParams};
use serde_json::{Value, json};
use std::sync::Arc;

pub fn scenarios() -> Vec<Scenario> {
    vec![
        scenario!(
            "tag: generate from the cluster, set, inject through it, list, remove",
            generate_and_list
        ),
        scenario!(
            "tag: set default, the default revision deactivated and the default validator made, remove",
            default_tag::set_default
        ),
    ]
}

/// The control plane's namespace, where `tag set` puts the tag's Service (the test cluster
/// has no istiod, so nothing else made it).
pub(crate) async fn istio_system(env: &Env) -> Outcome {
    let ns: Namespace =
        serde_json::from_value(json!({"metadata": {"name": "istio-system"}})).unwrap();
    match Api::<Namespace>::all(env.client.clone())
        .create(&PostParams::default(), &ns)
        .await
    {
        Ok(_) => Ok(()),
        Err(kube::Error::Api(e)) if e.code == 409 => Ok(()),
        Err(e) => Err(format!("create istio-system: {e}")),
    }
}

/// The document of this kind among `tag generate`'s.
pub(crate) fn of_kind(documents: &[Value], kind: &str) -> Result<Value, String> {
    documents
        .iter()
        .find(|d| d["kind"] == kind)
        .cloned()
        .ok_or_else(|| format!("tag generate printed no {kind}"))
}

/// Whether the control plane's namespace has the Service `istiod-revision-tag-<tag>`.
pub(crate) async fn tag_service(env: &Env, tag: &str) -> Result<Option<Service>, String> {
    Api::<Service>::namespaced(env.client.clone(), "istio-system")
        .get_opt(&format!("istiod-revision-tag-{tag}"))
        .await
        .map_err(|e| e.to_string())
}

const TAG: &str = "e2e-prod";

async fn generate_and_list(env: Arc<Env>) -> Outcome {
    istio_system(&env).await?;
    let generated = needle(&env, &["tag", "generate", TAG, "--revision", "canary"])?;
    let documents = crate::common::yaml_documents(&generated);
    let config = of_kind(&documents, "MutatingWebhookConfiguration")?;
    let service = of_kind(&documents, "Service")?;
    let api = Api::<MutatingWebhookConfiguration>::all(env.client.clone());
    let outcome = match set(&env, &config, &service).await {
        Ok(()) => match through_tag(&env).await {
            Ok(ns) => remove(&env, &ns).await,
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    };
    let name = format!("istio-revision-tag-{TAG}");
    let _ = api.delete(&name, &DeleteParams::default()).await;
    let _ = Api::<Service>::namespaced(env.client.clone(), "istio-system")
        .delete(
            &format!("istiod-revision-tag-{TAG}"),
            &DeleteParams::default(),
        )
        .await;
    outcome
}

/// `tag set` applies what `generate` printed, and refuses an existing tag (unless
/// `--overwrite`) and a tag named like a revision, with istioctl's messages.
async fn set(env: &Env, generated: &Value, generated_service: &Value) -> Outcome {
    let created = needle(env, &["tag", "set", TAG, "--revision", "canary"])?;
    let want = format!(
        "Revision tag \"{TAG}\" created, referencing control plane revision \"canary\". To enable injection using this\nrevision tag, use 'kubectl label namespace <NAMESPACE> istio.io/rev={TAG}'\n"
    );
    if created != want {
        return Err(format!("tag set: {created:?}, want {want:?}"));
    }
    let name = format!("istio-revision-tag-{TAG}");
    let live = Api::<MutatingWebhookConfiguration>::all(env.client.clone())
        .get(&name)
        .await
        .map_err(|e| format!("tag set left no {name}: {e}"))?;
    let live = serde_json::to_value(live).unwrap();
    let mut diffs = Vec::new();
    crate::common::differences(
        &crate::common::semantic(&live["webhooks"]),
        &crate::common::semantic(&generated["webhooks"]),
        "webhooks",
        &mut diffs,
    );
    // The apiserver fills in the defaults of what the configuration leaves out.
    diffs.retain(|d| {
        !d.contains("unexpected")
            || !(d.contains("matchPolicy") || d.contains("timeoutSeconds") || d.contains("/scope"))
    });
    if !diffs.is_empty() {
        return Err(format!(
            "tag set applied another configuration than generate printed:\n  {}",
            diffs.join("\n  ")
        ));
    }
    let service = tag_service(env, TAG)
        .await?
        .ok_or(format!("tag set made no Service istiod-revision-tag-{TAG}"))?;
    let service = serde_json::to_value(service).unwrap();
    for field in ["/spec/selector", "/metadata/labels"] {
        if service.pointer(field) != generated_service.pointer(field) {
            return Err(format!(
                "tag Service {field}: {:?}, generated {:?}",
                service.pointer(field),
                generated_service.pointer(field)
            ));
        }
    }
    let refusals = [
        (vec!["tag", "set", TAG, "--revision", "canary"], format!("revision tag \"{TAG}\" already exists, and --overwrite is false")),
        (vec!["tag", "set", "canary", "--revision", "canary"], r#"cannot create revision tag "canary": found existing control plane revision with same name"#.to_string()),
    ];
    for (args, message) in refusals {
        match needle(env, &args) {
            Err(e) if e.contains(&message) => {}
            other => {
                return Err(format!(
                    "needle {}: {other:?}, want {message:?}",
                    args.join(" ")
                ));
            }
        }
    }
    needle(
        env,
        &["tag", "set", TAG, "--revision", "canary", "--overwrite"],
    )?;
    overlapping(env).await
}

/// A second configuration for the same tag overlaps the first: `set` says so as istioctl's
/// analysis does and asks; answered no, nothing is applied; answered yes, `tag list` warns of
/// the overlap until the copy is deleted.
async fn overlapping(env: &Env) -> Outcome {
    let copy = format!("{TAG}-copy");
    let args = [
        "tag",
        "set",
        TAG,
        "--revision",
        "canary",
        "--overwrite",
        "--webhook-name",
        &copy,
    ];
    let (stdout, stderr) = needle_output(env, &args, "n\n")?;
    let overlap = format!(
        "Error [IST0139] (MutatingWebhookConfiguration {copy} ) Webhook overlaps with others: \
         [istio-revision-tag-{TAG}/rev.namespace.sidecar-injector.istio.io]. This may cause injection to occur twice."
    );
    if stdout != "Apply anyways? [y/N] "
        || !stderr
            .starts_with("creating tag would conflict, pass --skip-confirmation to proceed:\n")
        || !stderr.contains(&overlap)
    {
        return Err(format!(
            "tag set of an overlapping configuration: stdout {stdout:?}, stderr {stderr:?}"
        ));
    }
    let api = Api::<MutatingWebhookConfiguration>::all(env.client.clone());
    if api
        .get_opt(&copy)
        .await
        .map_err(|e| e.to_string())?
        .is_some()
    {
        let _ = api.delete(&copy, &DeleteParams::default()).await;
        return Err(format!("answered no, yet {copy} was applied"));
    }
    // Answered yes, it is applied: `tag list` warns of the overlap on stderr until it is gone.
    needle_output(env, &args, "y\n")?;
    let (_, warned) = needle_output(env, &["tag", "list"], "")?;
    api.delete(&copy, &DeleteParams::default())
        .await
        .map_err(|e| e.to_string())?;
    let (_, after) = needle_output(env, &["tag", "list"], "")?;
    let names_copy = |said: &str| {
        said.lines().any(|l| {
            l.starts_with("warning: injected twice: pods labelled ")
                && l.contains(&format!(" {copy}/rev."))
        })
    };
    match (names_copy(&warned), names_copy(&after)) {
        (true, false) => Ok(()),
        _ => Err(format!(
            "tag list should warn of {copy} while it overlaps, and only then: stderr {warned:?}, then {after:?}"
        )),
    }
}

/// `tag remove`: asked, no keeps the tag; `-y` removes it; a second time there is none.
async fn remove(env: &Env, ns: &str) -> Outcome {
    let api = Api::<MutatingWebhookConfiguration>::all(env.client.clone());
    let name = format!("istio-revision-tag-{TAG}");
    let asked = needle_with_input(env, &["tag", "remove", TAG], "n\n")?;
    let want = format!(
        "Caution, found 1 namespace(s) still injected by tag \"{TAG}\": {ns}\nProceed with operation? [y/N] Aborting operation.\n"
    );
    if asked != want {
        return Err(format!("tag remove, answered no: {asked:?}, want {want:?}"));
    }
    if api
        .get_opt(&name)
        .await
        .map_err(|e| e.to_string())?
        .is_none()
    {
        return Err("tag remove answered no, yet the tag is gone".into());
    }
    let removed = needle(env, &["tag", "remove", TAG, "-y"])?;
    if removed != format!("Revision tag {TAG} removed\n") {
        return Err(format!("tag remove -y: {removed:?}"));
    }
    if api
        .get_opt(&name)
        .await
        .map_err(|e| e.to_string())?
        .is_some()
    {
        return Err("tag remove -y left the configuration".into());
    }
    if tag_service(env, TAG).await?.is_some() {
        return Err("tag remove -y left the tag's Service".into());
    }
    match needle(env, &["tag", "remove", TAG, "-y"]) {
        Err(e) if e.contains(&format!(
            "cannot remove tag \"{TAG}\": cannot find MutatingWebhookConfiguration or Service for tag"
        )) => Ok(()),
        other => Err(format!("tag remove of a removed tag: {other:?}")),
    }
}

/// The namespace labelled with the tag.
async fn through_tag(env: &Env) -> Result<String, String> {
    let ns = env.namespace("tagged", json!({"istio.io/rev": TAG})).await;
    // The apiserver sees a new configuration within a moment; the first pods may miss it.
    let mut injected = Err(String::new());
    for _ in 0..50 {
        injected = expect_injected(
            env,
            &ns,
            pod(&env.unique("app"), json!({}), json!({})),
            "canary",
        )
        .await;
        if injected.is_ok() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    injected.map_err(|e| format!("pod in a namespace labelled with the tag: {e}"))?;

    let want = json!({"tag": TAG, "revision": "canary", "namespaces": [ns]});
    let parsed = |text: &str, format: &str| -> Result<Vec<Value>, String> {
        let value: Value = needle::core::compat::yaml::parse_one(text)
            .map_err(|e| format!("tag list -o {format}: {e}\n{text}"))?;
        value
            .as_array()
            .cloned()
            .ok_or_else(|| format!("tag list -o {format}: not a list:\n{text}"))
    };
    let json_text = needle(env, &["tag", "list", "-o", "json"])?;
    if !json_text.starts_with("[\n\t{\n\t\t\"tag\": ") || !json_text.ends_with("\n]\n") {
        return Err(format!(
            "tag list -o json is not istioctl's layout:\n{json_text}"
        ));
    }
    let rows = parsed(&json_text, "json")?;
    if !rows.contains(&want) {
        return Err(format!("tag list -o json has no {want}:\n{json_text}"));
    }
    if rows
        .iter()
        .any(|r| r["revision"] == "canary" && r["tag"] == "")
    {
        return Err(format!(
            "canary has a named tag, yet its own row is listed:\n{json_text}"
        ));
    }
    let yaml_text = needle(env, &["tag", "list", "-o", "yaml"])?;
    if parsed(&yaml_text, "yaml")? != rows {
        return Err(format!(
            "tag list -o yaml differs from -o json:\n{yaml_text}"
        ));
    }
    let table = needle(env, &["tag", "list"])?;
    let lines: Vec<Vec<&str>> = table
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    if lines.first() != Some(&vec!["TAG", "REVISION", "NAMESPACES"])
        || !lines.contains(&vec![TAG, "canary", ns.as_str()])
    {
        return Err(format!("tag list table:\n{table}"));
    }
    Ok(ns)
}

/// `needle` with the test cluster's kubeconfig; its stdout.
pub(crate) fn needle(env: &Env, args: &[&str]) -> Result<String, String> {
    needle_with_input(env, args, "")
}

/// `needle` with this on its stdin.
fn needle_with_input(env: &Env, args: &[&str], input: &str) -> Result<String, String> {
    needle_output(env, args, input).map(|(stdout, _)| stdout)
}

/// `needle` with this on its stdin: its stdout and stderr, or the failure.
fn needle_output(env: &Env, args: &[&str], input: &str) -> Result<(String, String), String> {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = std::process::Command::new(needle_binary())
        .args(args)
        .arg("--kubeconfig")
        .arg(&env.cluster.kubeconfig)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok((
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        ))
    } else {
        Err(format!(
            "needle {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}
