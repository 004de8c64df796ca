//! Istio's validation tables for Gateway and the pieces it is made of (servers, their ports,
//! TLS options), ported from `pkg/config/validation/validation_test.go`. Each table calls the
//! needle validator matching the Go function under test, with the Go struct literals in
//! protobuf JSON form. A case needle answers differently is listed, with the reason, in
//! `tests/known_failures.txt` (suite `validate`).

mod common;

use common::validation::{Case, Check, Table, decode_message, named, validate_with};
use needle::core::validate::common as vc;
use needle::core::validate::gateway as gw;
use serde_json::json;

const GATEWAY: Check = |input, _, report| gw::validate(&named("foo", "bar"), input, report);

const SERVER: Check = |input, _, report| {
    match decode_message::<gw::Server>(input)? {
        Some(s) => gw::validate_server(report, &s, false),
        None => report.error("cannot have nil server"),
    }
    Ok(())
};

const SERVER_PORT: Check = |input, aux, report| {
    let port = decode_message::<vc::Port>(input)?;
    let bind = aux["bind"].as_str().unwrap_or_default();
    for e in gw::validate_server_port(port.as_ref(), bind) {
        report.error(e);
    }
    Ok(())
};

const TLS_OPTIONS: Check = |input, _, report| {
    if let Some(t) = decode_message::<gw::ServerTlsSettings>(input)? {
        gw::validate_tls_options(report, &t);
    }
    Ok(())
};

