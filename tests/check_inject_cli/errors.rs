//! Wrong arguments and bad inputs: istioctl's usage error, the file named, nothing to read.

use super::*;

#[test]
fn wrong_arguments_get_istioctls_usage_error() {
    let want = "error: check-inject requires only [<resource-type>/]<resource-name>[.<namespace>], or specify labels flag\n";
    for args in [&[][..], &["a", "b"][..]] {
        let err = failure(args);
        assert!(err.starts_with("Usage: needle check-inject"), "{err}");
        assert!(err.ends_with(want), "{err}");
    }
}

#[test]
fn bad_inputs_name_the_file() {
    let (nsf, podf) = (namespace_file(), pod_file());
    let wh = webhooks("default.yaml");
    let with = |pods: &str, target: &str| {
        failure(&[
            target,
            "--webhooks",
            &wh,
            "--namespace-file",
            path(&nsf),
            "--pod-file",
            pods,
        ])
    };
    let err = failure(&[
        "pod-none-none.ns-enabled-none",
        "--webhooks",
        "/nonexistent/webhooks.yaml",
        "--namespace-file",
        path(&nsf),
        "--pod-file",
        path(&podf),
    ]);
    assert!(
        err.starts_with("error: cannot read /nonexistent/webhooks.yaml: "),
        "{err}"
    );

    let broken = scratch(
        "broken.yaml",
        "apiVersion: v1\nkind: Pod\nmetadata: {name: x\n",
    );
    let err = with(path(&broken), "x.ns-enabled-none");
    assert!(
        err.starts_with(&format!(
            "error: {}: document 0 (starting at line 1): invalid YAML: ",
            broken.display()
        )),
        "{err}"
    );
    assert!(err.contains("line 3"), "{err}");

    let err = with(path(&podf), "nothere.ns-enabled-none");
    assert_eq!(
        err,
        format!(
            "error: {}: no Pod \"nothere\" in namespace \"ns-enabled-none\"\n",
            podf.display()
        )
    );

    let err = with(path(&podf), "pod-none-none.ghost");
    assert_eq!(
        err,
        format!("error: {}: no Namespace \"ghost\"\n", nsf.display())
    );

    let err = with(path(&podf), "frob/x.ns-enabled-none");
    assert_eq!(
        err,
        "error: failed retrieving: the server doesn't have a resource type \"frob\" in the \"ns-enabled-none\" namespace\n"
    );

    let scalar = scratch("scalar.yaml", "just text\n");
    let err = with(path(&scalar), "x.ns-enabled-none");
    assert!(
        err.contains("scalar.yaml: document 0 (starting at line 1): expected a Kubernetes object"),
        "{err}"
    );
}

/// Without files, the cluster is read; with none reachable the error says which inputs
/// could have come from files instead.
#[test]
fn no_cluster_and_no_files() {
    let err = failure(&["pod-x.ns"]);
    assert!(
        err.starts_with("error: check-inject reads the cluster for every input not given as a file (--webhooks, --namespace-file, --pod-file): "),
        "{err}"
    );
}
