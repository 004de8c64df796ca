#!/usr/bin/env bash
# Two builds of `needle serve` under scripts/load-bench.sh, run in turn (A B A B ...) so the
# machine's drift hits both alike, and the figures compared pair by pair: for each figure the
# median of A, of B, and of the ratios A/B with their spread. On a shared machine one pair of
# runs says little; the median ratio over several pairs is what to quote.
# Usage: scripts/load-bench-pairs.sh BIN_A BIN_B [PAIRS, default 8]  (about 90 s a pair)
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BIN_A BIN_B [PAIRS]" >&2; exit 2; }
a=$(realpath "$1") b=$(realpath "$2") pairs=${3:-8}
for bin in "$a" "$b"; do
  [ -x "$bin" ] || { echo "$0: $bin is not an executable" >&2; exit 2; }
done
cd "$(dirname "$0")/.."
runs=$(mktemp)
trap 'rm -f "$runs"' EXIT
for i in $(seq 1 "$pairs"); do
  for side in A B; do
    bin=$a
    [ "$side" = B ] && bin=$b
    # The table's rows: | load | requests | errors | reviews/s | p50 | p99 | p99.9 |
    NEEDLE_BIN=$bin scripts/load-bench.sh 2>/dev/null | grep '^| [0-9]' |
      sed "s/^/$i|$side/" >>"$runs"
  done
  echo "pair $i of $pairs done" >&2
done
python3 - "$runs" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    f = [x.strip() for x in line.split("|")]
    pair, side, load, errors = f[0], f[1], f[2], int(f[4])
    if errors:
        sys.exit(f"{side} had {errors} errors under {load}")
    runs[(load, pair)][side] = [float(x) for x in f[5:8]]
loads = list(dict.fromkeys(load for load, _ in runs))
print("| load, figure | A (median) | B (median) | A/B median (min–max) | pairs |")
print("|---|---|---|---|---|")
for load in loads:
    for k, figure in enumerate(["reviews/s", "p50 ms", "p99 ms"]):
        both = [v for (l, _), v in runs.items() if l == load and len(v) == 2]
        a = [v["A"][k] for v in both]
        b = [v["B"][k] for v in both]
        r = [x / y for x, y in zip(a, b)]
        print(f"| {load}, {figure} | {statistics.median(a):g} | {statistics.median(b):g} "
              f"| {statistics.median(r):.3f} ({min(r):.2f}–{max(r):.2f}) | {len(r)} |")
PY
