#!/usr/bin/env python3
"""Writes needle-core/src/gotemplate/go_types.rs: the Go types of Istio's sidecar template data below
`SidecarTemplateData` (ProxyConfig, MeshConfig, the pod's ObjectMeta and PodSpec, and every
struct reachable from them), with their fields and methods, read from the Go sources. The
translation uses them to fail a field a typed struct lacks as Go's text/template does.

Usage (the modules come from the Go module proxy; nothing of them is committed):
    ISTIO_API=v1.31.0-alpha.1.0.20260819121012-5803fb6accf7
    PROTOBUF=v1.36.12-0.20260120151049-f2248ac996af
    cd /tmp && go mod download istio.io/api@$ISTIO_API k8s.io/api@v0.34.4 \
        k8s.io/apimachinery@v0.34.4 google.golang.org/protobuf@$PROTOBUF
    scripts/gen-go-types.py $ISTIO_API v0.34.4 $PROTOBUF > needle-core/src/gotemplate/go_types.rs
(istio.io/api and protobuf at the versions of Istio's go.mod (86c9f01), k8s.io at that of
pod_fields.rs; rustfmt leaves the file as written: its `mod` line is `#[rustfmt::skip]`.)
"""
import glob
import os
import re
import subprocess
import sys

ISTIO_API, K8S, PROTOBUF = sys.argv[1:4]
CACHE = subprocess.run(["go", "env", "GOMODCACHE"], capture_output=True, text=True,
                       check=True).stdout.strip()
MODULES = {
    "istio.io/api": f"istio.io/api@{ISTIO_API}",
    "k8s.io/api": f"k8s.io/api@{K8S}",
    "k8s.io/apimachinery": f"k8s.io/apimachinery@{K8S}",
    "google.golang.org/protobuf": f"google.golang.org/protobuf@{PROTOBUF}",
}
# Packages that only alias another's types (github.com/golang/protobuf's ptypes).
ALIASES = {
    "github.com/golang/protobuf/ptypes/duration": "google.golang.org/protobuf/types/known/durationpb",
    "github.com/golang/protobuf/ptypes/wrappers": "google.golang.org/protobuf/types/known/wrapperspb",
    "github.com/golang/protobuf/ptypes/struct": "google.golang.org/protobuf/types/known/structpb",
}
# Types whose JSON form is not their Go struct (a string, a number, a free object): their
# fields are read leniently.
OPAQUE = {
    "k8s.io/apimachinery/pkg/apis/meta/v1.Time",
    "k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime",
    "k8s.io/apimachinery/pkg/apis/meta/v1.Duration",
    "k8s.io/apimachinery/pkg/apis/meta/v1.FieldsV1",
    "k8s.io/apimachinery/pkg/api/resource.Quantity",
    "k8s.io/apimachinery/pkg/util/intstr.IntOrString",
}
OPAQUE_PACKAGES = {
    "google.golang.org/protobuf/types/known/structpb",
    "google.golang.org/protobuf/types/known/anypb",
    "google.golang.org/protobuf/types/known/timestamppb",
    "google.golang.org/protobuf/types/known/emptypb",
}
# Messages whose JSON form is a scalar: a wrapper is its value, a duration a string ("5s").
SCALAR_JSON = {
    "google.golang.org/protobuf/types/known/wrapperspb": "Wrapper",
    "google.golang.org/protobuf/types/known/durationpb": "Duration",
}
BASIC = {"string", "bool", "byte", "int", "int32", "int64", "uint32", "uint64", "float32",
         "float64", "any"}
ROOTS = [
    ("PROXY_CONFIG", "*istio.io/api/mesh/v1alpha1.ProxyConfig"),
    ("MESH_CONFIG", "*istio.io/api/mesh/v1alpha1.MeshConfig"),
    ("POD_SPEC", "k8s.io/api/core/v1.PodSpec"),
    ("OBJECT_META", "k8s.io/apimachinery/pkg/apis/meta/v1.ObjectMeta"),
    ("TYPE_META", "k8s.io/apimachinery/pkg/apis/meta/v1.TypeMeta"),
    ("NAMESPACED_NAME", "k8s.io/apimachinery/pkg/types.NamespacedName"),
]


