#!/usr/bin/env bash
# Images without Docker or a registry (issue #25), written by buildah as OCI archives that
# `ctr -n k8s.io images import ARCHIVE` loads under the names the kubelet looks up. Each is a
# release binary with the glibc libraries `ldd` names and a passwd/group naming nonroot (65532),
# as distroless's nonroot base has them; no shell. Prints the archive's path (last line).
#   scripts/image.sh [needle]   needle:<version>, laid out as the Dockerfile's runtime stage says
#                               (binary path, USER, EXPOSE, ENTRYPOINT, CMD are read from it)
#   scripts/image.sh stand-in   localhost/needle-test/{proxyv2,pause,app}:stand-in, one archive,
#                               for the node tests (examples/stand_in.rs)
#   scripts/image.sh istiod     localhost/needle-test/pilot:<Istio commit>, istiod as the node
#                               tests run it beside needle (scripts/controlplane.sh --istiod)
#   scripts/image.sh floor      localhost/needle-test/floor-webhook:bench, the do-nothing webhook
#                               of the side-by-side benchmark (examples/floor_webhook.rs)
#   scripts/image.sh config [needle|stand-in|istiod|floor]   the images it would write (JSON),
#                               building nothing
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
die() { echo "image: $*" >&2; exit 1; }
# Run from inside `cargo test`, this script inherits the variables cargo sets for a test
# (CARGO_MANIFEST_DIR, CARGO_PKG_*, ...). ring's build script watches CARGO_MANIFEST_DIR, so
# with them the release build below would differ from a plain one in cargo's fingerprint and
# the next `cargo build --release` (scripts/hostile-load.sh) would build the server again.
for variable in $(compgen -e); do
	case $variable in
	CARGO_MANIFEST_* | CARGO_PKG_* | CARGO_CRATE_NAME | CARGO_BIN_* | CARGO_PRIMARY_PACKAGE | CARGO_TARGET_TMPDIR)
		unset "$variable"
		;;
	esac
done

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
app_version=$(sed -n 's/^appVersion: "\(.*\)"$/\1/p' charts/needle/Chart.yaml)
[ "$version" = "$app_version" ] ||
	die "Cargo.toml says $version, charts/needle/Chart.yaml's appVersion $app_version"
. scripts/lib/packages.sh
need_packages jq:/usr/bin/jq

# The instruction's arguments in the Dockerfile's last stage; exactly one such line.
runtime() {
	local lines
	lines=$(awk '/^FROM /{stage=""} {stage = stage $0 "\n"} END {printf "%s", stage}' Dockerfile |
		sed -n "s/^$1 //p")
	if [ -z "$lines" ] || [ "$(wc -l <<<"$lines")" != 1 ]; then
		die "the Dockerfile's runtime stage needs one $1 line"
	fi
	echo "$lines"
}

# JSON: [{ref, binary (its path in the image), config (what the image config says)}].
# WorkingDir is distroless nonroot's, where `needle serve` without flags writes its certs/.
needle_images() {
	jq -n --arg ref "docker.io/library/needle:$version" \
		--arg binary "$(runtime COPY | awk '{print $NF}')" --arg user "$(runtime USER)" \
		--arg ports "$(runtime EXPOSE)" --argjson entrypoint "$(runtime ENTRYPOINT)" \
		--argjson cmd "$(runtime CMD)" '[{ref: $ref, binary: $binary, config: {
			User: $user, ExposedPorts: ($ports | split(" ") | map({(.): {}}) | add),
			Entrypoint: $entrypoint, Cmd: $cmd, WorkingDir: "/home/nonroot"}}]'
}

# A pod's args follow the proxy's entrypoint, as they follow pilot-agent's in Istio's image.
# The proxy also under the tags of Istio releases (the node tests' canary upgrade gives each
# revision's values its release as global.tag, so a pod's sidecar image names its release).
stand_in_images() {
	jq -n '[["proxyv2", [], ["15020", "15021"]], ["pause", ["pause"], []], ["app", ["app"], ["8080"]]]
		| map({ref: "localhost/needle-test/\(.[0]):stand-in", binary: "/stand-in", config: {
			User: "65532:65532", ExposedPorts: (.[2] | map({(.): {}}) | add),
			Entrypoint: (["/stand-in"] + .[1]), Cmd: null, WorkingDir: null}})
		| . + [(.[0] | .ref |= sub(":stand-in$"; ":1.30.3")), (.[0] | .ref |= sub(":stand-in$"; ":1.31"))]'
}

