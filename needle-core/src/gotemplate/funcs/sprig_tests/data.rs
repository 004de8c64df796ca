//! Lists, dicts, numbers, encodings and digests, defaults and flow, types.

use super::*;

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
        // A quoted string's escapes, as Go's strconv.Unquote reads them.
        (
            r#"{{ "A\x41\101\u00e9\U0001F600\a\"\\" | toJson }}"#,
            r#""AAAé😀\u0007\"\\""#,
        ),
        // Go's json.Marshal: U+2028 escaped in the raw form too, floats as Go prints them.
        (
            "{{ toRawJson (list \"a\u{2028}<\" 1.5 1e21 0.0000001 2.0) }} {{ toPrettyJson (dict) }}",
            r#"["a\u2028<",1.5,1e+21,1e-7,2] {}"#,
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
