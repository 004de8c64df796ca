//! Sprig's dict functions. A dict a template builds (`dict`, `pick`, `deepCopy`, ...) is
//! a Go map: `set`, `unset` and `merge` change it in place, so `$_ := set $d "k" "v"`
//! changes `$d` as in Go. Maps of the template data are read-only values here: on those
//! the functions return the changed copy.

use crate::gotemplate::value::{invalid, strval, truth};
use minijinja::value::{Enumerator, Object, ObjectRepr, Rest, Value as MjValue, ValueKind};
use minijinja::{Environment, Error};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// A map a template can change, shared by every variable holding it.
#[derive(Debug, Default)]
pub struct GoDict(Mutex<BTreeMap<String, MjValue>>);

impl GoDict {
    fn entries(&self) -> MutexGuard<'_, BTreeMap<String, MjValue>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Object for GoDict {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Map
    }

    fn get_value(self: &Arc<Self>, key: &MjValue) -> Option<MjValue> {
        self.entries().get(key.as_str()?).cloned()
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Values(self.entries().keys().map(MjValue::from).collect())
    }
}

/// A new dict of the entries.
pub fn new_dict(entries: BTreeMap<String, MjValue>) -> MjValue {
    MjValue::from_object(GoDict(Mutex::new(entries)))
}

/// A map argument's entries; nil is an empty map, anything else an error naming `what`.
pub fn dict_entries(v: &MjValue, what: &str) -> Result<BTreeMap<String, MjValue>, Error> {
    if let Some(d) = v.downcast_object_ref::<GoDict>() {
        return Ok(d.entries().clone());
    }
    match v.kind() {
        ValueKind::Map => v
            .try_iter()?
            .map(|k| Ok((strval(&k), v.get_item(&k)?)))
            .collect(),
        ValueKind::Undefined | ValueKind::None => Ok(BTreeMap::new()),
        other => Err(invalid(&format!(
            "{what}: expected a map[string]interface {{}}, got {other}"
        ))),
    }
}

/// Change `d` in place when it is a template's own dict, else return a changed copy.
fn update(
    d: &MjValue,
    what: &str,
    added: &[&MjValue],
    change: impl FnOnce(&mut BTreeMap<String, MjValue>),
) -> Result<MjValue, Error> {
    if let Some(own) = d.downcast_object::<GoDict>() {
        // A dict inside itself would make printing it recurse without end.
        if added.iter().any(|v| holds(v, &own)) {
            return Err(invalid(&format!("{what}: a dict cannot hold itself")));
        }
        change(&mut own.entries());
        return Ok(d.clone());
    }
    let mut entries = dict_entries(d, what)?;
    change(&mut entries);
    Ok(new_dict(entries))
}

/// Whether `v` is or contains the dict `target` (no dict holds itself, so this ends).
fn holds(v: &MjValue, target: &Arc<GoDict>) -> bool {
    if let Some(d) = v.downcast_object::<GoDict>() {
        return Arc::ptr_eq(&d, target) || d.entries().values().any(|x| holds(x, target));
    }
    match v.kind() {
        ValueKind::Seq | ValueKind::Map => v
            .try_iter()
            .map(|items| {
                items.into_iter().any(|k| {
                    let x = if v.kind() == ValueKind::Map {
                        v.get_item(&k).unwrap_or_default()
                    } else {
                        k
                    };
                    holds(&x, target)
                })
            })
            .unwrap_or(false),
        _ => false,
    }
}

/// A deep copy with every map a template's own dict.
pub fn deep_copy(v: &MjValue) -> Result<MjValue, Error> {
    Ok(match v.kind() {
        ValueKind::Map => new_dict(
            dict_entries(v, "deepCopy")?
                .into_iter()
                .map(|(k, x)| Ok((k, deep_copy(&x)?)))
                .collect::<Result<_, Error>>()?,
        ),
        ValueKind::Seq => MjValue::from(
            v.try_iter()?
                .map(|x| deep_copy(&x))
                .collect::<Result<Vec<_>, _>>()?,
        ),
        _ => v.clone(),
    })
}

/// mergo's `Merge` (`overwrite` false: fills what `dst` lacks or has empty) and
/// `MergeWithOverwrite` (a non-empty `src` value wins); maps in both merge deeply.
/// Merge `src` into `dst`, inside the template's own dicts `enclosing` (the innermost
/// last): no value merged in may hold one of them.
fn merge_into(
    dst: &mut BTreeMap<String, MjValue>,
    src: &BTreeMap<String, MjValue>,
    overwrite: bool,
    enclosing: &[Arc<GoDict>],
) -> Result<(), Error> {
    for (k, s) in src {
        match dst.get(k) {
            Some(d) if d.kind() == ValueKind::Map && s.kind() == ValueKind::Map => {
                let sm = dict_entries(s, "merge")?;
                // A template's own dict is merged into in place, as Go merges into the map.
                if let Some(own) = d.downcast_object::<GoDict>() {
                    let mut inner = enclosing.to_vec();
                    inner.push(own.clone());
                    merge_into(&mut own.entries(), &sm, overwrite, &inner)?;
                } else {
                    let mut dm = dict_entries(d, "merge")?;
                    merge_into(&mut dm, &sm, overwrite, enclosing)?;
                    dst.insert(k.clone(), new_dict(dm));
                }
            }
            Some(d) if truth(d) && !(overwrite && truth(s)) => {}
            _ => {
                if enclosing.iter().any(|e| holds(s, e)) {
                    return Err(invalid("merge: a dict cannot hold itself"));
                }
                dst.insert(k.clone(), s.clone());
            }
        }
    }
    Ok(())
}

