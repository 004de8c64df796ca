//! Watching the directories of config and certificate files. Kubernetes updates a mounted
//! ConfigMap or Secret by swapping the `..data` symlink, so the directory is watched, not the
//! file, and bursts of events are debounced before reloading.

use notify::{RecommendedWatcher, RecursiveMode, Watcher};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

const DEBOUNCE: Duration = Duration::from_millis(100);

/// Keeps the watch alive; dropping it stops watching.
pub struct DirWatch {
    _watcher: RecommendedWatcher,
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

/// Call `on_change` (on a background thread) after any change in `dirs` settles.
pub fn watch_dirs(
    dirs: &[PathBuf],
    on_change: impl Fn() + Send + 'static,
) -> Result<DirWatch, WatchError> {
    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        // Reading a file (a client loading the CA, needle loading the key) is not a change.
        if event.is_ok_and(|e| !matches!(e.kind, notify::EventKind::Access(_))) {
            let _ = tx.send(());
        }
    })
    .map_err(WatchError::Start)?;
    for dir in dirs {
        watcher
            .watch(dir, RecursiveMode::NonRecursive)
            .map_err(|source| WatchError::Dir {
                path: dir.clone(),
                source,
            })?;
    }
    std::thread::Builder::new()
        .name("needle-watch".into())
        .spawn(move || {
            while rx.recv().is_ok() {
                while rx.recv_timeout(DEBOUNCE).is_ok() {}
                on_change();
            }
        })
        .map_err(WatchError::Thread)?;
    Ok(DirWatch { _watcher: watcher })
}
