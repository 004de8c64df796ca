//! Sprig's list functions. The `must` forms are the same functions: where Sprig's plain
//! form panics, Go's template turns the panic into the same error the `must` form returns.

use crate::gotemplate::value::{deep_equal, go_kind, int_arg, invalid, list_items, truth};
use minijinja::value::{Rest, Value as MjValue, ValueKind};
use minijinja::{Environment, Error};

/// What a Sprig function returning a nil `interface{}` gives: Go's pipeline drops the
/// interface, so an action prints it as `<no value>` (while an argument is still nil).
fn nil() -> MjValue {
    MjValue::UNDEFINED
}

fn list(items: Vec<MjValue>) -> MjValue {
    MjValue::from(items)
}

fn push(l: MjValue, v: MjValue) -> Result<MjValue, Error> {
    let mut items = list_items(&l, "Cannot push")?;
    items.push(v);
    Ok(list(items))
}

fn prepend(l: MjValue, v: MjValue) -> Result<MjValue, Error> {
    let mut items = list_items(&l, "Cannot prepend")?;
    items.insert(0, v);
    Ok(list(items))
}

fn first(l: MjValue) -> Result<MjValue, Error> {
    Ok(list_items(&l, "Cannot find first")?
        .into_iter()
        .next()
        .unwrap_or_else(nil))
}

fn last(l: MjValue) -> Result<MjValue, Error> {
    Ok(list_items(&l, "Cannot find last")?
        .pop()
        .unwrap_or_else(nil))
}

/// `rest` and `initial`: all but the first / last item (a nil `[]interface{}`, printed
/// `[]`, for an empty list).
fn rest(l: MjValue) -> Result<MjValue, Error> {
    let items = list_items(&l, "Cannot find rest")?;
    Ok(list(items.get(1..).unwrap_or_default().to_vec()))
}

fn initial(l: MjValue) -> Result<MjValue, Error> {
    let items = list_items(&l, "Cannot find initial")?;
    let keep = items.len().saturating_sub(1);
    Ok(list(items[..keep].to_vec()))
}

fn reverse(l: MjValue) -> Result<MjValue, Error> {
    let mut items = list_items(&l, "Cannot find reverse")?;
    items.reverse();
    Ok(list(items))
}

fn uniq(l: MjValue) -> Result<MjValue, Error> {
    let mut out: Vec<MjValue> = vec![];
    for x in list_items(&l, "Cannot find uniq")? {
        if !out.iter().any(|o| deep_equal(o, &x)) {
            out.push(x);
        }
    }
    Ok(list(out))
}

fn without(l: MjValue, omit: Rest<MjValue>) -> Result<MjValue, Error> {
    let items = list_items(&l, "Cannot find without")?;
    Ok(list(
        items
            .into_iter()
            .filter(|x| !omit.iter().any(|o| deep_equal(o, x)))
            .collect(),
    ))
}

/// `has`: whether the list holds the value; nil holds nothing.
fn has(needle: MjValue, l: MjValue) -> Result<bool, Error> {
    if l.is_undefined() || l.is_none() {
        return Ok(false);
    }
    Ok(list_items(&l, "Cannot find has")?
        .iter()
        .any(|x| deep_equal(x, &needle)))
}

fn compact(l: MjValue) -> Result<MjValue, Error> {
    let items = list_items(&l, "Cannot compact")?;
    Ok(list(items.into_iter().filter(truth).collect()))
}

/// `slice list [start [end]]`: Go's `list[start:end]`; nil for an empty list.
fn slice(l: MjValue, indices: Rest<MjValue>) -> Result<MjValue, Error> {
    if !matches!(l.kind(), ValueKind::Seq | ValueKind::Iterable) {
        return Err(invalid(&format!(
            "list should be type of slice or array but {}",
            go_kind(&l)
        )));
    }
    let items = list_items(&l, "slice")?;
    if items.is_empty() {
        return Ok(nil());
    }
    let len = items.len() as i64;
    let start = indices.first().map(int_arg).transpose()?.unwrap_or(0);
    let end = indices.get(1).map(int_arg).transpose()?.unwrap_or(len);
    if start < 0 || end < start || end > len {
        return Err(invalid(&format!(
            "reflect: slice index out of range [{start}:{end}] with length {len}"
        )));
    }
    Ok(list(items[start as usize..end as usize].to_vec()))
}

fn concat(lists: Rest<MjValue>) -> Result<MjValue, Error> {
    let mut out = vec![];
    for l in lists.iter() {
        if !matches!(l.kind(), ValueKind::Seq | ValueKind::Iterable) {
            return Err(invalid(&format!(
                "Cannot concat type {} as list",
                go_kind(l)
            )));
        }
        out.extend(l.try_iter()?);
    }
    Ok(list(out))
}

