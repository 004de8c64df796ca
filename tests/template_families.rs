//! One template per Sprig function family (`testdata/templates/sprig-<family>.yaml`), each
//! writing `sprig-*` annotations into the injected pod through `needle kube-inject` with the
//! default `--templates auto`. The expected values are Sprig v3.3.0's documented results
//! (each file's comments say why); every `sprig-*` annotation a file writes is checked.

mod common;

use common::yaml_documents;
use std::collections::BTreeMap;
use std::process::Command;

/// The `sprig-*` annotations of `testdata/hello-deployment.yaml` injected with the config
/// `testdata/templates/sprig-<family>.yaml`. `TZ=UTC`: Sprig reads and prints dates in the
/// local zone, so the dates family is fixed to one.
fn annotations(family: &str) -> BTreeMap<String, String> {
    let config = format!("testdata/templates/sprig-{family}.yaml");
    let out = Command::new(env!("CARGO_BIN_EXE_needle"))
        .args(["kube-inject", "-f", "testdata/hello-deployment.yaml"])
        .args(["--injectConfigFile", &config])
        .env_remove("ENABLE_NATIVE_SIDECARS")
        .env_remove("NEEDLE_TEMPLATES")
        .env("TZ", "UTC")
        .output()
        .expect("needle runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{config}: {stderr}");
    let docs = yaml_documents(&String::from_utf8_lossy(&out.stdout));
    let annotations = &docs[0]["spec"]["template"]["metadata"]["annotations"];
    annotations
        .as_object()
        .unwrap_or_else(|| panic!("{config}: no annotations in {}", docs[0]))
        .iter()
        .filter(|(k, _)| k.starts_with("sprig-"))
        .map(|(k, v)| {
            let v = v.as_str().unwrap_or_else(|| panic!("{config}: {k} is {v}"));
            (k.clone(), v.to_string())
        })
        .collect()
}

/// Every annotation of the family equals its expected value, and the family writes no other.
fn assert_family(family: &str, expected: &[(&str, &str)]) {
    let got = annotations(family);
    for (key, want) in expected {
        assert_eq!(
            got.get(*key).map(String::as_str),
            Some(*want),
            "{family}: {key}"
        );
    }
    let unchecked: Vec<&String> = got
        .keys()
        .filter(|k| !expected.iter().any(|(e, _)| e == k))
        .collect();
    assert!(unchecked.is_empty(), "{family}: unchecked {unchecked:?}");
}

#[test]
fn strings() {
    assert_family(
        "strings",
        &[
            ("sprig-upper", "HELLO"),
            ("sprig-lower", "hello"),
            ("sprig-title", "Hello World"),
            ("sprig-untitle", "hello world"),
            ("sprig-trunc", "hello"),
            ("sprig-trunc-negative", "world"),
            ("sprig-abbrev", "he..."),
            ("sprig-abbrevboth", "...5678..."),
            ("sprig-substr", "hello"),
            ("sprig-repeat", "ababab"),
            ("sprig-replace", "I-Am-Henry-VIII"),
            ("sprig-trim", "hello"),
            ("sprig-trimAll", "5.00"),
            ("sprig-trimPrefix", "hello"),
            ("sprig-trimSuffix", "hello"),
            ("sprig-nospace", "helloworld"),
            ("sprig-initials", "FT"),
            ("sprig-wrapWith", "Hello|World"),
            ("sprig-squote", "'hi'"),
            ("sprig-quote-number", "42"),
            ("sprig-cat", "hello beautiful world"),
            ("sprig-snakecase", "first_name"),
            ("sprig-camelcase", "HttpServer"),
            ("sprig-kebabcase", "first-name"),
            ("sprig-swapcase", "tHIS iS a.tEST"),
            ("sprig-plural", "many anchovies"),
            ("sprig-hasPrefix", "true"),
            ("sprig-hasSuffix", "false"),
            ("sprig-toString", "1.5"),
            ("sprig-join", "a-b-c"),
            ("sprig-split", "bar"),
            ("sprig-splitList", "[foo bar baz]"),
            ("sprig-splitn", "bar$baz"),
            ("sprig-sortAlpha", "[a b c]"),
        ],
    );
}

