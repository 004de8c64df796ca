#!/usr/bin/env bash
# A one-node Kubernetes cluster for needle's node tests, inside a network namespace of its own:
# etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kube-proxy (iptables) and a
# kubelet on containerd + runc with the CNI bridge plugin. The Kubernetes components come from
# scripts/controlplane.sh (pinned Go modules); containerd, runc, the CNI plugins and iptables
# from Debian's packages, installed when missing.
#
# Usage: scripts/node.sh run [--] COMMAND [ARGS...]
#   Brings the node up, imports the OCI archives named in NEEDLE_NODE_IMAGES (space-separated)
#   into containerd, then runs COMMAND inside the network namespace with KUBECONFIG (an admin
#   client) and NEEDLE_NODE_DIR set, and tears everything down when COMMAND ends, fails or the
#   script is interrupted: processes, pod cgroups, mounts, network namespaces (and with them the
#   bridge, veths and iptables rules) and the run directory. Exits with COMMAND's status.
#
# The node has no route out of its namespace: the node IP is an address on a bridge that has no
# uplink, pods get addresses on the CNI bridge, Services are iptables rules of kube-proxy, and
# nothing resolves names (there is no DNS). Logs are in $NEEDLE_NODE_DIR/logs while it runs;
# NEEDLE_NODE_KEEP_LOGS=DIR copies them, and the pods' logs (pods/), there at teardown.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

[ "${1:-}" = run ] || {
	echo "usage: scripts/node.sh run [--] COMMAND [ARGS...]" >&2
	exit 2
}
shift
[ "${1:-}" = -- ] && shift
[ $# -gt 0 ] || {
	echo "node.sh: no command to run on the node" >&2
	exit 2
}

NODE_IP=10.201.0.1          # on the bridge node0; the apiserver, kubelet and kube-proxy use it
POD_CIDR=10.202.0.0/24      # the CNI bridge cni0 and host-local addresses
SERVICE_CIDR=10.96.0.0/16   # the `kubernetes` Service is 10.96.0.1
NODE_NAME=node0
APISERVER_PORT=6443

. "$here/lib/packages.sh"
need_packages containerd:/usr/bin/containerd runc:/usr/sbin/runc \
	containernetworking-plugins:/usr/lib/cni/bridge iptables:/usr/sbin/iptables \
	conntrack:/usr/sbin/conntrack
bin="$("$here/controlplane.sh" --node | tail -n 1)"

# The node runs in a mount namespace of its own, with empty tmpfs over the places containerd,
# runc, the CNI plugins and the kubelet write to whatever they are told (/run/containerd,
# /run/netns, /var/lib/cni, /var/log/pods): what they mount and write there is gone with it.
if [ -z "${NEEDLE_NODE_PRIVATE:-}" ]; then
	NEEDLE_NODE_PRIVATE=1 exec unshare --mount --propagation private -- "$0" run -- "$@"
fi
for d in /run /var/lib /var/log; do mount -t tmpfs -o mode=0755 tmpfs "$d"; done

run="$(mktemp -d "${TMPDIR:-/tmp}/needle-node.XXXXXX")"
id="needle-node-${run##*.}"
netns="$id"
cgroup_root="/$id"
logs="$run/logs"
mkdir -p "$logs" "$run/pki" "$run/cni" "$run/kubelet"
pids=()

in_ns() { nsenter --net="/run/netns/$netns" -- "$@"; }
# start NAME COMMAND...: a component in the node's namespace, its output in logs/NAME.log.
start() {
	local name="$1"
	shift
	# nsenter execs the component: $! is the component itself.
	nsenter --net="/run/netns/$netns" -- "$@" >"$logs/$name.log" 2>&1 &
	pids+=("$!")
}

