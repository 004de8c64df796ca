//! Watching the directories of config and certificate files. Kubernetes updates a mounted
//! ConfigMap or Secret by swapping the `..data` symlink, so the directory is watched, not the
//! file, and bursts of events are debounced before reloading.

use notify::{RecommendedWatcher, RecursiveMode, Watcher};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

const DEBOUNCE: Duration = Duration::from_millis(100);

/// Keeps the watch alive; dropping it stops watching.
pub struct DirWatch {
    _watcher: Arc<Mutex<RecommendedWatcher>>,
}

/// Why a watch could not start.
#[derive(Debug, thiserror::Error)]
pub enum WatchError {
    #[error("cannot start the file watcher: {0}")]
    Start(notify::Error),
    #[error("cannot watch {path}: {source}")]
    Dir {
        path: PathBuf,
        source: notify::Error,
    },
    #[error("cannot start the watch thread: {0}")]
    Thread(std::io::Error),
}

/// Whether an event concerns the watched directories: something in one of them, or one of
/// them itself (seen from its parent: replaced, renamed, created).
fn concerns(event: &notify::Event, dirs: &[PathBuf]) -> bool {
    event.paths.iter().any(|p| {
        dirs.iter()
            .any(|d| p == d || p.parent() == Some(d.as_path()))
    })
}

/// Call `on_change` (on a background thread) after any change in `dirs` settles. A directory
/// that is replaced (`mv conf conf.old; mkdir conf`) is followed: its parent is watched too,
/// and every directory is watched afresh after each change.
pub fn watch_dirs(
    dirs: &[PathBuf],
    on_change: impl Fn() + Send + 'static,
) -> Result<DirWatch, WatchError> {
    let (tx, rx) = mpsc::channel();
    let watched: Vec<PathBuf> = dirs.to_vec();
    let filter = watched.clone();
    let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        // Reading a file (a client loading the CA, needle loading the key) is not a change.
        if let Ok(e) = event
            && !matches!(e.kind, notify::EventKind::Access(_))
            && concerns(&e, &filter)
        {
            let _ = tx.send(());
        }
    })
    .map_err(WatchError::Start)?;
    let watcher = Arc::new(Mutex::new(watcher));
    {
        let mut w = watcher.lock().unwrap();
        for dir in dirs {
            w.watch(dir, RecursiveMode::NonRecursive)
                .map_err(|source| WatchError::Dir {
                    path: dir.clone(),
                    source,
                })?;
            // The parent too, to see the directory itself replaced; a root has none.
            if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
                let _ = w.watch(parent, RecursiveMode::NonRecursive);
            }
        }
    }
    let rewatch = Arc::clone(&watcher);
    std::thread::Builder::new()
        .name("needle-watch".into())
        .spawn(move || {
            while rx.recv().is_ok() {
                while rx.recv_timeout(DEBOUNCE).is_ok() {}
                // A replaced directory is a new inode: the old watch sees nothing of it.
                if let Ok(mut w) = rewatch.lock() {
                    for dir in &watched {
                        let _ = w.unwatch(dir);
                        if let Err(error) = w.watch(dir, RecursiveMode::NonRecursive) {
                            tracing::warn!(dir = %dir.display(), %error, "cannot watch the directory again; changes in it are not seen until it is back");
                        }
                    }
                }
                on_change();
            }
        })
        .map_err(WatchError::Thread)?;
    Ok(DirWatch { _watcher: watcher })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replaced_directory_is_followed() {
        let scratch = tempfile::Builder::new()
            .prefix("needle-watch-")
            .tempdir()
            .unwrap();
        let root = scratch.path();
        let dir = root.join("mesh");
        std::fs::create_dir_all(&dir).unwrap();
        let (tx, rx) = mpsc::channel();
        let _watch = watch_dirs(std::slice::from_ref(&dir), move || {
            let _ = tx.send(());
        })
        .unwrap();
        let wait = || rx.recv_timeout(Duration::from_secs(5)).is_ok();
        std::fs::rename(&dir, root.join("mesh.old")).unwrap();
        std::fs::create_dir(&dir).unwrap();
        assert!(wait(), "the replacement was not seen");
        while rx.recv_timeout(Duration::from_millis(300)).is_ok() {}
        std::fs::write(dir.join("mesh"), "trustDomain: x\n").unwrap();
        assert!(wait(), "a change in the new directory was not seen");
    }
}
