//! needle's Helm chart installed with `helm install` into the test apiserver: every manifest
//! accepted, and the chart's own webhook configurations (Env's are set aside meanwhile) send
//! pods to the test's `needle serve` processes through `istiodRemote.injectionURL`: the default
//! revision, `canary`, and the tag `prod` pointing at `canary`; not where the selectors say not.

use crate::common::chart::{chart_dir, run_helm};
use crate::env::{Env, Revision, base64};
use crate::selection::{expect_injected, expect_not_injected, pod};
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::admissionregistration::v1::MutatingWebhookConfiguration;
use k8s_openapi::api::core::v1::Secret;
use kube::api::{Api, DeleteParams};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "chart: helm install, its webhooks inject per revision and tag",
        chart_install
    )]
}

/// Env's injector configurations, which select the same pods as the chart's.
const ENV_WEBHOOKS: [&str; 3] = [
    "istio-sidecar-injector",
    "istio-sidecar-injector-canary",
    "istio-sidecar-injector-native",
];

async fn chart_install(env: Arc<Env>) -> Outcome {
    let ns = env.namespace("needle-system", json!({})).await;
    let outcome = installed(&env, &ns).await;
    // Whatever happened, the world is put back for the scenarios after this one.
    let mut cleanup = Vec::new();
    for release in ["needle", "needle-canary"] {
        if let Err(e) = helm_cli(&env, &["uninstall", release, "--namespace", &ns]) {
            cleanup.push(e);
        }
    }
    for rev in &env.revisions {
        env.apply_injector_webhooks(rev, "Fail", 10).await;
    }
    if let Err(e) = wait_for_webhooks(&env, false, true).await {
        cleanup.push(e);
    }
    match (outcome, cleanup.is_empty()) {
        (Err(e), _) => Err(e),
        (Ok(()), false) => Err(cleanup.join("\n")),
        (Ok(()), true) => Ok(()),
    }
}

async fn installed(env: &Env, ns: &str) -> Outcome {
    let (default, canary) = (env.revision("default"), env.revision("canary"));
    install(env, ns, "needle", default, &[])?;
    install(
        env,
        ns,
        "needle-canary",
        canary,
        &[
            "revision=canary",
            "revisionTags={prod}",
            "autoscale.enabled=true",
        ],
    )?;
    upgrade_keeps_certificate(env, ns).await?;
    let hooks = Api::<MutatingWebhookConfiguration>::all(env.client.clone());
    for name in [
        format!("istio-sidecar-injector-{ns}"),
        format!("istio-sidecar-injector-canary-{ns}"),
        format!("istio-revision-tag-prod-{ns}"),
    ] {
        if hooks
            .get_opt(&name)
            .await
            .map_err(|e| e.to_string())?
            .is_none()
        {
            return Err(format!(
                "helm install left no MutatingWebhookConfiguration {name}"
            ));
        }
    }
    for name in ENV_WEBHOOKS {
        hooks
            .delete(name, &DeleteParams::default())
            .await
            .map_err(|e| format!("delete {name}: {e}"))?;
    }
    wait_for_webhooks(env, true, false).await?;

    let mut failures = Vec::new();
    let mut check = |what: &str, result: Outcome| {
        if let Err(e) = result {
            failures.push(format!("{what}: {e}"));
        }
    };
    // Pods share namespaces, so each has a name of its own.
    let app = || pod(&env.unique("app"), json!({}), json!({}));
    let labelled = |labels: Value| pod(&env.unique("app"), labels, json!({}));

    let enabled = env
        .namespace("chart-enabled", json!({"istio-injection": "enabled"}))
        .await;
    check(
        "istio-injection=enabled",
        expect_injected(env, &enabled, app(), "default").await,
    );
    let rev_default = env
        .namespace("chart-rev-default", json!({"istio.io/rev": "default"}))
        .await;
    check(
        "istio.io/rev=default",
        expect_injected(env, &rev_default, app(), "default").await,
    );
    let rev_canary = env
        .namespace("chart-rev-canary", json!({"istio.io/rev": "canary"}))
        .await;
    check(
        "istio.io/rev=canary",
        expect_injected(env, &rev_canary, app(), "canary").await,
    );
    let tag = env
        .namespace("chart-tag", json!({"istio.io/rev": "prod"}))
        .await;
    check(
        "istio.io/rev=prod (tag of canary)",
        expect_injected(env, &tag, app(), "canary").await,
    );
    let plain = env.namespace("chart-plain", json!({})).await;
    check(
        "plain namespace, pod istio.io/rev=prod",
        expect_injected(
            env,
            &plain,
            labelled(json!({"istio.io/rev": "prod"})),
            "canary",
        )
        .await,
    );
    check(
        "plain namespace, pod sidecar.istio.io/inject=true",
        expect_injected(
            env,
            &plain,
            labelled(json!({"sidecar.istio.io/inject": "true"})),
            "default",
        )
        .await,
    );
    let both = env
        .namespace(
            "chart-both",
            json!({"istio-injection": "enabled", "istio.io/rev": "prod"}),
        )
        .await;
    check(
        "istio-injection=enabled beats istio.io/rev=prod",
        expect_injected(env, &both, app(), "default").await,
    );

    check(
        "plain namespace, plain pod",
        expect_not_injected(env, &plain, app()).await,
    );
    let disabled = env
        .namespace("chart-disabled", json!({"istio-injection": "disabled"}))
        .await;
    check(
        "istio-injection=disabled",
        expect_not_injected(env, &disabled, app()).await,
    );
    check(
        "tag namespace, pod sidecar.istio.io/inject=false",
        expect_not_injected(
            env,
            &tag,
            labelled(json!({"sidecar.istio.io/inject": "false"})),
        )
        .await,
    );
    let other = env
        .namespace("chart-rev-other", json!({"istio.io/rev": "other"}))
        .await;
    check(
        "istio.io/rev=other (no such revision)",
        expect_not_injected(env, &other, app()).await,
    );
    check(
        "pod istio.io/rev=native (Env's webhook set aside)",
        expect_not_injected(env, &plain, labelled(json!({"istio.io/rev": "native"}))).await,
    );
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n  "))
    }
}

