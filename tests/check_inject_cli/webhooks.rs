//! Which webhooks select a pod: one byte for byte, several, foreign and deactivated ones, labels, namespaces, a deployment's pod template.

use super::*;

#[test]
fn one_webhook_byte_for_byte() {
    let out = run(
        &["pod-none-none.ns-enabled-none"],
        "default.yaml",
        &pod_file(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "WEBHOOK                 REVISION  INJECTED      REASON\n\
             istio-sidecar-injector  default   {GREEN_MARK}             Namespace label istio-injection=enabled matches\n"
        )
    );
}

/// Istio's chart with `revisionTags={prod,default}` and no `istioctl tag set default` to
/// deactivate the revision's own entries: two webhooks inject, and istioctl says so last,
/// without a newline.
#[test]
fn several_injecting_webhooks_end_with_istioctls_error() {
    let out = run(
        &["pod-none-none.ns-enabled-none"],
        "revision-tags.yaml",
        &pod_file(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "WEBHOOK                     REVISION  INJECTED      REASON\n\
             istio-revision-tag-default  default   {GREEN_MARK}             Namespace label istio-injection=enabled matches\n\
             istio-revision-tag-prod     default   {RED_MARK}             No matching namespace labels (istio.io/rev=prod) or pod labels (istio.io/rev=prod)\n\
             istio-sidecar-injector      default   {GREEN_MARK}             Namespace label istio-injection=enabled matches\n\
             ERROR: multiple webhooks will inject, which can lead to errors"
        )
    );
}

/// Only configurations with an entry named `...istio.io` are Istio's; the deactivated one
/// (`istioctl tag set default` rewrites its selectors to never match) says so.
#[test]
fn foreign_and_deactivated_webhooks() {
    let foreign = scratch(
        "foreign.yaml",
        "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingWebhookConfiguration\n\
         metadata: {name: other}\nwebhooks:\n- name: hook.example.com\n",
    );
    let files = (namespace_file(), pod_file());
    let base = [
        "pod-none-none.ns-enabled-none",
        "--namespace-file",
        path(&files.0),
        "--pod-file",
        path(&files.1),
    ];
    let out = needle(&[&base[..], &["--webhooks", path(&foreign)]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "ERROR: no Istio injection hooks present.\n");

    let never = "{matchLabels: {istio.io/deactivated: never-match}}";
    let deactivated = scratch(
        "deactivated.yaml",
        &format!(
            "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingWebhookConfiguration\n\
             metadata: {{name: istio-sidecar-injector, labels: {{istio.io/rev: default}}}}\nwebhooks:\n\
             - name: namespace.sidecar-injector.istio.io\n  namespaceSelector: {never}\n  objectSelector: {never}\n"
        ),
    );
    let out = needle(&[&base[..], &["--webhooks", path(&deactivated)]].concat());
    assert_eq!(
        stdout(&out),
        format!(
            "WEBHOOK                 REVISION  INJECTED      REASON\n\
             istio-sidecar-injector  default   {RED_MARK}             The injection webhook is deactivated, and will never match labels.\n"
        )
    );
}

/// `-l` checks labels in a namespace before any pod exists: only `k=v` pairs count, as in
/// istioctl (`ParseToLabelSelector(..).MatchLabels`).
#[test]
fn labels_flag() {
    let nsf = namespace_file();
    let out = needle(&[
        "-n",
        "ns-none-canary",
        "-l",
        "app=web,sidecar.istio.io/inject=false,tier in (a,b)",
        "--webhooks",
        &webhooks("revision-canary.yaml"),
        "--namespace-file",
        path(&nsf),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "WEBHOOK                        REVISION  INJECTED      REASON\n\
             istio-sidecar-injector-canary  canary    {RED_MARK}             Pod has sidecar.istio.io/inject=false label, preventing injection\n"
        )
    );
    let out = needle(&[
        "-l",
        "a>1",
        "--webhooks",
        &webhooks("default.yaml"),
        "--namespace-file",
        path(&nsf),
    ]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("\"gt\" isn't supported in label selectors"),
        "{}",
        stderr(&out)
    );
}

/// `deployment/web` offline: the Deployment's pod template, in the Deployment's namespace.
#[test]
fn deployment_resolves_to_its_pod_template() {
    let pods = scratch("extra-pods.yaml", EXTRA_PODS);
    let out = run(
        &["deployment/web", "--explain"],
        "revision-canary.yaml",
        &pods,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "WEBHOOK                        REVISION  INJECTED      REASON\n\
             istio-sidecar-injector-canary  canary    {GREEN_MARK}             Namespace label istio.io/rev=canary matches\n\
             EXPLAIN istio-sidecar-injector-canary (revision canary, entry rev.namespace.sidecar-injector.istio.io):\n  \
             decision: injected\n  reason:   injection policy is enabled\n  label:    policy_enabled\n  \
             native:   off (auto, but no view of the cluster's nodes)\n  \
             release:  Istio 86c9f01 (from needle's embedded config)\n"
        )
    );
}

/// A hand-written namespace has no `kubernetes.io/metadata.name` label; the apiserver would
/// add it, and Istio's `auto.` webhook (`enableNamespacesByDefault`) selects on it.
#[test]
fn namespaces_by_default_see_the_name_label_the_apiserver_adds() {
    let nsf = scratch(
        "plain-ns.yaml",
        "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n",
    );
    let out = needle(&[
        "pod-none-none.shop",
        "--webhooks",
        &webhooks("enable-namespaces-by-default.yaml"),
        "--namespace-file",
        path(&nsf),
        "--pod-file",
        path(&pod_file()),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "WEBHOOK                 REVISION  INJECTED      REASON\n\
             istio-sidecar-injector  default   {GREEN_MARK}             Namespace label kubernetes.io/metadata.name=shop matches (Automatic injection is enabled in all namespaces).\n"
        )
    );
}
