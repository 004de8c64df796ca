#!/usr/bin/env bash
# Two or more builds of `needle serve` under scripts/load-bench.sh, run in turn (A B A B ...,
# or A B C A B C ...) so the machine's drift hits them alike, and the figures compared round by
# round: for each figure the median of every build, and the median of each build's ratio to
# the last one (the reference, e.g. examples/ceiling) with their spread. On a shared machine
# one round says little; the median ratio over several rounds is what to quote.
# Usage: scripts/load-bench-pairs.sh BIN_A BIN_B [BIN_C ...] [ROUNDS, default 8]
#   (about 45 s a build and round)
set -euo pipefail
rounds=8
if [ $# -ge 3 ] && [[ ${!#} =~ ^[0-9]+$ ]]; then
  rounds=${!#}
  set -- "${@:1:$#-1}"
fi
[ $# -ge 2 ] || { echo "usage: $0 BIN_A BIN_B [BIN_C ...] [ROUNDS]" >&2; exit 2; }
bins=()
for bin in "$@"; do
  [ -x "$bin" ] || { echo "$0: $bin is not an executable" >&2; exit 2; }
  bins+=("$(realpath -s "$bin")")
done
cd "$(dirname "$0")/.."
runs=$(mktemp)
trap 'rm -f "$runs"' EXIT
for i in $(seq 1 "$rounds"); do
  for side in "${!bins[@]}"; do
    # The table's rows: | load | requests | errors | reviews/s | p50 | p99 | p99.9 |
    NEEDLE_BIN=${bins[$side]} scripts/load-bench.sh 2>/dev/null | grep '^| [0-9]' |
      sed "s/^/$i|$side/" >>"$runs"
  done
  echo "round $i of $rounds done" >&2
done
python3 - "$runs" "${bins[@]}" <<'PY'
import collections, os, statistics, sys
names = [chr(ord("A") + i) for i in range(len(sys.argv) - 2)]
for name, path in zip(names, sys.argv[2:]):
    print(f"{name}: {path}")
runs = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    f = [x.strip() for x in line.split("|")]
    rnd, side, load, errors = f[0], names[int(f[1])], f[2], int(f[4])
    if errors:
        sys.exit(f"{side} had {errors} errors under {load}")
    runs[(load, rnd)][side] = [float(x) for x in f[5:8]]
ref = names[-1]
loads = list(dict.fromkeys(load for load, _ in runs))
print("| load, figure | " + " | ".join(f"{n} (median)" for n in names)
      + " | " + " | ".join(f"{n}/{ref} median (min–max)" for n in names[:-1]) + " | rounds |")
print("|---" * (2 * len(names)) + "|---|")
for load in loads:
    for k, figure in enumerate(["reviews/s", "p50 ms", "p99 ms"]):
        whole = [v for (l, _), v in runs.items() if l == load and len(v) == len(names)]
        medians = [f"{statistics.median(v[n][k] for v in whole):g}" for n in names]
        ratios = []
        for n in names[:-1]:
            r = [v[n][k] / v[ref][k] for v in whole]
            ratios.append(f"{statistics.median(r):.3f} ({min(r):.2f}–{max(r):.2f})")
        print(f"| {load}, {figure} | " + " | ".join(medians + ratios) + f" | {len(whole)} |")
PY
