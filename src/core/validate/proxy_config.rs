//! Validation of ProxyConfig: not implemented yet.