fn chunk(size: MjValue, l: MjValue) -> Result<MjValue, Error> {
    let size = int_arg(&size)?;
    let items = list_items(&l, "Cannot chunk type")?;
    if size <= 0 {
        return Err(invalid("chunk: the size must be positive"));
    }
    Ok(list(
        items
            .chunks(size as usize)
            .map(|c| list(c.to_vec()))
            .collect(),
    ))
}

/// `until n` and `untilStep start stop step`: the integers from `start` towards `stop`.
fn until_step(start: i64, stop: i64, step: i64) -> Result<Vec<i64>, Error> {
    const MAX_ITEMS: u128 = 100_000;
    if (stop > start && step <= 0) || (stop < start && step >= 0) || stop == start {
        return Ok(vec![]);
    }
    let span = (i128::from(stop) - i128::from(start)).unsigned_abs();
    let count = span.div_ceil(u128::from(step.unsigned_abs()));
    if count > MAX_ITEMS {
        return Err(invalid(&format!(
            "a list of {count} integers: needle allows {MAX_ITEMS}"
        )));
    }
    Ok((0..count as i128)
        .map(|i| (i128::from(start) + i * i128::from(step)) as i64)
        .collect())
}

pub(super) fn until(n: MjValue) -> Result<Vec<i64>, Error> {
    let n = int_arg(&n)?;
    until_step(0, n, if n < 0 { -1 } else { 1 })
}

/// Sprig's `seq`, as the `seq` command counts: `seq end`, `seq start end`,
/// `seq start step end`, joined by spaces.
fn seq(args: Rest<MjValue>) -> Result<String, Error> {
    let n: Vec<i64> = args.iter().map(int_arg).collect::<Result<_, _>>()?;
    let dir = |start: i64, end: i64| if end < start { -1 } else { 1 };
    // The end is inclusive: one step past it, saturated at the integers' ends.
    let past = |end: i64, by: i64| end.saturating_add(by);
    let items = match n.as_slice() {
        [end] => until_step(1, past(*end, dir(1, *end)), dir(1, *end))?,
        [start, end] => until_step(*start, past(*end, dir(*start, *end)), dir(*start, *end))?,
        [start, step, end] => {
            if end < start && *step > 0 {
                vec![]
            } else {
                until_step(*start, past(*end, dir(*start, *end)), *step)?
            }
        }
        _ => vec![],
    };
    let parts: Vec<String> = items.iter().map(i64::to_string).collect();
    Ok(parts.join(" "))
}

/// A function of one list.
type ListFn = fn(MjValue) -> Result<MjValue, Error>;

pub(super) fn register_lists(env: &mut Environment<'static>) {
    for name in ["gt_list", "gt_tuple"] {
        env.add_function(name, |args: Rest<MjValue>| MjValue::from(args.0));
    }
    for name in ["gt_append", "gt_push", "gt_mustAppend", "gt_mustPush"] {
        env.add_function(name, push);
    }
    let pairs: [(&str, &str, ListFn); 7] = [
        ("gt_first", "gt_mustFirst", first),
        ("gt_last", "gt_mustLast", last),
        ("gt_rest", "gt_mustRest", rest),
        ("gt_initial", "gt_mustInitial", initial),
        ("gt_reverse", "gt_mustReverse", reverse),
        ("gt_uniq", "gt_mustUniq", uniq),
        ("gt_compact", "gt_mustCompact", compact),
    ];
    for (plain, must, f) in pairs {
        env.add_function(plain, f);
        env.add_function(must, f);
    }
    for name in ["gt_prepend", "gt_mustPrepend"] {
        env.add_function(name, prepend);
    }
    for name in ["gt_without", "gt_mustWithout"] {
        env.add_function(name, without);
    }
    for name in ["gt_has", "gt_mustHas"] {
        env.add_function(name, has);
    }
    for name in ["gt_slice", "gt_mustSlice"] {
        env.add_function(name, slice);
    }
    for name in ["gt_chunk", "gt_mustChunk"] {
        env.add_function(name, chunk);
    }
    env.add_function("gt_concat", concat);
    env.add_function("gt_until", until);
    env.add_function(
        "gt_untilStep",
        |a: MjValue, b: MjValue, c: MjValue| -> Result<Vec<i64>, Error> {
            until_step(int_arg(&a)?, int_arg(&b)?, int_arg(&c)?)
        },
    );
    env.add_function("gt_seq", seq);
}
