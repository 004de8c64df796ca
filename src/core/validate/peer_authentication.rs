//! Validation of PeerAuthentication: not implemented yet.
