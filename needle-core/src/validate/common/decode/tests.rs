//! Tests of `decode`.

use super::*;
use serde::Deserialize;
use serde_json::json;

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Inner {
    port: Option<u32>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Outer {
    name: Option<String>,
    #[serde(default)]
    items: Vec<Inner>,
}

#[test]
fn unknown_fields_are_ignored_like_istio() {
    let v: Outer =
        decode(&json!({"name": "a", "typo": 1, "items": [{"port": 1, "x": {}}]})).unwrap();
    assert_eq!(
        v,
        Outer {
            name: Some("a".into()),
            items: vec![Inner { port: Some(1) }]
        }
    );
}

#[test]
fn wrong_types_name_the_field() {
    let err = decode::<Outer>(&json!({"items": [{"port": "eighty"}]})).unwrap_err();
    assert!(err.starts_with("items[0].port: "), "{err}");
    assert!(
        decode::<Outer>(&json!({"items": [[1]]})).is_err(),
        "messages must be objects"
    );
}

#[test]
fn numbers_may_be_quoted_as_in_protobuf_json() {
    let v: Outer = decode(&json!({"items": [{"port": "80"}, {"port": 81}]})).unwrap();
    assert_eq!(
        v.items,
        vec![Inner { port: Some(80) }, Inner { port: Some(81) }]
    );
    let v: Outer = decode(&json!({"items": [{"port": " 80 "}]})).unwrap();
    assert_eq!(
        v.items,
        vec![Inner { port: Some(80) }],
        "spaces are allowed"
    );
    for bad in [
        "\t80",
        "80\n",
        "eighty",
        "",
        "8e1",
        "80.0",
        "+80",
        "-1",
        "4294967296",
        "080",
        "0x50",
    ] {
        let err = decode::<Outer>(&json!({"items": [{"port": bad}]})).unwrap_err();
        assert!(
            err.starts_with("items[0].port: invalid value"),
            "{bad}: {err}"
        );
    }
}

#[test]
fn null_elements_are_empty_messages() {
    let v: Outer = decode(&json!({"items": [null, {"port": 1}]})).unwrap();
    assert_eq!(v.items, vec![Inner { port: None }, Inner { port: Some(1) }]);
    let labels: std::collections::BTreeMap<String, String> =
        decode(&json!({"a": null, "b": "x"})).unwrap();
    assert_eq!(labels["a"], "");
    let ports: Vec<Option<u32>> = decode(&json!([null, 8080])).unwrap();
    assert_eq!(ports, [Some(0), Some(8080)], "an element is never nil");
    let absent: Outer = decode(&json!({"items": [{"port": null}]})).unwrap();
    assert_eq!(absent.items, vec![Inner { port: None }], "a field is");
}

#[derive(Debug, Deserialize, PartialEq)]
#[allow(clippy::upper_case_acronyms)]
enum Resolution {
    NONE,
    STATIC,
    DNS,
}

#[test]
fn enums_are_names_or_numbers() {
    let v: Vec<Resolution> = decode(&json!(["DNS", 1, 0])).unwrap();
    assert_eq!(v, [Resolution::DNS, Resolution::STATIC, Resolution::NONE]);
    let err = decode::<Vec<Resolution>>(&json!([7])).unwrap_err();
    assert_eq!(
        err,
        "[0]: unknown enum number 7, expected one of NONE, STATIC, DNS"
    );
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(rename = "istio.test.Mode")]
enum Mode {
    #[serde(rename = "UNSET")]
    Unset,
    #[serde(rename = "STRICT")]
    Strict,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct WithMode {
    mode: Option<Mode>,
    ports: Option<std::collections::BTreeMap<u32, String>>,
}

#[test]
fn proto_enum_errors_are_worded_as_istio_words_them() {
    let err = |v: Value| decode::<WithMode>(&v).unwrap_err();
    assert_eq!(
        err(json!({"mode": "BLAH"})),
        "unknown value \"\\\"BLAH\\\"\" for enum istio.test.Mode (at mode)"
    );
    assert_eq!(
        err(json!({"mode": "<a>"})),
        "unknown value \"\\\"\\\\u003ca\\\\u003e\\\"\" for enum istio.test.Mode (at mode)",
        "the value as Go's json.Marshal escapes it, quoted again"
    );
    assert_eq!(
        err(json!({"mode": true})),
        "json: cannot unmarshal bool into Go value of type protoreflect.EnumNumber (at mode)"
    );
    assert_eq!(
        decode::<WithMode>(&json!({"mode": "STRICT"})).unwrap().mode,
        Some(Mode::Strict)
    );
}

#[test]
fn integer_map_keys_are_read_as_go_reads_them() {
    let ports = |v: Value| decode::<WithMode>(&json!({"ports": v})).map(|w| w.ports.unwrap());
    assert_eq!(ports(json!({"80": "a", "\"81\"": "b"})).unwrap().len(), 2);
    assert_eq!(
        ports(json!({"acd": "a"})).unwrap_err(),
        "invalid character 'a' looking for beginning of value (at ports)"
    );
    assert_eq!(
        ports(json!({"-1": "a"})).unwrap_err(),
        "json: cannot unmarshal number -1 into Go value of type uint32 (at ports)"
    );
    assert_eq!(
        ports(json!({"null": "a"})).unwrap()[&0],
        "a",
        "as in Go, port 0"
    );
}

#[test]
fn null_is_the_default() {
    let v: Outer = decode(&json!({"name": null, "items": null})).unwrap();
    assert_eq!(
        v,
        Outer {
            name: None,
            items: vec![]
        }
    );
}