teardown() {
	local status=$?
	trap - EXIT INT TERM
	set +e
	# The kubelet first, so it restarts nothing; then every pod process, by its cgroup. Quietly:
	# bash would report each component it reaps after a KILL as "Killed".
	{
		for pid in "${pids[@]}"; do kill -TERM "$pid"; done
		kill_cgroups
		pkill -KILL -f -- "-address $run/containerd/containerd.sock"
		sleep 1
		for pid in "${pids[@]}"; do kill -KILL "$pid"; done
		# Anything else still in the node's namespace (a component's child, a stray shim).
		ip netns pids "$netns" | xargs -r kill -KILL
		wait
	} 2>/dev/null
	kill_cgroups
	remove_cgroups
	local left
	left=$(cgroup_dirs)
	if [ -n "$left" ]; then
		echo "node.sh: teardown could not remove these cgroups (processes left in them):" $left >&2
		status=1
	fi
	# Mounts under the run directory (container roots, volumes, shm, pod namespaces), deepest
	# first; those under the tmpfs go with the mount namespace.
	findmnt -rn -o TARGET | grep -F "$run/" | sort -r | while read -r m; do umount -l "$m"; done
	ip netns del "$netns" 2>/dev/null
	if [ -n "${NEEDLE_NODE_KEEP_LOGS:-}" ]; then
		mkdir -p "$NEEDLE_NODE_KEEP_LOGS/pods"
		cp -r "$logs/." "$NEEDLE_NODE_KEEP_LOGS/"
		cp -rL /var/log/pods/. "$NEEDLE_NODE_KEEP_LOGS/pods/" 2>/dev/null
	fi
	rm -rf "$run"
	exit "$status"
}
trap teardown EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The pods' cgroups, so that teardown finds every process and every directory the pods made:
# the tree $cgroup_root in every hierarchy (the kubelet is told to put pods there), and each
# container's own, which containerd makes under /k8s.io/<id> whatever the kubelet says (named
# by the task directories of this node's containerd; a pod's processes are in neither the
# node's network namespace nor its shims' process tree).
cgroup_dirs() {
	local h id
	for h in /sys/fs/cgroup/*/ /sys/fs/cgroup/; do
		[ -d "$h${cgroup_root#/}" ] && echo "$h${cgroup_root#/}"
		for id in $(container_ids); do
			[ -d "${h}k8s.io/$id" ] && echo "${h}k8s.io/$id"
		done
	done
}
container_ids() {
	ls "$run/containerd/state/io.containerd.runtime.v2.task/k8s.io" \
		"$run/containerd/root/io.containerd.runtime.v2.task/k8s.io" 2>/dev/null | grep -E '^[0-9a-f]{64}$' | sort -u
}
kill_cgroups() {
	local d
	for d in $(cgroup_dirs); do
		find "$d" -name cgroup.procs -exec cat {} + 2>/dev/null | xargs -r kill -KILL 2>/dev/null
	done
}
remove_cgroups() {
	local d h
	for d in $(cgroup_dirs); do find "$d" -depth -type d -exec rmdir {} + 2>/dev/null; done
	# containerd's parent of the containers' cgroups, when this node's were all it held.
	if [ -n "$(container_ids)" ]; then
		for h in /sys/fs/cgroup/*/ /sys/fs/cgroup/; do rmdir "${h}k8s.io" 2>/dev/null; done
	fi
	return 0
}

