//! Writing the parsed tree as a minijinja template.
//!
//! Every Go variable lives in a minijinja namespace (`_v`), under a name made unique per
//! declaration, so `$x = ...` inside `range` or `if` changes the variable outside as in Go.
//! The dot is tracked statically: each `range` and `with` binds a fresh name.

use super::TranslateError;
use super::funcs::FUNCTIONS;
use super::lexer::Pos;
use super::parser::{Expr, Node, Parsed, Pipeline};
use super::value::json_name;
use crate::core::compat::normalize::{object_meta_has, pod_spec_has};
use crate::core::config::proxy_config::PROXY_CONFIG_FIELDS;
use std::collections::HashMap;

/// The template data Istio passes (`SidecarTemplateData`), built from needle's variables.
const ROOT: &str = r#"{% set _root = {"ObjectMeta": pod.metadata, "Spec": pod.spec, "Values": go_values, "MeshConfig": mesh, "ProxyConfig": gt_proxy_config(proxy_config), "Revision": revision, "ProxyImage": proxy_image, "ProxyInitImage": proxy_init_image, "NativeSidecars": native_sidecars, "ProxyUID": proxy_uid, "ProxyGID": proxy_gid, "DeploymentMeta": deployment, "TypeMeta": owner, "InboundTrafficPolicyMode": inbound_traffic_policy_mode, "CompliancePolicy": compliance_policy} %}"#;

/// The fields of `SidecarTemplateData`: Go refuses, when the action runs, a field its struct
/// does not have (a template of an older release reading `.EstimatedConcurrency`).
const ROOT_FIELDS: [&str; 15] = [
    "TypeMeta",
    "DeploymentMeta",
    "ObjectMeta",
    "Spec",
    "ProxyConfig",
    "MeshConfig",
    "Values",
    "Revision",
    "NativeSidecars",
    "ProxyImage",
    "ProxyInitImage",
    "ProxyUID",
    "ProxyGID",
    "InboundTrafficPolicyMode",
    "CompliancePolicy",
];
const ROOT_TYPE: &str = "*inject.SidecarTemplateData";

struct Emitter<'a> {
    out: String,
    scopes: Vec<HashMap<String, String>>,
    dot: Vec<String>,
    counter: usize,
    defines: &'a HashMap<String, String>,
    /// The host's functions, callable as `gt_<name>` beside Go's and Sprig's.
    host_functions: &'a [&'a str],
}

pub fn emit(parsed: &Parsed, host_functions: &[&str]) -> Result<String, TranslateError> {
    let macros: HashMap<String, String> = parsed
        .defines
        .iter()
        .enumerate()
        .map(|(i, (name, _))| (name.clone(), format!("_tpl{i}")))
        .collect();
    let mut out = String::new();
    for (name, body) in &parsed.defines {
        let mut e = Emitter::new(&macros, host_functions, "_arg");
        e.nodes(body)?;
        out.push_str(&format!(
            "{{% macro {}(_arg) %}}{{% set _v = namespace() %}}{}{{% endmacro %}}",
            macros[name], e.out
        ));
    }
    let mut e = Emitter::new(&macros, host_functions, "_root");
    e.nodes(&parsed.nodes)?;
    // minijinja drops a newline that ends the template; Go prints it.
    if e.out.ends_with('\n') {
        e.out.push_str("{{ '' }}");
    }
    Ok(format!("{ROOT}{{% set _v = namespace() %}}{out}{}", e.out))
}

