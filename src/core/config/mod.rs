//! The injector's configuration, read as Istio reads it: the `config` and `values` keys of
//! the `istio-sidecar-injector` ConfigMap (`injector`), the `mesh` key of the `istio`
//! ConfigMap (`mesh`), ProxyConfig (`proxy_config`), and the snapshot they make together, each
//! load numbered (`generation`).
pub mod generation;
pub mod injector;
pub mod mesh;
pub mod proxy_config;
pub mod snapshot;

pub use generation::Generation;
pub use injector::{ConfigError, InjectorConfig, kind_of, parse_mesh, parse_values};
pub use snapshot::Snapshot;
