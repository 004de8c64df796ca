//! Validation of Gateway: not implemented yet.
