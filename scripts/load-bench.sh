#!/usr/bin/env bash
# Load benchmark of `needle serve` on loopback: release build, development certificate,
# the `hello` AdmissionReview from testdata/, 1/8/64 connections and a fixed 1,000 and 5,000 reviews/s.
# Bounded: each run lasts 10 s or 500,000 requests. Prints a Markdown table for BENCHMARKS.md.
# With NEEDLE_LOAD_SOAK=N (scripts/soak.sh), one soak run of N requests instead.
# With NEEDLE_BIN=PATH, that server binary (another build, to compare: scripts/load-bench-pairs.sh)
# instead of this checkout's.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${NEEDLE_BIN:-}" ]; then
  cargo build --release --locked --example load
else
  cargo build --release --locked --bin needle --example load
  NEEDLE_BIN=./target/release/needle
fi
dir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT
port=${NEEDLE_BENCH_PORT:-18443}
admin=${NEEDLE_BENCH_ADMIN_PORT:-18014}
NEEDLE_LOG=warn "$NEEDLE_BIN" serve --listen "127.0.0.1:$port" --admin-listen "127.0.0.1:$admin" --cert-dir "$dir/certs" 2>"$dir/needle.log" &
pid=$!
for _ in $(seq 1 100); do
  curl -fs "http://127.0.0.1:$admin/ready" >/dev/null 2>&1 && break
  sleep 0.1
done
sleep 1 # let the idle server settle before measuring its memory
./target/release/examples/load "127.0.0.1:$port" "$dir/certs/ca.pem" testdata/admission-review-hello.json "$pid"
