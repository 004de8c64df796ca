//! The pure core: no I/O, no async, no process state. Every adapter (CLI, server) calls it.
//! - `inject`: the admission function and the injection pipeline behind it;
//! - `config`: the injector config, values and mesh config, read as Istio reads them, and the
//!   immutable snapshot they make;
//! - `gotemplate`: Istio's Go templates translated to minijinja;
//! - `validate`: Istio's config validation, one module per kind;
//! - `tag`: revision tags' webhook configurations, as `istioctl tag generate` makes them;
//! - `audit`: an injected pod injected again and compared with itself (`needle audit`);
//! - `release`: the Istio release needle answers as, and what differs between releases;
//! - `compat`: Go and Kubernetes behaviour the others rely on (YAML and JSON reading, Go's
//!   number and duration formats, IP parsing, quantities, label selectors, typed Pod fields).
pub mod audit;
pub mod compat;
pub mod config;
pub mod gotemplate;
pub mod inject;
pub mod release;
pub mod tag;
pub mod validate;
