//! The Sprig and Istio functions of translated templates (Go's own builtins are in
//! `funcs`), registered as `gt_<name>`.

use super::funcs::{go_quote, indent};
use super::value::{
    eq, field, go_floats, go_json, int_arg, invalid, string_map, strval, to_json, to_template,
    truth,
};
use crate::core::compat::gofmt;
use crate::core::inject::render;
use minijinja::value::{Rest, Value as MjValue, ValueKind};
use minijinja::{Environment, Error, State};
use serde_json::{Map, Value};

/// Go's `time.Duration.String` of a protobuf JSON duration (`"23s"`, `"1.5s"`).
pub fn format_duration(v: &MjValue) -> String {
    let text = match to_json(v) {
        Value::String(s) => s,
        Value::Number(n) => format!("{}s", n),
        _ => return "0s".into(),
    };
    match crate::core::compat::gofmt::parse_go_duration(&text) {
        Ok(nanos) => crate::core::compat::gofmt::format_go_duration(nanos),
        Err(_) => text,
    }
}

fn container_ports(containers: &MjValue, skip_proxy: bool) -> String {
    let mut parts = Vec::new();
    for c in to_json(containers).as_array().into_iter().flatten() {
        if skip_proxy && c.get("name").and_then(Value::as_str) == Some("istio-proxy") {
            continue;
        }
        for p in c
            .get("ports")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let proto = p.get("protocol").and_then(Value::as_str).unwrap_or("");
            if proto == "UDP" || proto == "SCTP" {
                continue;
            }
            parts.push(gofmt::sprint(
                p.get("containerPort").unwrap_or(&Value::from(0)),
            ));
        }
    }
    parts.join(",")
}

