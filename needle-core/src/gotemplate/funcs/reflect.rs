//! Sprig's reflection: `typeOf`, `typeIs`, `typeIsLike`, `kindOf`, `kindIs`, `deepEqual`,
//! with the Go types template values have (data from JSON: `float64`, `string`, `bool`,
//! `[]interface {}`, `map[string]interface {}`; literals and integer results: `int`).

use crate::gotemplate::value::{deep_equal, go_kind, go_type};
use minijinja::Environment;
use minijinja::value::Value as MjValue;

pub(super) fn register_reflect(env: &mut Environment<'static>) {
    env.add_function("gt_typeOf", |v: MjValue| go_type(&v));
    env.add_function("gt_typeIs", |t: String, v: MjValue| go_type(&v) == t);
    env.add_function("gt_typeIsLike", |t: String, v: MjValue| {
        let got = go_type(&v);
        // Sprig: the type itself, or a pointer to it (`semver.Version` matches `*semver.Version`).
        t == got || got.strip_prefix('*') == Some(t.as_str())
    });
    env.add_function("gt_kindOf", |v: MjValue| go_kind(&v));
    env.add_function("gt_kindIs", |k: String, v: MjValue| go_kind(&v) == k);
    env.add_function("gt_deepEqual", |a: MjValue, b: MjValue| deep_equal(&a, &b));
}
