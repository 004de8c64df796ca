//! An entry's `matchConditions` as the apiserver evaluates them (k8s.io/apiserver's
//! `matchconditions.Matcher`): each a CEL expression over `object` (the pod), `oldObject`
//! (null on CREATE), `request` (the AdmissionRequest without its objects) and `authorizer`.
//! One condition false: the webhook is not called, whatever the others do; else one that
//! failed to evaluate: the `failurePolicy` decides (Fail, the default, refuses the pod);
//! else the webhook is called.

use super::{Call, PodCreate};
use cel::common::ast::operators::{INDEX, OPT_INDEX};
use cel::common::ast::{EntryExpr, Expr, IdedExpr, LiteralValue};
use cel::{Context, Env, ExecutionError, extensions};
use serde_json::{Value, json};
use std::sync::{Arc, LazyLock};

/// Parts of the request no file tells: who creates the pod, with which options, whether as a
/// dry run, under which uid. An expression that reads one cannot be judged offline.
const UNKNOWN_REQUEST_FIELDS: [&str; 4] = ["userInfo", "uid", "dryRun", "options"];

/// The standard library with optionals (`.?`, `orValue`) and the strings extension, which
/// Kubernetes' CEL environment has too. Kubernetes' own libraries (quantity, IP, URL, its
/// list functions, the authorizer) are not here: an expression calling one is reported.
static ENV: LazyLock<Arc<Env>> = LazyLock::new(|| {
    let mut env = Env::stdlib().with_optional_support(true);
    env.add_extension(extensions::strings)
        .expect("the strings extension adds to the standard library without conflict");
    Arc::new(env)
});

/// How one condition came out.
enum Outcome {
    True,
    False,
    /// The evaluation failed as it would in the apiserver.
    Error(String),
    /// needle cannot evaluate it; why.
    Unsupported(String),
}

pub(super) fn match_conditions(entry: &Value, create: &PodCreate) -> Call {
    let conditions = entry["matchConditions"]
        .as_array()
        .map_or(&[][..], Vec::as_slice);
    if conditions.is_empty() {
        return Call::Calls;
    }
    let context = context(create);
    let (mut unsupported, mut failed) = (None, None);
    for (i, condition) in conditions.iter().enumerate() {
        let name = condition["name"].as_str().unwrap_or_default();
        let expression = condition["expression"].as_str().unwrap_or_default();
        let which = format!("matchConditions[{i}] {name:?} `{expression}`");
        match evaluate(expression, &context) {
            Outcome::True => {}
            Outcome::False => return Call::Skips(format!("its {which} is false")),
            Outcome::Error(e) => {
                failed.get_or_insert(format!("its {which} fails to evaluate ({e})"));
            }
            Outcome::Unsupported(why) => {
                unsupported.get_or_insert(format!("its {which} {why}"));
            }
        }
    }
    // A condition needle cannot evaluate may be false, which would override any error.
    if let Some(why) = unsupported {
        return Call::Unknown(why);
    }
    match failed {
        None => Call::Calls,
        Some(e) if entry["failurePolicy"] == "Ignore" => {
            Call::Skips(format!("{e}, and its failurePolicy is Ignore"))
        }
        Some(e) => Call::Rejects(format!("{e}, and its failurePolicy is Fail")),
    }
}

/// The variables as the apiserver binds them for this request. `request` is the
/// AdmissionRequest as JSON, so its empty `name` (a pod named by `generateName`) and
/// subresource are absent, as they are there; the unknown fields are left out.
fn context(create: &PodCreate) -> Context<'static, 'static> {
    let mut object = create.pod.clone();
    if object["metadata"].is_object() && object["metadata"]["namespace"].is_null() {
        object["metadata"]["namespace"] = json!(create.namespace);
    }
    let kind = json!({"group": "", "version": "v1", "kind": "Pod"});
    let resource = json!({"group": "", "version": "v1", "resource": "pods"});
    let mut request = json!({
        "kind": kind, "resource": resource, "requestKind": kind, "requestResource": resource,
        "namespace": create.namespace, "operation": "CREATE",
    });
    if let Some(name) = create.pod["metadata"]["name"]
        .as_str()
        .filter(|n| !n.is_empty())
    {
        request["name"] = json!(name);
    }
    let mut context = Context::with_env(ENV.clone());
    for (name, value) in [
        ("object", object),
        ("oldObject", Value::Null),
        ("request", request),
    ] {
        context
            .add_variable(name, value)
            .expect("JSON converts to CEL values");
    }
    context
}

