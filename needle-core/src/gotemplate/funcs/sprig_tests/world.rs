//! Paths, URLs, dates, semantic versions, the process and the network, and no function
//! panicking whatever its arguments.

use super::*;

#[test]
fn sprig_paths() {
    table(&[
        (
            r#"{{ base "foo/bar/baz" }} {{ base "/a/" }} {{ base "" }}"#,
            "baz a .",
        ),
        (
            r#"{{ dir "foo/bar/baz" }} {{ dir "baz" }} {{ dir "/a" }}"#,
            "foo/bar . /",
        ),
        (
            r#"{{ clean "foo/bar/../baz" }} {{ clean "/../a//b/./c/" }} {{ clean "" }} {{ clean "../../x" }}"#,
            "foo/baz /a/b/c . ../../x",
        ),
        (
            r#"{{ ext "foo.bar" }} {{ ext "a/b.tar.gz" }} {{ ext "a.b/c" }}|"#,
            ".bar .gz |",
        ),
        (
            r#"{{ isAbs "/a" }} {{ isAbs "a" }} {{ osBase "/x/y.z" }} {{ osDir "/x/y" }} {{ osClean "a//b" }} {{ osExt "y.z" }} {{ osIsAbs "/" }}"#,
            "true false y.z /x a/b .z true",
        ),
    ]);
}

