//! A JSON tree as minijinja reads it, looked up where it is: how templates see the pod.
//!
//! Converting a pod into minijinja's own values copies it into a second tree about half the
//! size of its `serde_json` one (31 MiB for a 5 MB pod), alive for the whole render. A view
//! converts only what a template reads, when it reads it. Maps and lists behave as
//! minijinja's own (the same repr, key order, lookups and enumeration), so templates cannot
//! tell the difference.

use minijinja::value::{Enumerator, Object, ObjectExt, ObjectRepr, Serde, Value as MjValue};
use serde_json::Value;
use std::sync::Arc;

/// One step from the root down to a viewed map or list.
#[derive(Debug, Clone)]
enum Step {
    Key(Arc<str>),
    Index(usize),
}

/// The map or list of `root` at `path` (the root never changes while a view of it lives, so
/// the path always leads somewhere).
pub struct JsonView {
    root: Arc<Value>,
    path: Vec<Step>,
}

impl std::fmt::Debug for JsonView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The path only: the root may be a pod of megabytes.
        f.debug_struct("JsonView")
            .field("path", &self.path)
            .finish()
    }
}

impl JsonView {
    /// `root` as a template value.
    pub fn of(root: Arc<Value>) -> MjValue {
        if root.is_object() || root.is_array() {
            MjValue::from_object(JsonView {
                root,
                path: Vec::new(),
            })
        } else {
            MjValue::from(Serde(&*root))
        }
    }

    /// The value viewed.
    pub fn value(&self) -> &Value {
        static NULL: Value = Value::Null;
        self.path
            .iter()
            .try_fold(&*self.root, |v, step| match step {
                Step::Key(k) => v.get(&**k),
                Step::Index(i) => v.get(*i),
            })
            .unwrap_or(&NULL)
    }

    /// The child `value` reached by `step`: a view of its own when it is a map or a list,
    /// else converted (the step is only made for a view: most reads are of scalars).
    fn child(&self, step: impl FnOnce() -> Step, value: &Value) -> MjValue {
        if !(value.is_object() || value.is_array()) {
            return MjValue::from(Serde(value));
        }
        let mut path = Vec::with_capacity(self.path.len() + 1);
        path.extend(self.path.iter().cloned());
        path.push(step());
        MjValue::from_object(JsonView {
            root: Arc::clone(&self.root),
            path,
        })
    }
}

impl Object for JsonView {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        if self.value().is_array() {
            ObjectRepr::Seq
        } else {
            ObjectRepr::Map
        }
    }

    fn get_value(self: &Arc<Self>, key: &MjValue) -> Option<MjValue> {
        match self.value() {
            Value::Object(_) => self.get_value_by_str(key.as_str()?),
            Value::Array(items) => {
                let i = key.as_usize()?;
                Some(self.child(|| Step::Index(i), items.get(i)?))
            }
            _ => None,
        }
    }

    fn get_value_by_str(self: &Arc<Self>, key: &str) -> Option<MjValue> {
        let (key, value) = self.value().as_object()?.get_key_value(key)?;
        Some(self.child(|| Step::Key(Arc::from(key.as_str())), value))
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        match self.value() {
            Value::Array(items) => Enumerator::Seq(items.len()),
            _ => self.mapped_rev_key_value_enumerator(|this| {
                let fields = this.value().as_object().into_iter().flatten();
                Box::new(fields.map(|(k, v)| {
                    let child = this.child(|| Step::Key(Arc::from(k.as_str())), v);
                    (MjValue::from(k.as_str()), child)
                }))
            }),
        }
    }

    fn enumerator_len(self: &Arc<Self>) -> Option<usize> {
        match self.value() {
            Value::Array(items) => Some(items.len()),
            Value::Object(fields) => Some(fields.len()),
            _ => Some(0),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use serde_json::json;

    /// `src` rendered with `name` as `ours`, a template value standing for `json`, checked to
    /// read exactly as minijinja's own conversion of `json` reads.
    pub(crate) fn render_as_converted(
        src: &str,
        name: &str,
        json: &Value,
        ours: MjValue,
    ) -> String {
        let env = minijinja::Environment::new();
        let render = |value: MjValue| {
            let ctx = std::collections::BTreeMap::from([(name.to_string(), value)]);
            env.render_str(src, MjValue::from_object(ctx)).unwrap()
        };
        let rendered = render(ours);
        assert_eq!(rendered, render(MjValue::from(Serde(json))));
        rendered
    }

    /// Every way a template reads a value gives what minijinja's own conversion gives.
    #[test]
    fn templates_read_a_view_as_the_converted_value() {
        let pod = json!({
            "metadata": {"name": "p", "labels": {"b": "2", "a": "1"}, "annotations": {}},
            "spec": {"containers": [{"name": "app", "ports": [{"containerPort": 8080}]},
                {"name": "x", "args": [1.5, -3], "flags": [true, null]}]},
        });
        let src = concat!(
            "{{ pod }}|{{ pod.metadata.labels|tojson }}|{{ pod.metadata.labels|length }}|",
            "{% for k, v in pod.metadata.labels|items %}{{ k }}={{ v }},{% endfor %}|",
            "{% for k in pod.metadata.labels %}{{ k }};{% endfor %}|",
            "{% for c in pod.spec.containers|reverse %}{{ c.name }} {% endfor %}|",
            "{{ pod.spec.containers[-1].args }} {{ pod.spec.containers[1].flags }}|{{ pod.spec.containers[0].ports[0].containerPort + 1 }}|",
            "{{ pod.metadata.annotations is mapping }} {{ not pod.metadata.annotations }} ",
            "{{ pod.spec.containers is sequence }} {{ pod.missing is undefined }} ",
            "{{ pod.spec.containers[7] is undefined }} {{ pod['spec']['containers'][1]['name'] }}|",
            "{{ pod.metadata.labels == {'a': '1', 'b': '2'} }} {{ pod.spec.containers[1].args|sum }}",
        );
        let viewed = render_as_converted(src, "pod", &pod, JsonView::of(Arc::new(pod.clone())));
        assert!(
            viewed.contains(r#"{"a": "1", "b": "2"}|2|a=1,b=2,|a;b;|x app |[1.5, -3] [True, None]|8081|True True True True True x|True -1.5"#),
            "{viewed}"
        );
    }
}
