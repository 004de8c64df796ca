//! A server's TLS options: modes, credentials, certificates and cipher suites.

use super::*;

const TLS_OPTIONS: Check = |input, _, report| {
    if let Some(t) = decode_message::<gw::ServerTlsSettings>(input)? {
        gw::validate_tls_options(report, &t);
    }
    Ok(())
};

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
