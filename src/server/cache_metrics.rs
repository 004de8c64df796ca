//! `needle_inject_cache_*`: the replica cache's counts, read from the cache on each scrape
//! (zero while the cache is off, so dashboards need not tell the two apart).

use crate::core::inject::replicas::{Counts, ReplicaCache};
use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::gauge::ConstGauge;
use std::sync::Arc;

#[derive(Debug)]
pub struct ReplicaCacheCollector(pub Option<Arc<ReplicaCache>>);

impl Collector for ReplicaCacheCollector {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let counts = self.0.as_ref().map(|c| c.counts()).unwrap_or_default();
        let Counts {
            hits,
            misses,
            evictions,
            entries,
            bytes,
        } = counts;
        let counters = [
            (
                "needle_inject_cache_hits",
                "Injected pods answered with an earlier replica's patch",
                hits,
            ),
            (
                "needle_inject_cache_misses",
                "Pods selected for injection whose answer was not cached",
                misses,
            ),
            (
                "needle_inject_cache_evictions",
                "Cached answers dropped to keep the cache within its bounds",
                evictions,
            ),
        ];
        for (name, help, value) in counters {
            let c = ConstCounter::new(value);
            c.encode(encoder.encode_descriptor(name, help, None, c.metric_type())?)?;
        }
        let gauges = [
            (
                "needle_inject_cache_entries",
                "Answers in the replica cache",
                entries,
            ),
            (
                "needle_inject_cache_bytes",
                "Bytes the replica cache's answers and keys take",
                bytes,
            ),
        ];
        for (name, help, value) in gauges {
            let g = ConstGauge::new(value as i64);
            g.encode(encoder.encode_descriptor(name, help, None, g.metric_type())?)?;
        }
        Ok(())
    }
}
