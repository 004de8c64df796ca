//! The functions a translated template calls: Go text/template's builtins and Sprig's, each
//! Go function `f` registered as `gt_f`. The host's own functions (Istio's injection
//! functions, registered by `inject::funcs`) are named to [`translate`](super::translate).

mod builtins;
mod case;
mod crypto;
mod dates;
mod defaults;
mod dicts;
mod digest;
mod encoding;
mod host;
mod lists;
mod numbers;
mod paths;
mod printf;
mod random;
mod reflect;
mod regex;
mod semver;
mod strings;
mod urls;
mod words;

use minijinja::Environment;

pub use crypto::UNSUPPORTED;
pub use dates::GoTime;
pub use strings::{trim_all, trunc};

/// Every function a template may call: Go text/template's 19 builtins and the 211 of
/// Sprig v3.3.0's `TxtFuncMap`, where Sprig's `slice` stands for Go's (Sprig's map is
/// added after Go's builtins, so its `slice` wins). A host's function of the same name
/// (Istio's `indent`, `contains`, `env`, `omit`) replaces Sprig's by registering after
/// [`register`].
pub const FUNCTIONS: &[&str] = &[
    // Go's builtins (`slice` is Sprig's, listed with the lists).
    "and",
    "call",
    "eq",
    "ge",
    "gt",
    "html",
    "index",
    "js",
    "le",
    "len",
    "lt",
    "ne",
    "not",
    "or",
    "print",
    "printf",
    "println",
    "urlquery",
    // Sprig: strings.
    "abbrev",
    "abbrevboth",
    "camelcase",
    "cat",
    "contains",
    "hasPrefix",
    "hasSuffix",
    "indent",
    "initials",
    "kebabcase",
    "lower",
    "nindent",
    "nospace",
    "plural",
    "quote",
    "repeat",
    "replace",
    "snakecase",
    "squote",
    "substr",
    "swapcase",
    "title",
    "toString",
    "trim",
    "trimAll",
    "trimall",
    "trimPrefix",
    "trimSuffix",
    "trunc",
    "untitle",
    "upper",
    "wrap",
    "wrapWith",
    // Sprig: splitting and joining strings.
    "join",
    "sortAlpha",
    "split",
    "splitList",
    "splitn",
    "toStrings",
    // Sprig: random.
    "randAlpha",
    "randAlphaNum",
    "randAscii",
    "randBytes",
    "randInt",
    "randNumeric",
    "shuffle",
    "uuidv4",
    // Sprig: regular expressions.
    "mustRegexFind",
    "mustRegexFindAll",
    "mustRegexMatch",
    "mustRegexReplaceAll",
    "mustRegexReplaceAllLiteral",
    "mustRegexSplit",
    "regexFind",
    "regexFindAll",
    "regexMatch",
    "regexQuoteMeta",
    "regexReplaceAll",
    "regexReplaceAllLiteral",
    "regexSplit",
    // Sprig: lists.
    "append",
    "chunk",
    "compact",
    "concat",
    "first",
    "has",
    "initial",
    "last",
    "list",
    "mustAppend",
    "mustChunk",
    "mustCompact",
    "mustFirst",
    "mustHas",
    "mustInitial",
    "mustLast",
    "mustPrepend",
    "mustPush",
    "mustRest",
    "mustReverse",
    "mustSlice",
    "mustUniq",
    "mustWithout",
    "prepend",
    "push",
    "rest",
    "reverse",
    "seq",
    "slice",
    "tuple",
    "uniq",
    "until",
    "untilStep",
    "without",
    // Sprig: dicts.
    "deepCopy",
    "dict",
    "dig",
    "get",
    "hasKey",
    "keys",
    "merge",
    "mergeOverwrite",
    "mustDeepCopy",
    "mustMerge",
    "mustMergeOverwrite",
    "omit",
    "pick",
    "pluck",
    "set",
    "unset",
    "values",
    // Sprig: numbers.
    "add",
    "add1",
    "add1f",
    "addf",
    "atoi",
    "biggest",
    "ceil",
    "div",
    "divf",
    "float64",
    "floor",
    "int",
    "int64",
    "max",
    "maxf",
    "min",
    "minf",
    "mod",
    "mul",
    "mulf",
    "round",
    "sub",
    "subf",
    "toDecimal",
    // Sprig: encodings and digests.
    "adler32sum",
    "b32dec",
    "b32enc",
    "b64dec",
    "b64enc",
    "fromJson",
    "mustFromJson",
    "mustToJson",
    "mustToPrettyJson",
    "mustToRawJson",
    "sha1sum",
    "sha256sum",
    "sha512sum",
    "toJson",
    "toPrettyJson",
    "toRawJson",
    // Sprig: defaults and flow.
    "all",
    "any",
    "coalesce",
    "default",
    "empty",
    "fail",
    "ternary",
    // Sprig: types.
    "deepEqual",
    "kindIs",
    "kindOf",
    "typeIs",
    "typeIsLike",
    "typeOf",
    // Sprig: paths.
    "base",
    "clean",
    "dir",
    "ext",
    "isAbs",
    "osBase",
    "osClean",
    "osDir",
    "osExt",
    "osIsAbs",
    // Sprig: URLs.
    "urlJoin",
    "urlParse",
    // Sprig: dates.
    "ago",
    "date",
    "date_in_zone",
    "date_modify",
    "dateInZone",
    "dateModify",
    "duration",
    "durationRound",
    "htmlDate",
    "htmlDateInZone",
    "must_date_modify",
    "mustDateModify",
    "mustToDate",
    "now",
    "toDate",
    "unixEpoch",
    // Sprig: semantic versions.
    "semver",
    "semverCompare",
    // Sprig: process and network.
    "env",
    "expandenv",
    "getHostByName",
    "hello",
    // Sprig: keys, certificates, passwords, ciphers (all but `genPrivateKey`'s ECDSA and
    // Ed25519 keys refused at render time: `crypto::UNSUPPORTED`).
    "bcrypt",
    "buildCustomCert",
    "decryptAES",
    "derivePassword",
    "encryptAES",
    "genCA",
    "genCAWithKey",
    "genPrivateKey",
    "genSelfSignedCert",
    "genSelfSignedCertWithKey",
    "genSignedCert",
    "genSignedCertWithKey",
    "htpasswd",
];