# The floor webhook, a release build as needle's: it is timed beside needle and istiod.
floor_images() {
	jq -n '[{ref: "localhost/needle-test/floor-webhook:bench", binary: "/floor-webhook",
		config: {User: "65532:65532", ExposedPorts: {"8443": {}}, Entrypoint: ["/floor-webhook"],
		Cmd: null, WorkingDir: null}}]'
}

# istiod as Istio's image runs it (pilot-discovery, user 1337, its ports), under the name the
# node tests give the istio-discovery chart; the commit is the tag.
istiod_images() {
	local commit
	commit=$(sed -n 's/^ISTIO=v0.0.0-[0-9]*-\([0-9a-f]*\)$/\1/p' scripts/controlplane.sh)
	[ -n "$commit" ] || die "scripts/controlplane.sh names no ISTIO version"
	jq -n --arg ref "localhost/needle-test/pilot:$commit" '[{ref: $ref,
		binary: "/usr/local/bin/pilot-discovery", config: {User: "1337:1337",
		ExposedPorts: {"8080": {}, "15010": {}, "15012": {}, "15014": {}, "15017": {}},
		Entrypoint: ["/usr/local/bin/pilot-discovery"], Cmd: null, WorkingDir: null}}]'
}

# stage ROOTFS BINARY DEST: the binary at DEST with what it needs to start: the libraries ldd
# names (the loader too; none for a static binary), copied to the paths it names, and
# distroless's users and directories.
stage() {
	local root=$1 binary=$2 dest=$3 libs lib
	if ! libs=$(ldd "$binary" 2>&1); then
		grep -q 'not a dynamic executable' <<<"$libs" || die "ldd $binary failed: $libs"
		libs=""
	fi
	! grep -q 'not found' <<<"$libs" || die "$binary: a library is missing: $libs"
	install -D -m 0755 "$binary" "$root$dest"
	[ -z "$libs" ] || grep -o '/[^ ]*' <<<"$libs" | while read -r lib; do
		install -D -m 0755 "$(readlink -f "$lib")" "$root$lib"
	done
	mkdir -p "$root/etc"
	printf 'root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n' >"$root/etc/passwd"
	printf 'root:x:0:\nnonroot:x:65532:\n' >"$root/etc/group"
	install -d -m 1777 "$root/tmp"
	install -d -m 0700 -o 65532 -g 65532 "$root/home/nonroot"
}

# buildah writes caches and locks outside its --root whatever it is told
# (/var/lib/containers/cache, /var/cache/containers, /run/containers): each call runs in a
# mount namespace of its own over empty tmpfs there, gone when it exits. vfs: no mounts to undo.
bah() {
	# shellcheck disable=SC2016 # expanded by that sh
	unshare --mount --propagation private -- sh -c \
		'for d in /run /var/lib /var/cache; do mount -t tmpfs -o mode=0755 tmpfs "$d"; done; exec buildah "$@"' \
		bah --root "$work/storage" --runroot "$work/run" --storage-driver vfs "$@"
}