class Package:
    def __init__(self, path):
        self.path, self.name = path, None
        self.structs, self.named, self.methods, self.enum_zero = {}, {}, {}, {}
        module = next((m for m in MODULES if path == m or path.startswith(m + "/")), None)
        self.dir = module and os.path.join(CACHE, MODULES[module], path[len(module) + 1:])
        if not self.dir or path in OPAQUE_PACKAGES:
            return
        for file in sorted(glob.glob(os.path.join(self.dir, "*.go"))):
            if not file.endswith("_test.go"):
                self.read(open(file).read())

    def read(self, src):
        self.name = re.search(r"^package (\w+)", src, re.M).group(1)
        imports = {}
        for alias, path in re.findall(r'^\s*(\w+)?\s*"([\w./-]+)"\s*$',
                                      "\n".join(re.findall(r"^import \((.*?)^\)", src,
                                                           re.S | re.M))
                                      + "\n" + "\n".join(re.findall(r'^import (.*)$', src, re.M)),
                                      re.M):
            imports[alias or path.split("/")[-1]] = ALIASES.get(path, path)
        for m in re.finditer(r"^type (\w+) struct \{\n(.*?)^\}", src, re.S | re.M):
            fields = []
            for line in m.group(2).split("\n"):
                line = line.split("//")[0].strip()
                field = re.match(r"^([A-Za-z_]\w*)\s+([*\[\]\w.]+(?:\[[\w.]+\][*\w.]+)?)", line)
                embedded = re.match(r"^(\*?[\w.]+)\s*(`.*)?$", line)
                if field and not field.group(2).startswith("`"):
                    fields.append((field.group(1), self.qualify(field.group(2), imports)))
                elif embedded:
                    fields.append((None, self.qualify(embedded.group(1), imports)))
            self.structs[m.group(1)] = fields
        for name, typ in re.findall(r"^type (\w+) ((?:map\[|\[\]|\*)?[\w.\[\]*]+)\s*$", src, re.M):
            self.named[name] = self.qualify(typ, imports)
        # A protobuf enum's zero value prints (and is held in JSON) as its first name.
        for enum, first in re.findall(r'^\s*(\w+)_name = map\[int32\]string\{\s*0:\s*"(\w+)"',
                                      src, re.M):
            self.enum_zero[enum] = first
        for recv, name, params, result in re.findall(
                r"^func \(\w* ?\*?(\w+)\) ([A-Z]\w*)\(([^)]*)\) ?([^{]*?) ?\{", src, re.M):
            # Only getters' results are followed (a `DeepCopy` copy is read leniently).
            simple = (not params and name.startswith("Get")
                      and re.fullmatch(r"[*\[\]\w.]+", result or ""))
            self.methods.setdefault(recv, {})[name] = (
                self.qualify(result, imports) if simple else None)

    def qualify(self, typ, imports):
        """A Go type expression with each named type as `import/path.Name`."""
        def one(m):
            word = m.group(0)
            if "." in word:
                alias, name = word.split(".", 1)
                return f"{imports.get(alias, alias)}.{name}"
            return word if word in BASIC or word == "map" else f"{self.path}.{word}"
        return re.sub(r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)?", one, typ.replace("interface{}", "any"))


packages = {}


def package(path):
    if path not in packages:
        packages[path] = Package(path)
    return packages[path]


def split(qualified):
    if "." not in qualified:
        raise SystemExit(f"unresolved Go type {qualified!r}")
    path, name = qualified.rsplit(".", 1)
    return package(path), name


def printed(typ):
    """The type as Go's `%s` of its reflect.Type prints it."""
    if typ.startswith("*"):
        return "*" + printed(typ[1:])
    if typ.startswith("[]"):
        return "[]" + printed(typ[2:])
    m = re.match(r"^map\[([^\]]+)\](.*)$", typ)
    if m:
        return f"map[{printed(m.group(1))}]{printed(m.group(2))}"
    if typ == "any":
        return "interface {}"
    if typ in BASIC:
        return typ
    pkg, name = split(typ)
    return f"{pkg.name or typ.rsplit('.', 1)[0].split('/')[-1]}.{name}"


def ident(typ):
    """The Rust name of the static describing `typ`: `PTR_CORE_V1_PROBE`."""
    if typ.startswith("*"):
        return "PTR_" + ident(typ[1:])
    if typ.startswith("[]"):
        return "SLICE_" + ident(typ[2:])
    m = re.match(r"^map\[([^\]]+)\](.*)$", typ)
    if m:
        return f"MAP_{ident(m.group(1))}_{ident(m.group(2))}"
    if typ in BASIC:
        return typ.upper()
    path, name = typ.rsplit(".", 1)
    prefix = {"k8s.io/apimachinery/pkg/apis/meta/v1": "META_V1",
              "k8s.io/api/core/v1": "CORE_V1"}.get(path, path.split("/")[-1])
    name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    return re.sub(r"\W", "_", f"{prefix}_{name}").upper()


def struct_fields(pkg, name):
    """The fields of a struct, embedded ones' promoted (a field of the outer one wins)."""
    own, promoted = {}, {}
    for field, typ in pkg.structs.get(name, []):
        if field is None:
            inner = typ.lstrip("*")
            own[inner.rsplit(".", 1)[1]] = typ
            ipkg, iname = split(inner)
            for f, t in struct_fields(ipkg, iname).items():
                promoted.setdefault(f, t)
        elif field[0].isupper():
            own[field] = typ
    return {**promoted, **own}


