#!/usr/bin/env python3
"""Writes needle-core/src/compat/pod_fields.rs: the JSON fields of Kubernetes' Go Pod, how its typed
round trip treats each (see needle-core/src/compat/normalize.rs), where each is declared (the order
Go writes them in, see needle-core/src/compat/go_json/) and which lists a strategic merge patch merges
by key (see needle-core/src/inject/merge.rs), read from the Go API types and their tags.

Usage (the modules come from the Go module proxy; nothing of them is committed):
    cd /tmp && go mod download k8s.io/api@v0.34.4 k8s.io/apimachinery@v0.34.4
    scripts/gen-pod-fields.py v0.34.4 > needle-core/src/compat/pod_fields.rs
(rustfmt leaves the file as written: its `mod` line is `#[rustfmt::skip]`.)
"""
import os
import re
import subprocess
import sys

VERSION = sys.argv[1] if len(sys.argv) > 1 else "v0.34.4"
CACHE = subprocess.run(["go", "env", "GOMODCACHE"], capture_output=True, text=True,
                       check=True).stdout.strip()
SOURCES = [
    os.path.join(CACHE, f"k8s.io/api@{VERSION}/core/v1/types.go"),
    os.path.join(CACHE, f"k8s.io/apimachinery@{VERSION}/pkg/apis/meta/v1/types.go"),
]
# Types with a JSON form of their own (a string or a number): values are kept as given.
OPAQUE = {"Time", "IntOrString", "FieldsV1"}

structs, named = {}, {}
for path in SOURCES:
    src = open(path).read()
    for m in re.finditer(r"^type (\w+) (map\[[^\]]+\][\w.]+)\s*$", src, re.M):
        named[m.group(1)] = m.group(2)
    for m in re.finditer(r"^type (\w+) struct \{\n(.*?)^\}", src, re.S | re.M):
        fields = []
        for line in m.group(2).split("\n"):
            line = line.strip()
            embedded = re.match(r'^([*\w.]+)\s+`([^`]*)`', line)
            field = re.match(r'^(\w+)\s+([*\[\]\w.]+)\s+`([^`]*)`', line)
            if embedded and 'json:"' in embedded.group(2):
                fields.append((None, embedded.group(1), embedded.group(2)))
            elif field and 'json:"' in field.group(3):
                fields.append(field.groups())
        structs[m.group(1)] = fields


def base(go_type):
    return re.sub(r"^[*\[\]]*", "", go_type).split(".")[-1]


def is_struct(go_type):
    return base(go_type) in structs and base(go_type) not in OPAQUE


def const(name):
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).upper()


def tag_value(tags, key):
    found = re.search(key + r':"([^"]*)"', tags)
    return found.group(1) if found else None


def merge_key(go_type, tags, where):
    """How a strategic merge patch merges the field: by this key (a list of structs), "" (a
    list of scalars, merged as a set), or None (replaced whole)."""
    if "merge" not in (tag_value(tags, "patchStrategy") or "").split(","):
        return None
    assert go_type.startswith("[]"), f"{where}: patchStrategy merge on a {go_type}"
    key = tag_value(tags, "patchMergeKey")
    assert (key is not None) == is_struct(go_type), f"{where}: merge key {key} of a {go_type}"
    return key or ""


def fields_of(name):
    """(json name, Go type, omitempty, Go owner.field, merge key) of a struct, embedded ones
    inlined."""
    out = []
    for go_name, go_type, tags in structs[name]:
        json_name, *opts = tag_value(tags, "json").split(",")
        if "inline" in opts:
            out.extend(fields_of(base(go_type)))
        elif json_name != "-":
            omit = "omitempty" in opts or "omitzero" in opts
            where = f"{name}.{go_name or base(go_type)}"
            out.append((json_name, go_type, omit, where, merge_key(go_type, tags, where)))
    names = [f[0] for f in out]
    assert len(names) == len(set(names)), f"{name}: repeated JSON names"
    return out


def kind(go_type, omit, where):
    b = base(go_type)
    if b == "ResourceList" or b in named or go_type.startswith("map["):
        assert omit, f"{where}: a map without omitempty"
        return "Quantities" if b == "ResourceList" else "Map"
    if b == "Quantity":
        return "Quantity"
    if b in OPAQUE:
        return "Keep"
    if is_struct(go_type):
        if go_type.startswith("[]"):
            return f"{'List' if omit else 'KeptList'}(&{const(b)})"
        return f"Struct(&{const(b)})"
    return "Omit" if omit and not go_type.startswith("*") else "Keep"


order = []


def walk(name):
    if name not in order:
        order.append(name)
        for _, go_type, _, _, _ in fields_of(name):
            if is_struct(go_type):
                walk(base(go_type))


walk("Pod")
print(f"""//! The JSON fields of Kubernetes' Go `Pod` (k8s.io/api {VERSION} core/v1 and apimachinery
//! meta/v1), with what its typed round trip does to each (`Field`). Written by
//! `scripts/gen-pod-fields.py` from the Go types: regenerate, do not edit. Each entry names
//! the Go field and its type, and its place in the struct's declaration (the order Go writes
//! the fields in); entries are sorted by JSON name for binary search. A struct with lists that
//! a strategic merge patch merges (the Go tag `patchStrategy:"merge"`) names them after, each
//! with its `patchMergeKey` ("" for a list of scalars, merged as a set).

use super::normalize::{{Field::*, Fields}};
""")
for name in order:
    print(f"pub(crate) static {const(name)}: Fields = Fields::new(&[")
    declared = fields_of(name)
    rows = [(f'("{json_name}", {kind(go_type, omit, where)}, {place}),',
             f"{where} {go_type}{',omitempty' if omit else ''}")
            for (json_name, go_type, omit, where, _), place
            in sorted((field, place) for place, field in enumerate(declared))]
    width = max(len(code) for code, _ in rows)
    for code, note in rows:
        print(f"    {code:<{width}} // {note}")
    merged = sorted((json_name, key) for json_name, _, _, _, key in declared if key is not None)
    if merged:
        print("])")
        print(".merging(&[" + ", ".join(f'("{field}", "{key}")' for field, key in merged) + "]);\n")
    else:
        print("]);\n")

print("/// Each struct above by its Go name (the package's `v1.` left off), sorted for binary search:")
print("/// how a template's typed value finds its layout (`go_json::Layout::kube`).")
print("pub(crate) static BY_GO_NAME: &[(&str, &Fields)] = &[")
for name in sorted(order):
    print(f'    ("{name}", &{const(name)}),')
print("];")
