//! Strings, case and shape, splitting, random text, regular expressions.

use super::*;

#[test]
fn sprig_strings() {
    table(&[
        (r#"{{ "fooo" | substr 0 3 }}"#, "foo"),
        (r#"{{ "foo" | substr 0 10 }}"#, "foo"),
        (r#"{{ "foo" | substr -1 2 }}"#, "fo"),
        (r#"{{ "foooooo" | trunc 3 }}"#, "foo"),
        (r#"{{ "baaaaaar" | trunc -3 }}"#, "aar"),
        (r#"{{ "baaaaaar" | trunc -999 }}"#, "baaaaaar"),
        (r#"{{ "baaaaaz" | trunc 0 }}"#, ""),
        (r#"{{ quote "a" "b" "c" }}"#, r#""a" "b" "c""#),
        (r#"{{ quote "\"a\"" "b" }}"#, r#""\"a\"" "b""#),
        ("{{ quote 1 2 3 }}", r#""1" "2" "3""#),
        ("{{ quote .Values.nothing }}", ""),
        (r#"{{ squote "a" "b" "c" }}"#, "'a' 'b' 'c'"),
        ("{{ squote 1 2 3 }}", "'1' '2' '3'"),
        (r#"{{ if contains "cat" "fair catch" }}1{{ end }}"#, "1"),
        (r#"{{ if hasPrefix "cat" "catch" }}1{{ end }}"#, "1"),
        (r#"{{ if hasSuffix "cat" "ducat" }}1{{ end }}"#, "1"),
        (r#"{{ trim "   5.00   " }}"#, "5.00"),
        (r#"{{ trimAll "$" "$5.00$" }}"#, "5.00"),
        (r#"{{ trimall "$" "$5.00$" }}"#, "5.00"),
        (r#"{{ trimPrefix "$" "$5.00" }}"#, "5.00"),
        (r#"{{ trimSuffix "$" "5.00$" }}"#, "5.00"),
        (r#"{{ nospace "h e l l o " }}"#, "hello"),
        (r#"{{ $b := "b" }}{{ "c" | cat "a" $b }}"#, "a b c"),
        (r#"{{ cat "a" .Values.nothing "b" 1 }}"#, "a b 1"),
        ("{{ indent 4 \"a\\nb\\nc\" }}", "    a\n    b\n    c"),
        ("{{ nindent 4 \"a\\nb\\nc\" }}", "\n    a\n    b\n    c"),
        (
            r#"{{ "I Am Henry VIII" | replace " " "-" }}"#,
            "I-Am-Henry-VIII",
        ),
        (
            r#"{{ $n := len "two" }}{{ $n }} {{ $n | plural "1 char" "chars" }}"#,
            "3 chars",
        ),
        (r#"{{ len "t" | plural "cheese" "%d chars" }}"#, "cheese"),
        (
            r#"{{ "hello" | upper }} {{ "HELLO" | lower }}"#,
            "HELLO hello",
        ),
        (r#"{{ repeat 3 "ab" }}"#, "ababab"),
        (
            "{{ toString 1 | kindOf }} {{ toString .Values.global.proxy.big }}",
            "string 1e+06",
        ),
        ("{{ hello }}", "Hello!"),
    ]);
    fails(&[
        (r#"{{ repeat -1 "a" }}"#, "negative Repeat count"),
        (
            r#"{{ repeat 9223372036854775807 "ab" }}"#,
            "more than the 1048576 needle allows",
        ),
        (
            r#"{{ indent 9223372036854775807 "a" }}"#,
            "more than the 1048576 needle allows",
        ),
    ]);
}

#[test]
fn sprig_case_and_shape() {
    table(&[
        (r#"{{ abbrev 5 "hello world" }}"#, "he..."),
        (r#"{{ abbrev 3 "hello world" }}"#, "hello world"),
        (r#"{{ abbrev 20 "hello world" }}"#, "hello world"),
        (r#"{{ abbrevboth 5 10 "1234 5678 9123" }}"#, "...5678..."),
        (r#"{{ untitle "First Try" }}"#, "first try"),
        (r#"{{ initials "First Try" }}"#, "FT"),
        (
            r#"{{ title "hello world-wide web_x" }}"#,
            "Hello World-Wide Web_x",
        ),
        (r#"{{ swapcase "This Is A.Test" }}"#, "tHIS iS a.tEST"),
        (r#"{{ wrap 5 "Hello World" }}"#, "Hello\nWorld"),
        (r#"{{ wrap 3 "abcdef gh" }}"#, "abcdef\ngh"),
        ("{{ wrapWith 5 \"\\t\" \"Hello World\" }}", "Hello\tWorld"),
        (r#"{{ wrapWith 3 "|" "abcdef" }}"#, "abc|def"),
        (r#"{{ camelcase "http_server" }}"#, "HttpServer"),
        (r#"{{ camelcase "_camel_case" }}"#, "_CamelCase"),
        (r#"{{ camelcase "no_https" }}"#, "NoHttps"),
        (r#"{{ camelcase "_complex__case_" }}"#, "_Complex_Case_"),
        (r#"{{ camelcase "all" }}"#, "All"),
        (r#"{{ snakecase "FirstName" }}"#, "first_name"),
        (r#"{{ snakecase "HTTPServer" }}"#, "http_server"),
        (r#"{{ snakecase "NoHTTPS" }}"#, "no_https"),
        (r#"{{ snakecase "GO_PATH" }}"#, "go_path"),
        (r#"{{ snakecase "GO PATH" }}"#, "go_path"),
        (r#"{{ kebabcase "FirstName" }}"#, "first-name"),
        (r#"{{ kebabcase "GO-PATH" }}"#, "go-path"),
    ]);
}

#[test]
fn sprig_splitting_and_joining() {
    table(&[
        (
            r#"{{ $v := "foo$bar$baz" | split "$" }}{{ $v._0 }}{{ $v._2 }}"#,
            "foobaz",
        ),
        (
            r#"{{ $v := "foo$bar$baz" | splitn "$" 2 }}{{ $v._0 }} {{ $v._1 }}"#,
            "foo bar$baz",
        ),
        (r#"{{ splitList "," "a,b,,c" | len }}"#, "4"),
        (
            "{{ $s := list 1 2 3 | toStrings }}{{ index $s 1 | kindOf }}",
            "string",
        ),
        ("{{ list 1 .Values.nothing 2 | toStrings }}", "[1 2]"),
        (r#"{{ tuple "a" "b" "c" | join "-" }}"#, "a-b-c"),
        (r#"{{ tuple 1 2 3 | join "-" }}"#, "1-2-3"),
        (r#"{{ join "-" "abc" }}"#, "abc"),
        (r#"{{ list "1" .Values.nothing "2" | join "-" }}"#, "1-2"),
        (r#"{{ list "c" "a" "b" | sortAlpha | join "" }}"#, "abc"),
        (r#"{{ list 2 1 4 3 | sortAlpha | join "" }}"#, "1234"),
    ]);
}

#[test]
fn sprig_random_functions_give_output_of_the_right_shape() {
    let shaped = |src: &str, len: usize, ok: fn(char) -> bool| {
        let out = rendered(src);
        assert_eq!(out.chars().count(), len, "{src}: {out}");
        assert!(out.chars().all(ok), "{src}: {out}");
    };
    shaped("{{ randAlphaNum 5 }}", 5, |c| c.is_ascii_alphanumeric());
    shaped("{{ randAlpha 7 }}", 7, |c| c.is_ascii_alphabetic());
    shaped("{{ randNumeric 9 }}", 9, |c| c.is_ascii_digit());
    shaped("{{ randAscii 12 }}", 12, |c| (' '..='~').contains(&c));
    shaped(r#"{{ shuffle "hello" }}"#, 5, |c| "helo".contains(c));
    // Base64 of 12 bytes.
    shaped("{{ randBytes 12 }}", 16, |c| {
        c.is_ascii_alphanumeric() || "+/".contains(c)
    });
    let n: i64 = rendered("{{ randInt 3 6 }}").parse().unwrap();
    assert!((3..6).contains(&n), "{n}");
    let id = rendered("{{ uuidv4 }}");
    let re =
        regex::Regex::new("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");
    assert!(re.unwrap().is_match(&id), "{id}");
    assert_ne!(rendered("{{ uuidv4 }}"), id);
    fails(&[("{{ randAlpha 99999999 }}", "needle allows")]);
}

#[test]
fn sprig_regular_expressions() {
    table(&[
        (r#"{{ regexMatch "^[a-z]+\\d$" "abc1" }}"#, "true"),
        (r#"{{ regexMatch "(" "abc" }}"#, "false"),
        (r#"{{ regexFindAll "a.?" "abcab" -1 }}"#, "[ab ab]"),
        (r#"{{ regexFindAll "a.?" "abcab" 1 }}"#, "[ab]"),
        (r#"{{ regexFind "[a-zA-Z][1-9]" "abcd1234" }}"#, "d1"),
        (
            r#"{{ regexReplaceAll "a(x*)b" "-ab-axxb-" "${1}W" }}"#,
            "-W-xxW-",
        ),
        (
            r#"{{ regexReplaceAllLiteral "a(x*)b" "-ab-axxb-" "${1}" }}"#,
            "-${1}-${1}-",
        ),
        (r#"{{ regexSplit "z+" "pizza" -1 }}"#, "[pi a]"),
        (r#"{{ regexSplit "z+" "pizza" 0 | len }}"#, "0"),
        (r#"{{ regexSplit "z+" "pizza" 1 }}"#, "[pizza]"),
        (r#"{{ regexQuoteMeta "1.2.3 a-b#c" }}"#, r"1\.2\.3 a-b#c"),
        (r#"{{ mustRegexMatch "^a" "ab" }}"#, "true"),
        (
            r#"{{ regexMatch "^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$" "Test@Acme.Com" }} {{ regexMatch "^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$" "test@acme" }}"#,
            "true false",
        ),
        (
            r#"{{ regexFindAll "a{2}" "aaaa" -1 | len }} {{ regexFindAll "a{2}" "none" -1 | len }} {{ regexFind "fo.?" "foo foe fome" }}"#,
            "2 0 foo",
        ),
        (
            r#"{{ regexReplaceAll "a(x*)b" "-ab-axxb-" "T" }} {{ regexReplaceAll "a(x*)b" "-ab-axxb-" "$1" }} {{ regexReplaceAll "a(x*)b" "-ab-axxb-" "$1W" }}"#,
            "-T-T- --xx- ---",
        ),
        (
            r#"{{ regexReplaceAllLiteral "a(x*)b" "-ab-axxb-" "$1" }}"#,
            "-$1-$1-",
        ),
        (
            r#"{{ regexSplit "a" "banana" -1 | len }} {{ regexSplit "a" "banana" 2 | len }} {{ regexQuoteMeta "pretzel" }}"#,
            "4 2 pretzel",
        ),
    ]);
    fails(&[
        (r#"{{ mustRegexMatch "(" "x" }}"#, "regexp: Compile"),
        (r#"{{ regexFind "(" "x" }}"#, "regexp: Compile"),
        (r#"{{ mustRegexSplit "(" "x" 1 }}"#, "regexp: Compile"),
    ]);
}