def resolved(typ):
    """A named non-struct type's underlying kind: `v1.ResourceList` is a map."""
    if typ in BASIC or typ.startswith(("*", "[]", "map[")):
        return typ
    pkg, name = split(typ)
    return pkg.named.get(name, typ)


def kind(typ):
    if typ.startswith("*"):
        inner = typ[1:]
        if inner in OPAQUE or (inner not in BASIC and split(inner)[0].dir is None):
            return None
        path = inner.rsplit(".", 1)[0]
        if path in SCALAR_JSON:
            return SCALAR_JSON[path]
        return "Pointer"
    under = resolved(typ)
    if typ in OPAQUE or under == "any":
        return None
    if under.startswith("[]"):
        return "Slice"
    if under.startswith("map["):
        return "Map" if under.startswith("map[string]") else "OtherKeyMap"
    if typ in BASIC:
        return "Basic"
    pkg, name = split(typ)
    if name in pkg.structs:
        return "Struct"
    # A named basic type (an enum, `v1.Protocol`); an interface is read leniently.
    return "Basic" if under in BASIC else None


emitted, queue, method_lists = {}, [], {}


def ref(typ):
    """The static describing `typ` (queued for writing), or `None` where reads are lenient."""
    if typ is None or kind(typ) is None:
        return "None"
    if typ not in emitted:
        emitted[typ] = ident(typ)
        queue.append(typ)
    return f"Some(&{emitted[typ]})"


def methods_of(typ):
    base = typ.lstrip("*")
    if base in BASIC or base.startswith(("[]", "map[")):
        return {}
    pkg, name = split(base)
    return pkg.methods.get(name, {})


def zero(typ, k):
    """The value Go holds where the data leaves `typ` out, as a minijinja literal."""
    if k == "Pointer" and typ.startswith("*k8s.io/") and "String" in methods_of(typ[1:]):
        # Kubernetes' generated `String` prints a nil struct as "nil" (fmt prints `<nil>`).
        return '"nil"'
    if k in ("Pointer", "Wrapper", "Duration"):
        return "none"
    if k == "Slice":
        return "[]"
    if k in ("Map", "OtherKeyMap"):
        return "{}"
    if k != "Basic":
        return None
    if typ not in BASIC and split(typ)[1] in split(typ)[0].enum_zero:
        return '"' + split(typ)[0].enum_zero[split(typ)[1]] + '"'
    return {"string": '""', "bool": "false", "float32": "0.0", "float64": "0.0",
            "any": None}.get(resolved(typ), "0")


def rust_str(literal):
    if literal is None:
        return "None"
    return "Some(" + '"' + literal.replace("\\", "\\\\").replace('"', '\\"') + '"' + ")"


def entry(typ):
    k = kind(typ)
    elem, fields, methods = "None", {}, {}
    if k in ("Pointer", "Wrapper", "Duration"):
        inner = typ[1:]
        elem = ref(inner)
        if inner not in BASIC:
            fields = struct_fields(*split(inner))
        methods = methods_of(inner)
    elif k == "Struct":
        fields, methods = struct_fields(*split(typ)), methods_of(typ)
    elif k in ("Slice", "Map", "OtherKeyMap"):
        under = resolved(typ)
        elem = ref(re.sub(r"^(\[\]|map\[[^\]]+\])", "", under))
        methods = methods_of(typ)
    else:
        methods = methods_of(typ)
    field_list = ", ".join(f'("{f}", {ref(t)})' for f, t in sorted(fields.items()))
    method_list = ", ".join(f'("{m}", {ref(t)})' for m, t in sorted(methods.items()))
    # The many types with the same methods (Kubernetes' generated ones) share one list.
    method_list = method_lists.setdefault(method_list, f"METHODS_{len(method_lists)}")
    return (f'pub(super) static {emitted[typ]}: GoType = GoType {{\n'
            f'    name: "{printed(typ)}",\n    kind: Kind::{k},\n'
            f'    zero: {rust_str(zero(typ, k))},\n    elem: {elem},\n    fields: &[{field_list}],\n    methods: {method_list},\n}};\n')


for const, typ in ROOTS:
    emitted[typ] = const
    queue.append(typ)
out = []
while queue:
    out.append(entry(queue.pop(0)))

print(f"""//! The Go types of Istio's template data below `SidecarTemplateData` (istio.io/api
//! {ISTIO_API}, k8s.io/api {K8S}, google.golang.org/protobuf {PROTOBUF}):
//! each with the name Go's errors print, its fields (embedded structs' promoted) and its
//! methods, and the types of those a template may read on. Written by
//! `scripts/gen-go-types.py` from the Go sources: regenerate, do not edit. `None` is a type
//! whose JSON form is not its Go struct (a time, a quantity, a `structpb.Struct`): read
//! leniently.

use super::types::{{GoType, Kind, Methods}};
""")
print("\n".join(out))
for methods, name in method_lists.items():
    print(f"static {name}: Methods = &[{methods}];")
