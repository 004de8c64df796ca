use super::*;
use serde_json::json;

#[test]
fn container_ports_follow_go_declaration_order() {
    let port = json!({"containerPort": 80, "name": "http", "protocol": "TCP", "hostIP": "1.2.3.4", "hostPort": 8080});
    assert_eq!(
        marshal_as(&port, Layout::CONTAINER_PORT),
        r#"{"name":"http","hostPort":8080,"containerPort":80,"protocol":"TCP","hostIP":"1.2.3.4"}"#
    );
}

/// Containers as Istio's overrides annotation holds them (Istio's goldens): `resources` where
/// Go declares it, the probe handler's fields (an embedded struct) at its place in `Probe`.
#[test]
fn containers_follow_go_declaration_order_at_every_depth() {
    let cases = [
        (
            json!({"imagePullPolicy": "IfNotPresent", "name": "istio-proxy", "resources": {}}),
            r#"{"name":"istio-proxy","resources":{},"imagePullPolicy":"IfNotPresent"}"#,
        ),
        (
            json!({"readinessProbe": {"httpGet": {"port": 80}}, "resources": {}, "name": "traffic", "image": "fake.docker.io/traffic:1.0"}),
            r#"{"name":"traffic","image":"fake.docker.io/traffic:1.0","resources":{},"readinessProbe":{"httpGet":{"port":80}}}"#,
        ),
        (
            json!({"name": "istio-proxy", "resources": {"requests": {"cpu": "123m"}, "limits": {"cpu": "3"}},
                "volumeMounts": [{"mountPath": "/etc/certs", "name": "certs"}],
                "livenessProbe": {"timeoutSeconds": 3, "initialDelaySeconds": 10, "httpGet": {"port": 15021, "path": "/healthz/ready"}},
                "securityContext": {"runAsGroup": 4321, "runAsUser": 1234}}),
            concat!(
                r#"{"name":"istio-proxy","resources":{"limits":{"cpu":"3"},"requests":{"cpu":"123m"}},"#,
                r#""volumeMounts":[{"name":"certs","mountPath":"/etc/certs"}],"#,
                r#""livenessProbe":{"httpGet":{"path":"/healthz/ready","port":15021},"initialDelaySeconds":10,"timeoutSeconds":3},"#,
                r#""securityContext":{"runAsUser":1234,"runAsGroup":4321}}"#
            ),
        ),
    ];
    for (container, want) in cases {
        assert_eq!(marshal_as(&container, Layout::CONTAINER), want);
    }
}

#[test]
fn omitempty_zeros_are_left_out_and_unknown_fields_kept_last() {
    let port = json!({"hostPort": 0, "protocol": "", "containerPort": 0, "name": null, "zeta": 1, "alpha": true});
    assert_eq!(
        marshal_as(&port, Layout::CONTAINER_PORT),
        r#"{"containerPort":0,"alpha":true,"zeta":1}"#
    );
    // A pointer keeps an explicit zero; an empty struct is printed.
    let container = json!({"name": "a", "securityContext": {"privileged": false, "runAsUser": 0}, "stdin": false});
    assert_eq!(
        marshal_as(&container, Layout::CONTAINER),
        r#"{"name":"a","securityContext":{"privileged":false,"runAsUser":0}}"#
    );
}

