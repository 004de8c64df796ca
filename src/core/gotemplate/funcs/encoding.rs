//! Sprig's encodings: base64 and `toJson`.

use crate::core::gotemplate::value::{go_json, strval, to_json};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use minijinja::Environment;
use minijinja::value::Value as MjValue;
use serde_json::Value;

pub(super) fn register_encoding(env: &mut Environment<'static>) {
    env.add_function("gt_b64enc", |s: MjValue| STANDARD.encode(strval(&s)));
    // Text that is not base64 of UTF-8 decodes to "".
    env.add_function("gt_b64dec", |s: MjValue| {
        STANDARD
            .decode(strval(&s))
            .ok()
            .and_then(|b| String::from_utf8(b).ok())
            .unwrap_or_default()
    });
    // Sprig's `toJson` prints nil as `null` (Istio's `toJSON` prints `{}`).
    env.add_function("gt_toJson", |v: MjValue| match to_json(&v) {
        Value::Null => "null".to_string(),
        other => go_json(&other),
    });
}
