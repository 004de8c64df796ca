{{/* needle[-<revision>]: the Deployment, Service, ServiceAccount and ConfigMaps. */}}
{{- define "needle.name" -}}
needle{{ if not .Values.revisions }}{{ with .Values.revision }}-{{ . }}{{ end }}{{ end }}
{{- end -}}

{{/* The revisions of `revisions`, checked: names and tags unique label values. */}}
{{- define "needle.checkRevisions" -}}
{{- if .Values.revisions }}
{{- if or .Values.revision .Values.revisionTags }}
{{- fail "revisions: give either revisions or revision and revisionTags" }}
{{- end }}
{{- if include "needle.remote" . }}
{{- fail "revisions: not with the remote profile" }}
{{- end }}
{{- $seen := list }}
{{- range $r := .Values.revisions }}
{{- if not (regexMatch "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$" ($r.name | default "")) }}
{{- fail (printf "revisions: name %q is not a revision name" ($r.name | default "")) }}
{{- end }}
{{- if and $r.values (include "needle.revisionOnIstioConfigMaps" $r) }}
{{- fail (printf "revisions: %q has values but reads istiod's ConfigMaps: set its useIstioConfigMaps to false" $r.name) }}
{{- end }}
{{- range $name := prepend ($r.tags | default list) $r.name }}
{{- if has $name $seen }}
{{- fail (printf "revisions: %q is named twice (as a revision or a tag)" $name) }}
{{- end }}
{{- $seen = append $seen $name }}
{{- end }}
{{- end }}
{{- end }}
{{- end -}}

{{/* Whether a revision of `revisions` reads istiod's ConfigMaps of that revision (the
default), or needle's own rendered from the chart's values and its `values`. */}}
{{- define "needle.revisionOnIstioConfigMaps" -}}
{{- if ne (toString .useIstioConfigMaps) "false" }}true{{ end -}}
{{- end -}}

{{/* `needle serve --revisions`'s file: each revision on the ConfigMaps the Deployment mounts
for it (istiod's of that revision, or needle's own, answered as the newest release needle
knows unless it names one, as a single revision on its own ConfigMaps). */}}
{{- define "needle.revisionsFile" -}}
revisions:
{{- range $r := .Values.revisions }}
- name: {{ $r.name }}
  {{- with $r.istioRelease | default (ternary "" "86c9f01" (eq (include "needle.revisionOnIstioConfigMaps" $r) "true")) }}
  istioRelease: {{ toString . | quote }}
  {{- end }}
  injectConfigDir: /var/lib/needle/{{ $r.name }}/inject
  meshConfigFile: /var/lib/needle/{{ $r.name }}/mesh/mesh
  {{- with $r.tags }}
  tags: {{ toJson . }}
  {{- end }}
{{- end }}
{{- end -}}

{{/* One revision of `revisions` as the templates of a single revision read the chart: the
root context with `revision`, `revisionTags` and the injection path set to its own. */}}
{{- define "needle.revisionValues" -}}
{{- $vals := deepCopy .root.Values }}
{{- $_ := set $vals "revision" .revision.name }}
{{- $_ := set $vals "revisionTags" (.revision.tags | default list) }}
{{- $path := printf "/rev/%s%s" .revision.name .root.Values.istiodRemote.injectionPath }}
{{- $_ := set $vals.istiodRemote "injectionPath" $path }}
{{- with .root.Values.istiodRemote.injectionURL }}
{{- /* A URL is needle's own (outside the cluster): each revision's path is put after it. */}}
{{- $_ := set $vals.istiodRemote "injectionURL" (printf "%s%s" (trimSuffix "/" .) $path) }}
{{- end }}
{{- toJson $vals }}
{{- end -}}

{{/* The revision as labels and selectors spell it: "" is `default`. */}}
{{- define "needle.revision" -}}
{{ .Values.revision | default "default" }}
{{- end -}}

