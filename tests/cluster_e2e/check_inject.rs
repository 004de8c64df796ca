//! `needle check-inject` against the apiserver, for pods of the selection matrix created for
//! real: the table (istioctl's) must name the webhook the apiserver called, and `--explain`
//! must say what needle's injector then did to the pod the apiserver stored. The cluster has
//! the chart webhooks of revisions `default`, `canary` and `native` (see `env.rs`).

use crate::common::pod_load::status_revision;
use crate::env::{Env, needle_binary};
use crate::selection::pod;
use crate::{Outcome, Scenario, scenario};
use serde_json::{Value, json};
use std::sync::Arc;

pub fn scenarios() -> Vec<Scenario> {
    vec![
        scenario!(
            "check-inject says what happened to each pod of the selection matrix",
            matrix
        ),
        scenario!(
            "check-inject deployment/x and kube-system pods",
            workload_and_kube_system
        ),
    ]
}

const DEFAULT: &str = "istio-sidecar-injector";
const CANARY: &str = "istio-sidecar-injector-canary";
const NATIVE: &str = "istio-sidecar-injector-native";

/// What the revision's webhook configuration says when none of its entries decides.
fn no_match(webhook: &str) -> String {
    match webhook {
        DEFAULT => "No matching namespace labels (istio.io/rev=default, istio-injection=enabled) or pod labels (istio.io/rev=default, sidecar.istio.io/inject=true)".into(),
        CANARY => "No matching namespace labels (istio.io/rev=canary) or pod labels (istio.io/rev=canary)".into(),
        _ => "No matching namespace labels (istio.io/rev=native) or pod labels (istio.io/rev=native)".into(),
    }
}

