//! `needle kube-inject` on a YAML stream: split into documents, each read as a workload and
//! injected with the embedded default config and a replica cache, as the CLI does offline.
#![no_main]

use libfuzzer_sys::fuzz_target;
use needle::cli::kube_inject::inject_stream;
use needle::core::inject::admit::Settings;
use needle::core::inject::replicas::{Bounds, ReplicaCache};
use needle::core::inject::workload::Offline;
use needle::core::inject::{Snapshot, snapshot};
use std::sync::LazyLock;

static SNAPSHOT: LazyLock<Snapshot> = LazyLock::new(snapshot::embedded);

fuzz_target!(|text: &str| {
    let settings = Settings::default();
    // One replica cache per stream, as the CLI has one per command.
    let replicas = ReplicaCache::new(Bounds::default());
    let run = Offline {
        snapshot: &SNAPSHOT,
        settings: &settings,
        proxy_configs: None,
        replicas: Some(&replicas),
    };
    let _ = inject_stream("fuzz.yaml", text, &run, &mut Vec::new());
});
