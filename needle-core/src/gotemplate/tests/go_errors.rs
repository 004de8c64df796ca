//! Go's render-time errors, as the translation gives them: fields a type lacks, nil and
//! plain values, comparisons and `len`/`index` of the wrong kinds.

use super::*;

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
