//! Validation of AuthorizationPolicy: not implemented yet.