#[test]
fn kubernetes_types_are_found_by_the_name_go_prints() {
    let port = json!([{"protocol": "TCP", "containerPort": 80}]);
    for name in [
        "v1.ContainerPort",
        "*v1.ContainerPort",
        "[]v1.ContainerPort",
    ] {
        let layout = Layout::kube(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(
            marshal_as(&port, layout),
            r#"[{"containerPort":80,"protocol":"TCP"}]"#
        );
    }
    for name in [
        "*v1alpha1.ProxyConfig",
        "v1.NoSuchType",
        "ContainerPort",
        "string",
    ] {
        assert!(Layout::kube(name).is_none(), "{name}");
    }
}

#[test]
fn maps_have_sorted_keys() {
    assert_eq!(
        marshal(&json!({"b": 1, "a": {"d": [], "c": null}})),
        r#"{"a":{"c":null,"d":[]},"b":1}"#
    );
}

#[test]
fn strings_are_escaped_as_go_escapes_them() {
    // DEL and non-ASCII characters are written as they are.
    assert_eq!(
        marshal(&json!(
            "a\"b\\c <x> & \u{2028}\u{2029} \n\t\r\u{8}\u{c}\u{1}\u{7f}é"
        )),
        "\"a\\\"b\\\\c \\u003cx\\u003e \\u0026 \\u2028\\u2029 \\n\\t\\r\\b\\f\\u0001\u{7f}é\""
    );
}

#[test]
fn floats_are_printed_as_go_prints_them() {
    let cases = [
        (100.0, "100"),
        (0.5, "0.5"),
        (-0.25, "-0.25"),
        (1e15, "1000000000000000"),
        (1e20, "100000000000000000000"),
        (1e21, "1e+21"),
        (1.5e300, "1.5e+300"),
        (0.000001, "0.000001"),
        (1e-7, "1e-7"),
        (-2.5e-10, "-2.5e-10"),
        (0.0, "0"),
    ];
    for (f, want) in cases {
        assert_eq!(marshal(&json!(f)), want, "{f}");
    }
    assert_eq!(marshal(&json!(u64::MAX)), u64::MAX.to_string());
    assert_eq!(marshal(&json!(-7)), "-7");
}

#[test]
fn structs_are_written_in_the_order_given() {
    let (b, a) = (json!("x<"), json!({"k": 1}));
    assert_eq!(
        struct_text(&[("b", &b, Layout::Map), ("a", &a, Layout::Map)]),
        r#"{"b":"x\u003c","a":{"k":1}}"#
    );
}

static INNER: Message = Message {
    fields: &[("second_field", Proto::Scalar), ("first", Proto::Scalar)],
};

static OUTER: Message = Message {
    fields: &[
        ("name", Proto::Scalar),
        ("mode", Proto::Enum("UNSET")),
        ("count", Proto::Set),
        ("big", Proto::Int64),
        ("inner", Proto::Message(&INNER)),
        ("inners", Proto::Message(&INNER)),
        ("by_key", Proto::MapOf(&INNER)),
        ("labels", Proto::Scalar),
    ],
};

#[test]
fn messages_follow_the_descriptor_with_json_names() {
    let v = json!({
        "labels": {"z": "1", "a": "2"},
        "by_key": {"k2": {"first": 1, "second_field": 2}, "k1": {}},
        "inners": [{"first": "x", "secondField": "y"}],
        "inner": {"first": 1, "second_field": 2, "unknown": 3},
        "big": 9007199254740993_u64,
        "count": 0,
        "mode": "ON",
        "name": "n",
    });
    assert_eq!(
        marshal_as(&v, Layout::Proto(&OUTER)),
        concat!(
            r#"{"name":"n","mode":"ON","count":0,"big":"9007199254740993","#,
            r#""inner":{"secondField":2,"first":1},"inners":[{"secondField":"y","first":"x"}],"#,
            r#""byKey":{"k1":{},"k2":{"secondField":2,"first":1}},"labels":{"a":"2","z":"1"}}"#
        )
    );
}

#[test]
fn message_fields_without_presence_are_left_out_at_zero() {
    let v = json!({"name": "", "mode": "UNSET", "count": null, "big": null, "inner": {"first": 0},
        "inners": [], "by_key": {}, "labels": {}});
    assert_eq!(marshal_as(&v, Layout::Proto(&OUTER)), r#"{"inner":{}}"#);
    assert!(Proto::Enum("UNSET").omits(&json!(0)));
    assert!(!Proto::Enum("UNSET").omits(&json!("ON")));
    assert!(!Proto::Set.omits(&json!(false)));
    assert!(Proto::Scalar.omits(&json!(false)));
}

#[test]
fn json_names_are_lower_camel_case() {
    assert_eq!(json_name("k8s_sa_jwt_path"), "k8sSaJwtPath");
    assert_eq!(
        json_name("http2_initial_stream_window_size"),
        "http2InitialStreamWindowSize"
    );
    assert_eq!(json_name("x_forwarded_host"), "xForwardedHost");
    assert_eq!(json_name("sni"), "sni");
}

/// `json.Indent` with two spaces, as Go's `MarshalIndent` writes: strings untouched, empty
/// objects and lists on one line.
#[test]
fn indented_as_go_indents() {
    let text = marshal(&json!({"a": [1, {}], "b": {"c": "x,{:}\"y"}, "d": []}));
    assert_eq!(
        indent(&text),
        "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": {\n    \"c\": \"x,{:}\\\"y\"\n  },\n  \"d\": []\n}"
    );
    assert_eq!(indent("{}"), "{}");
    assert_eq!(indent("\"a\""), "\"a\"");
}

/// Without HTML escapes, as an encoder with `SetEscapeHTML(false)`: `<`, `>` and `&` as they
/// are, U+2028 still escaped, and an escaped backslash before `u003c` left alone.
#[test]
fn html_escapes_undone_as_go_leaves_them() {
    let text = marshal(&json!({"a": "<b>&\u{2028}", "b": "\\u003c"}));
    assert_eq!(text, r#"{"a":"\u003cb\u003e\u0026\u2028","b":"\\u003c"}"#);
    assert_eq!(
        without_html_escapes(&text),
        r#"{"a":"<b>&\u2028","b":"\\u003c"}"#
    );
}
