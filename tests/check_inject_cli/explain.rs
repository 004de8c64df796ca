//! `--explain`: the injector's own decision for the pod, step by step.

use super::*;

/// Labels say the webhook is called; the injector's own rules then decide, as the server would.
#[test]
fn explain_runs_the_injectors_decision() {
    assert_eq!(
        explain(&["opt-out.ns-enabled-none"], &[]),
        explained(
            NS_ENTRY,
            "skipped",
            "annotation sidecar.istio.io/inject=false",
            "opted_out"
        )
    );
    assert_eq!(
        explain(&["host.ns-enabled-none"], &[]),
        explained(
            NS_ENTRY,
            "skipped",
            "pod uses host networking",
            "host_network"
        )
    );
    assert_eq!(
        explain(&["legacy.ns-enabled-none"], &[]),
        explained(
            NS_ENTRY,
            "injected",
            "injection policy is enabled",
            "policy_enabled"
        )
    );
    assert_eq!(
        explain(&["bad-range.ns-enabled-none"], &[]),
        explained(
            NS_ENTRY,
            "denied",
            "failed to run injection template: 1 error occurred:\n\t* invalid value '1.1.1.1' \
             for annotation \
             'traffic.sidecar.istio.io/includeOutboundIPRanges': includeIPRanges invalid: failed \
             parsing cidr '1.1.1.1': netip.ParsePrefix(\"1.1.1.1\"): no '/'\n\n",
            "invalid_annotations"
        )
    );
}

/// Offline there is no node to look at: the environment alone decides, as for istioctl
/// without a cluster client.
#[test]
fn explain_says_whether_native_sidecars_are_on() {
    let pods = scratch("extra-pods.yaml", EXTRA_PODS);
    let files = (namespace_file(), &*pods);
    let mut args = vec!["legacy.ns-enabled-none".to_string(), "--explain".into()];
    args.extend(offline("default.yaml", &files));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    for (value, native) in [
        ("true", "on (ENABLE_NATIVE_SIDECARS=true)"),
        ("false", "off (ENABLE_NATIVE_SIDECARS=false)"),
        ("auto", "off (auto, but no view of the cluster's nodes)"),
        (
            "yes",
            "off (ENABLE_NATIVE_SIDECARS=\"yes\" is not true, false or auto)",
        ),
    ] {
        let out = needle_with(&args, &[("ENABLE_NATIVE_SIDECARS", value)]);
        assert!(out.status.success(), "{value}: {}", stderr(&out));
        let line = format!("\n  native:   {native}\n");
        assert!(stdout(&out).contains(&line), "{value}: {}", stdout(&out));
    }
}

/// The revision's injector config (the flags kube-inject takes): policy and selectors.
#[test]
fn explain_uses_the_given_injector_config() {
    let config = scratch(
        "inject-config.yaml",
        "policy: disabled\nneverInjectSelector:\n- matchLabels: {app: legacy}\n",
    );
    let flags = ["--injectConfigFile", path(&config)];
    assert_eq!(
        explain(&["legacy.ns-enabled-none"], &flags),
        explained(
            NS_ENTRY,
            "skipped",
            "pod labels match neverInjectSelector[0]",
            "never_inject_selector"
        )
    );
    assert_eq!(
        explain(&["host.ns-enabled-none"], &flags),
        explained(
            NS_ENTRY,
            "skipped",
            "pod uses host networking",
            "host_network"
        )
    );
    // `-l`: a pod with only these labels, which the disabled policy leaves alone.
    let labels = ["-n", "ns-enabled-none", "-l", "app=web"];
    assert_eq!(
        explain(&labels[..], &flags),
        explained(
            NS_ENTRY,
            "skipped",
            "injection policy is disabled and the pod does not opt in",
            "policy_disabled"
        )
    );
}

#[test]
fn explain_when_no_webhook_selects_the_pod() {
    let out = explain(&["opt-out.ns-none-none"], &[]);
    assert!(
        out.ends_with(
            "EXPLAIN no injection webhook selects the pod: the apiserver creates it without \
             calling an injector, so it is not injected\n"
        ),
        "{out}"
    );
}

/// Found on a real node: a namespaceSelector of matchLabels only. istioctl's table (kept as
/// it is) finds no label to name and says ✘; the apiserver calls the webhook, and so the
/// explanation runs the injection and says that the table disagrees.
#[test]
fn explain_judges_match_labels_as_the_apiserver_does() {
    let out = explain_hand_made(
        "  namespaceSelector: {matchLabels: {istio-injection: enabled}}\n",
        "legacy.ns-enabled-none",
    );
    assert_eq!(
        out,
        format!(
            "WEBHOOK                 REVISION  INJECTED      REASON\n\
             istio-sidecar-injector  default   {RED_MARK}             No matching namespace labels () or pod labels ()\n\
             EXPLAIN istio-sidecar-injector: the table's ✘ follows istioctl, but the apiserver \
             calls entry namespace.sidecar-injector.istio.io: its rules, selectors and \
             matchConditions all match this pod CREATE\n\
             EXPLAIN istio-sidecar-injector (revision default, entry namespace.sidecar-injector.istio.io):\n  \
             decision: injected\n  reason:   injection policy is enabled\n  label:    policy_enabled\n  \
             native:   off (auto, but no view of the cluster's nodes)\n  \
             release:  Istio 86c9f01 (from needle's embedded config)\n"
        )
    );
    // In a namespace without the label the apiserver does not call it either.
    let out = explain_hand_made(
        "  namespaceSelector: {matchLabels: {istio-injection: enabled}}\n",
        "legacy.ns-none-none",
    );
    assert!(
        out.ends_with("EXPLAIN no injection webhook selects the pod: the apiserver creates it without calling an injector, so it is not injected\n"),
        "{out}"
    );
}

