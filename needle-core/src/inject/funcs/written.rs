//! What Istio's YAML reader makes of a value that a stock template from before the quoting fix
//! (istio#61215) wrote unquoted: as a list item (`- --proxyLogLevel={{ … }}`), as a mapping
//! value (`name: {{ … }}`) or between double quotes without escaping it (`image: "{{ … }}"`).
//! An ordinary value reads as itself; `debug: x` in a list item is a mapping, `123` as a
//! mapping value a number, and `a"b` between quotes no YAML at all. needle's JSON templates
//! write the value as it reads, so they give the pod (or the failure) that release's text
//! gives. The text is read with the reader that reads translated templates' YAML.

use crate::compat::yaml::{self, DuplicateKeys};
use serde_json::Value;

/// Where the template wrote the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// `- TEXT`
    Item,
    /// `key: TEXT`
    Value,
    /// `key: "TEXT"`
    InQuotes,
}

impl Written {
    pub fn named(name: &str) -> Option<Written> {
        match name {
            "item" => Some(Written::Item),
            "value" => Some(Written::Value),
            "in_quotes" => Some(Written::InQuotes),
            _ => None,
        }
    }
}

/// What the YAML reader makes of `text` written there; `None` when it reads as `text` itself
/// (most values: found without reading any YAML). `Err` has the reader's message.
pub fn read_as_written(text: &str, written: Written) -> Result<Option<Value>, String> {
    if reads_as_itself(text, written) {
        return Ok(None);
    }
    let document = match written {
        Written::Item => format!("- {text}\n"),
        Written::Value => format!("k: {text}\n"),
        Written::InQuotes => format!("k: \"{text}\"\n"),
    };
    let read = yaml::parse_one_with(&document, DuplicateKeys::LastWins)
        .map_err(|e| format!("{text:?} written unquoted: {e}"))?;
    let value = match written {
        Written::Item => read.get(0),
        Written::Value | Written::InQuotes => read.get("k"),
    };
    Ok(Some(value.cloned().unwrap_or(Value::Null)))
}

/// Whether `text` surely reads as itself there: between quotes, without a quote, a backslash
/// or a control character; bare, a flag (`--name=value`) or a word of more than five
/// characters that starts with a letter (longer than every YAML keyword such as `false`), with
/// no character that YAML gives a meaning (a blank, `#`, quotes, brackets...) and no `:` at
/// its end. Anything else is read.
fn reads_as_itself(text: &str, written: Written) -> bool {
    match written {
        Written::InQuotes => !text
            .chars()
            .any(|c| c == '"' || c == '\\' || c.is_control()),
        Written::Item | Written::Value => {
            let starts_plain = text.starts_with("--")
                || (text.len() > 5 && text.starts_with(|c: char| c.is_ascii_alphabetic()));
            starts_plain
                && !text.ends_with(':')
                && text
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,@+".contains(&b))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(text: &str, written: Written) -> Result<Value, String> {
        read_as_written(text, written).map(|v| v.unwrap_or_else(|| json!(text)))
    }

    #[test]
    fn ordinary_values_read_as_themselves_without_reading_yaml() {
        for (text, written) in [
            ("--proxyLogLevel=warning", Written::Item),
            (
                "--proxyComponentLogLevel=misc:error,upstream:debug",
                Written::Item,
            ),
            ("my-bootstrap", Written::Value),
            ("docker.io/istio/proxyv2:1.30.3", Written::InQuotes),
            ("example.com/istio/proxyv2@sha256:abc", Written::InQuotes),
        ] {
            assert_eq!(read_as_written(text, written), Ok(None), "{text}");
        }
    }

    #[test]
    fn other_values_read_as_yaml_reads_them_there() {
        assert_eq!(
            read("--proxyLogLevel=debug: x", Written::Item),
            Ok(json!({"--proxyLogLevel=debug": "x"}))
        );
        assert_eq!(
            read("--proxyLogLevel=debug #x", Written::Item),
            Ok(json!("--proxyLogLevel=debug"))
        );
        assert_eq!(read("123", Written::Value), Ok(json!(123)));
        assert_eq!(read("true", Written::Value), Ok(json!(true)));
        assert_eq!(read("cm", Written::Value), Ok(json!("cm")));
        assert_eq!(read("", Written::Value), Ok(Value::Null));
        assert_eq!(read("a\\x41b", Written::InQuotes), Ok(json!("aAb")));
        assert!(read("a: b", Written::Value).is_err());
        let err = read("a\"b", Written::InQuotes).unwrap_err();
        assert!(
            err.starts_with("\"a\\\"b\" written unquoted: invalid YAML"),
            "{err}"
        );
    }
}
