//! Istio-style injection templates (Go text/template + Sprig, producing YAML), translated to
//! minijinja so that users' own templates from the injector config render next to needle's
//! built-in ones.
//!
//! The translation ([`translate`]) parses the Go template (`lexer`, `parser`) and writes an
//! equivalent minijinja template (`emit`) calling `gt_*` functions that follow Go's
//! semantics (`value`): Go's builtins and Sprig's from [`funcs`], and the host's own, which
//! the host names to [`translate`] and registers, as Go's `Funcs` does before `Parse`
//! (needle's injector brings Istio's injection functions, `inject::funcs`); the renderer
//! parses the output as YAML.
//!
//! Supported:
//! - text and actions with `{{-`/`-}}` trimming; comments `{{/* */}}`; text never joins the
//!   translation's own syntax (a `{` trimmed up to an action is written as a string);
//! - the template data: `.ObjectMeta` (the pod's metadata), `.Spec`, `.Values`,
//!   `.MeshConfig`, `.ProxyConfig`, `.Revision`, `.ProxyImage`, `.ProxyInitImage`,
//!   `.NativeSidecars`, `.ProxyUID`, `.ProxyGID`, `.DeploymentMeta`, `.TypeMeta`,
//!   `.InboundTrafficPolicyMode`, `.CompliancePolicy`. A field is looked up as written (map
//!   keys), then by its Go struct field's JSON name (`.Spec.ServiceAccountName` →
//!   `serviceAccountName`, `APIVersion` → `apiVersion`); `.String` and `.GetX` protobuf
//!   methods read the value / field `x`;
//! - variables (`$x := ...`, `$x = ...` also from inside `range`/`if`, `$`), `if`/`else if`/
//!   `else`, `range` (lists, maps in sorted key order, integers; `$i, $v :=`, `$v :=`, plain;
//!   `else`), `with` (and `else`), `define`/`template`/`block`, pipelines and parenthesised
//!   calls with fields on their result;
//! - the functions in [`funcs::FUNCTIONS`], the whole map Istio's injector parses with:
//!   Go's 19 builtins (`and`/`or` return an operand, `eq` with several operands, `html`,
//!   `js`, `urlquery`; `call` fails, as the data holds no Go functions) and the 211 of
//!   Sprig v3.3.0's `TxtFuncMap` with Sprig's semantics (`slice` is Sprig's, which wins
//!   over Go's; the `must` forms fail where the plain ones panic in Go), by family in
//!   `funcs`: strings, case and shape, splitting, random, regular expressions, lists,
//!   dicts (a dict a template builds is a Go map: `set`/`unset`/`merge` change it in
//!   place), numbers (cast's conversions, decimal `addf`...), encodings and digests,
//!   defaults and flow, types, paths, URLs, dates, semantic versions, process and network;
//!   plus the host's functions, which replace Sprig's of the same name (Istio's `indent`,
//!   `contains`, `env`, `omit`). A name outside the map is Go's parse error
//!   `function "x" not defined` (Helm's `required`, `toUpper`, `tpl`, `include` too);
//! - Go printing: a missing key prints `<no value>`, nil `<nil>`, numbers from values as
//!   float64 (`1e+06`), maps as `map[k:v]`.
//!
//! Not supported (config-load error naming the template and position): `break`/`continue`,
//! `else with`, calling methods with arguments, `define` inside a block, a variable
//! declared in an `else if` condition. Values from `.Values` are float64 as in Go (they
//! print as `%v` does, `1e+06`); numbers of the pod, mesh and proxy config are integers.
//! Sprig functions needle refuses when the template loads (a translation error with the
//! call's position), with `not supported by needle`
//! ([`funcs::UNSUPPORTED`]: `bcrypt`, `htpasswd`, `derivePassword`, `genCA`,
//! `genCAWithKey`, `genSelfSignedCert`, `genSelfSignedCertWithKey`,
//! `genSignedCert`, `genSignedCertWithKey`, `buildCustomCert`, `encryptAES`, `decryptAES`:
//! no crate needle builds with has their RSA/DSA keys, bcrypt, scrypt or AES-CBC; for the
//! same reason `genPrivateKey` makes `ecdsa` and `ed25519` keys but refuses `rsa`/`dsa`),
//! `getHostByName` (a render does no DNS lookups) and a time zone other than `UTC`/`Local`
//! (no zone database; `Local` is UTC); a key kind or zone that is no literal fails the
//! render instead, with the same words. Sprig's functions of Go types read as the data's
//! JSON types: an integer is an `int` (Go's `add` gives an `int64`), `b64dec` of bytes
//! that are not UTF-8 replaces them, `values` and `keys` come in key order (Go's map
//! order is random), random functions draw from
//! std's random hashing keys (not a cryptographic generator), and a map of the template
//! data is read-only (`set` on `.Values` returns the changed copy, leaving `.Values` as
//! it was).
//!
//! Render-time errors as Go's (`types` follows the data's Go types statically, those
//! below the top generated from the Go sources into `go_types`): a field or method a typed
//! struct lacks fails the render when its action runs (`can't evaluate field
//! EstimatedConcurrency in type *inject.SidecarTemplateData`), at any depth of
//! `.ProxyConfig`, `.MeshConfig`, `.Spec`, `.ObjectMeta`, `.TypeMeta` and
//! `.DeploymentMeta` (`can't evaluate field TlsSetings in type *v1alpha1.Tracing`, `... Port
//! in type v1.ContainerPort`), through `range`, `with`, variables and `index`, as does any
//! field of a string, integer or boolean of the data. A field through a pointer the data
//! leaves out is Go's `nil pointer evaluating *v1.PodSecurityContext.RunAsUser` (methods
//! run: a getter of a nil message gives its zero). Protobuf wrappers and durations are read
//! from their JSON form (`.Concurrency.Value` is the number, `.DrainDuration.Seconds` is
//! parsed from `"1.500s"`). `.Values` is Go's `map[string]any`: a key it lacks is nothing
//! (and so is any field of nothing), a field of a null or of a non-map fails (`nil pointer
//! evaluating interface {}.x`, `can't evaluate field x in type interface {}`), through
//! variables, `range` and `with` too. `eq`/`ne` and `lt`/`le`/`gt`/`ge` follow Go's `basicKind` rules
//! (`error calling eq: incompatible types for comparison: float64 and int`, `non-comparable
//! type`, `invalid type for comparison`); `len` and `index` give Go's errors (`len of nil
//! pointer`, `len of type float64`, `index of untyped nil`, `index out of range: 5`, ...).
//! Differences kept: a function's result (but `index`'s), types whose JSON form is not
//! their Go struct (times, quantities, `structpb.Struct`, oneof interfaces) and a
//! non-getter method's result are read leniently (a field they lack is `<no value>`); a
//! field the data leaves out is missing here: printed as Go's zero value of its type
//! where `types` knows it (not for a struct value: `<no value>`), compared as that zero; the type named for a nil is always `interface {}`,
//! and integers of the pod are `int` (Go: `int32`/`int64`).

