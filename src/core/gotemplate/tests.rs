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
        data_lacks: &[],
    };
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

#[test]
fn a_field_the_template_data_lacks_fails_when_its_action_runs() {
    // Not run (the revision is ""): nothing to refuse, as in Go.
    check(
        "a{{ if .Revision }}{{ .EstimatedConcurrency }}{{ end }}",
        "a",
    );
    let e = try_render("a: {{ if not .Revision }}{{ .EstimatedConcurrency }}{{ end }}")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("can't evaluate field EstimatedConcurrency in type *inject.SidecarTemplateData"),
        "{e}"
    );
    assert!(e.contains("line 1, column 26"), "{e}");
    // So is one its ProxyConfig lacks; its fields and getters are there.
    let e = try_render("{{ .ProxyConfig.ParentShutdownDuration }}")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("can't evaluate field ParentShutdownDuration in type *v1alpha1.ProxyConfig"),
        "{e}"
    );
    check(
        "{{ .ProxyConfig.InterceptionMode }}/{{ .ProxyConfig.GetInterceptionMode }}",
        "REDIRECT/REDIRECT",
    );
    // And one the pod's spec or metadata lacks (Go's typed structs).
    for (src, want) in [
        (
            "{{ .Spec.Containerz }}",
            "can't evaluate field Containerz in type v1.PodSpec",
        ),
        (
            "{{ .ObjectMeta.Nmae }}",
            "can't evaluate field Nmae in type v1.ObjectMeta",
        ),
    ] {
        let e = try_render(src).unwrap_err().to_string();
        assert!(e.contains(want), "{src}: {e}");
    }
    check(
        "{{ .ObjectMeta.Name }}/{{ .ObjectMeta.GetName }}/{{ .Spec.ServiceAccountName }}",
        "p/p/sa",
    );
    // A field of the data that is there is no error; `$` is the data too.
    check("{{ $.Revision }}{{ .ProxyUID }}", "1337");
    assert!(try_render("{{ $.Nope }}").is_err());
}

/// Templates mixing literal `{`, `}`, `%`, `#` with trimmed and untrimmed actions and comments,
/// generated from a fixed seed: the translation must render each exactly as Go's
/// text/template does, whose rules for these are simple enough to state here (`{{- ` trims the
/// white space before the action, ` -}}` the white space after it; the action prints its
/// string; a comment prints nothing).
#[test]
fn literal_braces_next_to_trimmed_actions_render_as_in_go() {
    const TEXT: &[u8] = b"{}%#a -\n\t";
    const LITERAL: &[u8] = b"{}%#x";
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        // xorshift64*: reproducible without a crate.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    };
    for case in 0..600 {
        let (mut src, mut want) = (String::new(), String::new());
        let mut trim_next = false;
        for _ in 0..1 + next(6) {
            let mut text: String = (0..next(5))
                .map(|_| TEXT[next(TEXT.len())] as char)
                .collect();
            // Go would read `{{` in the text as an action: none in the source.
            while text.contains("{{") {
                text = text.replace("{{", "{");
            }
            let (left, right) = (next(2) == 0, next(2) == 0);
            // A `{` right before the action's delimiter is part of it in Go: keep them apart.
            if text.ends_with('{') {
                text.push('\n');
            }
            let mut shown = text.as_str();
            if trim_next {
                shown = shown.trim_start_matches([' ', '\t', '\r', '\n']);
            }
            if left {
                shown = shown.trim_end_matches([' ', '\t', '\r', '\n']);
            }
            src.push_str(&text);
            want.push_str(shown);
            let (open, close) = (
                if left { "{{- " } else { "{{ " },
                if right { " -}}" } else { " }}" },
            );
            if next(4) == 0 {
                src.push_str(&format!("{open}/* c */{close}"));
            } else {
                let literal: String = (0..next(4))
                    .map(|_| LITERAL[next(LITERAL.len())] as char)
                    .collect();
                src.push_str(&format!("{open}\"{literal}\"{close}"));
                want.push_str(&literal);
            }
            trim_next = right;
        }
        let tail: String = (0..next(4))
            .map(|_| TEXT[next(TEXT.len())] as char)
            .collect::<String>()
            .replace("{{", "{");
        src.push_str(&tail);
        want.push_str(if trim_next {
            tail.trim_start_matches([' ', '\t', '\r', '\n'])
        } else {
            &tail
        });
        assert_eq!(render(&src), want, "case {case}: {src:?}");
    }
}

