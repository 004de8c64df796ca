//! Sprig's key, certificate, password and cipher functions. `genPrivateKey` makes the
//! ECDSA P-256 and Ed25519 keys Sprig makes (with rcgen, in Go's PEM forms); the rest, and
//! RSA/DSA keys, needle refuses at render time with a clear error rather than producing
//! something else: they need RSA/DSA keys, bcrypt, scrypt or AES-CBC, which no crate
//! needle builds with provides, and a sidecar injection template has no use for minting
//! secrets per pod.

use crate::gotemplate::value::{invalid, strval};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use minijinja::value::{Rest, Value as MjValue};
use minijinja::{Environment, Error};

/// The 32 bytes after `marker` in `der`.
fn after<'a>(der: &'a [u8], marker: &[u8]) -> Option<&'a [u8]> {
    let at = der.windows(marker.len()).position(|w| w == marker)? + marker.len();
    der.get(at..at + 32)
}

/// Go's `pem.EncodeToMemory`: base64 in lines of 64.
fn pem(kind: &str, der: &[u8]) -> String {
    let b64 = STANDARD.encode(der);
    let lines: Vec<&str> = b64
        .as_bytes()
        .chunks(64)
        .map(|c| std::str::from_utf8(c).unwrap_or_default())
        .collect();
    format!(
        "-----BEGIN {kind}-----\n{}\n-----END {kind}-----\n",
        lines.join("\n")
    )
}

/// Sprig's `genPrivateKey`: `ecdsa` as Go's SEC 1 `EC PRIVATE KEY` (with the curve named),
/// `ed25519` as PKCS #8 `PRIVATE KEY`; an unknown type is the text `Unknown type X`.
fn gen_private_key(kind: MjValue) -> Result<String, Error> {
    crate::volatile::mark();
    let kind = strval(&kind);
    let failed = |e: String| invalid(&format!("failed to generate private key: {e}"));
    match kind.as_str() {
        "ecdsa" => {
            let key = rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256)
                .map_err(|e| failed(e.to_string()))?;
            let d = after(&key.serialize_der(), &[0x02, 0x01, 0x01, 0x04, 0x20])
                .ok_or_else(|| failed("no private scalar in the key".into()))?
                .to_vec();
            // ECPrivateKey { 1, d, [0] prime256v1, [1] public point }.
            let mut body = vec![0x02, 0x01, 0x01, 0x04, 0x20];
            body.extend(&d);
            body.extend([
                0xA0, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07,
            ]);
            let public = key.public_key_raw();
            body.extend([
                0xA1,
                public.len() as u8 + 3,
                0x03,
                public.len() as u8 + 1,
                0x00,
            ]);
            body.extend(public);
            let mut der = vec![0x30, body.len() as u8];
            der.extend(body);
            Ok(pem("EC PRIVATE KEY", &der))
        }
        "ed25519" => {
            let key = rcgen::KeyPair::generate_for(&rcgen::PKCS_ED25519)
                .map_err(|e| failed(e.to_string()))?;
            let seed = after(&key.serialize_der(), &[0x04, 0x22, 0x04, 0x20])
                .ok_or_else(|| failed("no seed in the key".into()))?
                .to_vec();
            // PKCS #8 v1 { 0, id-Ed25519, OCTET STRING { OCTET STRING seed } }, as Go writes it.
            let mut der = vec![
                0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22,
                0x04, 0x20,
            ];
            der.extend(seed);
            Ok(pem("PRIVATE KEY", &der))
        }
        "" | "rsa" | "dsa" => Err(invalid(&format!(
            "genPrivateKey: Sprig's {} keys are not supported by needle (ecdsa and ed25519 are)",
            if kind == "dsa" { "DSA" } else { "RSA" }
        ))),
        other => Ok(format!("Unknown type {other}")),
    }
}

/// The functions registered to fail.
pub const UNSUPPORTED: &[&str] = &[
    "bcrypt",
    "buildCustomCert",
    "decryptAES",
    "derivePassword",
    "encryptAES",
    "genCA",
    "genCAWithKey",
    "genSelfSignedCert",
    "genSelfSignedCertWithKey",
    "genSignedCert",
    "genSignedCertWithKey",
    "htpasswd",
];

pub(super) fn register_crypto(env: &mut Environment<'static>) {
    env.add_function("gt_genPrivateKey", gen_private_key);
    for name in UNSUPPORTED {
        env.add_function(
            format!("gt_{name}"),
            move |_: Rest<MjValue>| -> Result<MjValue, Error> {
                Err(invalid(&format!(
                    "{name}: Sprig's {name} is not supported by needle"
                )))
            },
        );
    }
}