{{/* needle runs elsewhere: only the injection webhooks are installed (Istio's remote profile). */}}
{{- define "needle.remote" -}}
{{- if not (has .Values.profile (list "" "default" "remote")) -}}
{{- fail (printf "profile %q: needle's chart knows \"\" (default) and \"remote\"" .Values.profile) -}}
{{- end -}}
{{- if or .Values.istiodRemote.enabled (eq .Values.profile "remote") }}true{{ end -}}
{{- end -}}

{{/* Istio's suffix for cluster-scoped names outside istio-system. */}}
{{- define "needle.nsSuffix" -}}
{{- if ne .Release.Namespace "istio-system" }}-{{ .Release.Namespace }}{{ end -}}
{{- end -}}

{{- define "needle.labels" -}}
app.kubernetes.io/name: needle
app.kubernetes.io/instance: {{ .Release.Name | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service | quote }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 }}
istio.io/rev: {{ include "needle.revision" . | quote }}
{{- end -}}

{{- define "needle.selectorLabels" -}}
app: needle
istio.io/rev: {{ include "needle.revision" . | quote }}
{{- end -}}

{{/* What istioctl and istiod look for on injection webhook configurations. */}}
{{- define "needle.webhookLabels" -}}
app: sidecar-injector
install.operator.istio.io/owning-resource: {{ .Values.ownerName | default "unknown" }}
release: {{ .Release.Name }}
{{ include "needle.labels" . }}
{{- end -}}

{{/* An injection webhook configuration's labels (the revision's and each tag's): without
`istio.io/rev` when sidecarInjectorWebhook.labelRevision is false, so that an istiod of the
same revision does not write its CA into it. */}}
{{- define "needle.injectorWebhookLabels" -}}
{{- if .Values.sidecarInjectorWebhook.labelRevision }}
{{- include "needle.webhookLabels" . }}
{{- else }}
{{- regexReplaceAll "\n?istio\\.io/rev: .*" (include "needle.webhookLabels" .) "" }}
{{- end }}
{{- end -}}

{{/* The names of the injection webhook configurations this release installs. */}}
{{- define "needle.injectorWebhookName" -}}
istio-sidecar-injector{{ with .Values.revision }}-{{ . }}{{ end }}{{ include "needle.nsSuffix" . }}
{{- end -}}
{{- define "needle.tagWebhookName" -}}
istio-revision-tag-{{ .tag }}{{ include "needle.nsSuffix" .root }}
{{- end -}}
{{- define "needle.validatorName" -}}
{{- if .Values.revisions -}}
istio-validator-needle-{{ .Values.global.istioNamespace }}
{{- else -}}
istio-validator{{ with .Values.revision }}-{{ . }}{{ end }}-{{ .Values.global.istioNamespace }}
{{- end -}}
{{- end -}}
{{- define "needle.validatorEnabled" -}}
{{- $remote := include "needle.remote" . -}}
{{- if and .Values.global.configValidation (or (not $remote) .Values.global.configCluster .Values.istiodRemote.enabledLocalInjectorIstiod) }}true{{ end -}}
{{- end -}}

{{- /* The values fix the validator's failurePolicy (GitOps): needle keeps only its caBundle. */}}
{{- define "needle.validatorPolicyFixed" -}}
{{- if or .Values.base.validationCABundle .Values.base.validationFailurePolicy }}true{{ end -}}
{{- end -}}
{{- /* needle flips the validator from Ignore to Fail once it answers, as istiod does. */}}
{{- define "needle.flipsValidator" -}}
{{- if and .Values.serve.patchWebhooks (include "needle.validatorEnabled" .) (not (include "needle.validatorPolicyFixed" .)) }}true{{ end -}}
{{- end -}}

{{- /* needle has a cluster client, and so writes the Events of a rejected configuration. */}}
{{- define "needle.writesEvents" -}}
{{- if or .Values.serve.watchCluster .Values.serve.patchWebhooks }}true{{ end -}}
{{- end -}}

