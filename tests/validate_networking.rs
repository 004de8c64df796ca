//! Istio's validation tables for VirtualService, DestinationRule and Gateway (and the pieces
//! they are made of), ported from `pkg/config/validation/validation_test.go`,
//! `virtualservice_test.go` and `agent/validation_test.go`. Each table calls the needle
//! validator matching the Go function under test. Inputs are the Go struct literals in
//! protobuf JSON form (Go's nil map values written as `null`). A case needle answers
//! differently is listed, with the reason, in `tests/known_failures.txt` (suite `validate`).

mod common;

use common::tally::Tally;

use base64::Engine;
use needle::core::validate::common::{self as vc, Exporter};
use needle::core::validate::destination_rule::{
    self as dr, load_balancer as lb, traffic_policy as tp,
};
use needle::core::validate::gateway as gw;
use needle::core::validate::virtual_service::{self as vs, http_policies as hp, http_route as hr};
use needle::core::validate::{Meta, Report};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// What the warnings must look like.
enum W {
    /// Not checked by Istio's test.
    Skip,
    /// No warning.
    No,
    /// Some warning containing the text (any warning for "").
    Has(&'static str),
}

struct Case {
    name: &'static str,
    /// The message under test, as protobuf JSON (`null` for Go's nil).
    input: Value,
    /// The other inputs of the Go case (bind address, outlier detection, namespace...).
    aux: Value,
    valid: bool,
    /// A text the errors must contain (when invalid).
    err: &'static str,
    warn: W,
}

/// Runs the validator under test; `Err` is a decoding error.
type Check = fn(&Value, &Value, &mut Report) -> Result<(), String>;

fn dec<T: DeserializeOwned>(v: &Value) -> Result<Option<T>, String> {
    if v.is_null() {
        Ok(None)
    } else {
        needle::core::validate::decode(v).map(Some)
    }
}

fn meta(name: &str, namespace: &str) -> Meta {
    Meta {
        name: name.into(),
        namespace: namespace.into(),
        ..Meta::default()
    }
}

fn run_case(case: &Case, check: Check) -> Result<(), String> {
    let mut report = Report::default();
    let decoded = check(&case.input, &case.aux, &mut report);
    let oneof = report.take_decode_error();
    if let Err(e) = decoded.and(oneof) {
        report.error(format!("decode error: {e}"));
    }
    let errors = report.errors.join("\n");
    if report.errors.is_empty() != case.valid {
        return Err(format!(
            "want valid={}, got errors {:?}",
            case.valid, report.errors
        ));
    }
    if !case.err.is_empty() && !errors.contains(case.err) {
        return Err(format!(
            "want an error containing {:?}, got {:?}",
            case.err, report.errors
        ));
    }
    let warnings = report.warnings.join("\n");
    match case.warn {
        W::Skip => {}
        W::No if !report.warnings.is_empty() => {
            return Err(format!("want no warning, got {:?}", report.warnings));
        }
        W::Has(text) if report.warnings.is_empty() || !warnings.contains(text) => {
            return Err(format!(
                "want a warning containing {text:?}, got {:?}",
                report.warnings
            ));
        }
        _ => {}
    }
    Ok(())
}

fn run_table(table: &str, cases: Vec<Case>, check: Check) {
    let mut tally = Tally::table("validate", table);
    for case in &cases {
        tally.record(case.name, run_case(case, check));
    }
    tally.check();
}

const GATEWAY: Check = |i, _, cx| gw::validate(&meta("foo", "bar"), i, cx);
const SERVER: Check = |i, _, cx| {
    match dec::<gw::Server>(i)? {
        Some(s) => gw::validate_server(cx, &s, false),
        None => cx.error("cannot have nil server"),
    }
    Ok(())
};
const SERVER_PORT: Check = |i, a, cx| {
    let port = dec::<vc::Port>(i)?;
    let bind = a["bind"].as_str().unwrap_or_default();
    for e in gw::validate_server_port(port.as_ref(), bind) {
        cx.error(e);
    }
    Ok(())
};
const TLS_OPTIONS: Check = |i, _, cx| {
    if let Some(t) = dec::<gw::ServerTlsSettings>(i)? {
        gw::validate_tls_options(cx, &t);
    }
    Ok(())
};
const CORS: Check = |i, _, cx| {
    if let Some(c) = dec::<hp::CorsPolicy>(i)? {
        hp::validate_cors(cx, &c);
    }
    Ok(())
};
const HTTP_STATUS: Check = |i, _, cx| {
    cx.check(hp::validate_http_status(i.as_i64().unwrap_or_default()));
    Ok(())
};
const ABORT: Check = |i, _, cx| {
    if let Some(a) = dec::<hp::Abort>(i)? {
        hp::validate_abort(cx, &a);
    }
    Ok(())
};
const DELAY: Check = |i, _, cx| {
    if let Some(d) = dec::<hp::Delay>(i)? {
        hp::validate_delay(cx, &d);
    }
    Ok(())
};
const RETRY: Check = |i, _, cx| {
    if let Some(r) = dec::<hp::Retry>(i)? {
        hp::validate_retry(cx, &r);
    }
    Ok(())
};
const REWRITE: Check = |i, _, cx| {
    if let Some(r) = dec::<hp::Rewrite>(i)? {
        cx.check(hp::validate_rewrite(&r));
    }
    Ok(())
};
const URI_REGEX_REWRITE: Check = |i, _, cx| {
    if let Some(r) = dec::<hp::RegexRewrite>(i)? {
        cx.check(hp::validate_uri_regex_rewrite(&r));
    }
    Ok(())
};
const REDIRECT: Check = |i, _, cx| {
    if let Some(r) = dec::<hp::Redirect>(i)? {
        cx.check(hp::validate_redirect(&r, &[]));
    }
    Ok(())
};
const DIRECT_RESPONSE: Check = |i, _, cx| {
    if let Some(d) = dec::<hp::DirectResponse>(i)? {
        hp::validate_direct_response(cx, &d);
    }
    Ok(())
};
const DESTINATION: Check = |i, _, cx| {
    if let Some(d) = dec::<hr::Destination>(i)? {
        hr::validate_destination(cx, &d);
    }
    Ok(())
};
const HTTP_ROUTE: Check = |i, _, cx| {
    let route = dec::<hr::HttpRoute>(i)?.unwrap_or_default();
    hr::validate_http_route(cx, &route, false, false);
    Ok(())
};
const DELEGATE_HTTP_ROUTE: Check = |i, _, cx| {
    let route = dec::<hr::HttpRoute>(i)?.unwrap_or_default();
    hr::validate_http_route(cx, &route, true, false);
    Ok(())
};
const ROUTE_DESTINATIONS: Check = |i, _, cx| {
    let routes = dec::<Vec<Option<vs::RouteDestination>>>(i)?.unwrap_or_default();
    vs::validate_route_destinations(cx, &routes, false);
    Ok(())
};
const VIRTUAL_SERVICE: Check = |i, _, cx| vs::validate(&Meta::default(), i, cx);
const HEADER_VALUE: Check = |i, _, cx| {
    cx.check(vs::http_headers::validate_header_value(
        i.as_str().unwrap_or_default(),
    ));
    Ok(())
};
const GATEWAY_BOUND_DOMAIN: Check = |i, a, cx| {
    let sni = a["sni"].as_bool().unwrap_or_default();
    cx.check(vs::validate_gateway_bound_domain(
        sni,
        i.as_str().unwrap_or_default(),
    ));
    Ok(())
};
const DESTINATION_RULE: Check = |i, _, cx| dr::validate(&meta("foo", "bar"), i, cx);
const TRAFFIC_POLICY: Check = |i, _, cx| {
    if let Some(t) = dec::<tp::TrafficPolicy>(i)? {
        tp::validate_traffic_policy(cx, "", &t);
    }
    Ok(())
};
const CONNECTION_POOL: Check = |i, _, cx| {
    tp::validate_connection_pool(cx, dec::<tp::ConnectionPoolSettings>(i)?.as_ref());
    Ok(())
};
const LOAD_BALANCER: Check = |i, _, cx| {
    lb::validate_load_balancer(cx, dec::<lb::LoadBalancerSettings>(i)?.as_ref(), None);
    Ok(())
};
const OUTLIER: Check = |i, _, cx| {
    tp::validate_outlier_detection(cx, dec::<tp::OutlierDetection>(i)?.as_ref());
    Ok(())
};
const CLIENT_TLS: Check = |i, _, cx| {
    tp::validate_client_tls(cx, "", dec::<tp::ClientTlsSettings>(i)?.as_ref());
    Ok(())
};
const LOCALITY_LB: Check = |i, a, cx| {
    let outlier = dec::<tp::OutlierDetection>(&a["outlier"])?;
    if let Some(l) = dec::<lb::LocalityLbSetting>(i)? {
        lb::validate_locality_lb_setting(cx, &l, outlier.as_ref());
    }
    Ok(())
};
const ZONE_AWARE_LB: Check = |i, a, cx| {
    let outlier = dec::<tp::OutlierDetection>(&a["outlier"])?;
    if let Some(z) = dec::<lb::ZoneAwareLbSetting>(i)? {
        lb::validate_zone_aware_lb_setting(cx, &z, outlier.as_ref());
    }
    Ok(())
};
const LOCALITIES: Check = |i, _, cx| {
    let list = dec::<Vec<String>>(i)?.unwrap_or_default();
    let refs: Vec<&str> = list.iter().map(String::as_str).collect();
    cx.check(lb::validate_localities(&refs));
    Ok(())
};
const WILDCARD_DOMAIN: Check = |i, _, cx| {
    cx.check(vc::validate_wildcard_domain(i.as_str().unwrap_or_default()));
    Ok(())
};
const EXPORT_TO: Check = |i, a, cx| {
    let list = dec::<Vec<String>>(i)?.unwrap_or_default();
    let namespace = a["namespace"].as_str().unwrap_or_default();
    let flag = |name: &str| a[name].as_bool().unwrap_or_default();
    let exporter = if flag("isServiceEntry") {
        Exporter::ServiceEntry
    } else if flag("isDestinationRuleWithSelector") {
        Exporter::DestinationRuleWithSelector
    } else {
        Exporter::Other
    };
    vc::validate_export_to(namespace, &list, exporter, cx);
    Ok(())
};

#[test]
fn gateway() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            aux: Value::Null,
            valid: false,
            err: "server",
            warn: W::No,
        },
        Case {
            name: "happy domain",
            input: json!({"servers": [{"hosts": ["foo.bar.com"], "port": {"name": "name1", "number": 7, "protocol": "http"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "happy multiple servers",
            input: json!({"servers": [{"hosts": ["foo.bar.com"], "port": {"name": "name1", "number": 7, "protocol": "http"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "happy k8s gateway-api server with no attached routes",
            input: json!({"servers": [{"hosts": ["~/foo.bar.com"], "port": {"name": "name1", "number": 7, "protocol": "http"}}]}),
            aux: Value::Null,
            valid: false,
            err: "invalid namespace value",
            warn: W::No,
        },
        Case {
            name: "invalid port",
            input: json!({"servers": [{"hosts": ["foo.bar.com"], "port": {"name": "name1", "number": 66000, "protocol": "http"}}]}),
            aux: Value::Null,
            valid: false,
            err: "port",
            warn: W::No,
        },
        Case {
            name: "duplicate port names",
            input: json!({"servers": [{"hosts": ["foo.bar.com"], "port": {"name": "foo", "number": 80, "protocol": "http"}}, {"hosts": ["scooby.doo.com"], "port": {"name": "foo", "number": 8080, "protocol": "http"}}]}),
            aux: Value::Null,
            valid: false,
            err: "port names",
            warn: W::No,
        },
        Case {
            name: "invalid domain",
            input: json!({"servers": [{"hosts": ["foo.*.bar.com"], "port": {"number": 7, "protocol": "http"}}]}),
            aux: Value::Null,
            valid: false,
            err: "domain",
            warn: W::No,
        },
        Case {
            name: "valid httpsRedirect",
            input: json!({"servers": [{"hosts": ["bar.com"], "port": {"name": "http", "number": 80, "protocol": "http"}, "tls": {"httpsRedirect": true}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid https httpsRedirect",
            input: json!({"servers": [{"hosts": ["bar.com"], "port": {"name": "https", "number": 80, "protocol": "https"}, "tls": {"httpsRedirect": true}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has("tls.httpsRedirect should only be used with http servers"),
        },
        Case {
            name: "invalid partial wildcard",
            input: json!({"servers": [{"hosts": ["*bar.com"], "port": {"name": "tls", "number": 443, "protocol": "tls"}, "tls": {"mode": "ISTIO_MUTUAL"}}]}),
            aux: Value::Null,
            valid: false,
            err: "partial wildcard \"*bar.com\" not allowed",
            warn: W::No,
        },
    ];
    run_table("TestValidateGateway", cases, GATEWAY);
}

#[test]
fn gateway_server() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            aux: Value::Null,
            valid: false,
            err: "host",
            warn: W::No,
        },
        Case {
            name: "empty #2",
            input: json!({}),
            aux: Value::Null,
            valid: false,
            err: "port",
            warn: W::No,
        },
        Case {
            name: "happy",
            input: json!({"hosts": ["foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "happy ip",
            input: json!({"hosts": ["1.1.1.1"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "happy ns/name",
            input: json!({"hosts": ["ns1/foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "happy */name",
            input: json!({"hosts": ["*/foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "happy ./name",
            input: json!({"hosts": ["./foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid ~/name",
            input: json!({"hosts": ["~/foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            aux: Value::Null,
            valid: false,
            err: "namespace",
            warn: W::No,
        },
        Case {
            name: "invalid domain ns/name format",
            input: json!({"hosts": ["ns1/foo.*.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            aux: Value::Null,
            valid: false,
            err: "domain",
            warn: W::No,
        },
        Case {
            name: "invalid domain",
            input: json!({"hosts": ["foo.*.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            aux: Value::Null,
            valid: false,
            err: "domain",
            warn: W::No,
        },
        Case {
            name: "invalid short name host",
            input: json!({"hosts": ["foo"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            aux: Value::Null,
            valid: false,
            err: "short names",
            warn: W::No,
        },
        Case {
            name: "invalid port",
            input: json!({"hosts": ["foo.bar.com"], "port": {"name": "http", "number": 66000, "protocol": "http"}}),
            aux: Value::Null,
            valid: false,
            err: "port",
            warn: W::No,
        },
        Case {
            name: "invalid tls options",
            input: json!({"hosts": ["foo.bar.com"], "port": {"name": "http", "number": 1, "protocol": "http"}, "tls": {"mode": "SIMPLE"}}),
            aux: Value::Null,
            valid: false,
            err: "TLS",
            warn: W::No,
        },
        Case {
            name: "no tls on HTTPS",
            input: json!({"hosts": ["foo.bar.com"], "port": {"name": "https", "number": 10000, "protocol": "https"}}),
            aux: Value::Null,
            valid: false,
            err: "must have TLS",
            warn: W::No,
        },
        Case {
            name: "tls on HTTP",
            input: json!({"hosts": ["foo.bar.com"], "port": {"name": "http", "number": 10000, "protocol": "http"}, "tls": {"mode": "SIMPLE"}}),
            aux: Value::Null,
            valid: false,
            err: "cannot have TLS",
            warn: W::No,
        },
        Case {
            name: "tls redirect on HTTP",
            input: json!({"hosts": ["foo.bar.com"], "port": {"name": "http", "number": 10000, "protocol": "http"}, "tls": {"httpsRedirect": true}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "bind ip",
            input: json!({"bind": "127.0.0.1", "hosts": ["foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "bind unix path with invalid port",
            input: json!({"bind": "unix://@foobar", "hosts": ["foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            aux: Value::Null,
            valid: false,
            err: "port number must be 0 for unix domain socket",
            warn: W::No,
        },
        Case {
            name: "bind unix path",
            input: json!({"bind": "unix://@foobar", "hosts": ["foo.bar.com"], "port": {"name": "http", "protocol": "http"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "bind bad ip",
            input: json!({"bind": "foo.bar", "hosts": ["foo.bar.com"], "port": {"name": "http", "protocol": "http"}}),
            aux: Value::Null,
            valid: false,
            err: "foo.bar is not a valid IP",
            warn: W::No,
        },
    ];
    run_table("TestValidateServer", cases, SERVER);
}

#[test]
fn gateway_server_port() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            aux: json!({"bind": ""}),
            valid: false,
            err: "invalid protocol",
            warn: W::Skip,
        },
        Case {
            name: "empty #2",
            input: json!({}),
            aux: json!({"bind": ""}),
            valid: false,
            err: "port name",
            warn: W::Skip,
        },
        Case {
            name: "happy",
            input: json!({"name": "Henry", "number": 1, "protocol": "http"}),
            aux: json!({"bind": ""}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid protocol",
            input: json!({"name": "Henry", "number": 1, "protocol": "kafka"}),
            aux: json!({"bind": ""}),
            valid: false,
            err: "invalid protocol",
            warn: W::Skip,
        },
        Case {
            name: "invalid number",
            input: json!({"name": "http", "number": 1073741824, "protocol": "http"}),
            aux: json!({"bind": ""}),
            valid: false,
            err: "port number",
            warn: W::Skip,
        },
        Case {
            name: "name, no number",
            input: json!({"name": "Henry", "protocol": "http"}),
            aux: json!({"bind": ""}),
            valid: false,
            err: "port number",
            warn: W::Skip,
        },
        Case {
            name: "name, no number, uds",
            input: json!({"name": "Henry", "protocol": "http"}),
            aux: json!({"bind": "uds:///tmp"}),
            valid: false,
            err: "port number",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateServerPort", cases, SERVER_PORT);
}

#[test]
fn gateway_tls_options() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "simple",
            input: json!({"mode": "SIMPLE", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "simple with client bundle",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "SIMPLE", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "simple sds with client bundle",
            input: json!({"credentialName": "sds-name", "mode": "SIMPLE"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "simple sds with client bundle but with server cert",
            input: json!({"credentialName": "sds-name", "mode": "SIMPLE", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            aux: Value::Null,
            valid: false,
            err: "one of credential_name, credential_names",
            warn: W::No,
        },
        Case {
            name: "simple no server cert",
            input: json!({"mode": "SIMPLE", "privateKey": "Khan Noonien Singh"}),
            aux: Value::Null,
            valid: false,
            err: "server certificate",
            warn: W::No,
        },
        Case {
            name: "simple no private key",
            input: json!({"mode": "SIMPLE", "serverCertificate": "Captain Jean-Luc Picard"}),
            aux: Value::Null,
            valid: false,
            err: "private key",
            warn: W::No,
        },
        Case {
            name: "simple more than 2 certs",
            input: json!({"mode": "SIMPLE", "tlsCertificates": [{"privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}, {"privateKey": "Lieutenant Commander Data", "serverCertificate": "Lieutenant Commander Data"}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has("SIMPLE TLS can support up to 2 server certificates"),
        },
        Case {
            name: "simple with both server cert and tls certs",
            input: json!({"mode": "SIMPLE", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard", "tlsCertificates": [{"privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Lieutenant Commander Data", "serverCertificate": "Lieutenant Commander Data"}]}),
            aux: Value::Null,
            valid: false,
            err: "one of credential_name, credential_names",
            warn: W::No,
        },
        Case {
            name: "simple 2 certs with missing certificate",
            input: json!({"mode": "SIMPLE", "tlsCertificates": [{"privateKey": "Commander William T. Riker"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}]}),
            aux: Value::Null,
            valid: false,
            err: "server certificate",
            warn: W::No,
        },
        Case {
            name: "simple 2 certs with missing private key",
            input: json!({"mode": "SIMPLE", "tlsCertificates": [{"serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}]}),
            aux: Value::Null,
            valid: false,
            err: "private key",
            warn: W::No,
        },
        Case {
            name: "simple sds no server cert",
            input: json!({"credentialName": "sds-name", "mode": "SIMPLE", "privateKey": "Khan Noonien Singh"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "simple sds no private key",
            input: json!({"credentialName": "sds-name", "mode": "SIMPLE", "serverCertificate": "Captain Jean-Luc Picard"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "mutual",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "MUTUAL", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "mutual sds",
            input: json!({"caCertificates": "Commander William T. Riker", "credentialName": "sds-name", "mode": "MUTUAL"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "mutual sds with credential name and server cert",
            input: json!({"caCertificates": "Commander William T. Riker", "credentialName": "sds-name", "mode": "MUTUAL", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            aux: Value::Null,
            valid: false,
            err: "one of credential_name, credential_names",
            warn: W::No,
        },
        Case {
            name: "mutual sds with credential name and tls certs",
            input: json!({"caCertificates": "Commander William T. Riker", "credentialName": "sds-name", "mode": "MUTUAL", "tlsCertificates": [{"privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}]}),
            aux: Value::Null,
            valid: false,
            err: "one of credential_name, credential_names",
            warn: W::No,
        },
        Case {
            name: "mutual no server cert",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "MUTUAL", "privateKey": "Khan Noonien Singh"}),
            aux: Value::Null,
            valid: false,
            err: "server certificate",
            warn: W::No,
        },
        Case {
            name: "credential names and certificates",
            input: json!({"credentialNames": ["server-certs"], "mode": "MUTUAL", "privateKey": "/etc/istio/certs/server/key", "serverCertificate": "/etc/istio/certs/server/cert"}),
            aux: Value::Null,
            valid: false,
            err: "one of credential_name, credential_names",
            warn: W::No,
        },
        Case {
            name: "credential names and tls certificates",
            input: json!({"credentialNames": ["server-certs"], "mode": "MUTUAL", "tlsCertificates": [{"caCertificates": "/etc/istio/certs/server/cacert2", "privateKey": "/etc/istio/certs/server/key", "serverCertificate": "/etc/istio/certs/server/cert"}]}),
            aux: Value::Null,
            valid: false,
            err: "one of credential_name, credential_names",
            warn: W::No,
        },
        Case {
            name: "only tls certificates",
            input: json!({"caCertificates": "/etc/istio/certs/server/cacert2", "mode": "MUTUAL", "tlsCertificates": [{"privateKey": "/etc/istio/certs/server/key", "serverCertificate": "/etc/istio/certs/server/cert"}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "mutual sds no server cert",
            input: json!({"caCertificates": "Commander William T. Riker", "credentialName": "sds-name", "mode": "MUTUAL", "privateKey": "Khan Noonien Singh"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "mutual no client CA bundle",
            input: json!({"mode": "MUTUAL", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            aux: Value::Null,
            valid: false,
            err: "client CA bundle",
            warn: W::No,
        },
        Case {
            name: "mutual no certs",
            input: json!({"mode": "MUTUAL"}),
            aux: Value::Null,
            valid: false,
            err: "server certificate",
            warn: W::No,
        },
        Case {
            name: "mutual no certs #2",
            input: json!({"mode": "MUTUAL"}),
            aux: Value::Null,
            valid: false,
            err: "private key",
            warn: W::No,
        },
        Case {
            name: "mutual no certs #3",
            input: json!({"mode": "MUTUAL"}),
            aux: Value::Null,
            valid: false,
            err: "client CA bundle",
            warn: W::No,
        },
        Case {
            name: "mutual more than 2 certs",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "MUTUAL", "tlsCertificates": [{"privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}, {"privateKey": "Lieutenant Commander Data", "serverCertificate": "Lieutenant Commander Data"}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has("MUTUAL TLS can support up to 2 server certificates"),
        },
        Case {
            name: "mutual with both server cert and tls certs",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "MUTUAL", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard", "tlsCertificates": [{"privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Lieutenant Commander Data", "serverCertificate": "Lieutenant Commander Data"}]}),
            aux: Value::Null,
            valid: false,
            err: "one of credential_name, credential_names",
            warn: W::No,
        },
        Case {
            name: "mutual 2 certs with missing certificate",
            input: json!({"caCertificates": "Lieutenant Commander Data", "mode": "MUTUAL", "tlsCertificates": [{"privateKey": "Commander William T. Riker"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}]}),
            aux: Value::Null,
            valid: false,
            err: "server certificate",
            warn: W::No,
        },
        Case {
            name: "mutual 2 certs with missing private key",
            input: json!({"caCertificates": "Lieutenant Commander Data", "mode": "MUTUAL", "tlsCertificates": [{"serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}]}),
            aux: Value::Null,
            valid: false,
            err: "private key",
            warn: W::No,
        },
        Case {
            name: "mutual 2 certs with missing CA certificate",
            input: json!({"mode": "MUTUAL", "tlsCertificates": [{"privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}]}),
            aux: Value::Null,
            valid: false,
            err: "client CA bundle",
            warn: W::No,
        },
        Case {
            name: "optional mutual no certs",
            input: json!({"mode": "OPTIONAL_MUTUAL"}),
            aux: Value::Null,
            valid: false,
            err: "server certificate",
            warn: W::No,
        },
        Case {
            name: "optional mutual no certs #2",
            input: json!({"mode": "OPTIONAL_MUTUAL"}),
            aux: Value::Null,
            valid: false,
            err: "private key",
            warn: W::No,
        },
        Case {
            name: "optional mutual no certs #3",
            input: json!({"mode": "OPTIONAL_MUTUAL"}),
            aux: Value::Null,
            valid: false,
            err: "client CA bundle",
            warn: W::No,
        },
        Case {
            name: "pass through sds no certs",
            input: json!({"credentialName": "sds-name"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has("PASSTHROUGH mode does not use certificates"),
        },
        Case {
            name: "pass through sds crl",
            input: json!({"caCrl": "scrl"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has("PASSTHROUGH mode does not use certificates"),
        },
        Case {
            name: "istio_mutual no certs",
            input: json!({"mode": "ISTIO_MUTUAL"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "istio_mutual with server cert",
            input: json!({"mode": "ISTIO_MUTUAL", "serverCertificate": "Captain Jean-Luc Picard"}),
            aux: Value::Null,
            valid: false,
            err: "cannot have associated server cert",
            warn: W::No,
        },
        Case {
            name: "istio_mutual with client bundle",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "ISTIO_MUTUAL", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            aux: Value::Null,
            valid: false,
            err: "cannot have associated",
            warn: W::No,
        },
        Case {
            name: "istio_mutual with private key",
            input: json!({"mode": "ISTIO_MUTUAL", "privateKey": "Khan Noonien Singh"}),
            aux: Value::Null,
            valid: false,
            err: "cannot have associated private key",
            warn: W::No,
        },
        Case {
            name: "istio_mutual with credential name",
            input: json!({"credentialName": "some-cred", "mode": "ISTIO_MUTUAL"}),
            aux: Value::Null,
            valid: false,
            err: "cannot have associated credentialName",
            warn: W::No,
        },
        Case {
            name: "invalid cipher suites",
            input: json!({"cipherSuites": ["not-a-cipher-suite"], "credentialName": "sds-name", "mode": "SIMPLE"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has("not-a-cipher-suite"),
        },
        Case {
            name: "valid cipher suites",
            input: json!({"cipherSuites": ["ECDHE-ECDSA-AES128-SHA"], "credentialName": "sds-name", "mode": "SIMPLE"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "cipher suites operations",
            input: json!({"cipherSuites": ["-ECDHE-ECDSA-AES128-SHA"], "credentialName": "sds-name", "mode": "SIMPLE"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "duplicate cipher suites",
            input: json!({"cipherSuites": ["ECDHE-ECDSA-AES128-SHA", "ECDHE-ECDSA-AES128-SHA"], "credentialName": "sds-name", "mode": "SIMPLE"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has("ECDHE-ECDSA-AES128-SHA"),
        },
        Case {
            name: "invalid cipher suites with invalid config",
            input: json!({"cipherSuites": ["not-a-cipher-suite"], "mode": "SIMPLE"}),
            aux: Value::Null,
            valid: false,
            err: "requires a private key",
            warn: W::Has("not-a-cipher-suite"),
        },
        Case {
            name: "crl specified for SIMPLE TLS",
            input: json!({"caCrl": "crl", "mode": "SIMPLE"}),
            aux: Value::Null,
            valid: false,
            err: "CRL is not supported with SIMPLE TLS",
            warn: W::No,
        },
        Case {
            name: "crl specified for CredentialName",
            input: json!({"caCrl": "crl", "credentialName": "credential", "mode": "SIMPLE"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "mutual no server cert #2",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "MUTUAL", "privateKey": "Khan Noonien Singh"}),
            aux: Value::Null,
            valid: false,
            err: "MUTUAL TLS requires a server certificate",
            warn: W::No,
        },
        Case {
            name: "mutual no private key",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "MUTUAL", "serverCertificate": "Khan Noonien Singh"}),
            aux: Value::Null,
            valid: false,
            err: "MUTUAL TLS requires a private key",
            warn: W::No,
        },
        Case {
            name: "with CredentialNames",
            input: json!({"credentialNames": ["credential1", "credential2"], "mode": "MUTUAL"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
    ];
    run_table("TestValidateTlsOptions", cases, TLS_OPTIONS);
}

#[test]
fn vs_cors_policy() {
    let cases = vec![
        Case {
            name: "valid",
            input: json!({"allowHeaders": ["header1", "header2"], "allowMethods": ["GET", "POST"], "exposeHeaders": ["header3"], "maxAge": "2s"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "bad method",
            input: json!({"allowHeaders": ["header1", "header2"], "allowMethods": ["GET", "PUTT"], "exposeHeaders": ["header3"], "maxAge": "2s"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "bad header",
            input: json!({"allowHeaders": ["header1", "header2"], "allowMethods": ["GET", "POST"], "exposeHeaders": [""], "maxAge": "2s"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "bad max age",
            input: json!({"allowHeaders": ["header1", "header2"], "allowMethods": ["GET", "POST"], "exposeHeaders": ["header3"], "maxAge": "2.000000042s"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty matchType AllowOrigins",
            input: json!({"allowHeaders": ["header1", "header2"], "allowMethods": ["GET", "POST"], "allowOrigins": [{"exact": ""}, {"prefix": ""}, {"regex": ""}], "exposeHeaders": ["header3"], "maxAge": "2s"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "non empty matchType AllowOrigins",
            input: json!({"allowHeaders": ["header1", "header2"], "allowMethods": ["GET", "POST"], "allowOrigins": [{"exact": "exact"}, {"prefix": "prefix"}, {"regex": "regex"}], "exposeHeaders": ["header3"], "maxAge": "2s"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateCORSPolicy", cases, CORS);
}

#[test]
fn vs_http_status() {
    let cases = vec![
        Case {
            name: "-100",
            input: json!(-100),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "0",
            input: json!(0),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "200",
            input: json!(200),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "600",
            input: json!(600),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "601",
            input: json!(601),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateHTTPStatus", cases, HTTP_STATUS);
}

#[test]
fn vs_fault_abort() {
    let cases = vec![
        Case {
            name: "nil",
            input: json!(null),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid",
            input: json!({"httpStatus": 200, "percentage": {"value": 20}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid default",
            input: json!({"httpStatus": 200}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid http status",
            input: json!({"httpStatus": 9000, "percentage": {"value": 20}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid low http status",
            input: json!({"httpStatus": 100, "percentage": {"value": 20}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid percentage",
            input: json!({"httpStatus": 200, "percentage": {"value": 0.001}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid fractional percent",
            input: json!({"httpStatus": 200, "percentage": {"value": -10}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "grpc: nil",
            input: json!(null),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "grpc: valid",
            input: json!({"grpcStatus": "DEADLINE_EXCEEDED", "percentage": {"value": 20}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "grpc: valid default percentage",
            input: json!({"grpcStatus": "DEADLINE_EXCEEDED"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "grpc: invalid status",
            input: json!({"grpcStatus": "BAD_STATUS", "percentage": {"value": 20}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "grpc: valid percentage",
            input: json!({"grpcStatus": "INTERNAL", "percentage": {"value": 0.001}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "grpc: invalid fractional percent",
            input: json!({"grpcStatus": "DEADLINE_EXCEEDED", "percentage": {"value": -10}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateHTTPFaultInjectionAbort", cases, ABORT);
}

#[test]
fn vs_fault_delay() {
    let cases = vec![
        Case {
            name: "nil",
            input: json!(null),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid fixed",
            input: json!({"fixedDelay": "3s", "percentage": {"value": 20}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid default",
            input: json!({"fixedDelay": "3s"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid percent",
            input: json!({"fixedDelay": "3s", "percentage": {"value": 101}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid delay",
            input: json!({"fixedDelay": "3.000000042s", "percentage": {"value": 20}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid fractional percentage",
            input: json!({"fixedDelay": "3s", "percentage": {"value": 0.001}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid fractional percentage",
            input: json!({"fixedDelay": "3s", "percentage": {"value": -10}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateHTTPFaultInjectionDelay", cases, DELAY);
}

#[test]
fn vs_http_retry() {
    let cases = vec![
        Case {
            name: "valid",
            input: json!({"attempts": 10, "perTryTimeout": "2s", "retryOn": "5xx,gateway-error"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "disable retries",
            input: json!({}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid, retry policy configured but attempts set to zero",
            input: json!({"perTryTimeout": "2s", "retryOn": "5xx,gateway-error"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid default",
            input: json!({"attempts": 10}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid http status retryOn",
            input: json!({"attempts": 10, "perTryTimeout": "2s", "retryOn": "503,connect-failure"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid attempts",
            input: json!({"attempts": -1, "perTryTimeout": "2s"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid timeout",
            input: json!({"attempts": 10, "perTryTimeout": "2.000000001s"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "timeout too small",
            input: json!({"attempts": 10, "perTryTimeout": "0.000000999s"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid backoff",
            input: json!({"attempts": 10, "backoff": "0.000000999s"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid policy retryOn",
            input: json!({"attempts": 10, "perTryTimeout": "2s", "retryOn": "5xx,invalid policy"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid http status retryOn",
            input: json!({"attempts": 10, "perTryTimeout": "2s", "retryOn": "600,connect-failure"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid, retryRemoteLocalities configured but attempts set to zero",
            input: json!({"retryRemoteLocalities": false}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateHTTPRetry", cases, RETRY);
}

#[test]
fn vs_http_rewrite() {
    let cases = vec![
        Case {
            name: "nil in",
            input: json!(null),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "uri and authority",
            input: json!({"authority": "foobar.org", "uri": "/path/to/resource"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "uri",
            input: json!({"uri": "/path/to/resource"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "authority",
            input: json!({"authority": "foobar.org"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "uriRegexRewrite",
            input: json!({"uriRegexRewrite": {"match": "^/service/([^/]+)(/.*)$", "rewrite": "\\2/instance/\\1"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "uriRegexRewrite and authority",
            input: json!({"authority": "foobar.org", "uriRegexRewrite": {"match": "^/service/([^/]+)(/.*)$", "rewrite": "\\2/instance/\\1"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "uriRegexRewrite and uri",
            input: json!({"uri": "/path/to/resource", "uriRegexRewrite": {"match": "^/service/([^/]+)(/.*)$", "rewrite": "\\2/instance/\\1"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "no uri, uriRegexRewrite, or authority",
            input: json!({}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateHTTPRewrite", cases, REWRITE);
}

#[test]
fn vs_uri_regex_rewrite() {
    let cases = vec![
        Case {
            name: "uriRegexRewrite nil",
            input: json!(null),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "uriRegexRewrite happy path",
            input: json!({"match": "^/service/([^/]+)(/.*)$", "rewrite": "\\2/instance/\\1"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "uriRegexRewrite missing match",
            input: json!({"rewrite": "\\2/instance/\\1"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "uriRegexRewrite missing rewrite",
            input: json!({"match": "^/service/([^/]+)(/.*)$"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "uriRegexRewrite invalid regex patterns",
            input: json!({"match": "[", "rewrite": "["}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateUriRegexRewrite", cases, URI_REGEX_REWRITE);
}

#[test]
fn vs_http_redirect() {
    let cases = vec![
        Case {
            name: "nil redirect",
            input: json!(null),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty uri and authority",
            input: json!({}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "too small redirect code",
            input: json!({"redirectCode": 299, "uri": "t"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "too large redirect code",
            input: json!({"redirectCode": 400, "uri": "t"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty authority",
            input: json!({"uri": "t"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty uri",
            input: json!({"authority": "t"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty redirect code",
            input: json!({"authority": "t", "uri": "t"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "normal redirect",
            input: json!({"authority": "t", "redirectCode": 308, "uri": "t"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "prefix_rewrite alone",
            input: json!({"prefixRewrite": "/bar"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "prefix_rewrite with authority",
            input: json!({"authority": "foo.example.com", "prefixRewrite": "/"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "uri and prefix_rewrite mutually exclusive",
            input: json!({"prefixRewrite": "/new", "uri": "/old"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateHTTPRedirect", cases, REDIRECT);
}

#[test]
fn vs_direct_response() {
    let cases = vec![
        Case {
            name: "nil redirect",
            input: json!(null),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "status 200",
            input: json!({"status": 200}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "status 100",
            input: json!({"status": 199}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "status 600",
            input: json!({"status": 601}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "with string body",
            input: json!({"body": {"string": "hello"}, "status": 200}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "with string body over 100kb",
            input: json!({"body": {"string": "a".repeat(103424)}, "status": 200}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has(""),
        },
        Case {
            name: "with string body over 1mb",
            input: json!({"body": {"string": "a".repeat(2097152)}, "status": 200}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "with bytes body",
            input: json!({"body": {"bytes": "aGVsbG8="}, "status": 200}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "with bytes body over 100kb",
            input: json!({"body": {"bytes": base64::engine::general_purpose::STANDARD.encode("a".repeat(102401))}, "status": 200}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has(""),
        },
        Case {
            name: "with bytes body over 1mb",
            input: json!({"body": {"bytes": base64::engine::general_purpose::STANDARD.encode("a".repeat(1048577))}, "status": 200}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
    ];
    run_table("TestValidateHTTPDirectResponse", cases, DIRECT_RESPONSE);
}

#[test]
fn vs_destination() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "simple",
            input: json!({"host": "foo.bar"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "full",
            input: json!({"host": "foo.bar", "port": {"number": 5000}, "subset": "shiny"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "unnumbered-selector",
            input: json!({"host": "foo.bar", "port": {}, "subset": "shiny"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateDestination", cases, DESTINATION);
}

#[test]
fn vs_http_route() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "simple",
            input: json!({"route": [{"destination": {"host": "foo.baz"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "no destination",
            input: json!({"route": [{}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "weighted",
            input: json!({"route": [{"destination": {"host": "foo.baz.south"}, "weight": 25}, {"destination": {"host": "foo.baz.east"}, "weight": 75}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "total weight > 100",
            input: json!({"route": [{"destination": {"host": "foo.baz.south"}, "weight": 550}, {"destination": {"host": "foo.baz.east"}, "weight": 500}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "total weight < 100",
            input: json!({"route": [{"destination": {"host": "foo.baz.south"}, "weight": 49}, {"destination": {"host": "foo.baz.east"}, "weight": 50}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "simple redirect",
            input: json!({"redirect": {"authority": "foo.biz", "uri": "/lerp"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "prefix_rewrite redirect with prefix URI match",
            input: json!({"match": [{"uri": {"prefix": "/foo"}}], "redirect": {"prefixRewrite": "/bar"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "prefix_rewrite redirect with exact URI match is invalid",
            input: json!({"match": [{"uri": {"exact": "/foo"}}], "redirect": {"prefixRewrite": "/bar"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "prefix_rewrite redirect with regex URI match is invalid",
            input: json!({"match": [{"uri": {"regex": "/foo.*"}}], "redirect": {"prefixRewrite": "/bar"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "prefix_rewrite redirect with no URI match (wildcard) is valid",
            input: json!({"match": [{"headers": {"x-foo": {"exact": "bar"}}}], "redirect": {"prefixRewrite": "/bar"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "conflicting redirect and route",
            input: json!({"redirect": {"authority": "foo.biz", "uri": "/lerp"}, "route": [{"destination": {"host": "foo.baz"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "request response headers",
            input: json!({"route": [{"destination": {"host": "foo.baz"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid headers",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"add": {"name": ""}, "remove": ["name"], "set": {"name": ""}}, "response": {"add": {"name": ""}, "remove": ["name"], "set": {"name": ""}}}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty header name - request add",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"add": {"": "value"}}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty header name - request set",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"set": {"": "value"}}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty header name - request remove",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"remove": [""]}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty header name - response add",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"add": {"": "value"}}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty header name - response set",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"set": {"": "value"}}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty header name - response remove",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"remove": [""]}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "envoy escaped % set",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"set": {"i-love-istio": "100%%"}}}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "envoy variable set",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"set": {"name": "%HOSTNAME%"}}}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "envoy unescaped % set",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"set": {"name": "abcd%oijasodifj"}}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "envoy escaped % add",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"add": {"i-love-istio": "100%% and more"}}}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "envoy variable add",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"add": {"name": "hello %HOSTNAME%"}}}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "envoy unescaped % add",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"add": {"name": "abcd%oijasodifj"}}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "null header match",
            input: json!({"match": [{"headers": {"header": null}}], "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty prefix header match",
            input: json!({"match": [{"headers": {"emptyprefix": {"prefix": ""}}}], "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "nil match",
            input: json!({"route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "match with nil element",
            input: json!({"match": [{}], "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid mirror percent",
            input: json!({"match": [{}], "mirrorPercent": 101, "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid mirror percentage",
            input: json!({"match": [{}], "mirrorPercentage": {"value": 101}, "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid mirror percentage",
            input: json!({"match": [{}], "mirrorPercentage": {"value": 1}, "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "negative mirror percentage",
            input: json!({"match": [{}], "mirrorPercentage": {"value": -1}, "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "mirrors without destination",
            input: json!({"match": [{}], "mirrors": [{}], "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "mirrors invalid mirror percentage",
            input: json!({"match": [{}], "mirrors": [{"destination": {"host": "foo.baz"}}, {"destination": {"host": "foo.baz"}, "percentage": {"value": 101}}], "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "mirrors valid mirror percentage",
            input: json!({"match": [{}], "mirrors": [{"destination": {"host": "foo.baz"}, "percentage": {"value": 1}}, {"destination": {"host": "foo.baz"}, "percentage": {"value": 50}}], "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "mirrors negative mirror percentage",
            input: json!({"match": [{}], "mirrors": [{"destination": {"host": "foo.baz"}, "percentage": {"value": -1}}], "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "conflicting mirror and mirrors",
            input: json!({"mirror": {"host": "foo.baz"}, "mirrors": [{"destination": {"host": "foo.bar"}}], "route": [{"destination": {"host": "foo.baz"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateHTTPRoute", cases, HTTP_ROUTE);
}

#[test]
fn vs_route_destination() {
    let cases = vec![
        Case {
            name: "simple",
            input: json!([{"destination": {"host": "foo.baz"}}]),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard dash",
            input: json!([{"destination": {"host": "*-foo.baz"}}]),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard prefix",
            input: json!([{"destination": {"host": "*foo.baz"}}]),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard",
            input: json!([{"destination": {"host": "*"}}]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "bad wildcard",
            input: json!([{"destination": {"host": "foo.*"}}]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "bad fqdn",
            input: json!([{"destination": {"host": "default/baz"}}]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "no destination",
            input: json!([{}]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "weighted",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 25}, {"destination": {"host": "foo.baz.east"}, "weight": 75}]),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "weight < 0",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 5}, {"destination": {"host": "foo.baz.east"}, "weight": -1}]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "total weight > 100",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 550}, {"destination": {"host": "foo.baz.east"}, "weight": 500}]),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "total weight < 100",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 49}, {"destination": {"host": "foo.baz.east"}, "weight": 50}]),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "total weight = 100",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 100}, {"destination": {"host": "foo.baz.east"}}]),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "weight = 0",
            input: json!([{"destination": {"host": "foo.baz.south"}}]),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "total weight = 0 with multi RouteDestination",
            input: json!([{"destination": {"host": "foo.baz.south"}}, {"destination": {"host": "foo.baz.east"}}]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateRouteDestination", cases, ROUTE_DESTINATIONS);
}

#[test]
fn virtual_service() {
    let cases = vec![
        Case {
            name: "simple",
            input: json!({"hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "allow sni based domains",
            input: json!({"gateways": ["ns1/gateway"], "hosts": ["outbound_.15010_._.istiod.istio-system.svc.cluster.local"], "tls": [{"match": [{"sniHosts": ["outbound_.15010_._.istiod.istio-system.svc.cluster.local"]}], "route": [{"destination": {"host": "istio.istio-system.svc.cluster.local"}}]}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "duplicate hosts",
            input: json!({"hosts": ["*.foo.bar", "*.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "with no destination",
            input: json!({"hosts": ["*.foo.bar", "*.bar"], "http": [{"route": [{}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "destination with out hosts",
            input: json!({"hosts": ["*.foo.bar", "*.bar"], "http": [{"route": [{"destination": {}}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "delegate with no hosts",
            input: json!({"http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "bad host",
            input: json!({"hosts": ["foo.ba!r"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "no tcp or http routing",
            input: json!({"hosts": ["foo.bar"]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "bad gateway",
            input: json!({"gateways": ["b@dgateway"], "hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "FQDN for gateway",
            input: json!({"gateways": ["gateway.example.com"], "hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has(""),
        },
        Case {
            name: "namespace/name for gateway",
            input: json!({"gateways": ["ns1/gateway"], "hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "namespace/* for gateway",
            input: json!({"gateways": ["ns1/*"], "hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "*/name for gateway",
            input: json!({"gateways": ["*/gateway"], "hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "wildcard for mesh gateway",
            input: json!({"hosts": ["*"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "wildcard for non-mesh gateway",
            input: json!({"gateways": ["somegateway"], "hosts": ["*"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "missing tcp route",
            input: json!({"hosts": ["foo.bar"], "tcp": [{"match": [{"port": 999}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "missing tls route",
            input: json!({"hosts": ["foo.bar"], "tls": [{"match": [{"port": 999, "sniHosts": ["foo.bar"]}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "deprecated mirror",
            input: json!({"gateways": ["ns1/gateway"], "hosts": ["foo.bar"], "http": [{"mirrorPercent": 5, "route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has(""),
        },
        Case {
            name: "set authority",
            input: json!({"hosts": ["foo.bar"], "http": [{"headers": {"request": {"set": {":authority": "foo"}}}, "route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "set authority in destination",
            input: json!({"hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"set": {":authority": "foo"}}}}]}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "set authority in rewrite and header",
            input: json!({"hosts": ["foo.bar"], "http": [{"headers": {"request": {"set": {":authority": "foo"}}}, "rewrite": {"authority": "bar"}, "route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "non-method-get",
            input: json!({"hosts": ["foo.bar"], "http": [{"match": [{"uri": {"prefix": "/api/v1/product"}}, {"method": {"exact": "GET"}, "uri": {"prefix": "/api/v1/products"}}], "route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has(""),
        },
        Case {
            name: "uri-with-prefix-exact",
            input: json!({"hosts": ["foo.bar"], "http": [{"match": [{"uri": {"prefix": "/"}}, {"method": {"exact": "GET"}, "uri": {"exact": "/"}}], "route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "jwt claim route without gateway",
            input: json!({"gateways": ["mesh"], "hosts": ["foo.bar"], "http": [{"match": [{"headers": {"@request.auth.claims.foo": {"exact": "bar"}}, "uri": {"prefix": "/"}}], "route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "ip address as sni host",
            input: json!({"hosts": ["foo.bar"], "tls": [{"match": [{"port": 999, "sniHosts": ["1.1.1.1"]}], "route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has(""),
        },
        Case {
            name: "invalid wildcard as sni host",
            input: json!({"hosts": ["foo.bar"], "tls": [{"match": [{"port": 999, "sniHosts": ["foo.*.com"]}], "route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
    ];
    run_table("TestValidateVirtualService", cases, VIRTUAL_SERVICE);
}

#[test]
fn vs_chaining() {
    let cases = vec![
        Case {
            name: "root simple",
            input: json!({"gateways": ["test-gateway"], "hosts": ["foo.bar"], "http": [{"delegate": {"name": "test", "namespace": "test"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "root applies to sidecar with delegate",
            input: json!({"hosts": ["foo.bar"], "http": [{"delegate": {"name": "test", "namespace": "test"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "root with delegate and destination in one route",
            input: json!({"hosts": ["foo.bar"], "http": [{"delegate": {"name": "test", "namespace": "test"}, "route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "delegate with no destination",
            input: json!({"http": [{}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "delegate with delegate",
            input: json!({"http": [{"delegate": {"name": "test", "namespace": "test"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "delegate with TCP route",
            input: json!({"tcp": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "delegate with gateway",
            input: json!({"gateways": ["test"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "delegate with sourceNamespace",
            input: json!({"http": [{"match": [{"sourceNamespace": "test"}], "route": [{"destination": {"host": "foo.baz"}}]}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateChainingVirtualService", cases, VIRTUAL_SERVICE);
}

#[test]
fn vs_root_http_route() {
    let cases = vec![
        Case {
            name: "simple",
            input: json!({"delegate": {"name": "test", "namespace": "test"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "route and delegate conflict",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "route": [{"destination": {"host": "foo.baz"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "redirect and delegate conflict",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "redirect": {"authority": "foo.biz", "uri": "/lerp"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "null header match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"headers": {"header": null}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "prefix header match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"headers": {"header": {"prefix": "test"}}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty prefix header match (delegate)",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"headers": {"header": {"prefix": ""}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "exact header match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"headers": {"header": {"exact": "test"}}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "regex header match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"headers": {"header": {"regex": "test"}}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "exact without headers match",
            input: json!({"match": [{"withoutHeaders": {"header": {"exact": "test"}}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "regex without headers match",
            input: json!({"match": [{"withoutHeaders": {"header": {"regex": "test"}}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "regex without headers match ?",
            input: json!({"match": [{"withoutHeaders": {"header": {"regex": "?"}}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "regex without headers match *",
            input: json!({"match": [{"withoutHeaders": {"header": {"regex": "*"}}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "regex uri match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"uri": {"regex": "test"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "prefix uri match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"uri": {"prefix": "test"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "exact uri match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"uri": {"exact": "test"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "prefix queryParams match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"queryParams": {"q": {"prefix": "test"}}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "exact queryParams match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"queryParams": {"q": {"exact": "test"}}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "regex queryParams match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"headers": {"q": {"regex": "test"}}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty prefix match in method",
            input: json!({"match": [{"method": {"prefix": ""}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty regex match in method",
            input: json!({"match": [{"method": {"regex": ""}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty prefix match in uri",
            input: json!({"match": [{"uri": {"prefix": ""}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty regex match in uri",
            input: json!({"match": [{"uri": {"regex": ""}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty regex match in query",
            input: json!({"match": [{"queryParams": {"q": {"regex": ""}}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty regex match in scheme",
            input: json!({"match": [{"scheme": {"regex": ""}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty prefix match in scheme",
            input: json!({"match": [{"scheme": {"prefix": ""}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty prefix header match",
            input: json!({"match": [{"headers": {"header": {"prefix": ""}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateRootHTTPRoute", cases, HTTP_ROUTE);
}

#[test]
fn vs_delegate_http_route() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "simple",
            input: json!({"route": [{"destination": {"host": "foo.baz"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "no destination",
            input: json!({"route": [{}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "weighted",
            input: json!({"route": [{"destination": {"host": "foo.baz.south"}, "weight": 25}, {"destination": {"host": "foo.baz.east"}, "weight": 75}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "total weight > 100",
            input: json!({"route": [{"destination": {"host": "foo.baz.south"}, "weight": 55}, {"destination": {"host": "foo.baz.east"}, "weight": 50}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "total weight < 100",
            input: json!({"route": [{"destination": {"host": "foo.baz.south"}, "weight": 49}, {"destination": {"host": "foo.baz.east"}, "weight": 50}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "simple redirect",
            input: json!({"redirect": {"authority": "foo.biz", "uri": "/lerp"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "conflicting redirect and route",
            input: json!({"redirect": {"authority": "foo.biz", "uri": "/lerp"}, "route": [{"destination": {"host": "foo.baz"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "request response headers",
            input: json!({"route": [{"destination": {"host": "foo.baz"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid headers",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"add": {"name": ""}, "remove": ["name"], "set": {"name": ""}}, "response": {"add": {"name": ""}, "remove": ["name"], "set": {"name": ""}}}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty header name - request add",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"add": {"": "value"}}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty header name - request set",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"set": {"": "value"}}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty header name - request remove",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"remove": [""]}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty header name - response add",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"add": {"": "value"}}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty header name - response set",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"set": {"": "value"}}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "empty header name - response remove",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"remove": [""]}}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "null header match",
            input: json!({"match": [{"headers": {"header": null}}], "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "nil match",
            input: json!({"route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "match with nil element",
            input: json!({"match": [{}], "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid mirror percent",
            input: json!({"match": [{}], "mirrorPercent": 101, "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid mirror percentage",
            input: json!({"match": [{}], "mirrorPercentage": {"value": 101}, "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid mirror percentage",
            input: json!({"match": [{}], "mirrorPercentage": {"value": 1}, "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "negative mirror percentage",
            input: json!({"match": [{}], "mirrorPercentage": {"value": -1}, "route": [{"destination": {"host": "foo.bar"}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "delegate route with delegate",
            input: json!({"delegate": {"name": "test", "namespace": "test"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateDelegateHTTPRoute", cases, DELEGATE_HTTP_ROUTE);
}

#[test]
fn vs_header_value() {
    let cases = vec![
        Case {
            name: "foo",
            input: json!("foo"),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "%HOSTNAME%",
            input: json!("%HOSTNAME%"),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "100%%",
            input: json!("100%%"),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "prefix %HOSTNAME% suffix",
            input: json!("prefix %HOSTNAME% suffix"),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "%DOWNSTREAM_PEER_CERT_V_END(%b %d %H:%M:%S %Y %Z)%",
            input: json!("%DOWNSTREAM_PEER_CERT_V_END(%b %d %H:%M:%S %Y %Z)%"),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "%DYNAMIC_METADATA(com.test.my_filter)%",
            input: json!("%DYNAMIC_METADATA(com.test.my_filter)%"),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "%START_TIME%%",
            input: json!("%START_TIME%%"),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "abc%123",
            input: json!("abc%123"),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateHTTPHeaderValue", cases, HEADER_VALUE);
}

#[test]
fn vs_gateway_bound_domain() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!(""),
            aux: json!({"sni": false}),
            valid: false,
            err: "empty",
            warn: W::Skip,
        },
        Case {
            name: "too long",
            input: json!(
                "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
            ),
            aux: json!({"sni": false}),
            valid: false,
            err: "too long",
            warn: W::Skip,
        },
        Case {
            name: "happy",
            input: json!("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
            aux: json!({"sni": false}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard",
            input: json!("*"),
            aux: json!({"sni": false}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard multi-segment",
            input: json!("*.bar.com"),
            aux: json!({"sni": false}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard single segment",
            input: json!("*foo"),
            aux: json!({"sni": false}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard prefix",
            input: json!("*foo.bar.com"),
            aux: json!({"sni": false}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard prefix dash",
            input: json!("*-foo.bar.com"),
            aux: json!({"sni": false}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "bad wildcard",
            input: json!("foo.*.com"),
            aux: json!({"sni": false}),
            valid: false,
            err: "invalid",
            warn: W::Skip,
        },
        Case {
            name: "bad wildcard #2",
            input: json!("foo*.bar.com"),
            aux: json!({"sni": false}),
            valid: false,
            err: "invalid",
            warn: W::Skip,
        },
        Case {
            name: "IP address",
            input: json!("1.1.1.1"),
            aux: json!({"sni": false}),
            valid: false,
            err: "invalid",
            warn: W::Skip,
        },
        Case {
            name: "SNI domain",
            input: json!("outbound_.80_._.e2e.foobar.mesh"),
            aux: json!({"sni": true}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "happy #2",
            input: json!("outbound.com"),
            aux: json!({"sni": true}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid SNI domain",
            input: json!("neverbound_.80_._.e2e.foobar.mesh"),
            aux: json!({"sni": true}),
            valid: false,
            err: "invalid",
            warn: W::Skip,
        },
        Case {
            name: "invalid SNI domain #2",
            input: json!("outbound_.thisIsNotAPort_._.e2e.foobar.mesh"),
            aux: json!({"sni": true}),
            valid: false,
            err: "invalid",
            warn: W::Skip,
        },
        Case {
            name: "invalid SNI domain #3",
            input: json!("outbound_.80_._"),
            aux: json!({"sni": true}),
            valid: false,
            err: "invalid",
            warn: W::Skip,
        },
    ];
    run_table(
        "TestValidateWildcardDomainForVirtualServiceBoundToGateway",
        cases,
        GATEWAY_BOUND_DOMAIN,
    );
}

#[test]
fn destination_rule() {
    let cases = vec![
        Case {
            name: "simple destination rule",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1"}, {"labels": {"version": "v2"}, "name": "v2"}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "simple destination rule with empty selector labels",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1"}, {"labels": {"version": "v2"}, "name": "v2"}], "workloadSelector": {}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has(""),
        },
        Case {
            name: "missing destination name",
            input: json!({"subsets": [{"labels": {"version": "v1"}, "name": "v1"}, {"labels": {"version": "v2"}, "name": "v2"}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "missing subset name",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}}, {"labels": {"version": "v2"}, "name": "v2"}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "duplicate subset names",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "foo"}, {"labels": {"version": "v2"}, "name": "foo"}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "valid traffic policy, top level",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1"}, {"labels": {"version": "v2"}, "name": "v2"}], "trafficPolicy": {"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid traffic policy, top level",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1"}, {"labels": {"version": "v2"}, "name": "v2"}], "trafficPolicy": {"connectionPool": {}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "valid traffic policy, subset level",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1", "trafficPolicy": {"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}}, {"labels": {"version": "v2"}, "name": "v2"}]}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid traffic policy, subset level",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1", "trafficPolicy": {"connectionPool": {}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}}, {"labels": {"version": "v2"}, "name": "v2"}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "valid traffic policy, both levels",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1", "trafficPolicy": {"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 30}}}, {"labels": {"version": "v2"}, "name": "v2"}], "trafficPolicy": {"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is not specified with tls mode simple, and the ca cert is specified by CaCertificates",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"caCertificates": "test", "mode": "SIMPLE", "subjectAltNames": ["reviews.default.svc"]}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is not specified with tls mode simple, and the ca cert is specified by CredentialName",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"credentialName": "test", "mode": "SIMPLE", "subjectAltNames": ["reviews.default.svc"]}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is set false with tls mode simple, and the ca cert is specified by CaCertificates",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"caCertificates": "test", "insecureSkipVerify": false, "mode": "SIMPLE", "subjectAltNames": ["reviews.default.svc"]}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is set false with tls mode simple, and the ca cert is specified by CredentialName",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"credentialName": "test", "insecureSkipVerify": false, "mode": "SIMPLE", "subjectAltNames": ["reviews.default.svc"]}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode simple, and the ca cert is specified by CaCertificates",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"credentialName": "test", "insecureSkipVerify": true, "mode": "SIMPLE"}}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode simple, and the ca cert is specified by CredentialName",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"caCertificates": "test", "insecureSkipVerify": true, "mode": "SIMPLE"}}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode simple, and the san is specified",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"insecureSkipVerify": true, "mode": "SIMPLE", "subjectAltNames": ["reviews.default.svc"]}}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is not specified with tls mode mutual, and the ca cert is specified by CaCertificates",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"caCertificates": "test", "clientCertificate": "cert", "mode": "MUTUAL", "privateKey": "key", "subjectAltNames": ["reviews.default.svc"]}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is not specified with tls mode mutual, and the ca cert is specified by CredentialName",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"credentialName": "test", "mode": "MUTUAL", "subjectAltNames": ["reviews.default.svc"]}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is set false with tls mode mutual, and the ca cert is specified by CaCertificates",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"caCertificates": "test", "clientCertificate": "cert", "insecureSkipVerify": false, "mode": "MUTUAL", "privateKey": "key", "subjectAltNames": ["reviews.default.svc"]}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is set false with tls mode mutual, and the ca cert is specified by CredentialName",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"credentialName": "test", "insecureSkipVerify": false, "mode": "MUTUAL", "subjectAltNames": ["reviews.default.svc"]}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode mutual, and the ca cert is specified by CaCertificates",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"caCertificates": "test", "clientCertificate": "cert", "insecureSkipVerify": true, "mode": "MUTUAL", "privateKey": "key"}}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode mutual, and the ca cert is specified by CaCertificates #2",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"credentialName": "test", "insecureSkipVerify": true, "mode": "MUTUAL"}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode mutual, and the ca cert is not specified",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"clientCertificate": "cert", "insecureSkipVerify": true, "mode": "MUTUAL", "privateKey": "key"}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode mutual, and the san is specified",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"clientCertificate": "cert", "insecureSkipVerify": true, "mode": "MUTUAL", "privateKey": "key", "subjectAltNames": ["reviews.default.svc"]}}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
    ];
    run_table("TestValidateDestinationRule", cases, DESTINATION_RULE);
}

#[test]
fn dr_traffic_policy() {
    let cases = vec![
        Case {
            name: "valid traffic policy",
            input: json!({"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid traffic policy, nil entries",
            input: json!({}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid traffic policy, missing port in port level settings",
            input: json!({"portLevelSettings": [{"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}]}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid traffic policy, bad connection pool",
            input: json!({"connectionPool": {}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid traffic policy, bad max connection duration",
            input: json!({"connectionPool": {"tcp": {"maxConnectionDuration": "0.000000500s"}}, "loadBalancer": {"simple": "ROUND_ROBIN"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid traffic policy, panic threshold too low",
            input: json!({"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": -1}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid traffic policy, both upgrade and use client protocol set",
            input: json!({"connectionPool": {"http": {"h2UpgradePolicy": "UPGRADE", "useClientProtocol": true}}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateTrafficPolicy", cases, TRAFFIC_POLICY);
}

#[test]
fn dr_connection_pool() {
    let cases = vec![
        Case {
            name: "valid connection pool, tcp and http",
            input: json!({"http": {"http1MaxPendingRequests": 2, "http2MaxRequests": 11, "idleTimeout": "30s", "maxConcurrentStreams": 5, "maxRequestsPerConnection": 5, "maxRetries": 4}, "tcp": {"connectTimeout": "2s", "maxConnections": 7}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid connection pool, tcp only",
            input: json!({"tcp": {"connectTimeout": "2s", "maxConnections": 7}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid connection pool, http only",
            input: json!({"http": {"http1MaxPendingRequests": 2, "http2MaxRequests": 11, "idleTimeout": "30s", "maxConcurrentStreams": 5, "maxRequestsPerConnection": 5, "maxRetries": 4}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid connection pool, http only with empty idle timeout",
            input: json!({"http": {"http1MaxPendingRequests": 2, "http2MaxRequests": 11, "maxConcurrentStreams": 5, "maxRequestsPerConnection": 5, "maxRetries": 4}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid connection pool, http2 keepalive",
            input: json!({"http": {"http2KeepAlive": {"interval": "15s", "timeout": "5s"}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid connection pool, empty",
            input: json!({}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid connection pool, bad max connections",
            input: json!({"tcp": {"maxConnections": -1}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid connection pool, bad connect timeout",
            input: json!({"tcp": {"connectTimeout": "2.000000005s"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid connection pool, bad max pending requests",
            input: json!({"http": {"http1MaxPendingRequests": -1}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid connection pool, bad max requests",
            input: json!({"http": {"http2MaxRequests": -1}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid connection pool, bad max requests per connection",
            input: json!({"http": {"maxRequestsPerConnection": -1}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid connection pool, bad max retries",
            input: json!({"http": {"maxRetries": -1}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid connection pool, bad idle timeout",
            input: json!({"http": {"idleTimeout": "30.000000005s"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid connection pool, tcp timeout disabled",
            input: json!({"tcp": {"idleTimeout": "0s"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid connection pool, bad max concurrent streams",
            input: json!({"http": {"maxConcurrentStreams": -1}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid connection pool, http2 keepalive without interval",
            input: json!({"http": {"http2KeepAlive": {"timeout": "5s"}}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid connection pool, http2 keepalive without timeout",
            input: json!({"http": {"http2KeepAlive": {"interval": "15s"}}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid connection pool, bad http2 keepalive interval",
            input: json!({"http": {"http2KeepAlive": {"interval": "15.000000005s", "timeout": "5s"}}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateConnectionPool", cases, CONNECTION_POOL);
}

#[test]
fn dr_load_balancer() {
    let cases = vec![
        Case {
            name: "valid load balancer with simple load balancing",
            input: json!({"simple": "ROUND_ROBIN"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid load balancer with consistentHash load balancing",
            input: json!({"consistentHash": {"httpCookie": {"name": "test", "ttl": "3600s"}, "minimumRingSize": "1024"}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid load balancer with consistentHash load balancing, missing name",
            input: json!({"consistentHash": {"httpCookie": {"ttl": "3600s"}, "minimumRingSize": "1024"}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid load balancer with consistentHash load balancing, maglev not prime",
            input: json!({"consistentHash": {"maglev": {"tableSize": "1000"}}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid load balancer with consistentHash load balancing and unique cookie attributes",
            input: json!({"consistentHash": {"httpCookie": {"attributes": [{"name": "SameSite", "value": "Strict"}, {"name": "Secure", "value": "true"}, {"name": "HttpOnly", "value": "true"}], "name": "test-cookie", "ttl": "3600s"}}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid load balancer with consistentHash load balancing and duplicate cookie attribute names",
            input: json!({"consistentHash": {"httpCookie": {"attributes": [{"name": "SameSite", "value": "Strict"}, {"name": "SameSite", "value": "Lax"}, {"name": "Secure", "value": "true"}], "name": "test-cookie", "ttl": "3600s"}}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid load balancer with consistentHash load balancing and empty cookie attribute name",
            input: json!({"consistentHash": {"httpCookie": {"attributes": [{"name": "SameSite", "value": "Strict"}, {"value": "some-value"}, {"name": "Secure", "value": "true"}], "name": "test-cookie", "ttl": "3600s"}}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid: localityLbSetting and zoneAwareLbSetting both set",
            input: json!({"localityLbSetting": {}, "zoneAwareLbSetting": {}}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid: zoneAwareLbSetting only",
            input: json!({"zoneAwareLbSetting": {"failover": [{"from": "us-east", "to": "eu-west"}]}}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateLoadBalancer", cases, LOAD_BALANCER);
}

#[test]
fn dr_outlier_detection() {
    let cases = vec![
        Case {
            name: "valid outlier detection",
            input: json!({"baseEjectionTime": "2s", "interval": "2s", "maxEjectionPercent": 50}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid outlier detection, bad interval",
            input: json!({"interval": "2.000000005s"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid outlier detection, bad base ejection time",
            input: json!({"baseEjectionTime": "2.000000005s"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid outlier detection, bad max ejection percent",
            input: json!({"maxEjectionPercent": 105}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid outlier detection, panic threshold too low",
            input: json!({"minHealthPercent": -1}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid outlier detection, panic threshold too high",
            input: json!({"minHealthPercent": 101}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "deprecated outlier detection, ConsecutiveErrors",
            input: json!({"consecutiveErrors": 101}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Has(""),
        },
        Case {
            name: "consecutive local origin errors is set but split local origin errors is not set",
            input: json!({"consecutiveLocalOriginFailures": 10}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::No,
        },
    ];
    run_table("TestValidateOutlierDetection", cases, OUTLIER);
}

#[test]
fn dr_client_tls() {
    let cases = vec![
        Case {
            name: "SIMPLE: Credential Name set correctly",
            input: json!({"credentialName": "some credential", "mode": "SIMPLE"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "SIMPLE CredentialName set with ClientCertificate specified",
            input: json!({"clientCertificate": "cert", "credentialName": "credential", "mode": "SIMPLE"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "SIMPLE: CredentialName set with PrivateKey specified",
            input: json!({"credentialName": "credential", "mode": "SIMPLE", "privateKey": "key"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "SIMPLE: CredentialName set with CACertficiates specified",
            input: json!({"caCertificates": "ca", "credentialName": "credential", "mode": "SIMPLE"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "MUTUAL: Credential Name set correctly",
            input: json!({"credentialName": "some credential", "mode": "MUTUAL"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "MUTUAL CredentialName set with ClientCertificate specified",
            input: json!({"clientCertificate": "cert", "credentialName": "credential", "mode": "MUTUAL"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "MUTUAL: CredentialName set with PrivateKey specified",
            input: json!({"credentialName": "credential", "mode": "MUTUAL", "privateKey": "key"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "MUTUAL: CredentialName set with CACertficiates specified",
            input: json!({"caCertificates": "ca", "credentialName": "credential", "mode": "MUTUAL"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "MUTUAL: CredentialName set with CACRL specified",
            input: json!({"caCrl": "ca", "credentialName": "credential", "mode": "MUTUAL"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "MUTUAL: CredentialName not set with ClientCertificate and Key specified",
            input: json!({"clientCertificate": "cert", "mode": "MUTUAL", "privateKey": "key"}),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "MUTUAL: CredentialName not set with ClientCertificate specified and Key missing",
            input: json!({"clientCertificate": "cert", "mode": "MUTUAL"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "MUTUAL: CredentialName not set with ClientCertificate missing and Key specified",
            input: json!({"mode": "MUTUAL", "privateKey": "key"}),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateTLS", cases, CLIENT_TLS);
}

#[test]
fn dr_locality_lb() {
    let cases = vec![
        Case {
            name: "valid mesh config without LocalityLoadBalancerSetting",
            input: json!(null),
            aux: json!({"outlier": null}),
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting_Distribute total weight > 100",
            input: json!({"distribute": [{"from": "a/b/c", "to": {"a/b/c": 80, "a/b1": 25}}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting_Distribute total weight < 100",
            input: json!({"distribute": [{"from": "a/b/c", "to": {"a/b/c": 80, "a/b1": 15}}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting_Distribute weight = 0",
            input: json!({"distribute": [{"from": "a/b/c", "to": {"a/b/c": 0, "a/b1": 100}}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting specify both distribute and failover",
            input: json!({"distribute": [{"from": "a/b/c", "to": {"a/b/c": 80, "a/b1": 20}}], "failover": [{"from": "region1", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid failover src and dst have same region",
            input: json!({"failover": [{"from": "region1", "to": "region1"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid failover src contain '*' wildcard",
            input: json!({"failover": [{"from": "*", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid failover dst contain '*' wildcard",
            input: json!({"failover": [{"from": "region1", "to": "*"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid failover src contain '/' separator",
            input: json!({"failover": [{"from": "region1/zone1", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "invalid failover dst contain '/' separator",
            input: json!({"failover": [{"from": "region1", "to": "region2/zone1"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "failover priority provided without outlier detection policy",
            input: json!({"failoverPriority": ["topology.istio.io/network", "topology.kubernetes.io/region", "topology.kubernetes.io/zone", "topology.istio.io/subzone"]}),
            aux: json!({"outlier": null}),
            valid: true,
            err: "",
            warn: W::Has(""),
        },
        Case {
            name: "failover provided without outlier detection policy",
            input: json!({"failover": [{"from": "us-east", "to": "eu-west"}, {"from": "us-west", "to": "eu-east"}]}),
            aux: json!({"outlier": null}),
            valid: true,
            err: "",
            warn: W::Has(""),
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting specify both failoverPriority and region in failover",
            input: json!({"failover": [{"from": "region1", "to": "region2"}], "failoverPriority": ["topology.kubernetes.io/region"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
    ];
    run_table("TestValidateLocalityLbSetting", cases, LOCALITY_LB);
}

#[test]
fn dr_zone_aware_lb() {
    let cases = vec![
        Case {
            name: "nil setting is valid",
            input: json!(null),
            aux: json!({"outlier": null}),
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "enabled only is valid",
            input: json!({"enabled": true}),
            aux: json!({"outlier": {}}),
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "valid region-level failover",
            input: json!({"failover": [{"from": "us-east", "to": "eu-west"}]}),
            aux: json!({"outlier": {}}),
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "failover same src and dst region",
            input: json!({"failover": [{"from": "region1", "to": "region1"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "failover src has '/' (zone scope) is rejected",
            input: json!({"failover": [{"from": "region1/zone1", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "failover dst has '/' (zone scope) is rejected",
            input: json!({"failover": [{"from": "region1", "to": "region2/zone1"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "failover src has '*' wildcard is rejected",
            input: json!({"failover": [{"from": "*", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "failover dst has '*' wildcard is rejected",
            input: json!({"failover": [{"from": "region1", "to": "*"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "failover and failoverPriority both set with topology region",
            input: json!({"failover": [{"from": "region1", "to": "region2"}], "failoverPriority": ["topology.kubernetes.io/region"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "failoverPriority with region label is rejected",
            input: json!({"failoverPriority": ["topology.kubernetes.io/region"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "failoverPriority with zone label is rejected",
            input: json!({"failoverPriority": ["topology.kubernetes.io/zone"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "failoverPriority with subzone label is rejected",
            input: json!({"failoverPriority": ["topology.istio.io/subzone"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            err: "",
            warn: W::No,
        },
        Case {
            name: "failoverPriority with non-topology labels is valid",
            input: json!({"failoverPriority": ["version", "app=ratings"]}),
            aux: json!({"outlier": {}}),
            valid: true,
            err: "",
            warn: W::No,
        },
        Case {
            name: "failover without outlier detection warns",
            input: json!({"failover": [{"from": "us-east", "to": "eu-west"}]}),
            aux: json!({"outlier": null}),
            valid: true,
            err: "",
            warn: W::Has(""),
        },
        Case {
            name: "failoverPriority without outlier detection warns",
            input: json!({"failoverPriority": ["version"]}),
            aux: json!({"outlier": null}),
            valid: true,
            err: "",
            warn: W::Has(""),
        },
    ];
    run_table("TestValidateZoneAwareLbSetting", cases, ZONE_AWARE_LB);
}

#[test]
fn dr_localities() {
    let cases = vec![
        Case {
            name: "multi wildcard locality",
            input: json!(["*/zone/*"]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard not in suffix",
            input: json!(["*/zone"]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "explicit wildcard region overlap",
            input: json!(["*", "a/b/c"]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "implicit wildcard region overlap",
            input: json!(["a", "a/b/c"]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "explicit wildcard zone overlap",
            input: json!(["a/*", "a/b/c"]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "implicit wildcard zone overlap",
            input: json!(["a/b", "a/b/c"]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "explicit wildcard subzone overlap",
            input: json!(["a/b/*", "a/b/c"]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "implicit wildcard subzone overlap",
            input: json!(["a/b", "a/b/c"]),
            aux: Value::Null,
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "valid localities",
            input: json!(["a1/*", "a2/*", "a3/b3/c3", "a4/b4", "a5/b5/*"]),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateLocalities", cases, LOCALITIES);
}

#[test]
fn dr_wildcard_domain() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!(""),
            aux: Value::Null,
            valid: false,
            err: "empty",
            warn: W::Skip,
        },
        Case {
            name: "too long",
            input: json!(
                "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
            ),
            aux: Value::Null,
            valid: false,
            err: "too long",
            warn: W::Skip,
        },
        Case {
            name: "happy",
            input: json!("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard",
            input: json!("*"),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard multi-segment",
            input: json!("*.bar.com"),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard single segment",
            input: json!("*foo"),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard prefix",
            input: json!("*foo.bar.com"),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "wildcard prefix dash",
            input: json!("*-foo.bar.com"),
            aux: Value::Null,
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "bad wildcard",
            input: json!("foo.*.com"),
            aux: Value::Null,
            valid: false,
            err: "invalid",
            warn: W::Skip,
        },
        Case {
            name: "bad wildcard #2",
            input: json!("foo*.bar.com"),
            aux: Value::Null,
            valid: false,
            err: "invalid",
            warn: W::Skip,
        },
        Case {
            name: "IP address",
            input: json!("1.1.1.1"),
            aux: Value::Null,
            valid: false,
            err: "invalid",
            warn: W::Skip,
        },
    ];
    run_table("TestValidateWildcardDomain", cases, WILDCARD_DOMAIN);
}

#[test]
fn export_to() {
    let cases = vec![
        Case {
            name: "empty exportTo is okay",
            input: json!(null),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "* is allowed",
            input: json!(["*"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: ". and ns1 are allowed",
            input: json!([".", "ns1"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "bunch of namespaces in exportTo is okay",
            input: json!(["ns1", "ns2", "ns5"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "~ not allowed for non service entry configs",
            input: json!(["~", "ns1"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: ". and * together are not allowed",
            input: json!([".", "*"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "* and ns1 together are not allowed",
            input: json!(["*", "ns1"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: ". and same namespace in exportTo is not okay",
            input: json!([".", "ns5"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "duplicate namespaces in exportTo is not okay",
            input: json!(["ns1", "ns2", "ns1"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "invalid namespace names are not okay",
            input: json!(["ns1_"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "destination rule with workloadselector cannot have exportTo (*)",
            input: json!(["*"]),
            aux: json!({"isDestinationRuleWithSelector": true, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "destination rule with workloadselector can have only exportTo (.)",
            input: json!(["."]),
            aux: json!({"isDestinationRuleWithSelector": true, "isServiceEntry": false, "namespace": "ns5"}),
            valid: true,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "destination rule with workloadselector cannot have another ns in exportTo (.)",
            input: json!(["somens"]),
            aux: json!({"isDestinationRuleWithSelector": true, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            err: "",
            warn: W::Skip,
        },
        Case {
            name: "destination rule with workloadselector cannot have another ns in addition to own ns in exportTo (.)",
            input: json!([".", "somens"]),
            aux: json!({"isDestinationRuleWithSelector": true, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            err: "",
            warn: W::Skip,
        },
    ];
    run_table("Test_validateExportTo", cases, EXPORT_TO);
}

/// Run a whole-resource validator; `Err` is the decoding error.
fn validate_with(
    f: fn(&Meta, &Value, &mut Report) -> Result<(), String>,
    meta: &Meta,
    spec: Value,
) -> Result<Report, String> {
    let mut report = Report::default();
    f(meta, &spec, &mut report).map(|()| report)
}

#[test]
fn k8s_gateway_semantics() {
    let mut m = meta("foo.bar", "bar");
    m.annotations.insert(
        "internal.istio.io/gateway-semantics".into(),
        json!("gateway"),
    );
    let spec = json!({"servers": [{"hosts": ["~/foo.bar.com"], "port": {"name": "name1", "number": 7, "protocol": "http"}}]});
    let r = validate_with(gw::validate, &m, spec.clone()).unwrap();
    assert!(r.errors.is_empty() && r.warnings.is_empty(), "{r:?}");
    let r = validate_with(gw::validate, &meta("foo.bar", "bar"), spec).unwrap();
    assert_eq!(
        r.errors,
        vec![
            "invalid gateway name: \"foo.bar\"".to_string(),
            "invalid namespace value \"~\" in gateway".to_string()
        ]
    );
}

#[test]
fn decoding_errors() {
    let m = meta("foo", "bar");
    // Istio retries a failed strict decode allowing unknown fields, so they are ignored.
    let unknown_field = json!({"hosts": ["a.b"], "http": [{"route": [{"destination": {"host": "a.b"}}], "bogus": 1}]});
    assert!(
        validate_with(vs::validate, &m, unknown_field)
            .unwrap()
            .errors
            .is_empty()
    );
    let bad_vs = [
        json!({"hosts": "a.b"}),
        json!({"hosts": ["a.b"], "http": [{"timeout": "1x", "route": [{"destination": {"host": "a.b"}}]}]}),
        json!({"hosts": ["a.b"], "http": [{"match": [{"uri": {"exact": "/a", "prefix": "/"}}], "route": [{"destination": {"host": "a.b"}}]}]}),
    ];
    for spec in bad_vs {
        assert!(
            validate_with(vs::validate, &m, spec.clone()).is_err(),
            "{spec}"
        );
    }
    let bad_dr = [
        json!({"host": "a.b", "trafficPolicy": {"loadBalancer": {"simple": "FASTEST"}}}),
        json!({"host": "a.b", "trafficPolicy": {"loadBalancer": {"simple": "RANDOM", "consistentHash": {"useSourceIp": true}}}}),
        json!({"host": "a.b", "trafficPolicy": {"connectionPool": {"tcp": {"maxConnections": 1.5}}}}),
    ];
    for spec in bad_dr {
        assert!(
            validate_with(dr::validate, &m, spec.clone()).is_err(),
            "{spec}"
        );
    }
    let bad_gw = json!({"servers": [{"hosts": ["*"], "port": {"number": 443, "name": "https", "protocol": "HTTPS"}, "tls": {"mode": "STRICT"}}]});
    assert!(validate_with(gw::validate, &m, bad_gw).is_err());
    // 64-bit integers may be JSON strings, as protobuf JSON writes them.
    let maglev = json!({"host": "a.b", "trafficPolicy": {"loadBalancer": {"consistentHash": {"useSourceIp": true, "maglev": {"tableSize": "65537"}}}}});
    let r = validate_with(dr::validate, &m, maglev).unwrap();
    assert!(r.errors.is_empty(), "{r:?}");
}

#[test]
fn virtual_service_messages() {
    let m = Meta::default();
    let r = validate_with(
        vs::validate,
        &m,
        json!({"hosts": ["*"], "http": [{"route": [{"destination": {"host": "*"}}], "retries": {"attempts": 0, "retryOn": "5xx,bogus"}}]}),
    )
    .unwrap();
    assert_eq!(
        r.errors,
        vec![
            "wildcard host * is not allowed for virtual services bound to the mesh gateway",
            "http retry policy configured when attempts are set to 0 (disabled)",
            "\"bogus\" is not a valid retryOn policy",
            "invalid destination host *",
        ]
    );
    let r = validate_with(
        vs::validate,
        &m,
        json!({"hosts": ["foo.bar", "*.bar"], "tcp": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
    )
    .unwrap();
    assert_eq!(
        r.errors,
        vec!["duplicate hosts in virtual service: foo.bar & *.bar"]
    );
}

#[test]
fn unreachable_rule_warnings() {
    let dest = json!([{"destination": {"host": "foo.baz"}}]);
    let spec = json!({"hosts": ["foo.bar"], "http": [
        {"name": "debug", "match": [{"uri": {"prefix": "/debug"}}], "route": dest},
        {"match": [{"name": "again", "uri": {"prefix": "/debug"}}, {"uri": {"prefix": "/debugs"}}], "route": dest},
        {"route": dest},
        {"route": dest},
    ]});
    let r = validate_with(vs::validate, &Meta::default(), spec).unwrap();
    assert!(r.errors.is_empty(), "{r:?}");
    assert_eq!(
        r.warnings,
        vec![
            "virtualService rule #1 match \"again\" is not used (duplicate/overlapping match in rule \"debug\")",
            "virtualService rule #3 not used (only the last rule can have no matches)",
            "virtualService rule #1 match #1 of prefix /debugs is not used (duplicate/overlapping match in rule #0 of prefix /debug on \"debug\")",
        ]
    );
}

#[test]
fn dry_run_annotation_is_rejected() {
    let mut m = meta("foo", "bar");
    m.annotations
        .insert("istio.io/dry-run".into(), json!("true"));
    let r = validate_with(dr::validate, &m, json!({"host": "reviews"})).unwrap();
    assert_eq!(
        r.errors,
        vec!["bar/foo has unsupported annotation istio.io/dry-run, please remove the annotation"]
    );
}

#[test]
fn messages_must_be_objects() {
    // serde would take the array as the struct's fields in order; protobuf JSON refuses it.
    let spec = json!({"hosts": ["foo.bar"], "http": [{"match": [{"headers": {"x": ["exact"]}}], "route": [{"destination": {"host": "foo.bar"}}]}]});
    assert!(validate_with(vs::validate, &Meta::default(), spec).is_err());
    let spec = json!({"host": "reviews", "subsets": [["v1"]]});
    assert!(validate_with(dr::validate, &meta("foo", "bar"), spec).is_err());
}

#[test]
fn regexes_follow_re2() {
    let cases = [
        ("a{1001}", Some("invalid repeat count: `{1001}`")),
        ("a{2,1}", Some("invalid repeat count: `{2,1}`")),
        ("a++", Some("invalid nested repetition operator: `++`")),
        (
            "x{2}{3}",
            Some("invalid nested repetition operator: `{2}{3}`"),
        ),
        (
            "[[:foo:]]",
            Some("invalid character class range: `[:foo:]`"),
        ),
        ("(", Some("missing closing ): `(`")),
        ("*", Some("missing argument to repetition operator: `*`")),
        ("\\q", Some("invalid escape sequence: `\\q`")),
        ("\\Qa.b(\\E", None),
        ("a*?b+?", None),
        ("(?i)abc", None),
        ("[[:^alpha:]]x{2,1000}", None),
    ];
    for (re, want) in cases {
        let got = needle::core::validate::common::re2::validate_regex(re, "uri");
        match want {
            None => assert!(got.is_ok(), "{re}: {got:?}"),
            Some(text) => {
                let e = got.expect_err(re);
                assert!(
                    e.starts_with(&format!(
                        "\"uri\": error parsing regexp: {text}; Istio uses RE2"
                    )),
                    "{re}: {e}"
                );
            }
        }
    }
}

#[test]
fn numbers_may_be_quoted_as_istio_reads_them() {
    // Helm's `| quote` writes ports as strings; Istio's JSON reader takes them as numbers.
    let spec = json!({"hosts": ["a.b"], "http": [{"route": [
        {"destination": {"host": "a.b", "port": {"number": "8080"}}, "weight": "60"},
        {"destination": {"host": "c.d"}, "weight": 40}]}]});
    let r = validate_with(vs::validate, &Meta::default(), spec).unwrap();
    assert!(r.errors.is_empty(), "{r:?}");
    let spec = json!({"hosts": ["a.b"], "http": [{"route": [
        {"destination": {"host": "a.b", "port": {"number": "80.5"}}}]}]});
    let e = validate_with(vs::validate, &Meta::default(), spec).unwrap_err();
    assert!(e.contains("port.number: invalid value"), "{e}");
}

#[test]
fn null_means_default() {
    let spec = json!({"hosts": ["a.b"], "gateways": null, "http": [{"route": [{"destination": {"host": "a.b", "subset": null, "port": null}, "weight": null}], "timeout": null, "match": [{"uri": {"prefix": "/", "exact": null}, "ignoreUriCase": null}]}]});
    let r = validate_with(vs::validate, &Meta::default(), spec).unwrap();
    assert!(r.errors.is_empty(), "{r:?}");
    let spec = json!({"host": "a.b", "trafficPolicy": {"tls": {"mode": null, "sni": null}, "loadBalancer": {"consistentHash": {"useSourceIp": true, "minimumRingSize": null}}}});
    let r = validate_with(dr::validate, &meta("foo", "bar"), spec).unwrap();
    assert!(r.errors.is_empty(), "{r:?}");
    // As a list element or map value it is the element's empty value, judged by the rules
    // (istioctl validate answers the same for these).
    let spec = json!({"host": "a.b", "subsets": [{"name": "v1", "labels": {"version": null}}]});
    let r = validate_with(dr::validate, &meta("foo", "bar"), spec).unwrap();
    assert!(r.errors.is_empty(), "an empty label value is valid: {r:?}");
    let spec =
        json!({"hosts": ["a.b", null], "tcp": [{"route": [{"destination": {"host": "a.b"}}]}]});
    let r = validate_with(vs::validate, &Meta::default(), spec).unwrap();
    assert_eq!(r.errors, ["empty domain name not allowed"]);
}
