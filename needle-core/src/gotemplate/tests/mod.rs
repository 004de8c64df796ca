//! Go-template snippets and what they render to, as Go's text/template + Sprig would. The
//! harness (`try_render_with`) serves the host's tests of its own functions too.

use super::translate;
use minijinja::Environment;
use minijinja::value::Value as MjValue;
use serde_json::{Value, json};

fn data() -> Value {
    json!({
        "pod": {
            "metadata": {"name": "p", "annotations": {"a/b": "x", "empty": ""}, "labels": {"app": "hello"}},
            "spec": {"serviceAccountName": "sa", "containers": [
                {"name": "app", "ports": [{"containerPort": 80}, {"containerPort": 53, "protocol": "UDP"}],
                 "env": [{"name": "A", "value": "b"}], "resources": {"limits": {"cpu": "1"}},
                 "securityContext": {"runAsUser": 1000}},
                {"name": "istio-proxy"}]}
        },
        "go_values": {"global": {"proxy": {"statusPort": 15020.0, "big": 1000000.0, "flag": true,
            "resources": {"requests": {"cpu": "100m", "memory": null}}},
            "list": ["a", "b"], "map": {"z": 1, "a": 2}, "hub": "docker.io/istio", "empty": ""}},
        "mesh": {"trustDomain": "cluster.local"},
        "proxy_config": {"interceptionMode": "REDIRECT", "proxyMetadata": {"K": "V"},
            "concurrency": 2, "drainDuration": "1.500s",
            "tracing": {"tlsSettings": {"caCertificates": "/etc/certs/ca.pem"}}},
        "revision": "",
        "proxy_image": "docker.io/istio/proxyv2:1",
        "proxy_init_image": "docker.io/istio/proxyv2:1",
        "native_sidecars": true,
        "proxy_uid": 1337,
        "proxy_gid": 1337,
        "deployment": {"name": "hello", "namespace": "ns"},
        "owner": {"kind": "Deployment", "apiVersion": "apps/v1"},
        "inbound_traffic_policy_mode": "",
        "compliance_policy": "",
        "environment": {"NEEDLE_TEST": "from-env", "EMPTY": ""},
        "now": 1_700_000_000_000_000_000_i64,
    })
}

fn render(src: &str) -> String {
    try_render(src).unwrap_or_else(|e| panic!("{src}: {e:#}"))
}

fn try_render(src: &str) -> Result<String, minijinja::Error> {
    try_render_with(src, &[], |_| {})
}