{{- define "needle.tlsSecretName" -}}
{{ .Values.certificate.secretName | default (printf "%s-tls" (include "needle.name" .)) }}
{{- end -}}

{{/*
The serving certificate as JSON: caBundle (base64 PEM) and, when the chart makes it, the
Secret's data. Computed once per render and kept in .Values, which every template of the chart
shares, so the Secret and the webhooks' caBundle come from the same genCA call. An existing
generated Secret is reused, so an upgrade keeps the certificate the webhooks trust.
*/}}
{{- define "needle.tls" -}}
{{- if not (hasKey .Values "_needleTLS") -}}
{{- $tls := dict "caBundle" "" "generated" false -}}
{{- $name := include "needle.tlsSecretName" . -}}
{{- $existing := lookup "v1" "Secret" .Release.Namespace $name -}}
{{- if .Values.certificate.secretName -}}
{{- $ca := .Values.certificate.caBundle -}}
{{- if and (not $ca) $existing -}}
{{- $ca = index ($existing.data | default dict) "ca.crt" | default "" -}}
{{- end -}}
{{- $_ := set $tls "caBundle" $ca -}}
{{- else if and $existing (index ($existing.data | default dict) "ca.crt") -}}
{{- $_ := set $tls "generated" true -}}
{{- $_ := set $tls "data" (pick $existing.data "tls.crt" "tls.key" "ca.crt") -}}
{{- $_ := set $tls "caBundle" (index $existing.data "ca.crt") -}}
{{- else -}}
{{- $days := int .Values.certificate.validityDays -}}
{{- $ca := genCA "needle webhook CA" $days -}}
{{- $svc := include "needle.name" . -}}
{{- $ns := .Release.Namespace -}}
{{- $dns := list $svc (printf "%s.%s" $svc $ns) (printf "%s.%s.svc" $svc $ns) (printf "%s.%s.svc.cluster.local" $svc $ns) -}}
{{- $cert := genSignedCert (printf "%s.%s.svc" $svc $ns) nil $dns $days $ca -}}
{{- $_ := set $tls "generated" true -}}
{{- $_ := set $tls "data" (dict "tls.crt" ($cert.Cert | b64enc) "tls.key" ($cert.Key | b64enc) "ca.crt" ($ca.Cert | b64enc)) -}}
{{- $_ := set $tls "caBundle" ($ca.Cert | b64enc) -}}
{{- end -}}
{{- $_ := set .Values "_needleTLS" $tls -}}
{{- end -}}
{{- toJson .Values._needleTLS -}}
{{- end -}}

{{/* One injection webhook entry without its selectors; `entry` is the name's prefix. */}}
{{- define "needle.injectionEntry" -}}
{{- $v := .root.Values -}}
- name: {{ .entry }}sidecar-injector.istio.io
  clientConfig:
    {{- if $v.istiodRemote.injectionURL }}
    url: {{ $v.istiodRemote.injectionURL | quote }}
    {{- else }}
    service:
      name: {{ include "needle.name" .root }}
      namespace: {{ .root.Release.Namespace | quote }}
      path: {{ $v.istiodRemote.injectionPath | quote }}
      port: 443
    {{- end }}
    {{- with ($v.istiodRemote.injectionCABundle | default .caBundle) }}
    caBundle: {{ . | quote }}
    {{- end }}
  sideEffects: None
  rules:
  - operations: ["CREATE"]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["pods"]
  failurePolicy: {{ $v.sidecarInjectorWebhook.failurePolicy | default "Fail" }}
  reinvocationPolicy: {{ $v.sidecarInjectorWebhook.reinvocationPolicy | quote }}
  {{- with $v.sidecarInjectorWebhook.timeoutSeconds }}
  timeoutSeconds: {{ . }}
  {{- end }}
  admissionReviewVersions: ["v1"]
{{- end -}}

