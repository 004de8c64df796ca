//! Validation of ServiceEntry: not implemented yet.
