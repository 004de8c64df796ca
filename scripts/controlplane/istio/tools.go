//go:build tools

// Package tools pins istiod (pilot-discovery) for the node tests that run needle beside a real
// istiod (built by scripts/controlplane.sh --istiod): a commit of Istio's release-1.31 branch,
// whose injector, validator and istio-discovery chart equal release 1.31's.
package tools

import _ "istio.io/istio/pilot/cmd/pilot-discovery"
