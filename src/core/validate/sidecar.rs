//! Validation of Sidecar: not implemented yet.