#[test]
fn ordering_operands_of_different_kinds_fail_as_in_go() {
    check(
        "{{ gt 2 1 }} {{ lt \"a\" \"b\" }} {{ ge 1.5 1.5 }}",
        "true true true",
    );
    // The values are float64 in Go (decoded from JSON), the literal an int.
    let e = try_render("{{ gt .Values.global.proxy.statusPort 0 }}")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("error calling gt: incompatible types for comparison"),
        "{e}"
    );
    let e = try_render("{{ lt true false }}").unwrap_err().to_string();
    assert!(
        e.contains("error calling lt: invalid type for comparison"),
        "{e}"
    );
    // A field the data lacks is its zero value, as a Go struct field is.
    check("{{ gt .ProxyConfig.StatNameLength 0 }}", "false");
    check("{{ lt .ProxyConfig.StatNameLength 1 }}", "true");
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

#[test]
fn eq_and_ne_of_different_kinds_fail_as_in_go() {
    go_cases(&[
        (
            "{{ eq .Values.global.proxy.statusPort 15020 }}",
            Err("error calling eq: incompatible types for comparison: float64 and int"),
        ),
        (
            "{{ eq .Values.global.proxy.statusPort 15020.0 }}",
            Ok("true"),
        ),
        ("{{ eq .ProxyUID 1337 }}", Ok("true")),
        (
            "{{ eq .Values.global.hub 1 }}",
            Err("error calling eq: incompatible types for comparison: string and int"),
        ),
        (
            "{{ ne .Values.global.hub 1 }}",
            Err("error calling ne: incompatible types for comparison: string and int"),
        ),
        // A key `.Values` lacks, and a null, are nil: equal to nil only, never an error.
        ("{{ eq .Values.nope 1 }}", Ok("false")),
        ("{{ ne .Values.nope \"\" }}", Ok("true")),
        ("{{ .Values.nope | eq \"\" }}", Ok("false")),
        (
            "{{ eq .Values.global.proxy.resources.requests.memory nil }}",
            Ok("true"),
        ),
        ("{{ eq .Values.nope .Values.nope2 }}", Ok("true")),
        ("{{ eq nil nil }}", Ok("true")),
        (
            "{{ eq .Values.global.list 1 }}",
            Err("incompatible types for comparison: []interface {} and int"),
        ),
        (
            "{{ eq .Values.global.map .Values.global.map }}",
            Err("error calling eq: non-comparable type map[a:2 z:1]: map[string]interface {}"),
        ),
        ("{{ eq .Values.global.proxy.flag true }}", Ok("true")),
        (
            "{{ eq \"docker.io/istio\" .Values.global.hub 2 }}",
            Ok("true"),
        ),
        (
            "{{ eq \"y\" .Values.global.hub 2 }}",
            Err("incompatible types for comparison: string and int"),
        ),
        // A field a typed struct has but the data leaves out is its zero value.
        ("{{ eq .Spec.Hostname \"\" }}", Ok("true")),
        (
            "{{ lt .Values.global.proxy.statusPort 3 }}",
            Err("error calling lt: incompatible types for comparison: float64 and int"),
        ),
    ]);
}

