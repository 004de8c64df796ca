//! Validation of WorkloadEntry: not implemented yet.
