//! The pure core: no I/O, no async, no process state. Every adapter (CLI, server) calls it and
//! gives it what it would otherwise read from the process: the injector's settings and the
//! clock (`cli::args::injector_settings`), the environment templates read (captured into the
//! snapshot).
//! - `inject`: the admission function, the injection pipeline behind it, and the immutable
//!   snapshot its inputs are compiled into;
//! - `config`: the injector config (with its selection policy), values and mesh config, read
//!   as Istio reads them;
//! - `gotemplate`: Istio's Go templates translated to minijinja;
//! - `validate`: Istio's config validation, one module per kind;
//! - `tag`: revision tags' webhook configurations, as `istioctl tag generate` makes them;
//! - `audit`: an injected pod injected again and compared with itself (`needle audit`);
//! - `release`: the Istio release needle answers as, and what differs between releases;
//! - `volatile`: whether a render read the clock or randomness (its answer is then not
//!   reused for another pod);
//! - `label`: the one trait that names a reason for metrics and logs; `panic`: a panic caught
//!   as its message;
//! - `compat`: Go and Kubernetes behaviour the others rely on (YAML and JSON reading, Go's
//!   number and duration formats, IP parsing, quantities, label selectors, typed Pod fields).
#![forbid(unsafe_code)]

pub mod audit;
pub mod compat;
pub mod config;
pub mod gotemplate;
pub mod inject;
pub mod label;
#[cfg(test)]
mod layers;
pub mod panic;
pub mod release;
pub mod tag;
pub mod validate;
pub mod volatile;
