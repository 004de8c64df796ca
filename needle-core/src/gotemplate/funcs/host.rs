//! Sprig's functions that read the process or the network: `env`, `expandenv` (the
//! environment of needle's own process, as Sprig reads the Go process's: captured when the
//! config loads, the template data's `environment`, so a render reads no process state),
//! `getHostByName` (refused: a template render never does network I/O in needle), and `hello`.

use crate::gotemplate::value::{invalid, strval};
use minijinja::value::Value as MjValue;
use minijinja::{Environment, Error, State};

/// `os.Getenv` of the captured environment: "" when unset.
fn getenv(state: &State, name: &str) -> String {
    state
        .lookup("environment")
        .and_then(|e| e.get_attr(name).ok())
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Go's `os.Expand` with `os.Getenv`: `$NAME` and `${NAME}`; an unset name is "".
fn expand_env(state: &State, s: &str) -> String {
    let var = |name: &str| getenv(state, name);
    let name_char = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('$') {
        out += &rest[..i];
        let after = &rest[i + 1..];
        if let Some(braced) = after.strip_prefix('{') {
            match braced.find('}') {
                Some(end) => {
                    out += &var(&braced[..end]);
                    rest = &braced[end + 1..];
                }
                None => {
                    // Go drops a `${` left open.
                    rest = "";
                }
            }
        } else if after.starts_with(|c: char| c.is_ascii_digit() || "*#$@!?-".contains(c)) {
            out += &var(&after[..1]);
            rest = &after[1..];
        } else {
            let end = after.find(|c: char| !name_char(c)).unwrap_or(after.len());
            if end == 0 {
                out.push('$');
            } else {
                out += &var(&after[..end]);
            }
            rest = &after[end..];
        }
    }
    out + rest
}

pub(super) fn register_host(env: &mut Environment<'static>) {
    env.add_function("gt_hello", || "Hello!");
    env.add_function("gt_env", |state: &State, name: MjValue| {
        getenv(state, &strval(&name))
    });
    env.add_function("gt_expandenv", |state: &State, s: MjValue| {
        expand_env(state, &strval(&s))
    });
    env.add_function(
        "gt_getHostByName",
        |name: MjValue| -> Result<String, Error> {
            Err(invalid(&format!(
                "getHostByName {:?}: not supported by needle (a template render does no DNS lookups)",
                strval(&name)
            )))
        },
    );
}
