//! Validation of Telemetry: not implemented yet.