/// A pod created for real, and what check-inject must say about it.
struct Case {
    what: &'static str,
    ns_labels: Value,
    pod: Value,
    /// Revision whose injector the stored pod must carry, if any.
    injected_by: Option<&'static str>,
    /// The reasons of the three rows, in name order; `+` marks the injecting one.
    rows: [&'static str; 3],
    /// The `--explain` text after the table.
    explain: &'static str,
}

const NM: &str = "-";

fn cases() -> Vec<Case> {
    let plain = || pod("app", json!({}), json!({}));
    let mut host = plain();
    host["spec"]["hostNetwork"] = json!(true);
    vec![
        Case {
            what: "enabled namespace",
            ns_labels: json!({"istio-injection": "enabled"}),
            pod: plain(),
            injected_by: Some("default"),
            rows: ["+Namespace label istio-injection=enabled matches", NM, NM],
            explain: "EXPLAIN istio-sidecar-injector (revision default, entry namespace.sidecar-injector.istio.io):\n  decision: injected\n  reason:   injection policy is enabled\n  label:    policy_enabled\n  native:   off (ENABLE_NATIVE_SIDECARS=false)\n  release:  Istio 86c9f01 (from needle's embedded config)\n",
        },
        Case {
            what: "disabled namespace",
            ns_labels: json!({"istio-injection": "disabled"}),
            pod: plain(),
            injected_by: None,
            rows: ["Namespace has istio-injection=disabled label, preventing injection"; 3],
            explain: NOBODY,
        },
        Case {
            what: "namespace istio.io/rev=default",
            ns_labels: json!({"istio.io/rev": "default"}),
            pod: plain(),
            injected_by: Some("default"),
            rows: ["+Namespace label istio.io/rev=default matches", NM, NM],
            explain: "EXPLAIN istio-sidecar-injector (revision default, entry rev.namespace.sidecar-injector.istio.io):\n  decision: injected\n  reason:   injection policy is enabled\n  label:    policy_enabled\n  native:   off (ENABLE_NATIVE_SIDECARS=false)\n  release:  Istio 86c9f01 (from needle's embedded config)\n",
        },
        Case {
            what: "namespace istio.io/rev=canary",
            ns_labels: json!({"istio.io/rev": "canary"}),
            pod: plain(),
            injected_by: Some("canary"),
            rows: [NM, "+Namespace label istio.io/rev=canary matches", NM],
            explain: "EXPLAIN istio-sidecar-injector-canary (revision canary, entry rev.namespace.sidecar-injector.istio.io):\n  decision: injected\n  reason:   injection policy is enabled\n  label:    policy_enabled\n  native:   off (ENABLE_NATIVE_SIDECARS=false)\n  release:  Istio 86c9f01 (from needle's embedded config)\n",
        },
        Case {
            what: "unlabelled namespace",
            ns_labels: json!({}),
            pod: plain(),
            injected_by: None,
            rows: [NM, NM, NM],
            explain: NOBODY,
        },
        Case {
            what: "pod label inject=true",
            ns_labels: json!({}),
            pod: pod("app", json!({"sidecar.istio.io/inject": "true"}), json!({})),
            injected_by: Some("default"),
            rows: ["+Pod label sidecar.istio.io/inject=true matches", NM, NM],
            explain: "EXPLAIN istio-sidecar-injector (revision default, entry object.sidecar-injector.istio.io):\n  decision: injected\n  reason:   label sidecar.istio.io/inject=true\n  label:    opted_in\n  native:   off (ENABLE_NATIVE_SIDECARS=false)\n  release:  Istio 86c9f01 (from needle's embedded config)\n",
        },
        Case {
            what: "pod label inject=false in an enabled namespace",
            ns_labels: json!({"istio-injection": "enabled"}),
            pod: pod(
                "app",
                json!({"sidecar.istio.io/inject": "false"}),
                json!({}),
            ),
            injected_by: None,
            rows: [
                "Pod has sidecar.istio.io/inject=false label, preventing injection",
                NM,
                NM,
            ],
            explain: NOBODY,
        },
        Case {
            what: "pod annotation inject=false in an enabled namespace",
            ns_labels: json!({"istio-injection": "enabled"}),
            pod: pod(
                "app",
                json!({}),
                json!({"sidecar.istio.io/inject": "false"}),
            ),
            injected_by: None,
            rows: ["+Namespace label istio-injection=enabled matches", NM, NM],
            explain: "EXPLAIN istio-sidecar-injector (revision default, entry namespace.sidecar-injector.istio.io):\n  decision: skipped\n  reason:   annotation sidecar.istio.io/inject=false\n  label:    opted_out\n  native:   off (ENABLE_NATIVE_SIDECARS=false)\n  release:  Istio 86c9f01 (from needle's embedded config)\n",
        },
        Case {
            what: "pod istio.io/rev=canary in a plain namespace",
            ns_labels: json!({}),
            pod: pod("app", json!({"istio.io/rev": "canary"}), json!({})),
            injected_by: Some("canary"),
            rows: [
                "Pod has istio.io/rev=canary label, preventing injection",
                "+Pod label istio.io/rev=canary matches",
                NM,
            ],
            explain: "EXPLAIN istio-sidecar-injector-canary (revision canary, entry rev.object.sidecar-injector.istio.io):\n  decision: injected\n  reason:   injection policy is enabled\n  label:    policy_enabled\n  native:   off (ENABLE_NATIVE_SIDECARS=false)\n  release:  Istio 86c9f01 (from needle's embedded config)\n",
        },
        Case {
            what: "enabled namespace and pod istio.io/rev=canary",
            ns_labels: json!({"istio-injection": "enabled"}),
            pod: pod("app", json!({"istio.io/rev": "canary"}), json!({})),
            injected_by: Some("default"),
            rows: ["+Namespace label istio-injection=enabled matches", NM, NM],
            explain: "EXPLAIN istio-sidecar-injector (revision default, entry namespace.sidecar-injector.istio.io):\n  decision: injected\n  reason:   injection policy is enabled\n  label:    policy_enabled\n  native:   off (ENABLE_NATIVE_SIDECARS=false)\n  release:  Istio 86c9f01 (from needle's embedded config)\n",
        },
        Case {
            what: "host-network pod in an enabled namespace",
            ns_labels: json!({"istio-injection": "enabled"}),
            pod: host,
            injected_by: None,
            rows: ["+Namespace label istio-injection=enabled matches", NM, NM],
            explain: "EXPLAIN istio-sidecar-injector (revision default, entry namespace.sidecar-injector.istio.io):\n  decision: skipped\n  reason:   pod uses host networking\n  label:    host_network\n  native:   off (ENABLE_NATIVE_SIDECARS=false)\n  release:  Istio 86c9f01 (from needle's embedded config)\n",
        },
    ]
}

const NOBODY: &str = "EXPLAIN no injection webhook selects the pod: the apiserver creates it without calling an injector, so it is not injected\n";

/// istioctl's table for three rows (the padding of its writer: the INJECTED column is as wide
/// as a coloured mark's bytes, 12, plus two).
fn table(rows: &[(&str, &str, bool, String)]) -> String {
    let mut out = format!(
        "{:<31}{:<10}{:<14}{}\n",
        "WEBHOOK", "REVISION", "INJECTED", "REASON"
    );
    for (name, rev, injected, reason) in rows {
        let mark = if *injected {
            "\x1b[32m✔\x1b[0m"
        } else {
            "\x1b[31m✘\x1b[0m"
        };
        out.push_str(&format!("{name:<31}{rev:<10}{mark}             {reason}\n"));
    }
    out
}

fn expected_table(case: &Case) -> String {
    let names = [(DEFAULT, "default"), (CANARY, "canary"), (NATIVE, "native")];
    let rows: Vec<(&str, &str, bool, String)> = names
        .iter()
        .zip(case.rows)
        .map(|((name, rev), reason)| match reason {
            NM => (*name, *rev, false, no_match(name)),
            r => match r.strip_prefix('+') {
                Some(r) => (*name, *rev, true, r.to_string()),
                None => (*name, *rev, false, r.to_string()),
            },
        })
        .collect();
    table(&rows)
}

/// Native sidecars off, so that `--explain` does not depend on the nodes other scenarios make.
fn check_inject(env: &Env, args: &[&str]) -> Result<String, String> {
    check_inject_with(env, args, "false")
}

/// `check-inject` with `ENABLE_NATIVE_SIDECARS` set to `native`.
pub fn check_inject_with(env: &Env, args: &[&str], native: &str) -> Result<String, String> {
    let kubeconfig = env.cluster.kubeconfig.display().to_string();
    let out = std::process::Command::new(needle_binary())
        .arg("check-inject")
        .args(args)
        .args(["--kubeconfig", &kubeconfig])
        .env("ENABLE_NATIVE_SIDECARS", native)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "check-inject {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

async fn matrix(env: Arc<Env>) -> Outcome {
    let mut failures = Vec::new();
    for case in cases() {
        if let Err(e) = one(&env, &case).await {
            failures.push(format!("{}: {e}", case.what));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

async fn one(env: &Env, case: &Case) -> Outcome {
    let ns = env.namespace("check", case.ns_labels.clone()).await;
    let stored = env.create_pod(&ns, case.pod.clone(), false).await?;
    let really = status_revision(&stored);
    if really.as_deref() != case.injected_by {
        return Err(format!(
            "the apiserver stored a pod injected by {really:?}, the case says {:?}",
            case.injected_by
        ));
    }
    let target = format!("app.{ns}");
    let plain = check_inject(env, &[&target])?;
    let want = expected_table(case);
    if plain != want {
        return Err(format!("check-inject:\n{plain}\nwant:\n{want}"));
    }
    let explained = check_inject(env, &["pod/app", "-n", &ns, "--explain"])?;
    let want = format!("{want}{}", case.explain);
    if explained != want {
        return Err(format!(
            "check-inject --explain:\n{explained}\nwant:\n{want}"
        ));
    }
    // What --explain says happened is what did: injected exactly when the pod is.
    if explained.contains("decision: injected") != really.is_some() {
        return Err(format!(
            "--explain disagrees with the stored pod: {explained}"
        ));
    }
    Ok(())
}

/// `deployment/web` resolves to its pod as istioctl resolves it (there is no controller
/// manager here, so the pod is created by hand with the Deployment's labels); a pod in
/// kube-system that asks for injection is selected by the webhook and skipped by needle.
async fn workload_and_kube_system(env: Arc<Env>) -> Outcome {
    use k8s_openapi::api::apps::v1::Deployment;
    use kube::api::{Api, PostParams};
    let ns = env
        .namespace("check", json!({"istio-injection": "enabled"}))
        .await;
    let template = pod("ignored", json!({"app": "web"}), json!({}));
    let deployment: Deployment = serde_json::from_value(json!({
        "metadata": {"name": "web"},
        "spec": {"selector": {"matchLabels": {"app": "web"}},
            "template": {"metadata": {"labels": {"app": "web"}}, "spec": template["spec"]}}}))
    .map_err(|e| e.to_string())?;
    Api::<Deployment>::namespaced(env.client.clone(), &ns)
        .create(&PostParams::default(), &deployment)
        .await
        .map_err(|e| e.to_string())?;
    env.create_pod(&ns, pod("web-1", json!({"app": "web"}), json!({})), false)
        .await?;
    let want = table(&[
        (
            DEFAULT,
            "default",
            true,
            "Namespace label istio-injection=enabled matches".into(),
        ),
        (CANARY, "canary", false, no_match(CANARY)),
        (NATIVE, "native", false, no_match(NATIVE)),
    ]);
    let got = check_inject(&env, &[&format!("deployment/web.{ns}")])?;
    if got != want {
        return Err(format!("deployment/web:\n{got}\nwant:\n{want}"));
    }
    let got = check_inject(&env, &["-n", &ns, "-l", "app=web"])?;
    if got != want {
        return Err(format!("-l app=web:\n{got}\nwant:\n{want}"));
    }
    let missing = check_inject(&env, &[&format!("deploy/nothing.{ns}")]).unwrap_err();
    if !missing.contains(&format!(
        "failed retrieving: deployments.apps \"nothing\" not found in the \"{ns}\" namespace"
    )) {
        return Err(format!("deploy/nothing: {missing}"));
    }

    let name = env.unique("asks");
    let p = pod(&name, json!({"sidecar.istio.io/inject": "true"}), json!({}));
    let stored = env.create_pod("kube-system", p, false).await;
    let result = async {
        if status_revision(&stored?).is_some() {
            return Err("a kube-system pod was injected".to_string());
        }
        let got = check_inject(&env, &[&format!("{name}.kube-system"), "--explain"])?;
        let want = format!(
            "{}EXPLAIN istio-sidecar-injector (revision default, entry object.sidecar-injector.istio.io):\n  decision: skipped\n  reason:   namespace kube-system is never injected\n  label:    ignored_namespace\n  native:   off (ENABLE_NATIVE_SIDECARS=false)\n  release:  Istio 86c9f01 (from needle's embedded config)\n",
            table(&[
                (DEFAULT, "default", true, "Pod label sidecar.istio.io/inject=true matches".into()),
                (CANARY, "canary", false, no_match(CANARY)),
                (NATIVE, "native", false, no_match(NATIVE)),
            ])
        );
        if got == want {
            Ok(())
        } else {
            Err(format!("kube-system:\n{got}\nwant:\n{want}"))
        }
    }
    .await;
    env.delete_pod("kube-system", &name).await;
    result
}
