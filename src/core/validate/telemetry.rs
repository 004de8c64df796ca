//! Validation of Telemetry (telemetry.istio.io), as Istio's `ValidateTelemetry` does it.

use super::common::{
    PolicyTargetReference, Report, WorkloadSelector, check_policy_scope, parse_duration,
};
use super::{Meta, decode};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct Telemetry {
    selector: Option<WorkloadSelector>,
    target_ref: Option<PolicyTargetReference>,
    target_refs: Vec<PolicyTargetReference>,
    tracing: Vec<Option<Tracing>>,
    metrics: Vec<Option<Metrics>>,
    access_logging: Vec<Option<AccessLogging>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct Tracing {
    r#match: Option<ModeSelector>,
    providers: Vec<Option<ProviderRef>>,
    #[serde(default, deserialize_with = "double_value")]
    random_sampling_percentage: Option<f64>,
    disable_span_reporting: Option<bool>,
    custom_tags: BTreeMap<String, Option<CustomTag>>,
    use_request_id_for_trace_sampling: Option<bool>,
    enable_istio_tags: Option<bool>,
    disable_context_propagation: Option<bool>,
}

/// `TracingSelector` and `LogSelector`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct ModeSelector {
    mode: Option<WorkloadMode>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename = "istio.telemetry.v1alpha1.WorkloadMode")]
enum WorkloadMode {
    #[serde(rename = "CLIENT_AND_SERVER")]
    ClientAndServer,
    #[serde(rename = "CLIENT")]
    Client,
    #[serde(rename = "SERVER")]
    Server,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct ProviderRef {
    name: String,
}

/// `Tracing.CustomTag`: a oneof of literal, environment, header and formatter.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct CustomTag {
    literal: Option<Value>,
    environment: Option<Value>,
    header: Option<Value>,
    formatter: Option<Value>,
}

/// `Literal` and `Formatter`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct ValueTag {
    value: String,
}

