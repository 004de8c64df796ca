//! The Go types of Istio's template data (`inject.SidecarTemplateData`), as far as the
//! translation follows them: which fields and methods a typed struct has (Go fails the
//! render on any other name: `can't evaluate field X in type T`), which are pointers (nil
//! when the data leaves them out: a field of one fails, its methods do not), which values
//! are `interface {}` from `.Values` (a map: a missing key is no error, a field of a nil or
//! of a non-map is), and which are plain strings, integers or booleans (no fields at all).
//! The types below the top are generated from the Go sources (`go_types`).

use super::go_types::{
    MESH_CONFIG, NAMESPACED_NAME, OBJECT_META, POD_SPEC, PROXY_CONFIG, TYPE_META,
};

/// A Go type of the template data, generated from its Go declaration.
pub(super) struct GoType {
    /// The name Go's errors print (`*v1alpha1.Tracing`, `[]v1.ContainerPort`).
    pub name: &'static str,
    pub kind: Kind,
    /// The value Go holds where the data leaves one out, as a minijinja literal (`""`,
    /// `0`, an enum's first name, `none` for a pointer, `[]`, `{}`; `"nil"` for a pointer to
    /// a Kubernetes struct, whose generated `String` prints that); `None` for a struct.
    pub zero: Option<&'static str>,
    /// What a pointer points to; a slice's or map's items.
    pub elem: Option<&'static GoType>,
    /// The fields (a pointer's are those of the struct it points to), embedded structs'
    /// promoted; `None` for a type whose JSON form is not its Go struct (read leniently).
    pub fields: &'static [(&'static str, Option<&'static GoType>)],
    /// The methods, with their result's type where templates read on (the `GetX` getters).
    pub methods: Methods,
}

impl std::fmt::Debug for GoType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// A type's methods: name and result type (`None` where not followed).
pub(super) type Methods = &'static [(&'static str, Option<&'static GoType>)];

/// How a Go type is held in the JSON form of the data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// A struct value (never nil; a field the data leaves out is missing).
    Struct,
    /// A pointer, to a struct or a basic type: nil when the data leaves it out.
    Pointer,
    /// A protobuf wrapper (`*wrapperspb.BoolValue`): JSON holds its `Value` itself.
    Wrapper,
    /// `*durationpb.Duration`: JSON holds it as a string (`"1.500s"`).
    Duration,
    /// A slice.
    Slice,
    /// A map with string keys: a field name is a key.
    Map,
    /// A map whose keys are of a named type (`v1.ResourceList`): Go refuses a field name
    /// as a key.
    OtherKeyMap,
    /// A string, number or boolean, or a named one (an enum, `v1.Protocol`).
    Basic,
}

/// What the translation knows of a value's Go type.
#[derive(Debug, Clone, Copy)]
pub(super) enum GoTy {
    /// `*inject.SidecarTemplateData`, the template's dot at the top, without the fields named
    /// (`Host::data_lacks`).
    Data(&'static [&'static str]),
    /// A type of the data below the top.
    Go(&'static GoType),
    /// A value of `map[string]any` (`.Values` and what is inside it): `interface {}`.
    Any,
    /// A string, integer or boolean field of the top or a literal, of this Go type.
    Scalar(&'static str),
    /// An item of a map with string keys, of this type: missing when the map lacks the key.
    MapItem(&'static GoType),
    /// Anything else (a function's result, a type read leniently).
    Unknown,
}

impl PartialEq for GoTy {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (GoTy::Go(a), GoTy::Go(b)) | (GoTy::MapItem(a), GoTy::MapItem(b)) => {
                std::ptr::eq(*a, *b)
            }
            (GoTy::Scalar(a), GoTy::Scalar(b)) => a == b,
            (GoTy::Data(a), GoTy::Data(b)) => a == b,
            (GoTy::Any, GoTy::Any) | (GoTy::Unknown, GoTy::Unknown) => true,
            _ => false,
        }
    }
}

impl Eq for GoTy {}

