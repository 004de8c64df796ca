//! The functions a translated template calls: Go text/template's builtins and Sprig's, each
//! Go function `f` registered as `gt_f`. The host's own functions (Istio's injection
//! functions, registered by `inject::funcs`) are named to [`translate`](super::translate).

mod builtins;
mod defaults;
mod dicts;
mod encoding;
mod lists;
mod numbers;
mod printf;
mod strings;

use minijinja::Environment;

pub use printf::go_quote;
pub use strings::{trim_all, trunc};

/// The Go and Sprig function names a template may call.
pub const FUNCTIONS: &[&str] = &[
    // Go's builtins.
    "and",
    "eq",
    "ge",
    "gt",
    "index",
    "le",
    "len",
    "lt",
    "ne",
    "not",
    "or",
    "print",
    "printf",
    "println",
    // Sprig: strings.
    "hasPrefix",
    "hasSuffix",
    "lower",
    "nindent",
    "quote",
    "regexMatch",
    "regexReplaceAll",
    "repeat",
    "replace",
    "toString",
    "toUpper",
    "trim",
    "trimAll",
    "trimPrefix",
    "trimSuffix",
    "trunc",
    "upper",
    // Sprig: lists and dicts.
    "append",
    "first",
    "has",
    "join",
    "last",
    "list",
    "splitList",
    "dict",
    "hasKey",
    "keys",
    // Sprig: numbers and encodings.
    "add",
    "div",
    "int",
    "int64",
    "mod",
    "mul",
    "sub",
    "b64dec",
    "b64enc",
    "toJson",
    // Sprig: defaults and flow.
    "coalesce",
    "default",
    "empty",
    "fail",
    "required",
    "ternary",
];

/// Register the translation's helpers and the functions of [`FUNCTIONS`].
pub fn register(env: &mut Environment<'static>) {
    builtins::register_translation(env);
    builtins::register_logic(env);
    builtins::register_comparisons(env);
    builtins::register_lookups(env);
    builtins::register_printing(env);
    strings::register_trimming(env);
    strings::register_text(env);
    strings::register_regex(env);
    lists::register_lists(env);
    dicts::register_dicts(env);
    numbers::register_numbers(env);
    encoding::register_encoding(env);
    defaults::register_defaults(env);
    defaults::register_failures(env);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The helpers the emitted templates call that are no Go function.
    const TRANSLATION_HELPERS: &[&str] =
        &["out", "truth", "field", "range", "proxy_config", "no_field"];

    #[test]
    fn every_listed_function_is_registered_and_nothing_else() {
        let mut env = Environment::new();
        register(&mut env);
        let registered: BTreeSet<String> = env
            .globals()
            .filter_map(|(name, _)| name.strip_prefix("gt_").map(str::to_string))
            .collect();
        let listed: BTreeSet<String> = FUNCTIONS
            .iter()
            .chain(TRANSLATION_HELPERS)
            .map(|n| n.to_string())
            .collect();
        assert_eq!(registered, listed);
    }
}
