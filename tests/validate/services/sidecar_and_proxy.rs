//! Sidecar and ProxyConfig.

use super::*;

/// Istio's TestValidateSidecar: 74 cases.
fn sidecar_cases() -> Vec<Case> {
    vec![
        case("empty ingress and egress", json!({}), false, false),
        case(
            "default",
            json!({"egress": [{"hosts": ["*/*"]}]}),
            true,
            false,
        ),
        case(
            "workload selector without labels",
            json!({"workloadSelector": {}, "egress": [{"hosts": ["*/*"]}]}),
            true,
            true,
        ),
        case(
            "import local namespace with wildcard",
            json!({"egress": [{"hosts": ["./*"]}]}),
            true,
            false,
        ),
        case(
            "import local namespace with fqdn",
            json!({"egress": [{"hosts": ["./foo.com"]}]}),
            true,
            false,
        ),
        case(
            "import nothing",
            json!({"egress": [{"hosts": ["~/*"]}]}),
            true,
            false,
        ),
        case(
            "import all except a namespace",
            json!({"egress": [{"hosts": ["*/*", "~ns1/*"]}]}),
            true,
            false,
        ),
        case(
            "import all except an exact host",
            json!({"egress": [{"hosts": ["*/*", "~/foo.com"]}]}),
            true,
            false,
        ),
        case(
            "exclude with invalid namespace",
            json!({"egress": [{"hosts": ["*/*", "~Invalid_NS/*"]}]}),
            false,
            false,
        ),
        case(
            "bad egress host 1",
            json!({"egress": [{"hosts": ["*"]}]}),
            false,
            false,
        ),
        case(
            "bad egress host 2",
            json!({"egress": [{"hosts": ["/"]}]}),
            false,
            false,
        ),
        case("empty egress host", json!({"egress": [{}]}), false, false),
        case(
            "multiple wildcard egress",
            json!({"egress": [{"hosts": ["*/foo.com"]}, {"hosts": ["ns1/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "wildcard egress not in end",
            json!({"egress": [{"hosts": ["*/foo.com"]}, {"port": {"number": 8080, "protocol": "http", "name": "h8080"}, "hosts": ["ns1/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "invalid Port",
            json!({"egress": [{"port": {"number": 1000000, "protocol": "http1"}, "hosts": ["ns1/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "Port without name",
            json!({"egress": [{"port": {"number": 8080, "protocol": "http"}, "hosts": ["ns1/bar.com"]}]}),
            true,
            false,
        ),
        case(
            "UDS bind in outbound",
            json!({"egress": [{"port": {"protocol": "http", "name": "uds"}, "bind": "unix:///@foo/bar/com", "hosts": ["ns1/bar.com"]}]}),
            true,
            false,
        ),
        case(
            "UDS bind in inbound",
            json!({"ingress": [{"port": {"protocol": "http", "name": "uds"}, "bind": "unix:///@foo/bar/com", "defaultEndpoint": "127.0.0.1:9999"}]}),
            false,
            false,
        ),
        case(
            "UDS bind in outbound 2",
            json!({"egress": [{"port": {"protocol": "http", "name": "uds"}, "bind": "unix:///foo/bar/com", "hosts": ["ns1/bar.com"]}]}),
            true,
            false,
        ),
        case(
            "invalid bind",
            json!({"egress": [{"port": {"protocol": "http", "name": "uds"}, "bind": "foobar:///@foo/bar/com", "hosts": ["ns1/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "invalid capture mode with uds bind",
            json!({"egress": [{"port": {"protocol": "http", "name": "uds"}, "bind": "unix:///@foo/bar/com", "captureMode": "IPTABLES", "hosts": ["ns1/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "duplicate UDS bind",
            json!({"egress": [{"port": {"protocol": "http", "name": "uds"}, "bind": "unix:///@foo/bar/com", "hosts": ["ns1/bar.com"]}, {"port": {"protocol": "http", "name": "uds"}, "bind": "unix:///@foo/bar/com", "hosts": ["ns1/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "duplicate ports",
            json!({"egress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "hosts": ["ns1/bar.com"]}, {"port": {"number": 90, "protocol": "tcp", "name": "tcp"}, "hosts": ["ns2/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "ingress without port",
            json!({"ingress": [{"defaultEndpoint": "127.0.0.1:110"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "ingress without port and with IPv6 endpoint",
            json!({"ingress": [{"defaultEndpoint": "[::1]:110"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "ingress with duplicate ports",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "127.0.0.1:110"}, {"port": {"number": 90, "protocol": "tcp", "name": "bar"}, "defaultEndpoint": "127.0.0.1:110"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "ingress with duplicate ports and IPv6 endpoint",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[::1]:110"}, {"port": {"number": 90, "protocol": "tcp", "name": "bar"}, "defaultEndpoint": "[::1]:110"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "ingress without default endpoint",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}}], "egress": [{"hosts": ["*/*"]}]}),
            true,
            false,
        ),
        case(
            "ingress with invalid default endpoint in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "1.1.1.1:90"}]}),
            false,
            false,
        ),
        case(
            "ingress with invalid default endpoint in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[1:1:1:1:1:1:1:1]:90"}]}),
            false,
            false,
        ),
        case(
            "ingress with invalid default endpoint uds",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "unix:///"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "ingress with invalid default endpoint port in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "127.0.0.1:hi"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "ingress with invalid default endpoint port in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[::1]:hi"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "valid ingress and egress in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999"}], "egress": [{"hosts": ["*/*"]}]}),
            true,
            false,
        ),
        case(
            "valid ingress and egress in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[::1]:9999"}], "egress": [{"hosts": ["*/*"]}]}),
            true,
            false,
        ),
        case(
            "valid ingress and empty egress in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999"}]}),
            true,
            false,
        ),
        case(
            "valid ingress and empty egress in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[::1]:9999"}]}),
            true,
            false,
        ),
        case("empty", json!({}), false, false),
        case(
            "just outbound traffic policy",
            json!({"outboundTrafficPolicy": {"mode": "ALLOW_ANY"}}),
            true,
            false,
        ),
        case(
            "empty protocol in IPv4",
            json!({"ingress": [{"port": {"number": 90, "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999"}], "egress": [{"hosts": ["*/*"]}]}),
            true,
            false,
        ),
        case(
            "empty protocol in IPv6",
            json!({"ingress": [{"port": {"number": 90, "name": "foo"}, "defaultEndpoint": "[::1]:9999"}], "egress": [{"hosts": ["*/*"]}]}),
            true,
            false,
        ),
        case(
            "ALLOW_ANY sidecar egress policy with no egress proxy ",
            json!({"egress": [{"hosts": ["*/*"]}], "outboundTrafficPolicy": {"mode": "ALLOW_ANY"}}),
            true,
            false,
        ),
        case(
            "sidecar egress proxy with RESGISTRY_ONLY(default)",
            json!({"egress": [{"hosts": ["*/*"]}], "outboundTrafficPolicy": {"egressProxy": {"host": "foo.bar", "subset": "shiny", "port": {"number": 5000}}}}),
            false,
            false,
        ),
        case(
            "sidecar egress proxy with ALLOW_ANY",
            json!({"egress": [{"hosts": ["*/*"]}], "outboundTrafficPolicy": {"mode": "ALLOW_ANY", "egressProxy": {"host": "foo.bar", "subset": "shiny", "port": {"number": 5000}}}}),
            true,
            false,
        ),
        case(
            "sidecar egress proxy with ALLOW_ANY, service hostname invalid fqdn",
            json!({"egress": [{"hosts": ["*/*"]}], "outboundTrafficPolicy": {"mode": "ALLOW_ANY", "egressProxy": {"host": "foobar*123", "subset": "shiny", "port": {"number": 5000}}}}),
            false,
            false,
        ),
        case(
            "sidecar egress proxy(without Port) with ALLOW_ANY",
            json!({"egress": [{"hosts": ["*/*"]}], "outboundTrafficPolicy": {"mode": "ALLOW_ANY", "egressProxy": {"host": "foo.bar", "subset": "shiny"}}}),
            false,
            false,
        ),
        case(
            "ALLOW_ANY_DYNAMIC_DNS rejected in sidecar",
            json!({"egress": [{"hosts": ["*/*"]}], "outboundTrafficPolicy": {"mode": 3}}),
            false,
            false,
        ),
        case(
            "sidecar egress only one wildcarded",
            json!({"egress": [{"hosts": ["*/*", "test/a.com"]}]}),
            true,
            true,
        ),
        case(
            "sidecar egress wildcarded ns",
            json!({"egress": [{"hosts": ["*/b.com", "test/a.com"]}]}),
            true,
            false,
        ),
        case(
            "sidecar egress duplicated with wildcarded same namespace",
            json!({"egress": [{"hosts": ["test/*", "test/a.com"]}]}),
            true,
            true,
        ),
        case(
            "invalid partial wildcard",
            json!({"egress": [{"hosts": ["test/*a.com"]}]}),
            false,
            false,
        ),
        case(
            "sidecar egress duplicated with wildcarded same namespace .",
            json!({"egress": [{"hosts": ["./*", "bar/a.com"]}]}),
            true,
            true,
        ),
        case(
            "ingress tls mode set to ISTIO_MUTUAL in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "ISTIO_MUTUAL"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls mode set to ISTIO_MUTUAL in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "ISTIO_MUTUAL"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls mode set to ISTIO_AUTO_PASSTHROUGH in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "AUTO_PASSTHROUGH"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls mode set to ISTIO_AUTO_PASSTHROUGH in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "AUTO_PASSTHROUGH"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls invalid protocol in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "SIMPLE"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls invalid protocol in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "SIMPLE"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls httpRedirect is not supported in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"httpsRedirect": true, "mode": "SIMPLE"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls httpRedirect is not supported in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"httpsRedirect": true, "mode": "SIMPLE"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls SAN entries are not supported in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "SIMPLE", "subjectAltNames": ["httpbin.com"]}}]}),
            false,
            false,
        ),
        case(
            "ingress tls SAN entries are not supported in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "SIMPLE", "subjectAltNames": ["httpbin.com"]}}]}),
            false,
            false,
        ),
        case(
            "ingress tls credentialName is not supported in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "SIMPLE", "credentialName": "secret-name"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls credentialName is not supported in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "SIMPLE", "credentialName": "secret-name"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls credentialNames is not supported in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "SIMPLE", "credentialNames": ["secret-name"]}}]}),
            false,
            false,
        ),
        case(
            "ingress tls credentialNames is not supported in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "SIMPLE", "credentialNames": ["secret-name"]}}]}),
            false,
            false,
        ),
        case(
            "ingress tls tlsCertificates is not supported in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "SIMPLE", "tlsCertificates": [{"serverCertificate": "/etc/istio/ingress-certs/tls.crt", "privateKey": "/etc/istio/ingress-certs/tls.key"}, {"serverCertificate": "/etc/istio/ingress-certs/tls2.crt", "privateKey": "/etc/istio/ingress-certs/tls2.key"}]}}]}),
            false,
            false,
        ),
        case(
            "ingress tls tlsCertificates is not supported in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "SIMPLE", "tlsCertificates": [{"serverCertificate": "/etc/istio/ingress-certs/tls.crt", "privateKey": "/etc/istio/ingress-certs/tls.key"}, {"serverCertificate": "/etc/istio/ingress-certs/tls2.crt", "privateKey": "/etc/istio/ingress-certs/tls2.key"}]}}]}),
            false,
            false,
        ),
        case(
            "valid inbound connection pool",
            json!({"inboundConnectionPool": {"http": {"http1MaxPendingRequests": 1024, "http2MaxRequests": 1024, "maxRequestsPerConnection": 1024, "maxRetries": 1024}}}),
            true,
            false,
        ),
        case(
            "valid port-level connection pool with top level default",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "connectionPool": {"http": {"http1MaxPendingRequests": 1024, "http2MaxRequests": 1024, "maxRequestsPerConnection": 1024, "maxRetries": 1024}}}], "inboundConnectionPool": {"http": {"http1MaxPendingRequests": 1024, "http2MaxRequests": 1024, "maxRequestsPerConnection": 1024, "maxRetries": 1024}}}),
            true,
            false,
        ),
        case(
            "valid port-level connection pool without a top level default",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "connectionPool": {"http": {"http1MaxPendingRequests": 1024, "http2MaxRequests": 1024, "maxRequestsPerConnection": 1024, "maxRetries": 1024}}}]}),
            true,
            false,
        ),
        case(
            "warn http connection settings on tcp port",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "connectionPool": {"http": {"http1MaxPendingRequests": 1024, "http2MaxRequests": 1024, "maxRequestsPerConnection": 1024, "maxRetries": 1024}}}]}),
            true,
            true,
        ),
        case(
            "invalid top level connection pool",
            json!({"inboundConnectionPool": {}}),
            false,
            false,
        ),
        case(
            "invalid port-level connection pool",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "connectionPool": {}}]}),
            false,
            false,
        ),
    ]
}

#[test]
fn sidecar_table() {
    run("sidecar", sidecar::validate, sidecar_cases());
}

/// Istio's TestValidateProxyConfig: 2 cases.
fn proxy_config_cases() -> Vec<Case> {
    vec![
        msg("empty", json!({}), "", ""),
        msg(
            "invalid concurrency",
            json!({"concurrency": -1}),
            "concurrency must be greater than or equal to 0",
            "",
        ),
    ]
}

#[test]
fn proxy_config_table() {
    run("proxy_config", proxy_config::validate, proxy_config_cases());
}
