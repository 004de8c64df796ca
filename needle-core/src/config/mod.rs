//! The injector's configuration, read as Istio reads it: the `config` and `values` keys of
//! the `istio-sidecar-injector` ConfigMap (`injector`, with the selection policy), the `mesh`
//! key of the `istio` ConfigMap (`mesh`), ProxyConfig (`proxy_config`), and the number of each
//! load (`generation`). The snapshot they are compiled into lives with `inject`.
pub mod generation;
pub mod injector;
pub mod mesh;
pub mod proxy_config;

pub use generation::Generation;
pub use injector::{ConfigError, InjectorConfig, kind_of, parse_mesh, parse_values};
