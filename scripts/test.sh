#!/usr/bin/env bash
# Every check needle has: formatting, lints, unit, integration and golden tests, the
# hostile-load test (scripts/hostile-load.sh, release build) and a short run of each fuzz
# target (scripts/fuzz.sh, 20 s each).
# Usage: scripts/test.sh   (CI runs exactly this through .ci/run)
set -euo pipefail
cd "$(dirname "$0")/.."
rustup show active-toolchain >/dev/null 2>&1 || rustup toolchain install "$(sed -n 's/^channel = "\(.*\)"/\1/p' rust-toolchain.toml)" --profile minimal -c rustfmt -c clippy
cargo fmt --check
(cd fuzz && cargo fmt --check)
cargo clippy --all-targets --locked -- -D warnings
# Built first, so that only the tests themselves write into the TMPDIR they run with: a fresh,
# empty directory that must be empty again afterwards (the tests remove what they make,
# control-plane data and private keys included, also when they fail).
cargo test --locked --all-targets --no-run
scratch=$(mktemp -d "${TMPDIR:-/tmp}/needle-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
status=0
TMPDIR="$scratch" cargo test --locked --all-targets -- --nocapture || status=$?
if [ "$status" -eq 0 ]; then
	TMPDIR="$scratch" scripts/hostile-load.sh || status=$?
fi
if [ -n "$(ls -A "$scratch")" ]; then
	echo "test.sh: the tests left these behind in their TMPDIR ($scratch):" >&2
	find "$scratch" -mindepth 1 -maxdepth 2 | sed "s|^$scratch/|  |" >&2
	exit 1
fi
[ "$status" -eq 0 ] || exit "$status"
scripts/fuzz.sh
