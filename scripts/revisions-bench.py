#!/usr/bin/env python3
"""What each revision costs `needle serve --revisions`: resident memory (VmRSS) once ready and
after 2,000 `hello` reviews spread over the revisions, and the review latency on one
keep-alive connection, spread over the revisions and all to the first one, for 1, 2, 4 and 8
revisions, each revision on its own copy of the corpus's Istio 1.31 ConfigMaps. With
`NEEDLE_REPLICA_CACHE_ENTRIES=0` in the environment every review is a miss. Loopback only;
every process and directory it makes is removed on exit.

Usage: scripts/revisions-bench.py [NEEDLE_BINARY] (default target/release/needle)
"""
import http.client
import json
import os
import shutil
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time

NEEDLE = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/release/needle")
CORPUS = os.environ.get("NEEDLE_CORPUS", "../shared/corpus")
CFG = os.path.join(CORPUS, "istio-releases", "1.31", "cfg")
REVIEW = open("testdata/admission-review-hello.json", "rb").read()
REVIEWS = 2000


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def measure(n, root):
    lines = ["revisions:"]
    for i in range(n):
        d = os.path.join(root, f"rev{i}")
        os.makedirs(d)
        for src, dst in [("config.yaml", "config"), ("values.json", "values"), ("mesh.yaml", "mesh")]:
            shutil.copy(os.path.join(CFG, src), os.path.join(d, dst))
        lines += [f"- name: rev{i}", '  istioRelease: "1.31"', f"  injectConfigDir: {d}",
                  f"  meshConfigFile: {d}/mesh"]
    path = os.path.join(root, "revisions.yaml")
    open(path, "w").write("\n".join(lines) + "\n")
    webhook, admin = free_port(), free_port()
    certs = os.path.join(root, "certs")
    proc = subprocess.Popen(
        [NEEDLE, "serve", "--revisions", path, "--cert-dir", certs,
         "--listen", f"127.0.0.1:{webhook}", "--admin-listen", f"127.0.0.1:{admin}",
         "--log-summary-interval", "0s"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 30
        while True:
            try:
                c = http.client.HTTPConnection("127.0.0.1", admin, timeout=1)
                c.request("GET", "/ready")
                if c.getresponse().status == 200:
                    break
            except OSError:
                pass
            if time.time() > deadline:
                raise RuntimeError("not ready in 30 s")
            time.sleep(0.05)
        time.sleep(0.5)
        ready = rss_kib(proc.pid)
        ctx = ssl.create_default_context(cafile=os.path.join(certs, "ca.pem"))
        conn = http.client.HTTPSConnection("localhost", webhook, context=ctx)

        def timed(revision_of):
            took = []
            for i in range(REVIEWS):
                start = time.perf_counter()
                path = f"/rev/{revision_of(i)}/inject"
                conn.request("POST", path, REVIEW, {"Content-Type": "application/json"})
                answer = conn.getresponse().read()
                took.append(time.perf_counter() - start)
                if i == 0:
                    assert json.loads(answer)["response"]["allowed"], answer
            took.sort()
            return statistics.median(took), took[int(len(took) * 0.99)]

        spread = timed(lambda i: f"rev{i % n}")
        after = rss_kib(proc.pid)
        first = timed(lambda i: "rev0")
        return ready, after, spread, first
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main():
    print(f"needle {NEEDLE}; {REVIEWS} hello reviews spread over the revisions, one connection")
    print("| revisions | RSS ready (MiB) | RSS after (MiB) | spread p50 / p99 (ms) | first only p50 / p99 (ms) |")
    print("|---|---|---|---|---|")
    for n in [1, 2, 4, 8]:
        root = tempfile.mkdtemp(prefix="needle-revisions-")
        try:
            ready, after, spread, first = measure(n, root)
        finally:
            shutil.rmtree(root, ignore_errors=True)
        ms = lambda pair: f"{pair[0] * 1000:.2f} / {pair[1] * 1000:.2f}"
        print(f"| {n} | {ready / 1024:.1f} | {after / 1024:.1f} | {ms(spread)} | {ms(first)} |")


if __name__ == "__main__":
    main()
