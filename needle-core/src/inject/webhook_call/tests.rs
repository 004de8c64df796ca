use super::*;
use serde_json::json;

fn labels(pairs: &[(&str, &str)]) -> Labels {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// The rule of Istio's chart: CREATE of core/v1 pods.
fn pods_rule() -> Value {
    json!({"operations": ["CREATE"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["pods"]})
}

/// An entry with Istio's rule and these fields on top.
fn entry(fields: Value) -> Value {
    let mut e = json!({"name": "x.sidecar-injector.istio.io", "rules": [pods_rule()]});
    for (k, v) in fields.as_object().unwrap() {
        e[k] = v.clone();
    }
    e
}

/// `judge` for a pod `app` with these labels in namespace `apps` with these labels.
fn judge_for(entry: &Value, ns: &[(&str, &str)], pod: &[(&str, &str)]) -> Call {
    let (ns_labels, pod_labels) = (labels(ns), labels(pod));
    let pod = json!({"apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": "app", "labels": pod_labels},
        "spec": {"containers": [{"name": "app", "image": "app"}]}});
    let create = PodCreate {
        pod: &pod,
        namespace: "apps",
        namespace_labels: &ns_labels,
        pod_labels: &pod_labels,
    };
    judge(entry, &create)
}

fn calls(entry: &Value, ns: &[(&str, &str)], pod: &[(&str, &str)]) -> bool {
    match judge_for(entry, ns, pod) {
        Call::Calls => true,
        Call::Skips(_) => false,
        other => panic!("{entry}: {other:?}"),
    }
}

#[test]
fn match_labels_alone_select_as_the_apiserver_selects() {
    // The reported case: istioctl's table needs a matchExpressions label to name.
    let e = entry(json!({"namespaceSelector": {"matchLabels": {"istio-injection": "enabled"}}}));
    assert!(calls(&e, &[("istio-injection", "enabled")], &[]));
    assert_eq!(
        judge_for(&e, &[("istio-injection", "disabled")], &[]),
        Call::Skips("its namespaceSelector does not match the labels of namespace apps".into())
    );
    let e = entry(json!({"objectSelector": {"matchLabels": {"app": "web"}}}));
    assert!(calls(&e, &[], &[("app", "web")]));
    assert_eq!(
        judge_for(&e, &[], &[]),
        Call::Skips("its objectSelector does not match the labels of the pod".into())
    );
}

#[test]
fn each_selector_operator() {
    let expr = |op: &str, values: Value| {
        entry(json!({"objectSelector": {"matchExpressions": [
            {"key": "k", "operator": op, "values": values}]}}))
    };
    let (none, a, b) = (&[][..], &[("k", "a")][..], &[("k", "b")][..]);
    for (e, want) in [
        (expr("In", json!(["a"])), [false, true, false]),
        (expr("NotIn", json!(["a"])), [true, false, true]),
        (expr("Exists", json!([])), [false, true, true]),
        (expr("DoesNotExist", json!([])), [true, false, false]),
    ] {
        let got = [none, a, b].map(|pod| calls(&e, &[], pod));
        assert_eq!(got, want, "{e}");
    }
    // matchLabels and matchExpressions together: all requirements must hold.
    let both = entry(json!({"namespaceSelector": {"matchLabels": {"a": "1"},
        "matchExpressions": [{"key": "b", "operator": "NotIn", "values": ["x"]}]}}));
    assert!(calls(&both, &[("a", "1")], &[]));
    assert!(!calls(&both, &[("a", "1"), ("b", "x")], &[]));
    assert!(!calls(&both, &[("b", "y")], &[]));
}

#[test]
fn absent_null_and_empty_selectors_select_everything() {
    for selector in [
        json!(null),
        json!({}),
        json!({"matchLabels": {}, "matchExpressions": []}),
    ] {
        let e = entry(json!({"namespaceSelector": selector, "objectSelector": selector}));
        assert!(calls(&e, &[], &[]), "{selector}");
    }
    assert!(calls(&entry(json!({})), &[("x", "y")], &[("z", "w")]));
}

#[test]
fn a_selector_the_apiserver_would_refuse_is_not_judged() {
    let e = entry(json!({"objectSelector": {"matchExpressions": [
        {"key": "k", "operator": "Near"}]}}));
    let Call::Unknown(why) = judge_for(&e, &[], &[]) else {
        panic!("judged")
    };
    assert!(
        why.starts_with("its objectSelector is not one the apiserver accepts"),
        "{why}"
    );
}

#[test]
fn rules_with_wildcards_subresources_and_scope() {
    let with_rule = |rule: Value| entry(json!({"rules": [rule]}));
    let rule = |patch: Value| {
        let mut r = pods_rule();
        for (k, v) in patch.as_object().unwrap() {
            r[k] = v.clone();
        }
        with_rule(r)
    };
    for (patch, want) in [
        (json!({}), true),
        (json!({"operations": ["*"]}), true),
        (json!({"operations": ["UPDATE"]}), false),
        (json!({"operations": ["UPDATE", "CREATE"]}), true),
        (json!({"apiGroups": ["*"]}), true),
        (json!({"apiGroups": ["apps"]}), false),
        (json!({"apiVersions": ["*"]}), true),
        (json!({"apiVersions": ["v1beta1"]}), false),
        (json!({"resources": ["*"]}), true),
        (json!({"resources": ["*/*"]}), true),
        (json!({"resources": ["pods/*"]}), true),
        (json!({"resources": ["pods/status"]}), false),
        (
            json!({"resources": ["pods/ephemeralcontainers", "*/status"]}),
            false,
        ),
        (json!({"resources": ["deployments"]}), false),
        (json!({"resources": []}), false),
        (json!({"scope": "*"}), true),
        (json!({"scope": "Namespaced"}), true),
        (json!({"scope": "Cluster"}), false),
    ] {
        assert_eq!(calls(&rule(patch.clone()), &[], &[]), want, "{patch}");
    }
    // Any one rule is enough; none at all calls nothing.
    let two = entry(json!({"rules": [
        {"operations": ["UPDATE"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["pods"]},
        pods_rule()]}));
    assert!(calls(&two, &[], &[]));
    assert_eq!(
        judge_for(&entry(json!({"rules": []})), &[], &[]),
        Call::Skips("its rules do not cover a pod CREATE".into())
    );
    assert!(!calls(&json!({"name": "no-rules"}), &[], &[]));
}

fn with_conditions(conditions: &[(&str, &str)], policy: Option<&str>) -> Value {
    let list: Vec<Value> = conditions
        .iter()
        .map(|(name, expression)| json!({"name": name, "expression": expression}))
        .collect();
    let mut e = entry(json!({"matchConditions": list}));
    if let Some(policy) = policy {
        e["failurePolicy"] = json!(policy);
    }
    e
}

#[test]
fn match_conditions_true_and_false() {
    let e = with_conditions(
        &[
            ("web", "object.metadata.labels['app'] == 'web'"),
            (
                "create",
                "request.operation == 'CREATE' && oldObject == null",
            ),
            (
                "where",
                "request.namespace == 'apps' && object.metadata.namespace == 'apps'",
            ),
            (
                "pods",
                "request.resource.resource == 'pods' && request.kind.kind == 'Pod'",
            ),
            (
                "named",
                "request.name == 'app' && !has(request.subResource)",
            ),
        ],
        None,
    );
    assert!(calls(&e, &[], &[("app", "web")]));
    assert_eq!(
        judge_for(&e, &[], &[("app", "db")]),
        Call::Skips(
            "its matchConditions[0] \"web\" `object.metadata.labels['app'] == 'web'` is false"
                .into()
        )
    );
}

#[test]
fn a_match_condition_error_goes_by_the_failure_policy() {
    let failing = [("label", "object.metadata.labels.missing == 'x'")];
    let Call::Rejects(why) = judge_for(&with_conditions(&failing, None), &[], &[]) else {
        panic!("Fail is the default")
    };
    assert_eq!(
        why,
        "its matchConditions[0] \"label\" `object.metadata.labels.missing == 'x'` fails to \
         evaluate (No such key: missing), and its failurePolicy is Fail"
    );
    let ignored = judge_for(&with_conditions(&failing, Some("Ignore")), &[], &[]);
    assert!(
        matches!(&ignored, Call::Skips(why) if why.ends_with("and its failurePolicy is Ignore")),
        "{ignored:?}"
    );
    // A false condition wins over an error, wherever it is.
    let both = with_conditions(&[failing[0], ("no", "false")], None);
    assert!(!calls(&both, &[], &[]));
}

#[test]
fn what_cannot_be_known_offline_is_named() {
    for (expression, reads) in [
        (
            "authorizer.group('').resource('pods').check('create').allowed()",
            "reads authorizer, which check-inject cannot know offline",
        ),
        (
            "request.userInfo.username != 'system:admin'",
            "reads request.userInfo, which check-inject cannot know offline",
        ),
        (
            "!has(request.dryRun) || [1].exists(x, request['options'] == null)",
            "reads request.dryRun, which check-inject cannot know offline",
        ),
        (
            "object.metadata.labels.isSorted()",
            "cannot be evaluated by needle's CEL: Undeclared reference to 'isSorted'",
        ),
        ("object.metadata.(", "cannot be parsed by needle's CEL: "),
    ] {
        let e = with_conditions(&[("c", expression)], None);
        let Call::Unknown(why) = judge_for(&e, &[], &[("app", "web")]) else {
            panic!("{expression}: judged")
        };
        let want = format!("its matchConditions[0] \"c\" `{expression}` {reads}");
        assert!(why.starts_with(&want), "{why}\nwant {want}");
    }
    // A false condition still decides: the apiserver skips the webhook whatever the rest says.
    let e = with_conditions(
        &[
            ("who", "request.userInfo.username == 'x'"),
            ("no", "1 == 2"),
        ],
        None,
    );
    assert!(!calls(&e, &[], &[]));
    // Optionals and the strings extension, which Kubernetes has, evaluate.
    let e = with_conditions(
        &[(
            "opt",
            "object.?spec.hostNetwork.orValue(false) == false && 'AB'.lowerAscii() == 'ab'",
        )],
        None,
    );
    assert!(calls(&e, &[], &[]));
}

#[test]
fn selectors_are_judged_before_match_conditions() {
    // An erroring condition on an entry whose selector already excludes the pod is never run.
    let mut e = with_conditions(&[("label", "object.metadata.labels.missing == 'x'")], None);
    e["objectSelector"] = json!({"matchLabels": {"app": "web"}});
    assert!(!calls(&e, &[], &[]));
}
