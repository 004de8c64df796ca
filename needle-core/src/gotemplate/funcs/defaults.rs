//! Sprig's defaults and flow control: `default`, `empty`, `coalesce`, `all`, `any`,
//! `ternary`, `fail`.

use crate::gotemplate::value::{invalid, truth};
use minijinja::value::{Rest, Value as MjValue};
use minijinja::{Environment, Error};

pub(super) fn register_defaults(env: &mut Environment<'static>) {
    // `default d v`: `v` when it is true in Go's sense, else `d` (`v` comes from the pipe).
    env.add_function(
        "gt_default",
        |d: MjValue, given: Rest<MjValue>| match given.first() {
            Some(v) if truth(v) => v.clone(),
            _ => d,
        },
    );
    env.add_function("gt_empty", |v: MjValue| !truth(&v));
    env.add_function("gt_coalesce", |args: Rest<MjValue>| {
        args.iter()
            .find(|a| truth(a))
            .cloned()
            .unwrap_or(MjValue::UNDEFINED)
    });
    env.add_function("gt_all", |args: Rest<MjValue>| args.iter().all(truth));
    env.add_function("gt_any", |args: Rest<MjValue>| args.iter().any(truth));
    env.add_function(
        "gt_ternary",
        |yes: MjValue, no: MjValue, cond: MjValue| {
            if truth(&cond) { yes } else { no }
        },
    );
}

pub(super) fn register_failures(env: &mut Environment<'static>) {
    env.add_function("gt_fail", |msg: String| -> Result<String, Error> {
        Err(invalid(&msg))
    });
}
