//! Validation of WorkloadGroup: not implemented yet.
