//! Sprig's key, certificate, password and cipher functions. needle refuses them at render
//! time with a clear error rather than producing something else: they need RSA/DSA keys,
//! bcrypt, scrypt or AES-CBC, which no crate needle builds with provides, and a sidecar
//! injection template has no use for minting secrets per pod.

use crate::core::gotemplate::value::invalid;
use minijinja::value::{Rest, Value as MjValue};
use minijinja::{Environment, Error};

/// The functions registered to fail.
pub const UNSUPPORTED: &[&str] = &[
    "bcrypt",
    "buildCustomCert",
    "decryptAES",
    "derivePassword",
    "encryptAES",
    "genCA",
    "genCAWithKey",
    "genPrivateKey",
    "genSelfSignedCert",
    "genSelfSignedCertWithKey",
    "genSignedCert",
    "genSignedCertWithKey",
    "htpasswd",
];

pub(super) fn register_crypto(env: &mut Environment<'static>) {
    for name in UNSUPPORTED {
        env.add_function(
            format!("gt_{name}"),
            move |_: Rest<MjValue>| -> Result<MjValue, Error> {
                Err(invalid(&format!(
                    "error calling {name}: Sprig's {name} is not supported by needle"
                )))
            },
        );
    }
}
