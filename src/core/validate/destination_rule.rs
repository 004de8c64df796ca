//! Validation of DestinationRule: not implemented yet.