/// Translate `src` knowing the host's functions, and render it over the test data with
/// Go's and Sprig's functions and the host's (`register_host`).
pub(crate) fn try_render_with(
    src: &str,
    host_functions: &[&str],
    register_host: fn(&mut Environment<'static>),
) -> Result<String, minijinja::Error> {
    let host = super::Host {
        functions: host_functions,
        ..Default::default()
    };
    try_render_for(src, host, register_host)
}

/// [`try_render_with`] for a host described whole.
pub(crate) fn try_render_for(
    src: &str,
    host: super::Host,
    register_host: fn(&mut Environment<'static>),
) -> Result<String, minijinja::Error> {
    let translated = translate(src, host).unwrap_or_else(|e| panic!("{src}: {e}"));
    let mut env = Environment::new();
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::None);
    env.set_undefined_behavior(minijinja::UndefinedBehavior::Chainable);
    super::register(&mut env);
    register_host(&mut env);
    env.add_template_owned("t", translated.clone())
        .unwrap_or_else(|e| panic!("{translated}: {e}"));
    env.get_template("t")
        .unwrap()
        .render(MjValue::from(minijinja::value::Serde(data())))
}

#[test]
fn range_over_numbers_as_go_allows_it() {
    check("{{ range $i := 3 }}{{ $i }}{{ end }}", "012");
    for (src, want) in [
        (
            "{{ range .Values.global.proxy.statusPort }}x{{ end }}",
            "range can't iterate over 15020",
        ),
        (
            "{{ range 1001 }}x{{ end }}",
            "more than the 1000 iterations",
        ),
    ] {
        let err = try_render(src).unwrap_err();
        assert!(format!("{err:#}").contains(want), "{src}: {err:#}");
    }
}

#[track_caller]
fn check(src: &str, want: &str) {
    assert_eq!(render(src), want, "template: {src}");
}

#[test]
fn fields_map_to_needle_context() {
    check(
        "{{ .ObjectMeta.Name }}/{{ .Spec.ServiceAccountName }}",
        "p/sa",
    );
    check(
        "{{ .DeploymentMeta.Name }}.{{ .DeploymentMeta.Namespace }}",
        "hello.ns",
    );
    check(
        "{{ .TypeMeta.Kind }} {{ .TypeMeta.APIVersion }}",
        "Deployment apps/v1",
    );
    check(
        "{{ .MeshConfig.TrustDomain }} {{ .ProxyUID }}",
        "cluster.local 1337",
    );
    check("{{ .ProxyConfig.InterceptionMode.String }}", "REDIRECT");
    check(
        "{{ .ProxyConfig.GetTracing.GetTlsSettings.GetCaCertificates }}",
        "/etc/certs/ca.pem",
    );
    check("{{ .Values.global.hub }}", "docker.io/istio");
}

#[test]
fn go_printing() {
    check("{{ .Values.global.missing }}", "<no value>");
    check("{{ .Values.global.proxy.statusPort }}", "15020");
    check("{{ .Values.global.proxy.big }}", "1e+06");
    check(
        "{{ .Values.global.proxy.resources.requests.memory }}",
        "<nil>",
    );
    check("{{ .Values.global.map }}", "map[a:2 z:1]");
    check("{{ .Values.global.list }}", "[a b]");
    check("{{ .NativeSidecars }}", "true");
    check("{{ .ProxyUID }}", "1337");
    check(
        "{{ printf \"%d|%v\" .Values.global.proxy.statusPort .ProxyGID }}",
        "%!d(float64=15020)|1337",
    );
}

#[test]
fn trimming_and_comments() {
    check("a  {{- 1 -}}  \n b", "a1b");
    check("a {{/* note */}}b", "a b");
    check("a\n{{- /* note */ -}}\nb", "ab");
    check("x {{\"{{\"}} y", "x {{ y");
    check("{% raw %}{{ 1 }}", "{% raw %}1");
    check("x {% endraw %} {# y {{ 1 }}", "x {% endraw %} {# y 1");
}

#[test]
fn variables_and_scopes() {
    check("{{ $x := 1 }}{{ $x }}", "1");
    check(
        "{{ $c := list }}{{ range .Spec.Containers }}{{ if ne .Name \"istio-proxy\" }}{{ $c = append $c .Name }}{{ end }}{{ end }}{{ join \",\" $c }}",
        "app",
    );
    check(
        "{{ $x := \"outer\" }}{{ range .Values.global.list }}{{ $x := . }}{{ end }}{{ $x }}",
        "outer",
    );
    check(
        "{{ range .Spec.Containers }}{{ $.ObjectMeta.Name }}{{ end }}",
        "pp",
    );
}

#[test]
fn control_flow() {
    check(
        "{{ if .Values.global.empty }}a{{ else if .Values.global.hub }}b{{ else }}c{{ end }}",
        "b",
    );
    check("{{ if not .Values.global.missing }}yes{{ end }}", "yes");
    check(
        "{{ with .Values.global.proxy }}{{ .statusPort }}{{ end }}",
        "15020",
    );
    check(
        "{{ with .Values.global.empty }}x{{ else }}none{{ end }}",
        "none",
    );
    check(
        "{{ range $i, $v := .Values.global.list }}{{ $i }}={{ $v }};{{ end }}",
        "0=a;1=b;",
    );
    check(
        "{{ range $k, $v := .Values.global.map }}{{ $k }}={{ $v }};{{ end }}",
        "a=2;z=1;",
    );
    check(
        "{{ range .Values.global.missing }}x{{ else }}empty{{ end }}",
        "empty",
    );
    check(
        "{{ range $v := .Values.global.list }}{{ $v }}{{ end }}",
        "ab",
    );
    check(
        "{{ define \"x\" }}[{{ .Name }}]{{ end }}{{ range .Spec.Containers }}{{ template \"x\" . }}{{ end }}",
        "[app][istio-proxy]",
    );
}

#[test]
fn functions() {
    check(
        "{{ .Values.global.missing | default \"d\" | quote }}",
        "\"d\"",
    );
    check("{{ \"a\\\"b\" | quote }}", "\"a\\\"b\"");
    check("{{ index .ObjectMeta.Annotations \"a/b\" }}", "x");
    check("{{ index .ObjectMeta.Annotations \"nope\" }}|", "|");
    check("{{ index .Values.global.list 1 }}", "b");
    check(
        "{{ and 1 0 2 }} {{ or 0 \"\" \"x\" }} {{ or 0 \"\" }}|",
        "0 x |",
    );
    check(
        "{{ eq .Values.global.proxy.statusPort 15020.0 }} {{ eq \"a\" \"b\" \"a\" }} {{ ge 3 2 }}",
        "true true true",
    );
    check(
        "{{ printf \"%s-%d-%v-%q-%t\" \"a\" 3 1.5 \"q\" true }}",
        "a-3-1.5-\"q\"-true",
    );
    check(
        "{{ printf \"%x %X %o %b %x %x|%05d|%-4d|%06.2f|%T %T %T\" 255 255 8 5 -255 \"hi\" -42 7 3.14159 1 \"a\" 1.5 }}",
        "ff FF 10 101 -ff 6869|-0042|7   |003.14|int string float64",
    );
    check(
        "{{ \"abcdef-\" | trunc 4 }} {{ \"-a-\" | trimAll \"-\" }}",
        "abcd a",
    );
    check("{{ \"a\\nb\" | nindent 2 }}", "\n  a\n  b");
    check("{{ len .Values.global.list }} {{ len \"abc\" }}", "2 3");
}

#[test]
fn missing_struct_fields_compare_as_zero_values() {
    check("{{ if eq .Spec.NodeName \"\" }}none{{ end }}", "none");
    check("{{ if eq .Spec.Priority 0 }}zero{{ end }}", "zero");
    check(
        "{{ if eq .Spec.NodeName \"n\" }}n{{ else }}other{{ end }}",
        "other",
    );
}

#[test]
fn parenthesised_calls_and_chained_pipelines() {
    check("{{ (index .Spec.Containers 0).Name }}", "app");
    check(
        "{{ index .ObjectMeta.Labels \"nope\" | default (index .ObjectMeta.Labels \"app\") | trunc 3 | quote }}",
        "\"hel\"",
    );
    check(
        "{{ $n := len .Spec.Containers }}{{ if ge $n 2 }}many{{ end }}",
        "many",
    );
}

#[test]
fn templates_call_templates_defined_later() {
    check(
        "{{ define \"a\" }}<{{ template \"b\" .Name }}>{{ end }}{{ define \"b\" }}{{ . }}{{ end }}{{ template \"a\" (index .Spec.Containers 0) }}",
        "<app>",
    );
    check("{{ block \"c\" .ObjectMeta }}{{ .Name }}{{ end }}!", "p!");
}

#[test]
fn and_or_short_circuit() {
    check(
        "{{ if and (gt (len .Values.global.empty) 0) (index .Values.global.empty 5) }}x{{ else }}guarded{{ end }}",
        "guarded",
    );
    check(
        "{{ or .Values.global.hub (index .Values.global.list 9) }}",
        "docker.io/istio",
    );
    check("{{ .Values.global.missing | or \"piped\" }}", "piped");
}

#[test]
fn more_sprig() {
    check(
        "{{ coalesce .Values.global.empty .Values.global.hub }}",
        "docker.io/istio",
    );
    check(
        "{{ ternary \"y\" \"n\" .Values.global.proxy.flag }} {{ first .Values.global.list }}{{ last .Values.global.list }}",
        "y ab",
    );
    check(
        "{{ keys .Values.global.map | join \",\" }} {{ has \"b\" .Values.global.list }}",
        "a,z true",
    );
    check(
        "{{ add 1 2 3 }} {{ sub 5 .Values.global.map.z }} {{ div 7 2 }} {{ mod 7 2 }}",
        "6 4 3 1",
    );
    check(
        "{{ \"a.b.c\" | splitList \".\" | join \"/\" }} {{ b64enc \"hi\" }}",
        "a/b/c aGk=",
    );
    check(
        "{{ regexReplaceAll \"[0-9]+\" \"v12x3\" \"#\" }} {{ toJson .Values.global.map }}",
        "v#x# {\"a\":2,\"z\":1}",
    );
}

#[test]
fn untranslatable_templates_are_errors_with_positions() {
    for (src, want) in [
        (
            "a\n  {{ nosuch 1 }}",
            "line 2, column 3: function \"nosuch\" not defined",
        ),
        // Helm's, not Sprig's: Istio's injector does not define them.
        (
            "{{ required \"m\" .x }}",
            "function \"required\" not defined",
        ),
        ("{{ toUpper \"a\" }}", "function \"toUpper\" not defined"),
        ("{{ if 1 }}", "block is never closed"),
        ("{{ end }}", "unexpected {{end}}"),
        ("{{ $y }}", "undefined variable \"$y\""),
        ("{{ .a", "unclosed action"),
        ("{{ range . }}{{ break }}{{ end }}", "not supported"),
        ("{{ template \"nope\" }}", "no such template"),
        // A quoted string's escapes are Go's: others, and "\0" short of three octal digits,
        // are Go's syntax error; a byte that is not UTF-8 on its own is refused.
        ("{{ \"\\q\" }}", "invalid syntax"),
        ("{{ \"\\0\" }}", "invalid syntax"),
        ("{{ \"\\u12\" }}", "invalid syntax"),
        ("{{ \"\\xff\" }}", "not supported"),
    ] {
        let err = translate(src, Default::default())
            .expect_err(src)
            .to_string();
        assert!(err.contains(want), "{src}: {err}");
    }
}

#[test]
fn every_prefix_translates_or_errors_and_output_compiles() {
    let src = "a {{- $x := list -}}\n{{ range $i, $c := .Spec.Containers }}{{ if eq $c.Name \"x\" }}{{ $x = append $x (index $c.Ports 0).ContainerPort }}{{ else if $c.Image }}{{ with $c.Env }}{{ .Name | quote }}{{ end }}{{ end }}{{ end }}\n{{/* c */}}{{ define \"d\" }}{{ printf \"%s\" `r` }}{{ end }}{{ template \"d\" . }}{{ \"}}\" }} 'q' -1.5e3 0x1F";
    let mut env = Environment::new();
    super::register(&mut env);
    let mut translated = 0;
    for (end, _) in src.char_indices().skip(1).chain([(src.len(), ' ')]) {
        if let Ok(out) = translate(&src[..end], Default::default()) {
            env.add_template_owned(format!("t{end}"), out.clone())
                .unwrap_or_else(|e| panic!("{:?} -> {out}: {e}", &src[..end]));
            translated += 1;
        }
    }
    // The whole text translates, and so do the prefixes that end between its actions (its
    // first line, and each after the `range` closes): the test is not one of refusals only.
    assert!(translate(src, Default::default()).is_ok());
    assert!(translated >= 30, "only {translated} prefixes translated");
}

/// `(template, Ok(output) or Err(part of the error))`, each as Go 1.26's text/template gave
/// it over the same data shape (a Go program run by hand: `Values` a `map[string]any` from
/// JSON, `ProxyUID` an `int64`, the pod's structs typed).
fn go_cases(cases: &[(&str, Result<&str, &str>)]) {
    for (src, want) in cases {
        match (try_render(src), want) {
            (Ok(got), Ok(w)) => assert_eq!(got, *w, "{src}"),
            (Err(e), Err(w)) => assert!(e.to_string().contains(w), "{src}: {e}"),
            (got, _) => panic!("{src}: got {got:?}, Go gives {want:?}"),
        }
    }
}

mod fields;
mod go_errors;