#[test]
fn len_and_index_fail_as_in_go() {
    go_cases(&[
        (
            "{{ len .Values.global.proxy.resources.requests.memory }}",
            Err("error calling len: len of nil pointer"),
        ),
        (
            "{{ len .Values.global.proxy.statusPort }}",
            Err("error calling len: len of type float64"),
        ),
        ("{{ len .Values.global.hub }}", Ok("15")),
        ("{{ len .Spec.Containers }}", Ok("2")),
        ("{{ len .Spec.Volumes }}", Ok("0")),
        (
            "{{ index .Values.nope \"x\" }}",
            Err("error calling index: index of untyped nil"),
        ),
        (
            "{{ index .Values.global.list 5 }}",
            Err("error calling index: index out of range: 5"),
        ),
        (
            "{{ index .Values.global.list -1 }}",
            Err("error calling index: index out of range: -1"),
        ),
        (
            "{{ index .Values.global.list 2 }}",
            Err("error calling index: reflect: slice index out of range"),
        ),
        ("{{ index .Values.global.list 1 }}", Ok("b")),
        (
            "{{ index .Values.global.list 1.0 }}",
            Err("error calling index: cannot index slice/array with type float64"),
        ),
        (
            "{{ index .Values.global.list nil }}",
            Err("error calling index: cannot index slice/array with nil"),
        ),
        ("{{ index .Values.global.map \"zz\" }}", Ok("<no value>")),
        (
            "{{ index .Values.global.map 1 }}",
            Err("error calling index: value has type int; should be string"),
        ),
        (
            "{{ index .Values.global.proxy.statusPort 1 }}",
            Err("error calling index: can't index item of type float64"),
        ),
        ("{{ index .Values.global.hub 0 }}", Ok("100")),
        // A nil map of the pod's metadata is a map of strings: "" for any key.
        ("{{ index .ObjectMeta.Annotations \"x\" }}", Ok("")),
        ("{{ index .Spec.NodeSelector \"x\" }}", Ok("")),
    ]);
}

#[test]
fn fields_of_nil_and_of_plain_values_fail_as_in_go() {
    go_cases(&[
        (
            "{{ .Values.global.proxy.resources.requests.memory.x }}",
            Err("nil pointer evaluating interface {}.x"),
        ),
        ("{{ .Values.nope.b }}", Ok("<no value>")),
        (
            "{{ .Values.global.proxy.statusPort.b }}",
            Err("can't evaluate field b in type interface {}"),
        ),
        (
            "{{ .Values.global.list.b }}",
            Err("can't evaluate field b in type interface {}"),
        ),
        (
            "{{ with .Values.global.map }}{{ .z.y }}{{ end }}",
            Err("can't evaluate field y in type interface {}"),
        ),
        (
            "{{ $g := .Values.global }}{{ $g.hub.x }}",
            Err("(<$g.hub.x>): can't evaluate field x in type interface {}"),
        ),
        (
            "{{ range .Values.global.list }}{{ .x }}{{ end }}",
            Err("can't evaluate field x in type interface {}"),
        ),
        ("{{ .ObjectMeta.Annotations.x }}", Ok("<no value>")),
        (
            "{{ .ObjectMeta.Name.x }}",
            Err("can't evaluate field x in type string"),
        ),
        (
            "{{ .Revision.x }}",
            Err("can't evaluate field x in type string"),
        ),
        (
            "{{ .ProxyUID.x }}",
            Err("can't evaluate field x in type int64"),
        ),
        // A map key is looked up as written: `.Values` has no Go field names.
        ("{{ .Values.Global }}", Ok("<no value>")),
    ]);
}

