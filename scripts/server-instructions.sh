#!/usr/bin/env bash
# The instructions a `needle serve` build spends per review, counted by callgrind (valgrind),
# so figures do not depend on how busy the machine is: the server run under callgrind twice,
# sent N1 and then N2 `hello` reviews over 8 keep-alive connections (examples/load's soak
# mode), and (total2 - total1) / (N2 - N1) printed: start-up and the TLS handshakes cancel out.
# The load posts one review over and over: with the replica cache on (the default) every review
# after the first is a replica; NEEDLE_REPLICA_CACHE_ENTRIES=0 makes each one a miss. BIN may be
# examples/ceiling too (the bare server). Needs valgrind (apt-get install valgrind).
# Usage: scripts/server-instructions.sh BIN [N1 N2]
#   (default 400 2400, multiples of the 8 connections; a minute or two)
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 BIN [N1 N2]" >&2; exit 2; }
bin=$(realpath "$1") n1=${2:-400} n2=${3:-2400}
[ -x "$bin" ] || { echo "$0: $bin is not an executable" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "$0: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
cd "$(dirname "$0")/.."
cargo build --release --locked --example load
dir=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
port=${NEEDLE_BENCH_PORT:-18543} admin=${NEEDLE_BENCH_ADMIN_PORT:-18514}

# The instructions the server ran from start to exit ($refs) answering about $1 reviews
# ($sent: the soak loop sends whole rounds of its 8 connections).
total() {
  NEEDLE_LOG=warn valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" serve \
    --listen "127.0.0.1:$port" --admin-listen "127.0.0.1:$admin" --cert-dir "$dir/certs" \
    2>"$dir/server.log" &
  pid=$!
  for _ in $(seq 1 300); do
    curl -fs "http://127.0.0.1:$admin/ready" >/dev/null 2>&1 && break
    sleep 0.2
  done
  NEEDLE_LOAD_SOAK=$1 ./target/release/examples/load "127.0.0.1:$port" "$dir/certs/ca.pem" \
    testdata/admission-review-hello.json "$pid" >"$dir/load.out" 2>&1 ||
    { cat "$dir/load.out" >&2; exit 1; }
  sent=$(sed -n 's/^soak: \([0-9]*\) requests, 0 errors.*/\1/p' "$dir/load.out")
  kill -TERM "$pid"
  wait "$pid" || true
  pid=
  refs=$(grep -o 'refs: *[0-9,]*' "$dir/server.log" | tr -dc '0-9')
  [ -n "$refs" ] && [ -n "$sent" ] || { echo "$0: no count from callgrind or the load" >&2; exit 1; }
}
total "$n1"
t1=$refs s1=$sent
total "$n2"
t2=$refs s2=$sent
echo "$(basename "$bin"): $(( (t2 - t1) / (s2 - s1) )) instructions per review ($s1 and $s2 reviews: $t1 and $t2)"
