#!/usr/bin/env bash
# The Kubernetes components needle's cluster and node tests run: kube-apiserver and etcd (and,
# for the node tests, kube-controller-manager, kube-scheduler, kube-proxy, kubelet and kubectl) built from
# their pinned Go modules (scripts/controlplane/*/go.mod and go.sum), and helm, into a
# version-keyed cache outside the clone. A second run finds them there and takes a second.
# Prints the directory holding the binaries. Usage: scripts/controlplane.sh [--node | --istiod]
#   --istiod: istiod instead (pilot-discovery, and Istio's `base` and `istio-discovery` charts
#   from the same module), in a directory of its own keyed by Istio's commit.
set -euo pipefail
cd "$(dirname "$0")/controlplane"

K8S=v1.34.4
ETCD=v3.6.16
HELM=v3.22.0
# A commit of Istio's release-1.31 branch (27 Aug 2026): its injector, validator and
# istio-discovery chart are release 1.31's (see scripts/controlplane/istio/go.mod).
ISTIO=v0.0.0-20260827124520-eed52ebb66ad
cache="${NEEDLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/needle}"
if [ "${1:-}" = --istiod ]; then
	dir="$cache/istiod-${ISTIO##*-}"
else
	dir="$cache/controlplane-kube-$K8S-etcd-$ETCD-helm-$HELM"
fi
mkdir -p "$dir"
exec 9>"$dir/.lock"
flock 9 # two test runs at once build once

export CGO_ENABLED=0 GOFLAGS=-mod=readonly GOTOOLCHAIN=local
# build NAME MODULE PACKAGE LDFLAGS: `go build` in the pinning module, to a temporary name that
# is renamed at the end, so an interrupted build leaves no binary behind.
build() {
	[ -x "$dir/$1" ] && return
	echo "controlplane: building $1 (first run only; a few minutes)" >&2
	(cd "$2" && go build -trimpath -ldflags "-s -w $4" -o "$dir/.$1.tmp" "$3")
	mv "$dir/.$1.tmp" "$dir/$1"
}

if [ "${1:-}" = --istiod ]; then
	build pilot-discovery istio istio.io/istio/pilot/cmd/pilot-discovery \
		"-X istio.io/istio/pkg/version.buildVersion=1.31-${ISTIO##*-}"
	# The charts as the module has them (read-only in Go's module cache), copied whole.
	if [ ! -d "$dir/charts" ]; then
		source=$(cd istio && go mod download -json "istio.io/istio@$ISTIO" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
		[ -d "$source/manifests/charts" ] || { echo "controlplane: no charts in $source" >&2; exit 1; }
		rm -rf "$dir/.charts.tmp"
		mkdir -p "$dir/.charts.tmp"
		cp -r "$source/manifests/charts/base" "$source/manifests/charts/istio-control/istio-discovery" "$dir/.charts.tmp/"
		chmod -R u+w "$dir/.charts.tmp"
		mv "$dir/.charts.tmp" "$dir/charts"
	fi
	echo "$dir"
	exit 0
fi

minor=${K8S#v1.}
minor=${minor%%.*}
# Without a stamped version the apiserver says v0.0.0-master and helm refuses charts that
# name a kubeVersion.
kube_version="-X k8s.io/component-base/version.gitVersion=$K8S -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=$minor -X k8s.io/component-base/version.gitTreeState=clean"
client_version="-X k8s.io/client-go/pkg/version.gitVersion=$K8S -X k8s.io/client-go/pkg/version.gitMajor=1 -X k8s.io/client-go/pkg/version.gitMinor=$minor -X k8s.io/client-go/pkg/version.gitTreeState=clean"
build kube-apiserver kubernetes k8s.io/kubernetes/cmd/kube-apiserver "$kube_version $client_version"
if [ "${1:-}" = --node ]; then
	# The same module and version stamp: the node's components report the apiserver's version.
	# kubectl: the node tests run commands of docs/chart.md as written.
	for component in kube-controller-manager kube-scheduler kube-proxy kubelet kubectl; do
		build "$component" kubernetes "k8s.io/kubernetes/cmd/$component" "$kube_version $client_version"
	done
fi
build etcd etcd go.etcd.io/etcd/server/v3 ""
# As helm's own Makefile stamps it, with the default Kubernetes version of its client-go (1.37):
# the flags the corpus's istio-webhooks renders were made with.
helm_version="-X helm.sh/helm/v3/internal/version.version=$HELM -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMinor=37 -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMinor=37"
build helm helm helm.sh/helm/v3/cmd/helm "$helm_version"
echo "$dir"