fn evaluate(expression: &str, context: &Context) -> Outcome {
    let program = match ENV.compile(expression) {
        Ok(program) => program,
        // The apiserver compiles every condition when the configuration is written, so an
        // expression it holds that needle cannot parse is needle's limit.
        Err(e) => {
            let first = e.to_string().lines().next().unwrap_or_default().to_string();
            return Outcome::Unsupported(format!("cannot be parsed by needle's CEL: {first}"));
        }
    };
    if let Some(input) = unknowable(program.expression()) {
        return Outcome::Unsupported(format!(
            "reads {input}, which check-inject cannot know offline"
        ));
    }
    match program.execute(context) {
        Ok(cel::Value::Bool(true)) => Outcome::True,
        // The apiserver counts any result but `true` as not matching.
        Ok(_) => Outcome::False,
        Err(e) => classify(e),
    }
}

/// Errors of the evaluation itself, which the apiserver's CEL meets the same way, from those
/// that say needle's CEL lacks something Kubernetes' has (a function, an overload).
fn classify(e: ExecutionError) -> Outcome {
    match e {
        ExecutionError::NoSuchKey(_)
        | ExecutionError::DivisionByZero(_)
        | ExecutionError::RemainderByZero(_)
        | ExecutionError::Overflow(..)
        | ExecutionError::IndexOutOfBounds(_) => Outcome::Error(e.to_string()),
        other => Outcome::Unsupported(format!("cannot be evaluated by needle's CEL: {other}")),
    }
}

/// The first input the expression reads that check-inject cannot know: `authorizer`, or one
/// of the request's unknown fields (`request.userInfo`, `request['userInfo']`, also in
/// `has(..)`).
fn unknowable(expr: &IdedExpr) -> Option<String> {
    match &expr.expr {
        Expr::Ident(name) if name == "authorizer" => Some(name.clone()),
        Expr::Select(select) => {
            request_field(&select.operand, &select.field).or_else(|| unknowable(&select.operand))
        }
        Expr::Call(call) => {
            if let (INDEX | OPT_INDEX, [operand, key]) = (call.func_name.as_str(), &call.args[..])
                && let Expr::Literal(LiteralValue::String(key)) = &key.expr
                && let Some(field) = request_field(operand, key.inner())
            {
                return Some(field);
            }
            let target = call.target.as_deref();
            target.into_iter().chain(&call.args).find_map(unknowable)
        }
        Expr::Comprehension(c) => [
            &c.iter_range,
            &c.accu_init,
            &c.loop_cond,
            &c.loop_step,
            &c.result,
        ]
        .into_iter()
        .find_map(unknowable),
        Expr::List(list) => list.elements.iter().find_map(unknowable),
        Expr::Map(map) => map.entries.iter().find_map(|e| entry_unknowable(&e.expr)),
        Expr::Struct(s) => s.entries.iter().find_map(|e| entry_unknowable(&e.expr)),
        Expr::Ident(_) | Expr::Literal(_) | Expr::Unspecified => None,
    }
}

fn entry_unknowable(entry: &EntryExpr) -> Option<String> {
    match entry {
        EntryExpr::MapEntry(e) => unknowable(&e.key).or_else(|| unknowable(&e.value)),
        EntryExpr::StructField(f) => unknowable(&f.value),
    }
}

/// `request.<field>` when `field` is one no file tells.
fn request_field(operand: &IdedExpr, field: &str) -> Option<String> {
    let on_request = matches!(&operand.expr, Expr::Ident(name) if name == "request");
    (on_request && UNKNOWN_REQUEST_FIELDS.contains(&field)).then(|| format!("request.{field}"))
}