for h in /sys/fs/cgroup/*/; do
	[ -e "$h/cgroup.procs" ] && mkdir -p "$h${cgroup_root#/}"
done
# cpuset children start empty in cgroup v1: give the root the machine's CPUs and memory nodes.
if [ -d "/sys/fs/cgroup/cpuset$cgroup_root" ]; then
	cat /sys/fs/cgroup/cpuset/cpuset.cpus >"/sys/fs/cgroup/cpuset$cgroup_root/cpuset.cpus"
	cat /sys/fs/cgroup/cpuset/cpuset.mems >"/sys/fs/cgroup/cpuset$cgroup_root/cpuset.mems"
fi

# The network: loopback and a bridge holding the node IP, with no uplink.
ip netns add "$netns"
in_ns ip link set lo up
in_ns ip link add node0 type bridge
in_ns ip addr add "$NODE_IP/24" dev node0
in_ns ip link set node0 up
in_ns sysctl -qw net.ipv4.ip_forward=1
# Locally made connections to a Service need a route before kube-proxy's DNAT rewrites them.
in_ns ip route add "$SERVICE_CIDR" dev node0

"$here/node/pki.sh" "$run/pki" "$NODE_IP" "$NODE_NAME" "$APISERVER_PORT"

start etcd "$bin/etcd" --name=node --data-dir="$run/etcd" \
	--listen-client-urls=http://127.0.0.1:2379 --advertise-client-urls=http://127.0.0.1:2379 \
	--listen-peer-urls=http://127.0.0.1:2380 --initial-advertise-peer-urls=http://127.0.0.1:2380 \
	--initial-cluster=node=http://127.0.0.1:2380 --unsafe-no-fsync --log-level=warn

pki="$run/pki"
start kube-apiserver "$bin/kube-apiserver" --etcd-servers=http://127.0.0.1:2379 \
	--bind-address=0.0.0.0 --advertise-address="$NODE_IP" --secure-port="$APISERVER_PORT" \
	--tls-cert-file="$pki/apiserver.pem" --tls-private-key-file="$pki/apiserver-key.pem" \
	--client-ca-file="$pki/ca.pem" \
	--kubelet-client-certificate="$pki/admin.pem" --kubelet-client-key="$pki/admin-key.pem" \
	--kubelet-preferred-address-types=InternalIP \
	--authorization-mode=Node,RBAC \
	--service-account-issuer=https://kubernetes.default.svc.cluster.local \
	--service-account-key-file="$pki/sa.pub" --service-account-signing-key-file="$pki/sa.key" \
	--service-cluster-ip-range="$SERVICE_CIDR" --allow-privileged=true \
	--enable-admission-plugins=NodeRestriction --v=1


export KUBECONFIG="$pki/admin.kubeconfig"
wait_for() { # wait_for WHAT SECONDS COMMAND...: poll until COMMAND succeeds.
	local what="$1" limit="$2" i
	shift 2
	for ((i = 0; i < limit * 2; i++)); do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.5
	done
	echo "node.sh: $what not ready after ${limit}s; the last lines of its logs:" >&2
	tail -n 20 "$logs"/*.log >&2
	return 1
}
apiserver_ready() { in_ns curl -sf --cacert "$pki/ca.pem" --cert "$pki/admin.pem" --key "$pki/admin-key.pem" "https://$NODE_IP:$APISERVER_PORT/readyz"; }
wait_for kube-apiserver 60 apiserver_ready

start kube-controller-manager "$bin/kube-controller-manager" --kubeconfig="$pki/admin.kubeconfig" \
	--bind-address=127.0.0.1 --service-account-private-key-file="$pki/sa.key" \
	--root-ca-file="$pki/ca.pem" --use-service-account-credentials=true \
	--cluster-signing-cert-file="$pki/ca.pem" --cluster-signing-key-file="$pki/ca-key.pem" \
	--controllers='*,-nodeipam,-cloud-node-lifecycle,-route,-service' --v=1
start kube-scheduler "$bin/kube-scheduler" --kubeconfig="$pki/admin.kubeconfig" \
	--bind-address=127.0.0.1 --v=1

# containerd with its own root, state and socket; pods' network namespaces under its state.
mkdir -p "$run/containerd"
sed -e "s|@RUN@|$run|g" -e "s|@POD_CIDR@|$POD_CIDR|g" "$here/node/containerd.toml" >"$run/containerd/config.toml"
sed -e "s|@POD_CIDR@|$POD_CIDR|g" "$here/node/10-bridge.conflist" >"$run/cni/10-bridge.conflist"
start containerd containerd --config="$run/containerd/config.toml"
ctr() { command ctr --address "$run/containerd/containerd.sock" -n k8s.io "$@"; }
wait_for containerd 30 ctr version
for archive in ${NEEDLE_NODE_IMAGES:-}; do
	ctr images import --all-platforms "$archive" >"$logs/import.log" 2>&1 || {
		cat "$logs/import.log" >&2
		exit 1
	}
done

sed -e "s|@RUN@|$run|g" -e "s|@CGROUP_ROOT@|$cgroup_root|g" -e "s|@POD_CIDR@|$POD_CIDR|g" \
	-e "s|@NODE_IP@|$NODE_IP|g" "$here/node/kubelet.yaml" >"$run/kubelet/config.yaml"
start kubelet "$bin/kubelet" --config="$run/kubelet/config.yaml" \
	--kubeconfig="$pki/kubelet.kubeconfig" --root-dir="$run/kubelet" \
	--container-runtime-endpoint="unix://$run/containerd/containerd.sock" \
	--hostname-override="$NODE_NAME" --node-ip="$NODE_IP" --v=1
start kube-proxy "$bin/kube-proxy" --kubeconfig="$pki/admin.kubeconfig" --proxy-mode=iptables \
	--hostname-override="$NODE_NAME" --cluster-cidr="$POD_CIDR" --bind-address="$NODE_IP" \
	--metrics-bind-address=127.0.0.1:10249 --healthz-bind-address=127.0.0.1:10256 \
	--conntrack-max-per-core=0 --v=1
node_ready() {
	in_ns curl -sf --cacert "$pki/ca.pem" --cert "$pki/admin.pem" --key "$pki/admin-key.pem" \
		"https://$NODE_IP:$APISERVER_PORT/api/v1/nodes/$NODE_NAME" |
		python3 -c 'import json, sys; sys.exit(not any(c["type"] == "Ready" and c["status"] == "True" for c in json.load(sys.stdin)["status"]["conditions"]))'
}
wait_for "the node" 120 node_ready
# The default ServiceAccount (the controller manager makes it) before pods are created.
sa_ready() {
	in_ns curl -sf --cacert "$pki/ca.pem" --cert "$pki/admin.pem" --key "$pki/admin-key.pem" \
		"https://$NODE_IP:$APISERVER_PORT/api/v1/namespaces/default/serviceaccounts/default"
}
wait_for "the default ServiceAccount" 60 sa_ready
echo "node.sh: node $NODE_NAME ready ($NODE_IP; kubelet, containerd $(containerd --version | awk '{print $3}'), runc $(runc --version | awk 'NR==1{print $3}'))" >&2

export NEEDLE_NODE_DIR="$run" NEEDLE_NODE_BIN="$bin" NEEDLE_NODE_IP="$NODE_IP"
status=0
in_ns "$@" || status=$?
exit "$status"