{{/*
The selectors of Istio's injection webhooks (spec B2). `selects` is what the `istio.io/rev`
entries match: the revision, or a tag.
*/}}
{{- define "needle.revisionEntries" -}}
{{ include "needle.injectionEntry" (merge (dict "entry" "rev.namespace.") .) }}
  namespaceSelector:
    matchExpressions:
    - {key: istio.io/rev, operator: In, values: [{{ .selects | quote }}]}
    - {key: istio-injection, operator: DoesNotExist}
  objectSelector:
    matchExpressions:
    - {key: sidecar.istio.io/inject, operator: NotIn, values: ["false"]}
{{ include "needle.injectionEntry" (merge (dict "entry" "rev.object.") .) }}
  namespaceSelector:
    matchExpressions:
    - {key: istio.io/rev, operator: DoesNotExist}
    - {key: istio-injection, operator: DoesNotExist}
  objectSelector:
    matchExpressions:
    - {key: sidecar.istio.io/inject, operator: NotIn, values: ["false"]}
    - {key: istio.io/rev, operator: In, values: [{{ .selects | quote }}]}
{{- end -}}

{{/* The entries only the default revision (or the `default` tag) has. */}}
{{- define "needle.defaultEntries" -}}
{{ include "needle.injectionEntry" (merge (dict "entry" "namespace.") .) }}
  namespaceSelector:
    matchExpressions:
    - {key: istio-injection, operator: In, values: ["enabled"]}
  objectSelector:
    matchExpressions:
    - {key: sidecar.istio.io/inject, operator: NotIn, values: ["false"]}
{{ include "needle.injectionEntry" (merge (dict "entry" "object.") .) }}
  namespaceSelector:
    matchExpressions:
    - {key: istio-injection, operator: DoesNotExist}
    - {key: istio.io/rev, operator: DoesNotExist}
  objectSelector:
    matchExpressions:
    - {key: sidecar.istio.io/inject, operator: In, values: ["true"]}
    - {key: istio.io/rev, operator: DoesNotExist}
{{- if .root.Values.sidecarInjectorWebhook.enableNamespacesByDefault }}
{{ include "needle.injectionEntry" (merge (dict "entry" "auto.") .) }}
  namespaceSelector:
    matchExpressions:
    - {key: istio-injection, operator: DoesNotExist}
    - {key: istio.io/rev, operator: DoesNotExist}
    - {key: kubernetes.io/metadata.name, operator: NotIn, values: ["kube-system", "kube-public", "kube-node-lease", "local-path-storage"]}
  objectSelector:
    matchExpressions:
    - {key: sidecar.istio.io/inject, operator: DoesNotExist}
    - {key: istio.io/rev, operator: DoesNotExist}
{{- end }}
{{- end -}}

{{- /*
"true" when `needle serve` watches Nodes: with --watch-cluster and native sidecars `auto`
(ENABLE_NATIVE_SIDECARS of serve.env unset or `auto`, as istiod reads it).
*/}}
{{- define "needle.watchesNodes" -}}
{{- $env := .Values.serve.env | default dict -}}
{{- $mode := "auto" -}}
{{- if hasKey $env "ENABLE_NATIVE_SIDECARS" }}{{ $mode = toString (get $env "ENABLE_NATIVE_SIDECARS") }}{{ end -}}
{{- if and .Values.serve.watchCluster (eq $mode "auto") }}true{{ end -}}
{{- end -}}

{{- /*
"true" when `needle serve` watches Namespaces: with --watch-cluster on OpenShift (PLATFORM of
serve.env is `openshift`), for the UID ranges of their `openshift.io/sa.scc.*` annotations.
*/}}
{{- define "needle.watchesNamespaces" -}}
{{- $env := .Values.serve.env | default dict -}}
{{- if and .Values.serve.watchCluster (eq (toString (get $env "PLATFORM")) "openshift") }}true{{ end -}}
{{- end -}}