/// The table says ✔ on labels alone; the apiserver's rules and matchConditions say more, and
/// what cannot be known offline is named on one line with webhook, entry and expression.
#[test]
fn explain_reads_rules_and_match_conditions() {
    let selector = "  namespaceSelector: {matchExpressions: [{key: istio-injection, operator: In, values: [enabled]}]}\n";
    let out = explain_hand_made(
        &format!(
            "{selector}  matchConditions:\n  - {{name: web, expression: \"object.metadata.labels['app'] == 'web'\"}}\n"
        ),
        "legacy.ns-enabled-none",
    );
    assert!(
        out.ends_with(
            "EXPLAIN istio-sidecar-injector: the table's ✔ follows istioctl, but the apiserver \
             does not call entry namespace.sidecar-injector.istio.io: its matchConditions[0] \
             \"web\" `object.metadata.labels['app'] == 'web'` is false\n\
             EXPLAIN no injection webhook selects the pod: the apiserver creates it without \
             calling an injector, so it is not injected\n"
        ),
        "{out}"
    );
    let out = explain_hand_made(
        &format!(
            "{selector}  matchConditions:\n  - {{name: admins, expression: \"request.userInfo.username != 'admin'\"}}\n"
        ),
        "legacy.ns-enabled-none",
    );
    assert!(
        out.ends_with(
            "EXPLAIN istio-sidecar-injector (entry namespace.sidecar-injector.istio.io): cannot \
             tell offline whether the apiserver calls it: its matchConditions[0] \"admins\" \
             `request.userInfo.username != 'admin'` reads request.userInfo, which check-inject \
             cannot know offline; the table's ✔ follows istioctl, which reads only the selectors\n\
             EXPLAIN no other injection webhook selects the pod\n"
        ),
        "{out}"
    );
    let out = explain_hand_made(
        &format!(
            "{selector}  rules: [{{operations: [UPDATE], apiGroups: [\"\"], apiVersions: [v1], resources: [pods]}}]\n"
        ),
        "legacy.ns-enabled-none",
    );
    assert!(
        out.contains(
            "EXPLAIN istio-sidecar-injector: the table's ✔ follows istioctl, but the apiserver \
             does not call entry namespace.sidecar-injector.istio.io: its rules do not cover a pod CREATE\n"
        ),
        "{out}"
    );
}

/// On Istio's own renders the table and the apiserver agree for every case of the matrix:
/// `--explain` runs the injection once per ✔ row and adds no disagreement.
#[test]
fn explain_agrees_with_the_table_on_istios_renders() {
    let (nsf, podf) = (namespace_file(), pod_file());
    let mut failures = Vec::new();
    for m in [
        &matrix::DEFAULT,
        &matrix::CANARY,
        &matrix::TAGS,
        &matrix::CANARY_TAGS,
    ] {
        for (inj, ns_rev, inject, pod_rev, _) in m.cases {
            let target = format!("pod-{inject}-{pod_rev}.ns-{inj}-{ns_rev}");
            let file = webhooks(m.file);
            let out = needle(&[
                &target,
                "--explain",
                "--webhooks",
                &file,
                "--namespace-file",
                path(&nsf),
                "--pod-file",
                path(&podf),
            ]);
            assert!(out.status.success(), "{target}: {}", stderr(&out));
            let out = stdout(&out);
            let ticks = out.matches(GREEN_MARK).count();
            let runs = out.matches("\n  decision: ").count();
            let odd = out.contains("follows istioctl") || out.contains("cannot tell");
            if ticks != runs || odd {
                failures.push(format!("{} {target}:\n{out}", m.file));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `--explain` reads ProxyConfig resources as kube-inject does: good ones change nothing in the
/// decision, a bad one is an error that names the file, the document and the field.
#[test]
fn explain_reads_proxy_config_files() {
    let good = scratch(
        "proxy-configs.yaml",
        "apiVersion: networking.istio.io/v1beta1\nkind: ProxyConfig\n\
         metadata: {name: mesh-wide, namespace: istio-system}\nspec: {concurrency: 2}\n",
    );
    assert_eq!(
        explain(
            &["legacy.ns-enabled-none"],
            &["--proxyConfigFile", path(&good)]
        ),
        explained(
            NS_ENTRY,
            "injected",
            "injection policy is enabled",
            "policy_enabled"
        )
    );
    let bad = scratch(
        "bad-proxy-configs.yaml",
        "apiVersion: networking.istio.io/v1beta1\nkind: ProxyConfig\n\
         metadata: {name: mesh-wide, namespace: istio-system}\nspec: {concurrency: two}\n",
    );
    let pods = scratch("extra-pods.yaml", EXTRA_PODS);
    let out = run(
        &[
            "legacy.ns-enabled-none",
            "--explain",
            "--proxyConfigFile",
            path(&bad),
        ],
        "default.yaml",
        &pods,
    );
    assert!(!out.status.success());
    let want = format!(
        "{}: document 0 (starting at line 1): ProxyConfig istio-system/mesh-wide: spec: concurrency: ",
        bad.display()
    );
    assert!(stderr(&out).contains(&want), "{}", stderr(&out));
}
