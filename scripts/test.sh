#!/usr/bin/env bash
# Every check needle has: formatting, lints, unit, integration and golden tests, and a short
# run of each fuzz target (scripts/fuzz.sh, 20 s each).
# Usage: scripts/test.sh   (CI runs exactly this through .ci/run)
set -euo pipefail
cd "$(dirname "$0")/.."
rustup show active-toolchain >/dev/null 2>&1 || rustup toolchain install "$(sed -n 's/^channel = "\(.*\)"/\1/p' rust-toolchain.toml)" --profile minimal -c rustfmt -c clippy
cargo fmt --check
(cd fuzz && cargo fmt --check)
cargo clippy --all-targets --locked -- -D warnings
cargo test --locked --all-targets -- --nocapture
scripts/fuzz.sh
