//! A `needle serve` child process on loopback: its own temporary directory (removed on drop,
//! the development CA's key with it), free ports, its log, its memory.

use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

pub struct Server {
    pub webhook: SocketAddr,
    pub admin: SocketAddr,
    pub dir: PathBuf,
    child: Child,
}

fn free_port() -> SocketAddr {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free loopback port")
}

/// A directory of its own under the system's temporary directory.
pub fn scratch_dir(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("needle-hostile-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

impl Server {
    /// Start `needle serve` with `args` (beside the listen addresses and the certificate
    /// directory); `nofile` runs it under that descriptor limit. Waits until `/ready`.
    pub fn start(needle: &Path, name: &str, args: &[&str], nofile: Option<u32>) -> Server {
        let mut server = Self::spawn(needle, name, args, nofile);
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = server.child.try_wait() {
                panic!(
                    "needle serve ({name}) exited with {status}; log:\n{}",
                    server.log()
                );
            }
            if crate::client::admin_get(server.admin, "/ready")
                .is_ok_and(|(status, _)| status == 200)
            {
                return server;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!(
            "needle serve ({name}) not ready in 30 s; log:\n{}",
            server.log()
        );
    }

    pub fn spawn(needle: &Path, name: &str, args: &[&str], nofile: Option<u32>) -> Server {
        let dir = scratch_dir(name);
        let (webhook, admin) = (free_port(), free_port());
        let mut command = match nofile {
            Some(n) => {
                let mut c = Command::new("prlimit");
                c.arg(format!("--nofile={n}:{n}")).arg(needle);
                c
            }
            None => Command::new(needle),
        };
        let log = std::fs::File::create(dir.join("needle.log")).expect("log file");
        command
            .arg("serve")
            .arg("--listen")
            .arg(webhook.to_string())
            .arg("--admin-listen")
            .arg(admin.to_string())
            .arg("--cert-dir")
            .arg(dir.join("certs"))
            .args(args)
            .env("NEEDLE_LOG", "info")
            .stdout(Stdio::null())
            .stderr(log);
        let child = command.spawn().expect("spawn needle serve");
        Server {
            webhook,
            admin,
            dir,
            child,
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn ca_pem(&self) -> PathBuf {
        self.dir.join("certs/ca.pem")
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("needle.log")).unwrap_or_default()
    }

    /// A field of /proc/PID/status in KiB (`VmRSS`, `VmHWM`: the peak).
    pub fn status_kib(&self, field: &str) -> u64 {
        std::fs::read_to_string(format!("/proc/{}/status", self.pid()))
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with(field))
                    .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
            })
            .unwrap_or(0)
    }

    pub fn sigterm(&self) {
        let status = Command::new("kill")
            .arg("-TERM")
            .arg(self.pid().to_string())
            .status()
            .expect("run kill");
        assert!(status.success(), "kill -TERM failed");
    }

    /// The exit status, if the process ends within `limit`.
    pub fn wait(&mut self, limit: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + limit;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
