#!/usr/bin/env python3
"""Writes one YAML file of many workloads for timing `needle kube-inject` (BENCHMARKS.md, issue
#41): the documents of a release's `TestInjection` inputs that its istioctl injects (the
corpus's `istio-releases/<release>/native-false/<input>.rc` is 0), in file order, cycled until
COUNT workloads, each pass's pod templates labelled `bench-copy: "<pass>"` so that no workload
is a replica of another (kube-inject answers replicas from its cache, which would time the
cache, not the templates).

Usage (PyYAML):
    scripts/bench-workloads.py ../shared/corpus/istio-releases/1.31 483 > workloads.yaml
"""
import copy
import os
import sys

import yaml

RELEASE, COUNT = sys.argv[1], int(sys.argv[2])


def injected_documents():
    inputs = os.path.join(RELEASE, "inputs")
    for name in sorted(os.listdir(inputs)):
        rc = os.path.join(RELEASE, "native-false", name + ".rc")
        if open(rc).read().strip() != "0":
            continue
        for doc in yaml.safe_load_all(open(os.path.join(inputs, name))):
            if doc:
                yield doc


def pod_metadata(doc):
    """The metadata of the pod the workload makes (None: it makes none)."""
    if doc.get("kind") == "Pod":
        return doc.setdefault("metadata", {})
    spec = doc.get("spec") or {}
    if doc.get("kind") == "CronJob":
        spec = spec.get("jobTemplate", {}).get("spec", {})
    template = spec.get("template")
    if template is None:
        return None
    if template.get("metadata") is None:
        template["metadata"] = {}
    return template["metadata"]


def workloads():
    docs = list(injected_documents())
    for copy_number in range(1, COUNT + 1):
        for doc in docs:
            doc = copy.deepcopy(doc)
            metadata = pod_metadata(doc)
            if metadata is None:
                continue
            if metadata.get("labels") is None:
                metadata["labels"] = {}
            metadata["labels"]["bench-copy"] = str(copy_number)
            yield doc


out = []
for doc in workloads():
    if len(out) == COUNT:
        break
    out.append(doc)
yaml.safe_dump_all(out, sys.stdout, sort_keys=False)