/// Register the translation's helpers and the functions of [`FUNCTIONS`].
pub fn register(env: &mut Environment<'static>) {
    builtins::register_translation(env);
    builtins::register_logic(env);
    builtins::register_comparisons(env);
    builtins::register_lookups(env);
    builtins::register_printing(env);
    builtins::register_escapers(env);
    strings::register_trimming(env);
    strings::register_text(env);
    strings::register_splitting(env);
    case::register_case(env);
    random::register_random(env);
    regex::register_regex(env);
    lists::register_lists(env);
    dicts::register_dicts(env);
    numbers::register_numbers(env);
    encoding::register_encoding(env);
    defaults::register_defaults(env);
    defaults::register_failures(env);
    reflect::register_reflect(env);
    paths::register_paths(env);
    urls::register_urls(env);
    dates::register_dates(env);
    semver::register_semver(env);
    host::register_host(env);
    crypto::register_crypto(env);
}

#[cfg(test)]
mod sprig_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The helpers the emitted templates call that are no Go function.
    const TRANSLATION_HELPERS: &[&str] = &[
        "out",
        "truth",
        "field",
        "field_any",
        "not_nil",
        "or_zero",
        "duration_part",
        "missing_as_nil",
        "range",
        "proxy_config",
        "no_field",
        "no_field_of_pointer",
        "no_field_if_present",
    ];

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

    #[test]
    fn the_list_is_go_builtins_and_sprigs_map_once_each() {
        let unique: BTreeSet<&str> = FUNCTIONS.iter().copied().collect();
        assert_eq!(unique.len(), FUNCTIONS.len(), "a name listed twice");
        // 19 builtins + 211 Sprig names, `slice` in both.
        assert_eq!(FUNCTIONS.len(), 19 + 211 - 1);
        for helm_only in ["required", "toUpper", "tpl", "include", "toYaml"] {
            assert!(!unique.contains(helm_only), "{helm_only} is not Sprig's");
        }
    }
}
