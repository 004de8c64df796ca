//! Writing the parsed tree as a minijinja template.
//!
//! Every Go variable lives in a minijinja namespace (`_v`), under a name made unique per
//! declaration, so `$x = ...` inside `range` or `if` changes the variable outside as in Go.
//! The dot is tracked statically: each `range` and `with` binds a fresh name.

use super::lexer::Pos;
use super::parser::{Node, Parsed, Pipeline};
use super::types::GoTy;
use super::{Host, TranslateError};
use std::collections::HashMap;

mod expr;

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
    /// The host's functions that take their argument's Go type too (`Host::typed_functions`).
    typed_functions: &'a [&'a str],
}

pub fn emit(parsed: &Parsed, host: Host) -> Result<String, TranslateError> {
    let macros: HashMap<String, String> = parsed
        .defines
        .iter()
        .enumerate()
        .map(|(i, (name, _))| (name.clone(), format!("_tpl{i}")))
        .collect();
    let mut out = String::new();
    for (name, body) in &parsed.defines {
        let mut e = Emitter::new(&macros, host, "_arg", GoTy::Unknown);
        e.nodes(body)?;
        out.push_str(&format!(
            "{{% macro {}(_arg) %}}{{% set _v = namespace() %}}{}{{% endmacro %}}",
            macros[name], e.out
        ));
    }
    let mut e = Emitter::new(&macros, host, "_root", GoTy::Data(host.data_lacks));
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
        host: Host<'a>,
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
            host_functions: host.functions,
            typed_functions: host.typed_functions,
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
}