mod emit;
pub mod funcs;
#[rustfmt::skip]
mod go_types;
mod lexer;
mod parser;
mod types;
pub mod uses;
pub mod value;

pub use funcs::register;
pub use lexer::Pos;

/// A template that cannot be translated, with the position of the offending action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {message}")]
pub struct TranslateError {
    pub pos: Pos,
    pub message: String,
}

impl TranslateError {
    pub fn new(pos: Pos, message: impl Into<String>) -> Self {
        Self {
            pos,
            message: message.into(),
        }
    }
}

/// What the host gives its templates beyond Go's and Sprig's.
#[derive(Debug, Clone, Copy, Default)]
pub struct Host<'a> {
    /// The functions the template may call (as `gt_<name>`, registered by the host): Go's
    /// parser, too, refuses a call of a function its `FuncMap` lacks.
    pub functions: &'a [&'a str],
    /// Those of `functions` that take the Go type of their argument too: a call with one
    /// argument whose type the translation knows gets the name Go prints for it
    /// (`v1.ContainerPort`) as a second one. Go's `json.Marshal` writes a struct's fields in
    /// the order its type declares them, which the value's JSON form has lost.
    pub typed_functions: &'a [&'a str],
    /// Fields of the newest `SidecarTemplateData` this host's data lacks (an older Istio
    /// release's): reading one fails the render as Go's `can't evaluate field`.
    pub data_lacks: &'static [&'static str],
}

/// Translate a Go template into minijinja source for `host`.
pub fn translate(text: &str, host: Host) -> Result<String, TranslateError> {
    emit::emit(&parser::parse(text)?, host)
}

#[cfg(test)]
pub(crate) mod tests;
