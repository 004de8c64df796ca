//! Validation of RequestAuthentication (security.istio.io), as Istio's
//! `ValidateRequestAuthentication` does it: JWT rules, their JWKS URI and inline JWKS.

use super::common::go_url;
use super::common::{
    PolicyTargetReference, Report, WorkloadSelector, check_policy_scope, parse_duration,
    validate_duration,
};
use super::{Meta, decode};
use crate::release::Feature;
use base64::Engine;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct RequestAuthentication {
    selector: Option<WorkloadSelector>,
    target_ref: Option<PolicyTargetReference>,
    target_refs: Vec<PolicyTargetReference>,
    jwt_rules: Vec<Option<JwtRule>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct JwtRule {
    issuer: String,
    audiences: Vec<String>,
    jwks_uri: String,
    jwks: String,
    from_headers: Vec<Option<JwtHeader>>,
    from_params: Vec<String>,
    output_payload_to_header: String,
    from_cookies: Vec<String>,
    forward_original_token: bool,
    output_claim_to_headers: Vec<Option<ClaimToHeader>>,
    timeout: Option<String>,
    space_delimited_claims: Vec<String>,
    presence: Option<JwtRequirement>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct JwtHeader {
    name: String,
    prefix: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct ClaimToHeader {
    header: String,
    claim: String,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename = "istio.security.v1beta1.JWTRule.JWTRequirement")]
enum JwtRequirement {
    #[serde(rename = "OPTIONAL")]
    Optional,
    #[serde(rename = "REQUIRED")]
    Required,
}

/// Validate a RequestAuthentication spec.
pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let ra: RequestAuthentication = decode(spec)?;
    let mut timeouts = Vec::new();
    for rule in &ra.jwt_rules {
        let timeout = match rule.as_ref().and_then(|r| r.timeout.as_deref()) {
            Some(t) => Some(parse_duration(t)?),
            None => None,
        };
        timeouts.push(timeout);
    }
    if crate::validate::check_metadata(meta, report) {
        return Ok(());
    }
    check_policy_scope(
        ra.selector.as_ref(),
        ra.target_ref.as_ref(),
        &ra.target_refs,
        meta.release,
        report,
    );
    for (rule, timeout) in ra.jwt_rules.iter().zip(timeouts) {
        let Some(rule) = rule else { continue };
        // `validateJwtRule` gathers with `multierror.Append`.
        report.listed(|report| check_jwt_rule(rule, timeout, report));
        if meta.release.has(Feature::JwksPrivateKeyWarning)
            && !rule.jwks.is_empty()
            && let Ok(keys) = parse_jwks(&rule.jwks)
        {
            for (i, _) in keys.iter().enumerate().filter(|(_, private)| **private) {
                report.warning(format!(
                    "jwks key at index {i} contains private key material; only public keys are used for verification"
                ));
            }
        }
    }
    Ok(())
}

/// `validateJwtRule`.
fn check_jwt_rule(rule: &JwtRule, timeout: Option<i128>, report: &mut Report) {
    for audience in &rule.audiences {
        if audience.is_empty() {
            report.error("audience must be non-empty string");
        }
    }
    if rule.issuer.is_empty() && rule.jwks_uri.is_empty() {
        report.error("issuer or jwksUri must be non-empty string");
    }
    if !rule.jwks_uri.is_empty() {
        report.check(check_jwks_uri(&rule.jwks_uri));
    }
    if !rule.jwks.is_empty()
        && let Err(e) = parse_jwks(&rule.jwks)
    {
        report.error(format!("jwks parse error: {e}"));
    }
    for header in &rule.from_headers {
        match header {
            None => report.error("location header name must be non-null"),
            Some(h) if h.name.is_empty() => {
                report.error("location header name must be non-empty string")
            }
            Some(_) => {}
        }
    }
    for param in &rule.from_params {
        if param.is_empty() {
            report.error("location query must be non-empty string");
        }
    }
    for cookie in &rule.from_cookies {
        if cookie.is_empty() {
            report.error("cookie name must be non-empty string");
        }
    }
    for claim in &rule.output_claim_to_headers {
        let Some(claim) = claim else {
            report.error("outputClaimToHeaders must not be null");
            continue;
        };
        if claim.claim.is_empty() || claim.header.is_empty() {
            report.error("outputClaimToHeaders header and claim value must be non-empty string");
            continue;
        }
        let valid = claim
            .header
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !valid {
            report.error(format!(
                "header name {} is not a valid header name",
                claim.header
            ));
        }
    }
    if let Some(t) = timeout {
        report.check(validate_duration(t));
    }
}

/// `security.ParseJwksURI`: an `http` or `https` URL with an optional numeric port.
fn check_jwks_uri(uri: &str) -> Result<(), String> {
    let url = go_url::parse(uri)?;
    if url.scheme != "http" && url.scheme != "https" {
        return Err(format!("URI scheme {:?} is not supported", url.scheme));
    }
    let port = url.port();
    if !port.is_empty() && port.parse::<i64>().is_err() {
        return Err(format!(
            "strconv.Atoi: parsing {port:?}: value out of range"
        ));
    }
    Ok(())
}

/// Parse an inline JWKS as lestrrat-go/jwx does: a key set (`{"keys": [...]}`) or one key.
/// Returns, for each key, whether it holds private (or symmetric) key material.
fn parse_jwks(jwks: &str) -> Result<Vec<bool>, String> {
    let set = |e: String| format!("failed to unmarshal JWK set: {e}");
    let value: Value = serde_json::from_str(jwks).map_err(|e| set(e.to_string()))?;
    let Value::Object(obj) = value else {
        return Err(set("expected '{'".into()));
    };
    match obj.get("keys") {
        Some(Value::Array(keys)) => keys
            .iter()
            .enumerate()
            .map(|(i, k)| {
                parse_key(k).map_err(|e| set(format!("failed to decode key #{i} in \"keys\": {e}")))
            })
            .collect(),
        Some(_) => Err(set("failed to decode \"keys\": expected an array".into())),
        None => parse_key(&Value::Object(obj))
            .map(|private| vec![private])
            .map_err(|e| set(format!("failed to parse sole key in key set: {e}"))),
    }
}

/// One JWK: its type, required members, string members and base64-encoded binary members.
fn parse_key(key: &Value) -> Result<bool, String> {
    let Value::Object(key) = key else {
        return Err("failed to unmarshal JSON into key hint".into());
    };
    let kty = match key.get("kty") {
        None => "",
        Some(Value::String(s)) => s.as_str(),
        Some(_) => return Err("failed to unmarshal JSON into key hint".into()),
    };
    let private = key.contains_key("d");
    let (go_type, binary, required): (&str, &[&str], &[&str]) = match kty {
        "RSA" if private => (
            "rsaPrivateKey",
            &["n", "e", "d", "p", "q", "dp", "dq", "qi"],
            &["d", "e", "n"],
        ),
        "RSA" => ("rsaPublicKey", &["n", "e"], &["e", "n"]),
        "EC" if private => ("ecdsaPrivateKey", &["x", "y", "d"], &["crv", "d", "x", "y"]),
        "EC" => ("ecdsaPublicKey", &["x", "y"], &["crv", "x", "y"]),
        "OKP" if private => ("okpPrivateKey", &["x", "d"], &["crv", "d", "x"]),
        "OKP" => ("okpPublicKey", &["x"], &["crv", "x"]),
        "oct" => ("symmetricKey", &["k"], &["k"]),
        other => return Err(format!("invalid key type from JSON ({other})")),
    };
    let members = || -> Result<(), String> {
        for name in binary {
            if let Some(v) = key.get(*name).filter(|v| !v.is_null()) {
                check_base64(name, v)?;
            }
        }
        for name in ["kid", "alg", "use", "crv", "x5u", "x5t", "x5t#S256"] {
            if key
                .get(name)
                .is_some_and(|v| !v.is_string() && !v.is_null())
            {
                return Err(format!(
                    "failed to decode value for key {name}: expected a string"
                ));
            }
        }
        for name in ["key_ops", "x5c"] {
            if key.get(name).is_some_and(|v| !v.is_array() && !v.is_null()) {
                return Err(format!(
                    "failed to decode value for key {name}: expected an array"
                ));
            }
        }
        if let Some(missing) = required.iter().find(|r| !key.contains_key(**r)) {
            return Err(format!("required field {missing} is missing"));
        }
        Ok(())
    };
    members().map_err(|e| format!("failed to unmarshal JSON into key (*jwk.{go_type}): {e}"))?;
    Ok(private || kty == "oct")
}

/// A binary JWK member: base64, URL-safe or standard, padded or not.
fn check_base64(name: &str, value: &Value) -> Result<(), String> {
    let Value::String(s) = value else {
        return Err(format!(
            "failed to decode value for key {name}: expected base64 encoded []byte (string)"
        ));
    };
    let url = !s.contains(['+', '/']);
    let padded = s.ends_with('=');
    let alphabet = if url {
        &base64::alphabet::URL_SAFE
    } else {
        &base64::alphabet::STANDARD
    };
    let padding = if padded {
        DecodePaddingMode::RequireCanonical
    } else {
        DecodePaddingMode::RequireNone
    };
    let config = GeneralPurposeConfig::new()
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(padding);
    let cleaned: String = s.chars().filter(|c| *c != '\r' && *c != '\n').collect();
    GeneralPurpose::new(alphabet, config)
        .decode(cleaned)
        .map(|_| ())
        .map_err(|e| format!("failed to decode value for key {name}: failed to decode source: {e}"))
}
