//! Sprig's dict functions.

use crate::core::gotemplate::value::{string_map, strval, to_json, to_template};
use minijinja::Environment;
use minijinja::value::{Rest, Value as MjValue};
use serde_json::{Map, Value};

pub(super) fn register_dicts(env: &mut Environment<'static>) {
    // `dict k1 v1 k2 v2 ...`; a key without a value maps to "".
    env.add_function("gt_dict", |args: Rest<MjValue>| {
        let mut m = Map::new();
        for pair in args.chunks(2) {
            let v = pair
                .get(1)
                .map(to_json)
                .unwrap_or(Value::String(String::new()));
            m.insert(strval(&pair[0]), v);
        }
        to_template(Value::Object(m))
    });
    env.add_function("gt_hasKey", |m: MjValue, k: String| {
        string_map(&m).contains_key(&k)
    });
    env.add_function("gt_keys", |maps: Rest<MjValue>| {
        let mut keys: Vec<String> = maps
            .iter()
            .flat_map(|m| string_map(m).into_iter().map(|(k, _)| k))
            .collect();
        keys.sort();
        MjValue::from(keys)
    });
}
