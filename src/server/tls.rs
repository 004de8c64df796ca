//! Serving certificate: loaded from PEM files, swapped atomically on reload, so new
//! handshakes use the new pair while open connections keep theirs.

use arc_swap::ArcSwap;
use rustls::ServerConfig;
use rustls::crypto::ring as provider;
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why a certificate and key could not be used; each names the file and what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum CertError {
    #[error("{path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: invalid PEM: {source}")]
    Pem {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}: no CERTIFICATE block found")]
    NoCertificate(PathBuf),
    #[error("{0}: no private key block found")]
    NoKey(PathBuf),
    #[error("{path}: unsupported private key: {source}")]
    UnsupportedKey {
        path: PathBuf,
        source: rustls::Error,
    },
    #[error("{cert} and {key} do not belong together: {source}")]
    Mismatch {
        cert: PathBuf,
        key: PathBuf,
        source: rustls::Error,
    },
    #[error("TLS configuration: {0}")]
    Config(rustls::Error),
}

/// Load a certificate chain and its private key.
pub fn load_certified_key(cert_path: &Path, key_path: &Path) -> Result<CertifiedKey, CertError> {
    let read = |path: &Path| {
        std::fs::read(path).map_err(|source| CertError::Read {
            path: path.to_path_buf(),
            source,
        })
    };
    let pem = |path: &Path| {
        let path = path.to_path_buf();
        move |source| CertError::Pem { path, source }
    };
    let (cert_pem, key_pem) = (read(cert_path)?, read(key_path)?);
    let chain: Vec<_> = rustls_pemfile::certs(&mut cert_pem.as_slice())
        .collect::<Result<_, _>>()
        .map_err(pem(cert_path))?;
    if chain.is_empty() {
        return Err(CertError::NoCertificate(cert_path.to_path_buf()));
    }
    let key = rustls_pemfile::private_key(&mut key_pem.as_slice())
        .map_err(pem(key_path))?
        .ok_or_else(|| CertError::NoKey(key_path.to_path_buf()))?;
    let signing_key =
        provider::sign::any_supported_type(&key).map_err(|source| CertError::UnsupportedKey {
            path: key_path.to_path_buf(),
            source,
        })?;
    let certified = CertifiedKey::new(chain, signing_key);
    certified
        .keys_match()
        .map_err(|source| CertError::Mismatch {
            cert: cert_path.to_path_buf(),
            key: key_path.to_path_buf(),
            source,
        })?;
    Ok(certified)
}

/// Hands out the current certificate to every new handshake.
#[derive(Debug)]
pub struct ReloadingResolver {
    current: ArcSwap<CertifiedKey>,
}

impl ReloadingResolver {
    pub fn new(key: CertifiedKey) -> Self {
        Self {
            current: ArcSwap::from_pointee(key),
        }
    }

    pub fn replace(&self, key: CertifiedKey) {
        self.current.store(Arc::new(key));
    }
}

impl ResolvesServerCert for ReloadingResolver {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        Some(self.current.load_full())
    }
}

/// TLS 1.2 and 1.3, HTTP/2 and HTTP/1.1 by ALPN, certificates from the resolver.
pub fn server_config(resolver: Arc<ReloadingResolver>) -> Result<ServerConfig, CertError> {
    let mut config = ServerConfig::builder_with_provider(Arc::new(provider::default_provider()))
        .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
        .map_err(CertError::Config)?
        .with_no_client_auth()
        .with_cert_resolver(resolver);
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(config)
}