fn merge(overwrite: bool) -> impl Fn(MjValue, Rest<MjValue>) -> Result<MjValue, Error> {
    move |dst: MjValue, srcs: Rest<MjValue>| {
        let entries: Vec<_> = srcs
            .iter()
            .map(|s| dict_entries(s, "merge"))
            .collect::<Result<_, _>>()?;
        let enclosing: Vec<Arc<GoDict>> = dst.downcast_object::<GoDict>().into_iter().collect();
        let mut failed = None;
        let merged = update(&dst, "merge", &[], |d| {
            failed = entries
                .iter()
                .find_map(|s| merge_into(d, s, overwrite, &enclosing).err());
        })?;
        failed.map_or(Ok(merged), Err)
    }
}

fn dig(args: Rest<MjValue>) -> Result<MjValue, Error> {
    if args.len() < 3 {
        return Err(invalid("dig needs at least three arguments"));
    }
    let (keys, rest) = args.split_at(args.len() - 2);
    let (default, mut cur) = (rest[0].clone(), rest[1].clone());
    for k in keys {
        let entries = dict_entries(&cur, "dig")?;
        match entries.get(&strval(k)) {
            Some(v) => cur = v.clone(),
            None => return Ok(default),
        }
    }
    Ok(cur)
}

pub(super) fn register_dicts(env: &mut Environment<'static>) {
    // `dict k1 v1 k2 v2 ...`; a key without a value maps to "".
    env.add_function("gt_dict", |args: Rest<MjValue>| {
        let entries = args
            .chunks(2)
            .map(|p| {
                (
                    strval(&p[0]),
                    p.get(1).cloned().unwrap_or(MjValue::from("")),
                )
            })
            .collect();
        new_dict(entries)
    });
    env.add_function(
        "gt_get",
        |d: MjValue, k: String| -> Result<MjValue, Error> {
            Ok(dict_entries(&d, "get")?
                .remove(&k)
                .unwrap_or(MjValue::from("")))
        },
    );
    env.add_function("gt_set", |d: MjValue, k: String, v: MjValue| {
        update(&d, "set", &[&v], |m| {
            m.insert(k, v.clone());
        })
    });
    env.add_function("gt_unset", |d: MjValue, k: String| {
        update(&d, "unset", &[], |m| {
            m.remove(&k);
        })
    });
    env.add_function(
        "gt_hasKey",
        |d: MjValue, k: String| -> Result<bool, Error> {
            Ok(dict_entries(&d, "hasKey")?.contains_key(&k))
        },
    );
    env.add_function(
        "gt_pluck",
        |k: String, ds: Rest<MjValue>| -> Result<MjValue, Error> {
            let mut out = vec![];
            for d in ds.iter() {
                out.extend(dict_entries(d, "pluck")?.remove(&k));
            }
            Ok(MjValue::from(out))
        },
    );
    env.add_function("gt_keys", |ds: Rest<MjValue>| -> Result<MjValue, Error> {
        let mut keys = vec![];
        for d in ds.iter() {
            keys.extend(dict_entries(d, "keys")?.into_keys());
        }
        Ok(MjValue::from(keys))
    });
    // Go's map order is random; these give the keys' order.
    env.add_function("gt_values", |d: MjValue| -> Result<MjValue, Error> {
        Ok(MjValue::from(
            dict_entries(&d, "values")?
                .into_values()
                .collect::<Vec<_>>(),
        ))
    });
    env.add_function(
        "gt_pick",
        |d: MjValue, ks: Rest<String>| -> Result<MjValue, Error> {
            let mut m = dict_entries(&d, "pick")?;
            m.retain(|k, _| ks.contains(k));
            Ok(new_dict(m))
        },
    );
    env.add_function(
        "gt_omit",
        |d: MjValue, ks: Rest<String>| -> Result<MjValue, Error> {
            let mut m = dict_entries(&d, "omit")?;
            m.retain(|k, _| !ks.contains(k));
            Ok(new_dict(m))
        },
    );
    for name in ["gt_merge", "gt_mustMerge"] {
        env.add_function(name, merge(false));
    }
    for name in ["gt_mergeOverwrite", "gt_mustMergeOverwrite"] {
        env.add_function(name, merge(true));
    }
    for name in ["gt_deepCopy", "gt_mustDeepCopy"] {
        env.add_function(name, |v: MjValue| deep_copy(&v));
    }
    env.add_function("gt_dig", dig);
}
