#!/usr/bin/env bash
# The node's PKI and kubeconfigs, for scripts/node.sh: one CA; the apiserver's serving
# certificate (the node IP, the `kubernetes` Service's ClusterIP and names); client
# certificates for an admin (system:masters, also used by the controller manager, scheduler
# and kube-proxy) and the kubelet (system:node:NODE, for the Node authorizer); the
# ServiceAccount signing key.
# Usage: pki.sh DIR NODE_IP NODE_NAME APISERVER_PORT
set -euo pipefail
dir="$1" node_ip="$2" node="$3" port="$4"
cd "$dir"
ssl() { openssl "$@" 2>/dev/null; }
ssl req -x509 -newkey rsa:2048 -nodes -keyout ca-key.pem -out ca.pem -days 2 -subj "/CN=needle-node-ca"
# cert NAME SUBJECT [SANS]: a key and a certificate signed by the CA.
cert() {
	local ext
	ext="$(mktemp)"
	echo "basicConstraints=CA:FALSE" >"$ext"
	echo "keyUsage=digitalSignature,keyEncipherment" >>"$ext"
	if [ -n "${3:-}" ]; then
		echo "extendedKeyUsage=serverAuth,clientAuth" >>"$ext"
		echo "subjectAltName=$3" >>"$ext"
	else
		echo "extendedKeyUsage=clientAuth" >>"$ext"
	fi
	ssl req -newkey rsa:2048 -nodes -keyout "$1-key.pem" -out "$1.csr" -subj "$2"
	ssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 2 -out "$1.pem" -extfile "$ext"
	rm -f "$1.csr" "$ext"
}
cert apiserver "/CN=kube-apiserver" "IP:$node_ip,IP:10.96.0.1,IP:127.0.0.1,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local"
cert admin "/O=system:masters/CN=admin"
cert kubelet "/O=system:nodes/CN=system:node:$node"
ssl genrsa -out sa.key 2048
ssl rsa -in sa.key -pubout -out sa.pub
# kubeconfig NAME: a kubeconfig of that client certificate.
kubeconfig() {
	cat >"$1.kubeconfig" <<KUBECONFIG
apiVersion: v1
kind: Config
clusters:
- name: node
  cluster: {server: "https://$node_ip:$port", certificate-authority: "$dir/ca.pem"}
users:
- name: $1
  user: {client-certificate: "$dir/$1.pem", client-key: "$dir/$1-key.pem"}
contexts:
- name: node
  context: {cluster: node, user: $1}
current-context: node
KUBECONFIG
}
kubeconfig admin
kubeconfig kubelet
