//! Serving certificate: loaded from PEM files, swapped atomically on reload, so new
//! handshakes use the new pair while open connections keep theirs.

use arc_swap::ArcSwap;
use rustls::ServerConfig;
use rustls::crypto::ring as provider;
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use std::path::Path;
use std::sync::Arc;

/// Load a certificate chain and its private key. Errors name the file and what is wrong.
pub fn load_certified_key(cert_path: &Path, key_path: &Path) -> Result<CertifiedKey, String> {
    let cert_pem = std::fs::read(cert_path).map_err(|e| format!("{}: {e}", cert_path.display()))?;
    let key_pem = std::fs::read(key_path).map_err(|e| format!("{}: {e}", key_path.display()))?;
    let chain: Vec<_> = rustls_pemfile::certs(&mut cert_pem.as_slice())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{}: invalid PEM: {e}", cert_path.display()))?;
    if chain.is_empty() {
        return Err(format!(
            "{}: no CERTIFICATE block found",
            cert_path.display()
        ));
    }
    let key = rustls_pemfile::private_key(&mut key_pem.as_slice())
        .map_err(|e| format!("{}: invalid PEM: {e}", key_path.display()))?
        .ok_or_else(|| format!("{}: no private key block found", key_path.display()))?;
    let signing_key = provider::sign::any_supported_type(&key)
        .map_err(|e| format!("{}: unsupported private key: {e}", key_path.display()))?;
    let certified = CertifiedKey::new(chain, signing_key);
    certified.keys_match().map_err(|e| {
        format!(
            "{} and {} do not belong together: {e}",
            cert_path.display(),
            key_path.display()
        )
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
pub fn server_config(resolver: Arc<ReloadingResolver>) -> Result<ServerConfig, String> {
    let mut config = ServerConfig::builder_with_provider(Arc::new(provider::default_provider()))
        .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
        .map_err(|e| format!("TLS configuration: {e}"))?
        .with_no_client_auth()
        .with_cert_resolver(resolver);
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(config)
}
