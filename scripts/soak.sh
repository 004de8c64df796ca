#!/usr/bin/env bash
# Soak run of `needle serve` on loopback: 1,000,000 hello reviews (or $1) over 8 keep-alive
# connections against a release build, at most 180 s, the server's RSS sampled every second.
# Fails on any error. Not in CI (minutes, and a release build); results go to BENCHMARKS.md.
# Usage: scripts/soak.sh [requests]
set -euo pipefail
cd "$(dirname "$0")/.."
NEEDLE_LOAD_SOAK=${1:-1000000} exec scripts/load-bench.sh
