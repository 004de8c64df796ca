//! A development CA and serving certificate, for running needle without real certificates.
//! Generated once into the cert directory and reused on later starts. The CA's key is kept
//! (mode 0600) so a serving certificate that was removed is issued again by the same CA, and
//! the webhooks' caBundle stays right. Validity: the CA ten years, the serving certificate one.

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose};
use std::path::{Path, PathBuf};

/// Where the development files live.
#[derive(Debug, Clone)]
pub struct DevCertPaths {
    pub ca: PathBuf,
    pub ca_key: PathBuf,
    pub cert: PathBuf,
    pub key: PathBuf,
}

impl DevCertPaths {
    pub fn in_dir(dir: &Path) -> Self {
        Self {
            ca: dir.join("ca.pem"),
            ca_key: dir.join("ca.key"),
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

/// Reuse the files when they all exist; issue a new serving pair from the kept CA when only
/// that pair is missing; otherwise generate a new CA and pair. Returns whether new files were
/// written.
pub fn ensure(dir: &Path, hosts: &[String]) -> Result<(DevCertPaths, bool), DevCertError> {
    let paths = DevCertPaths::in_dir(dir);
    if [&paths.ca, &paths.ca_key, &paths.cert, &paths.key]
        .iter()
        .all(|p| p.exists())
    {
        return Ok((paths, false));
    }
    std::fs::create_dir_all(dir).map_err(write_error(dir))?;
    let kept = match (
        std::fs::read_to_string(&paths.ca),
        std::fs::read_to_string(&paths.ca_key),
    ) {
        (Ok(pem), Ok(key)) => DevCa::from_kept(pem, &key).ok(),
        _ => None,
    };
    let ca = match kept {
        Some(ca) => ca,
        None => {
            let ca = DevCa::new()?;
            write_private(&paths.ca_key, &ca.key_pem())?;
            write_atomically(&paths.ca, ca.pem())?;
            ca
        }
    };
    let (cert_pem, key_pem) = ca.issue(hosts)?;
    write_private(&paths.key, &key_pem)?;
    write_atomically(&paths.cert, &cert_pem)?;
    Ok((paths, true))
}

/// Today's date (UTC) as (year, month, day), from the system clock.
fn today() -> (i32, u8, u8) {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    let (y, m, d) = crate::core::compat::civil::civil_from_days(days);
    (y as i32, m as u8, d as u8)
}

/// Valid from yesterday (clocks differ) for `years` years.
fn validity(params: &mut CertificateParams, years: i32) {
    let (y, m, d) = today();
    // Day 28 at most: every month has it, in every year.
    let d = d.min(28);
    let (by, bm, bd) = if d > 1 {
        (y, m, d - 1)
    } else if m > 1 {
        (y, m - 1, 28)
    } else {
        (y - 1, 12, 28)
    };
    params.not_before = rcgen::date_time_ymd(by, bm, bd);
    params.not_after = rcgen::date_time_ymd(y + years, m, d);
}

/// A development CA that issues serving certificates.
pub struct DevCa {
    issuer: Issuer<'static, KeyPair>,
    pem: String,
    key_pem: String,
}

impl DevCa {
    /// The CA's parameters: the same each time, so a kept key issues under the kept CA.
    fn params() -> Result<CertificateParams, rcgen::Error> {
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
        Ok(params)
    }

    pub fn new() -> Result<Self, rcgen::Error> {
        let key = KeyPair::generate()?;
        let mut params = Self::params()?;
        validity(&mut params, 10);
        let pem = params.self_signed(&key)?.pem();
        let key_pem = key.serialize_pem();
        Ok(Self {
            issuer: Issuer::new(params, key),
            pem,
            key_pem,
        })
    }

    /// The CA written before: its certificate and its key.
    pub fn from_kept(pem: String, key_pem: &str) -> Result<Self, rcgen::Error> {
        let key = KeyPair::from_pem(key_pem)?;
        Ok(Self {
            issuer: Issuer::new(Self::params()?, key),
            pem,
            key_pem: key_pem.to_string(),
        })
    }

    /// The CA's private key, PEM.
    pub fn key_pem(&self) -> String {
        self.key_pem.clone()
    }

    /// The CA certificate, PEM: what a webhook configuration uses as `caBundle`.
    pub fn pem(&self) -> &str {
        &self.pem
    }

    /// A serving certificate for `hosts`, as PEM (certificate, private key).
    pub fn issue(&self, hosts: &[String]) -> Result<(String, String), rcgen::Error> {
        let key = KeyPair::generate()?;
        let mut params = CertificateParams::new(hosts.to_vec())?;
        validity(&mut params, 1);
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

/// A private key: created with mode 0600 from the start (never readable by others, not even
/// for a moment), then renamed into place.
fn write_private(path: &Path, text: &str) -> Result<(), DevCertError> {
    use std::io::Write;
    let tmp = path.with_extension("tmp");
    let _ = std::fs::remove_file(&tmp);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&tmp).map_err(write_error(&tmp))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(write_error(&tmp))?;
    std::fs::rename(&tmp, path).map_err(write_error(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generates_then_reuses() {
        let scratch = tempfile::Builder::new()
            .prefix("needle-devcert-")
            .tempdir()
            .unwrap();
        let dir = scratch.path().join("certs");
        let hosts = default_hosts("needle", "istio-system");
        let (paths, fresh) = ensure(&dir, &hosts).unwrap();
        assert!(fresh);
        let first = std::fs::read_to_string(&paths.cert).unwrap();
        let (_, fresh_again) = ensure(&dir, &hosts).unwrap();
        assert!(!fresh_again);
        assert_eq!(std::fs::read_to_string(&paths.cert).unwrap(), first);
        assert!(crate::server::tls::load_certified_key(&paths.cert, &paths.key).is_ok());
        #[cfg(unix)]
        for key in [&paths.key, &paths.ca_key] {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(key).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "{}", key.display());
        }

        // The serving pair removed: issued again by the same CA, which still verifies it.
        let ca = std::fs::read_to_string(&paths.ca).unwrap();
        std::fs::remove_file(&paths.cert).unwrap();
        std::fs::remove_file(&paths.key).unwrap();
        let (_, fresh) = ensure(&dir, &hosts).unwrap();
        assert!(fresh);
        assert_eq!(std::fs::read_to_string(&paths.ca).unwrap(), ca);
        assert_ne!(std::fs::read_to_string(&paths.cert).unwrap(), first);
        assert!(verifies(
            &ca,
            &std::fs::read_to_string(&paths.cert).unwrap()
        ));
        assert!(!verifies(
            &generate(&hosts).unwrap().0,
            &std::fs::read_to_string(&paths.cert).unwrap()
        ));
    }

    /// Whether `cert_pem` verifies for `localhost` against the CA `ca_pem`, as a client would.
    fn verifies(ca_pem: &str, cert_pem: &str) -> bool {
        use rustls::client::danger::ServerCertVerifier;
        use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
        let der = |pem: &str| -> CertificateDer<'static> {
            rustls_pemfile::certs(&mut pem.as_bytes())
                .next()
                .unwrap()
                .unwrap()
        };
        let mut roots = rustls::RootCertStore::empty();
        roots.add(der(ca_pem)).unwrap();
        let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
        let verifier =
            rustls::client::WebPkiServerVerifier::builder_with_provider(roots.into(), provider)
                .build()
                .unwrap();
        verifier
            .verify_server_cert(
                &der(cert_pem),
                &[],
                &ServerName::try_from("localhost").unwrap(),
                &[],
                UnixTime::now(),
            )
            .is_ok()
    }

    #[test]
    fn today_is_a_real_date() {
        let (y, m, d) = today();
        assert!((2024..2200).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d));
    }
}
