//! Writing the parsed tree as a minijinja template.
//!
//! Every Go variable lives in a minijinja namespace (`_v`), under a name made unique per
//! declaration, so `$x = ...` inside `range` or `if` changes the variable outside as in Go.
//! The dot is tracked statically: each `range` and `with` binds a fresh name.

use super::funcs::{FUNCTIONS, UNSUPPORTED};
use super::lexer::Pos;
use super::parser::{Expr, Node, Parsed, Pipeline};
use super::types::{GoTy, Read};
use super::{Host, TranslateError};
use std::collections::HashMap;

/// The template data Istio passes (`SidecarTemplateData`), built from needle's variables.
const ROOT: &str = r#"{% set _root = {"ObjectMeta": pod.metadata, "Spec": pod.spec, "Values": go_values, "MeshConfig": mesh, "ProxyConfig": gt_proxy_config(proxy_config), "Revision": revision, "ProxyImage": proxy_image, "ProxyInitImage": proxy_init_image, "NativeSidecars": native_sidecars, "ProxyUID": proxy_uid, "ProxyGID": proxy_gid, "DeploymentMeta": deployment, "TypeMeta": owner, "InboundTrafficPolicyMode": inbound_traffic_policy_mode, "CompliancePolicy": compliance_policy} %}"#;

struct Emitter<'a> {
    out: String,
    /// Each variable's slot and static Go type, innermost scope last.
    scopes: Vec<HashMap<String, (String, GoTy)>>,
    /// The dot's expression and static Go type, innermost last.
    dot: Vec<(String, GoTy)>,
    counter: usize,
    defines: &'a HashMap<String, String>,
    /// The host's functions, callable as `gt_<name>` beside Go's and Sprig's.
    host_functions: &'a [&'a str],
}