#[test]
fn fields_the_mesh_config_lacks_fail_as_in_go() {
    go_cases(&[
        ("{{ .MeshConfig.TrustDomain }}", Ok("cluster.local")),
        (
            "{{ .MeshConfig.TrustDomian }}",
            Err("can't evaluate field TrustDomian in type *v1alpha1.MeshConfig"),
        ),
        (
            "{{ .MeshConfig.DefaultConfig.ParentShutdownDuration }}",
            Err("can't evaluate field ParentShutdownDuration in type *v1alpha1.ProxyConfig"),
        ),
        (
            "{{ .DeploymentMeta.Kind }}",
            Err("can't evaluate field Kind in type types.NamespacedName"),
        ),
        (
            "{{ .TypeMeta.Name }}",
            Err("can't evaluate field Name in type v1.TypeMeta"),
        ),
        ("{{ .MeshConfig.GetTrustDomain }}", Ok("cluster.local")),
        // The pod's containers are `v1.Container` values.
        (
            "{{ range $i, $c := .Spec.Containers }}{{ $c.Name }},{{ end }}",
            Ok("app,istio-proxy,"),
        ),
        (
            "{{ range .Spec.Containers }}{{ .Nmae }}{{ end }}",
            Err("can't evaluate field Nmae in type v1.Container"),
        ),
        (
            "{{ range $c := .Spec.InitContainers }}{{ $c.Port }}{{ end }}",
            Ok(""),
        ),
        (
            "{{ with .Spec.Containers }}{{ .Name }}{{ end }}",
            Err("can't evaluate field Name in type []v1.Container"),
        ),
        (
            "{{ range .Spec.Containers }}{{ .Name.x }}{{ end }}",
            Err("can't evaluate field x in type string"),
        ),
        // A pointer struct the pod leaves out is nil: its fields fail, its methods run.
        (
            "{{ .Spec.SecurityContext.RunAsUser }}",
            Err("nil pointer evaluating *v1.PodSecurityContext.RunAsUser"),
        ),
        (
            "{{ range .Spec.Containers }}{{ .SecurityContext.Privileged }}{{ end }}",
            Err("nil pointer evaluating *v1.SecurityContext.Privileged"),
        ),
        ("{{ if .Spec.SecurityContext }}x{{ end }}|", Ok("|")),
        ("{{ eq .Spec.SecurityContext nil }}", Ok("true")),
    ]);
}

