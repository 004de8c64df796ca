//! Sprig's list functions.

use crate::core::gotemplate::value::{eq, invalid, strval};
use minijinja::value::{Rest, Value as MjValue, ValueKind};
use minijinja::{Environment, Error};

pub(super) fn register_lists(env: &mut Environment<'static>) {
    env.add_function("gt_list", |args: Rest<MjValue>| MjValue::from(args.0));
    env.add_function("gt_append", append);
    env.add_function("gt_join", join);
    env.add_function("gt_first", |v: MjValue| -> Result<MjValue, Error> {
        Ok(match v.kind() {
            ValueKind::Seq => v.try_iter()?.next().unwrap_or(MjValue::from(())),
            _ => MjValue::from(()),
        })
    });
    env.add_function("gt_last", |v: MjValue| -> Result<MjValue, Error> {
        Ok(match v.kind() {
            ValueKind::Seq => v.try_iter()?.last().unwrap_or(MjValue::from(())),
            _ => MjValue::from(()),
        })
    });
    env.add_function(
        "gt_has",
        |needle: MjValue, list: MjValue| -> Result<bool, Error> {
            Ok(list.kind() == ValueKind::Seq && list.try_iter()?.any(|x| eq(&x, &needle)))
        },
    );
    env.add_function("gt_splitList", |sep: String, s: MjValue| {
        let parts: Vec<String> = strval(&s).split(sep.as_str()).map(str::to_string).collect();
        MjValue::from(parts)
    });
}

/// `append`: a new list with the value at the end; nil is an empty list.
fn append(list: MjValue, v: MjValue) -> Result<MjValue, Error> {
    let mut items: Vec<MjValue> = match list.kind() {
        ValueKind::Undefined | ValueKind::None => vec![],
        ValueKind::Seq => list.try_iter()?.collect(),
        other => return Err(invalid(&format!("cannot append to {other}"))),
    };
    items.push(v);
    Ok(MjValue::from(items))
}

/// `join`: the list's items printed and joined, nils left out; a single value printed.
fn join(sep: String, v: MjValue) -> Result<String, Error> {
    let parts: Vec<String> = match v.kind() {
        ValueKind::Seq => v
            .try_iter()?
            .filter(|x| !x.is_none() && !x.is_undefined())
            .map(|x| strval(&x))
            .collect(),
        ValueKind::Undefined | ValueKind::None => vec![],
        _ => vec![strval(&v)],
    };
    Ok(parts.join(&sep))
}
