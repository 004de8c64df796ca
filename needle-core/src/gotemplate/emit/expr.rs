//! Pipelines, commands and operands: how a Go expression is written as minijinja, with its
//! static Go type, and the calls needle refuses when the template loads.

use super::Emitter;
use crate::gotemplate::TranslateError;
use crate::gotemplate::funcs::{FUNCTIONS, UNSUPPORTED};
use crate::gotemplate::lexer::Pos;
use crate::gotemplate::parser::{Expr, Pipeline};
use crate::gotemplate::types::{GoTy, Read};

impl Emitter<'_> {
    pub(super) fn pipeline(&mut self, p: &Pipeline, pos: Pos) -> Result<String, TranslateError> {
        Ok(self.pipeline_typed(p, pos)?.0)
    }

    /// A pipeline and its static type: an operand's own, a function's result's
    /// ([`Emitter::command`]).
    pub(super) fn pipeline_typed(
        &mut self,
        p: &Pipeline,
        pos: Pos,
    ) -> Result<(String, GoTy), TranslateError> {
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
    pub(super) fn command(
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
            let go_type = match typed.as_slice() {
                [(_, GoTy::Go(t))] if self.typed_functions.contains(&name.as_str()) => {
                    Some(quoted(t.name))
                }
                _ => None,
            };
            let mut args: Vec<String> = typed
                .into_iter()
                .map(|(value, ty)| {
                    if nil_aware && ty == GoTy::Any {
                        format!("gt_missing_as_nil({value})")
                    } else {
                        value
                    }
                })
                .collect();
            args.extend(go_type);
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
    pub(super) fn operand_typed(
        &mut self,
        e: &Expr,
        pos: Pos,
    ) -> Result<(String, GoTy), TranslateError> {
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
pub(super) fn refused(name: &str, args: &[Expr]) -> Result<(), String> {
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
pub(super) fn error_at(shown: &str, pos: Pos) -> String {
    if pos == Pos::default() {
        format!("<{shown}>")
    } else {
        format!("{pos} (<{shown}>)")
    }
}

pub(super) fn quoted(s: &str) -> String {
    serde_json::to_string(s).expect("a string serializes")
}

/// The field chain `fields` of `base` (of static type `ty`), walked as Go walks it
/// ([`GoTy::read`]): a field a typed struct lacks, or any field of a string, integer or
/// boolean, is Go's execution error when the action runs (`can't evaluate field X in type
/// T`), a field through a nil pointer too (`nil pointer evaluating T.X`); from a value of
/// `.Values` on, the chain is read as Go reads `interface {}` values (`gt_field_any`: a
/// missing key is nothing, a field of nil or of a non-map fails).
pub(super) fn fields_at(
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
pub(super) fn read_plain(base: String, fields: &[&String]) -> String {
    let owned: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
    fields_of(base, &owned)
}

pub(super) fn fields_of(base: String, fields: &[String]) -> String {
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
pub(super) fn number(n: &str) -> Option<String> {
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
