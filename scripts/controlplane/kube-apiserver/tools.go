//go:build tools

// Package tools pins kube-apiserver for needle's cluster tests (built by scripts/controlplane.sh).
package tools

import _ "k8s.io/kubernetes/cmd/kube-apiserver"
