//! A table per family of Go's and Sprig's functions: template, and what Go's
//! text/template with Sprig v3.3.0 renders (from Sprig's documentation and the
//! expectations of its own tests), or the error it gives.

use crate::core::gotemplate::tests::try_render_with;

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
        let err = crate::core::gotemplate::translate(src, Default::default()).expect_err(src);
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

#[test]
fn sprig_lists() {
    table(&[
        ("{{ list 1 2 3 }}", "[1 2 3]"),
        (
            "{{ append (list 1 2) 3 }} {{ push (list 1) 2 }} {{ mustAppend (list) 1 }}",
            "[1 2 3] [1 2] [1]",
        ),
        ("{{ prepend (list 1 2) 0 }}", "[0 1 2]"),
        (
            "{{ first (list 1 2 3) }} {{ first list }} {{ first list | toString }}",
            "1 <no value> <nil>",
        ),
        (
            "{{ rest (list 1 2 3) }} {{ rest list }} {{ initial list }}",
            "[2 3] [] []",
        ),
        (
            "{{ last (list 1 2 3) }} {{ initial (list 1 2 3) }}",
            "3 [1 2]",
        ),
        ("{{ concat (list 1 2) (list 3) list }}", "[1 2 3]"),
        ("{{ reverse (list 1 2 3) }}", "[3 2 1]"),
        ("{{ uniq (list 1 2 1 3 2) }}", "[1 2 3]"),
        ("{{ without (list 1 2 3 4) 1 3 }}", "[2 4]"),
        (
            "{{ has 2 (list 1 2) }} {{ has 5 (list 1 2) }} {{ has 1 .Values.nothing }}",
            "true false false",
        ),
        (
            r#"{{ compact (list 1 0 "" "a" false .Values.nothing (list)) }}"#,
            "[1 a]",
        ),
        ("{{ chunk 2 (list 1 2 3 4 5) }}", "[[1 2] [3 4] [5]]"),
        ("{{ until 4 }} {{ until -2 }}", "[0 1 2 3] [0 -1]"),
        (
            "{{ untilStep 3 6 2 }} {{ untilStep 6 3 -1 }} {{ untilStep 0 5 0 }}",
            "[3 5] [6 5 4] []",
        ),
        (
            "{{ seq 5 }}|{{ seq -3 }}|{{ seq 0 2 }}|{{ seq 2 -2 }}|{{ seq 0 2 10 }}|{{ seq 0 -2 -5 }}|{{ seq 0 2 -1 }}",
            "1 2 3 4 5|1 0 -1 -2 -3|0 1 2|2 1 0 -1 -2|0 2 4 6 8 10|0 -2 -4|",
        ),
        (
            "{{ mustFirst (list 4) }} {{ mustLast (list 4 5) }} {{ mustRest (list 4 5) }}",
            "4 5 [5]",
        ),
    ]);
    fails(&[
        (r#"{{ first "abc" }}"#, "Cannot find first on type string"),
        (r#"{{ mustPush "a" 1 }}"#, "Cannot push on type string"),
        (
            r#"{{ concat (list 1) "x" }}"#,
            "Cannot concat type string as list",
        ),
        ("{{ append .Values.nothing 1 }}", "nil pointer"),
    ]);
}

#[test]
fn sprig_dicts() {
    table(&[
        (
            r#"{{ $d := dict "a" 1 "b" "x" }}{{ $d.a }}{{ $d.b }} {{ dict "k" }}"#,
            "1x map[k:]",
        ),
        (
            r#"{{ $d := dict "a" 1 }}{{ get $d "a" }}|{{ get $d "z" }}|"#,
            "1||",
        ),
        // `set` and `unset` change the dict itself, as on a Go map.
        (
            r#"{{ $d := dict "a" 1 }}{{ $_ := set $d "b" 2 }}{{ $d }} {{ $_ := unset $d "a" }}{{ $d }}"#,
            "map[a:1 b:2] map[b:2]",
        ),
        (
            r#"{{ set .Values.global "new" 1 | keys | sortAlpha | join "," }}"#,
            "empty,hub,list,map,new,proxy",
        ),
        (
            r#"{{ hasKey (dict "a" 1) "a" }} {{ hasKey (dict "a" 1) "b" }}"#,
            "true false",
        ),
        (
            r#"{{ pluck "a" (dict "a" 1) (dict "b" 2) (dict "a" 3) }}"#,
            "[1 3]",
        ),
        (
            r#"{{ keys (dict "b" 1 "a" 2) (dict "c" 3) | sortAlpha }}"#,
            "[a b c]",
        ),
        (
            r#"{{ pick (dict "a" 1 "b" 2 "c" 3) "a" "c" }}"#,
            "map[a:1 c:3]",
        ),
        (r#"{{ omit (dict "a" 1 "b" 2 "c" 3) "a" "c" }}"#, "map[b:2]"),
        (r#"{{ values (dict "a" 1 "b" 2) }}"#, "[1 2]"),
        (
            r#"{{ dig "a" "b" "d" (dict "a" (dict "b" "found")) }} {{ dig "a" "x" "d" (dict "a" (dict "b" 1)) }}"#,
            "found d",
        ),
        // `merge` keeps what the destination has; `mergeOverwrite` lets a non-empty source win.
        (
            r#"{{ $d := dict "a" 1 "n" (dict "x" 1) "e" "" }}{{ $_ := merge $d (dict "a" 2 "b" 3 "n" (dict "x" 2 "y" 2) "e" "f") }}{{ $d }}"#,
            "map[a:1 b:3 e:f n:map[x:1 y:2]]",
        ),
        (
            r#"{{ mergeOverwrite (dict "a" 1 "b" 1 "n" (dict "x" 1)) (dict "a" 2 "b" "" "n" (dict "y" 2)) }}"#,
            "map[a:2 b:1 n:map[x:1 y:2]]",
        ),
        (
            r#"{{ $d := dict "a" (dict "b" 1) }}{{ $c := deepCopy $d }}{{ $_ := set $c "z" 1 }}{{ $d }} {{ $c }}"#,
            "map[a:map[b:1]] map[a:map[b:1] z:1]",
        ),
        (
            r#"{{ toJson (dict "b" 1 "a" (list 1 "x")) }}"#,
            r#"{"a":[1,"x"],"b":1}"#,
        ),
    ]);
    fails(&[
        (r#"{{ get "x" "a" }}"#, "expected a map"),
        ("{{ dig \"a\" (dict) }}", "at least three"),
    ]);
}

#[test]
fn sprig_numbers() {
    table(&[
        (
            "{{ add 1 2 3 }} {{ add1 4 }} {{ sub 5 7 }} {{ mul 2 3 4 }} {{ div 7 2 }} {{ mod 7 3 }}",
            "6 5 -2 24 3 1",
        ),
        (r#"{{ add "3" 1.9 true }}"#, "5"),
        (
            r#"{{ int "0x1F" }} {{ int "010" }} {{ int64 "3.0" }} {{ int "abc" }} {{ int 3.9 }}"#,
            "31 8 3 0 3",
        ),
        (
            r#"{{ max 1 5 3 }} {{ biggest 2 9 }} {{ min 4 2 8 }}"#,
            "5 9 2",
        ),
        ("{{ maxf 1 2.5 2 }} {{ minf 1.5 0.5 }}", "2.5 0.5"),
        (
            "{{ addf 1.5 2 2 }} {{ add1f 1.5 }} {{ subf 10 1.5 2 }} {{ mulf 1.5 2 2 }} {{ divf 10 4 2 }}",
            "5.5 2.5 6.5 6 1.25",
        ),
        ("{{ addf 0.1 0.2 }}", "0.3"),
        (
            "{{ floor 123.9999 }} {{ ceil 123.001 }} {{ round 123.555555 3 }} {{ round 123.5 0 0.6 }}",
            "123 124 123.556 123",
        ),
        (
            r#"{{ float64 "1.5" }} {{ float64 3 }} {{ atoi "42" }} {{ atoi "x" }}"#,
            "1.5 3 42 0",
        ),
        (r#"{{ toDecimal "0777" }} {{ toDecimal "9" }}"#, "511 0"),
        ("{{ add .Values.global.proxy.statusPort 1 }}", "15021"),
        (
            "{{ biggest 1 2 3 345 5 6 7 }} {{ max 345 }} {{ maxf 1 2 3 345.7 5 6 7 }} {{ min 1 2 3 345 5 6 7 }} {{ minf 1.4 2 3 345.6 5 6 7 }}",
            "345 345 345.7 1 1.4",
        ),
        (
            r#"{{ 3 | add1 }} {{ 3.4 | add1f }} {{ 3 | add 1 2 }} {{ 3 | addf 1.5 2.2 }} {{ 4 | div 5 }} {{ 2 | divf 5 4 }} {{ 1 | mul "2" 3 "4" }} {{ 1.2 | mulf "2.4" 10 "4" }} {{ 3 | sub 14 }} {{ 3 | subf 4.5 1 }}"#,
            "4 4.4 6 6.7 1 0.625 24 115.2 11 0.5",
        ),
    ]);
    fails(&[
        ("{{ div 1 0 }}", "integer divide by zero"),
        ("{{ divf 1 0 }}", "division by 0"),
    ]);
}

#[test]
fn sprig_encodings_and_digests() {
    table(&[
        (
            r#"{{ b64enc "coffee" }} {{ b64dec "Y29mZmVl" }}"#,
            "Y29mZmVl coffee",
        ),
        (
            r#"{{ b64dec "!!" }}"#,
            "illegal base64 data at input byte 0",
        ),
        (
            r#"{{ b32enc "coffee" }} {{ b32dec "MNXWMZTFMU======" }}"#,
            "MNXWMZTFMU====== coffee",
        ),
        (
            r#"{{ toJson (dict "a" "<b>&") }} {{ toRawJson (dict "a" "<b>&") }}"#,
            r#"{"a":"\u003cb\u003e\u0026"} {"a":"<b>&"}"#,
        ),
        (
            r#"{{ toPrettyJson (dict "a" (list 1)) }}"#,
            "{\n  \"a\": [\n    1\n  ]\n}",
        ),
        (
            "{{ toJson .Values.nothing }} {{ mustToJson .Values.global.proxy.statusPort }}",
            "null 15020",
        ),
        (
            r#"{{ (fromJson "{\"a\":{\"b\":2}}").a.b }} {{ fromJson "nope" }}"#,
            "2 <no value>",
        ),
        (
            r#"{{ $m := fromJson "{\"a\":1}" }}{{ $_ := set $m "b" 2 }}{{ toJson $m }}"#,
            r#"{"a":1,"b":2}"#,
        ),
        (
            r#"{{ sha1sum "abc" }}"#,
            "a9993e364706816aba3e25717850c26c9cd0d89d",
        ),
        (
            r#"{{ sha256sum "abc" }}"#,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        ),
        (r#"{{ sha512sum "" | trunc 16 }}"#, "cf83e1357eefb8bd"),
        (
            r#"{{ adler32sum "Hello world!" }} {{ "abc" | adler32sum }}"#,
            "487130206 38600999",
        ),
    ]);
    fails(&[(r#"{{ mustFromJson "{" }}"#, "EOF")]);
}

#[test]
fn sprig_defaults_and_flow() {
    table(&[
        (
            r#"{{ default "d" .Values.nothing }} {{ default "d" "" }} {{ default "d" "v" }} {{ default 1 0 }}"#,
            "d d v 1",
        ),
        (
            "{{ empty .Values.nothing }} {{ empty 0 }} {{ empty list }} {{ empty (dict \"a\" 1) }} {{ empty false }}",
            "true true true false true",
        ),
        (
            r#"{{ coalesce .Values.nothing "" 0 "x" }} {{ coalesce 1 }} {{ coalesce }}"#,
            "x 1 <no value>",
        ),
        (
            r#"{{ all }} {{ any }} {{ "" | default "foo" }} {{ true | ternary "foo" "bar" }}"#,
            "true false foo foo",
        ),
        (
            r#"{{ all 1 "a" true }} {{ all 1 "" }} {{ any 0 "" "a" }} {{ any 0 .Values.nothing }}"#,
            "true false true false",
        ),
        (
            r#"{{ ternary "y" "n" true }} {{ true | ternary "y" "n" }} {{ ternary "y" "n" 0 }}"#,
            "y y n",
        ),
    ]);
    fails(&[(r#"{{ fail "stop here" }}"#, "stop here")]);
}

#[test]
fn sprig_types() {
    table(&[
        (
            r#"{{ typeOf 1 }} {{ typeOf "a" }} {{ typeOf .Values.global.proxy.big }} {{ typeOf true }} {{ typeOf (list) }} {{ typeOf (dict) }} {{ typeOf .Values.nothing }}"#,
            "int string float64 bool []interface {} map[string]interface {} <nil>",
        ),
        (
            r#"{{ typeIs "int" 1 }} {{ typeIs "string" 1 }} {{ typeIsLike "*int" 1 }} {{ typeIsLike "semver.Version" (semver "1.0.0") }}"#,
            "true false false true",
        ),
        (
            r#"{{ kindOf 1 }} {{ kindOf (list) }} {{ kindOf (dict) }} {{ kindOf .Values.nothing }} {{ kindIs "string" "x" }}"#,
            "int slice map invalid true",
        ),
        (
            r#"{{ deepEqual (list 1 (dict "a" 2)) (list 1 (dict "a" 2)) }} {{ deepEqual 1 1.0 }} {{ deepEqual "a" "b" }}"#,
            "true false false",
        ),
        (
            "{{ typeOf now }} {{ kindOf now }} {{ typeOf (semver \"1.0.0\") }} {{ kindOf (semver \"1.0.0\") }}",
            "time.Time struct *semver.Version ptr",
        ),
    ]);
}

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
    for name in super::UNSUPPORTED {
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
    use crate::core::gotemplate::translate;
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
    for name in super::FUNCTIONS {
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
    super::register(&mut env);
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
