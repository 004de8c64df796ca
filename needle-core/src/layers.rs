//! The rooms of the core and the one rule between them: a room names only rooms below it
//! (DESIGN.md: inject → config → validate/gotemplate → compat). Cargo keeps the I/O crates out
//! of the core; this test keeps the arrows inside it pointing down, by reading every source
//! file for `crate::<room>` and checking the pair against `ROOMS`.

use std::path::{Path, PathBuf};

/// Each room of the core with its floor: a room may name a room of a lower floor, never one
/// of its own floor (validate and gotemplate are neighbours, not layers) or above.
const ROOMS: [(&str, u8); 11] = [
    ("label", 0),
    ("panic", 0),
    ("release", 0),
    ("volatile", 0),
    ("compat", 1),
    ("gotemplate", 2),
    ("validate", 2),
    ("config", 3),
    ("inject", 4),
    ("audit", 5),
    ("tag", 5),
];

fn floor(room: &str) -> Option<u8> {
    ROOMS
        .iter()
        .find(|(name, _)| *name == room)
        .map(|(_, f)| *f)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The rooms a text names through `crate::`, with the line of each; a grouped
/// `crate::{...}` is an error, since it would hide the rooms it names from this check.
fn named_rooms(text: &str) -> Vec<(usize, Result<String, String>)> {
    let mut named = Vec::new();
    for (number, line) in text.lines().enumerate() {
        for (at, _) in line.match_indices("crate::") {
            let rest = &line[at + "crate::".len()..];
            let room: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            named.push((
                number + 1,
                match room.is_empty() {
                    true => Err(format!("`{}`: name one room per path", line.trim())),
                    false => Ok(room),
                },
            ));
        }
    }
    named
}

#[test]
fn arrows_only_go_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        let first = relative.components().next().unwrap().as_os_str();
        let room = Path::new(first).file_stem().unwrap().to_str().unwrap();
        if matches!(room, "lib" | "layers") {
            continue;
        }
        let Some(own) = floor(room) else {
            wrong.push(format!(
                "{}: room `{room}` is not in ROOMS (give it a floor)",
                relative.display()
            ));
            continue;
        };
        let text = std::fs::read_to_string(file).unwrap();
        for (line, named) in named_rooms(&text) {
            let at = format!("{}:{line}", relative.display());
            match named {
                Err(message) => wrong.push(format!("{at}: {message}")),
                Ok(other) if other == room => {}
                Ok(other) => match floor(&other) {
                    Some(f) if f < own => {}
                    Some(f) => wrong.push(format!(
                        "{at}: `{room}` (floor {own}) names `{other}` (floor {f})"
                    )),
                    None => wrong.push(format!("{at}: names `{other}`, not a room of the core")),
                },
            }
        }
    }
    assert!(
        files.len() > 100,
        "read only {} files under {}",
        files.len(),
        src.display()
    );
    assert!(
        wrong.is_empty(),
        "arrows that do not go down:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn a_grouped_path_and_an_upward_one_are_seen() {
    let named = named_rooms("use crate::{compat::x, inject::y};\nuse crate::inject::Snapshot;");
    assert!(named[0].1.is_err());
    assert_eq!(named[1], (2, Ok("inject".to_string())));
}