impl<'a> Emitter<'a> {
    fn new(
        defines: &'a HashMap<String, String>,
        host_functions: &'a [&'a str],
        root: &str,
    ) -> Self {
        let mut top = HashMap::new();
        top.insert(String::new(), root.to_string());
        Self {
            out: String::new(),
            scopes: vec![top],
            dot: vec![root.to_string()],
            counter: 0,
            defines,
            host_functions,
        }
    }

    fn fresh(&mut self, base: &str) -> String {
        self.counter += 1;
        let clean: String = base
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        format!("{clean}_{}", self.counter)
    }

    fn declare(&mut self, name: &str) -> String {
        let slot = format!("_v.{}", self.fresh(name));
        self.scopes
            .last_mut()
            .expect("a scope")
            .insert(name.to_string(), slot.clone());
        slot
    }

    fn lookup(&self, name: &str, pos: Pos) -> Result<String, TranslateError> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.get(name).cloned())
            .ok_or_else(|| TranslateError::new(pos, format!("undefined variable \"${name}\"")))
    }

    fn scoped<T>(
        &mut self,
        dot: Option<String>,
        f: impl FnOnce(&mut Self) -> Result<T, TranslateError>,
    ) -> Result<T, TranslateError> {
        self.scopes.push(HashMap::new());
        let pushed = dot.is_some();
        if let Some(d) = dot {
            self.dot.push(d);
        }
        let r = f(self);
        if pushed {
            self.dot.pop();
        }
        self.scopes.pop();
        r
    }

    fn nodes(&mut self, nodes: &[Node]) -> Result<(), TranslateError> {
        for n in nodes {
            self.node(n)?;
        }
        Ok(())
    }

    fn node(&mut self, node: &Node) -> Result<(), TranslateError> {
        match node {
            Node::Text(t) => {
                // Braces at the end would join the `{{`/`{%` the translation writes next (Go's
                // `{ {{- if x }}` trims to `{` right before the action): they are written as a
                // string of their own.
                let body = t.trim_end_matches('{');
                if body.contains("{{") || body.contains("{%") || body.contains("{#") {
                    let safe =
                        body.replace("{% endraw %}", "{% endraw %}{{ '{% endraw %}' }}{% raw %}");
                    self.out
                        .push_str(&format!("{{% raw %}}{safe}{{% endraw %}}"));
                } else {
                    self.out.push_str(body);
                }
                let braces = &t[body.len()..];
                if !braces.is_empty() {
                    self.out.push_str(&format!("{{{{ '{braces}' }}}}"));
                }
            }
            Node::Action(p, pos) => {
                let value = self.pipeline(p, *pos)?;
                if p.vars.is_empty() {
                    self.out.push_str(&format!("{{{{ gt_out({value}) }}}}"));
                } else {
                    if p.vars.len() != 1 {
                        return Err(TranslateError::new(*pos, "too many variables"));
                    }
                    let slot = if p.declare {
                        self.declare(&p.vars[0])
                    } else {
                        self.lookup(&p.vars[0], *pos)?
                    };
                    self.out.push_str(&format!("{{% set {slot} = {value} %}}"));
                }
            }
            Node::If(branches, otherwise) => {
                for (i, (cond, body)) in branches.iter().enumerate() {
                    let c = self.condition(cond)?;
                    let kw = if i == 0 { "if" } else { "elif" };
                    if c.0.is_empty() {
                        self.out
                            .push_str(&format!("{{% {kw} gt_truth({}) %}}", c.1));
                    } else if i == 0 {
                        self.out.push_str(&c.0);
                        self.out.push_str(&format!("{{% if gt_truth({}) %}}", c.1));
                    } else {
                        return Err(TranslateError::new(
                            Pos::default(),
                            "a variable declared in else if is not supported",
                        ));
                    }
                    self.scoped(None, |e| e.nodes(body))?;
                }
                if !otherwise.is_empty() {
                    self.out.push_str("{% else %}");
                    self.scoped(None, |e| e.nodes(otherwise))?;
                }
                self.out.push_str("{% endif %}");
            }
            Node::With(p, body, otherwise) => {
                let (set, value) = self.condition(p)?;
                self.out.push_str(&set);
                let d = self.fresh("_dot");
                self.out.push_str(&format!(
                    "{{% set {d} = {value} %}}{{% if gt_truth({d}) %}}"
                ));
                self.scoped(Some(d), |e| e.nodes(body))?;
                if !otherwise.is_empty() {
                    self.out.push_str("{% else %}");
                    self.scoped(None, |e| e.nodes(otherwise))?;
                }
                self.out.push_str("{% endif %}");
            }
            Node::Range(p, body, otherwise) => {
                let pos = Pos::default();
                let value = self.pipeline(
                    &Pipeline {
                        vars: vec![],
                        declare: false,
                        commands: p.commands.clone(),
                    },
                    pos,
                )?;
                if !p.vars.is_empty() && !p.declare {
                    return Err(TranslateError::new(
                        pos,
                        "range with \"=\" is not supported",
                    ));
                }
                let it = self.fresh("_it");
                self.out
                    .push_str(&format!("{{% for {it} in gt_range({value}) %}}"));
                let vars = p.vars.clone();
                self.scoped(Some(format!("{it}[1]")), |e| {
                    match vars.as_slice() {
                        [v] => {
                            let s = e.declare(v);
                            e.out.push_str(&format!("{{% set {s} = {it}[1] %}}"));
                        }
                        [k, v] => {
                            let s = e.declare(k);
                            e.out.push_str(&format!("{{% set {s} = {it}[0] %}}"));
                            let s = e.declare(v);
                            e.out.push_str(&format!("{{% set {s} = {it}[1] %}}"));
                        }
                        _ => {}
                    }
                    e.nodes(body)
                })?;
                if !otherwise.is_empty() {
                    self.out.push_str("{% else %}");
                    self.scoped(None, |e| e.nodes(otherwise))?;
                }
                self.out.push_str("{% endfor %}");
            }
            Node::Template(name, arg, pos) => {
                let Some(m) = self.defines.get(name) else {
                    return Err(TranslateError::new(
                        *pos,
                        format!("no such template {name:?}"),
                    ));
                };
                let m = m.clone();
                let a = match arg {
                    Some(p) => self.pipeline(p, *pos)?,
                    None => "none".to_string(),
                };
                self.out.push_str(&format!("{{{{ {m}({a}) }}}}"));
            }
        }
        Ok(())
    }

    /// A condition pipeline (of `if` or `with`): the statement declaring its variable, if
    /// any, and the expression.
    fn condition(&mut self, p: &Pipeline) -> Result<(String, String), TranslateError> {
        let pos = Pos::default();
        let value = self.pipeline(p, pos)?;
        match p.vars.as_slice() {
            [] => Ok((String::new(), value)),
            [v] => {
                let slot = if p.declare {
                    self.declare(v)
                } else {
                    self.lookup(v, pos)?
                };
                Ok((format!("{{% set {slot} = {value} %}}"), slot))
            }
            _ => Err(TranslateError::new(pos, "too many variables")),
        }
    }

    fn pipeline(&mut self, p: &Pipeline, pos: Pos) -> Result<String, TranslateError> {
        let mut acc: Option<String> = None;
        for cmd in &p.commands {
            acc = Some(self.command(cmd, acc, pos)?);
        }
        acc.ok_or_else(|| TranslateError::new(pos, "empty pipeline"))
    }

    fn command(
        &mut self,
        cmd: &[Expr],
        piped: Option<String>,
        pos: Pos,
    ) -> Result<String, TranslateError> {
        let first = cmd
            .first()
            .ok_or_else(|| TranslateError::new(pos, "empty command"))?;
        if let Expr::Func(name) = first {
            let name_is = |n: &&str| *n == name.as_str();
            if !FUNCTIONS.iter().any(name_is) && !self.host_functions.iter().any(name_is) {
                return Err(TranslateError::new(
                    pos,
                    format!("function {name:?} not defined"),
                ));
            }
            let mut args = Vec::new();
            for a in &cmd[1..] {
                args.push(self.operand(a, pos)?);
            }
            args.extend(piped);
            if (name == "and" || name == "or") && !args.is_empty() {
                // minijinja's `and`/`or` short-circuit and yield an operand, as Go's do.
                return Ok(format!("({})", args.join(&format!(" {name} "))));
            }
            return Ok(format!("gt_{name}({})", args.join(", ")));
        }
        if cmd.len() > 1 || piped.is_some() {
            return Err(TranslateError::new(
                pos,
                "calling a field or value with arguments is not supported",
            ));
        }
        self.operand(first, pos)
    }

    fn operand(&mut self, e: &Expr, pos: Pos) -> Result<String, TranslateError> {
        Ok(match e {
            Expr::Dot(fields) => fields_at(self.dot.last().expect("a dot").clone(), fields, pos),
            Expr::Var(name, fields) => fields_at(self.lookup(name, pos)?, fields, pos),
            Expr::Func(name) => self.command(&[Expr::Func(name.clone())], None, pos)?,
            Expr::Str(s) => serde_json::to_string(s).expect("a string serializes"),
            Expr::Num(n) => number(n)
                .ok_or_else(|| TranslateError::new(pos, format!("unsupported number {n:?}")))?,
            Expr::Bool(b) => b.to_string(),
            Expr::Nil => "none".to_string(),
            Expr::Group(p, fields) => fields_of(self.pipeline(p, pos)?, fields),
        })
    }
}