/// `helm install` of the chart for one revision, its webhooks pointed at that revision's
/// server on loopback and trusting its CA; validation too, with `Fail` as a CA bundle makes it.
fn install(env: &Env, ns: &str, release: &str, rev: &Revision, extra: &[&str]) -> Outcome {
    let ca = base64(&rev.ca_pem());
    let mut sets = vec![
        format!("global.istioNamespace={ns}"),
        format!("istiodRemote.injectionURL={}", rev.url("/inject")),
        format!("istiodRemote.injectionCABundle={ca}"),
        format!("base.validationURL={}", rev.url("/validate")),
        format!("base.validationCABundle={ca}"),
    ];
    sets.extend(extra.iter().map(|s| s.to_string()));
    let chart = chart_dir().display().to_string();
    let mut args = vec!["install", release, chart.as_str(), "--namespace", ns];
    for set in &sets {
        args.extend(["--set", set.as_str()]);
    }
    helm_cli(env, &args).map(|_| ())
}

/// The generated serving certificate survives `helm upgrade`: the chart finds its Secret and
/// reuses it rather than generate a CA the webhooks do not trust.
async fn upgrade_keeps_certificate(env: &Env, ns: &str) -> Outcome {
    let secrets = Api::<Secret>::namespaced(env.client.clone(), ns);
    let before = secrets.get("needle-tls").await.map_err(|e| e.to_string())?;
    let chart = chart_dir().display().to_string();
    helm_cli(
        env,
        &[
            "upgrade",
            "needle",
            &chart,
            "--namespace",
            ns,
            "--reuse-values",
        ],
    )?;
    let after = secrets.get("needle-tls").await.map_err(|e| e.to_string())?;
    if before.data.is_none() || before.data != after.data {
        return Err("helm upgrade changed (or never made) the generated certificate".into());
    }
    Ok(())
}

fn helm_cli(env: &Env, args: &[&str]) -> Result<String, String> {
    let kubeconfig = env.cluster.kubeconfig.display().to_string();
    let mut all = vec!["--kubeconfig", &kubeconfig];
    all.extend_from_slice(args);
    run_helm(&all)
}

/// Until the apiserver admits with the configurations in place: whether a dry-run pod only
/// the chart's tag selects is injected, and one only Env's `native` webhook selects.
async fn wait_for_webhooks(env: &Env, chart: bool, env_webhooks: bool) -> Outcome {
    let probe = env.namespace("chart-probe", json!({})).await;
    let injected = |stored: &Value| {
        stored
            .pointer("/metadata/annotations/sidecar.istio.io~1status")
            .is_some()
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let tag = pod("probe", json!({"istio.io/rev": "prod"}), json!({}));
        let native = pod("probe", json!({"istio.io/rev": "native"}), json!({}));
        let tag = env.create_pod(&probe, tag, true).await?;
        let native = env.create_pod(&probe, native, true).await?;
        if injected(&tag) == chart && injected(&native) == env_webhooks {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(format!(
                "webhooks not in place in 30 s (want the chart's: {chart}, Env's: {env_webhooks})"
            ));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
