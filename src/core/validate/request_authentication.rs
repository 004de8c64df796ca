//! Validation of RequestAuthentication: not implemented yet.
