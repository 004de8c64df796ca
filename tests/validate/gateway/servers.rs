//! A Gateway's servers and their ports.

use super::*;

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