#[test]
fn gateway() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            valid: false,
            error: "server",
            ..Case::default()
        },
        Case {
            name: "happy domain",
            input: json!({"servers": [{"hosts": ["foo.bar.com"], "port": {"name": "name1", "number": 7, "protocol": "http"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "happy multiple servers",
            input: json!({"servers": [{"hosts": ["foo.bar.com"], "port": {"name": "name1", "number": 7, "protocol": "http"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "happy k8s gateway-api server with no attached routes",
            input: json!({"servers": [{"hosts": ["~/foo.bar.com"], "port": {"name": "name1", "number": 7, "protocol": "http"}}]}),
            valid: false,
            error: "invalid namespace value",
            ..Case::default()
        },
        Case {
            name: "invalid port",
            input: json!({"servers": [{"hosts": ["foo.bar.com"], "port": {"name": "name1", "number": 66000, "protocol": "http"}}]}),
            valid: false,
            error: "port",
            ..Case::default()
        },
        Case {
            name: "duplicate port names",
            input: json!({"servers": [{"hosts": ["foo.bar.com"], "port": {"name": "foo", "number": 80, "protocol": "http"}}, {"hosts": ["scooby.doo.com"], "port": {"name": "foo", "number": 8080, "protocol": "http"}}]}),
            valid: false,
            error: "port names",
            ..Case::default()
        },
        Case {
            name: "invalid domain",
            input: json!({"servers": [{"hosts": ["foo.*.bar.com"], "port": {"number": 7, "protocol": "http"}}]}),
            valid: false,
            error: "domain",
            ..Case::default()
        },
        Case {
            name: "valid httpsRedirect",
            input: json!({"servers": [{"hosts": ["bar.com"], "port": {"name": "http", "number": 80, "protocol": "http"}, "tls": {"httpsRedirect": true}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid https httpsRedirect",
            input: json!({"servers": [{"hosts": ["bar.com"], "port": {"name": "https", "number": 80, "protocol": "https"}, "tls": {"httpsRedirect": true}}]}),
            valid: true,
            warning: Some("tls.httpsRedirect should only be used with http servers"),
            ..Case::default()
        },
        Case {
            name: "invalid partial wildcard",
            input: json!({"servers": [{"hosts": ["*bar.com"], "port": {"name": "tls", "number": 443, "protocol": "tls"}, "tls": {"mode": "ISTIO_MUTUAL"}}]}),
            valid: false,
            error: "partial wildcard \"*bar.com\" not allowed",
            ..Case::default()
        },
    ];
    Table::new("TestValidateGateway").run_check(&cases, GATEWAY);
}

#[test]
fn gateway_server() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            valid: false,
            error: "host",
            ..Case::default()
        },
        Case {
            name: "empty #2",
            input: json!({}),
            valid: false,
            error: "port",
            ..Case::default()
        },
        Case {
            name: "happy",
            input: json!({"hosts": ["foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "happy ip",
            input: json!({"hosts": ["1.1.1.1"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "happy ns/name",
            input: json!({"hosts": ["ns1/foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "happy */name",
            input: json!({"hosts": ["*/foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "happy ./name",
            input: json!({"hosts": ["./foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid ~/name",
            input: json!({"hosts": ["~/foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            valid: false,
            error: "namespace",
            ..Case::default()
        },
        Case {
            name: "invalid domain ns/name format",
            input: json!({"hosts": ["ns1/foo.*.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            valid: false,
            error: "domain",
            ..Case::default()
        },
        Case {
            name: "invalid domain",
            input: json!({"hosts": ["foo.*.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            valid: false,
            error: "domain",
            ..Case::default()
        },
        Case {
            name: "invalid short name host",
            input: json!({"hosts": ["foo"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            valid: false,
            error: "short names",
            ..Case::default()
        },
        Case {
            name: "invalid port",
            input: json!({"hosts": ["foo.bar.com"], "port": {"name": "http", "number": 66000, "protocol": "http"}}),
            valid: false,
            error: "port",
            ..Case::default()
        },
        Case {
            name: "invalid tls options",
            input: json!({"hosts": ["foo.bar.com"], "port": {"name": "http", "number": 1, "protocol": "http"}, "tls": {"mode": "SIMPLE"}}),
            valid: false,
            error: "TLS",
            ..Case::default()
        },
        Case {
            name: "no tls on HTTPS",
            input: json!({"hosts": ["foo.bar.com"], "port": {"name": "https", "number": 10000, "protocol": "https"}}),
            valid: false,
            error: "must have TLS",
            ..Case::default()
        },
        Case {
            name: "tls on HTTP",
            input: json!({"hosts": ["foo.bar.com"], "port": {"name": "http", "number": 10000, "protocol": "http"}, "tls": {"mode": "SIMPLE"}}),
            valid: false,
            error: "cannot have TLS",
            ..Case::default()
        },
        Case {
            name: "tls redirect on HTTP",
            input: json!({"hosts": ["foo.bar.com"], "port": {"name": "http", "number": 10000, "protocol": "http"}, "tls": {"httpsRedirect": true}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bind ip",
            input: json!({"bind": "127.0.0.1", "hosts": ["foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bind unix path with invalid port",
            input: json!({"bind": "unix://@foobar", "hosts": ["foo.bar.com"], "port": {"name": "http", "number": 7, "protocol": "http"}}),
            valid: false,
            error: "port number must be 0 for unix domain socket",
            ..Case::default()
        },
        Case {
            name: "bind unix path",
            input: json!({"bind": "unix://@foobar", "hosts": ["foo.bar.com"], "port": {"name": "http", "protocol": "http"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bind bad ip",
            input: json!({"bind": "foo.bar", "hosts": ["foo.bar.com"], "port": {"name": "http", "protocol": "http"}}),
            valid: false,
            error: "foo.bar is not a valid IP",
            ..Case::default()
        },
    ];
    Table::new("TestValidateServer").run_check(&cases, SERVER);
}

#[test]
fn gateway_server_port() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            aux: json!({"bind": ""}),
            valid: false,
            error: "invalid protocol",
            ..Case::default()
        },
        Case {
            name: "empty #2",
            input: json!({}),
            aux: json!({"bind": ""}),
            valid: false,
            error: "port name",
            ..Case::default()
        },
        Case {
            name: "happy",
            input: json!({"name": "Henry", "number": 1, "protocol": "http"}),
            aux: json!({"bind": ""}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid protocol",
            input: json!({"name": "Henry", "number": 1, "protocol": "kafka"}),
            aux: json!({"bind": ""}),
            valid: false,
            error: "invalid protocol",
            ..Case::default()
        },
        Case {
            name: "invalid number",
            input: json!({"name": "http", "number": 1073741824, "protocol": "http"}),
            aux: json!({"bind": ""}),
            valid: false,
            error: "port number",
            ..Case::default()
        },
        Case {
            name: "name, no number",
            input: json!({"name": "Henry", "protocol": "http"}),
            aux: json!({"bind": ""}),
            valid: false,
            error: "port number",
            ..Case::default()
        },
        Case {
            name: "name, no number, uds",
            input: json!({"name": "Henry", "protocol": "http"}),
            aux: json!({"bind": "uds:///tmp"}),
            valid: false,
            error: "port number",
            ..Case::default()
        },
    ];
    Table::new("TestValidateServerPort")
        .ignoring_warnings()
        .run_check(&cases, SERVER_PORT);
}

#[test]
fn gateway_tls_options() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "simple",
            input: json!({"mode": "SIMPLE", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "simple with client bundle",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "SIMPLE", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "simple sds with client bundle",
            input: json!({"credentialName": "sds-name", "mode": "SIMPLE"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "simple sds with client bundle but with server cert",
            input: json!({"credentialName": "sds-name", "mode": "SIMPLE", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            valid: false,
            error: "one of credential_name, credential_names",
            ..Case::default()
        },
        Case {
            name: "simple no server cert",
            input: json!({"mode": "SIMPLE", "privateKey": "Khan Noonien Singh"}),
            valid: false,
            error: "server certificate",
            ..Case::default()
        },
        Case {
            name: "simple no private key",
            input: json!({"mode": "SIMPLE", "serverCertificate": "Captain Jean-Luc Picard"}),
            valid: false,
            error: "private key",
            ..Case::default()
        },
        Case {
            name: "simple more than 2 certs",
            input: json!({"mode": "SIMPLE", "tlsCertificates": [{"privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}, {"privateKey": "Lieutenant Commander Data", "serverCertificate": "Lieutenant Commander Data"}]}),
            valid: true,
            warning: Some("SIMPLE TLS can support up to 2 server certificates"),
            ..Case::default()
        },
        Case {
            name: "simple with both server cert and tls certs",
            input: json!({"mode": "SIMPLE", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard", "tlsCertificates": [{"privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Lieutenant Commander Data", "serverCertificate": "Lieutenant Commander Data"}]}),
            valid: false,
            error: "one of credential_name, credential_names",
            ..Case::default()
        },
        Case {
            name: "simple 2 certs with missing certificate",
            input: json!({"mode": "SIMPLE", "tlsCertificates": [{"privateKey": "Commander William T. Riker"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}]}),
            valid: false,
            error: "server certificate",
            ..Case::default()
        },
        Case {
            name: "simple 2 certs with missing private key",
            input: json!({"mode": "SIMPLE", "tlsCertificates": [{"serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}]}),
            valid: false,
            error: "private key",
            ..Case::default()
        },
        Case {
            name: "simple sds no server cert",
            input: json!({"credentialName": "sds-name", "mode": "SIMPLE", "privateKey": "Khan Noonien Singh"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "simple sds no private key",
            input: json!({"credentialName": "sds-name", "mode": "SIMPLE", "serverCertificate": "Captain Jean-Luc Picard"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "mutual",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "MUTUAL", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "mutual sds",
            input: json!({"caCertificates": "Commander William T. Riker", "credentialName": "sds-name", "mode": "MUTUAL"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "mutual sds with credential name and server cert",
            input: json!({"caCertificates": "Commander William T. Riker", "credentialName": "sds-name", "mode": "MUTUAL", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            valid: false,
            error: "one of credential_name, credential_names",
            ..Case::default()
        },
        Case {
            name: "mutual sds with credential name and tls certs",
            input: json!({"caCertificates": "Commander William T. Riker", "credentialName": "sds-name", "mode": "MUTUAL", "tlsCertificates": [{"privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}]}),
            valid: false,
            error: "one of credential_name, credential_names",
            ..Case::default()
        },
        Case {
            name: "mutual no server cert",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "MUTUAL", "privateKey": "Khan Noonien Singh"}),
            valid: false,
            error: "server certificate",
            ..Case::default()
        },
        Case {
            name: "credential names and certificates",
            input: json!({"credentialNames": ["server-certs"], "mode": "MUTUAL", "privateKey": "/etc/istio/certs/server/key", "serverCertificate": "/etc/istio/certs/server/cert"}),
            valid: false,
            error: "one of credential_name, credential_names",
            ..Case::default()
        },
        Case {
            name: "credential names and tls certificates",
            input: json!({"credentialNames": ["server-certs"], "mode": "MUTUAL", "tlsCertificates": [{"caCertificates": "/etc/istio/certs/server/cacert2", "privateKey": "/etc/istio/certs/server/key", "serverCertificate": "/etc/istio/certs/server/cert"}]}),
            valid: false,
            error: "one of credential_name, credential_names",
            ..Case::default()
        },
        Case {
            name: "only tls certificates",
            input: json!({"caCertificates": "/etc/istio/certs/server/cacert2", "mode": "MUTUAL", "tlsCertificates": [{"privateKey": "/etc/istio/certs/server/key", "serverCertificate": "/etc/istio/certs/server/cert"}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "mutual sds no server cert",
            input: json!({"caCertificates": "Commander William T. Riker", "credentialName": "sds-name", "mode": "MUTUAL", "privateKey": "Khan Noonien Singh"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "mutual no client CA bundle",
            input: json!({"mode": "MUTUAL", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            valid: false,
            error: "client CA bundle",
            ..Case::default()
        },
        Case {
            name: "mutual no certs",
            input: json!({"mode": "MUTUAL"}),
            valid: false,
            error: "server certificate",
            ..Case::default()
        },
        Case {
            name: "mutual no certs #2",
            input: json!({"mode": "MUTUAL"}),
            valid: false,
            error: "private key",
            ..Case::default()
        },
        Case {
            name: "mutual no certs #3",
            input: json!({"mode": "MUTUAL"}),
            valid: false,
            error: "client CA bundle",
            ..Case::default()
        },
        Case {
            name: "mutual more than 2 certs",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "MUTUAL", "tlsCertificates": [{"privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}, {"privateKey": "Lieutenant Commander Data", "serverCertificate": "Lieutenant Commander Data"}]}),
            valid: true,
            warning: Some("MUTUAL TLS can support up to 2 server certificates"),
            ..Case::default()
        },
        Case {
            name: "mutual with both server cert and tls certs",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "MUTUAL", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard", "tlsCertificates": [{"privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Lieutenant Commander Data", "serverCertificate": "Lieutenant Commander Data"}]}),
            valid: false,
            error: "one of credential_name, credential_names",
            ..Case::default()
        },
        Case {
            name: "mutual 2 certs with missing certificate",
            input: json!({"caCertificates": "Lieutenant Commander Data", "mode": "MUTUAL", "tlsCertificates": [{"privateKey": "Commander William T. Riker"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}]}),
            valid: false,
            error: "server certificate",
            ..Case::default()
        },
        Case {
            name: "mutual 2 certs with missing private key",
            input: json!({"caCertificates": "Lieutenant Commander Data", "mode": "MUTUAL", "tlsCertificates": [{"serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}]}),
            valid: false,
            error: "private key",
            ..Case::default()
        },
        Case {
            name: "mutual 2 certs with missing CA certificate",
            input: json!({"mode": "MUTUAL", "tlsCertificates": [{"privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}, {"privateKey": "Commander William T. Riker", "serverCertificate": "Commander William T. Riker"}]}),
            valid: false,
            error: "client CA bundle",
            ..Case::default()
        },
        Case {
            name: "optional mutual no certs",
            input: json!({"mode": "OPTIONAL_MUTUAL"}),
            valid: false,
            error: "server certificate",
            ..Case::default()
        },
        Case {
            name: "optional mutual no certs #2",
            input: json!({"mode": "OPTIONAL_MUTUAL"}),
            valid: false,
            error: "private key",
            ..Case::default()
        },
        Case {
            name: "optional mutual no certs #3",
            input: json!({"mode": "OPTIONAL_MUTUAL"}),
            valid: false,
            error: "client CA bundle",
            ..Case::default()
        },
        Case {
            name: "pass through sds no certs",
            input: json!({"credentialName": "sds-name"}),
            valid: true,
            warning: Some("PASSTHROUGH mode does not use certificates"),
            ..Case::default()
        },
        Case {
            name: "pass through sds crl",
            input: json!({"caCrl": "scrl"}),
            valid: true,
            warning: Some("PASSTHROUGH mode does not use certificates"),
            ..Case::default()
        },
        Case {
            name: "istio_mutual no certs",
            input: json!({"mode": "ISTIO_MUTUAL"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "istio_mutual with server cert",
            input: json!({"mode": "ISTIO_MUTUAL", "serverCertificate": "Captain Jean-Luc Picard"}),
            valid: false,
            error: "cannot have associated server cert",
            ..Case::default()
        },
        Case {
            name: "istio_mutual with client bundle",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "ISTIO_MUTUAL", "privateKey": "Khan Noonien Singh", "serverCertificate": "Captain Jean-Luc Picard"}),
            valid: false,
            error: "cannot have associated",
            ..Case::default()
        },
        Case {
            name: "istio_mutual with private key",
            input: json!({"mode": "ISTIO_MUTUAL", "privateKey": "Khan Noonien Singh"}),
            valid: false,
            error: "cannot have associated private key",
            ..Case::default()
        },
        Case {
            name: "istio_mutual with credential name",
            input: json!({"credentialName": "some-cred", "mode": "ISTIO_MUTUAL"}),
            valid: false,
            error: "cannot have associated credentialName",
            ..Case::default()
        },
        Case {
            name: "invalid cipher suites",
            input: json!({"cipherSuites": ["not-a-cipher-suite"], "credentialName": "sds-name", "mode": "SIMPLE"}),
            valid: true,
            warning: Some("not-a-cipher-suite"),
            ..Case::default()
        },
        Case {
            name: "valid cipher suites",
            input: json!({"cipherSuites": ["ECDHE-ECDSA-AES128-SHA"], "credentialName": "sds-name", "mode": "SIMPLE"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "cipher suites operations",
            input: json!({"cipherSuites": ["-ECDHE-ECDSA-AES128-SHA"], "credentialName": "sds-name", "mode": "SIMPLE"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "duplicate cipher suites",
            input: json!({"cipherSuites": ["ECDHE-ECDSA-AES128-SHA", "ECDHE-ECDSA-AES128-SHA"], "credentialName": "sds-name", "mode": "SIMPLE"}),
            valid: true,
            warning: Some("ECDHE-ECDSA-AES128-SHA"),
            ..Case::default()
        },
        Case {
            name: "invalid cipher suites with invalid config",
            input: json!({"cipherSuites": ["not-a-cipher-suite"], "mode": "SIMPLE"}),
            valid: false,
            error: "requires a private key",
            warning: Some("not-a-cipher-suite"),
            ..Case::default()
        },
        Case {
            name: "crl specified for SIMPLE TLS",
            input: json!({"caCrl": "crl", "mode": "SIMPLE"}),
            valid: false,
            error: "CRL is not supported with SIMPLE TLS",
            ..Case::default()
        },
        Case {
            name: "crl specified for CredentialName",
            input: json!({"caCrl": "crl", "credentialName": "credential", "mode": "SIMPLE"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "mutual no server cert #2",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "MUTUAL", "privateKey": "Khan Noonien Singh"}),
            valid: false,
            error: "MUTUAL TLS requires a server certificate",
            ..Case::default()
        },
        Case {
            name: "mutual no private key",
            input: json!({"caCertificates": "Commander William T. Riker", "mode": "MUTUAL", "serverCertificate": "Khan Noonien Singh"}),
            valid: false,
            error: "MUTUAL TLS requires a private key",
            ..Case::default()
        },
        Case {
            name: "with CredentialNames",
            input: json!({"credentialNames": ["credential1", "credential2"], "mode": "MUTUAL"}),
            valid: true,
            ..Case::default()
        },
    ];
    Table::new("TestValidateTlsOptions").run_check(&cases, TLS_OPTIONS);
}

#[test]
fn k8s_gateway_semantics() {
    let mut m = named("foo.bar", "bar");
    m.annotations.insert(
        "internal.istio.io/gateway-semantics".into(),
        json!("gateway"),
    );
    let spec = json!({"servers": [{"hosts": ["~/foo.bar.com"], "port": {"name": "name1", "number": 7, "protocol": "http"}}]});
    let r = validate_with(gw::validate, &m, spec.clone()).unwrap();
    assert!(r.errors.is_empty() && r.warnings.is_empty(), "{r:?}");
    let r = validate_with(gw::validate, &named("foo.bar", "bar"), spec).unwrap();
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
    let bad_gw = json!({"servers": [{"hosts": ["*"], "port": {"number": 443, "name": "https", "protocol": "HTTPS"}, "tls": {"mode": "STRICT"}}]});
    assert!(validate_with(gw::validate, &named("foo", "bar"), bad_gw).is_err());
}
