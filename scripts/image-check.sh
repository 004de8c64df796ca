#!/usr/bin/env bash
# Loads image archives into a throw-away containerd as a node's is loaded
# (`ctr -n k8s.io images import ARCHIVE`), lists the names it gave them (the kubelet finds
# `image: needle:0.1.0` as docker.io/library/needle:0.1.0), and runs a command in one image as
# its config says (user, entrypoint): proof that the binary starts with only the libraries the
# image carries. containerd, its state and its mounts live in a temporary directory and a mount
# namespace of this script's own, all gone when it exits, also on failure.
# Usage: scripts/image-check.sh ARCHIVE... [-- REF [ARG...]]
set -euo pipefail
die() { echo "image-check: $*" >&2; exit 1; }
# /run is where containerd 1.6 puts shim sockets and runc state whatever its --state says.
if [ -z "${NEEDLE_IMAGE_CHECK_NS:-}" ]; then
	NEEDLE_IMAGE_CHECK_NS=1 exec unshare --mount --propagation private -- "$0" "$@"
fi
mount -t tmpfs -o mode=0755 tmpfs /run

archives=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do archives+=("$(realpath "$1")") && shift; done
[ $# -gt 0 ] && shift
[ ${#archives[@]} -gt 0 ] || die "usage: scripts/image-check.sh ARCHIVE... [-- REF [ARG...]]"
. "$(dirname "$0")/lib/packages.sh"
need_packages containerd:/usr/bin/containerd

dir=$(mktemp -d "${TMPDIR:-/tmp}/needle-image-check.XXXXXX")
cleanup() {
	set +e # each step, whatever the one before did
	[ -n "${pid:-}" ] && kill "$pid" && wait "$pid"
	# A shim outlives containerd; it names the directory in its arguments.
	for shim in $(pgrep -f -- "-address $dir/"); do kill -9 "$shim"; done
	grep -o " $dir/[^ ]*" /proc/self/mounts | sort -r | xargs -r umount -l
	rm -rf "$dir"
}
trap cleanup EXIT
cat >"$dir/config.toml" <<EOF
version = 2
root = "$dir/root"
state = "$dir/state"
# Only images and runc here: no CRI (no CNI, no kubelet), no snapshotters this machine lacks.
disabled_plugins = ["io.containerd.grpc.v1.cri", "io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.zfs", "io.containerd.snapshotter.v1.devmapper"]
[grpc]
  address = "$dir/containerd.sock"
[ttrpc]
  address = "$dir/containerd.sock.ttrpc"
[debug]
  address = "$dir/debug.sock"
[plugins."io.containerd.internal.v1.opt"]
  path = "$dir/opt"
EOF
containerd --config "$dir/config.toml" >"$dir/containerd.log" 2>&1 &
pid=$!
ctr=(ctr --address "$dir/containerd.sock" -n k8s.io)
for _ in $(seq 50); do
	if "${ctr[@]}" version >/dev/null 2>&1; then break; fi
	sleep 0.1
done
"${ctr[@]}" version >/dev/null || die "containerd did not start: $(tail -3 "$dir/containerd.log")"

for archive in "${archives[@]}"; do "${ctr[@]}" images import "$archive"; done
"${ctr[@]}" images ls
if [ $# -gt 0 ]; then
	ref=$1 && shift
	# No cgroup of its own: a cgroup parent runc would leave behind after the run.
	timeout 60 "${ctr[@]}" run --rm --cgroup "" "$ref" "needle-image-check-$$" "$@"
fi
