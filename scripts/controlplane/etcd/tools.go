//go:build tools

// Package tools pins etcd for needle's cluster tests (built by scripts/controlplane.sh).
package tools

import _ "go.etcd.io/etcd/server/v3"
