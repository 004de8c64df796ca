//! `validate_test.go`: the injection annotations.

use super::*;

// ---------------------------------------------------------------------------------------------
// validate_test.go
// ---------------------------------------------------------------------------------------------

fn annotations(pairs: &[(&str, &str)]) -> Map<String, Value> {
    match string_map(pairs) {
        Value::Object(m) => m,
        _ => unreachable!(),
    }
}

fn verdict(result: Result<(), String>, want_err: bool) -> Result<(), String> {
    match (result, want_err) {
        (Ok(()), false) | (Err(_), true) => Ok(()),
        (Ok(()), true) => Err("got no error, want one".into()),
        (Err(e), false) => Err(format!("got error {e:?}, want none")),
    }
}

#[test]
fn test_validate_resource_quantity() {
    // `validateResourceQuantity` is what the four proxy resource annotations are checked with;
    // needle exposes it through `validate` on `sidecar.istio.io/proxyCPU`.
    let cases = [
        ("valid cpu request", "100m", false),
        ("valid memory request", "128Mi", false),
        ("valid cpu limit", "2", false),
        ("valid memory with Gi", "1Gi", false),
        (
            "newline injection",
            "100m\"\n  - name: injected\n    image: \"busybox",
            true,
        ),
        ("carriage return", "100m\r", true),
        ("tab character", "100m\t", true),
        ("null byte", "100m\x00", true),
        ("invalid quantity format", "invalid", true),
        ("empty string", "", true),
    ];
    let mut table = Tally::table("istio-tables", "TestValidateResourceQuantity", 1);
    for (name, value, want_err) in cases {
        let result = validate(
            &annotations(&[("sidecar.istio.io/proxyCPU", value)]),
            Release::NEWEST,
        );
        table.record(name, verdict(result, want_err));
    }
    table.check();
}

#[test]
fn test_validate_annotations() {
    let cases: [(&str, Pairs, bool); 5] = [
        (
            "valid resource annotations",
            &[
                ("sidecar.istio.io/proxyCPU", "100m"),
                ("sidecar.istio.io/proxyMemory", "128Mi"),
                ("sidecar.istio.io/proxyCPULimit", "1"),
                ("sidecar.istio.io/proxyMemoryLimit", "1Gi"),
            ],
            false,
        ),
        (
            "injection attempt in proxyCPU",
            &[(
                "sidecar.istio.io/proxyCPU",
                "100m\"\n  - name: injected\n    image: \"busybox",
            )],
            true,
        ),
        (
            "injection attempt in proxyMemory",
            &[("sidecar.istio.io/proxyMemory", "128Mi\nmalicious")],
            true,
        ),
        (
            "invalid quantity in proxyCPULimit",
            &[("sidecar.istio.io/proxyCPULimit", "notaquantity")],
            true,
        ),
        (
            "control character in proxyMemoryLimit",
            &[("sidecar.istio.io/proxyMemoryLimit", "1Gi\x00")],
            true,
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestValidateAnnotations", 1);
    for (name, pairs, want_err) in cases {
        table.record(
            name,
            verdict(validate(&annotations(pairs), Release::NEWEST), want_err),
        );
    }
    table.check();
}