/// Register every `gt_*` function on the environment.
/// Register the Sprig and Istio functions.
pub(super) fn register(env: &mut Environment<'static>) {
    // Sprig
    env.add_function(
        "gt_default",
        |d: MjValue, given: Rest<MjValue>| match given.first() {
            Some(v) if truth(v) => v.clone(),
            _ => d,
        },
    );
    env.add_function("gt_empty", |v: MjValue| !truth(&v));
    env.add_function("gt_quote", |args: Rest<MjValue>| {
        args.iter()
            .filter(|a| !a.is_undefined() && !a.is_none())
            .map(|a| go_quote(&strval(a)))
            .collect::<Vec<_>>()
            .join(" ")
    });
    env.add_function("gt_list", |args: Rest<MjValue>| MjValue::from(args.0));
    env.add_function(
        "gt_append",
        |list: MjValue, v: MjValue| -> Result<MjValue, Error> {
            let mut items: Vec<MjValue> = match list.kind() {
                ValueKind::Undefined | ValueKind::None => vec![],
                ValueKind::Seq => list.try_iter()?.collect(),
                other => return Err(invalid(&format!("cannot append to {other}"))),
            };
            items.push(v);
            Ok(MjValue::from(items))
        },
    );
    env.add_function(
        "gt_join",
        |sep: String, v: MjValue| -> Result<String, Error> {
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
        },
    );
    env.add_function(
        "gt_trunc",
        |n: MjValue, s: MjValue| -> Result<String, Error> {
            let (n, s) = (int_arg(&n)?, strval(&s));
            Ok(if n < 0 {
                let start = s.len() as i64 + n;
                if start > 0 {
                    let mut st = start as usize;
                    while !s.is_char_boundary(st) {
                        st += 1;
                    }
                    s[st..].to_string()
                } else {
                    s
                }
            } else {
                render::go_trunc(&s, n as usize)
            })
        },
    );
    env.add_function("gt_trimAll", |cut: String, s: MjValue| {
        strval(&s).trim_matches(|c| cut.contains(c)).to_string()
    });
    env.add_function("gt_trim", |s: MjValue| strval(&s).trim().to_string());
    env.add_function("gt_trimPrefix", |p: String, s: MjValue| {
        let s = strval(&s);
        s.strip_prefix(p.as_str()).unwrap_or(&s).to_string()
    });
    env.add_function("gt_trimSuffix", |p: String, s: MjValue| {
        let s = strval(&s);
        s.strip_suffix(p.as_str()).unwrap_or(&s).to_string()
    });
    env.add_function("gt_hasPrefix", |p: String, s: MjValue| {
        strval(&s).starts_with(&p)
    });
    env.add_function("gt_hasSuffix", |p: String, s: MjValue| {
        strval(&s).ends_with(&p)
    });
    env.add_function("gt_replace", |old: String, new: String, s: MjValue| {
        strval(&s).replace(&old, &new)
    });
    env.add_function("gt_lower", |s: MjValue| strval(&s).to_lowercase());
    env.add_function("gt_toLower", |s: MjValue| strval(&s).to_lowercase());
    env.add_function("gt_upper", |s: MjValue| strval(&s).to_uppercase());
    env.add_function("gt_toUpper", |s: MjValue| strval(&s).to_uppercase());
    env.add_function("gt_toString", |s: MjValue| strval(&s));
    env.add_function("gt_contains", |needle: String, hay: MjValue| {
        strval(&hay).contains(&needle)
    });
    env.add_function(
        "gt_nindent",
        |n: MjValue, s: MjValue| -> Result<String, Error> {
            let pad = " ".repeat(int_arg(&n)?.max(0) as usize);
            Ok(format!(
                "\n{pad}{}",
                strval(&s).replace('\n', &format!("\n{pad}"))
            ))
        },
    );
    env.add_function(
        "gt_indent",
        |n: MjValue, s: MjValue| -> Result<String, Error> {
            Ok(indent(int_arg(&n)?.max(0) as usize, &strval(&s)))
        },
    );
    env.add_function("gt_toYaml", |v: MjValue| super::yaml::to_yaml(&to_json(&v)));
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
    // Istio
    env.add_function(
        "gt_annotation",
        |meta: MjValue, name: String, default: MjValue| {
            let annos = field(&meta, "annotations");
            match annos.get_attr(&name) {
                Ok(v) if !v.is_undefined() => strval(&v),
                _ => strval(&default),
            }
        },
    );
    env.add_function("gt_isset", |m: MjValue, key: String| {
        m.kind() == ValueKind::Map && m.get_attr(&key).is_ok_and(|v| !v.is_undefined())
    });
    env.add_function("gt_valueOrDefault", |v: MjValue, d: MjValue| {
        if v.is_undefined() || v.is_none() || v.as_str() == Some("") {
            d
        } else {
            v
        }
    });
    env.add_function("gt_omitNil", |v: MjValue| {
        to_template(render::omit_nil(&to_json(&v)))
    });
    env.add_function("gt_fromJSON", |s: String| {
        serde_json::from_str::<Value>(&s)
            .map(|v| to_template(go_floats(&v)))
            .unwrap_or_else(|_| MjValue::from("{}"))
    });
    let to_json_text = |v: MjValue| match to_json(&v) {
        Value::Null => "{}".to_string(),
        other => go_json(&other),
    };
    env.add_function("gt_structToJSON", to_json_text);
    env.add_function("gt_toJSON", to_json_text);
    env.add_function(
        "gt_protoToJSON",
        move |state: &State, v: MjValue| match state
            .lookup("proxy_config_json")
            .and_then(|p| p.as_str().map(str::to_string))
        {
            Some(p) => p,
            None => to_json_text(v),
        },
    );
    env.add_function("gt_excludeInboundPort", |port: MjValue, list: MjValue| {
        render::exclude_inbound_port(&strval(&port), &strval(&list))
    });
    env.add_function(
        "gt_appendMultusNetwork",
        |existing: MjValue, net: String| render::append_multus_network(&strval(&existing), &net),
    );
    env.add_function("gt_applicationPorts", |c: MjValue| {
        container_ports(&c, true)
    });
    env.add_function("gt_includeInboundPorts", |c: MjValue| {
        container_ports(&c, false)
    });
    env.add_function("gt_kubevirtInterfaces", |s: MjValue| strval(&s));
    env.add_function("gt_excludeInterfaces", |s: MjValue| strval(&s));
    env.add_function("gt_directory", |p: MjValue| {
        let p = strval(&p);
        match p.rfind('/') {
            Some(i) => p[..=i].to_string(),
            None => String::new(),
        }
    });
    // Istio's `env` reads istiod's environment; needle's is captured into the snapshot when
    // the config loads (`environment` in the shared context), so rendering reads no process state.
    env.add_function("gt_env", |state: &State, key: String, default: String| {
        state
            .lookup("environment")
            .and_then(|e| e.get_attr(&key).ok())
            .and_then(|v| v.as_str().map(str::to_string))
            .filter(|v| !v.is_empty())
            .unwrap_or(default)
    });
    env.add_function("gt_strdict", |args: Rest<MjValue>| {
        let mut m = Map::new();
        for pair in args.chunks(2) {
            let v = pair.get(1).map(strval).unwrap_or_default();
            m.insert(strval(&pair[0]), Value::String(v));
        }
        to_template(Value::Object(m))
    });
    env.add_function("gt_omit", |dict: MjValue, keys: Rest<String>| {
        let mut m = string_map(&dict);
        for k in keys.iter() {
            m.remove(k);
        }
        to_template(Value::Object(m))
    });
    let merge = |maps: &[MjValue]| {
        let mut out = Map::new();
        for m in maps {
            out.extend(string_map(m));
        }
        out
    };
    env.add_function("gt_mergeMaps", move |maps: Rest<MjValue>| {
        to_template(Value::Object(merge(&maps)))
    });
    env.add_function("gt_toJsonMap", move |maps: Rest<MjValue>| {
        go_json(&Value::Object(merge(&maps)))
    });
    // Protobuf enum fields Istio's templates read, at their zero value when JSON left them out.
    env.add_function("gt_proxy_config", |pc: MjValue| {
        let mut v = to_json(&pc);
        if let Some(m) = v.as_object_mut() {
            m.entry("interceptionMode")
                .or_insert_with(|| Value::from("REDIRECT"));
        }
        to_template(v)
    });
    // More of Sprig.
    env.add_function("gt_coalesce", |args: Rest<MjValue>| {
        args.iter()
            .find(|a| truth(a))
            .cloned()
            .unwrap_or(MjValue::from(()))
    });
    env.add_function(
        "gt_ternary",
        |yes: MjValue, no: MjValue, cond: MjValue| {
            if truth(&cond) { yes } else { no }
        },
    );
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
    env.add_function("gt_keys", |maps: Rest<MjValue>| {
        let mut keys: Vec<String> = maps
            .iter()
            .flat_map(|m| string_map(m).into_iter().map(|(k, _)| k))
            .collect();
        keys.sort();
        MjValue::from(keys)
    });
    env.add_function("gt_splitList", |sep: String, s: MjValue| {
        let s = strval(&s);
        MjValue::from(
            s.split(sep.as_str())
                .map(str::to_string)
                .collect::<Vec<_>>(),
        )
    });
    env.add_function(
        "gt_repeat",
        |n: MjValue, s: MjValue| -> Result<String, Error> {
            Ok(strval(&s).repeat(int_arg(&n)?.max(0) as usize))
        },
    );
    env.add_function("gt_int", |v: MjValue| int_arg(&v).unwrap_or(0));
    env.add_function("gt_int64", |v: MjValue| int_arg(&v).unwrap_or(0));
    let arith = |op: fn(i64, i64) -> Option<i64>| {
        move |a: MjValue, b: MjValue| -> Result<i64, Error> {
            op(int_arg(&a)?, int_arg(&b)?)
                .ok_or_else(|| invalid("integer overflow or division by zero"))
        }
    };
    env.add_function("gt_add", |args: Rest<MjValue>| -> Result<i64, Error> {
        args.iter()
            .try_fold(0i64, |acc, a| Ok(acc.wrapping_add(int_arg(a)?)))
    });
    env.add_function("gt_sub", arith(i64::checked_sub));
    env.add_function("gt_mul", arith(i64::checked_mul));
    env.add_function("gt_div", arith(i64::checked_div));
    env.add_function("gt_mod", arith(i64::checked_rem));
    env.add_function("gt_b64enc", |s: MjValue| {
        use base64::Engine;
        base64::engine::general_purpose::STANDARD.encode(strval(&s))
    });
    env.add_function("gt_b64dec", |s: MjValue| {
        use base64::Engine;
        base64::engine::general_purpose::STANDARD
            .decode(strval(&s))
            .ok()
            .and_then(|b| String::from_utf8(b).ok())
            .unwrap_or_default()
    });
    env.add_function(
        "gt_regexMatch",
        |re: String, s: MjValue| -> Result<bool, Error> {
            let re = regex::Regex::new(&re).map_err(|e| invalid(&e.to_string()))?;
            Ok(re.is_match(&strval(&s)))
        },
    );
    env.add_function(
        "gt_regexReplaceAll",
        |re: String, s: MjValue, repl: String| -> Result<String, Error> {
            let re = regex::Regex::new(&re).map_err(|e| invalid(&e.to_string()))?;
            Ok(re.replace_all(&strval(&s), repl.as_str()).into_owned())
        },
    );
    env.add_function(
        "gt_required",
        |msg: String, v: MjValue| -> Result<MjValue, Error> {
            if v.is_undefined() || v.is_none() || v.as_str() == Some("") {
                Err(invalid(&msg))
            } else {
                Ok(v)
            }
        },
    );
    env.add_function("gt_fail", |msg: String| -> Result<String, Error> {
        Err(invalid(&msg))
    });
    env.add_function("gt_toJson", |v: MjValue| match to_json(&v) {
        Value::Null => "null".to_string(),
        other => go_json(&other),
    });
    env.add_function("gt_formatDuration", |v: MjValue| format_duration(&v));
    env.add_function(
        "gt_otelResourceAttributes",
        |state: &State, _args: Rest<MjValue>| {
            state
                .lookup("otel_resource_attributes")
                .map(|v| strval(&v))
                .unwrap_or_default()
        },
    );
}
