"""Seed corpora for the fuzz targets, made from the shared corpus and testdata/ at run time.

Usage: python3 fuzz/seeds.py CORPUS_DIR OUT_DIR   (scripts/fuzz.sh runs it; OUT_DIR is outside git)
Writes OUT_DIR/<target>/<n> files: raw YAML streams and templates, or JSON made from YAML.
"""

import glob
import hashlib
import json
import os
import sys

import yaml


def documents(path):
    """The YAML documents of a file, none if it is missing or PyYAML cannot read it (some corpus
    files are meant to fail; some goldens have no input)."""
    try:
        with open(path) as f:
            return [d for d in yaml.safe_load_all(f) if d is not None]
    except (OSError, yaml.YAMLError):
        return []


def pod_of(doc):
    """The pod a workload document carries, or None."""
    if not isinstance(doc, dict):
        return None
    if doc.get("kind") == "Pod":
        return doc
    spec = doc.get("spec") or {}
    if doc.get("kind") == "CronJob":
        spec = ((spec.get("jobTemplate") or {}).get("spec")) or {}
    template = spec.get("template") if isinstance(spec, dict) else None
    return template if isinstance(template, dict) else None


def review(obj, kind, group=""):
    return {
        "apiVersion": "admission.k8s.io/v1",
        "kind": "AdmissionReview",
        "request": {
            "uid": "00000000-0000-4000-8000-000000000000",
            "kind": {"group": group, "version": "v1", "kind": kind},
            "operation": "CREATE",
            "namespace": "demo",
            "object": obj,
        },
    }


class Seeds:
    def __init__(self, out):
        self.out = out
        self.counts = {}

    def add(self, target, data):
        if isinstance(data, str):
            data = data.encode()
        directory = os.path.join(self.out, target)
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, hashlib.sha1(data).hexdigest())
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(data)
            self.counts[target] = self.counts.get(target, 0) + 1


def main(corpus, out):
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    seeds = Seeds(out)
    inject = os.path.join(corpus, "istio-inject", "inject")
    workloads = sorted(
        glob.glob(os.path.join(inject, "*.yaml"))
        + glob.glob(os.path.join(corpus, "istio-templates", "inputs", "*.yaml"))
        + glob.glob(os.path.join(repo, "testdata", "*.yaml"))
    )
    for path in workloads:
        with open(path, "rb") as f:
            seeds.add("kube_inject", f.read())
        for doc in documents(path):
            pod = pod_of(doc)
            if pod is not None:
                seeds.add("review_decode", json.dumps(review(pod, "Pod")))
    # Each case's pods before and after Istio injected them: the merge of a sidecar into a pod.
    for path in sorted(glob.glob(os.path.join(inject, "*.yaml.injected"))):
        before = [pod_of(d) for d in documents(path[: -len(".injected")])]
        after = [pod_of(d) for d in documents(path)]
        for original, injected in zip(before, after):
            if original is not None and injected is not None:
                seeds.add("strategic_merge", json.dumps(original) + "\n" + json.dumps(injected))
    validate = os.path.join(corpus, "istio-validate")
    for path in sorted(glob.glob(os.path.join(validate, "**", "*.yaml"), recursive=True)):
        if os.path.basename(path) == "dataset.yaml":
            continue
        for doc in documents(path):
            if isinstance(doc, dict):
                seeds.add("validate", json.dumps(doc))
                group = str(doc.get("apiVersion", "")).rpartition("/")[0]
                seeds.add("review_decode", json.dumps(review(doc, str(doc.get("kind")), group)))
    with open(os.path.join(repo, "testdata", "admission-review-hello.json"), "rb") as f:
        seeds.add("review_decode", f.read())
    for path in sorted(glob.glob(os.path.join(corpus, "istio-templates", "templates", "*"))):
        with open(path, "rb") as f:
            seeds.add("gotemplate", f.read())
    configs = glob.glob(os.path.join(corpus, "istio-inject", "rendered", "*", "config.yaml"))
    configs += glob.glob(os.path.join(repo, "testdata", "templates", "*.yaml"))
    for path in sorted(configs):
        for doc in documents(path):
            for text in ((doc or {}).get("templates") or {}).values():
                if isinstance(text, str):
                    seeds.add("gotemplate", text)
    for target, n in sorted(seeds.counts.items()):
        print(f"seeds: {target}: {n} files")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