#[test]
fn regular_expressions() {
    assert_family(
        "regex",
        &[
            ("sprig-regexMatch", "true"),
            ("sprig-regexMatch-no", "false"),
            ("sprig-regexFind", "d1"),
            ("sprig-regexFind-none", ""),
            ("sprig-regexFindAll", "[2 4 6 8]"),
            ("sprig-regexFindAll-n", "[2 4]"),
            ("sprig-regexReplaceAll", "-W-xxW-"),
            ("sprig-regexReplaceAllLiteral", "-${1}-${1}-"),
            ("sprig-regexSplit", "[pi a]"),
            ("sprig-regexQuoteMeta", r"1\.2\.3"),
            ("sprig-mustRegexFind", "123"),
        ],
    );
}

#[test]
fn lists() {
    assert_family(
        "lists",
        &[
            ("sprig-list", "[1 2 3]"),
            ("sprig-first", "1"),
            ("sprig-last", "3"),
            ("sprig-rest", "[2 3]"),
            ("sprig-initial", "[1 2]"),
            ("sprig-append", "[1 2 3]"),
            ("sprig-prepend", "[0 1 2]"),
            ("sprig-concat", "[1 2 3 4]"),
            ("sprig-reverse", "[3 2 1]"),
            ("sprig-uniq", "[1 2]"),
            ("sprig-without", "[1 3]"),
            ("sprig-has", "true"),
            ("sprig-compact", "[1 a]"),
            ("sprig-slice", "[2 3]"),
            ("sprig-chunk", "[[1 2] [3 4] [5]]"),
            ("sprig-until", "[0 1 2 3 4]"),
            ("sprig-untilStep", "[3 5]"),
            ("sprig-seq", "5 3 1"),
            ("sprig-seq-one", "1 2 3"),
            ("sprig-seq-wrong-way", ""),
            ("sprig-len", "3"),
        ],
    );
}

#[test]
fn dicts() {
    assert_family(
        "dicts",
        &[
            ("sprig-dict", "map[name1:value1 name2:value2]"),
            ("sprig-get", "value1"),
            ("sprig-get-missing", ""),
            ("sprig-hasKey", "true"),
            ("sprig-keys", "[name1 name2]"),
            ("sprig-values", "[value1 value2]"),
            ("sprig-pick", "map[name1:value1]"),
            ("sprig-set", "map[a:1 b:2]"),
            ("sprig-unset", "map[b:2]"),
            ("sprig-dig", "found"),
            ("sprig-dig-default", "none"),
            ("sprig-pluck", "[one two]"),
            ("sprig-merge", "map[a:1 b:3]"),
            ("sprig-mergeOverwrite", "map[a:2 b:3]"),
            ("sprig-deepCopy", "map[a:[1 2]]"),
        ],
    );
}

#[test]
fn integer_math() {
    assert_family(
        "integers",
        &[
            ("sprig-add", "6"),
            ("sprig-add1", "42"),
            ("sprig-sub", "-2"),
            ("sprig-mul", "24"),
            ("sprig-div", "3"),
            ("sprig-div-negative", "-3"),
            ("sprig-mod", "1"),
            ("sprig-mod-negative", "-1"),
            ("sprig-max", "5"),
            ("sprig-min", "2"),
            ("sprig-biggest", "9"),
            ("sprig-add-strings", "5"),
            ("sprig-atoi", "43"),
            ("sprig-int", "12"),
            ("sprig-int64", "3"),
            ("sprig-toDecimal", "511"),
            ("sprig-floor", "1"),
            ("sprig-ceil", "2"),
            ("sprig-round", "3.14"),
        ],
    );
}

#[test]
fn float_math() {
    assert_family(
        "floats",
        &[
            ("sprig-addf", "5.5"),
            ("sprig-add1f", "2.5"),
            ("sprig-subf", "2.5"),
            ("sprig-mulf", "6"),
            ("sprig-divf", "2.5"),
            ("sprig-maxf", "3"),
            ("sprig-minf", "1"),
            ("sprig-float64", "1.25"),
            ("sprig-addf-decimal", "0.3"),
        ],
    );
}

