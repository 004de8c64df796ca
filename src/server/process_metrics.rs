//! The process metrics Prometheus' client libraries export (`process_*`), read from `/proc` on
//! each scrape: CPU time, resident and virtual memory, open and allowed file descriptors,
//! start time. Elsewhere than Linux there is no `/proc/self` and none are written.

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::gauge::ConstGauge;

/// Clock ticks per second of `/proc/<pid>/stat` times: the kernel's USER_HZ, 100 on every
/// architecture Linux exports it for.
const TICKS_PER_SECOND: f64 = 100.0;

#[derive(Debug, Default)]
pub struct ProcessCollector;

/// What one scrape read; a field `/proc` did not give is left out.
#[derive(Debug, Default, PartialEq)]
struct Sample {
    cpu_seconds: Option<f64>,
    resident_bytes: Option<i64>,
    virtual_bytes: Option<i64>,
    open_fds: Option<i64>,
    max_fds: Option<i64>,
    start_time_seconds: Option<f64>,
}

fn read(path: &str) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

impl Sample {
    fn now() -> Self {
        let mut s = Sample::default();
        if let Some(stat) = read("/proc/self/stat") {
            // The fields after the command (in parentheses, which may hold spaces).
            let after = stat.rsplit_once(')').map(|(_, rest)| rest).unwrap_or("");
            let fields: Vec<&str> = after.split_whitespace().collect();
            // `state` is field 3 of the file and 0 here: utime 14, stime 15, starttime 22, vsize 23.
            let at = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<f64>().ok());
            if let (Some(user), Some(system)) = (at(14), at(15)) {
                s.cpu_seconds = Some((user + system) / TICKS_PER_SECOND);
            }
            s.virtual_bytes = at(23).map(|v| v as i64);
            let boot = read("/proc/stat").and_then(|text| {
                text.lines()
                    .find_map(|l| l.strip_prefix("btime "))
                    .and_then(|v| v.trim().parse::<f64>().ok())
            });
            if let (Some(boot), Some(start)) = (boot, at(22)) {
                s.start_time_seconds = Some(boot + start / TICKS_PER_SECOND);
            }
        }
        s.resident_bytes = read("/proc/self/status").and_then(|text| {
            let kb = text.lines().find_map(|l| l.strip_prefix("VmRSS:"))?;
            let kb: i64 = kb.trim().trim_end_matches("kB").trim().parse().ok()?;
            Some(kb * 1024)
        });
        s.open_fds = std::fs::read_dir("/proc/self/fd")
            .ok()
            .map(|d| d.count() as i64);
        s.max_fds = max_open_files();
        s
    }
}

/// The soft limit on open descriptors, from `/proc/self/limits`.
pub fn max_open_files() -> Option<i64> {
    let text = read("/proc/self/limits")?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

impl Collector for ProcessCollector {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let s = Sample::now();
        if let Some(v) = s.cpu_seconds {
            let c = ConstCounter::new(v);
            let help = "Total user and system CPU time spent in seconds";
            c.encode(encoder.encode_descriptor(
                "process_cpu_seconds",
                help,
                None,
                c.metric_type(),
            )?)?;
        }
        let gauges: [(&str, &str, Option<i64>); 4] = [
            (
                "process_resident_memory_bytes",
                "Resident memory size in bytes",
                s.resident_bytes,
            ),
            (
                "process_virtual_memory_bytes",
                "Virtual memory size in bytes",
                s.virtual_bytes,
            ),
            (
                "process_open_fds",
                "Number of open file descriptors",
                s.open_fds,
            ),
            (
                "process_max_fds",
                "Maximum number of open file descriptors",
                s.max_fds,
            ),
        ];
        for (name, help, value) in gauges {
            if let Some(v) = value {
                let g = ConstGauge::new(v);
                g.encode(encoder.encode_descriptor(name, help, None, g.metric_type())?)?;
            }
        }
        if let Some(v) = s.start_time_seconds {
            let g = ConstGauge::new(v);
            let help = "Start time of the process since unix epoch in seconds";
            g.encode(encoder.encode_descriptor(
                "process_start_time_seconds",
                help,
                None,
                g.metric_type(),
            )?)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_process_is_read_from_proc() {
        if !std::path::Path::new("/proc/self/stat").exists() {
            return;
        }
        let s = Sample::now();
        assert!(s.cpu_seconds.is_some_and(|c| c >= 0.0));
        assert!(s.resident_bytes.is_some_and(|r| r > 1024 * 1024), "{s:?}");
        assert!(s.virtual_bytes >= s.resident_bytes);
        assert!(s.open_fds.is_some_and(|n| n >= 3), "{s:?}");
        assert!(s.max_fds >= s.open_fds);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs_f64();
        assert!(
            s.start_time_seconds
                .is_some_and(|t| t <= now + 1.0 && t > now - 86_400.0 * 365.0)
        );
    }
}