/// Whether `name` is a field (or a method) of Istio's `ProxyConfig` message in Go: its JSON
/// name capitalized, a `GetX` getter, or `String`.
fn proxy_config_has(name: &str) -> bool {
    let go_name = |json: &&str| {
        let mut c = json.chars();
        c.next()
            .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
            .unwrap_or_default()
    };
    let field = |n: &str| PROXY_CONFIG_FIELDS.iter().any(|f| go_name(f) == n);
    field(name) || name == "String" || name.strip_prefix("Get").is_some_and(field)
}

/// Whether `name` is a field of Go's `ObjectMeta` or one of its `GetX` getters.
fn object_meta_has_go(name: &str) -> bool {
    let field = |n: &str| object_meta_has(&json_name(n));
    field(name) || name.strip_prefix("Get").is_some_and(field)
}

/// `fields_of`, where a field the template data lacks (`.EstimatedConcurrency`, or one its
/// `ProxyConfig` lacks) is Go's execution error instead.
fn fields_at(base: String, fields: &[String], pos: Pos) -> String {
    let missing = match fields {
        [first, ..] if base == "_root" && !ROOT_FIELDS.contains(&first.as_str()) => {
            Some((first.as_str(), ROOT_TYPE, format!(".{first}")))
        }
        [first, second, ..]
            if base == "_root" && first == "ProxyConfig" && !proxy_config_has(second) =>
        {
            let path = format!(".ProxyConfig.{second}");
            Some((second.as_str(), "*v1alpha1.ProxyConfig", path))
        }
        [first, second, ..]
            if base == "_root" && first == "Spec" && !pod_spec_has(&json_name(second)) =>
        {
            Some((second.as_str(), "v1.PodSpec", format!(".Spec.{second}")))
        }
        [first, second, ..]
            if base == "_root" && first == "ObjectMeta" && !object_meta_has_go(second) =>
        {
            Some((
                second.as_str(),
                "v1.ObjectMeta",
                format!(".ObjectMeta.{second}"),
            ))
        }
        _ => None,
    };
    let Some((name, type_name, path)) = missing else {
        return fields_of(base, fields);
    };
    let quoted = |s: &str| serde_json::to_string(s).expect("a string serializes");
    // Conditions of `if`, `range` and `with` carry no position of their own.
    let at = if pos == Pos::default() {
        format!("<{path}>")
    } else {
        format!("{pos} (<{path}>)")
    };
    format!(
        "gt_no_field({}, {}, {})",
        quoted(name),
        quoted(type_name),
        quoted(&at)
    )
}

fn fields_of(base: String, fields: &[String]) -> String {
    if fields.is_empty() {
        return base;
    }
    let names: Vec<String> = fields
        .iter()
        .map(|f| serde_json::to_string(f).expect("a string serializes"))
        .collect();
    format!("gt_field({base}, {})", names.join(", "))
}

/// A Go number literal as a minijinja literal.
fn number(n: &str) -> Option<String> {
    let clean = n.replace('_', "");
    let (neg, digits) = match clean.strip_prefix('-') {
        Some(d) => (true, d.to_string()),
        None => (false, clean.trim_start_matches('+').to_string()),
    };
    let sign = if neg { "-" } else { "" };
    let lower = digits.to_ascii_lowercase();
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        if let Some(rest) = lower.strip_prefix(prefix) {
            return i64::from_str_radix(rest, radix)
                .ok()
                .map(|v| format!("{sign}{v}"));
        }
    }
    if let Ok(v) = digits.parse::<i64>() {
        return Some(format!("{sign}{v}"));
    }
    digits
        .parse::<f64>()
        .ok()
        .filter(|f| f.is_finite())
        .map(|f| format!("{sign}{f:?}"))
}