#[test]
fn encodings_json_and_digests() {
    assert_family(
        "encoding",
        &[
            ("sprig-b64enc", "aGVsbG8="),
            ("sprig-b64dec", "hello"),
            ("sprig-b32enc", "NBSWY3DP"),
            ("sprig-b32dec", "hello"),
            ("sprig-toJson", r#"{"a":"\u003ct\u003e","b":[1,"x"]}"#),
            ("sprig-toRawJson", r#"{"a":"<t>"}"#),
            ("sprig-toPrettyJson", "{\n  \"a\": 1\n}"),
            ("sprig-fromJson", "[1 2]"),
            ("sprig-sha1sum", "aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d"),
            (
                "sprig-sha256sum",
                "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824",
            ),
            (
                "sprig-sha512sum",
                "9b71d224bd62f3785d96d46ad3ea3d73319bfbc2890caadae2dff72519673ca7\
                 2323c3d99ba5c11d7c7acc6e14b8c5da0c4663475c2e5c3adef46f73bcdec043",
            ),
            ("sprig-adler32sum", "103547413"),
        ],
    );
}

#[test]
fn semantic_versions() {
    assert_family(
        "semver",
        &[
            ("sprig-semver-major", "1"),
            ("sprig-semver-minor", "2"),
            ("sprig-semver-patch", "3"),
            ("sprig-semver-prerelease", "alpha.1"),
            ("sprig-semver-metadata", "build.5"),
            ("sprig-semverCompare-caret", "true"),
            ("sprig-semverCompare-tilde", "false"),
            ("sprig-semverCompare-range", "true"),
            ("sprig-semverCompare-or", "false"),
            ("sprig-semverCompare-wildcard", "true"),
            ("sprig-semverCompare-prerelease", "false"),
        ],
    );
}

#[test]
fn dates() {
    assert_family(
        "dates",
        &[
            ("sprig-toDate-date", "2017-12-31T22:30:00Z"),
            ("sprig-date", "Dec 31, 2017"),
            ("sprig-date-epoch", "1970-01-01"),
            ("sprig-dateInZone", "2017-12-31 22:30 UTC"),
            ("sprig-htmlDate", "2017-12-31"),
            ("sprig-htmlDateInZone", "2017-12-31"),
            ("sprig-unixEpoch", "1514759400"),
            ("sprig-dateModify", "2018-01-01 00:00"),
            ("sprig-dateModify-negative", "22:00"),
            ("sprig-duration", "1m35s"),
            ("sprig-duration-string", "1h0m0s"),
            ("sprig-durationRound", "2h"),
            ("sprig-durationRound-days", "2d"),
        ],
    );
}

#[test]
fn defaults_and_flow() {
    assert_family(
        "defaults",
        &[
            ("sprig-default-empty", "foo"),
            ("sprig-default-set", "bar"),
            ("sprig-default-zero", "7"),
            ("sprig-default-list", "none"),
            ("sprig-empty-string", "true"),
            ("sprig-empty-zero", "true"),
            ("sprig-empty-dict", "true"),
            ("sprig-empty-false", "true"),
            ("sprig-empty-text", "false"),
            ("sprig-coalesce", "x"),
            ("sprig-ternary-true", "yes"),
            ("sprig-ternary-piped", "no"),
            ("sprig-all", "true"),
            ("sprig-all-one-empty", "false"),
            ("sprig-any", "true"),
            ("sprig-any-none", "false"),
        ],
    );
}

#[test]
fn types_and_reflection() {
    assert_family(
        "types",
        &[
            ("sprig-typeOf-int", "int"),
            ("sprig-typeOf-float", "float64"),
            ("sprig-typeOf-string", "string"),
            ("sprig-typeOf-bool", "bool"),
            ("sprig-typeOf-list", "[]interface {}"),
            ("sprig-typeOf-dict", "map[string]interface {}"),
            ("sprig-kindOf-list", "slice"),
            ("sprig-kindOf-dict", "map"),
            ("sprig-kindIs", "true"),
            ("sprig-kindIs-no", "false"),
            ("sprig-typeIs", "true"),
            ("sprig-typeIsLike", "true"),
            ("sprig-typeIsLike-pointer", "true"),
            ("sprig-typeIsLike-star", "false"),
            ("sprig-deepEqual", "true"),
            ("sprig-deepEqual-types", "false"),
        ],
    );
}

#[test]
fn paths() {
    assert_family(
        "paths",
        &[
            ("sprig-base", "baz.txt"),
            ("sprig-base-empty", "."),
            ("sprig-dir", "foo/bar"),
            ("sprig-dir-root", "/"),
            ("sprig-clean", "foo/baz/qux"),
            ("sprig-clean-empty", "."),
            ("sprig-ext", ".gz"),
            ("sprig-ext-none", ""),
            ("sprig-isAbs", "true"),
            ("sprig-isAbs-relative", "false"),
            ("sprig-osBase", "c"),
            ("sprig-osDir", "/a/b"),
            ("sprig-osClean", "/a/c"),
            ("sprig-osExt", ".yaml"),
            ("sprig-osIsAbs", "false"),
        ],
    );
}

#[test]
fn urls() {
    assert_family(
        "url",
        &[
            ("sprig-urlParse-scheme", "http"),
            ("sprig-urlParse-host", "server.com:8080"),
            ("sprig-urlParse-hostname", "server.com"),
            ("sprig-urlParse-path", "/api"),
            ("sprig-urlParse-query", "list=false"),
            ("sprig-urlParse-fragment", "anchor"),
            ("sprig-urlParse-userinfo", "admin:secret"),
            ("sprig-urlParse-opaque", ""),
            ("sprig-urlJoin", "http://host:80/path?query#fragment"),
            (
                "sprig-urlJoin-roundtrip",
                "http://admin:secret@server.com:8080/api?list=false#anchor",
            ),
        ],
    );
}

/// Random values: only their shape is Sprig's to document.
#[test]
fn uuids_and_random_values_have_their_shape() {
    let got = annotations("random");
    let value = |key: &str| {
        got.get(key)
            .unwrap_or_else(|| panic!("no {key} in {got:?}"))
    };
    let all = |key: &str, len: usize, ok: fn(char) -> bool| {
        let v = value(key);
        assert!(
            v.chars().count() == len && v.chars().all(ok),
            "{key}: {v:?}"
        );
    };

    let uuid = value("sprig-uuidv4");
    let groups: Vec<&str> = uuid.split('-').collect();
    let lengths: Vec<usize> = groups.iter().map(|g| g.len()).collect();
    assert_eq!(lengths, [8, 4, 4, 4, 12], "{uuid}");
    let lower_hex = |c: char| c.is_ascii_digit() || ('a'..='f').contains(&c);
    assert!(groups.iter().all(|g| g.chars().all(lower_hex)), "{uuid}");
    assert!(groups[2].starts_with('4'), "version 4: {uuid}");
    assert!(
        groups[3].starts_with(['8', '9', 'a', 'b']),
        "variant: {uuid}"
    );

    all("sprig-randAlphaNum", 10, |c| c.is_ascii_alphanumeric());
    all("sprig-randAlpha", 8, |c| c.is_ascii_alphabetic());
    all("sprig-randNumeric", 6, |c| c.is_ascii_digit());
    all("sprig-randAscii", 12, |c| (' '..='~').contains(&c));
    let base64 = |c: char| c.is_ascii_alphanumeric() || "+/=".contains(c);
    all("sprig-randBytes", 32, base64);

    let n: i64 = value("sprig-randInt").parse().expect("an integer");
    assert!((1..10).contains(&n), "randInt 1 10 gave {n}");

    let mut letters: Vec<char> = value("sprig-shuffle").chars().collect();
    letters.sort_unstable();
    assert_eq!(letters, ['e', 'h', 'l', 'l', 'o']);

    assert_eq!(got.len(), 8, "unchecked: {got:?}");
}
