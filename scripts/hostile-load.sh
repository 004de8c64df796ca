#!/usr/bin/env bash
# Hostile-load test of `needle serve` (issue #15): release build, loopback only, under a
# minute. Large pods and an 8,000-route VirtualService in flight while /live and a hello
# review are timed; idle, half-open and slow clients; 300 connections at 256 descriptors;
# SIGTERM; configs a drop-in must refuse. Prints a Markdown table; exits 1 if a check fails.
# Usage: scripts/hostile-load.sh [CASE...]   (scripts/test.sh runs every case)
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
# The server under test is the release build the image has (in CI the node tests built it
# already). The client is the test profile's build that `cargo test --all-targets` made: its
# speed is not measured, its limits are in seconds, and a release build of an example takes
# minutes (the examples' dev-dependencies change the features, so needle is built again).
cargo build --release --locked --bin needle
cargo build --locked --example hostile
exec "$target/debug/examples/hostile" "$target/release/needle" "$@"