/// `Environment` and `RequestHeader`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct NamedTag {
    name: String,
    default_value: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct Metrics {
    providers: Vec<Option<ProviderRef>>,
    overrides: Vec<Option<MetricsOverrides>>,
    reporting_interval: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct MetricsOverrides {
    r#match: Option<MetricSelector>,
    disabled: Option<bool>,
    tag_overrides: BTreeMap<String, Option<TagOverride>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct MetricSelector {
    metric: Option<IstioMetric>,
    custom_metric: Option<String>,
    mode: Option<WorkloadMode>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename = "istio.telemetry.v1alpha1.MetricSelector.IstioMetric")]
#[allow(clippy::enum_variant_names)]
enum IstioMetric {
    #[serde(rename = "ALL_METRICS")]
    AllMetrics,
    #[serde(rename = "REQUEST_COUNT")]
    RequestCount,
    #[serde(rename = "REQUEST_DURATION")]
    RequestDuration,
    #[serde(rename = "REQUEST_SIZE")]
    RequestSize,
    #[serde(rename = "RESPONSE_SIZE")]
    ResponseSize,
    #[serde(rename = "TCP_OPENED_CONNECTIONS")]
    TcpOpenedConnections,
    #[serde(rename = "TCP_CLOSED_CONNECTIONS")]
    TcpClosedConnections,
    #[serde(rename = "TCP_SENT_BYTES")]
    TcpSentBytes,
    #[serde(rename = "TCP_RECEIVED_BYTES")]
    TcpReceivedBytes,
    #[serde(rename = "GRPC_REQUEST_MESSAGES")]
    GrpcRequestMessages,
    #[serde(rename = "GRPC_RESPONSE_MESSAGES")]
    GrpcResponseMessages,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct TagOverride {
    operation: TagOperation,
    value: String,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.telemetry.v1alpha1.MetricsOverrides.TagOverride.Operation")]
enum TagOperation {
    #[default]
    #[serde(rename = "UPSERT")]
    Upsert,
    #[serde(rename = "REMOVE")]
    Remove,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct AccessLogging {
    r#match: Option<ModeSelector>,
    providers: Vec<Option<ProviderRef>>,
    disabled: Option<bool>,
    filter: Option<Filter>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct Filter {
    expression: String,
}

/// A `google.protobuf.DoubleValue`: a JSON number, or a string holding one (or NaN/Infinity).
fn double_value<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    use serde::de::Error;
    match Option::<Value>::deserialize(d)? {
        None => Ok(None),
        Some(Value::Number(n)) => Ok(n.as_f64()),
        Some(Value::String(s)) => match s.as_str() {
            "NaN" => Ok(Some(f64::NAN)),
            "Infinity" => Ok(Some(f64::INFINITY)),
            "-Infinity" => Ok(Some(f64::NEG_INFINITY)),
            _ => s
                .parse()
                .map(Some)
                .map_err(|_| D::Error::custom(format!("invalid value for double: {s:?}"))),
        },
        Some(other) => Err(D::Error::custom(format!(
            "invalid value for double: {other}"
        ))),
    }
}

/// Validate a Telemetry spec.
pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let telemetry: Telemetry = decode(spec)?;
    let tags = decode_custom_tags(&telemetry)?;
    for m in telemetry.metrics.iter().flatten() {
        if let Some(d) = &m.reporting_interval {
            parse_duration(d)?;
        }
        for o in m.overrides.iter().flatten() {
            if let Some(sel) = &o.r#match
                && sel.metric.is_some()
                && sel.custom_metric.is_some()
            {
                return Err(
                    "oneof istio.telemetry.v1alpha1.MetricSelector.metric_match is already set"
                        .into(),
                );
            }
        }
    }
    if crate::core::validate::check_metadata(meta, report) {
        return Ok(());
    }
    check_policy_scope(
        telemetry.selector.as_ref(),
        telemetry.target_ref.as_ref(),
        &telemetry.target_refs,
        report,
    );
    check_metrics(&telemetry.metrics, report);
    check_tracing(&telemetry.tracing, &tags, report);
    for logging in telemetry.access_logging.iter().flatten() {
        if let Some(filter) = &logging.filter
            && let Err(e) = cel::check(&filter.expression)
        {
            report.error(format!("must be a valid CEL expression, {e}"));
        }
        report.check(check_providers(&logging.providers));
    }
    Ok(())
}

/// A decoded custom tag: which member of the oneof is set, and its required field.
enum Tag {
    Nil,
    Unset,
    Literal(String),
    Environment(String),
    Header(String),
    Formatter,
}

/// Decode every tracing custom tag (a oneof: at most one member may be set).
fn decode_custom_tags(telemetry: &Telemetry) -> Result<Vec<Vec<(String, Tag)>>, String> {
    let mut all = Vec::new();
    for tracing in &telemetry.tracing {
        let mut tags = Vec::new();
        for (name, tag) in tracing.iter().flat_map(|t| &t.custom_tags) {
            let Some(tag) = tag else {
                tags.push((name.clone(), Tag::Nil));
                continue;
            };
            let members = [&tag.literal, &tag.environment, &tag.header, &tag.formatter];
            if members.iter().filter(|m| m.is_some()).count() > 1 {
                return Err(
                    "oneof istio.telemetry.v1alpha1.Tracing.CustomTag.type is already set".into(),
                );
            }
            let value = |v: &Value| decode::<ValueTag>(v).map(|t| t.value);
            let named = |v: &Value| decode::<NamedTag>(v).map(|t| t.name);
            let decoded = match (&tag.literal, &tag.environment, &tag.header, &tag.formatter) {
                (Some(v), ..) => Tag::Literal(value(v)?),
                (_, Some(v), ..) => Tag::Environment(named(v)?),
                (_, _, Some(v), _) => Tag::Header(named(v)?),
                (.., Some(v)) => {
                    value(v)?;
                    Tag::Formatter
                }
                _ => Tag::Unset,
            };
            tags.push((name.clone(), decoded));
        }
        all.push(tags);
    }
    Ok(all)
}

fn check_tracing(tracing: &[Option<Tracing>], tags: &[Vec<(String, Tag)>], report: &mut Report) {
    if tracing.len() > 1 {
        report.warning("multiple tracing is not currently supported");
    }
    for (t, tags) in tracing.iter().zip(tags) {
        let Some(t) = t else { continue };
        if t.providers.len() > 1 {
            report.warning("multiple providers is not currently supported");
        }
        report.check(check_providers(&t.providers));
        let pct = t.random_sampling_percentage.unwrap_or_default();
        // Written as Istio compares, so that NaN passes as it does there.
        #[allow(clippy::manual_range_contains)]
        if pct < 0.0 || pct > 100.0 {
            report.error("randomSamplingPercentage must be in range [0.0, 100.0]");
        }
        for (name, tag) in tags {
            if name.is_empty() {
                report.error("tag name may not be empty");
            }
            match tag {
                Tag::Nil => report.error(format!("tag '{name}' may not have a nil value")),
                Tag::Literal(v) if v.is_empty() => {
                    report.error("literal tag value may not be empty")
                }
                Tag::Header(n) if n.is_empty() => report.error("header tag name may not be empty"),
                Tag::Environment(n) if n.is_empty() => {
                    report.error("environment tag name may not be empty")
                }
                _ => {}
            }
        }
    }
}

fn check_metrics(metrics: &[Option<Metrics>], report: &mut Report) {
    for m in metrics.iter().flatten() {
        report.check(check_providers(&m.providers));
        for o in &m.overrides {
            let Some(o) = o else {
                report.error("tagOverrides may not be null");
                continue;
            };
            for (name, tag) in &o.tag_overrides {
                if name.is_empty() {
                    report.warning("tagOverrides.name may not be empty");
                }
                let Some(tag) = tag else {
                    report.error("tagOverrides may not be null");
                    continue;
                };
                match tag.operation {
                    TagOperation::Upsert if tag.value.is_empty() => {
                        report.error("tagOverrides.value must be set when operation is UPSERT")
                    }
                    TagOperation::Remove if !tag.value.is_empty() => {
                        report.error("tagOverrides.value may only be set when operation is UPSERT")
                    }
                    _ => {}
                }
            }
            if let Some(sel) = &o.r#match
                && sel.custom_metric.as_deref() == Some("")
            {
                report.error("customMetric may not be empty");
            }
        }
    }
}

/// `validateTelemetryProviders`: every provider named.
fn check_providers(providers: &[Option<ProviderRef>]) -> Result<(), String> {
    if providers
        .iter()
        .any(|p| p.as_ref().is_none_or(|p| p.name.is_empty()))
    {
        return Err("providers.name may not be empty".into());
    }
    Ok(())
}

/// A syntax check of CEL expressions (the access log `filter`), after the grammar of the CEL
/// specification: what cel-go's parser rejects, this rejects, with a position.
mod cel {
    #[derive(Debug, Clone, PartialEq)]
    enum Tok {
        Ident(String),
        Literal,
        Op(&'static str),
        End,
    }

    const OPS: [&str; 24] = [
        "||", "&&", "==", "!=", "<=", ">=", "<", ">", "!", "+", "-", "*", "/", "%", "?", ":", ".",
        ",", "(", ")", "[", "]", "{", "}",
    ];

    const RESERVED: [&str; 16] = [
        "as",
        "break",
        "const",
        "continue",
        "else",
        "for",
        "function",
        "if",
        "import",
        "let",
        "loop",
        "package",
        "namespace",
        "return",
        "var",
        "void",
    ];

    type Spanned = (Tok, usize);

    fn err(col: usize, msg: impl std::fmt::Display) -> String {
        format!("ERROR: <input>:1:{}: Syntax error: {msg}", col + 1)
    }

    fn lex(src: &str) -> Result<Vec<Spanned>, String> {
        let b = src.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c.is_ascii_whitespace() {
                i += 1;
                continue;
            }
            if src[i..].starts_with("//") {
                i = src[i..].find('\n').map_or(b.len(), |n| i + n);
                continue;
            }
            let start = i;
            if let Some(end) = string_literal(src, i)? {
                out.push((Tok::Literal, start));
                i = end;
            } else if c.is_ascii_digit()
                || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
            {
                i = number(b, i);
                if b.get(i)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
                {
                    return Err(err(i, "token recognition error"));
                }
                out.push((Tok::Literal, start));
            } else if c.is_ascii_alphabetic() || c == b'_' {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                let word = &src[start..i];
                let tok = match word {
                    "true" | "false" | "null" => Tok::Literal,
                    "in" => Tok::Op("in"),
                    _ => Tok::Ident(word.to_string()),
                };
                out.push((tok, start));
            } else if let Some(op) = OPS.iter().find(|op| src[i..].starts_with(**op)) {
                out.push((Tok::Op(op), start));
                i += op.len();
            } else {
                let ch = src[i..].chars().next().unwrap_or_default();
                return Err(err(i, format!("token recognition error at: '{ch}'")));
            }
        }
        out.push((Tok::End, src.len()));
        Ok(out)
    }

    /// The end of a string or bytes literal starting at `i`, if one starts there.
    fn string_literal(src: &str, i: usize) -> Result<Option<usize>, String> {
        let rest = &src[i..];
        let prefix = rest
            .bytes()
            .take_while(|c| matches!(c, b'r' | b'R' | b'b' | b'B'))
            .count();
        if prefix > 2 || !rest[prefix..].starts_with(['"', '\'']) {
            return Ok(None);
        }
        let raw = rest[..prefix].contains(['r', 'R']);
        let body = &rest[prefix..];
        let quote = if body.starts_with("\"\"\"") || body.starts_with("'''") {
            &body[..3]
        } else {
            &body[..1]
        };
        let mut j = quote.len();
        let bytes = body.as_bytes();
        while j < bytes.len() {
            if body[j..].starts_with(quote) {
                return Ok(Some(i + prefix + j + quote.len()));
            }
            match bytes[j] {
                b'\\' if !raw => j += 2,
                b'\n' | b'\r' if quote.len() == 1 => break,
                _ => j += 1,
            }
        }
        Err(err(i, "token recognition error: unterminated string"))
    }

    fn number(b: &[u8], mut i: usize) -> usize {
        let digits = |i: &mut usize| {
            while *i < b.len() && b[*i].is_ascii_digit() {
                *i += 1;
            }
        };
        if b[i] == b'0' && matches!(b.get(i + 1), Some(b'x' | b'X')) {
            i += 2;
            while i < b.len() && b[i].is_ascii_hexdigit() {
                i += 1;
            }
        } else {
            digits(&mut i);
            if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
                i += 1;
                digits(&mut i);
            }
            if matches!(b.get(i), Some(b'e' | b'E')) {
                let mut j = i + 1;
                if matches!(b.get(j), Some(b'+' | b'-')) {
                    j += 1;
                }
                if b.get(j).is_some_and(u8::is_ascii_digit) {
                    i = j;
                    digits(&mut i);
                }
            }
        }
        if matches!(b.get(i), Some(b'u' | b'U')) {
            i += 1;
        }
        i
    }

    struct Parser {
        toks: Vec<Spanned>,
        pos: usize,
        depth: usize,
    }

    /// Check that `src` is one CEL expression.
    pub(super) fn check(src: &str) -> Result<(), String> {
        let mut p = Parser {
            toks: lex(src)?,
            pos: 0,
            depth: 0,
        };
        p.expr()?;
        match p.peek() {
            Tok::End => Ok(()),
            _ => Err(p.unexpected()),
        }
    }

    impl Parser {
        fn peek(&self) -> &Tok {
            &self.toks[self.pos].0
        }

        fn eat(&mut self, op: &str) -> bool {
            if matches!(self.peek(), Tok::Op(o) if *o == op) {
                self.pos += 1;
                return true;
            }
            false
        }

        fn expect(&mut self, op: &str) -> Result<(), String> {
            if self.eat(op) {
                Ok(())
            } else {
                Err(self.unexpected())
            }
        }

        fn unexpected(&self) -> String {
            let (tok, col) = &self.toks[self.pos];
            let text = match tok {
                Tok::Ident(s) => s.clone(),
                Tok::Literal => "literal".into(),
                Tok::Op(o) => (*o).into(),
                Tok::End => "<EOF>".into(),
            };
            err(*col, format!("mismatched input '{text}'"))
        }

        fn expr(&mut self) -> Result<(), String> {
            self.depth += 1;
            if self.depth > 250 {
                return Err(err(
                    self.toks[self.pos].1,
                    "expression recursion limit exceeded",
                ));
            }
            self.binary(0)?;
            if self.eat("?") {
                self.binary(0)?;
                self.expect(":")?;
                self.expr()?;
            }
            self.depth -= 1;
            Ok(())
        }

        /// Binary operators by precedence level: `||`, `&&`, relations, `+ -`, `* / %`.
        fn binary(&mut self, level: usize) -> Result<(), String> {
            const LEVELS: [&[&str]; 5] = [
                &["||"],
                &["&&"],
                &["<", "<=", ">=", ">", "==", "!=", "in"],
                &["+", "-"],
                &["*", "/", "%"],
            ];
            let Some(ops) = LEVELS.get(level) else {
                return self.unary();
            };
            self.binary(level + 1)?;
            while ops.iter().any(|op| self.eat(op)) {
                self.binary(level + 1)?;
            }
            Ok(())
        }

        fn unary(&mut self) -> Result<(), String> {
            while self.eat("!") || self.eat("-") {}
            self.member()
        }

        fn member(&mut self) -> Result<(), String> {
            self.primary()?;
            loop {
                if self.eat(".") {
                    self.ident()?;
                    if self.eat("(") {
                        self.list(")", false)?;
                    }
                } else if self.eat("[") {
                    self.expr()?;
                    self.expect("]")?;
                } else if matches!(self.toks[self.pos - 1].0, Tok::Ident(_)) && self.eat("{") {
                    self.field_inits()?;
                } else {
                    return Ok(());
                }
            }
        }

        fn ident(&mut self) -> Result<(), String> {
            match self.peek() {
                Tok::Ident(name) if RESERVED.contains(&name.as_str()) => {
                    let col = self.toks[self.pos].1;
                    Err(err(col, format!("reserved identifier: {name}")))
                }
                Tok::Ident(_) => {
                    self.pos += 1;
                    Ok(())
                }
                _ => Err(self.unexpected()),
            }
        }

        fn primary(&mut self) -> Result<(), String> {
            match self.peek().clone() {
                Tok::Literal => {
                    self.pos += 1;
                    Ok(())
                }
                Tok::Ident(_) => {
                    self.ident()?;
                    if self.eat("(") {
                        self.list(")", false)?;
                    }
                    Ok(())
                }
                Tok::Op(".") => {
                    self.pos += 1;
                    self.ident()?;
                    if self.eat("(") {
                        self.list(")", false)?;
                    }
                    Ok(())
                }
                Tok::Op("(") => {
                    self.pos += 1;
                    self.expr()?;
                    self.expect(")")
                }
                Tok::Op("[") => {
                    self.pos += 1;
                    self.list("]", true)
                }
                Tok::Op("{") => {
                    self.pos += 1;
                    self.map_inits()
                }
                _ => Err(self.unexpected()),
            }
        }

        /// Expressions separated by commas up to `close` (a trailing comma where allowed).
        fn list(&mut self, close: &str, trailing: bool) -> Result<(), String> {
            if self.eat(close) {
                return Ok(());
            }
            loop {
                self.expr()?;
                if self.eat(close) {
                    return Ok(());
                }
                self.expect(",")?;
                if trailing && self.eat(close) {
                    return Ok(());
                }
            }
        }

        fn map_inits(&mut self) -> Result<(), String> {
            self.entries(Self::expr)
        }

        fn field_inits(&mut self) -> Result<(), String> {
            self.entries(Self::ident)
        }

        /// `key: value` entries up to `}`, a trailing comma allowed; maps and message
        /// literals differ only in what a key is.
        fn entries(&mut self, key: fn(&mut Self) -> Result<(), String>) -> Result<(), String> {
            if self.eat("}") {
                return Ok(());
            }
            loop {
                key(self)?;
                self.expect(":")?;
                self.expr()?;
                if self.eat("}") {
                    return Ok(());
                }
                self.expect(",")?;
                if self.eat("}") {
                    return Ok(());
                }
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::check;

        #[test]
        fn cel_syntax() {
            for ok in [
                "response.code >= 400",
                "connection.mtls && request.url_path.contains('v1beta3')",
                "response.code",
                "a ? b : c[1] in [1, 2,]",
                "{'a': 1}.size() == 1 && x.y{f: 1}.f == 1",
                "r\"raw\\\" == b'x' || -1.5e3 < 0x1Fu",
            ] {
                assert!(check(ok).is_ok(), "{ok}: {:?}", check(ok));
            }
            for bad in [")++++", "a &&", "a = b", "(a", "a.if", "'open", "f(a,)"] {
                assert!(check(bad).is_err(), "{bad}");
            }
        }
    }
}
