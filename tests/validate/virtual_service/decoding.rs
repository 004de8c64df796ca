//! How a spec is read before it is judged: quoted numbers, `null`, non-objects and
//! decoding errors.

use super::*;

#[test]
fn numbers_may_be_quoted_as_istio_reads_them() {
    // Helm's `| quote` writes ports as strings; Istio's JSON reader takes them as numbers.
    let spec = json!({"hosts": ["a.b"], "http": [{"route": [
        {"destination": {"host": "a.b", "port": {"number": "8080"}}, "weight": "60"},
        {"destination": {"host": "c.d"}, "weight": 40}]}]});
    let r = validate_with(vs::validate, &Meta::default(), spec).unwrap();
    assert!(r.errors.is_empty(), "{r:?}");
    let spec = json!({"hosts": ["a.b"], "http": [{"route": [
        {"destination": {"host": "a.b", "port": {"number": "80.5"}}}]}]});
    let e = validate_with(vs::validate, &Meta::default(), spec).unwrap_err();
    assert!(e.contains("port.number: invalid value"), "{e}");
}

#[test]
fn decoding_errors() {
    let m = named("foo", "bar");
    // Istio retries a failed strict decode allowing unknown fields, so they are ignored.
    let unknown_field = json!({"hosts": ["a.b"], "http": [{"route": [{"destination": {"host": "a.b"}}], "bogus": 1}]});
    assert!(
        validate_with(vs::validate, &m, unknown_field)
            .unwrap()
            .errors
            .is_empty()
    );
    let bad_vs = [
        json!({"hosts": "a.b"}),
        json!({"hosts": ["a.b"], "http": [{"timeout": "1x", "route": [{"destination": {"host": "a.b"}}]}]}),
        json!({"hosts": ["a.b"], "http": [{"match": [{"uri": {"exact": "/a", "prefix": "/"}}], "route": [{"destination": {"host": "a.b"}}]}]}),
    ];
    for spec in bad_vs {
        assert!(
            validate_with(vs::validate, &m, spec.clone()).is_err(),
            "{spec}"
        );
    }
}

#[test]
fn messages_must_be_objects() {
    // serde would take the array as the struct's fields in order; protobuf JSON refuses it.
    let spec = json!({"hosts": ["foo.bar"], "http": [{"match": [{"headers": {"x": ["exact"]}}], "route": [{"destination": {"host": "foo.bar"}}]}]});
    assert!(validate_with(vs::validate, &Meta::default(), spec).is_err());
}

#[test]
fn null_means_default() {
    let spec = json!({"hosts": ["a.b"], "gateways": null, "http": [{"route": [{"destination": {"host": "a.b", "subset": null, "port": null}, "weight": null}], "timeout": null, "match": [{"uri": {"prefix": "/", "exact": null}, "ignoreUriCase": null}]}]});
    let r = validate_with(vs::validate, &Meta::default(), spec).unwrap();
    assert!(r.errors.is_empty(), "{r:?}");
    // As a list element it is the element's empty value, judged by the rules (istioctl
    // validate answers the same).
    let spec =
        json!({"hosts": ["a.b", null], "tcp": [{"route": [{"destination": {"host": "a.b"}}]}]});
    let r = validate_with(vs::validate, &Meta::default(), spec).unwrap();
    assert_eq!(r.errors, ["empty domain name not allowed"]);
}
