//! Istio's injection goldens through the path the apiserver uses: every webhook-path case of
//! the corpus's `istio-inject/cases.yaml` posted as an AdmissionReview over HTTPS to a real
//! `needle serve`, started on that case's settings (one server per settings), the returned
//! patch applied and the pod compared with the golden as Istio's test compares it, the JSON
//! texts embedded in it (`PROXY_CONFIG`, `ISTIO_META_POD_PORTS`, `proxy.istio.io/overrides`)
//! byte for byte.
//! The OpenShift cases are not here: their proxy runs with the UID range of the pod's
//! Namespace, which `needle serve` reads from an apiserver (`--watch-cluster`), so
//! `tests/cluster_e2e/openshift.rs` serves them. `NEEDLE_CASE=<part of a name>` runs some cases
//! only; cases that do not pass yet are listed in `tests/known_failures.txt` (suite
//! `goldens-https`).

mod common;

use common::golden_cases::{CaseSpec, istio_inject_cases};
use common::golden_https::{ServerKey, post_case, server_key, start};
use common::server::{H1, connector, temp_dir};
use common::tally::Tally;
use std::collections::BTreeMap;

/// Every webhook-path case that needs no cluster.
fn served_here(case: &CaseSpec) -> bool {
    !case.skip_webhook && case.platform != "openshift"
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn goldens_https() {
    let mut groups: BTreeMap<ServerKey, Vec<CaseSpec>> = BTreeMap::new();
    for case in istio_inject_cases().into_iter().filter(served_here) {
        groups.entry(server_key(&case)).or_default().push(case);
    }
    let work = temp_dir("goldens-https");
    let mut outcomes = BTreeMap::new();
    for (key, cases) in &groups {
        let server = start(key, &work, &[], &[]);
        let tls = connector(&work.join("certs").join("ca.pem"), false);
        let mut client = H1::connect(&tls, server.webhook).await.unwrap();
        for case in cases {
            outcomes.insert(case.name.clone(), post_case(&mut client, case).await);
        }
    }
    // Recorded in the table's order, so the summary reads like the other golden suites.
    let mut tally = Tally::new("goldens-https", 117);
    for case in istio_inject_cases().into_iter().filter(served_here) {
        tally.record(&case.name, outcomes.remove(&case.name).unwrap());
    }
    println!("goldens https: {} servers, one per settings", groups.len());
    tally.finish(|n, m| format!("goldens https: {n}/{m} pass"));
}
