//! Istio's functions in both kinds of template: translated Go templates (over the
//! translator's test data) and needle's own minijinja templates.

use super::{ISTIO_FUNCTIONS, TYPED_FUNCTIONS, register};
use crate::gotemplate;
use crate::gotemplate::tests::{try_render_for, try_render_with};
use minijinja::Environment;
use minijinja::value::Value as MjValue;
use serde_json::json;
use std::collections::BTreeSet;

/// What a translated Go template renders with Istio's functions.
#[track_caller]
fn check_go(src: &str, want: &str) {
    let host = gotemplate::Host {
        functions: ISTIO_FUNCTIONS,
        typed_functions: TYPED_FUNCTIONS,
        data_lacks: &[],
    };
    let got = try_render_for(src, host, register).unwrap_or_else(|e| panic!("{src}: {e:#}"));
    assert_eq!(got, want, "template: {src}");
}

/// What a minijinja template as needle writes them renders for a pod with annotations.
#[track_caller]
fn check_needle(src: &str, want: &str) {
    let mut env = Environment::new();
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::None);
    register(&mut env);
    let ctx = json!({"annotations": {"a/b": "x"}, "values": {"port": 15020, "big": 1000000}});
    let got = env
        .render_str(src, MjValue::from(minijinja::value::Serde(ctx)))
        .unwrap_or_else(|e| panic!("{src}: {e:#}"));
    assert_eq!(got, want, "template: {src}");
}

#[test]
fn every_istio_function_is_registered_for_translated_templates() {
    let mut env = Environment::new();
    register(&mut env);
    let registered: BTreeSet<&str> = env
        .globals()
        .filter_map(|(name, _)| name.strip_prefix("gt_"))
        .collect();
    let istio: BTreeSet<&str> = ISTIO_FUNCTIONS.iter().copied().collect();
    assert_eq!(registered, istio);
    let go_and_sprig: BTreeSet<&str> = gotemplate::funcs::FUNCTIONS.iter().copied().collect();
    // Istio's map replaces these four of Sprig's (Istio adds its functions after Sprig's).
    let replaced: BTreeSet<&str> = istio.intersection(&go_and_sprig).copied().collect();
    assert_eq!(
        replaced,
        BTreeSet::from(["contains", "env", "indent", "omit"])
    );
}

#[test]
fn istios_function_wins_over_sprigs_of_the_same_name() {
    // Istio's `indent` leaves the first line as it is; Sprig's pads it too.
    check_go("{{ indent 2 \"a\\nb\" }}", "a\n  b");
    // Istio's `env` takes a default, Sprig's only the name.
    check_go("{{ env \"NEEDLE_TEST_UNSET_VARIABLE\" \"d\" }}", "d");
}

#[test]
fn annotations() {
    check_go(
        "{{ annotation .ObjectMeta \"a/b\" \"d\" }} {{ annotation .ObjectMeta \"c\" .Values.global.proxy.statusPort }}",
        "x 15020",
    );
    check_go(
        "{{ isset .ObjectMeta.Annotations \"empty\" }} {{ isset .ObjectMeta.Annotations \"zz\" }}",
        "true false",
    );
    check_needle(
        "{{ annotation('a/b', 'd') }} {{ annotation('c', values.port) }}",
        "x 15020",
    );
}

#[test]
fn numbers_print_as_each_kind_holds_them() {
    // needle's templates read the values' integers, which Go has as float64.
    check_needle(
        "{{ annotation('c', values.big) }} {{ go_string(values.big) }}",
        "1e+06 1e+06",
    );
    // Translated templates: values are float64 already, a Go literal is an int.
    check_go(
        "{{ annotation .ObjectMeta \"c\" .Values.global.proxy.big }} {{ annotation .ObjectMeta \"c\" 1000000 }}",
        "1e+06 1000000",
    );
}

#[test]
fn ports() {
    check_go(
        "{{ excludeInboundPort .Values.global.proxy.statusPort \"80\" }}",
        "80,15020",
    );
    check_needle("{{ exclude_inbound_port(values.port, '80') }}", "80,15020");
    check_go("{{ applicationPorts .Spec.Containers }}", "80");
    check_go("{{ includeInboundPorts .Spec.Containers }}", "80");
}

