//! Validation of EnvoyFilter: not implemented yet.
