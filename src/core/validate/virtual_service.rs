//! Validation of VirtualService: not implemented yet.