#[test]
fn sprig_urls() {
    table(&[
        (
            r#"{{ $u := urlParse "proto://auth@host:80/path?query#fragment" }}{{ $u.scheme }} {{ $u.host }} {{ $u.hostname }} {{ $u.path }} {{ $u.query }} {{ $u.fragment }} {{ $u.userinfo }}"#,
            "proto host:80 host /path query fragment auth",
        ),
        (
            r#"{{ $u := urlParse "proto://host:80/pa%20th?key=val%20ue" }}{{ $u.path }} {{ $u.query }}"#,
            "/pa th key=val%20ue",
        ),
        (r#"{{ (urlParse "something").path }}"#, "something"),
        (r#"{{ (urlParse "mailto:a@b.c").opaque }}"#, "a@b.c"),
        (
            r#"{{ urlJoin (dict "fragment" "fragment" "host" "host:80" "path" "/path" "query" "query" "scheme" "proto") }}"#,
            "proto://host:80/path?query#fragment",
        ),
        (
            r#"{{ urlJoin (dict "host" "host:80" "path" "/pa th" "scheme" "proto" "userinfo" "user:pass") }}"#,
            "proto://user:pass@host:80/pa%20th",
        ),
        (
            r#"{{ urlJoin (urlParse "https://example.com/a?b=c") }}"#,
            "https://example.com/a?b=c",
        ),
    ]);
    fails(&[(r#"{{ urlJoin (dict "host" 1) }}"#, "must be of type string")]);
}

#[test]
fn sprig_dates() {
    table(&[
        (
            r#"{{ toDate "2006-01-02" "2017-12-31" | date "02/01/2006" }}"#,
            "31/12/2017",
        ),
        (
            r#"{{ date "2006-01-02 15:04:05 MST Mon Jan _2 3PM .000" (toDate "2006-01-02T15:04:05Z07:00" "2024-02-29T13:04:05+02:00") }}"#,
            "2024-02-29 11:04:05 UTC Thu Feb 29 11AM .000",
        ),
        (
            r#"{{ toDate "2006-01-02T15:04:05.999999999Z07:00" "2021-03-04T05:06:07.25Z" | date "Jan 2, 2006 at 3:04pm (.999)" }}"#,
            "Mar 4, 2021 at 5:06am (.25)",
        ),
        (
            "{{ date \"2006-01-02\" 86400 }} {{ htmlDate 0 }} {{ htmlDateInZone 0 \"UTC\" }} {{ dateInZone \"15:04\" 3600 \"UTC\" }}",
            "1970-01-02 1970-01-01 1970-01-01 01:00",
        ),
        (
            r#"{{ toDate "2006-01-02" "2017-12-31" | unixEpoch }}"#,
            "1514678400",
        ),
        (
            r#"{{ toDate "2006-01-02" "2017-12-31" | dateModify "1.5h" | date "15:04" }} {{ toDate "2006-01-02" "2017-12-31" | dateModify "nope" | date "15:04" }}"#,
            "01:30 00:00",
        ),
        (
            r#"{{ toDate "2006-01-02" "bad" | date "2006-01-02" }}"#,
            "0001-01-01",
        ),
        (
            r#"{{ toDate "2006-01-02" "2017-12-31" }}"#,
            "2017-12-31 00:00:00 +0000 UTC",
        ),
        (
            r#"{{ duration "95" }} {{ duration "3600" }} {{ duration 0 }}"#,
            "1m35s 1h0m0s 0s",
        ),
        (
            r#"{{ durationRound "2h10m5s" }} {{ durationRound "400h" }} {{ durationRound "9000h" }} {{ durationRound "1s" }}"#,
            "2h 16d 1y 0s",
        ),
        (r#"{{ ago now }} {{ now | date "2006" | len }}"#, "0s 4"),
        // The time the host gives (the data's `now`), not the process's clock.
        (r#"{{ now | date "2006-01-02 15:04" }}"#, "2023-11-14 22:13"),
        (r#"{{ date "05.000000000000" 0 }}"#, "00.000000000"),
        (
            r#"{{ $t := toDate "2006-01-02 15:04:05.000" "2024-03-05 07:08:09.250" }}{{ $t.Year }} {{ $t.Month }} {{ $t.Day }} {{ $t.Hour }} {{ $t.Minute }} {{ $t.Second }} {{ $t.Nanosecond }} {{ $t.YearDay }} {{ $t.Weekday }} {{ $t.Unix }} {{ $t.UTC.Year }}"#,
            "2024 March 5 7 8 9 250000000 65 Tuesday 1709622489 2024",
        ),
    ]);
    fails(&[
        (r#"{{ mustToDate "2006-01-02" "x" }}"#, "parsing time"),
        (r#"{{ mustDateModify "x" now }}"#, "invalid duration"),
        // A zone computed when the template runs fails then.
        (
            r#"{{ dateInZone "2006" now (print "Europe/" "Paris") }}"#,
            "not supported by needle",
        ),
    ]);
    refused_at_load(&[
        (
            r#"{{ dateInZone "2006" now "Europe/Paris" }}"#,
            r#"function "dateInZone": time zone "Europe/Paris" not supported by needle"#,
        ),
        (
            r#"{{ htmlDateInZone now "Asia/Tokyo" }}"#,
            "not supported by needle",
        ),
    ]);
}

#[test]
fn sprig_semantic_versions() {
    table(&[
        (
            r#"{{ $v := semver "1.2.3-beta.1+c0ff33" }}{{ $v.Major }} {{ $v.Minor }} {{ $v.Patch }} {{ $v.Prerelease }} {{ $v.Metadata }} {{ $v }}"#,
            "1 2 3 beta.1 c0ff33 1.2.3-beta.1+c0ff33",
        ),
        (r#"{{ semver "v1.2" }}"#, "1.2.0"),
        (
            r#"{{ semverCompare "1.2.3" "1.2.3" }} {{ semverCompare "=1.2.3" "1.2.4" }} {{ semverCompare "!=1.2.3" "1.2.4" }}"#,
            "true false true",
        ),
        (
            r#"{{ semverCompare ">=1.2.3" "1.2.3" }} {{ semverCompare ">1.2.3" "1.2.3" }} {{ semverCompare "<1.3" "1.2.9" }} {{ semverCompare "<=1.2" "1.2.9" }}"#,
            "true false true true",
        ),
        (
            r#"{{ semverCompare "~1.2.3" "1.2.9" }} {{ semverCompare "~1.2.3" "1.3.0" }} {{ semverCompare "~1" "1.9.0" }}"#,
            "true false true",
        ),
        (
            r#"{{ semverCompare "^1.2.3" "1.9.9" }} {{ semverCompare "^1.2.3" "2.0.0" }} {{ semverCompare "^0.2.3" "0.2.9" }} {{ semverCompare "^0.2.3" "0.3.0" }} {{ semverCompare "^0.0.3" "0.0.4" }}"#,
            "true false true false false",
        ),
        (
            r#"{{ semverCompare "1.2.x" "1.2.7" }} {{ semverCompare "1.2.x" "1.3.0" }} {{ semverCompare "*" "4.0.0" }} {{ semverCompare ">1.x" "1.9.0" }} {{ semverCompare ">1.x" "2.0.0" }}"#,
            "true false true false true",
        ),
        (
            r#"{{ semverCompare "1.1 - 1.3" "1.3.4" }} {{ semverCompare "1.1 - 1.3.0" "1.3.4" }} {{ semverCompare ">= 1.2, < 1.4" "1.3.0" }} {{ semverCompare "<1 || >=2" "1.5.0" }} {{ semverCompare "<1 || >=2" "2.1.0" }}"#,
            "true false true false true",
        ),
        // A pre-release only satisfies a constraint with a pre-release of its own.
        (
            r#"{{ semverCompare ">=1.2.0" "1.3.0-beta" }} {{ semverCompare ">=1.2.0-0" "1.3.0-beta" }} {{ semverCompare ">1.0.0-alpha" "1.0.0-beta" }}"#,
            "false true true",
        ),
        (
            r#"{{ semverCompare ">=1.19.0-0" "1.21.1-gke.100" }}"#,
            "true",
        ),
    ]);
    fails(&[
        (r#"{{ semver "x.y" }}"#, "Invalid Semantic Version"),
        (
            r#"{{ semverCompare "1.2.3" "nope" }}"#,
            "Invalid Semantic Version",
        ),
        (r#"{{ semverCompare "?1" "1.0.0" }}"#, "improper constraint"),
    ]);
}

#[test]
fn sprig_process_network_and_crypto() {
    table(&[
        (r#"{{ env "NEEDLE_SPRIG_TEST_SURELY_UNSET" }}|"#, "|"),
        (
            r#"{{ expandenv "a-$NEEDLE_SPRIG_TEST_SURELY_UNSET-${NEEDLE_SPRIG_TEST_SURELY_UNSET}-$" }}"#,
            "a---$",
        ),
    ]);
    // The environment captured when the config loaded, not the process's own.
    table(&[
        (r#"{{ env "NEEDLE_TEST" }}"#, "from-env"),
        (
            r#"{{ expandenv "${NEEDLE_TEST}/$NEEDLE_TEST" }}"#,
            "from-env/from-env",
        ),
    ]);
    refused_at_load(&[(
        r#"{{ getHostByName "example.com" }}"#,
        "not supported by needle",
    )]);
    // Keys Go's parsers read: `openssl ec -check` accepts the SEC 1 form.
    let ec = rendered(r#"{{ genPrivateKey "ecdsa" }}"#);
    assert!(
        ec.starts_with("-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI"),
        "{ec}"
    );
    assert!(ec.ends_with("-----END EC PRIVATE KEY-----\n"), "{ec}");
    let ed = rendered(r#"{{ genPrivateKey "ed25519" }}"#);
    assert!(
        ed.starts_with("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEI"),
        "{ed}"
    );
    assert_ne!(ed, rendered(r#"{{ genPrivateKey "ed25519" }}"#));
    table(&[(r#"{{ genPrivateKey "nope" }}"#, "Unknown type nope")]);
    refused_at_load(&[(
        r#"{{ genPrivateKey "rsa" }}"#,
        "RSA keys are not supported by needle",
    )]);
    fails(&[(
        r#"{{ genPrivateKey (print "d" "sa") }}"#,
        "DSA keys are not supported by needle",
    )]);
    for name in super::super::UNSUPPORTED {
        refused_at_load(&[(
            &format!("{{{{ {name} \"x\" }}}}"),
            &format!("Sprig's {name} is not supported by needle"),
        )]);
    }
}

/// Every function called with zero to two arguments of every kind, and some with three:
/// each renders or fails the render, none panics (or hangs: counts are capped).
#[test]
fn no_function_panics_whatever_its_arguments() {
    use crate::gotemplate::translate;
    let args = [
        "0",
        "-1",
        "9223372036854775807",
        "-9223372036854775808",
        r#""""#,
        r#""a/b.c""#,
        r#""%zz \u00e9""#,
        "(list 1 \"a\")",
        "(dict \"k\" (list 1))",
        "1.5",
        "true",
        "now",
        "(semver \"1.2.3\")",
    ];
    let mut calls: Vec<String> = vec![];
    for name in super::super::FUNCTIONS {
        calls.push(format!("{{{{ {name} }}}}"));
        for a in &args {
            calls.push(format!("{{{{ {name} {a} }}}}"));
            for b in &args {
                calls.push(format!("{{{{ {name} {a} {b} }}}}"));
            }
            calls.push(format!("{{{{ {name} {a} {a} (list) }}}}"));
            calls.push(format!("{{{{ {name} 2 {a} \"xyz\" }}}}"));
        }
    }
    let mut env = minijinja::Environment::new();
    env.set_undefined_behavior(minijinja::UndefinedBehavior::Chainable);
    super::super::register(&mut env);
    let mut panicked = vec![];
    for src in &calls {
        // A call needle refuses is refused at load (`refused_at_load` below).
        let Ok(translated) = translate(src, Default::default()) else {
            continue;
        };
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            env.render_str(&translated, ()).map(|_| ())
        }));
        if run.is_err() {
            panicked.push(src.clone());
        }
    }
    assert!(
        panicked.is_empty(),
        "{} panicked: {panicked:#?}",
        panicked.len()
    );
}
