//! A table per family of Go's and Sprig's functions: template, and what Go's
//! text/template with Sprig v3.3.0 renders (from Sprig's documentation and the
//! expectations of its own tests), or the error it gives.

use crate::gotemplate::tests::try_render_with;

#[track_caller]
fn table(cases: &[(&str, &str)]) {
    for (src, want) in cases {
        let got = try_render_with(src, &[], |_| {}).unwrap_or_else(|e| panic!("{src}: {e:#}"));
        assert_eq!(&got, want, "template: {src}");
    }
}

#[track_caller]
/// Calls needle refuses when the template loads, with the template's position.
fn refused_at_load(cases: &[(&str, &str)]) {
    for (src, want) in cases {
        let err = crate::gotemplate::translate(src, Default::default()).expect_err(src);
        let err = err.to_string();
        assert!(err.contains(want), "{src}: {err}");
        assert!(err.starts_with("line 1, column "), "{src}: {err}");
    }
}

fn fails(cases: &[(&str, &str)]) {
    for (src, want) in cases {
        let err = try_render_with(src, &[], |_| {}).expect_err(src);
        let err = format!("{err:#}");
        assert!(err.contains(want), "{src}: {err}");
    }
}

#[track_caller]
fn rendered(src: &str) -> String {
    try_render_with(src, &[], |_| {}).unwrap_or_else(|e| panic!("{src}: {e:#}"))
}

#[test]
fn go_builtins() {
    table(&[
        (
            r#"{{ html "<a href='x'>&\"" }}"#,
            "&lt;a href=&#39;x&#39;&gt;&amp;&#34;",
        ),
        (
            r#"{{ js "it's \"<b>\" a=b\\" }}"#,
            r#"it\'s \"\u003Cb\u003E\" a\u003Db\\"#,
        ),
        (r#"{{ urlquery "a b&c=d/é" }}"#, "a+b%26c%3Dd%2F%C3%A9"),
        ("{{ html 1 2 }}", "1 2"),
        ("{{ slice (list 1 2 3 4) 1 3 }}", "[2 3]"),
        ("{{ slice (list 1 2 3) 1 }}", "[2 3]"),
        ("{{ slice (list 1 2 3) }}", "[1 2 3]"),
        ("{{ slice list }}", "<no value>"),
    ]);
    fails(&[
        ("{{ call 1 }}", "non-function 1 of type int"),
        // Sprig's `slice` replaces Go's, which would slice a string.
        (
            r#"{{ slice "abc" 1 }}"#,
            "list should be type of slice or array but string",
        ),
        ("{{ slice (list 1 2) 1 5 }}", "slice index out of range"),
    ]);
}

mod data;
mod text;
mod world;
