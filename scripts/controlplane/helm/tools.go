//go:build tools

// Package tools pins helm for needle's chart tests (built by scripts/controlplane.sh).
package tools

import _ "helm.sh/helm/v3/cmd/helm"