/// How the translation reads field or method `name` of a value, as Go's evaluation does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Read {
    /// A struct's field, a map's key or a method: read by name.
    Plain,
    /// A field through a pointer: nil fails (`nil pointer evaluating T.F`), then by name.
    ThroughPointer(&'static str),
    /// A wrapper's `Value`: nil fails, else the JSON value itself.
    WrapperValue(&'static str),
    /// A getter of a basic value (`GetName`): read by name, this Go zero value (a
    /// minijinja literal) where the message or field is left out.
    OrZero(&'static str),
    /// A wrapper's `GetValue`: the JSON value itself, or this zero value for nil.
    WrapperGetter(&'static str),
    /// A duration's `Seconds` or `Nanos` from its JSON string: as a field, nil fails as
    /// a nil pointer of the type named; as `GetSeconds`, nil is 0.
    DurationPart(&'static str, Option<&'static str>),
    /// A name the type lacks: `can't evaluate field F in type T`.
    Missing(&'static str),
    /// A name a map's item lacks: fails only where the map holds the key (a missing key
    /// is Go's invalid value, whose fields are nothing).
    MissingIfPresent(&'static str),
    /// A name a pointer to a basic type lacks: nil fails as `nil pointer evaluating T.F`,
    /// else as `can't evaluate field F in type T`.
    MissingOfPointer(&'static str),
}

/// The fields of `SidecarTemplateData` and their types.
const DATA_FIELDS: [(&str, GoTy); 15] = [
    ("TypeMeta", GoTy::Go(&TYPE_META)),
    ("DeploymentMeta", GoTy::Go(&NAMESPACED_NAME)),
    ("ObjectMeta", GoTy::Go(&OBJECT_META)),
    ("Spec", GoTy::Go(&POD_SPEC)),
    ("ProxyConfig", GoTy::Go(&PROXY_CONFIG)),
    ("MeshConfig", GoTy::Go(&MESH_CONFIG)),
    ("Values", GoTy::Any),
    ("Revision", GoTy::Scalar("string")),
    ("NativeSidecars", GoTy::Scalar("bool")),
    ("ProxyImage", GoTy::Scalar("string")),
    ("ProxyInitImage", GoTy::Scalar("string")),
    ("ProxyUID", GoTy::Scalar("int64")),
    ("ProxyGID", GoTy::Scalar("int64")),
    ("InboundTrafficPolicyMode", GoTy::Scalar("string")),
    ("CompliancePolicy", GoTy::Scalar("string")),
];

impl GoTy {
    /// How field or method `name` of a value of this type is read, and the type it gives
    /// (`Unknown` where the translation does not follow it). Go looks for a method first,
    /// then a field (or a map's key).
    pub(super) fn read(self, name: &str) -> (Read, GoTy) {
        let of = |t: Option<&'static GoType>| t.map_or(GoTy::Unknown, GoTy::Go);
        let t = match self {
            GoTy::Data(lacks) => {
                let field = DATA_FIELDS
                    .iter()
                    .find(|(f, _)| *f == name && !lacks.contains(&name));
                return match field {
                    Some((_, ty)) => (Read::Plain, *ty),
                    None => (Read::Missing("*inject.SidecarTemplateData"), GoTy::Unknown),
                };
            }
            GoTy::Scalar(t) => return (Read::Missing(t), GoTy::Unknown),
            GoTy::Any | GoTy::Unknown => return (Read::Plain, self),
            GoTy::MapItem(t) => {
                return match GoTy::Go(t).read(name) {
                    (Read::Missing(t), _) => (Read::MissingIfPresent(t), GoTy::Unknown),
                    // Further down, a missing key and a nil differ: read leniently.
                    _ => (Read::Plain, GoTy::Unknown),
                };
            }
            GoTy::Go(t) => t,
        };
        let part = |n: &str| {
            if n.ends_with("Seconds") {
                "Seconds"
            } else {
                "Nanos"
            }
        };
        if let Some((_, result)) = t.methods.iter().find(|(m, _)| *m == name) {
            let read = match (t.kind, name) {
                (Kind::Wrapper, "GetValue") => match result.and_then(|r| r.zero) {
                    Some(zero) => Read::WrapperGetter(zero),
                    None => Read::Plain,
                },
                (Kind::Duration, "GetSeconds" | "GetNanos") => Read::DurationPart(part(name), None),
                // A protobuf enum's `String` is its name, which JSON holds.
                (Kind::Basic, "String") => match t.zero {
                    Some(zero) => Read::OrZero(zero),
                    None => Read::Plain,
                },
                // Getters give their field's zero value for a nil message or a left-out field
                // (a pointer's is nil, which the read gives already: a printed zero such as a
                // Kubernetes struct's "nil" is no value to read on).
                _ if name.starts_with("Get") => match result
                    .filter(|r| r.kind != Kind::Pointer)
                    .and_then(|r| r.zero)
                {
                    Some(zero) => Read::OrZero(zero),
                    None => Read::Plain,
                },
                _ => Read::Plain,
            };
            return (read, of(*result));
        }
        if let Some((_, field)) = t.fields.iter().find(|(f, _)| *f == name) {
            let read = match t.kind {
                Kind::Pointer => Read::ThroughPointer(t.name),
                Kind::Wrapper => Read::WrapperValue(t.name),
                Kind::Duration => Read::DurationPart(part(name), Some(t.name)),
                _ => Read::Plain,
            };
            return (read, of(*field));
        }
        let to_basic = t.elem.is_some_and(|e| e.kind == Kind::Basic);
        match t.kind {
            Kind::Map => (Read::Plain, t.elem.map_or(GoTy::Unknown, GoTy::MapItem)),
            Kind::Pointer if to_basic => (Read::MissingOfPointer(t.name), GoTy::Unknown),
            _ => (Read::Missing(t.name), GoTy::Unknown),
        }
    }

    /// What Go holds where the data leaves a value of this type out (a minijinja
    /// literal), where the translation knows it.
    pub(super) fn zero(self) -> Option<&'static str> {
        match self {
            GoTy::Go(t) => t.zero,
            _ => None,
        }
    }

    /// The type `index` gives of a value of this type with one key: a slice's item, a
    /// map's (missing where the map lacks the key).
    pub(super) fn items_by_key(self) -> GoTy {
        match self {
            GoTy::Go(GoType {
                kind: Kind::Slice,
                elem: Some(e),
                ..
            }) => GoTy::Go(e),
            GoTy::Go(GoType {
                kind: Kind::Map,
                elem: Some(e),
                ..
            }) => GoTy::MapItem(e),
            _ => GoTy::Unknown,
        }
    }

    /// The type of the items `range` gives over a value of this type (and of the dot of
    /// `with`): what is inside `.Values` is `interface {}` too.
    pub(super) fn items(self) -> GoTy {
        match self {
            GoTy::Any => GoTy::Any,
            GoTy::Go(GoType {
                kind: Kind::Slice | Kind::Map | Kind::OtherKeyMap,
                elem: Some(e),
                ..
            }) => GoTy::Go(e),
            _ => GoTy::Unknown,
        }
    }
}
