//! Validation of TrafficExtension: not implemented yet.
