#!/usr/bin/env bash
# Hostile-load test of `needle serve` (issue #15): release build, loopback only, about two
# minutes. Large pods and an 8,000-route VirtualService in flight while /live and a hello
# review are timed; idle, half-open and slow clients; 300 connections at 256 descriptors;
# SIGTERM; configs a drop-in must refuse. Prints a Markdown table; exits 1 if a check fails.
# Usage: scripts/hostile-load.sh [CASE...]   (scripts/test.sh runs every case)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --bin needle --example hostile
exec ./target/release/examples/hostile ./target/release/needle "$@"