pub fn emit(parsed: &Parsed, host: Host) -> Result<String, TranslateError> {
    let host_functions = host.functions;
    let macros: HashMap<String, String> = parsed
        .defines
        .iter()
        .enumerate()
        .map(|(i, (name, _))| (name.clone(), format!("_tpl{i}")))
        .collect();
    let mut out = String::new();
    for (name, body) in &parsed.defines {
        let mut e = Emitter::new(&macros, host_functions, "_arg", GoTy::Unknown);
        e.nodes(body)?;
        out.push_str(&format!(
            "{{% macro {}(_arg) %}}{{% set _v = namespace() %}}{}{{% endmacro %}}",
            macros[name], e.out
        ));
    }
    let mut e = Emitter::new(
        &macros,
        host_functions,
        "_root",
        GoTy::Data(host.data_lacks),
    );
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
        root_ty: GoTy,
    ) -> Self {
        let mut top = HashMap::new();
        top.insert(String::new(), (root.to_string(), root_ty));
        Self {
            out: String::new(),
            scopes: vec![top],
            dot: vec![(root.to_string(), root_ty)],
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

    fn declare(&mut self, name: &str, ty: GoTy) -> String {
        let slot = format!("_v.{}", self.fresh(name));
        self.scopes
            .last_mut()
            .expect("a scope")
            .insert(name.to_string(), (slot.clone(), ty));
        slot
    }

    fn lookup_typed(&self, name: &str, pos: Pos) -> Result<(String, GoTy), TranslateError> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.get(name).cloned())
            .ok_or_else(|| TranslateError::new(pos, format!("undefined variable \"${name}\"")))
    }

    fn scoped<T>(
        &mut self,
        dot: Option<(String, GoTy)>,
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
                let (value, ty) = self.pipeline_typed(p, *pos)?;
                if p.vars.is_empty() {
                    // A field the data leaves out prints as Go's zero value of its type.
                    let value = match ty.zero() {
                        Some(zero) => format!("gt_or_zero({value}, {zero})"),
                        None => value,
                    };
                    self.out.push_str(&format!("{{{{ gt_out({value}) }}}}"));
                } else {
                    if p.vars.len() != 1 {
                        return Err(TranslateError::new(*pos, "too many variables"));
                    }
                    let slot = self.bind(&p.vars[0], p.declare, ty, *pos)?;
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
                let (set, value, ty) = self.condition(p)?;
                self.out.push_str(&set);
                let d = self.fresh("_dot");
                self.out.push_str(&format!(
                    "{{% set {d} = {value} %}}{{% if gt_truth({d}) %}}"
                ));
                self.scoped(Some((d, ty)), |e| e.nodes(body))?;
                if !otherwise.is_empty() {
                    self.out.push_str("{% else %}");
                    self.scoped(None, |e| e.nodes(otherwise))?;
                }
                self.out.push_str("{% endif %}");
            }
            Node::Range(p, body, otherwise) => {
                let pos = Pos::default();
                let (value, ty) = self.pipeline_typed(
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
                let item = ty.items();
                self.scoped(Some((format!("{it}[1]"), item)), |e| {
                    match vars.as_slice() {
                        [v] => {
                            let s = e.declare(v, item);
                            e.out.push_str(&format!("{{% set {s} = {it}[1] %}}"));
                        }
                        [k, v] => {
                            let s = e.declare(k, GoTy::Unknown);
                            e.out.push_str(&format!("{{% set {s} = {it}[0] %}}"));
                            let s = e.declare(v, item);
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
    /// any, the expression and its static type.
    fn condition(&mut self, p: &Pipeline) -> Result<(String, String, GoTy), TranslateError> {
        let pos = Pos::default();
        let (value, ty) = self.pipeline_typed(p, pos)?;
        match p.vars.as_slice() {
            [] => Ok((String::new(), value, ty)),
            [v] => {
                let slot = self.bind(v, p.declare, ty, pos)?;
                Ok((format!("{{% set {slot} = {value} %}}"), slot, ty))
            }
            _ => Err(TranslateError::new(pos, "too many variables")),
        }
    }

    /// The slot of a variable given a value of type `ty`: a new one for `$x := ...`, the
    /// declared one for `$x = ...` (whose type is then no longer known, unless it stays).
    fn bind(
        &mut self,
        name: &str,
        declare: bool,
        ty: GoTy,
        pos: Pos,
    ) -> Result<String, TranslateError> {
        if declare {
            return Ok(self.declare(name, ty));
        }
        let (slot, old) = self.lookup_typed(name, pos)?;
        if old != ty {
            for scope in self.scopes.iter_mut().rev() {
                if let Some(entry) = scope.get_mut(name) {
                    entry.1 = GoTy::Unknown;
                    break;
                }
            }
        }
        Ok(slot)
    }

    fn pipeline(&mut self, p: &Pipeline, pos: Pos) -> Result<String, TranslateError> {
        Ok(self.pipeline_typed(p, pos)?.0)
    }

    /// A pipeline and its static type: an operand's own, a function's result's
    /// ([`Emitter::command`]).
    fn pipeline_typed(&mut self, p: &Pipeline, pos: Pos) -> Result<(String, GoTy), TranslateError> {
        let mut acc: Option<String> = None;
        let mut ty = GoTy::Unknown;
        for (i, cmd) in p.commands.iter().enumerate() {
            if let ([operand], 0) = (cmd.as_slice(), i)
                && !matches!(operand, Expr::Func(_))
            {
                let (value, t) = self.operand_typed(operand, pos)?;
                acc = Some(value);
                ty = t;
                continue;
            }
            let piped = acc.take().map(|value| (value, ty));
            let (value, t) = self.command(cmd, piped, pos)?;
            acc = Some(value);
            ty = t;
        }
        let value = acc.ok_or_else(|| TranslateError::new(pos, "empty pipeline"))?;
        Ok((value, ty))
    }

    /// A command and the static type of its result: `index` of a typed slice or map gives
    /// its item, other functions' results are `Unknown`.
    fn command(
        &mut self,
        cmd: &[Expr],
        piped: Option<(String, GoTy)>,
        pos: Pos,
    ) -> Result<(String, GoTy), TranslateError> {
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
            refused(name, &cmd[1..]).map_err(|m| TranslateError::new(pos, m))?;
            let mut typed = Vec::new();
            for a in &cmd[1..] {
                typed.push(self.operand_typed(a, pos)?);
            }
            typed.extend(piped);
            let result = match (name.as_str(), typed.as_slice()) {
                ("index", [(_, base), _]) => base.items_by_key(),
                _ => GoTy::Unknown,
            };
            // A key `.Values` lacks is Go's nil to these (a typed struct's missing field is
            // its zero value instead): `eq .Values.nope ""` is false.
            let nil_aware = matches!(
                name.as_str(),
                "eq" | "ne" | "lt" | "le" | "gt" | "ge" | "len" | "index"
            );
            let args: Vec<String> = typed
                .into_iter()
                .map(|(value, ty)| {
                    if nil_aware && ty == GoTy::Any {
                        format!("gt_missing_as_nil({value})")
                    } else {
                        value
                    }
                })
                .collect();
            if (name == "and" || name == "or") && !args.is_empty() {
                // minijinja's `and`/`or` short-circuit and yield an operand, as Go's do.
                return Ok((format!("({})", args.join(&format!(" {name} "))), result));
            }
            return Ok((format!("gt_{name}({})", args.join(", ")), result));
        }
        if cmd.len() > 1 || piped.is_some() {
            return Err(TranslateError::new(
                pos,
                "calling a field or value with arguments is not supported",
            ));
        }
        self.operand_typed(first, pos)
    }

    /// An operand and its static Go type.
    fn operand_typed(&mut self, e: &Expr, pos: Pos) -> Result<(String, GoTy), TranslateError> {
        let unknown = |s: String| (s, GoTy::Unknown);
        Ok(match e {
            Expr::Dot(fields) => {
                let (base, ty) = self.dot.last().expect("a dot").clone();
                let shown = format!(".{}", fields.join("."));
                fields_at(base, ty, fields, &shown, pos)
            }
            Expr::Var(name, fields) => {
                let (base, ty) = self.lookup_typed(name, pos)?;
                let shown = std::iter::once(format!("${name}"))
                    .chain(fields.iter().cloned())
                    .collect::<Vec<_>>()
                    .join(".");
                fields_at(base, ty, fields, &shown, pos)
            }
            Expr::Func(name) => self.command(&[Expr::Func(name.clone())], None, pos)?,
            Expr::Str(s) => (
                serde_json::to_string(s).expect("a string serializes"),
                GoTy::Scalar("string"),
            ),
            Expr::Num(n) => unknown(
                number(n)
                    .ok_or_else(|| TranslateError::new(pos, format!("unsupported number {n:?}")))?,
            ),
            Expr::Bool(b) => (b.to_string(), GoTy::Scalar("bool")),
            Expr::Nil => unknown("none".to_string()),
            Expr::Group(p, fields) => {
                let (value, ty) = self.pipeline_typed(p, pos)?;
                fields_at(
                    value,
                    ty,
                    fields,
                    &format!("(...).{}", fields.join(".")),
                    pos,
                )
            }
        })
    }
}

/// Why needle refuses, when the template loads, a call Istio would run: a Sprig function
/// needle has no implementation of ([`UNSUPPORTED`], `getHostByName`), a key kind of
/// `genPrivateKey` or a time zone it cannot give (written as a literal; one computed at
/// render time fails then, with the same words).
fn refused(name: &str, args: &[Expr]) -> Result<(), String> {
    if UNSUPPORTED.contains(&name) {
        return Err(format!(
            "function {name:?}: Sprig's {name} is not supported by needle"
        ));
    }
    if name == "getHostByName" {
        return Err(format!(
            "function {name:?}: not supported by needle (a template render does no DNS lookups)"
        ));
    }
    let literal = |i: usize| match args.get(i) {
        Some(Expr::Str(s)) => Some(s.as_str()),
        _ => None,
    };
    match (name, literal(0), literal(1), literal(2)) {
        ("genPrivateKey", Some(kind @ ("rsa" | "dsa" | "")), _, _) => Err(format!(
            "function {name:?}: Sprig's {} keys are not supported by needle (ecdsa and ed25519 are)",
            if kind == "dsa" { "DSA" } else { "RSA" }
        )),
        ("dateInZone" | "date_in_zone", _, _, Some(zone))
        | ("htmlDateInZone", _, Some(zone), _)
            if !matches!(zone, "" | "UTC" | "Local") =>
        {
            Err(format!(
                "function {name:?}: time zone {zone:?} not supported by needle (times are in UTC)"
            ))
        }
        _ => Ok(()),
    }
}

/// Where Go says an execution error happened: the action's position (conditions of `if`,
/// `range` and `with` carry none of their own) and the operand as written.
fn error_at(shown: &str, pos: Pos) -> String {
    if pos == Pos::default() {
        format!("<{shown}>")
    } else {
        format!("{pos} (<{shown}>)")
    }
}

fn quoted(s: &str) -> String {
    serde_json::to_string(s).expect("a string serializes")
}

/// The field chain `fields` of `base` (of static type `ty`), walked as Go walks it
/// ([`GoTy::read`]): a field a typed struct lacks, or any field of a string, integer or
/// boolean, is Go's execution error when the action runs (`can't evaluate field X in type
/// T`), a field through a nil pointer too (`nil pointer evaluating T.X`); from a value of
/// `.Values` on, the chain is read as Go reads `interface {}` values (`gt_field_any`: a
/// missing key is nothing, a field of nil or of a non-map fails).
fn fields_at(
    base: String,
    mut ty: GoTy,
    fields: &[String],
    shown: &str,
    pos: Pos,
) -> (String, GoTy) {
    let at = quoted(&error_at(shown, pos));
    // The value so far, and the plain fields still to read of it with one `gt_field`.
    let mut value = base;
    let mut plain: Vec<&String> = Vec::new();
    for (i, name) in fields.iter().enumerate() {
        let rest = &fields[i..];
        match ty {
            GoTy::Any => {
                let names: Vec<String> = rest.iter().map(|f| quoted(f)).collect();
                let head = read_plain(value, &plain);
                let call = format!("gt_field_any({head}, {at}, {})", names.join(", "));
                return (call, ty);
            }
            GoTy::Unknown => {
                plain.extend(rest);
                return (read_plain(value, &plain), ty);
            }
            _ => {}
        }
        let (read, next) = ty.read(name);
        if read != Read::Plain {
            value = read_plain(value, &plain);
            plain.clear();
        }
        let n = quoted(name);
        match read {
            Read::Plain => plain.push(name),
            Read::ThroughPointer(p) => {
                value = format!("gt_not_nil({value}, {}, {at}, {n})", quoted(p));
                plain.push(name);
            }
            Read::WrapperValue(p) => {
                value = format!("gt_not_nil({value}, {}, {at}, {n})", quoted(p))
            }
            Read::OrZero(zero) => value = format!("gt_or_zero(gt_field({value}, {n}), {zero})"),
            Read::WrapperGetter(zero) => value = format!("gt_or_zero({value}, {zero})"),
            Read::DurationPart(part, nil_fails) => {
                if let Some(p) = nil_fails {
                    value = format!("gt_not_nil({value}, {}, {at}, {n})", quoted(p));
                }
                value = format!("gt_duration_part({value}, {})", quoted(part));
            }
            Read::Missing(t) => {
                return (
                    format!("gt_no_field({n}, {}, {at})", quoted(t)),
                    GoTy::Unknown,
                );
            }
            Read::MissingIfPresent(t) => {
                let call = format!("gt_no_field_if_present({value}, {n}, {}, {at})", quoted(t));
                return (call, GoTy::Unknown);
            }
            Read::MissingOfPointer(t) => {
                let call = format!("gt_no_field_of_pointer({value}, {n}, {}, {at})", quoted(t));
                return (call, GoTy::Unknown);
            }
        }
        ty = next;
    }
    (read_plain(value, &plain), ty)
}

/// `fields` of `base`, read by name.
fn read_plain(base: String, fields: &[&String]) -> String {
    let owned: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
    fields_of(base, &owned)
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
