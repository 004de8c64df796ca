//! A JSON tree converted once into template values whose maps are sorted lists: how
//! templates see what every pod of a snapshot shares (`values`, `mesh`, the ProxyConfig).
//!
//! minijinja's own map is an `IndexMap` with SipHash: a `sidecar` render reads about 80
//! fields of these maps, and each read built a key value and hashed it. A frozen map finds a
//! key by binary search by length first (`by_length_then_text`), and enumerates in serde_json's
//! order (sorted), the order minijinja's converted map kept, so templates cannot tell the two
//! apart. 13k instructions of a `hello` pod's 683k (BENCHMARKS.md).

use minijinja::value::{Enumerator, Object, ObjectExt, ObjectRepr, Serde, Value as MjValue};
use serde_json::Value;
use std::sync::Arc;

/// `value` as a template value: maps frozen, lists and scalars as minijinja converts them.
pub fn freeze(value: &Value) -> MjValue {
    match value {
        Value::Object(fields) => {
            let mut frozen: Vec<(Box<str>, MjValue)> = fields
                .iter()
                .map(|(k, v)| (k.as_str().into(), freeze(v)))
                .collect();
            frozen.sort_by(|a, b| by_length_then_text(&a.0, &b.0));
            let mut order: Vec<usize> = (0..frozen.len()).collect();
            order.sort_by(|&a, &b| frozen[a].0.cmp(&frozen[b].0));
            MjValue::from_object(FrozenMap {
                fields: frozen,
                order,
            })
        }
        Value::Array(items) => MjValue::from(items.iter().map(freeze).collect::<Vec<_>>()),
        scalar => MjValue::from(Serde(scalar)),
    }
}

/// The order a lookup searches in: keys mostly differ in length, and two lengths compare
/// without a call to `memcmp`, so most steps of the search read no key bytes.
fn by_length_then_text(a: &str, b: &str) -> std::cmp::Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

#[derive(Debug)]
struct FrozenMap {
    /// The fields, sorted for lookups (`by_length_then_text`).
    fields: Vec<(Box<str>, MjValue)>,
    /// Positions in `fields` in key order, the order serde_json and minijinja enumerate in.
    order: Vec<usize>,
}

impl Object for FrozenMap {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Map
    }

    fn get_value(self: &Arc<Self>, key: &MjValue) -> Option<MjValue> {
        self.get_value_by_str(key.as_str()?)
    }

    fn get_value_by_str(self: &Arc<Self>, key: &str) -> Option<MjValue> {
        let at = self
            .fields
            .binary_search_by(|(k, _)| by_length_then_text(k, key))
            .ok()?;
        Some(self.fields[at].1.clone())
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        self.mapped_rev_key_value_enumerator(|this| {
            Box::new(this.order.iter().map(|&at| {
                let (key, value) = &this.fields[at];
                (MjValue::from(&**key), value.clone())
            }))
        })
    }

    fn enumerator_len(self: &Arc<Self>) -> Option<usize> {
        Some(self.fields.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inject::json_view::tests::render_as_converted;
    use serde_json::json;

    /// Every way a template reads a frozen tree gives what minijinja's own conversion gives.
    #[test]
    fn templates_read_a_frozen_tree_as_the_converted_value() {
        let values = json!({
            "global": {"proxy": {"privileged": false, "statusPort": 15020, "resources": {"limits": {"cpu": "2"}},
                "holdApplicationUntilProxyStartsLongKey": true, "excludeIPRanges": ""},
                "imagePullSecrets": ["a", "b"], "ratio": 1.5, "none": null, "empty": {}},
            "b": "2", "a": "1",
        });
        let src = concat!(
            "{{ v }}|{{ v.global.proxy|tojson }}|{{ v.global.proxy|length }}|",
            "{% for k, x in v.global.proxy|items %}{{ k }}={{ x }},{% endfor %}|",
            "{% for k in v %}{{ k }};{% endfor %}|{% for k, x in v|dictsort %}{{ k }};{% endfor %}|",
            "{{ v.global.imagePullSecrets|reverse|join(',') }} {{ v.global.ratio * 2 }} {{ v.global.none is none }}|",
            "{{ v.global.proxy.holdApplicationUntilProxyStartsLongKey }} {{ v.global.proxy.statusPort + 1 }}|",
            "{{ v.global.empty is mapping }} {{ not v.global.empty }} {{ v.missing is undefined }} ",
            "{{ v['global']['proxy']['resources'].limits.cpu }} {{ 'a' in v }} {{ 'zz' in v }}|",
            "{{ v.global.proxy.excludeIPRanges or 'dflt' }} {{ {'a': '1', 'b': '2'} == {'a': v.a, 'b': v.b} }}",
            "{{ v.global.empty == {} }}",
        );
        let frozen = render_as_converted(src, "v", &values, freeze(&values));
        assert!(
            frozen.contains("|a;b;global;|a;b;global;|b,a 3.0 True|True 15021|True True True 2 True False|dflt TrueTrue"),
            "{frozen}"
        );
    }
}