/// Go's results over the same data: a scratch program ran text/template over the real
/// istio.io/api (v1.31.0-alpha.1.0.20260819121012-5803fb6accf7) and k8s.io/api v0.34.4
/// types, with a `*SidecarTemplateData`-like pointer as the data.
#[test]
fn fields_below_the_top_follow_their_go_types() {
    go_cases(&[
        // `*v1alpha1.ProxyConfig`'s messages: a name they lack fails, nil or not.
        (
            "{{ .ProxyConfig.Tracing.TlsSettings.CaCertificates }}",
            Ok("/etc/certs/ca.pem"),
        ),
        (
            "{{ .ProxyConfig.Tracing.TlsSetings }}",
            Err("can't evaluate field TlsSetings in type *v1alpha1.Tracing"),
        ),
        // A oneof's message is reached by its getter, not as a field.
        (
            "{{ .ProxyConfig.Tracing.Zipkin }}",
            Err("can't evaluate field Zipkin in type *v1alpha1.Tracing"),
        ),
        (
            "{{ .ProxyConfig.Tracing.GetZipkin.Address }}",
            Err("nil pointer evaluating *v1alpha1.Tracing_Zipkin.Address"),
        ),
        ("{{ .ProxyConfig.Tracing.GetZipkin.GetAddress }}", Ok("")),
        (
            "{{ .ProxyConfig.Tracing.GetZipkin.Adress }}",
            Err("can't evaluate field Adress in type *v1alpha1.Tracing_Zipkin"),
        ),
        // Wrappers hold their value in JSON; a nil one's getter is its zero.
        ("{{ .ProxyConfig.Concurrency.Value }}", Ok("2")),
        ("{{ .ProxyConfig.Concurrency.GetValue }}", Ok("2")),
        (
            "{{ .ProxyConfig.Concurrency.Val }}",
            Err("can't evaluate field Val in type *wrapperspb.Int32Value"),
        ),
        (
            "{{ .ProxyConfig.HoldApplicationUntilProxyStarts.GetValue }}",
            Ok("false"),
        ),
        (
            "{{ .ProxyConfig.HoldApplicationUntilProxyStarts.Value }}",
            Err("nil pointer evaluating *wrapperspb.BoolValue.Value"),
        ),
        (
            "{{ .ProxyConfig.DrainDuration.Seconds }} {{ .ProxyConfig.DrainDuration.Nanos }} {{ .ProxyConfig.DrainDuration.GetSeconds }}",
            Ok("1 500000000 1"),
        ),
        (
            "{{ .ProxyConfig.TerminationDrainDuration.GetSeconds }}",
            Ok("0"),
        ),
        (
            "{{ .ProxyConfig.TerminationDrainDuration.Seconds }}",
            Err("nil pointer evaluating *durationpb.Duration.Seconds"),
        ),
        (
            "{{ .ProxyConfig.DrainDuration.Minutes }}",
            Err("can't evaluate field Minutes in type *durationpb.Duration"),
        ),
        // A map's key it lacks is nothing; a string it holds has no fields.
        (
            "{{ .ProxyConfig.ProxyMetadata.K }}|{{ .ProxyConfig.ProxyMetadata.Nope }}",
            Ok("V|<no value>"),
        ),
        (
            "{{ .ProxyConfig.ProxyMetadata.K.X }}",
            Err("can't evaluate field X in type string"),
        ),
        ("{{ .ProxyConfig.ProxyMetadata.Nope.X }}", Ok("<no value>")),
        (
            "{{ range $k, $v := .ProxyConfig.ProxyMetadata }}{{ $v.X }}{{ end }}",
            Err("can't evaluate field X in type string"),
        ),
        (
            "{{ .ProxyConfig.Image.ImageType }}",
            Err("nil pointer evaluating *v1beta1.ProxyImage.ImageType"),
        ),
        ("{{ .ProxyConfig.GetImage.GetImageType }}", Ok("")),
        (
            "{{ .ProxyConfig.Image.Typ }}",
            Err("can't evaluate field Typ in type *v1beta1.ProxyImage"),
        ),
        (
            "{{ .ProxyConfig.ProxyStatsMatcher.InclusionPrefix }}",
            Err(
                "can't evaluate field InclusionPrefix in type *v1alpha1.ProxyConfig_ProxyStatsMatcher",
            ),
        ),
        (
            "{{ .ProxyConfig.InterceptionMode.Strin }}",
            Err("can't evaluate field Strin in type v1alpha1.ProxyConfig_InboundInterceptionMode"),
        ),
        (
            "{{ .ProxyConfig.ConfigPath.Len }}",
            Err("can't evaluate field Len in type string"),
        ),
        // `*v1alpha1.MeshConfig`'s messages.
        (
            "{{ .MeshConfig.DefaultConfig.Tracing.TlsSettings.Sni }}",
            Err("nil pointer evaluating *v1alpha1.ProxyConfig.Tracing"),
        ),
        (
            "{{ .MeshConfig.OutboundTrafficPolicy.Mode }}",
            Err("nil pointer evaluating *v1alpha1.MeshConfig_OutboundTrafficPolicy.Mode"),
        ),
        (
            "{{ .MeshConfig.LocalityLbSetting.Enabled }}",
            Err("nil pointer evaluating *v1alpha3.LocalityLoadBalancerSetting.Enabled"),
        ),
        (
            "{{ .MeshConfig.ExtensionProviders.Name }}",
            Err("can't evaluate field Name in type []*v1alpha1.MeshConfig_ExtensionProvider"),
        ),
        // The pod's structs below the containers.
        (
            "{{ range $c := .Spec.Containers }}{{ range $c.Ports }}{{ .Port }}{{ end }}{{ end }}",
            Err("can't evaluate field Port in type v1.ContainerPort"),
        ),
        (
            "{{ range .Spec.Containers }}{{ range .Env }}{{ .Name }}={{ .Value }};{{ end }}{{ end }}",
            Ok("A=b;"),
        ),
        (
            "{{ range .Spec.Containers }}{{ range .Env }}{{ .Val }}{{ end }}{{ end }}",
            Err("can't evaluate field Val in type v1.EnvVar"),
        ),
        (
            "{{ range .Spec.Containers }}{{ range .Env }}{{ .ValueFrom.FieldRef }}{{ end }}{{ end }}",
            Err("nil pointer evaluating *v1.EnvVarSource.FieldRef"),
        ),
        (
            "{{ range .Spec.Containers }}{{ .Resources.Limit }}{{ end }}",
            Err("can't evaluate field Limit in type v1.ResourceRequirements"),
        ),
        // `v1.ResourceList`'s keys are `v1.ResourceName`s: no field name is one.
        (
            "{{ range .Spec.Containers }}{{ .Resources.Limits.cpu }}{{ end }}",
            Err("can't evaluate field cpu in type v1.ResourceList"),
        ),
        // `index` of a typed slice gives its item's type.
        (
            "{{ with index .Spec.Containers 0 }}{{ .SecurityContext.RunAsUser }}{{ end }}",
            Ok("1000"),
        ),
        (
            "{{ with index .Spec.Containers 0 }}{{ .SecurityContext.RunAsUser.X }}{{ end }}",
            Err("can't evaluate field X in type *int64"),
        ),
        (
            "{{ with index .Spec.Containers 0 }}{{ .SecurityContext.RunAsGroup.X }}{{ end }}",
            Err("nil pointer evaluating *int64.X"),
        ),
        (
            "{{ with index .Spec.Containers 0 }}{{ .SecurityContext.RunAsUsr }}{{ end }}",
            Err("can't evaluate field RunAsUsr in type *v1.SecurityContext"),
        ),
        (
            "{{ (index .Spec.Containers 0).Nmae }}",
            Err("can't evaluate field Nmae in type v1.Container"),
        ),
        (
            "{{ .Spec.SecurityContext.RunAsUsr }}",
            Err("can't evaluate field RunAsUsr in type *v1.PodSecurityContext"),
        ),
        (
            "{{ .Spec.Volumes.Name }}",
            Err("can't evaluate field Name in type []v1.Volume"),
        ),
        // A field the data leaves out prints as Go's zero value of its type.
        (
            "{{ range $i, $c := .Spec.Containers }}{{ range $c.Ports }}{{ .ContainerPort }}/{{ .Protocol }};{{ end }}{{ end }}",
            Ok("80/;53/UDP;"),
        ),
        ("{{ .Spec.Tolerations }}", Ok("[]")),
        (
            "{{ .Spec.NodeSelector }}|{{ .Spec.SecurityContext }}|{{ .ProxyConfig.Image }}",
            Ok("map[]|nil|<nil>"),
        ),
        ("{{ $x := .Spec.Hostname }}[{{ $x }}]", Ok("[]")),
        ("{{ .ProxyConfig.Tracing.Sampling }}", Ok("0")),
        (
            "{{ .ProxyConfig.Tracing.TlsSettings.Mode.String }}",
            Ok("DISABLE"),
        ),
        (
            "{{ .MeshConfig.GetOutboundTrafficPolicy.GetMode }}",
            Ok("REGISTRY_ONLY"),
        ),
        (
            "{{ .ProxyConfig.GetTracing.GetTlsSettings.GetSubjectAltNames }}",
            Ok("[]"),
        ),
        // `ObjectMeta`'s own getters (methods of `*v1.ObjectMeta`), and no others.
        ("{{ .ObjectMeta.GetName }}", Ok("p")),
        (
            "{{ .ObjectMeta.GetNme }}",
            Err("can't evaluate field GetNme in type v1.ObjectMeta"),
        ),
    ]);
}