# build IMAGES_JSON ROOTFS ARCHIVE: each image from the same rootfs (one shared layer), its
# config applied, into one OCI layout named by each ref; then the layout as a tar archive.
build() {
	local images=$1 rootfs=$2 archive=$3 i n c mnt flags
	n=$(jq length <<<"$images")
	for ((i = 0; i < n; i++)); do
		mapfile -t flags < <(jq -r ".[$i].config"' | "--user=\(.User)",
			(.ExposedPorts // {} | keys[] | "--port=\(.)"), "--entrypoint=\(.Entrypoint | tojson)",
			(.Cmd // empty | "--cmd=\(tojson)"), (.WorkingDir // empty | "--workingdir=\(.)")' <<<"$images")
		c=$(bah from --quiet scratch)
		mnt=$(bah mount "$c")
		cp -a "$rootfs/." "$mnt/"
		bah config "${flags[@]}" "$c"
		bah commit --quiet --timestamp 0 --omit-history "$c" "localhost/image-$i" >/dev/null
		bah push --quiet "localhost/image-$i" "oci:$work/layout:$(jq -r ".[$i].ref" <<<"$images")"
	done
	mkdir -p "$(dirname "$archive")"
	tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner \
		-C "$work/layout" -cf "$work/image.tar" oci-layout index.json blobs
	check "$images" "$work/image.tar"
	mv "$work/image.tar" "$archive"
}

# check IMAGES_JSON ARCHIVE: the archive holds each ref with the config meant and the binary.
check() {
	local images=$1 archive=$2 i ref manifest config want got path files
	for ((i = 0; i < $(jq length <<<"$images"); i++)); do
		ref=$(jq -r ".[$i].ref" <<<"$images")
		manifest=$(tar -xOf "$archive" index.json | jq -r --arg ref "$ref" \
			'.manifests[] | select(.annotations["org.opencontainers.image.ref.name"] == $ref) | .digest')
		[ -n "$manifest" ] || die "$archive names no $ref"
		manifest=$(tar -xOf "$archive" "blobs/${manifest/://}")
		config=$(tar -xOf "$archive" "blobs/$(jq -r '.config.digest | sub(":"; "/")' <<<"$manifest")")
		want=$(jq -S -c ".[$i].config" <<<"$images")
		got=$(jq -S -c '.config | {User, ExposedPorts, Entrypoint, Cmd, WorkingDir}' <<<"$config")
		[ "$want" = "$got" ] || die "$ref's config is $got, meant $want"
		path=$(jq -r ".[$i].binary" <<<"$images")
		files=$(tar -xOf "$archive" "blobs/$(jq -r '.layers[0].digest | sub(":"; "/")' <<<"$manifest")" | tar -tz)
		grep -qx "${path#/}" <<<"$files" || die "$ref has no $path"
	done
}

what=${1:-needle}
case "$what" in
config)
	case "${2:-needle}" in
	needle) needle_images ;;
	stand-in) stand_in_images ;;
	istiod) istiod_images ;;
	floor) floor_images ;;
	*) die "usage: scripts/image.sh config [needle|stand-in|istiod|floor]" ;;
	esac
	exit 0
	;;
needle)
	images=$(needle_images)
	cargo build --release --locked --bin needle >&2
	binary=$target/release/needle
	archive=$target/image/needle-$version.tar
	;;
stand-in)
	images=$(stand_in_images)
	# The test profile's build: the tests have built its dependencies already, and a stand-in
	# needs no speed (a release build, with needle's LTO, took 3 min on 2 cores).
	cargo build --locked --example stand_in >&2
	binary=$target/debug/examples/stand_in
	archive=$target/image/needle-test-stand-in.tar
	;;
floor)
	images=$(floor_images)
	cargo build --release --locked --example floor_webhook >&2
	binary=$target/release/examples/floor_webhook
	archive=$target/image/needle-test-floor.tar
	;;
istiod)
	images=$(istiod_images)
	binary=$(scripts/controlplane.sh --istiod)/pilot-discovery
	archive=$target/image/needle-test-istiod.tar
	;;
*) die "usage: scripts/image.sh [needle|stand-in|istiod|floor|config [needle|stand-in|istiod|floor]]" ;;
esac
need_packages buildah:/usr/bin/buildah

work=$(mktemp -d "${TMPDIR:-/tmp}/needle-image.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/tmp"
printf '[network]\nnetwork_config_dir = "%s/net"\n' "$work" >"$work/containers.conf"
export TMPDIR=$work/tmp CONTAINERS_CONF=$work/containers.conf # else /etc/containers/networks
stage "$work/rootfs" "$binary" "$(jq -r '.[0].binary' <<<"$images")"
build "$images" "$work/rootfs" "$archive"
echo "$archive"
