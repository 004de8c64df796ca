//! A big pod's AdmissionReview, written as text (issue #15's hostile input): N small
//! containers of about 92 bytes of JSON each, so 50,000 make a 4.6 MB body. Shared by the
//! limit tests and `examples/big_pod.rs`.

/// The review's JSON text, written directly (a `serde_json::Value` of it would itself cost
/// ten times the text).
pub fn big_review(containers: usize) -> String {
    let mut out = String::with_capacity(containers * 96 + 1024);
    out.push_str(concat!(
        r#"{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"big-pod","#,
        r#""kind":{"group":"","version":"v1","kind":"Pod"},"resource":{"group":"","version":"v1","resource":"pods"},"#,
        r#""operation":"CREATE","namespace":"demo","object":{"apiVersion":"v1","kind":"Pod","#,
        r#""metadata":{"name":"big","namespace":"demo","labels":{"app":"big"}},"spec":{"containers":["#
    ));
    for i in 0..containers {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&format!(
            r#"{{"name":"app-{i:06}","image":"registry.example.com/team/app:1.0.0","ports":[{{"containerPort":8080}}]}}"#
        ));
    }
    out.push_str("]}}}}");
    out
}