#[test]
fn json_and_yaml() {
    check_go("{{ (fromJSON \"{\\\"a\\\": [1]}\").a }}", "[1]");
    check_needle(
        "{{ from_json('{\"a\": [1]}').a }} {{ from_json('nope') }}",
        "[1] {}",
    );
    check_go(
        "{{ structToJSON .ProxyConfig.ProxyMetadata }} {{ toJSON .Values.global.missing }}",
        "{\"K\":\"V\"} {}",
    );
    check_go(
        "{{ structToJSON .Values.global.proxy.statusPort }}",
        "15020",
    );
    // A Kubernetes struct whose Go type the translation follows is written in Go's field
    // order, as Istio's `ISTIO_META_POD_PORTS` loop writes each port; through a variable too.
    check_go(
        "{{ range .Spec.Containers }}{{ range $p := .Ports }}{{ structToJSON $p }}{{ end }}{{ end }}",
        r#"{"containerPort":80}{"containerPort":53,"protocol":"UDP"}"#,
    );
    check_go(
        "{{ $c := index .Spec.Containers 0 }}{{ structToJSON $c.SecurityContext }} {{ (structToJSON $c) }}",
        concat!(
            r#"{"runAsUser":1000} {"name":"app","ports":[{"containerPort":80},{"containerPort":53,"protocol":"UDP"}],"#,
            r#""env":[{"name":"A","value":"b"}],"resources":{"limits":{"cpu":"1"}},"securityContext":{"runAsUser":1000}}"#
        ),
    );
    check_go(
        "{{ protoToJSON .ProxyConfig.ProxyMetadata }}",
        "{\"K\":\"V\"}",
    );
    check_go(
        "{{ toYaml .Values.global.proxy.resources }}",
        "requests:\n  cpu: 100m\n  memory: null\n",
    );
    check_go("{{ toYaml .Values.global.list }}", "- a\n- b\n");
}

#[test]
fn numbers_from_json_are_float64_as_in_go() {
    // Go ranges over an int, not a float64, and `fromJSON` gives float64s.
    for (text, shown) in [("1e+308", "1e+308"), ("3", "3")] {
        let src = format!("{{{{ range fromJSON {text:?} }}}}x{{{{ end }}}}");
        let err = try_render_with(&src, ISTIO_FUNCTIONS, register).unwrap_err();
        let want = format!("range can't iterate over {shown}");
        assert!(format!("{err:#}").contains(&want), "{src}: {err:#}");
    }
}

#[test]
fn to_yaml_quotes_what_would_change_type() {
    check_go(
        "{{ toYaml (dict \"a\" \"true\" \"b\" \"80\" \"c\" \"x: y\" \"d\" \"\" \"e\" (list (dict \"k\" 1 \"j\" 2))) }}",
        "a: \"true\"\nb: \"80\"\nc: \"x: y\"\nd: \"\"\ne:\n- j: 2\n  k: 1\n",
    );
}

#[test]
fn maps() {
    check_go(
        "{{ toYaml (omitNil .Values.global.proxy.resources) }}",
        "requests:\n  cpu: 100m\n",
    );
    check_go(
        "{{ toJsonMap (strdict \"b\" \"1\" \"a\" \"2\") (omit (strdict \"c\" \"3\" \"d\" \"4\") \"d\") }}",
        "{\"a\":\"2\",\"b\":\"1\",\"c\":\"3\"}",
    );
    check_go(
        "{{ (mergeMaps (strdict \"a\" \"1\") (strdict \"a\" \"2\" \"b\" \"3\")).a }}",
        "2",
    );
    check_needle("{{ omit_nil({'a': none, 'b': 1}) | tojson }}", "{\"b\": 1}");
}

#[test]
fn text() {
    check_go(
        "{{ \"a\\nb\" | indent 2 }}|{{ valueOrDefault .Values.global.empty \"v\" }}",
        "a\n  b|v",
    );
    check_go(
        "{{ contains \"b\" \"abc\" }} {{ toLower \"AB\" }} {{ directory \"/a/b.pem\" }}",
        "true ab /a/",
    );
    check_go("{{ formatDuration \"90s\" }}", "1m30s");
    check_go(
        "{{ env \"NEEDLE_TEST\" \"d\" }} {{ env \"EMPTY\" \"d\" }} {{ env \"UNSET\" \"d\" }}",
        "from-env d d",
    );
}

#[test]
fn networks() {
    check_go(
        "{{ appendMultusNetwork \"a\" \"default/istio-cni\" }}",
        "a, default/istio-cni",
    );
    check_needle(
        "{{ append_multus_network('', 'default/istio-cni') }}",
        "default/istio-cni",
    );
    check_go("{{ kubevirtInterfaces \"net1\" }}", "net1");
}

#[test]
fn needle_helpers() {
    check_needle(
        "{% for k, v in {'b': 1, 'a': 2} | go_range %}{{ k }}={{ v }};{% endfor %}",
        "a=2;b=1;",
    );
    check_needle(
        "{{ 'abcdef-' | go_trunc(4) }} {{ '-a-' | trim_all('-') }}",
        "abcd a",
    );
    check_needle(
        "{{ 'true' | go_bool | tojson }} {{ '80' | go_int }}",
        "true 80",
    );
    check_needle(
        "{{ merge_object({'a': 1}, {'b': 2}) | tojson }}",
        "{\"a\": 1, \"b\": 2}",
    );
}
