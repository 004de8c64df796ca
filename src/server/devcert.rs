//! A development CA and serving certificate, for running needle without real certificates.
//! Generated once into the cert directory and reused on later starts.

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose};
use std::path::{Path, PathBuf};

/// Where the development files live.
#[derive(Debug, Clone)]
pub struct DevCertPaths {
    pub ca: PathBuf,
    pub cert: PathBuf,
    pub key: PathBuf,
}

impl DevCertPaths {
    pub fn in_dir(dir: &Path) -> Self {
        Self {
            ca: dir.join("ca.pem"),
            cert: dir.join("tls.crt"),
            key: dir.join("tls.key"),
        }
    }
}

/// The names the serving certificate covers: loopback and the in-cluster service names.
pub fn default_hosts(service: &str, namespace: &str) -> Vec<String> {
    vec![
        "localhost".into(),
        "127.0.0.1".into(),
        "::1".into(),
        service.into(),
        format!("{service}.{namespace}"),
        format!("{service}.{namespace}.svc"),
        format!("{service}.{namespace}.svc.cluster.local"),
    ]
}

/// Why the development certificate could not be made.
#[derive(Debug, thiserror::Error)]
pub enum DevCertError {
    #[error("{path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("generating the development certificate: {0}")]
    Generate(#[from] rcgen::Error),
}

fn write_error(path: &Path) -> impl FnOnce(std::io::Error) -> DevCertError {
    let path = path.to_path_buf();
    move |source| DevCertError::Write { path, source }
}

/// Reuse the files when all three exist, otherwise generate a new CA and serving pair.
/// Returns whether new files were written.
pub fn ensure(dir: &Path, hosts: &[String]) -> Result<(DevCertPaths, bool), DevCertError> {
    let paths = DevCertPaths::in_dir(dir);
    if paths.ca.exists() && paths.cert.exists() && paths.key.exists() {
        return Ok((paths, false));
    }
    std::fs::create_dir_all(dir).map_err(write_error(dir))?;
    let (ca_pem, cert_pem, key_pem) = generate(hosts)?;
    write_private(&paths.key, &key_pem)?;
    write_atomically(&paths.cert, &cert_pem)?;
    write_atomically(&paths.ca, &ca_pem)?;
    Ok((paths, true))
}

/// A development CA that issues serving certificates.
pub struct DevCa {
    issuer: Issuer<'static, KeyPair>,
    pem: String,
}

impl DevCa {
    pub fn new() -> Result<Self, rcgen::Error> {
        let key = KeyPair::generate()?;
        let mut params = CertificateParams::new(Vec::<String>::new())?;
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params
            .distinguished_name
            .push(DnType::CommonName, "needle development CA");
        params.key_usages = vec![
            KeyUsagePurpose::KeyCertSign,
            KeyUsagePurpose::CrlSign,
            KeyUsagePurpose::DigitalSignature,
        ];
        let pem = params.self_signed(&key)?.pem();
        Ok(Self {
            issuer: Issuer::new(params, key),
            pem,
        })
    }

    /// The CA certificate, PEM: what a webhook configuration uses as `caBundle`.
    pub fn pem(&self) -> &str {
        &self.pem
    }

    /// A serving certificate for `hosts`, as PEM (certificate, private key).
    pub fn issue(&self, hosts: &[String]) -> Result<(String, String), rcgen::Error> {
        let key = KeyPair::generate()?;
        let mut params = CertificateParams::new(hosts.to_vec())?;
        params.distinguished_name.push(
            DnType::CommonName,
            hosts.first().map(String::as_str).unwrap_or("needle"),
        );
        let cert = params.signed_by(&key, &self.issuer)?;
        Ok((cert.pem(), key.serialize_pem()))
    }
}

/// A CA and a serving certificate for `hosts` signed by it, as PEM (CA, chain, key).
pub fn generate(hosts: &[String]) -> Result<(String, String, String), rcgen::Error> {
    let ca = DevCa::new()?;
    let (cert, key) = ca.issue(hosts)?;
    Ok((ca.pem, cert, key))
}

fn write_atomically(path: &Path, text: &str) -> Result<(), DevCertError> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).map_err(write_error(&tmp))?;
    std::fs::rename(&tmp, path).map_err(write_error(path))
}

fn write_private(path: &Path, text: &str) -> Result<(), DevCertError> {
    write_atomically(path, text)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            .map_err(write_error(path))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generates_then_reuses() {
        let dir = std::env::temp_dir().join(format!("needle-devcert-{}", std::process::id()));
        let hosts = default_hosts("needle", "istio-system");
        let (paths, fresh) = ensure(&dir, &hosts).unwrap();
        assert!(fresh);
        let first = std::fs::read_to_string(&paths.cert).unwrap();
        let (_, fresh_again) = ensure(&dir, &hosts).unwrap();
        assert!(!fresh_again);
        assert_eq!(std::fs::read_to_string(&paths.cert).unwrap(), first);
        assert!(crate::server::tls::load_certified_key(&paths.cert, &paths.key).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
