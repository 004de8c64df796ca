#!/usr/bin/env bash
# Fuzz needle's pure core (fuzz/: cargo fuzz, libFuzzer), each target for a bounded time, from
# seeds made of the shared corpus. Fails if a target crashes (a panic, a timeout, out of memory):
# the input is then in $cache/artifacts/<target>/ (replay: the target binary with that file).
# Usage: scripts/fuzz.sh [seconds per target, default 20] [target ...]   (CI: scripts/test.sh)
# Installs the pinned nightly and cargo-fuzz when they are missing (into ~/.rustup, ~/.cargo);
# builds, seeds and corpora live in ${NEEDLE_CACHE:-~/.cache/needle}/fuzz, outside the clone, so
# that a second run on the machine only rebuilds needle and goes on from what the last one found.
set -euo pipefail
cd "$(dirname "$0")/.."
nightly=nightly-2026-05-20
cargo_fuzz_version=0.13.2
seconds=${1:-20}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(review_decode kube_inject gotemplate strategic_merge validate)
corpus=${NEEDLE_CORPUS:-../shared/corpus}
[ -d "$corpus" ] || { echo "no conformance corpus at $corpus (set NEEDLE_CORPUS)" >&2; exit 2; }
work="${NEEDLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/needle}/fuzz"

# fuzz/seeds.py reads the corpus's YAML with PyYAML, pinned; pip puts it in the user's site.
python3 -c 'import yaml' 2>/dev/null || python3 -m pip install --user --quiet 'PyYAML==6.0.3'
rustup run "$nightly" rustc --version >/dev/null 2>&1 || rustup toolchain install "$nightly" --profile minimal
cargo fuzz --version 2>/dev/null | grep -qx "cargo-fuzz $cargo_fuzz_version" ||
  cargo install cargo-fuzz --version "=$cargo_fuzz_version" --locked

# Without a sanitizer: needle forbids unsafe code, and what is looked for is panics (overflow
# checks on), hangs and runaway memory; ASan would halve the executions for little.
started=$SECONDS
(cd fuzz && cargo "+$nightly" fuzz build --sanitizer none --target-dir "$work")
echo "fuzz build: $((SECONDS - started)) s"

rm -rf "$work/seeds"
python3 fuzz/seeds.py "$corpus" "$work/seeds"
failed=()
summary=()
for target in "${targets[@]}"; do
  mkdir -p "$work/corpus/$target" "$work/artifacts/$target"
  log=$work/$target.log
  # The first directory collects what the run finds (kept between local runs); the seeds are
  # read only. -timeout: one input taking longer is a hang; -rss_limit_mb: runaway memory.
  status=0
  "$work/x86_64-unknown-linux-gnu/release/$target" "$work/corpus/$target" "$work/seeds/$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/$target/" >"$log" 2>&1 || status=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
  summary+=("$target: ${execs:-?} executions in ${seconds} s (${rate:-?}/s), ${cov:-cov: ?}, exit $status")
  if [ "$status" -ne 0 ]; then
    failed+=("$target")
    grep -E -A30 'panicked|ERROR: libFuzzer|SUMMARY' "$log" | head -60 >&2 || tail -40 "$log" >&2
  fi
done
printf '%s\n' "${summary[@]}"
echo "fuzz total: $((SECONDS - started)) s"
echo "fuzz: $((${#targets[@]} - ${#failed[@]})) passed, ${#failed[@]} failed"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: crashed: ${failed[*]} (inputs in $work/artifacts/, logs in $work/*.log)" >&2
  exit 1
fi
