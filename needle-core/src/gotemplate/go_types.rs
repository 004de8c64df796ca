//! The Go types of Istio's template data below `SidecarTemplateData` (istio.io/api
//! v1.31.0-alpha.1.0.20260819121012-5803fb6accf7, k8s.io/api v0.34.4, google.golang.org/protobuf v1.36.12-0.20260120151049-f2248ac996af):
//! each with the name Go's errors print, its fields (embedded structs' promoted) and its
//! methods, and the types of those a template may read on. Written by
//! `scripts/gen-go-types.py` from the Go sources: regenerate, do not edit. `None` is a type
//! whose JSON form is not its Go struct (a time, a quantity, a `structpb.Struct`): read
//! leniently.

use super::types::{GoType, Kind, Methods};

pub(super) static PROXY_CONFIG: GoType = GoType {
    name: "*v1alpha1.ProxyConfig",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PROXY_CONFIG),
    fields: &[("AvailabilityZone", Some(&STRING)), ("BinaryPath", Some(&STRING)), ("CaCertificatesPem", Some(&SLICE_STRING)), ("ClusterName", None), ("Concurrency", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("ConfigPath", Some(&STRING)), ("ConnectionSettings", Some(&PTR_V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS)), ("ControlPlaneAuthPolicy", Some(&V1ALPHA1_AUTHENTICATION_POLICY)), ("CustomConfigFile", Some(&STRING)), ("DiscoveryAddress", Some(&STRING)), ("DiscoveryRefreshDelay", Some(&PTR_DURATIONPB_DURATION)), ("DrainDuration", Some(&PTR_DURATIONPB_DURATION)), ("EnvoyAccessLogService", Some(&PTR_V1ALPHA1_REMOTE_SERVICE)), ("EnvoyMetricsService", Some(&PTR_V1ALPHA1_REMOTE_SERVICE)), ("EnvoyMetricsServiceAddress", Some(&STRING)), ("ExtraStatTags", Some(&SLICE_STRING)), ("FileFlushInterval", Some(&PTR_DURATIONPB_DURATION)), ("FileFlushMinSizeKb", Some(&UINT32)), ("GatewayTopology", Some(&PTR_V1ALPHA1_TOPOLOGY)), ("HoldApplicationUntilProxyStarts", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Image", Some(&PTR_V1BETA1_PROXY_IMAGE)), ("InterceptionMode", Some(&V1ALPHA1_PROXY_CONFIG_INBOUND_INTERCEPTION_MODE)), ("MeshId", Some(&STRING)), ("PrivateKeyProvider", Some(&PTR_V1ALPHA1_PRIVATE_KEY_PROVIDER)), ("ProxyAdminPort", Some(&INT32)), ("ProxyBootstrapTemplatePath", Some(&STRING)), ("ProxyHeaders", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS)), ("ProxyMetadata", Some(&MAP_STRING_STRING)), ("ProxyStatsMatcher", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_STATS_MATCHER)), ("ReadinessProbe", Some(&PTR_V1ALPHA3_READINESS_PROBE)), ("RuntimeValues", Some(&MAP_STRING_STRING)), ("Sds", Some(&PTR_V1ALPHA1_SDS)), ("StatNameLength", Some(&INT32)), ("StatsCompression", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("StatsdUdpAddress", Some(&STRING)), ("StatusPort", Some(&INT32)), ("TerminationDrainDuration", Some(&PTR_DURATIONPB_DURATION)), ("Tracing", Some(&PTR_V1ALPHA1_TRACING)), ("ZipkinAddress", Some(&STRING))],
    methods: METHODS_0,
};

pub(super) static MESH_CONFIG: GoType = GoType {
    name: "*v1alpha1.MeshConfig",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG),
    fields: &[("AccessLogEncoding", Some(&V1ALPHA1_MESH_CONFIG_ACCESS_LOG_ENCODING)), ("AccessLogFile", Some(&STRING)), ("AccessLogFormat", Some(&STRING)), ("Ca", Some(&PTR_V1ALPHA1_MESH_CONFIG_CA)), ("CaCertificates", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_CERTIFICATE_DATA)), ("Certificates", Some(&SLICE_PTR_V1ALPHA1_CERTIFICATE)), ("ConfigSources", Some(&SLICE_PTR_V1ALPHA1_CONFIG_SOURCE)), ("ConnectTimeout", Some(&PTR_DURATIONPB_DURATION)), ("DefaultConfig", Some(&PROXY_CONFIG)), ("DefaultDestinationRuleExportTo", Some(&SLICE_STRING)), ("DefaultHttpRetryPolicy", Some(&PTR_V1ALPHA3_HTTPRETRY)), ("DefaultInboundHttpRetryPolicy", Some(&PTR_V1ALPHA3_HTTPRETRY)), ("DefaultProviders", Some(&PTR_V1ALPHA1_MESH_CONFIG_DEFAULT_PROVIDERS)), ("DefaultServiceExportTo", Some(&SLICE_STRING)), ("DefaultTrafficPolicy", Some(&PTR_V1ALPHA1_MESH_CONFIG_DEFAULT_TRAFFIC_POLICY)), ("DefaultVirtualServiceExportTo", Some(&SLICE_STRING)), ("DisableEnvoyListenerLog", Some(&BOOL)), ("DiscoverySelectors", Some(&SLICE_PTR_V1ALPHA1_LABEL_SELECTOR)), ("DnsRefreshRate", Some(&PTR_DURATIONPB_DURATION)), ("EnableAutoMtls", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("EnableEnvoyAccessLogService", Some(&BOOL)), ("EnablePrometheusMerge", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("EnableTracing", Some(&BOOL)), ("ExtensionProviders", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER)), ("H2UpgradePolicy", Some(&V1ALPHA1_MESH_CONFIG_H2_UPGRADE_POLICY)), ("HboneIdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("InboundClusterStatName", Some(&STRING)), ("InboundTrafficPolicy", Some(&PTR_V1ALPHA1_MESH_CONFIG_INBOUND_TRAFFIC_POLICY)), ("IngressClass", Some(&STRING)), ("IngressControllerMode", Some(&V1ALPHA1_MESH_CONFIG_INGRESS_CONTROLLER_MODE)), ("IngressSelector", Some(&STRING)), ("IngressService", Some(&STRING)), ("LocalityLbSetting", Some(&PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING)), ("MeshMTLS", Some(&PTR_V1ALPHA1_MESH_CONFIG_TLSCONFIG)), ("OutboundClusterStatName", Some(&STRING)), ("OutboundTrafficPolicy", Some(&PTR_V1ALPHA1_MESH_CONFIG_OUTBOUND_TRAFFIC_POLICY)), ("PathNormalization", Some(&PTR_V1ALPHA1_MESH_CONFIG_PROXY_PATH_NORMALIZATION)), ("ProtocolDetectionTimeout", Some(&PTR_DURATIONPB_DURATION)), ("ProxyHttpPort", Some(&INT32)), ("ProxyInboundListenPort", Some(&INT32)), ("ProxyListenPort", Some(&INT32)), ("RootNamespace", Some(&STRING)), ("ServiceEntryVisibility", Some(&PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY)), ("ServiceScopeConfigs", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SCOPE_CONFIGS)), ("ServiceSettings", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS)), ("TcpKeepalive", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS_TCP_KEEPALIVE)), ("TlsDefaults", Some(&PTR_V1ALPHA1_MESH_CONFIG_TLSCONFIG)), ("TrustDomain", Some(&STRING)), ("TrustDomainAliases", Some(&SLICE_STRING)), ("VerifyCertificateAtClient", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("ZoneAwareLbSetting", Some(&PTR_V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING))],
    methods: METHODS_1,
};

pub(super) static POD_SPEC: GoType = GoType {
    name: "v1.PodSpec",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ActiveDeadlineSeconds", Some(&PTR_INT64)), ("Affinity", Some(&PTR_CORE_V1_AFFINITY)), ("AutomountServiceAccountToken", Some(&PTR_BOOL)), ("Containers", Some(&SLICE_CORE_V1_CONTAINER)), ("DNSConfig", Some(&PTR_CORE_V1_POD_DNSCONFIG)), ("DNSPolicy", Some(&CORE_V1_DNSPOLICY)), ("DeprecatedServiceAccount", Some(&STRING)), ("EnableServiceLinks", Some(&PTR_BOOL)), ("EphemeralContainers", Some(&SLICE_CORE_V1_EPHEMERAL_CONTAINER)), ("HostAliases", Some(&SLICE_CORE_V1_HOST_ALIAS)), ("HostIPC", Some(&BOOL)), ("HostNetwork", Some(&BOOL)), ("HostPID", Some(&BOOL)), ("HostUsers", Some(&PTR_BOOL)), ("Hostname", Some(&STRING)), ("HostnameOverride", Some(&PTR_STRING)), ("ImagePullSecrets", Some(&SLICE_CORE_V1_LOCAL_OBJECT_REFERENCE)), ("InitContainers", Some(&SLICE_CORE_V1_CONTAINER)), ("NodeName", Some(&STRING)), ("NodeSelector", Some(&MAP_STRING_STRING)), ("OS", Some(&PTR_CORE_V1_POD_OS)), ("Overhead", Some(&CORE_V1_RESOURCE_LIST)), ("PreemptionPolicy", Some(&PTR_CORE_V1_PREEMPTION_POLICY)), ("Priority", Some(&PTR_INT32)), ("PriorityClassName", Some(&STRING)), ("ReadinessGates", Some(&SLICE_CORE_V1_POD_READINESS_GATE)), ("ResourceClaims", Some(&SLICE_CORE_V1_POD_RESOURCE_CLAIM)), ("Resources", Some(&PTR_CORE_V1_RESOURCE_REQUIREMENTS)), ("RestartPolicy", Some(&CORE_V1_RESTART_POLICY)), ("RuntimeClassName", Some(&PTR_STRING)), ("SchedulerName", Some(&STRING)), ("SchedulingGates", Some(&SLICE_CORE_V1_POD_SCHEDULING_GATE)), ("SecurityContext", Some(&PTR_CORE_V1_POD_SECURITY_CONTEXT)), ("ServiceAccountName", Some(&STRING)), ("SetHostnameAsFQDN", Some(&PTR_BOOL)), ("ShareProcessNamespace", Some(&PTR_BOOL)), ("Subdomain", Some(&STRING)), ("TerminationGracePeriodSeconds", Some(&PTR_INT64)), ("Tolerations", Some(&SLICE_CORE_V1_TOLERATION)), ("TopologySpreadConstraints", Some(&SLICE_CORE_V1_TOPOLOGY_SPREAD_CONSTRAINT)), ("Volumes", Some(&SLICE_CORE_V1_VOLUME))],
    methods: METHODS_2,
};

pub(super) static OBJECT_META: GoType = GoType {
    name: "v1.ObjectMeta",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Annotations", Some(&MAP_STRING_STRING)), ("CreationTimestamp", None), ("DeletionGracePeriodSeconds", Some(&PTR_INT64)), ("DeletionTimestamp", None), ("Finalizers", Some(&SLICE_STRING)), ("GenerateName", Some(&STRING)), ("Generation", Some(&INT64)), ("Labels", Some(&MAP_STRING_STRING)), ("ManagedFields", Some(&SLICE_META_V1_MANAGED_FIELDS_ENTRY)), ("Name", Some(&STRING)), ("Namespace", Some(&STRING)), ("OwnerReferences", Some(&SLICE_META_V1_OWNER_REFERENCE)), ("ResourceVersion", Some(&STRING)), ("SelfLink", Some(&STRING)), ("UID", Some(&TYPES_UID))],
    methods: METHODS_3,
};

pub(super) static TYPE_META: GoType = GoType {
    name: "v1.TypeMeta",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("APIVersion", Some(&STRING)), ("Kind", Some(&STRING))],
    methods: METHODS_4,
};

pub(super) static NAMESPACED_NAME: GoType = GoType {
    name: "types.NamespacedName",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Name", Some(&STRING)), ("Namespace", Some(&STRING))],
    methods: METHODS_5,
};

pub(super) static V1ALPHA1_PROXY_CONFIG: GoType = GoType {
    name: "v1alpha1.ProxyConfig",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AvailabilityZone", Some(&STRING)), ("BinaryPath", Some(&STRING)), ("CaCertificatesPem", Some(&SLICE_STRING)), ("ClusterName", None), ("Concurrency", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("ConfigPath", Some(&STRING)), ("ConnectionSettings", Some(&PTR_V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS)), ("ControlPlaneAuthPolicy", Some(&V1ALPHA1_AUTHENTICATION_POLICY)), ("CustomConfigFile", Some(&STRING)), ("DiscoveryAddress", Some(&STRING)), ("DiscoveryRefreshDelay", Some(&PTR_DURATIONPB_DURATION)), ("DrainDuration", Some(&PTR_DURATIONPB_DURATION)), ("EnvoyAccessLogService", Some(&PTR_V1ALPHA1_REMOTE_SERVICE)), ("EnvoyMetricsService", Some(&PTR_V1ALPHA1_REMOTE_SERVICE)), ("EnvoyMetricsServiceAddress", Some(&STRING)), ("ExtraStatTags", Some(&SLICE_STRING)), ("FileFlushInterval", Some(&PTR_DURATIONPB_DURATION)), ("FileFlushMinSizeKb", Some(&UINT32)), ("GatewayTopology", Some(&PTR_V1ALPHA1_TOPOLOGY)), ("HoldApplicationUntilProxyStarts", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Image", Some(&PTR_V1BETA1_PROXY_IMAGE)), ("InterceptionMode", Some(&V1ALPHA1_PROXY_CONFIG_INBOUND_INTERCEPTION_MODE)), ("MeshId", Some(&STRING)), ("PrivateKeyProvider", Some(&PTR_V1ALPHA1_PRIVATE_KEY_PROVIDER)), ("ProxyAdminPort", Some(&INT32)), ("ProxyBootstrapTemplatePath", Some(&STRING)), ("ProxyHeaders", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS)), ("ProxyMetadata", Some(&MAP_STRING_STRING)), ("ProxyStatsMatcher", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_STATS_MATCHER)), ("ReadinessProbe", Some(&PTR_V1ALPHA3_READINESS_PROBE)), ("RuntimeValues", Some(&MAP_STRING_STRING)), ("Sds", Some(&PTR_V1ALPHA1_SDS)), ("StatNameLength", Some(&INT32)), ("StatsCompression", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("StatsdUdpAddress", Some(&STRING)), ("StatusPort", Some(&INT32)), ("TerminationDrainDuration", Some(&PTR_DURATIONPB_DURATION)), ("Tracing", Some(&PTR_V1ALPHA1_TRACING)), ("ZipkinAddress", Some(&STRING))],
    methods: METHODS_0,
};

pub(super) static STRING: GoType = GoType {
    name: "string",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_STRING: GoType = GoType {
    name: "[]string",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&STRING),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_WRAPPERSPB_INT32_VALUE: GoType = GoType {
    name: "*wrapperspb.Int32Value",
    kind: Kind::Wrapper,
    zero: Some("none"),
    elem: Some(&WRAPPERSPB_INT32_VALUE),
    fields: &[("Value", Some(&INT32))],
    methods: METHODS_7,
};

pub(super) static PTR_V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS: GoType = GoType {
    name: "*v1alpha1.ProxyConfig_ConnectionSettings",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS),
    fields: &[("ClusterPerConnectionBufferLimitBytes", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("GlobalDownstreamConnectionLimit", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("Http2InitialConnectionWindowSize", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("Http2InitialStreamWindowSize", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("HttpDrainTimeout", Some(&PTR_DURATIONPB_DURATION)), ("HttpHeadersWithUnderscoresAction", Some(&V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS_HEADERS_WITH_UNDERSCORES_ACTION)), ("HttpIdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("HttpMaxConcurrentStreams", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("HttpMaxConnectionDuration", Some(&PTR_DURATIONPB_DURATION)), ("HttpMaxStreamDuration", Some(&PTR_DURATIONPB_DURATION)), ("HttpMergeSlashes", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("HttpPathWithEscapedSlashesAction", Some(&V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS_PATH_WITH_ESCAPED_SLASHES_ACTION)), ("HttpRequestHeadersTimeout", Some(&PTR_DURATIONPB_DURATION)), ("HttpRequestTimeout", Some(&PTR_DURATIONPB_DURATION)), ("HttpStreamIdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("ListenerConnectionLimit", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("ListenerPerConnectionBufferLimitBytes", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("Profile", Some(&V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS_PROFILE))],
    methods: METHODS_8,
};

pub(super) static V1ALPHA1_AUTHENTICATION_POLICY: GoType = GoType {
    name: "v1alpha1.AuthenticationPolicy",
    kind: Kind::Basic,
    zero: Some("\"NONE\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static PTR_DURATIONPB_DURATION: GoType = GoType {
    name: "*durationpb.Duration",
    kind: Kind::Duration,
    zero: Some("none"),
    elem: Some(&DURATIONPB_DURATION),
    fields: &[("Nanos", Some(&INT32)), ("Seconds", Some(&INT64))],
    methods: METHODS_10,
};

pub(super) static PTR_V1ALPHA1_REMOTE_SERVICE: GoType = GoType {
    name: "*v1alpha1.RemoteService",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_REMOTE_SERVICE),
    fields: &[("Address", Some(&STRING)), ("TcpKeepalive", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS_TCP_KEEPALIVE)), ("TlsSettings", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS))],
    methods: METHODS_11,
};

pub(super) static UINT32: GoType = GoType {
    name: "uint32",
    kind: Kind::Basic,
    zero: Some("0"),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_V1ALPHA1_TOPOLOGY: GoType = GoType {
    name: "*v1alpha1.Topology",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_TOPOLOGY),
    fields: &[("ForwardClientCertDetails", Some(&V1ALPHA1_FORWARD_CLIENT_CERT_DETAILS)), ("NumTrustedProxies", Some(&UINT32)), ("ProxyProtocol", Some(&PTR_V1ALPHA1_TOPOLOGY_PROXY_PROTOCOL_CONFIGURATION))],
    methods: METHODS_12,
};

pub(super) static PTR_WRAPPERSPB_BOOL_VALUE: GoType = GoType {
    name: "*wrapperspb.BoolValue",
    kind: Kind::Wrapper,
    zero: Some("none"),
    elem: Some(&WRAPPERSPB_BOOL_VALUE),
    fields: &[("Value", Some(&BOOL))],
    methods: METHODS_13,
};

pub(super) static PTR_V1BETA1_PROXY_IMAGE: GoType = GoType {
    name: "*v1beta1.ProxyImage",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1BETA1_PROXY_IMAGE),
    fields: &[("ImageType", Some(&STRING))],
    methods: METHODS_14,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_INBOUND_INTERCEPTION_MODE: GoType = GoType {
    name: "v1alpha1.ProxyConfig_InboundInterceptionMode",
    kind: Kind::Basic,
    zero: Some("\"REDIRECT\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static PTR_V1ALPHA1_PRIVATE_KEY_PROVIDER: GoType = GoType {
    name: "*v1alpha1.PrivateKeyProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PRIVATE_KEY_PROVIDER),
    fields: &[("Provider", None)],
    methods: METHODS_15,
};

pub(super) static INT32: GoType = GoType {
    name: "int32",
    kind: Kind::Basic,
    zero: Some("0"),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS: GoType = GoType {
    name: "*v1alpha1.ProxyConfig_ProxyHeaders",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS),
    fields: &[("AttemptCount", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_ATTEMPT_COUNT)), ("EnvoyDebugHeaders", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_ENVOY_DEBUG_HEADERS)), ("ForwardedClientCert", Some(&V1ALPHA1_FORWARD_CLIENT_CERT_DETAILS)), ("MetadataExchangeHeaders", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_METADATA_EXCHANGE_HEADERS)), ("PreserveHttp1HeaderCase", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("RequestId", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_REQUEST_ID)), ("Server", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_SERVER)), ("SetCurrentClientCertDetails", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_SET_CURRENT_CLIENT_CERT_DETAILS)), ("XForwardedHost", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_XFORWARDED_HOST)), ("XForwardedPort", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_XFORWARDED_PORT))],
    methods: METHODS_16,
};

pub(super) static MAP_STRING_STRING: GoType = GoType {
    name: "map[string]string",
    kind: Kind::Map,
    zero: Some("{}"),
    elem: Some(&STRING),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_V1ALPHA1_PROXY_CONFIG_PROXY_STATS_MATCHER: GoType = GoType {
    name: "*v1alpha1.ProxyConfig_ProxyStatsMatcher",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PROXY_CONFIG_PROXY_STATS_MATCHER),
    fields: &[("InclusionPrefixes", Some(&SLICE_STRING)), ("InclusionRegexps", Some(&SLICE_STRING)), ("InclusionSuffixes", Some(&SLICE_STRING))],
    methods: METHODS_17,
};

pub(super) static PTR_V1ALPHA3_READINESS_PROBE: GoType = GoType {
    name: "*v1alpha3.ReadinessProbe",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_READINESS_PROBE),
    fields: &[("FailureThreshold", Some(&INT32)), ("HealthCheckMethod", None), ("InitialDelaySeconds", Some(&INT32)), ("PeriodSeconds", Some(&INT32)), ("SuccessThreshold", Some(&INT32)), ("TimeoutSeconds", Some(&INT32))],
    methods: METHODS_18,
};

pub(super) static PTR_V1ALPHA1_SDS: GoType = GoType {
    name: "*v1alpha1.SDS",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_SDS),
    fields: &[("Enabled", Some(&BOOL)), ("K8SSaJwtPath", Some(&STRING))],
    methods: METHODS_19,
};

pub(super) static PTR_V1ALPHA1_TRACING: GoType = GoType {
    name: "*v1alpha1.Tracing",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_TRACING),
    fields: &[("CustomTags", Some(&MAP_STRING_PTR_V1ALPHA1_TRACING_CUSTOM_TAG)), ("EnableIstioTags", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("MaxPathTagLength", Some(&UINT32)), ("Sampling", Some(&FLOAT64)), ("TlsSettings", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS)), ("Tracer", None)],
    methods: METHODS_20,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_TRACING_SERVICE_NAME: GoType = GoType {
    name: "v1alpha1.ProxyConfig_TracingServiceName",
    kind: Kind::Basic,
    zero: Some("\"APP_LABEL_AND_NAMESPACE\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static V1ALPHA1_MESH_CONFIG: GoType = GoType {
    name: "v1alpha1.MeshConfig",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AccessLogEncoding", Some(&V1ALPHA1_MESH_CONFIG_ACCESS_LOG_ENCODING)), ("AccessLogFile", Some(&STRING)), ("AccessLogFormat", Some(&STRING)), ("Ca", Some(&PTR_V1ALPHA1_MESH_CONFIG_CA)), ("CaCertificates", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_CERTIFICATE_DATA)), ("Certificates", Some(&SLICE_PTR_V1ALPHA1_CERTIFICATE)), ("ConfigSources", Some(&SLICE_PTR_V1ALPHA1_CONFIG_SOURCE)), ("ConnectTimeout", Some(&PTR_DURATIONPB_DURATION)), ("DefaultConfig", Some(&PROXY_CONFIG)), ("DefaultDestinationRuleExportTo", Some(&SLICE_STRING)), ("DefaultHttpRetryPolicy", Some(&PTR_V1ALPHA3_HTTPRETRY)), ("DefaultInboundHttpRetryPolicy", Some(&PTR_V1ALPHA3_HTTPRETRY)), ("DefaultProviders", Some(&PTR_V1ALPHA1_MESH_CONFIG_DEFAULT_PROVIDERS)), ("DefaultServiceExportTo", Some(&SLICE_STRING)), ("DefaultTrafficPolicy", Some(&PTR_V1ALPHA1_MESH_CONFIG_DEFAULT_TRAFFIC_POLICY)), ("DefaultVirtualServiceExportTo", Some(&SLICE_STRING)), ("DisableEnvoyListenerLog", Some(&BOOL)), ("DiscoverySelectors", Some(&SLICE_PTR_V1ALPHA1_LABEL_SELECTOR)), ("DnsRefreshRate", Some(&PTR_DURATIONPB_DURATION)), ("EnableAutoMtls", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("EnableEnvoyAccessLogService", Some(&BOOL)), ("EnablePrometheusMerge", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("EnableTracing", Some(&BOOL)), ("ExtensionProviders", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER)), ("H2UpgradePolicy", Some(&V1ALPHA1_MESH_CONFIG_H2_UPGRADE_POLICY)), ("HboneIdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("InboundClusterStatName", Some(&STRING)), ("InboundTrafficPolicy", Some(&PTR_V1ALPHA1_MESH_CONFIG_INBOUND_TRAFFIC_POLICY)), ("IngressClass", Some(&STRING)), ("IngressControllerMode", Some(&V1ALPHA1_MESH_CONFIG_INGRESS_CONTROLLER_MODE)), ("IngressSelector", Some(&STRING)), ("IngressService", Some(&STRING)), ("LocalityLbSetting", Some(&PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING)), ("MeshMTLS", Some(&PTR_V1ALPHA1_MESH_CONFIG_TLSCONFIG)), ("OutboundClusterStatName", Some(&STRING)), ("OutboundTrafficPolicy", Some(&PTR_V1ALPHA1_MESH_CONFIG_OUTBOUND_TRAFFIC_POLICY)), ("PathNormalization", Some(&PTR_V1ALPHA1_MESH_CONFIG_PROXY_PATH_NORMALIZATION)), ("ProtocolDetectionTimeout", Some(&PTR_DURATIONPB_DURATION)), ("ProxyHttpPort", Some(&INT32)), ("ProxyInboundListenPort", Some(&INT32)), ("ProxyListenPort", Some(&INT32)), ("RootNamespace", Some(&STRING)), ("ServiceEntryVisibility", Some(&PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY)), ("ServiceScopeConfigs", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SCOPE_CONFIGS)), ("ServiceSettings", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS)), ("TcpKeepalive", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS_TCP_KEEPALIVE)), ("TlsDefaults", Some(&PTR_V1ALPHA1_MESH_CONFIG_TLSCONFIG)), ("TrustDomain", Some(&STRING)), ("TrustDomainAliases", Some(&SLICE_STRING)), ("VerifyCertificateAtClient", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("ZoneAwareLbSetting", Some(&PTR_V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING))],
    methods: METHODS_1,
};

pub(super) static V1ALPHA1_MESH_CONFIG_ACCESS_LOG_ENCODING: GoType = GoType {
    name: "v1alpha1.MeshConfig_AccessLogEncoding",
    kind: Kind::Basic,
    zero: Some("\"TEXT\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_CA: GoType = GoType {
    name: "*v1alpha1.MeshConfig_CA",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_CA),
    fields: &[("Address", Some(&STRING)), ("IstiodSide", Some(&BOOL)), ("RequestTimeout", Some(&PTR_DURATIONPB_DURATION)), ("TlsSettings", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS))],
    methods: METHODS_21,
};

pub(super) static SLICE_PTR_V1ALPHA1_MESH_CONFIG_CERTIFICATE_DATA: GoType = GoType {
    name: "[]*v1alpha1.MeshConfig_CertificateData",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA1_MESH_CONFIG_CERTIFICATE_DATA),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_PTR_V1ALPHA1_CERTIFICATE: GoType = GoType {
    name: "[]*v1alpha1.Certificate",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA1_CERTIFICATE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_PTR_V1ALPHA1_CONFIG_SOURCE: GoType = GoType {
    name: "[]*v1alpha1.ConfigSource",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA1_CONFIG_SOURCE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_V1ALPHA3_HTTPRETRY: GoType = GoType {
    name: "*v1alpha3.HTTPRetry",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_HTTPRETRY),
    fields: &[("Attempts", Some(&INT32)), ("Backoff", Some(&PTR_DURATIONPB_DURATION)), ("PerTryTimeout", Some(&PTR_DURATIONPB_DURATION)), ("RetryIgnorePreviousHosts", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("RetryOn", Some(&STRING)), ("RetryRemoteLocalities", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_22,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_DEFAULT_PROVIDERS: GoType = GoType {
    name: "*v1alpha1.MeshConfig_DefaultProviders",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_DEFAULT_PROVIDERS),
    fields: &[("AccessLogging", Some(&SLICE_STRING)), ("Metrics", Some(&SLICE_STRING)), ("Tracing", Some(&SLICE_STRING))],
    methods: METHODS_23,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_DEFAULT_TRAFFIC_POLICY: GoType = GoType {
    name: "*v1alpha1.MeshConfig_DefaultTrafficPolicy",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_DEFAULT_TRAFFIC_POLICY),
    fields: &[("ConnectionPool", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS)), ("OutlierDetection", Some(&PTR_V1ALPHA3_OUTLIER_DETECTION))],
    methods: METHODS_24,
};

pub(super) static BOOL: GoType = GoType {
    name: "bool",
    kind: Kind::Basic,
    zero: Some("false"),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_PTR_V1ALPHA1_LABEL_SELECTOR: GoType = GoType {
    name: "[]*v1alpha1.LabelSelector",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA1_LABEL_SELECTOR),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER: GoType = GoType {
    name: "[]*v1alpha1.MeshConfig_ExtensionProvider",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static V1ALPHA1_MESH_CONFIG_H2_UPGRADE_POLICY: GoType = GoType {
    name: "v1alpha1.MeshConfig_H2UpgradePolicy",
    kind: Kind::Basic,
    zero: Some("\"DO_NOT_UPGRADE\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_INBOUND_TRAFFIC_POLICY: GoType = GoType {
    name: "*v1alpha1.MeshConfig_InboundTrafficPolicy",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_INBOUND_TRAFFIC_POLICY),
    fields: &[("Mode", Some(&V1ALPHA1_MESH_CONFIG_INBOUND_TRAFFIC_POLICY_MODE))],
    methods: METHODS_25,
};

pub(super) static V1ALPHA1_MESH_CONFIG_INGRESS_CONTROLLER_MODE: GoType = GoType {
    name: "v1alpha1.MeshConfig_IngressControllerMode",
    kind: Kind::Basic,
    zero: Some("\"UNSPECIFIED\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING: GoType = GoType {
    name: "*v1alpha3.LocalityLoadBalancerSetting",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING),
    fields: &[("Distribute", Some(&SLICE_PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_DISTRIBUTE)), ("Enabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Failover", Some(&SLICE_PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_FAILOVER)), ("FailoverPriority", Some(&SLICE_STRING))],
    methods: METHODS_26,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_TLSCONFIG: GoType = GoType {
    name: "*v1alpha1.MeshConfig_TLSConfig",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_TLSCONFIG),
    fields: &[("CipherSuites", Some(&SLICE_STRING)), ("EcdhCurves", Some(&SLICE_STRING)), ("MinProtocolVersion", Some(&V1ALPHA1_MESH_CONFIG_TLSCONFIG_TLSPROTOCOL))],
    methods: METHODS_27,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_OUTBOUND_TRAFFIC_POLICY: GoType = GoType {
    name: "*v1alpha1.MeshConfig_OutboundTrafficPolicy",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_OUTBOUND_TRAFFIC_POLICY),
    fields: &[("Mode", Some(&V1ALPHA1_MESH_CONFIG_OUTBOUND_TRAFFIC_POLICY_MODE)), ("Tls", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS))],
    methods: METHODS_28,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_PROXY_PATH_NORMALIZATION: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ProxyPathNormalization",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_PROXY_PATH_NORMALIZATION),
    fields: &[("Normalization", Some(&V1ALPHA1_MESH_CONFIG_PROXY_PATH_NORMALIZATION_NORMALIZATION_TYPE))],
    methods: METHODS_29,
};

pub(super) static PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY: GoType = GoType {
    name: "*v1alpha1.ServiceEntryVisibility",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_SERVICE_ENTRY_VISIBILITY),
    fields: &[("ApplyToSidecars", Some(&BOOL)), ("DefaultVisibility", Some(&V1ALPHA1_SERVICE_ENTRY_VISIBILITY_VISIBILITY)), ("Policies", Some(&SLICE_PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY_POLICY))],
    methods: METHODS_30,
};

pub(super) static SLICE_PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SCOPE_CONFIGS: GoType = GoType {
    name: "[]*v1alpha1.MeshConfig_ServiceScopeConfigs",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SCOPE_CONFIGS),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS: GoType = GoType {
    name: "[]*v1alpha1.MeshConfig_ServiceSettings",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS_TCP_KEEPALIVE: GoType = GoType {
    name: "*v1alpha3.ConnectionPoolSettings_TCPSettings_TcpKeepalive",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS_TCP_KEEPALIVE),
    fields: &[("Interval", Some(&PTR_DURATIONPB_DURATION)), ("Probes", Some(&UINT32)), ("Time", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_31,
};

pub(super) static PTR_V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING: GoType = GoType {
    name: "*v1alpha3.ZoneAwareLoadBalancerSetting",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING),
    fields: &[("Enabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Failover", Some(&SLICE_PTR_V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING_FAILOVER)), ("FailoverPriority", Some(&SLICE_STRING)), ("MinClusterSize", Some(&PTR_WRAPPERSPB_UINT32_VALUE))],
    methods: METHODS_32,
};

pub(super) static PTR_INT64: GoType = GoType {
    name: "*int64",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&INT64),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_AFFINITY: GoType = GoType {
    name: "*v1.Affinity",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_AFFINITY),
    fields: &[("NodeAffinity", Some(&PTR_CORE_V1_NODE_AFFINITY)), ("PodAffinity", Some(&PTR_CORE_V1_POD_AFFINITY)), ("PodAntiAffinity", Some(&PTR_CORE_V1_POD_ANTI_AFFINITY))],
    methods: METHODS_2,
};

pub(super) static PTR_BOOL: GoType = GoType {
    name: "*bool",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&BOOL),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_CONTAINER: GoType = GoType {
    name: "[]v1.Container",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_CONTAINER),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_POD_DNSCONFIG: GoType = GoType {
    name: "*v1.PodDNSConfig",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_POD_DNSCONFIG),
    fields: &[("Nameservers", Some(&SLICE_STRING)), ("Options", Some(&SLICE_CORE_V1_POD_DNSCONFIG_OPTION)), ("Searches", Some(&SLICE_STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_DNSPOLICY: GoType = GoType {
    name: "v1.DNSPolicy",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_EPHEMERAL_CONTAINER: GoType = GoType {
    name: "[]v1.EphemeralContainer",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_EPHEMERAL_CONTAINER),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_HOST_ALIAS: GoType = GoType {
    name: "[]v1.HostAlias",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_HOST_ALIAS),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_STRING: GoType = GoType {
    name: "*string",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&STRING),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_LOCAL_OBJECT_REFERENCE: GoType = GoType {
    name: "[]v1.LocalObjectReference",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_LOCAL_OBJECT_REFERENCE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_POD_OS: GoType = GoType {
    name: "*v1.PodOS",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_POD_OS),
    fields: &[("Name", Some(&CORE_V1_OSNAME))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_RESOURCE_LIST: GoType = GoType {
    name: "v1.ResourceList",
    kind: Kind::OtherKeyMap,
    zero: Some("{}"),
    elem: None,
    fields: &[],
    methods: METHODS_33,
};

pub(super) static PTR_CORE_V1_PREEMPTION_POLICY: GoType = GoType {
    name: "*v1.PreemptionPolicy",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_PREEMPTION_POLICY),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_INT32: GoType = GoType {
    name: "*int32",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&INT32),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_POD_READINESS_GATE: GoType = GoType {
    name: "[]v1.PodReadinessGate",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_POD_READINESS_GATE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_POD_RESOURCE_CLAIM: GoType = GoType {
    name: "[]v1.PodResourceClaim",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_POD_RESOURCE_CLAIM),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_RESOURCE_REQUIREMENTS: GoType = GoType {
    name: "*v1.ResourceRequirements",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_RESOURCE_REQUIREMENTS),
    fields: &[("Claims", Some(&SLICE_CORE_V1_RESOURCE_CLAIM)), ("Limits", Some(&CORE_V1_RESOURCE_LIST)), ("Requests", Some(&CORE_V1_RESOURCE_LIST))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_RESTART_POLICY: GoType = GoType {
    name: "v1.RestartPolicy",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_POD_SCHEDULING_GATE: GoType = GoType {
    name: "[]v1.PodSchedulingGate",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_POD_SCHEDULING_GATE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_POD_SECURITY_CONTEXT: GoType = GoType {
    name: "*v1.PodSecurityContext",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_POD_SECURITY_CONTEXT),
    fields: &[("AppArmorProfile", Some(&PTR_CORE_V1_APP_ARMOR_PROFILE)), ("FSGroup", Some(&PTR_INT64)), ("FSGroupChangePolicy", Some(&PTR_CORE_V1_POD_FSGROUP_CHANGE_POLICY)), ("RunAsGroup", Some(&PTR_INT64)), ("RunAsNonRoot", Some(&PTR_BOOL)), ("RunAsUser", Some(&PTR_INT64)), ("SELinuxChangePolicy", Some(&PTR_CORE_V1_POD_SELINUX_CHANGE_POLICY)), ("SELinuxOptions", Some(&PTR_CORE_V1_SELINUX_OPTIONS)), ("SeccompProfile", Some(&PTR_CORE_V1_SECCOMP_PROFILE)), ("SupplementalGroups", Some(&SLICE_INT64)), ("SupplementalGroupsPolicy", Some(&PTR_CORE_V1_SUPPLEMENTAL_GROUPS_POLICY)), ("Sysctls", Some(&SLICE_CORE_V1_SYSCTL)), ("WindowsOptions", Some(&PTR_CORE_V1_WINDOWS_SECURITY_CONTEXT_OPTIONS))],
    methods: METHODS_2,
};

pub(super) static SLICE_CORE_V1_TOLERATION: GoType = GoType {
    name: "[]v1.Toleration",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_TOLERATION),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_TOPOLOGY_SPREAD_CONSTRAINT: GoType = GoType {
    name: "[]v1.TopologySpreadConstraint",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_TOPOLOGY_SPREAD_CONSTRAINT),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_VOLUME: GoType = GoType {
    name: "[]v1.Volume",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_VOLUME),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static INT64: GoType = GoType {
    name: "int64",
    kind: Kind::Basic,
    zero: Some("0"),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_META_V1_MANAGED_FIELDS_ENTRY: GoType = GoType {
    name: "[]v1.ManagedFieldsEntry",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&META_V1_MANAGED_FIELDS_ENTRY),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_META_V1_OWNER_REFERENCE: GoType = GoType {
    name: "[]v1.OwnerReference",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&META_V1_OWNER_REFERENCE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static TYPES_UID: GoType = GoType {
    name: "types.UID",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static WRAPPERSPB_INT32_VALUE: GoType = GoType {
    name: "wrapperspb.Int32Value",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Value", Some(&INT32))],
    methods: METHODS_7,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ConnectionSettings",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ClusterPerConnectionBufferLimitBytes", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("GlobalDownstreamConnectionLimit", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("Http2InitialConnectionWindowSize", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("Http2InitialStreamWindowSize", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("HttpDrainTimeout", Some(&PTR_DURATIONPB_DURATION)), ("HttpHeadersWithUnderscoresAction", Some(&V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS_HEADERS_WITH_UNDERSCORES_ACTION)), ("HttpIdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("HttpMaxConcurrentStreams", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("HttpMaxConnectionDuration", Some(&PTR_DURATIONPB_DURATION)), ("HttpMaxStreamDuration", Some(&PTR_DURATIONPB_DURATION)), ("HttpMergeSlashes", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("HttpPathWithEscapedSlashesAction", Some(&V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS_PATH_WITH_ESCAPED_SLASHES_ACTION)), ("HttpRequestHeadersTimeout", Some(&PTR_DURATIONPB_DURATION)), ("HttpRequestTimeout", Some(&PTR_DURATIONPB_DURATION)), ("HttpStreamIdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("ListenerConnectionLimit", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("ListenerPerConnectionBufferLimitBytes", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("Profile", Some(&V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS_PROFILE))],
    methods: METHODS_8,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS_HEADERS_WITH_UNDERSCORES_ACTION: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ConnectionSettings_HeadersWithUnderscoresAction",
    kind: Kind::Basic,
    zero: Some("\"HEADERS_WITH_UNDERSCORES_UNSPECIFIED\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS_PATH_WITH_ESCAPED_SLASHES_ACTION: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ConnectionSettings_PathWithEscapedSlashesAction",
    kind: Kind::Basic,
    zero: Some("\"PATH_WITH_ESCAPED_SLASHES_UNSPECIFIED\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS_PROFILE: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ConnectionSettings_Profile",
    kind: Kind::Basic,
    zero: Some("\"SIDECAR\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static DURATIONPB_DURATION: GoType = GoType {
    name: "durationpb.Duration",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Nanos", Some(&INT32)), ("Seconds", Some(&INT64))],
    methods: METHODS_10,
};

pub(super) static V1ALPHA1_REMOTE_SERVICE: GoType = GoType {
    name: "v1alpha1.RemoteService",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Address", Some(&STRING)), ("TcpKeepalive", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS_TCP_KEEPALIVE)), ("TlsSettings", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS))],
    methods: METHODS_11,
};

pub(super) static PTR_V1ALPHA3_CLIENT_TLSSETTINGS: GoType = GoType {
    name: "*v1alpha3.ClientTLSSettings",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_CLIENT_TLSSETTINGS),
    fields: &[("CaCertificates", Some(&STRING)), ("CaCrl", Some(&STRING)), ("ClientCertificate", Some(&STRING)), ("CredentialName", Some(&STRING)), ("InsecureSkipVerify", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Mode", Some(&V1ALPHA3_CLIENT_TLSSETTINGS_TLSMODE)), ("PrivateKey", Some(&STRING)), ("Sni", Some(&STRING)), ("SubjectAltNames", Some(&SLICE_STRING))],
    methods: METHODS_34,
};

pub(super) static V1ALPHA1_TOPOLOGY: GoType = GoType {
    name: "v1alpha1.Topology",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ForwardClientCertDetails", Some(&V1ALPHA1_FORWARD_CLIENT_CERT_DETAILS)), ("NumTrustedProxies", Some(&UINT32)), ("ProxyProtocol", Some(&PTR_V1ALPHA1_TOPOLOGY_PROXY_PROTOCOL_CONFIGURATION))],
    methods: METHODS_12,
};

pub(super) static V1ALPHA1_FORWARD_CLIENT_CERT_DETAILS: GoType = GoType {
    name: "v1alpha1.ForwardClientCertDetails",
    kind: Kind::Basic,
    zero: Some("\"UNDEFINED\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static PTR_V1ALPHA1_TOPOLOGY_PROXY_PROTOCOL_CONFIGURATION: GoType = GoType {
    name: "*v1alpha1.Topology_ProxyProtocolConfiguration",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_TOPOLOGY_PROXY_PROTOCOL_CONFIGURATION),
    fields: &[],
    methods: METHODS_35,
};

pub(super) static WRAPPERSPB_BOOL_VALUE: GoType = GoType {
    name: "wrapperspb.BoolValue",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Value", Some(&BOOL))],
    methods: METHODS_13,
};

pub(super) static V1BETA1_PROXY_IMAGE: GoType = GoType {
    name: "v1beta1.ProxyImage",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ImageType", Some(&STRING))],
    methods: METHODS_14,
};

pub(super) static V1ALPHA1_PRIVATE_KEY_PROVIDER: GoType = GoType {
    name: "v1alpha1.PrivateKeyProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Provider", None)],
    methods: METHODS_15,
};

pub(super) static PTR_V1ALPHA1_PRIVATE_KEY_PROVIDER_CRYPTO_MB: GoType = GoType {
    name: "*v1alpha1.PrivateKeyProvider_CryptoMb",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PRIVATE_KEY_PROVIDER_CRYPTO_MB),
    fields: &[("Fallback", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("PollDelay", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_36,
};

pub(super) static PTR_V1ALPHA1_PRIVATE_KEY_PROVIDER_QAT: GoType = GoType {
    name: "*v1alpha1.PrivateKeyProvider_QAT",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PRIVATE_KEY_PROVIDER_QAT),
    fields: &[("Fallback", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("PollDelay", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_36,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ProxyHeaders",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AttemptCount", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_ATTEMPT_COUNT)), ("EnvoyDebugHeaders", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_ENVOY_DEBUG_HEADERS)), ("ForwardedClientCert", Some(&V1ALPHA1_FORWARD_CLIENT_CERT_DETAILS)), ("MetadataExchangeHeaders", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_METADATA_EXCHANGE_HEADERS)), ("PreserveHttp1HeaderCase", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("RequestId", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_REQUEST_ID)), ("Server", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_SERVER)), ("SetCurrentClientCertDetails", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_SET_CURRENT_CLIENT_CERT_DETAILS)), ("XForwardedHost", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_XFORWARDED_HOST)), ("XForwardedPort", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_XFORWARDED_PORT))],
    methods: METHODS_16,
};

pub(super) static PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_ATTEMPT_COUNT: GoType = GoType {
    name: "*v1alpha1.ProxyConfig_ProxyHeaders_AttemptCount",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_ATTEMPT_COUNT),
    fields: &[("Disabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_37,
};

pub(super) static PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_ENVOY_DEBUG_HEADERS: GoType = GoType {
    name: "*v1alpha1.ProxyConfig_ProxyHeaders_EnvoyDebugHeaders",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_ENVOY_DEBUG_HEADERS),
    fields: &[("Disabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_37,
};

pub(super) static PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_METADATA_EXCHANGE_HEADERS: GoType = GoType {
    name: "*v1alpha1.ProxyConfig_ProxyHeaders_MetadataExchangeHeaders",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_METADATA_EXCHANGE_HEADERS),
    fields: &[("Mode", Some(&V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_METADATA_EXCHANGE_MODE))],
    methods: METHODS_38,
};

pub(super) static PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_REQUEST_ID: GoType = GoType {
    name: "*v1alpha1.ProxyConfig_ProxyHeaders_RequestId",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_REQUEST_ID),
    fields: &[("Disabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_37,
};

pub(super) static PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_SERVER: GoType = GoType {
    name: "*v1alpha1.ProxyConfig_ProxyHeaders_Server",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_SERVER),
    fields: &[("Disabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Value", Some(&STRING))],
    methods: METHODS_39,
};

pub(super) static PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_SET_CURRENT_CLIENT_CERT_DETAILS: GoType = GoType {
    name: "*v1alpha1.ProxyConfig_ProxyHeaders_SetCurrentClientCertDetails",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_SET_CURRENT_CLIENT_CERT_DETAILS),
    fields: &[("Cert", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Chain", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Dns", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Subject", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Uri", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_40,
};

pub(super) static PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_XFORWARDED_HOST: GoType = GoType {
    name: "*v1alpha1.ProxyConfig_ProxyHeaders_XForwardedHost",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_XFORWARDED_HOST),
    fields: &[("Enabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_41,
};

pub(super) static PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_XFORWARDED_PORT: GoType = GoType {
    name: "*v1alpha1.ProxyConfig_ProxyHeaders_XForwardedPort",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_XFORWARDED_PORT),
    fields: &[("Enabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_41,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_PROXY_STATS_MATCHER: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ProxyStatsMatcher",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("InclusionPrefixes", Some(&SLICE_STRING)), ("InclusionRegexps", Some(&SLICE_STRING)), ("InclusionSuffixes", Some(&SLICE_STRING))],
    methods: METHODS_17,
};

pub(super) static V1ALPHA3_READINESS_PROBE: GoType = GoType {
    name: "v1alpha3.ReadinessProbe",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("FailureThreshold", Some(&INT32)), ("HealthCheckMethod", None), ("InitialDelaySeconds", Some(&INT32)), ("PeriodSeconds", Some(&INT32)), ("SuccessThreshold", Some(&INT32)), ("TimeoutSeconds", Some(&INT32))],
    methods: METHODS_18,
};

pub(super) static PTR_V1ALPHA3_EXEC_HEALTH_CHECK_CONFIG: GoType = GoType {
    name: "*v1alpha3.ExecHealthCheckConfig",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_EXEC_HEALTH_CHECK_CONFIG),
    fields: &[("Command", Some(&SLICE_STRING))],
    methods: METHODS_42,
};

pub(super) static PTR_V1ALPHA3_GRPC_HEALTH_CHECK_CONFIG: GoType = GoType {
    name: "*v1alpha3.GrpcHealthCheckConfig",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_GRPC_HEALTH_CHECK_CONFIG),
    fields: &[("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_43,
};

pub(super) static PTR_V1ALPHA3_HTTPHEALTH_CHECK_CONFIG: GoType = GoType {
    name: "*v1alpha3.HTTPHealthCheckConfig",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_HTTPHEALTH_CHECK_CONFIG),
    fields: &[("Host", Some(&STRING)), ("HttpHeaders", Some(&SLICE_PTR_V1ALPHA3_HTTPHEADER)), ("Path", Some(&STRING)), ("Port", Some(&UINT32)), ("Scheme", Some(&STRING))],
    methods: METHODS_44,
};

pub(super) static PTR_V1ALPHA3_TCPHEALTH_CHECK_CONFIG: GoType = GoType {
    name: "*v1alpha3.TCPHealthCheckConfig",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_TCPHEALTH_CHECK_CONFIG),
    fields: &[("Host", Some(&STRING)), ("Port", Some(&UINT32))],
    methods: METHODS_45,
};

pub(super) static V1ALPHA1_SDS: GoType = GoType {
    name: "v1alpha1.SDS",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Enabled", Some(&BOOL)), ("K8SSaJwtPath", Some(&STRING))],
    methods: METHODS_19,
};

pub(super) static V1ALPHA1_TRACING: GoType = GoType {
    name: "v1alpha1.Tracing",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("CustomTags", Some(&MAP_STRING_PTR_V1ALPHA1_TRACING_CUSTOM_TAG)), ("EnableIstioTags", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("MaxPathTagLength", Some(&UINT32)), ("Sampling", Some(&FLOAT64)), ("TlsSettings", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS)), ("Tracer", None)],
    methods: METHODS_20,
};

pub(super) static MAP_STRING_PTR_V1ALPHA1_TRACING_CUSTOM_TAG: GoType = GoType {
    name: "map[string]*v1alpha1.Tracing_CustomTag",
    kind: Kind::Map,
    zero: Some("{}"),
    elem: Some(&PTR_V1ALPHA1_TRACING_CUSTOM_TAG),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static FLOAT64: GoType = GoType {
    name: "float64",
    kind: Kind::Basic,
    zero: Some("0.0"),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_V1ALPHA1_TRACING_DATADOG: GoType = GoType {
    name: "*v1alpha1.Tracing_Datadog",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_TRACING_DATADOG),
    fields: &[("Address", Some(&STRING))],
    methods: METHODS_46,
};

pub(super) static PTR_V1ALPHA1_TRACING_LIGHTSTEP: GoType = GoType {
    name: "*v1alpha1.Tracing_Lightstep",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_TRACING_LIGHTSTEP),
    fields: &[("AccessToken", Some(&STRING)), ("Address", Some(&STRING))],
    methods: METHODS_47,
};

pub(super) static PTR_V1ALPHA1_TRACING_OPEN_CENSUS_AGENT: GoType = GoType {
    name: "*v1alpha1.Tracing_OpenCensusAgent",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_TRACING_OPEN_CENSUS_AGENT),
    fields: &[("Address", Some(&STRING)), ("Context", Some(&SLICE_V1ALPHA1_TRACING_OPEN_CENSUS_AGENT_TRACE_CONTEXT))],
    methods: METHODS_48,
};

pub(super) static PTR_V1ALPHA1_TRACING_STACKDRIVER: GoType = GoType {
    name: "*v1alpha1.Tracing_Stackdriver",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_TRACING_STACKDRIVER),
    fields: &[("Debug", Some(&BOOL)), ("MaxNumberOfAnnotations", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("MaxNumberOfAttributes", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("MaxNumberOfMessageEvents", Some(&PTR_WRAPPERSPB_INT64_VALUE))],
    methods: METHODS_49,
};

pub(super) static PTR_V1ALPHA1_TRACING_ZIPKIN: GoType = GoType {
    name: "*v1alpha1.Tracing_Zipkin",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_TRACING_ZIPKIN),
    fields: &[("Address", Some(&STRING))],
    methods: METHODS_46,
};

pub(super) static V1ALPHA1_MESH_CONFIG_CA: GoType = GoType {
    name: "v1alpha1.MeshConfig_CA",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Address", Some(&STRING)), ("IstiodSide", Some(&BOOL)), ("RequestTimeout", Some(&PTR_DURATIONPB_DURATION)), ("TlsSettings", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS))],
    methods: METHODS_21,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_CERTIFICATE_DATA: GoType = GoType {
    name: "*v1alpha1.MeshConfig_CertificateData",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_CERTIFICATE_DATA),
    fields: &[("CertSigners", Some(&SLICE_STRING)), ("CertificateData", None), ("TrustDomains", Some(&SLICE_STRING))],
    methods: METHODS_50,
};

pub(super) static PTR_V1ALPHA1_CERTIFICATE: GoType = GoType {
    name: "*v1alpha1.Certificate",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_CERTIFICATE),
    fields: &[("DnsNames", Some(&SLICE_STRING)), ("SecretName", Some(&STRING))],
    methods: METHODS_51,
};

pub(super) static PTR_V1ALPHA1_CONFIG_SOURCE: GoType = GoType {
    name: "*v1alpha1.ConfigSource",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_CONFIG_SOURCE),
    fields: &[("Address", Some(&STRING)), ("SubscribedResources", Some(&SLICE_V1ALPHA1_RESOURCE)), ("TlsSettings", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS))],
    methods: METHODS_52,
};

pub(super) static V1ALPHA3_HTTPRETRY: GoType = GoType {
    name: "v1alpha3.HTTPRetry",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Attempts", Some(&INT32)), ("Backoff", Some(&PTR_DURATIONPB_DURATION)), ("PerTryTimeout", Some(&PTR_DURATIONPB_DURATION)), ("RetryIgnorePreviousHosts", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("RetryOn", Some(&STRING)), ("RetryRemoteLocalities", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_22,
};

pub(super) static V1ALPHA1_MESH_CONFIG_DEFAULT_PROVIDERS: GoType = GoType {
    name: "v1alpha1.MeshConfig_DefaultProviders",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AccessLogging", Some(&SLICE_STRING)), ("Metrics", Some(&SLICE_STRING)), ("Tracing", Some(&SLICE_STRING))],
    methods: METHODS_23,
};

pub(super) static V1ALPHA1_MESH_CONFIG_DEFAULT_TRAFFIC_POLICY: GoType = GoType {
    name: "v1alpha1.MeshConfig_DefaultTrafficPolicy",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ConnectionPool", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS)), ("OutlierDetection", Some(&PTR_V1ALPHA3_OUTLIER_DETECTION))],
    methods: METHODS_24,
};

pub(super) static PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS: GoType = GoType {
    name: "*v1alpha3.ConnectionPoolSettings",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_CONNECTION_POOL_SETTINGS),
    fields: &[("Http", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS)), ("Tcp", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS))],
    methods: METHODS_53,
};

pub(super) static PTR_V1ALPHA3_OUTLIER_DETECTION: GoType = GoType {
    name: "*v1alpha3.OutlierDetection",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_OUTLIER_DETECTION),
    fields: &[("BaseEjectionTime", Some(&PTR_DURATIONPB_DURATION)), ("ConsecutiveErrors", Some(&INT32)), ("ConsecutiveGatewayErrors", Some(&PTR_WRAPPERSPB_UINT32_VALUE)), ("ConsecutiveLocalOriginFailures", Some(&PTR_WRAPPERSPB_UINT32_VALUE)), ("Consecutive_5XxErrors", Some(&PTR_WRAPPERSPB_UINT32_VALUE)), ("Interval", Some(&PTR_DURATIONPB_DURATION)), ("MaxEjectionPercent", Some(&INT32)), ("MinHealthPercent", Some(&INT32)), ("OutlierDetectionHttpErrorCodes", Some(&SLICE_UINT32)), ("SplitExternalLocalOriginErrors", Some(&BOOL))],
    methods: METHODS_54,
};

pub(super) static PTR_V1ALPHA1_LABEL_SELECTOR: GoType = GoType {
    name: "*v1alpha1.LabelSelector",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_LABEL_SELECTOR),
    fields: &[("MatchExpressions", Some(&SLICE_PTR_V1ALPHA1_LABEL_SELECTOR_REQUIREMENT)), ("MatchLabels", Some(&MAP_STRING_STRING))],
    methods: METHODS_55,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER),
    fields: &[("Name", Some(&STRING)), ("Provider", None)],
    methods: METHODS_56,
};

pub(super) static V1ALPHA1_MESH_CONFIG_INBOUND_TRAFFIC_POLICY: GoType = GoType {
    name: "v1alpha1.MeshConfig_InboundTrafficPolicy",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Mode", Some(&V1ALPHA1_MESH_CONFIG_INBOUND_TRAFFIC_POLICY_MODE))],
    methods: METHODS_25,
};

pub(super) static V1ALPHA1_MESH_CONFIG_INBOUND_TRAFFIC_POLICY_MODE: GoType = GoType {
    name: "v1alpha1.MeshConfig_InboundTrafficPolicy_Mode",
    kind: Kind::Basic,
    zero: Some("\"PASSTHROUGH\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING: GoType = GoType {
    name: "v1alpha3.LocalityLoadBalancerSetting",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Distribute", Some(&SLICE_PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_DISTRIBUTE)), ("Enabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Failover", Some(&SLICE_PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_FAILOVER)), ("FailoverPriority", Some(&SLICE_STRING))],
    methods: METHODS_26,
};

pub(super) static SLICE_PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_DISTRIBUTE: GoType = GoType {
    name: "[]*v1alpha3.LocalityLoadBalancerSetting_Distribute",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_DISTRIBUTE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_FAILOVER: GoType = GoType {
    name: "[]*v1alpha3.LocalityLoadBalancerSetting_Failover",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_FAILOVER),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static V1ALPHA1_MESH_CONFIG_TLSCONFIG: GoType = GoType {
    name: "v1alpha1.MeshConfig_TLSConfig",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("CipherSuites", Some(&SLICE_STRING)), ("EcdhCurves", Some(&SLICE_STRING)), ("MinProtocolVersion", Some(&V1ALPHA1_MESH_CONFIG_TLSCONFIG_TLSPROTOCOL))],
    methods: METHODS_27,
};

pub(super) static V1ALPHA1_MESH_CONFIG_TLSCONFIG_TLSPROTOCOL: GoType = GoType {
    name: "v1alpha1.MeshConfig_TLSConfig_TLSProtocol",
    kind: Kind::Basic,
    zero: Some("\"TLS_AUTO\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static V1ALPHA1_MESH_CONFIG_OUTBOUND_TRAFFIC_POLICY: GoType = GoType {
    name: "v1alpha1.MeshConfig_OutboundTrafficPolicy",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Mode", Some(&V1ALPHA1_MESH_CONFIG_OUTBOUND_TRAFFIC_POLICY_MODE)), ("Tls", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS))],
    methods: METHODS_28,
};

pub(super) static V1ALPHA1_MESH_CONFIG_OUTBOUND_TRAFFIC_POLICY_MODE: GoType = GoType {
    name: "v1alpha1.MeshConfig_OutboundTrafficPolicy_Mode",
    kind: Kind::Basic,
    zero: Some("\"REGISTRY_ONLY\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static V1ALPHA1_MESH_CONFIG_PROXY_PATH_NORMALIZATION: GoType = GoType {
    name: "v1alpha1.MeshConfig_ProxyPathNormalization",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Normalization", Some(&V1ALPHA1_MESH_CONFIG_PROXY_PATH_NORMALIZATION_NORMALIZATION_TYPE))],
    methods: METHODS_29,
};

pub(super) static V1ALPHA1_MESH_CONFIG_PROXY_PATH_NORMALIZATION_NORMALIZATION_TYPE: GoType = GoType {
    name: "v1alpha1.MeshConfig_ProxyPathNormalization_NormalizationType",
    kind: Kind::Basic,
    zero: Some("\"DEFAULT\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static V1ALPHA1_SERVICE_ENTRY_VISIBILITY: GoType = GoType {
    name: "v1alpha1.ServiceEntryVisibility",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ApplyToSidecars", Some(&BOOL)), ("DefaultVisibility", Some(&V1ALPHA1_SERVICE_ENTRY_VISIBILITY_VISIBILITY)), ("Policies", Some(&SLICE_PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY_POLICY))],
    methods: METHODS_30,
};

pub(super) static V1ALPHA1_SERVICE_ENTRY_VISIBILITY_VISIBILITY: GoType = GoType {
    name: "v1alpha1.ServiceEntryVisibility_Visibility",
    kind: Kind::Basic,
    zero: Some("\"VISIBILITY_UNSPECIFIED\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static SLICE_PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY_POLICY: GoType = GoType {
    name: "[]*v1alpha1.ServiceEntryVisibility_Policy",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY_POLICY),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SCOPE_CONFIGS: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ServiceScopeConfigs",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_SERVICE_SCOPE_CONFIGS),
    fields: &[("NamespaceSelector", Some(&PTR_V1ALPHA1_LABEL_SELECTOR)), ("Scope", Some(&V1ALPHA1_MESH_CONFIG_SERVICE_SCOPE_CONFIGS_SCOPE)), ("ServicesSelector", Some(&PTR_V1ALPHA1_LABEL_SELECTOR))],
    methods: METHODS_57,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ServiceSettings",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS),
    fields: &[("Hosts", Some(&SLICE_STRING)), ("Settings", Some(&PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS_SETTINGS))],
    methods: METHODS_58,
};

pub(super) static V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS_TCP_KEEPALIVE: GoType = GoType {
    name: "v1alpha3.ConnectionPoolSettings_TCPSettings_TcpKeepalive",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Interval", Some(&PTR_DURATIONPB_DURATION)), ("Probes", Some(&UINT32)), ("Time", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_31,
};

pub(super) static V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING: GoType = GoType {
    name: "v1alpha3.ZoneAwareLoadBalancerSetting",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Enabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Failover", Some(&SLICE_PTR_V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING_FAILOVER)), ("FailoverPriority", Some(&SLICE_STRING)), ("MinClusterSize", Some(&PTR_WRAPPERSPB_UINT32_VALUE))],
    methods: METHODS_32,
};

pub(super) static SLICE_PTR_V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING_FAILOVER: GoType = GoType {
    name: "[]*v1alpha3.ZoneAwareLoadBalancerSetting_Failover",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING_FAILOVER),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_WRAPPERSPB_UINT32_VALUE: GoType = GoType {
    name: "*wrapperspb.UInt32Value",
    kind: Kind::Wrapper,
    zero: Some("none"),
    elem: Some(&WRAPPERSPB_UINT32_VALUE),
    fields: &[("Value", Some(&UINT32))],
    methods: METHODS_59,
};

pub(super) static CORE_V1_AFFINITY: GoType = GoType {
    name: "v1.Affinity",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("NodeAffinity", Some(&PTR_CORE_V1_NODE_AFFINITY)), ("PodAffinity", Some(&PTR_CORE_V1_POD_AFFINITY)), ("PodAntiAffinity", Some(&PTR_CORE_V1_POD_ANTI_AFFINITY))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_NODE_AFFINITY: GoType = GoType {
    name: "*v1.NodeAffinity",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_NODE_AFFINITY),
    fields: &[("PreferredDuringSchedulingIgnoredDuringExecution", Some(&SLICE_CORE_V1_PREFERRED_SCHEDULING_TERM)), ("RequiredDuringSchedulingIgnoredDuringExecution", Some(&PTR_CORE_V1_NODE_SELECTOR))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_POD_AFFINITY: GoType = GoType {
    name: "*v1.PodAffinity",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_POD_AFFINITY),
    fields: &[("PreferredDuringSchedulingIgnoredDuringExecution", Some(&SLICE_CORE_V1_WEIGHTED_POD_AFFINITY_TERM)), ("RequiredDuringSchedulingIgnoredDuringExecution", Some(&SLICE_CORE_V1_POD_AFFINITY_TERM))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_POD_ANTI_AFFINITY: GoType = GoType {
    name: "*v1.PodAntiAffinity",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_POD_ANTI_AFFINITY),
    fields: &[("PreferredDuringSchedulingIgnoredDuringExecution", Some(&SLICE_CORE_V1_WEIGHTED_POD_AFFINITY_TERM)), ("RequiredDuringSchedulingIgnoredDuringExecution", Some(&SLICE_CORE_V1_POD_AFFINITY_TERM))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CONTAINER: GoType = GoType {
    name: "v1.Container",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Args", Some(&SLICE_STRING)), ("Command", Some(&SLICE_STRING)), ("Env", Some(&SLICE_CORE_V1_ENV_VAR)), ("EnvFrom", Some(&SLICE_CORE_V1_ENV_FROM_SOURCE)), ("Image", Some(&STRING)), ("ImagePullPolicy", Some(&CORE_V1_PULL_POLICY)), ("Lifecycle", Some(&PTR_CORE_V1_LIFECYCLE)), ("LivenessProbe", Some(&PTR_CORE_V1_PROBE)), ("Name", Some(&STRING)), ("Ports", Some(&SLICE_CORE_V1_CONTAINER_PORT)), ("ReadinessProbe", Some(&PTR_CORE_V1_PROBE)), ("ResizePolicy", Some(&SLICE_CORE_V1_CONTAINER_RESIZE_POLICY)), ("Resources", Some(&CORE_V1_RESOURCE_REQUIREMENTS)), ("RestartPolicy", Some(&PTR_CORE_V1_CONTAINER_RESTART_POLICY)), ("RestartPolicyRules", Some(&SLICE_CORE_V1_CONTAINER_RESTART_RULE)), ("SecurityContext", Some(&PTR_CORE_V1_SECURITY_CONTEXT)), ("StartupProbe", Some(&PTR_CORE_V1_PROBE)), ("Stdin", Some(&BOOL)), ("StdinOnce", Some(&BOOL)), ("TTY", Some(&BOOL)), ("TerminationMessagePath", Some(&STRING)), ("TerminationMessagePolicy", Some(&CORE_V1_TERMINATION_MESSAGE_POLICY)), ("VolumeDevices", Some(&SLICE_CORE_V1_VOLUME_DEVICE)), ("VolumeMounts", Some(&SLICE_CORE_V1_VOLUME_MOUNT)), ("WorkingDir", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_POD_DNSCONFIG: GoType = GoType {
    name: "v1.PodDNSConfig",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Nameservers", Some(&SLICE_STRING)), ("Options", Some(&SLICE_CORE_V1_POD_DNSCONFIG_OPTION)), ("Searches", Some(&SLICE_STRING))],
    methods: METHODS_2,
};

pub(super) static SLICE_CORE_V1_POD_DNSCONFIG_OPTION: GoType = GoType {
    name: "[]v1.PodDNSConfigOption",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_POD_DNSCONFIG_OPTION),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_EPHEMERAL_CONTAINER: GoType = GoType {
    name: "v1.EphemeralContainer",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Args", Some(&SLICE_STRING)), ("Command", Some(&SLICE_STRING)), ("Env", Some(&SLICE_CORE_V1_ENV_VAR)), ("EnvFrom", Some(&SLICE_CORE_V1_ENV_FROM_SOURCE)), ("EphemeralContainerCommon", Some(&CORE_V1_EPHEMERAL_CONTAINER_COMMON)), ("Image", Some(&STRING)), ("ImagePullPolicy", Some(&CORE_V1_PULL_POLICY)), ("Lifecycle", Some(&PTR_CORE_V1_LIFECYCLE)), ("LivenessProbe", Some(&PTR_CORE_V1_PROBE)), ("Name", Some(&STRING)), ("Ports", Some(&SLICE_CORE_V1_CONTAINER_PORT)), ("ReadinessProbe", Some(&PTR_CORE_V1_PROBE)), ("ResizePolicy", Some(&SLICE_CORE_V1_CONTAINER_RESIZE_POLICY)), ("Resources", Some(&CORE_V1_RESOURCE_REQUIREMENTS)), ("RestartPolicy", Some(&PTR_CORE_V1_CONTAINER_RESTART_POLICY)), ("RestartPolicyRules", Some(&SLICE_CORE_V1_CONTAINER_RESTART_RULE)), ("SecurityContext", Some(&PTR_CORE_V1_SECURITY_CONTEXT)), ("StartupProbe", Some(&PTR_CORE_V1_PROBE)), ("Stdin", Some(&BOOL)), ("StdinOnce", Some(&BOOL)), ("TTY", Some(&BOOL)), ("TargetContainerName", Some(&STRING)), ("TerminationMessagePath", Some(&STRING)), ("TerminationMessagePolicy", Some(&CORE_V1_TERMINATION_MESSAGE_POLICY)), ("VolumeDevices", Some(&SLICE_CORE_V1_VOLUME_DEVICE)), ("VolumeMounts", Some(&SLICE_CORE_V1_VOLUME_MOUNT)), ("WorkingDir", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_HOST_ALIAS: GoType = GoType {
    name: "v1.HostAlias",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Hostnames", Some(&SLICE_STRING)), ("IP", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_LOCAL_OBJECT_REFERENCE: GoType = GoType {
    name: "v1.LocalObjectReference",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Name", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_POD_OS: GoType = GoType {
    name: "v1.PodOS",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Name", Some(&CORE_V1_OSNAME))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_OSNAME: GoType = GoType {
    name: "v1.OSName",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_PREEMPTION_POLICY: GoType = GoType {
    name: "v1.PreemptionPolicy",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_POD_READINESS_GATE: GoType = GoType {
    name: "v1.PodReadinessGate",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ConditionType", Some(&CORE_V1_POD_CONDITION_TYPE))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_POD_RESOURCE_CLAIM: GoType = GoType {
    name: "v1.PodResourceClaim",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Name", Some(&STRING)), ("ResourceClaimName", Some(&PTR_STRING)), ("ResourceClaimTemplateName", Some(&PTR_STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_RESOURCE_REQUIREMENTS: GoType = GoType {
    name: "v1.ResourceRequirements",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Claims", Some(&SLICE_CORE_V1_RESOURCE_CLAIM)), ("Limits", Some(&CORE_V1_RESOURCE_LIST)), ("Requests", Some(&CORE_V1_RESOURCE_LIST))],
    methods: METHODS_2,
};

pub(super) static SLICE_CORE_V1_RESOURCE_CLAIM: GoType = GoType {
    name: "[]v1.ResourceClaim",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_RESOURCE_CLAIM),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_POD_SCHEDULING_GATE: GoType = GoType {
    name: "v1.PodSchedulingGate",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Name", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_POD_SECURITY_CONTEXT: GoType = GoType {
    name: "v1.PodSecurityContext",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AppArmorProfile", Some(&PTR_CORE_V1_APP_ARMOR_PROFILE)), ("FSGroup", Some(&PTR_INT64)), ("FSGroupChangePolicy", Some(&PTR_CORE_V1_POD_FSGROUP_CHANGE_POLICY)), ("RunAsGroup", Some(&PTR_INT64)), ("RunAsNonRoot", Some(&PTR_BOOL)), ("RunAsUser", Some(&PTR_INT64)), ("SELinuxChangePolicy", Some(&PTR_CORE_V1_POD_SELINUX_CHANGE_POLICY)), ("SELinuxOptions", Some(&PTR_CORE_V1_SELINUX_OPTIONS)), ("SeccompProfile", Some(&PTR_CORE_V1_SECCOMP_PROFILE)), ("SupplementalGroups", Some(&SLICE_INT64)), ("SupplementalGroupsPolicy", Some(&PTR_CORE_V1_SUPPLEMENTAL_GROUPS_POLICY)), ("Sysctls", Some(&SLICE_CORE_V1_SYSCTL)), ("WindowsOptions", Some(&PTR_CORE_V1_WINDOWS_SECURITY_CONTEXT_OPTIONS))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_APP_ARMOR_PROFILE: GoType = GoType {
    name: "*v1.AppArmorProfile",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_APP_ARMOR_PROFILE),
    fields: &[("LocalhostProfile", Some(&PTR_STRING)), ("Type", Some(&CORE_V1_APP_ARMOR_PROFILE_TYPE))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_POD_FSGROUP_CHANGE_POLICY: GoType = GoType {
    name: "*v1.PodFSGroupChangePolicy",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_POD_FSGROUP_CHANGE_POLICY),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_POD_SELINUX_CHANGE_POLICY: GoType = GoType {
    name: "*v1.PodSELinuxChangePolicy",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_POD_SELINUX_CHANGE_POLICY),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_SELINUX_OPTIONS: GoType = GoType {
    name: "*v1.SELinuxOptions",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_SELINUX_OPTIONS),
    fields: &[("Level", Some(&STRING)), ("Role", Some(&STRING)), ("Type", Some(&STRING)), ("User", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_SECCOMP_PROFILE: GoType = GoType {
    name: "*v1.SeccompProfile",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_SECCOMP_PROFILE),
    fields: &[("LocalhostProfile", Some(&PTR_STRING)), ("Type", Some(&CORE_V1_SECCOMP_PROFILE_TYPE))],
    methods: METHODS_2,
};

pub(super) static SLICE_INT64: GoType = GoType {
    name: "[]int64",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&INT64),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_SUPPLEMENTAL_GROUPS_POLICY: GoType = GoType {
    name: "*v1.SupplementalGroupsPolicy",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_SUPPLEMENTAL_GROUPS_POLICY),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_SYSCTL: GoType = GoType {
    name: "[]v1.Sysctl",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_SYSCTL),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_WINDOWS_SECURITY_CONTEXT_OPTIONS: GoType = GoType {
    name: "*v1.WindowsSecurityContextOptions",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_WINDOWS_SECURITY_CONTEXT_OPTIONS),
    fields: &[("GMSACredentialSpec", Some(&PTR_STRING)), ("GMSACredentialSpecName", Some(&PTR_STRING)), ("HostProcess", Some(&PTR_BOOL)), ("RunAsUserName", Some(&PTR_STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_TOLERATION: GoType = GoType {
    name: "v1.Toleration",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Effect", Some(&CORE_V1_TAINT_EFFECT)), ("Key", Some(&STRING)), ("Operator", Some(&CORE_V1_TOLERATION_OPERATOR)), ("TolerationSeconds", Some(&PTR_INT64)), ("Value", Some(&STRING))],
    methods: METHODS_60,
};

pub(super) static CORE_V1_TOPOLOGY_SPREAD_CONSTRAINT: GoType = GoType {
    name: "v1.TopologySpreadConstraint",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("LabelSelector", Some(&PTR_META_V1_LABEL_SELECTOR)), ("MatchLabelKeys", Some(&SLICE_STRING)), ("MaxSkew", Some(&INT32)), ("MinDomains", Some(&PTR_INT32)), ("NodeAffinityPolicy", Some(&PTR_CORE_V1_NODE_INCLUSION_POLICY)), ("NodeTaintsPolicy", Some(&PTR_CORE_V1_NODE_INCLUSION_POLICY)), ("TopologyKey", Some(&STRING)), ("WhenUnsatisfiable", Some(&CORE_V1_UNSATISFIABLE_CONSTRAINT_ACTION))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_VOLUME: GoType = GoType {
    name: "v1.Volume",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AWSElasticBlockStore", Some(&PTR_CORE_V1_AWSELASTIC_BLOCK_STORE_VOLUME_SOURCE)), ("AzureDisk", Some(&PTR_CORE_V1_AZURE_DISK_VOLUME_SOURCE)), ("AzureFile", Some(&PTR_CORE_V1_AZURE_FILE_VOLUME_SOURCE)), ("CSI", Some(&PTR_CORE_V1_CSIVOLUME_SOURCE)), ("CephFS", Some(&PTR_CORE_V1_CEPH_FSVOLUME_SOURCE)), ("Cinder", Some(&PTR_CORE_V1_CINDER_VOLUME_SOURCE)), ("ConfigMap", Some(&PTR_CORE_V1_CONFIG_MAP_VOLUME_SOURCE)), ("DownwardAPI", Some(&PTR_CORE_V1_DOWNWARD_APIVOLUME_SOURCE)), ("EmptyDir", Some(&PTR_CORE_V1_EMPTY_DIR_VOLUME_SOURCE)), ("Ephemeral", Some(&PTR_CORE_V1_EPHEMERAL_VOLUME_SOURCE)), ("FC", Some(&PTR_CORE_V1_FCVOLUME_SOURCE)), ("FlexVolume", Some(&PTR_CORE_V1_FLEX_VOLUME_SOURCE)), ("Flocker", Some(&PTR_CORE_V1_FLOCKER_VOLUME_SOURCE)), ("GCEPersistentDisk", Some(&PTR_CORE_V1_GCEPERSISTENT_DISK_VOLUME_SOURCE)), ("GitRepo", Some(&PTR_CORE_V1_GIT_REPO_VOLUME_SOURCE)), ("Glusterfs", Some(&PTR_CORE_V1_GLUSTERFS_VOLUME_SOURCE)), ("HostPath", Some(&PTR_CORE_V1_HOST_PATH_VOLUME_SOURCE)), ("ISCSI", Some(&PTR_CORE_V1_ISCSIVOLUME_SOURCE)), ("Image", Some(&PTR_CORE_V1_IMAGE_VOLUME_SOURCE)), ("NFS", Some(&PTR_CORE_V1_NFSVOLUME_SOURCE)), ("Name", Some(&STRING)), ("PersistentVolumeClaim", Some(&PTR_CORE_V1_PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE)), ("PhotonPersistentDisk", Some(&PTR_CORE_V1_PHOTON_PERSISTENT_DISK_VOLUME_SOURCE)), ("PortworxVolume", Some(&PTR_CORE_V1_PORTWORX_VOLUME_SOURCE)), ("Projected", Some(&PTR_CORE_V1_PROJECTED_VOLUME_SOURCE)), ("Quobyte", Some(&PTR_CORE_V1_QUOBYTE_VOLUME_SOURCE)), ("RBD", Some(&PTR_CORE_V1_RBDVOLUME_SOURCE)), ("ScaleIO", Some(&PTR_CORE_V1_SCALE_IOVOLUME_SOURCE)), ("Secret", Some(&PTR_CORE_V1_SECRET_VOLUME_SOURCE)), ("StorageOS", Some(&PTR_CORE_V1_STORAGE_OSVOLUME_SOURCE)), ("VolumeSource", Some(&CORE_V1_VOLUME_SOURCE)), ("VsphereVolume", Some(&PTR_CORE_V1_VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE))],
    methods: METHODS_2,
};

pub(super) static META_V1_MANAGED_FIELDS_ENTRY: GoType = GoType {
    name: "v1.ManagedFieldsEntry",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("APIVersion", Some(&STRING)), ("FieldsType", Some(&STRING)), ("FieldsV1", None), ("Manager", Some(&STRING)), ("Operation", Some(&META_V1_MANAGED_FIELDS_OPERATION_TYPE)), ("Subresource", Some(&STRING)), ("Time", None)],
    methods: METHODS_2,
};

pub(super) static META_V1_OWNER_REFERENCE: GoType = GoType {
    name: "v1.OwnerReference",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("APIVersion", Some(&STRING)), ("BlockOwnerDeletion", Some(&PTR_BOOL)), ("Controller", Some(&PTR_BOOL)), ("Kind", Some(&STRING)), ("Name", Some(&STRING)), ("UID", Some(&TYPES_UID))],
    methods: METHODS_2,
};

pub(super) static V1ALPHA3_CLIENT_TLSSETTINGS: GoType = GoType {
    name: "v1alpha3.ClientTLSSettings",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("CaCertificates", Some(&STRING)), ("CaCrl", Some(&STRING)), ("ClientCertificate", Some(&STRING)), ("CredentialName", Some(&STRING)), ("InsecureSkipVerify", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Mode", Some(&V1ALPHA3_CLIENT_TLSSETTINGS_TLSMODE)), ("PrivateKey", Some(&STRING)), ("Sni", Some(&STRING)), ("SubjectAltNames", Some(&SLICE_STRING))],
    methods: METHODS_34,
};

pub(super) static V1ALPHA3_CLIENT_TLSSETTINGS_TLSMODE: GoType = GoType {
    name: "v1alpha3.ClientTLSSettings_TLSmode",
    kind: Kind::Basic,
    zero: Some("\"DISABLE\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static V1ALPHA1_TOPOLOGY_PROXY_PROTOCOL_CONFIGURATION: GoType = GoType {
    name: "v1alpha1.Topology_ProxyProtocolConfiguration",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[],
    methods: METHODS_35,
};

pub(super) static V1ALPHA1_PRIVATE_KEY_PROVIDER_CRYPTO_MB: GoType = GoType {
    name: "v1alpha1.PrivateKeyProvider_CryptoMb",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Fallback", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("PollDelay", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_36,
};

pub(super) static V1ALPHA1_PRIVATE_KEY_PROVIDER_QAT: GoType = GoType {
    name: "v1alpha1.PrivateKeyProvider_QAT",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Fallback", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("PollDelay", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_36,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_ATTEMPT_COUNT: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ProxyHeaders_AttemptCount",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Disabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_37,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_ENVOY_DEBUG_HEADERS: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ProxyHeaders_EnvoyDebugHeaders",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Disabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_37,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_METADATA_EXCHANGE_HEADERS: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ProxyHeaders_MetadataExchangeHeaders",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Mode", Some(&V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_METADATA_EXCHANGE_MODE))],
    methods: METHODS_38,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_METADATA_EXCHANGE_MODE: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ProxyHeaders_MetadataExchangeMode",
    kind: Kind::Basic,
    zero: Some("\"UNDEFINED\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_REQUEST_ID: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ProxyHeaders_RequestId",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Disabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_37,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_SERVER: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ProxyHeaders_Server",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Disabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Value", Some(&STRING))],
    methods: METHODS_39,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_SET_CURRENT_CLIENT_CERT_DETAILS: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ProxyHeaders_SetCurrentClientCertDetails",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Cert", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Chain", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Dns", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Subject", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("Uri", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_40,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_XFORWARDED_HOST: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ProxyHeaders_XForwardedHost",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Enabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_41,
};

pub(super) static V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_XFORWARDED_PORT: GoType = GoType {
    name: "v1alpha1.ProxyConfig_ProxyHeaders_XForwardedPort",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Enabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE))],
    methods: METHODS_41,
};

pub(super) static V1ALPHA3_EXEC_HEALTH_CHECK_CONFIG: GoType = GoType {
    name: "v1alpha3.ExecHealthCheckConfig",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Command", Some(&SLICE_STRING))],
    methods: METHODS_42,
};

pub(super) static V1ALPHA3_GRPC_HEALTH_CHECK_CONFIG: GoType = GoType {
    name: "v1alpha3.GrpcHealthCheckConfig",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_43,
};

pub(super) static V1ALPHA3_HTTPHEALTH_CHECK_CONFIG: GoType = GoType {
    name: "v1alpha3.HTTPHealthCheckConfig",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Host", Some(&STRING)), ("HttpHeaders", Some(&SLICE_PTR_V1ALPHA3_HTTPHEADER)), ("Path", Some(&STRING)), ("Port", Some(&UINT32)), ("Scheme", Some(&STRING))],
    methods: METHODS_44,
};

pub(super) static SLICE_PTR_V1ALPHA3_HTTPHEADER: GoType = GoType {
    name: "[]*v1alpha3.HTTPHeader",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA3_HTTPHEADER),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static V1ALPHA3_TCPHEALTH_CHECK_CONFIG: GoType = GoType {
    name: "v1alpha3.TCPHealthCheckConfig",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Host", Some(&STRING)), ("Port", Some(&UINT32))],
    methods: METHODS_45,
};

pub(super) static PTR_V1ALPHA1_TRACING_CUSTOM_TAG: GoType = GoType {
    name: "*v1alpha1.Tracing_CustomTag",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_TRACING_CUSTOM_TAG),
    fields: &[("Type", None)],
    methods: METHODS_61,
};

pub(super) static V1ALPHA1_TRACING_DATADOG: GoType = GoType {
    name: "v1alpha1.Tracing_Datadog",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Address", Some(&STRING))],
    methods: METHODS_46,
};

pub(super) static V1ALPHA1_TRACING_LIGHTSTEP: GoType = GoType {
    name: "v1alpha1.Tracing_Lightstep",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AccessToken", Some(&STRING)), ("Address", Some(&STRING))],
    methods: METHODS_47,
};

pub(super) static V1ALPHA1_TRACING_OPEN_CENSUS_AGENT: GoType = GoType {
    name: "v1alpha1.Tracing_OpenCensusAgent",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Address", Some(&STRING)), ("Context", Some(&SLICE_V1ALPHA1_TRACING_OPEN_CENSUS_AGENT_TRACE_CONTEXT))],
    methods: METHODS_48,
};

pub(super) static SLICE_V1ALPHA1_TRACING_OPEN_CENSUS_AGENT_TRACE_CONTEXT: GoType = GoType {
    name: "[]v1alpha1.Tracing_OpenCensusAgent_TraceContext",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&V1ALPHA1_TRACING_OPEN_CENSUS_AGENT_TRACE_CONTEXT),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static V1ALPHA1_TRACING_STACKDRIVER: GoType = GoType {
    name: "v1alpha1.Tracing_Stackdriver",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Debug", Some(&BOOL)), ("MaxNumberOfAnnotations", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("MaxNumberOfAttributes", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("MaxNumberOfMessageEvents", Some(&PTR_WRAPPERSPB_INT64_VALUE))],
    methods: METHODS_49,
};

pub(super) static PTR_WRAPPERSPB_INT64_VALUE: GoType = GoType {
    name: "*wrapperspb.Int64Value",
    kind: Kind::Wrapper,
    zero: Some("none"),
    elem: Some(&WRAPPERSPB_INT64_VALUE),
    fields: &[("Value", Some(&INT64))],
    methods: METHODS_62,
};

pub(super) static V1ALPHA1_TRACING_ZIPKIN: GoType = GoType {
    name: "v1alpha1.Tracing_Zipkin",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Address", Some(&STRING))],
    methods: METHODS_46,
};

pub(super) static V1ALPHA1_MESH_CONFIG_CERTIFICATE_DATA: GoType = GoType {
    name: "v1alpha1.MeshConfig_CertificateData",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("CertSigners", Some(&SLICE_STRING)), ("CertificateData", None), ("TrustDomains", Some(&SLICE_STRING))],
    methods: METHODS_50,
};

pub(super) static V1ALPHA1_CERTIFICATE: GoType = GoType {
    name: "v1alpha1.Certificate",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("DnsNames", Some(&SLICE_STRING)), ("SecretName", Some(&STRING))],
    methods: METHODS_51,
};

pub(super) static V1ALPHA1_CONFIG_SOURCE: GoType = GoType {
    name: "v1alpha1.ConfigSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Address", Some(&STRING)), ("SubscribedResources", Some(&SLICE_V1ALPHA1_RESOURCE)), ("TlsSettings", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS))],
    methods: METHODS_52,
};

pub(super) static SLICE_V1ALPHA1_RESOURCE: GoType = GoType {
    name: "[]v1alpha1.Resource",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&V1ALPHA1_RESOURCE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static V1ALPHA3_CONNECTION_POOL_SETTINGS: GoType = GoType {
    name: "v1alpha3.ConnectionPoolSettings",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Http", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS)), ("Tcp", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS))],
    methods: METHODS_53,
};

pub(super) static PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS: GoType = GoType {
    name: "*v1alpha3.ConnectionPoolSettings_HTTPSettings",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS),
    fields: &[("H2UpgradePolicy", Some(&V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS_H2_UPGRADE_POLICY)), ("Http1MaxPendingRequests", Some(&INT32)), ("Http2KeepAlive", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS_CONNECTION_KEEPALIVE)), ("Http2MaxRequests", Some(&INT32)), ("IdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("MaxConcurrentStreams", Some(&INT32)), ("MaxRequestsPerConnection", Some(&INT32)), ("MaxRetries", Some(&INT32)), ("UseClientProtocol", Some(&BOOL))],
    methods: METHODS_63,
};

pub(super) static PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS: GoType = GoType {
    name: "*v1alpha3.ConnectionPoolSettings_TCPSettings",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS),
    fields: &[("ConnectTimeout", Some(&PTR_DURATIONPB_DURATION)), ("IdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("MaxConnectionDuration", Some(&PTR_DURATIONPB_DURATION)), ("MaxConnections", Some(&INT32)), ("TcpKeepalive", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS_TCP_KEEPALIVE))],
    methods: METHODS_64,
};

pub(super) static V1ALPHA3_OUTLIER_DETECTION: GoType = GoType {
    name: "v1alpha3.OutlierDetection",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("BaseEjectionTime", Some(&PTR_DURATIONPB_DURATION)), ("ConsecutiveErrors", Some(&INT32)), ("ConsecutiveGatewayErrors", Some(&PTR_WRAPPERSPB_UINT32_VALUE)), ("ConsecutiveLocalOriginFailures", Some(&PTR_WRAPPERSPB_UINT32_VALUE)), ("Consecutive_5XxErrors", Some(&PTR_WRAPPERSPB_UINT32_VALUE)), ("Interval", Some(&PTR_DURATIONPB_DURATION)), ("MaxEjectionPercent", Some(&INT32)), ("MinHealthPercent", Some(&INT32)), ("OutlierDetectionHttpErrorCodes", Some(&SLICE_UINT32)), ("SplitExternalLocalOriginErrors", Some(&BOOL))],
    methods: METHODS_54,
};

pub(super) static SLICE_UINT32: GoType = GoType {
    name: "[]uint32",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&UINT32),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static V1ALPHA1_LABEL_SELECTOR: GoType = GoType {
    name: "v1alpha1.LabelSelector",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("MatchExpressions", Some(&SLICE_PTR_V1ALPHA1_LABEL_SELECTOR_REQUIREMENT)), ("MatchLabels", Some(&MAP_STRING_STRING))],
    methods: METHODS_55,
};

pub(super) static SLICE_PTR_V1ALPHA1_LABEL_SELECTOR_REQUIREMENT: GoType = GoType {
    name: "[]*v1alpha1.LabelSelectorRequirement",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA1_LABEL_SELECTOR_REQUIREMENT),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Name", Some(&STRING)), ("Provider", None)],
    methods: METHODS_56,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_DATADOG_TRACING_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_DatadogTracingProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_DATADOG_TRACING_PROVIDER),
    fields: &[("MaxTagLength", Some(&UINT32)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_65,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_GRPC_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_EnvoyExternalAuthorizationGrpcProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_GRPC_PROVIDER),
    fields: &[("ClearRouteCache", Some(&BOOL)), ("FailOpen", Some(&BOOL)), ("IncludeRequestBodyInCheck", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_REQUEST_BODY)), ("Port", Some(&UINT32)), ("Service", Some(&STRING)), ("StatusOnError", Some(&STRING)), ("Timeout", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_66,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_HTTP_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_EnvoyExternalAuthorizationHttpProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_HTTP_PROVIDER),
    fields: &[("ClearRouteCache", Some(&BOOL)), ("FailOpen", Some(&BOOL)), ("HeadersToDownstreamOnAllow", Some(&SLICE_STRING)), ("HeadersToDownstreamOnDeny", Some(&SLICE_STRING)), ("HeadersToUpstreamOnAllow", Some(&SLICE_STRING)), ("IncludeAdditionalHeadersInCheck", Some(&MAP_STRING_STRING)), ("IncludeHeadersInCheck", Some(&SLICE_STRING)), ("IncludeRequestBodyInCheck", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_REQUEST_BODY)), ("IncludeRequestHeadersInCheck", Some(&SLICE_STRING)), ("PathPrefix", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING)), ("StatusOnError", Some(&STRING)), ("Timeout", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_67,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_FILE_ACCESS_LOG_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_EnvoyFileAccessLogProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_FILE_ACCESS_LOG_PROVIDER),
    fields: &[("LogFormat", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_FILE_ACCESS_LOG_PROVIDER_LOG_FORMAT)), ("OmitEmptyValues", Some(&BOOL)), ("Path", Some(&STRING))],
    methods: METHODS_68,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_HTTP_GRPC_V3_LOG_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_EnvoyHttpGrpcV3LogProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_HTTP_GRPC_V3_LOG_PROVIDER),
    fields: &[("AdditionalRequestHeadersToLog", Some(&SLICE_STRING)), ("AdditionalResponseHeadersToLog", Some(&SLICE_STRING)), ("AdditionalResponseTrailersToLog", Some(&SLICE_STRING)), ("FilterStateObjectsToLog", Some(&SLICE_STRING)), ("LogName", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_69,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_OPEN_TELEMETRY_LOG_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_EnvoyOpenTelemetryLogProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_OPEN_TELEMETRY_LOG_PROVIDER),
    fields: &[("LogFormat", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_OPEN_TELEMETRY_LOG_PROVIDER_LOG_FORMAT)), ("LogName", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_70,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_TCP_GRPC_V3_LOG_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_EnvoyTcpGrpcV3LogProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_TCP_GRPC_V3_LOG_PROVIDER),
    fields: &[("FilterStateObjectsToLog", Some(&SLICE_STRING)), ("LogName", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_71,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_LIGHTSTEP_TRACING_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_LightstepTracingProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_LIGHTSTEP_TRACING_PROVIDER),
    fields: &[("AccessToken", Some(&STRING)), ("MaxTagLength", Some(&UINT32)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_72,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_CENSUS_AGENT_TRACING_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_OpenCensusAgentTracingProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_CENSUS_AGENT_TRACING_PROVIDER),
    fields: &[("Context", Some(&SLICE_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_CENSUS_AGENT_TRACING_PROVIDER_TRACE_CONTEXT)), ("MaxTagLength", Some(&UINT32)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_73,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_OpenTelemetryTracingProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER),
    fields: &[("Grpc", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_GRPC_SERVICE)), ("Http", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_SERVICE)), ("MaxTagLength", Some(&UINT32)), ("Port", Some(&UINT32)), ("ResourceDetectors", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS)), ("Sampling", None), ("Service", Some(&STRING)), ("ServiceAttributeEnrichment", Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_SERVICE_ATTRIBUTE_ENRICHMENT))],
    methods: METHODS_74,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_PROMETHEUS_METRICS_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_PrometheusMetricsProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_PROMETHEUS_METRICS_PROVIDER),
    fields: &[],
    methods: METHODS_35,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_SDSPROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_SDSProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_SDSPROVIDER),
    fields: &[("Name", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_75,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_SKY_WALKING_TRACING_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_SkyWalkingTracingProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_SKY_WALKING_TRACING_PROVIDER),
    fields: &[("AccessToken", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_76,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_STACKDRIVER_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_StackdriverProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_STACKDRIVER_PROVIDER),
    fields: &[("Debug", Some(&BOOL)), ("Logging", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_STACKDRIVER_PROVIDER_LOGGING)), ("MaxNumberOfAnnotations", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("MaxNumberOfAttributes", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("MaxNumberOfMessageEvents", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("MaxTagLength", Some(&UINT32))],
    methods: METHODS_77,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ZIPKIN_TRACING_PROVIDER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_ZipkinTracingProvider",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ZIPKIN_TRACING_PROVIDER),
    fields: &[("Enable_64BitTraceId", Some(&BOOL)), ("Headers", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER)), ("MaxTagLength", Some(&UINT32)), ("Path", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING)), ("Timeout", Some(&PTR_DURATIONPB_DURATION)), ("TraceContextOption", Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ZIPKIN_TRACING_PROVIDER_TRACE_CONTEXT_OPTION))],
    methods: METHODS_78,
};

pub(super) static PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_DISTRIBUTE: GoType = GoType {
    name: "*v1alpha3.LocalityLoadBalancerSetting_Distribute",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_DISTRIBUTE),
    fields: &[("From", Some(&STRING)), ("To", Some(&MAP_STRING_UINT32))],
    methods: METHODS_79,
};

pub(super) static PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_FAILOVER: GoType = GoType {
    name: "*v1alpha3.LocalityLoadBalancerSetting_Failover",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_FAILOVER),
    fields: &[("From", Some(&STRING)), ("To", Some(&STRING))],
    methods: METHODS_80,
};

pub(super) static PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY_POLICY: GoType = GoType {
    name: "*v1alpha1.ServiceEntryVisibility_Policy",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_SERVICE_ENTRY_VISIBILITY_POLICY),
    fields: &[("MatchingRules", Some(&SLICE_PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY_MATCH_RULE)), ("Visibility", Some(&V1ALPHA1_SERVICE_ENTRY_VISIBILITY_VISIBILITY))],
    methods: METHODS_81,
};

pub(super) static V1ALPHA1_MESH_CONFIG_SERVICE_SCOPE_CONFIGS: GoType = GoType {
    name: "v1alpha1.MeshConfig_ServiceScopeConfigs",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("NamespaceSelector", Some(&PTR_V1ALPHA1_LABEL_SELECTOR)), ("Scope", Some(&V1ALPHA1_MESH_CONFIG_SERVICE_SCOPE_CONFIGS_SCOPE)), ("ServicesSelector", Some(&PTR_V1ALPHA1_LABEL_SELECTOR))],
    methods: METHODS_57,
};

pub(super) static V1ALPHA1_MESH_CONFIG_SERVICE_SCOPE_CONFIGS_SCOPE: GoType = GoType {
    name: "v1alpha1.MeshConfig_ServiceScopeConfigs_Scope",
    kind: Kind::Basic,
    zero: Some("\"LOCAL\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS: GoType = GoType {
    name: "v1alpha1.MeshConfig_ServiceSettings",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Hosts", Some(&SLICE_STRING)), ("Settings", Some(&PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS_SETTINGS))],
    methods: METHODS_58,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS_SETTINGS: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ServiceSettings_Settings",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS_SETTINGS),
    fields: &[("ClusterLocal", Some(&BOOL))],
    methods: METHODS_82,
};

pub(super) static PTR_V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING_FAILOVER: GoType = GoType {
    name: "*v1alpha3.ZoneAwareLoadBalancerSetting_Failover",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING_FAILOVER),
    fields: &[("From", Some(&STRING)), ("To", Some(&STRING))],
    methods: METHODS_80,
};

pub(super) static WRAPPERSPB_UINT32_VALUE: GoType = GoType {
    name: "wrapperspb.UInt32Value",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Value", Some(&UINT32))],
    methods: METHODS_59,
};

pub(super) static CORE_V1_NODE_AFFINITY: GoType = GoType {
    name: "v1.NodeAffinity",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("PreferredDuringSchedulingIgnoredDuringExecution", Some(&SLICE_CORE_V1_PREFERRED_SCHEDULING_TERM)), ("RequiredDuringSchedulingIgnoredDuringExecution", Some(&PTR_CORE_V1_NODE_SELECTOR))],
    methods: METHODS_2,
};

pub(super) static SLICE_CORE_V1_PREFERRED_SCHEDULING_TERM: GoType = GoType {
    name: "[]v1.PreferredSchedulingTerm",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_PREFERRED_SCHEDULING_TERM),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_NODE_SELECTOR: GoType = GoType {
    name: "*v1.NodeSelector",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_NODE_SELECTOR),
    fields: &[("NodeSelectorTerms", Some(&SLICE_CORE_V1_NODE_SELECTOR_TERM))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_POD_AFFINITY: GoType = GoType {
    name: "v1.PodAffinity",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("PreferredDuringSchedulingIgnoredDuringExecution", Some(&SLICE_CORE_V1_WEIGHTED_POD_AFFINITY_TERM)), ("RequiredDuringSchedulingIgnoredDuringExecution", Some(&SLICE_CORE_V1_POD_AFFINITY_TERM))],
    methods: METHODS_2,
};

pub(super) static SLICE_CORE_V1_WEIGHTED_POD_AFFINITY_TERM: GoType = GoType {
    name: "[]v1.WeightedPodAffinityTerm",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_WEIGHTED_POD_AFFINITY_TERM),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_POD_AFFINITY_TERM: GoType = GoType {
    name: "[]v1.PodAffinityTerm",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_POD_AFFINITY_TERM),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_POD_ANTI_AFFINITY: GoType = GoType {
    name: "v1.PodAntiAffinity",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("PreferredDuringSchedulingIgnoredDuringExecution", Some(&SLICE_CORE_V1_WEIGHTED_POD_AFFINITY_TERM)), ("RequiredDuringSchedulingIgnoredDuringExecution", Some(&SLICE_CORE_V1_POD_AFFINITY_TERM))],
    methods: METHODS_2,
};

pub(super) static SLICE_CORE_V1_ENV_VAR: GoType = GoType {
    name: "[]v1.EnvVar",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_ENV_VAR),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_ENV_FROM_SOURCE: GoType = GoType {
    name: "[]v1.EnvFromSource",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_ENV_FROM_SOURCE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_PULL_POLICY: GoType = GoType {
    name: "v1.PullPolicy",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_LIFECYCLE: GoType = GoType {
    name: "*v1.Lifecycle",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_LIFECYCLE),
    fields: &[("PostStart", Some(&PTR_CORE_V1_LIFECYCLE_HANDLER)), ("PreStop", Some(&PTR_CORE_V1_LIFECYCLE_HANDLER)), ("StopSignal", Some(&PTR_CORE_V1_SIGNAL))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_PROBE: GoType = GoType {
    name: "*v1.Probe",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_PROBE),
    fields: &[("Exec", Some(&PTR_CORE_V1_EXEC_ACTION)), ("FailureThreshold", Some(&INT32)), ("GRPC", Some(&PTR_CORE_V1_GRPCACTION)), ("HTTPGet", Some(&PTR_CORE_V1_HTTPGET_ACTION)), ("InitialDelaySeconds", Some(&INT32)), ("PeriodSeconds", Some(&INT32)), ("ProbeHandler", Some(&CORE_V1_PROBE_HANDLER)), ("SuccessThreshold", Some(&INT32)), ("TCPSocket", Some(&PTR_CORE_V1_TCPSOCKET_ACTION)), ("TerminationGracePeriodSeconds", Some(&PTR_INT64)), ("TimeoutSeconds", Some(&INT32))],
    methods: METHODS_2,
};

pub(super) static SLICE_CORE_V1_CONTAINER_PORT: GoType = GoType {
    name: "[]v1.ContainerPort",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_CONTAINER_PORT),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_CONTAINER_RESIZE_POLICY: GoType = GoType {
    name: "[]v1.ContainerResizePolicy",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_CONTAINER_RESIZE_POLICY),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_CONTAINER_RESTART_POLICY: GoType = GoType {
    name: "*v1.ContainerRestartPolicy",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_CONTAINER_RESTART_POLICY),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_CONTAINER_RESTART_RULE: GoType = GoType {
    name: "[]v1.ContainerRestartRule",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_CONTAINER_RESTART_RULE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_SECURITY_CONTEXT: GoType = GoType {
    name: "*v1.SecurityContext",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_SECURITY_CONTEXT),
    fields: &[("AllowPrivilegeEscalation", Some(&PTR_BOOL)), ("AppArmorProfile", Some(&PTR_CORE_V1_APP_ARMOR_PROFILE)), ("Capabilities", Some(&PTR_CORE_V1_CAPABILITIES)), ("Privileged", Some(&PTR_BOOL)), ("ProcMount", Some(&PTR_CORE_V1_PROC_MOUNT_TYPE)), ("ReadOnlyRootFilesystem", Some(&PTR_BOOL)), ("RunAsGroup", Some(&PTR_INT64)), ("RunAsNonRoot", Some(&PTR_BOOL)), ("RunAsUser", Some(&PTR_INT64)), ("SELinuxOptions", Some(&PTR_CORE_V1_SELINUX_OPTIONS)), ("SeccompProfile", Some(&PTR_CORE_V1_SECCOMP_PROFILE)), ("WindowsOptions", Some(&PTR_CORE_V1_WINDOWS_SECURITY_CONTEXT_OPTIONS))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_TERMINATION_MESSAGE_POLICY: GoType = GoType {
    name: "v1.TerminationMessagePolicy",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_VOLUME_DEVICE: GoType = GoType {
    name: "[]v1.VolumeDevice",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_VOLUME_DEVICE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_VOLUME_MOUNT: GoType = GoType {
    name: "[]v1.VolumeMount",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_VOLUME_MOUNT),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_POD_DNSCONFIG_OPTION: GoType = GoType {
    name: "v1.PodDNSConfigOption",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Name", Some(&STRING)), ("Value", Some(&PTR_STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_EPHEMERAL_CONTAINER_COMMON: GoType = GoType {
    name: "v1.EphemeralContainerCommon",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Args", Some(&SLICE_STRING)), ("Command", Some(&SLICE_STRING)), ("Env", Some(&SLICE_CORE_V1_ENV_VAR)), ("EnvFrom", Some(&SLICE_CORE_V1_ENV_FROM_SOURCE)), ("Image", Some(&STRING)), ("ImagePullPolicy", Some(&CORE_V1_PULL_POLICY)), ("Lifecycle", Some(&PTR_CORE_V1_LIFECYCLE)), ("LivenessProbe", Some(&PTR_CORE_V1_PROBE)), ("Name", Some(&STRING)), ("Ports", Some(&SLICE_CORE_V1_CONTAINER_PORT)), ("ReadinessProbe", Some(&PTR_CORE_V1_PROBE)), ("ResizePolicy", Some(&SLICE_CORE_V1_CONTAINER_RESIZE_POLICY)), ("Resources", Some(&CORE_V1_RESOURCE_REQUIREMENTS)), ("RestartPolicy", Some(&PTR_CORE_V1_CONTAINER_RESTART_POLICY)), ("RestartPolicyRules", Some(&SLICE_CORE_V1_CONTAINER_RESTART_RULE)), ("SecurityContext", Some(&PTR_CORE_V1_SECURITY_CONTEXT)), ("StartupProbe", Some(&PTR_CORE_V1_PROBE)), ("Stdin", Some(&BOOL)), ("StdinOnce", Some(&BOOL)), ("TTY", Some(&BOOL)), ("TerminationMessagePath", Some(&STRING)), ("TerminationMessagePolicy", Some(&CORE_V1_TERMINATION_MESSAGE_POLICY)), ("VolumeDevices", Some(&SLICE_CORE_V1_VOLUME_DEVICE)), ("VolumeMounts", Some(&SLICE_CORE_V1_VOLUME_MOUNT)), ("WorkingDir", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_POD_CONDITION_TYPE: GoType = GoType {
    name: "v1.PodConditionType",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_RESOURCE_CLAIM: GoType = GoType {
    name: "v1.ResourceClaim",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Name", Some(&STRING)), ("Request", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_APP_ARMOR_PROFILE: GoType = GoType {
    name: "v1.AppArmorProfile",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("LocalhostProfile", Some(&PTR_STRING)), ("Type", Some(&CORE_V1_APP_ARMOR_PROFILE_TYPE))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_APP_ARMOR_PROFILE_TYPE: GoType = GoType {
    name: "v1.AppArmorProfileType",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_POD_FSGROUP_CHANGE_POLICY: GoType = GoType {
    name: "v1.PodFSGroupChangePolicy",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_POD_SELINUX_CHANGE_POLICY: GoType = GoType {
    name: "v1.PodSELinuxChangePolicy",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_SELINUX_OPTIONS: GoType = GoType {
    name: "v1.SELinuxOptions",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Level", Some(&STRING)), ("Role", Some(&STRING)), ("Type", Some(&STRING)), ("User", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_SECCOMP_PROFILE: GoType = GoType {
    name: "v1.SeccompProfile",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("LocalhostProfile", Some(&PTR_STRING)), ("Type", Some(&CORE_V1_SECCOMP_PROFILE_TYPE))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_SECCOMP_PROFILE_TYPE: GoType = GoType {
    name: "v1.SeccompProfileType",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_SUPPLEMENTAL_GROUPS_POLICY: GoType = GoType {
    name: "v1.SupplementalGroupsPolicy",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_SYSCTL: GoType = GoType {
    name: "v1.Sysctl",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Name", Some(&STRING)), ("Value", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_WINDOWS_SECURITY_CONTEXT_OPTIONS: GoType = GoType {
    name: "v1.WindowsSecurityContextOptions",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("GMSACredentialSpec", Some(&PTR_STRING)), ("GMSACredentialSpecName", Some(&PTR_STRING)), ("HostProcess", Some(&PTR_BOOL)), ("RunAsUserName", Some(&PTR_STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_TAINT_EFFECT: GoType = GoType {
    name: "v1.TaintEffect",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_TOLERATION_OPERATOR: GoType = GoType {
    name: "v1.TolerationOperator",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_META_V1_LABEL_SELECTOR: GoType = GoType {
    name: "*v1.LabelSelector",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&META_V1_LABEL_SELECTOR),
    fields: &[("MatchExpressions", Some(&SLICE_META_V1_LABEL_SELECTOR_REQUIREMENT)), ("MatchLabels", Some(&MAP_STRING_STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_NODE_INCLUSION_POLICY: GoType = GoType {
    name: "*v1.NodeInclusionPolicy",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_NODE_INCLUSION_POLICY),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_UNSATISFIABLE_CONSTRAINT_ACTION: GoType = GoType {
    name: "v1.UnsatisfiableConstraintAction",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_AWSELASTIC_BLOCK_STORE_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.AWSElasticBlockStoreVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_AWSELASTIC_BLOCK_STORE_VOLUME_SOURCE),
    fields: &[("FSType", Some(&STRING)), ("Partition", Some(&INT32)), ("ReadOnly", Some(&BOOL)), ("VolumeID", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_AZURE_DISK_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.AzureDiskVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_AZURE_DISK_VOLUME_SOURCE),
    fields: &[("CachingMode", Some(&PTR_CORE_V1_AZURE_DATA_DISK_CACHING_MODE)), ("DataDiskURI", Some(&STRING)), ("DiskName", Some(&STRING)), ("FSType", Some(&PTR_STRING)), ("Kind", Some(&PTR_CORE_V1_AZURE_DATA_DISK_KIND)), ("ReadOnly", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_AZURE_FILE_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.AzureFileVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_AZURE_FILE_VOLUME_SOURCE),
    fields: &[("ReadOnly", Some(&BOOL)), ("SecretName", Some(&STRING)), ("ShareName", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_CSIVOLUME_SOURCE: GoType = GoType {
    name: "*v1.CSIVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_CSIVOLUME_SOURCE),
    fields: &[("Driver", Some(&STRING)), ("FSType", Some(&PTR_STRING)), ("NodePublishSecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE)), ("ReadOnly", Some(&PTR_BOOL)), ("VolumeAttributes", Some(&MAP_STRING_STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_CEPH_FSVOLUME_SOURCE: GoType = GoType {
    name: "*v1.CephFSVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_CEPH_FSVOLUME_SOURCE),
    fields: &[("Monitors", Some(&SLICE_STRING)), ("Path", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("SecretFile", Some(&STRING)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE)), ("User", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_CINDER_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.CinderVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_CINDER_VOLUME_SOURCE),
    fields: &[("FSType", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE)), ("VolumeID", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_CONFIG_MAP_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.ConfigMapVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_CONFIG_MAP_VOLUME_SOURCE),
    fields: &[("DefaultMode", Some(&PTR_INT32)), ("Items", Some(&SLICE_CORE_V1_KEY_TO_PATH)), ("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_DOWNWARD_APIVOLUME_SOURCE: GoType = GoType {
    name: "*v1.DownwardAPIVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_DOWNWARD_APIVOLUME_SOURCE),
    fields: &[("DefaultMode", Some(&PTR_INT32)), ("Items", Some(&SLICE_CORE_V1_DOWNWARD_APIVOLUME_FILE))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_EMPTY_DIR_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.EmptyDirVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_EMPTY_DIR_VOLUME_SOURCE),
    fields: &[("Medium", Some(&CORE_V1_STORAGE_MEDIUM)), ("SizeLimit", None)],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_EPHEMERAL_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.EphemeralVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_EPHEMERAL_VOLUME_SOURCE),
    fields: &[("VolumeClaimTemplate", Some(&PTR_CORE_V1_PERSISTENT_VOLUME_CLAIM_TEMPLATE))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_FCVOLUME_SOURCE: GoType = GoType {
    name: "*v1.FCVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_FCVOLUME_SOURCE),
    fields: &[("FSType", Some(&STRING)), ("Lun", Some(&PTR_INT32)), ("ReadOnly", Some(&BOOL)), ("TargetWWNs", Some(&SLICE_STRING)), ("WWIDs", Some(&SLICE_STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_FLEX_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.FlexVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_FLEX_VOLUME_SOURCE),
    fields: &[("Driver", Some(&STRING)), ("FSType", Some(&STRING)), ("Options", Some(&MAP_STRING_STRING)), ("ReadOnly", Some(&BOOL)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_FLOCKER_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.FlockerVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_FLOCKER_VOLUME_SOURCE),
    fields: &[("DatasetName", Some(&STRING)), ("DatasetUUID", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_GCEPERSISTENT_DISK_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.GCEPersistentDiskVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_GCEPERSISTENT_DISK_VOLUME_SOURCE),
    fields: &[("FSType", Some(&STRING)), ("PDName", Some(&STRING)), ("Partition", Some(&INT32)), ("ReadOnly", Some(&BOOL))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_GIT_REPO_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.GitRepoVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_GIT_REPO_VOLUME_SOURCE),
    fields: &[("Directory", Some(&STRING)), ("Repository", Some(&STRING)), ("Revision", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_GLUSTERFS_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.GlusterfsVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_GLUSTERFS_VOLUME_SOURCE),
    fields: &[("EndpointsName", Some(&STRING)), ("Path", Some(&STRING)), ("ReadOnly", Some(&BOOL))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_HOST_PATH_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.HostPathVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_HOST_PATH_VOLUME_SOURCE),
    fields: &[("Path", Some(&STRING)), ("Type", Some(&PTR_CORE_V1_HOST_PATH_TYPE))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_ISCSIVOLUME_SOURCE: GoType = GoType {
    name: "*v1.ISCSIVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_ISCSIVOLUME_SOURCE),
    fields: &[("DiscoveryCHAPAuth", Some(&BOOL)), ("FSType", Some(&STRING)), ("IQN", Some(&STRING)), ("ISCSIInterface", Some(&STRING)), ("InitiatorName", Some(&PTR_STRING)), ("Lun", Some(&INT32)), ("Portals", Some(&SLICE_STRING)), ("ReadOnly", Some(&BOOL)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE)), ("SessionCHAPAuth", Some(&BOOL)), ("TargetPortal", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_IMAGE_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.ImageVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_IMAGE_VOLUME_SOURCE),
    fields: &[("PullPolicy", Some(&CORE_V1_PULL_POLICY)), ("Reference", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_NFSVOLUME_SOURCE: GoType = GoType {
    name: "*v1.NFSVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_NFSVOLUME_SOURCE),
    fields: &[("Path", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("Server", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.PersistentVolumeClaimVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE),
    fields: &[("ClaimName", Some(&STRING)), ("ReadOnly", Some(&BOOL))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_PHOTON_PERSISTENT_DISK_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.PhotonPersistentDiskVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_PHOTON_PERSISTENT_DISK_VOLUME_SOURCE),
    fields: &[("FSType", Some(&STRING)), ("PdID", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_PORTWORX_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.PortworxVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_PORTWORX_VOLUME_SOURCE),
    fields: &[("FSType", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("VolumeID", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_PROJECTED_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.ProjectedVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_PROJECTED_VOLUME_SOURCE),
    fields: &[("DefaultMode", Some(&PTR_INT32)), ("Sources", Some(&SLICE_CORE_V1_VOLUME_PROJECTION))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_QUOBYTE_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.QuobyteVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_QUOBYTE_VOLUME_SOURCE),
    fields: &[("Group", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("Registry", Some(&STRING)), ("Tenant", Some(&STRING)), ("User", Some(&STRING)), ("Volume", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_RBDVOLUME_SOURCE: GoType = GoType {
    name: "*v1.RBDVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_RBDVOLUME_SOURCE),
    fields: &[("CephMonitors", Some(&SLICE_STRING)), ("FSType", Some(&STRING)), ("Keyring", Some(&STRING)), ("RBDImage", Some(&STRING)), ("RBDPool", Some(&STRING)), ("RadosUser", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_SCALE_IOVOLUME_SOURCE: GoType = GoType {
    name: "*v1.ScaleIOVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_SCALE_IOVOLUME_SOURCE),
    fields: &[("FSType", Some(&STRING)), ("Gateway", Some(&STRING)), ("ProtectionDomain", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("SSLEnabled", Some(&BOOL)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE)), ("StorageMode", Some(&STRING)), ("StoragePool", Some(&STRING)), ("System", Some(&STRING)), ("VolumeName", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_SECRET_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.SecretVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_SECRET_VOLUME_SOURCE),
    fields: &[("DefaultMode", Some(&PTR_INT32)), ("Items", Some(&SLICE_CORE_V1_KEY_TO_PATH)), ("Optional", Some(&PTR_BOOL)), ("SecretName", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_STORAGE_OSVOLUME_SOURCE: GoType = GoType {
    name: "*v1.StorageOSVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_STORAGE_OSVOLUME_SOURCE),
    fields: &[("FSType", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE)), ("VolumeName", Some(&STRING)), ("VolumeNamespace", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_VOLUME_SOURCE: GoType = GoType {
    name: "v1.VolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AWSElasticBlockStore", Some(&PTR_CORE_V1_AWSELASTIC_BLOCK_STORE_VOLUME_SOURCE)), ("AzureDisk", Some(&PTR_CORE_V1_AZURE_DISK_VOLUME_SOURCE)), ("AzureFile", Some(&PTR_CORE_V1_AZURE_FILE_VOLUME_SOURCE)), ("CSI", Some(&PTR_CORE_V1_CSIVOLUME_SOURCE)), ("CephFS", Some(&PTR_CORE_V1_CEPH_FSVOLUME_SOURCE)), ("Cinder", Some(&PTR_CORE_V1_CINDER_VOLUME_SOURCE)), ("ConfigMap", Some(&PTR_CORE_V1_CONFIG_MAP_VOLUME_SOURCE)), ("DownwardAPI", Some(&PTR_CORE_V1_DOWNWARD_APIVOLUME_SOURCE)), ("EmptyDir", Some(&PTR_CORE_V1_EMPTY_DIR_VOLUME_SOURCE)), ("Ephemeral", Some(&PTR_CORE_V1_EPHEMERAL_VOLUME_SOURCE)), ("FC", Some(&PTR_CORE_V1_FCVOLUME_SOURCE)), ("FlexVolume", Some(&PTR_CORE_V1_FLEX_VOLUME_SOURCE)), ("Flocker", Some(&PTR_CORE_V1_FLOCKER_VOLUME_SOURCE)), ("GCEPersistentDisk", Some(&PTR_CORE_V1_GCEPERSISTENT_DISK_VOLUME_SOURCE)), ("GitRepo", Some(&PTR_CORE_V1_GIT_REPO_VOLUME_SOURCE)), ("Glusterfs", Some(&PTR_CORE_V1_GLUSTERFS_VOLUME_SOURCE)), ("HostPath", Some(&PTR_CORE_V1_HOST_PATH_VOLUME_SOURCE)), ("ISCSI", Some(&PTR_CORE_V1_ISCSIVOLUME_SOURCE)), ("Image", Some(&PTR_CORE_V1_IMAGE_VOLUME_SOURCE)), ("NFS", Some(&PTR_CORE_V1_NFSVOLUME_SOURCE)), ("PersistentVolumeClaim", Some(&PTR_CORE_V1_PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE)), ("PhotonPersistentDisk", Some(&PTR_CORE_V1_PHOTON_PERSISTENT_DISK_VOLUME_SOURCE)), ("PortworxVolume", Some(&PTR_CORE_V1_PORTWORX_VOLUME_SOURCE)), ("Projected", Some(&PTR_CORE_V1_PROJECTED_VOLUME_SOURCE)), ("Quobyte", Some(&PTR_CORE_V1_QUOBYTE_VOLUME_SOURCE)), ("RBD", Some(&PTR_CORE_V1_RBDVOLUME_SOURCE)), ("ScaleIO", Some(&PTR_CORE_V1_SCALE_IOVOLUME_SOURCE)), ("Secret", Some(&PTR_CORE_V1_SECRET_VOLUME_SOURCE)), ("StorageOS", Some(&PTR_CORE_V1_STORAGE_OSVOLUME_SOURCE)), ("VsphereVolume", Some(&PTR_CORE_V1_VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE: GoType = GoType {
    name: "*v1.VsphereVirtualDiskVolumeSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE),
    fields: &[("FSType", Some(&STRING)), ("StoragePolicyID", Some(&STRING)), ("StoragePolicyName", Some(&STRING)), ("VolumePath", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static META_V1_MANAGED_FIELDS_OPERATION_TYPE: GoType = GoType {
    name: "v1.ManagedFieldsOperationType",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_V1ALPHA3_HTTPHEADER: GoType = GoType {
    name: "*v1alpha3.HTTPHeader",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_HTTPHEADER),
    fields: &[("Name", Some(&STRING)), ("Value", Some(&STRING))],
    methods: METHODS_83,
};

pub(super) static V1ALPHA1_TRACING_CUSTOM_TAG: GoType = GoType {
    name: "v1alpha1.Tracing_CustomTag",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Type", None)],
    methods: METHODS_61,
};

pub(super) static PTR_V1ALPHA1_TRACING_ENVIRONMENT: GoType = GoType {
    name: "*v1alpha1.Tracing_Environment",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_TRACING_ENVIRONMENT),
    fields: &[("DefaultValue", Some(&STRING)), ("Name", Some(&STRING))],
    methods: METHODS_84,
};

pub(super) static PTR_V1ALPHA1_TRACING_REQUEST_HEADER: GoType = GoType {
    name: "*v1alpha1.Tracing_RequestHeader",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_TRACING_REQUEST_HEADER),
    fields: &[("DefaultValue", Some(&STRING)), ("Name", Some(&STRING))],
    methods: METHODS_84,
};

pub(super) static PTR_V1ALPHA1_TRACING_LITERAL: GoType = GoType {
    name: "*v1alpha1.Tracing_Literal",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_TRACING_LITERAL),
    fields: &[("Value", Some(&STRING))],
    methods: METHODS_85,
};

pub(super) static V1ALPHA1_TRACING_OPEN_CENSUS_AGENT_TRACE_CONTEXT: GoType = GoType {
    name: "v1alpha1.Tracing_OpenCensusAgent_TraceContext",
    kind: Kind::Basic,
    zero: Some("\"UNSPECIFIED\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static WRAPPERSPB_INT64_VALUE: GoType = GoType {
    name: "wrapperspb.Int64Value",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Value", Some(&INT64))],
    methods: METHODS_62,
};

pub(super) static V1ALPHA1_RESOURCE: GoType = GoType {
    name: "v1alpha1.Resource",
    kind: Kind::Basic,
    zero: Some("\"SERVICE_REGISTRY\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS: GoType = GoType {
    name: "v1alpha3.ConnectionPoolSettings_HTTPSettings",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("H2UpgradePolicy", Some(&V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS_H2_UPGRADE_POLICY)), ("Http1MaxPendingRequests", Some(&INT32)), ("Http2KeepAlive", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS_CONNECTION_KEEPALIVE)), ("Http2MaxRequests", Some(&INT32)), ("IdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("MaxConcurrentStreams", Some(&INT32)), ("MaxRequestsPerConnection", Some(&INT32)), ("MaxRetries", Some(&INT32)), ("UseClientProtocol", Some(&BOOL))],
    methods: METHODS_63,
};

pub(super) static V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS_H2_UPGRADE_POLICY: GoType = GoType {
    name: "v1alpha3.ConnectionPoolSettings_HTTPSettings_H2UpgradePolicy",
    kind: Kind::Basic,
    zero: Some("\"DEFAULT\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS_CONNECTION_KEEPALIVE: GoType = GoType {
    name: "*v1alpha3.ConnectionPoolSettings_HTTPSettings_ConnectionKeepalive",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS_CONNECTION_KEEPALIVE),
    fields: &[("Interval", Some(&PTR_DURATIONPB_DURATION)), ("Timeout", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_86,
};

pub(super) static V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS: GoType = GoType {
    name: "v1alpha3.ConnectionPoolSettings_TCPSettings",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ConnectTimeout", Some(&PTR_DURATIONPB_DURATION)), ("IdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("MaxConnectionDuration", Some(&PTR_DURATIONPB_DURATION)), ("MaxConnections", Some(&INT32)), ("TcpKeepalive", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS_TCP_KEEPALIVE))],
    methods: METHODS_64,
};

pub(super) static PTR_V1ALPHA1_LABEL_SELECTOR_REQUIREMENT: GoType = GoType {
    name: "*v1alpha1.LabelSelectorRequirement",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_LABEL_SELECTOR_REQUIREMENT),
    fields: &[("Key", Some(&STRING)), ("Operator", Some(&STRING)), ("Values", Some(&SLICE_STRING))],
    methods: METHODS_87,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_DATADOG_TRACING_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_DatadogTracingProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("MaxTagLength", Some(&UINT32)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_65,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_GRPC_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_EnvoyExternalAuthorizationGrpcProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ClearRouteCache", Some(&BOOL)), ("FailOpen", Some(&BOOL)), ("IncludeRequestBodyInCheck", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_REQUEST_BODY)), ("Port", Some(&UINT32)), ("Service", Some(&STRING)), ("StatusOnError", Some(&STRING)), ("Timeout", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_66,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_REQUEST_BODY: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_EnvoyExternalAuthorizationRequestBody",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_REQUEST_BODY),
    fields: &[("AllowPartialMessage", Some(&BOOL)), ("MaxRequestBytes", Some(&UINT32)), ("PackAsBytes", Some(&BOOL))],
    methods: METHODS_88,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_HTTP_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_EnvoyExternalAuthorizationHttpProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ClearRouteCache", Some(&BOOL)), ("FailOpen", Some(&BOOL)), ("HeadersToDownstreamOnAllow", Some(&SLICE_STRING)), ("HeadersToDownstreamOnDeny", Some(&SLICE_STRING)), ("HeadersToUpstreamOnAllow", Some(&SLICE_STRING)), ("IncludeAdditionalHeadersInCheck", Some(&MAP_STRING_STRING)), ("IncludeHeadersInCheck", Some(&SLICE_STRING)), ("IncludeRequestBodyInCheck", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_REQUEST_BODY)), ("IncludeRequestHeadersInCheck", Some(&SLICE_STRING)), ("PathPrefix", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING)), ("StatusOnError", Some(&STRING)), ("Timeout", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_67,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_FILE_ACCESS_LOG_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_EnvoyFileAccessLogProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("LogFormat", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_FILE_ACCESS_LOG_PROVIDER_LOG_FORMAT)), ("OmitEmptyValues", Some(&BOOL)), ("Path", Some(&STRING))],
    methods: METHODS_68,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_FILE_ACCESS_LOG_PROVIDER_LOG_FORMAT: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_EnvoyFileAccessLogProvider_LogFormat",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_FILE_ACCESS_LOG_PROVIDER_LOG_FORMAT),
    fields: &[("LogFormat", None)],
    methods: METHODS_89,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_HTTP_GRPC_V3_LOG_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_EnvoyHttpGrpcV3LogProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AdditionalRequestHeadersToLog", Some(&SLICE_STRING)), ("AdditionalResponseHeadersToLog", Some(&SLICE_STRING)), ("AdditionalResponseTrailersToLog", Some(&SLICE_STRING)), ("FilterStateObjectsToLog", Some(&SLICE_STRING)), ("LogName", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_69,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_OPEN_TELEMETRY_LOG_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_EnvoyOpenTelemetryLogProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("LogFormat", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_OPEN_TELEMETRY_LOG_PROVIDER_LOG_FORMAT)), ("LogName", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_70,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_OPEN_TELEMETRY_LOG_PROVIDER_LOG_FORMAT: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_EnvoyOpenTelemetryLogProvider_LogFormat",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_OPEN_TELEMETRY_LOG_PROVIDER_LOG_FORMAT),
    fields: &[("Labels", Some(&PTR_STRUCTPB_STRUCT)), ("Text", Some(&STRING))],
    methods: METHODS_90,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_TCP_GRPC_V3_LOG_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_EnvoyTcpGrpcV3LogProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("FilterStateObjectsToLog", Some(&SLICE_STRING)), ("LogName", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_71,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_LIGHTSTEP_TRACING_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_LightstepTracingProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AccessToken", Some(&STRING)), ("MaxTagLength", Some(&UINT32)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_72,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_CENSUS_AGENT_TRACING_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_OpenCensusAgentTracingProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Context", Some(&SLICE_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_CENSUS_AGENT_TRACING_PROVIDER_TRACE_CONTEXT)), ("MaxTagLength", Some(&UINT32)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_73,
};

pub(super) static SLICE_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_CENSUS_AGENT_TRACING_PROVIDER_TRACE_CONTEXT: GoType = GoType {
    name: "[]v1alpha1.MeshConfig_ExtensionProvider_OpenCensusAgentTracingProvider_TraceContext",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_CENSUS_AGENT_TRACING_PROVIDER_TRACE_CONTEXT),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_OpenTelemetryTracingProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Grpc", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_GRPC_SERVICE)), ("Http", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_SERVICE)), ("MaxTagLength", Some(&UINT32)), ("Port", Some(&UINT32)), ("ResourceDetectors", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS)), ("Sampling", None), ("Service", Some(&STRING)), ("ServiceAttributeEnrichment", Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_SERVICE_ATTRIBUTE_ENRICHMENT))],
    methods: METHODS_74,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_GRPC_SERVICE: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_GrpcService",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_GRPC_SERVICE),
    fields: &[("InitialMetadata", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER)), ("Timeout", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_91,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_SERVICE: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_HttpService",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_SERVICE),
    fields: &[("Headers", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER)), ("Path", Some(&STRING)), ("Timeout", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_92,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_ResourceDetectors",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS),
    fields: &[("Dynatrace", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS_DYNATRACE_RESOURCE_DETECTOR)), ("Environment", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS_ENVIRONMENT_RESOURCE_DETECTOR))],
    methods: METHODS_93,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_SERVICE_ATTRIBUTE_ENRICHMENT: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_ServiceAttributeEnrichment",
    kind: Kind::Basic,
    zero: Some("\"ISTIO_CANONICAL\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER_DYNATRACE_SAMPLER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_OpenTelemetryTracingProvider_DynatraceSampler",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER_DYNATRACE_SAMPLER),
    fields: &[("ClusterId", Some(&INT32)), ("HttpService", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER_DYNATRACE_SAMPLER_DYNATRACE_API)), ("RootSpansPerMinute", Some(&UINT32)), ("Tenant", Some(&STRING))],
    methods: METHODS_94,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_PROMETHEUS_METRICS_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_PrometheusMetricsProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[],
    methods: METHODS_35,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_SDSPROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_SDSProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Name", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_75,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_SKY_WALKING_TRACING_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_SkyWalkingTracingProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AccessToken", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_76,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_STACKDRIVER_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_StackdriverProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Debug", Some(&BOOL)), ("Logging", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_STACKDRIVER_PROVIDER_LOGGING)), ("MaxNumberOfAnnotations", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("MaxNumberOfAttributes", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("MaxNumberOfMessageEvents", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("MaxTagLength", Some(&UINT32))],
    methods: METHODS_77,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_STACKDRIVER_PROVIDER_LOGGING: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_StackdriverProvider_Logging",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_STACKDRIVER_PROVIDER_LOGGING),
    fields: &[("Labels", Some(&MAP_STRING_STRING))],
    methods: METHODS_95,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ZIPKIN_TRACING_PROVIDER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_ZipkinTracingProvider",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Enable_64BitTraceId", Some(&BOOL)), ("Headers", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER)), ("MaxTagLength", Some(&UINT32)), ("Path", Some(&STRING)), ("Port", Some(&UINT32)), ("Service", Some(&STRING)), ("Timeout", Some(&PTR_DURATIONPB_DURATION)), ("TraceContextOption", Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ZIPKIN_TRACING_PROVIDER_TRACE_CONTEXT_OPTION))],
    methods: METHODS_78,
};

pub(super) static SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER: GoType = GoType {
    name: "[]*v1alpha1.MeshConfig_ExtensionProvider_HttpHeader",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ZIPKIN_TRACING_PROVIDER_TRACE_CONTEXT_OPTION: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_ZipkinTracingProvider_TraceContextOption",
    kind: Kind::Basic,
    zero: Some("\"USE_B3\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_DISTRIBUTE: GoType = GoType {
    name: "v1alpha3.LocalityLoadBalancerSetting_Distribute",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("From", Some(&STRING)), ("To", Some(&MAP_STRING_UINT32))],
    methods: METHODS_79,
};

pub(super) static MAP_STRING_UINT32: GoType = GoType {
    name: "map[string]uint32",
    kind: Kind::Map,
    zero: Some("{}"),
    elem: Some(&UINT32),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_FAILOVER: GoType = GoType {
    name: "v1alpha3.LocalityLoadBalancerSetting_Failover",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("From", Some(&STRING)), ("To", Some(&STRING))],
    methods: METHODS_80,
};

pub(super) static V1ALPHA1_SERVICE_ENTRY_VISIBILITY_POLICY: GoType = GoType {
    name: "v1alpha1.ServiceEntryVisibility_Policy",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("MatchingRules", Some(&SLICE_PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY_MATCH_RULE)), ("Visibility", Some(&V1ALPHA1_SERVICE_ENTRY_VISIBILITY_VISIBILITY))],
    methods: METHODS_81,
};

pub(super) static SLICE_PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY_MATCH_RULE: GoType = GoType {
    name: "[]*v1alpha1.ServiceEntryVisibility_MatchRule",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY_MATCH_RULE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS_SETTINGS: GoType = GoType {
    name: "v1alpha1.MeshConfig_ServiceSettings_Settings",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ClusterLocal", Some(&BOOL))],
    methods: METHODS_82,
};

pub(super) static V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING_FAILOVER: GoType = GoType {
    name: "v1alpha3.ZoneAwareLoadBalancerSetting_Failover",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("From", Some(&STRING)), ("To", Some(&STRING))],
    methods: METHODS_80,
};

pub(super) static CORE_V1_PREFERRED_SCHEDULING_TERM: GoType = GoType {
    name: "v1.PreferredSchedulingTerm",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Preference", Some(&CORE_V1_NODE_SELECTOR_TERM)), ("Weight", Some(&INT32))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_NODE_SELECTOR: GoType = GoType {
    name: "v1.NodeSelector",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("NodeSelectorTerms", Some(&SLICE_CORE_V1_NODE_SELECTOR_TERM))],
    methods: METHODS_2,
};

pub(super) static SLICE_CORE_V1_NODE_SELECTOR_TERM: GoType = GoType {
    name: "[]v1.NodeSelectorTerm",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_NODE_SELECTOR_TERM),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_WEIGHTED_POD_AFFINITY_TERM: GoType = GoType {
    name: "v1.WeightedPodAffinityTerm",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("PodAffinityTerm", Some(&CORE_V1_POD_AFFINITY_TERM)), ("Weight", Some(&INT32))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_POD_AFFINITY_TERM: GoType = GoType {
    name: "v1.PodAffinityTerm",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("LabelSelector", Some(&PTR_META_V1_LABEL_SELECTOR)), ("MatchLabelKeys", Some(&SLICE_STRING)), ("MismatchLabelKeys", Some(&SLICE_STRING)), ("NamespaceSelector", Some(&PTR_META_V1_LABEL_SELECTOR)), ("Namespaces", Some(&SLICE_STRING)), ("TopologyKey", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_ENV_VAR: GoType = GoType {
    name: "v1.EnvVar",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Name", Some(&STRING)), ("Value", Some(&STRING)), ("ValueFrom", Some(&PTR_CORE_V1_ENV_VAR_SOURCE))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_ENV_FROM_SOURCE: GoType = GoType {
    name: "v1.EnvFromSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ConfigMapRef", Some(&PTR_CORE_V1_CONFIG_MAP_ENV_SOURCE)), ("Prefix", Some(&STRING)), ("SecretRef", Some(&PTR_CORE_V1_SECRET_ENV_SOURCE))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_LIFECYCLE: GoType = GoType {
    name: "v1.Lifecycle",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("PostStart", Some(&PTR_CORE_V1_LIFECYCLE_HANDLER)), ("PreStop", Some(&PTR_CORE_V1_LIFECYCLE_HANDLER)), ("StopSignal", Some(&PTR_CORE_V1_SIGNAL))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_LIFECYCLE_HANDLER: GoType = GoType {
    name: "*v1.LifecycleHandler",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_LIFECYCLE_HANDLER),
    fields: &[("Exec", Some(&PTR_CORE_V1_EXEC_ACTION)), ("HTTPGet", Some(&PTR_CORE_V1_HTTPGET_ACTION)), ("Sleep", Some(&PTR_CORE_V1_SLEEP_ACTION)), ("TCPSocket", Some(&PTR_CORE_V1_TCPSOCKET_ACTION))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_SIGNAL: GoType = GoType {
    name: "*v1.Signal",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_SIGNAL),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_PROBE: GoType = GoType {
    name: "v1.Probe",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Exec", Some(&PTR_CORE_V1_EXEC_ACTION)), ("FailureThreshold", Some(&INT32)), ("GRPC", Some(&PTR_CORE_V1_GRPCACTION)), ("HTTPGet", Some(&PTR_CORE_V1_HTTPGET_ACTION)), ("InitialDelaySeconds", Some(&INT32)), ("PeriodSeconds", Some(&INT32)), ("ProbeHandler", Some(&CORE_V1_PROBE_HANDLER)), ("SuccessThreshold", Some(&INT32)), ("TCPSocket", Some(&PTR_CORE_V1_TCPSOCKET_ACTION)), ("TerminationGracePeriodSeconds", Some(&PTR_INT64)), ("TimeoutSeconds", Some(&INT32))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_EXEC_ACTION: GoType = GoType {
    name: "*v1.ExecAction",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_EXEC_ACTION),
    fields: &[("Command", Some(&SLICE_STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_GRPCACTION: GoType = GoType {
    name: "*v1.GRPCAction",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_GRPCACTION),
    fields: &[("Port", Some(&INT32)), ("Service", Some(&PTR_STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_HTTPGET_ACTION: GoType = GoType {
    name: "*v1.HTTPGetAction",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_HTTPGET_ACTION),
    fields: &[("HTTPHeaders", Some(&SLICE_CORE_V1_HTTPHEADER)), ("Host", Some(&STRING)), ("Path", Some(&STRING)), ("Port", None), ("Scheme", Some(&CORE_V1_URISCHEME))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_PROBE_HANDLER: GoType = GoType {
    name: "v1.ProbeHandler",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Exec", Some(&PTR_CORE_V1_EXEC_ACTION)), ("GRPC", Some(&PTR_CORE_V1_GRPCACTION)), ("HTTPGet", Some(&PTR_CORE_V1_HTTPGET_ACTION)), ("TCPSocket", Some(&PTR_CORE_V1_TCPSOCKET_ACTION))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_TCPSOCKET_ACTION: GoType = GoType {
    name: "*v1.TCPSocketAction",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_TCPSOCKET_ACTION),
    fields: &[("Host", Some(&STRING)), ("Port", None)],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CONTAINER_PORT: GoType = GoType {
    name: "v1.ContainerPort",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ContainerPort", Some(&INT32)), ("HostIP", Some(&STRING)), ("HostPort", Some(&INT32)), ("Name", Some(&STRING)), ("Protocol", Some(&CORE_V1_PROTOCOL))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CONTAINER_RESIZE_POLICY: GoType = GoType {
    name: "v1.ContainerResizePolicy",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ResourceName", Some(&CORE_V1_RESOURCE_NAME)), ("RestartPolicy", Some(&CORE_V1_RESOURCE_RESIZE_RESTART_POLICY))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CONTAINER_RESTART_POLICY: GoType = GoType {
    name: "v1.ContainerRestartPolicy",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_CONTAINER_RESTART_RULE: GoType = GoType {
    name: "v1.ContainerRestartRule",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Action", Some(&CORE_V1_CONTAINER_RESTART_RULE_ACTION)), ("ExitCodes", Some(&PTR_CORE_V1_CONTAINER_RESTART_RULE_ON_EXIT_CODES))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_SECURITY_CONTEXT: GoType = GoType {
    name: "v1.SecurityContext",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AllowPrivilegeEscalation", Some(&PTR_BOOL)), ("AppArmorProfile", Some(&PTR_CORE_V1_APP_ARMOR_PROFILE)), ("Capabilities", Some(&PTR_CORE_V1_CAPABILITIES)), ("Privileged", Some(&PTR_BOOL)), ("ProcMount", Some(&PTR_CORE_V1_PROC_MOUNT_TYPE)), ("ReadOnlyRootFilesystem", Some(&PTR_BOOL)), ("RunAsGroup", Some(&PTR_INT64)), ("RunAsNonRoot", Some(&PTR_BOOL)), ("RunAsUser", Some(&PTR_INT64)), ("SELinuxOptions", Some(&PTR_CORE_V1_SELINUX_OPTIONS)), ("SeccompProfile", Some(&PTR_CORE_V1_SECCOMP_PROFILE)), ("WindowsOptions", Some(&PTR_CORE_V1_WINDOWS_SECURITY_CONTEXT_OPTIONS))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_CAPABILITIES: GoType = GoType {
    name: "*v1.Capabilities",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_CAPABILITIES),
    fields: &[("Add", Some(&SLICE_CORE_V1_CAPABILITY)), ("Drop", Some(&SLICE_CORE_V1_CAPABILITY))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_PROC_MOUNT_TYPE: GoType = GoType {
    name: "*v1.ProcMountType",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_PROC_MOUNT_TYPE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_VOLUME_DEVICE: GoType = GoType {
    name: "v1.VolumeDevice",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("DevicePath", Some(&STRING)), ("Name", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_VOLUME_MOUNT: GoType = GoType {
    name: "v1.VolumeMount",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("MountPath", Some(&STRING)), ("MountPropagation", Some(&PTR_CORE_V1_MOUNT_PROPAGATION_MODE)), ("Name", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("RecursiveReadOnly", Some(&PTR_CORE_V1_RECURSIVE_READ_ONLY_MODE)), ("SubPath", Some(&STRING)), ("SubPathExpr", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static META_V1_LABEL_SELECTOR: GoType = GoType {
    name: "v1.LabelSelector",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("MatchExpressions", Some(&SLICE_META_V1_LABEL_SELECTOR_REQUIREMENT)), ("MatchLabels", Some(&MAP_STRING_STRING))],
    methods: METHODS_2,
};

pub(super) static SLICE_META_V1_LABEL_SELECTOR_REQUIREMENT: GoType = GoType {
    name: "[]v1.LabelSelectorRequirement",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&META_V1_LABEL_SELECTOR_REQUIREMENT),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_NODE_INCLUSION_POLICY: GoType = GoType {
    name: "v1.NodeInclusionPolicy",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_AWSELASTIC_BLOCK_STORE_VOLUME_SOURCE: GoType = GoType {
    name: "v1.AWSElasticBlockStoreVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("FSType", Some(&STRING)), ("Partition", Some(&INT32)), ("ReadOnly", Some(&BOOL)), ("VolumeID", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_AZURE_DISK_VOLUME_SOURCE: GoType = GoType {
    name: "v1.AzureDiskVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("CachingMode", Some(&PTR_CORE_V1_AZURE_DATA_DISK_CACHING_MODE)), ("DataDiskURI", Some(&STRING)), ("DiskName", Some(&STRING)), ("FSType", Some(&PTR_STRING)), ("Kind", Some(&PTR_CORE_V1_AZURE_DATA_DISK_KIND)), ("ReadOnly", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_AZURE_DATA_DISK_CACHING_MODE: GoType = GoType {
    name: "*v1.AzureDataDiskCachingMode",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_AZURE_DATA_DISK_CACHING_MODE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_AZURE_DATA_DISK_KIND: GoType = GoType {
    name: "*v1.AzureDataDiskKind",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_AZURE_DATA_DISK_KIND),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_AZURE_FILE_VOLUME_SOURCE: GoType = GoType {
    name: "v1.AzureFileVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ReadOnly", Some(&BOOL)), ("SecretName", Some(&STRING)), ("ShareName", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CSIVOLUME_SOURCE: GoType = GoType {
    name: "v1.CSIVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Driver", Some(&STRING)), ("FSType", Some(&PTR_STRING)), ("NodePublishSecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE)), ("ReadOnly", Some(&PTR_BOOL)), ("VolumeAttributes", Some(&MAP_STRING_STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_LOCAL_OBJECT_REFERENCE: GoType = GoType {
    name: "*v1.LocalObjectReference",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_LOCAL_OBJECT_REFERENCE),
    fields: &[("Name", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CEPH_FSVOLUME_SOURCE: GoType = GoType {
    name: "v1.CephFSVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Monitors", Some(&SLICE_STRING)), ("Path", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("SecretFile", Some(&STRING)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE)), ("User", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CINDER_VOLUME_SOURCE: GoType = GoType {
    name: "v1.CinderVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("FSType", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE)), ("VolumeID", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CONFIG_MAP_VOLUME_SOURCE: GoType = GoType {
    name: "v1.ConfigMapVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("DefaultMode", Some(&PTR_INT32)), ("Items", Some(&SLICE_CORE_V1_KEY_TO_PATH)), ("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static SLICE_CORE_V1_KEY_TO_PATH: GoType = GoType {
    name: "[]v1.KeyToPath",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_KEY_TO_PATH),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_DOWNWARD_APIVOLUME_SOURCE: GoType = GoType {
    name: "v1.DownwardAPIVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("DefaultMode", Some(&PTR_INT32)), ("Items", Some(&SLICE_CORE_V1_DOWNWARD_APIVOLUME_FILE))],
    methods: METHODS_2,
};

pub(super) static SLICE_CORE_V1_DOWNWARD_APIVOLUME_FILE: GoType = GoType {
    name: "[]v1.DownwardAPIVolumeFile",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_DOWNWARD_APIVOLUME_FILE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_EMPTY_DIR_VOLUME_SOURCE: GoType = GoType {
    name: "v1.EmptyDirVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Medium", Some(&CORE_V1_STORAGE_MEDIUM)), ("SizeLimit", None)],
    methods: METHODS_2,
};

pub(super) static CORE_V1_STORAGE_MEDIUM: GoType = GoType {
    name: "v1.StorageMedium",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_EPHEMERAL_VOLUME_SOURCE: GoType = GoType {
    name: "v1.EphemeralVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("VolumeClaimTemplate", Some(&PTR_CORE_V1_PERSISTENT_VOLUME_CLAIM_TEMPLATE))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_PERSISTENT_VOLUME_CLAIM_TEMPLATE: GoType = GoType {
    name: "*v1.PersistentVolumeClaimTemplate",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_PERSISTENT_VOLUME_CLAIM_TEMPLATE),
    fields: &[("Annotations", Some(&MAP_STRING_STRING)), ("CreationTimestamp", None), ("DeletionGracePeriodSeconds", Some(&PTR_INT64)), ("DeletionTimestamp", None), ("Finalizers", Some(&SLICE_STRING)), ("GenerateName", Some(&STRING)), ("Generation", Some(&INT64)), ("Labels", Some(&MAP_STRING_STRING)), ("ManagedFields", Some(&SLICE_META_V1_MANAGED_FIELDS_ENTRY)), ("Name", Some(&STRING)), ("Namespace", Some(&STRING)), ("ObjectMeta", Some(&OBJECT_META)), ("OwnerReferences", Some(&SLICE_META_V1_OWNER_REFERENCE)), ("ResourceVersion", Some(&STRING)), ("SelfLink", Some(&STRING)), ("Spec", Some(&CORE_V1_PERSISTENT_VOLUME_CLAIM_SPEC)), ("UID", Some(&TYPES_UID))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_FCVOLUME_SOURCE: GoType = GoType {
    name: "v1.FCVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("FSType", Some(&STRING)), ("Lun", Some(&PTR_INT32)), ("ReadOnly", Some(&BOOL)), ("TargetWWNs", Some(&SLICE_STRING)), ("WWIDs", Some(&SLICE_STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_FLEX_VOLUME_SOURCE: GoType = GoType {
    name: "v1.FlexVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Driver", Some(&STRING)), ("FSType", Some(&STRING)), ("Options", Some(&MAP_STRING_STRING)), ("ReadOnly", Some(&BOOL)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_FLOCKER_VOLUME_SOURCE: GoType = GoType {
    name: "v1.FlockerVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("DatasetName", Some(&STRING)), ("DatasetUUID", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_GCEPERSISTENT_DISK_VOLUME_SOURCE: GoType = GoType {
    name: "v1.GCEPersistentDiskVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("FSType", Some(&STRING)), ("PDName", Some(&STRING)), ("Partition", Some(&INT32)), ("ReadOnly", Some(&BOOL))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_GIT_REPO_VOLUME_SOURCE: GoType = GoType {
    name: "v1.GitRepoVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Directory", Some(&STRING)), ("Repository", Some(&STRING)), ("Revision", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_GLUSTERFS_VOLUME_SOURCE: GoType = GoType {
    name: "v1.GlusterfsVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("EndpointsName", Some(&STRING)), ("Path", Some(&STRING)), ("ReadOnly", Some(&BOOL))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_HOST_PATH_VOLUME_SOURCE: GoType = GoType {
    name: "v1.HostPathVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Path", Some(&STRING)), ("Type", Some(&PTR_CORE_V1_HOST_PATH_TYPE))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_HOST_PATH_TYPE: GoType = GoType {
    name: "*v1.HostPathType",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_HOST_PATH_TYPE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_ISCSIVOLUME_SOURCE: GoType = GoType {
    name: "v1.ISCSIVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("DiscoveryCHAPAuth", Some(&BOOL)), ("FSType", Some(&STRING)), ("IQN", Some(&STRING)), ("ISCSIInterface", Some(&STRING)), ("InitiatorName", Some(&PTR_STRING)), ("Lun", Some(&INT32)), ("Portals", Some(&SLICE_STRING)), ("ReadOnly", Some(&BOOL)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE)), ("SessionCHAPAuth", Some(&BOOL)), ("TargetPortal", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_IMAGE_VOLUME_SOURCE: GoType = GoType {
    name: "v1.ImageVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("PullPolicy", Some(&CORE_V1_PULL_POLICY)), ("Reference", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_NFSVOLUME_SOURCE: GoType = GoType {
    name: "v1.NFSVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Path", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("Server", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE: GoType = GoType {
    name: "v1.PersistentVolumeClaimVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ClaimName", Some(&STRING)), ("ReadOnly", Some(&BOOL))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_PHOTON_PERSISTENT_DISK_VOLUME_SOURCE: GoType = GoType {
    name: "v1.PhotonPersistentDiskVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("FSType", Some(&STRING)), ("PdID", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_PORTWORX_VOLUME_SOURCE: GoType = GoType {
    name: "v1.PortworxVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("FSType", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("VolumeID", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_PROJECTED_VOLUME_SOURCE: GoType = GoType {
    name: "v1.ProjectedVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("DefaultMode", Some(&PTR_INT32)), ("Sources", Some(&SLICE_CORE_V1_VOLUME_PROJECTION))],
    methods: METHODS_2,
};

pub(super) static SLICE_CORE_V1_VOLUME_PROJECTION: GoType = GoType {
    name: "[]v1.VolumeProjection",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_VOLUME_PROJECTION),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_QUOBYTE_VOLUME_SOURCE: GoType = GoType {
    name: "v1.QuobyteVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Group", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("Registry", Some(&STRING)), ("Tenant", Some(&STRING)), ("User", Some(&STRING)), ("Volume", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_RBDVOLUME_SOURCE: GoType = GoType {
    name: "v1.RBDVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("CephMonitors", Some(&SLICE_STRING)), ("FSType", Some(&STRING)), ("Keyring", Some(&STRING)), ("RBDImage", Some(&STRING)), ("RBDPool", Some(&STRING)), ("RadosUser", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_SCALE_IOVOLUME_SOURCE: GoType = GoType {
    name: "v1.ScaleIOVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("FSType", Some(&STRING)), ("Gateway", Some(&STRING)), ("ProtectionDomain", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("SSLEnabled", Some(&BOOL)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE)), ("StorageMode", Some(&STRING)), ("StoragePool", Some(&STRING)), ("System", Some(&STRING)), ("VolumeName", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_SECRET_VOLUME_SOURCE: GoType = GoType {
    name: "v1.SecretVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("DefaultMode", Some(&PTR_INT32)), ("Items", Some(&SLICE_CORE_V1_KEY_TO_PATH)), ("Optional", Some(&PTR_BOOL)), ("SecretName", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_STORAGE_OSVOLUME_SOURCE: GoType = GoType {
    name: "v1.StorageOSVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("FSType", Some(&STRING)), ("ReadOnly", Some(&BOOL)), ("SecretRef", Some(&PTR_CORE_V1_LOCAL_OBJECT_REFERENCE)), ("VolumeName", Some(&STRING)), ("VolumeNamespace", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE: GoType = GoType {
    name: "v1.VsphereVirtualDiskVolumeSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("FSType", Some(&STRING)), ("StoragePolicyID", Some(&STRING)), ("StoragePolicyName", Some(&STRING)), ("VolumePath", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static V1ALPHA3_HTTPHEADER: GoType = GoType {
    name: "v1alpha3.HTTPHeader",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Name", Some(&STRING)), ("Value", Some(&STRING))],
    methods: METHODS_83,
};

pub(super) static V1ALPHA1_TRACING_ENVIRONMENT: GoType = GoType {
    name: "v1alpha1.Tracing_Environment",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("DefaultValue", Some(&STRING)), ("Name", Some(&STRING))],
    methods: METHODS_84,
};

pub(super) static V1ALPHA1_TRACING_REQUEST_HEADER: GoType = GoType {
    name: "v1alpha1.Tracing_RequestHeader",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("DefaultValue", Some(&STRING)), ("Name", Some(&STRING))],
    methods: METHODS_84,
};

pub(super) static V1ALPHA1_TRACING_LITERAL: GoType = GoType {
    name: "v1alpha1.Tracing_Literal",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Value", Some(&STRING))],
    methods: METHODS_85,
};

pub(super) static V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS_CONNECTION_KEEPALIVE: GoType = GoType {
    name: "v1alpha3.ConnectionPoolSettings_HTTPSettings_ConnectionKeepalive",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Interval", Some(&PTR_DURATIONPB_DURATION)), ("Timeout", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_86,
};

pub(super) static V1ALPHA1_LABEL_SELECTOR_REQUIREMENT: GoType = GoType {
    name: "v1alpha1.LabelSelectorRequirement",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Key", Some(&STRING)), ("Operator", Some(&STRING)), ("Values", Some(&SLICE_STRING))],
    methods: METHODS_87,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_REQUEST_BODY: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_EnvoyExternalAuthorizationRequestBody",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AllowPartialMessage", Some(&BOOL)), ("MaxRequestBytes", Some(&UINT32)), ("PackAsBytes", Some(&BOOL))],
    methods: METHODS_88,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_FILE_ACCESS_LOG_PROVIDER_LOG_FORMAT: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_EnvoyFileAccessLogProvider_LogFormat",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("LogFormat", None)],
    methods: METHODS_89,
};

pub(super) static PTR_STRUCTPB_STRUCT: GoType = GoType {
    name: "*structpb.Struct",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_OPEN_TELEMETRY_LOG_PROVIDER_LOG_FORMAT: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_EnvoyOpenTelemetryLogProvider_LogFormat",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Labels", Some(&PTR_STRUCTPB_STRUCT)), ("Text", Some(&STRING))],
    methods: METHODS_90,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_CENSUS_AGENT_TRACING_PROVIDER_TRACE_CONTEXT: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_OpenCensusAgentTracingProvider_TraceContext",
    kind: Kind::Basic,
    zero: Some("\"UNSPECIFIED\""),
    elem: None,
    fields: &[],
    methods: METHODS_9,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_GRPC_SERVICE: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_GrpcService",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("InitialMetadata", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER)), ("Timeout", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_91,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_SERVICE: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_HttpService",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Headers", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER)), ("Path", Some(&STRING)), ("Timeout", Some(&PTR_DURATIONPB_DURATION))],
    methods: METHODS_92,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_ResourceDetectors",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Dynatrace", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS_DYNATRACE_RESOURCE_DETECTOR)), ("Environment", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS_ENVIRONMENT_RESOURCE_DETECTOR))],
    methods: METHODS_93,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS_DYNATRACE_RESOURCE_DETECTOR: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_ResourceDetectors_DynatraceResourceDetector",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS_DYNATRACE_RESOURCE_DETECTOR),
    fields: &[],
    methods: METHODS_35,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS_ENVIRONMENT_RESOURCE_DETECTOR: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_ResourceDetectors_EnvironmentResourceDetector",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS_ENVIRONMENT_RESOURCE_DETECTOR),
    fields: &[],
    methods: METHODS_35,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER_DYNATRACE_SAMPLER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_OpenTelemetryTracingProvider_DynatraceSampler",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ClusterId", Some(&INT32)), ("HttpService", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER_DYNATRACE_SAMPLER_DYNATRACE_API)), ("RootSpansPerMinute", Some(&UINT32)), ("Tenant", Some(&STRING))],
    methods: METHODS_94,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER_DYNATRACE_SAMPLER_DYNATRACE_API: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_OpenTelemetryTracingProvider_DynatraceSampler_DynatraceApi",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER_DYNATRACE_SAMPLER_DYNATRACE_API),
    fields: &[("Http", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_SERVICE)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_96,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_STACKDRIVER_PROVIDER_LOGGING: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_StackdriverProvider_Logging",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Labels", Some(&MAP_STRING_STRING))],
    methods: METHODS_95,
};

pub(super) static PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER: GoType = GoType {
    name: "*v1alpha1.MeshConfig_ExtensionProvider_HttpHeader",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER),
    fields: &[("HeaderValue", None), ("Name", Some(&STRING))],
    methods: METHODS_97,
};

pub(super) static PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY_MATCH_RULE: GoType = GoType {
    name: "*v1alpha1.ServiceEntryVisibility_MatchRule",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&V1ALPHA1_SERVICE_ENTRY_VISIBILITY_MATCH_RULE),
    fields: &[("Matcher", None)],
    methods: METHODS_98,
};

pub(super) static CORE_V1_NODE_SELECTOR_TERM: GoType = GoType {
    name: "v1.NodeSelectorTerm",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("MatchExpressions", Some(&SLICE_CORE_V1_NODE_SELECTOR_REQUIREMENT)), ("MatchFields", Some(&SLICE_CORE_V1_NODE_SELECTOR_REQUIREMENT))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_ENV_VAR_SOURCE: GoType = GoType {
    name: "*v1.EnvVarSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_ENV_VAR_SOURCE),
    fields: &[("ConfigMapKeyRef", Some(&PTR_CORE_V1_CONFIG_MAP_KEY_SELECTOR)), ("FieldRef", Some(&PTR_CORE_V1_OBJECT_FIELD_SELECTOR)), ("FileKeyRef", Some(&PTR_CORE_V1_FILE_KEY_SELECTOR)), ("ResourceFieldRef", Some(&PTR_CORE_V1_RESOURCE_FIELD_SELECTOR)), ("SecretKeyRef", Some(&PTR_CORE_V1_SECRET_KEY_SELECTOR))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_CONFIG_MAP_ENV_SOURCE: GoType = GoType {
    name: "*v1.ConfigMapEnvSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_CONFIG_MAP_ENV_SOURCE),
    fields: &[("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_SECRET_ENV_SOURCE: GoType = GoType {
    name: "*v1.SecretEnvSource",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_SECRET_ENV_SOURCE),
    fields: &[("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_LIFECYCLE_HANDLER: GoType = GoType {
    name: "v1.LifecycleHandler",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Exec", Some(&PTR_CORE_V1_EXEC_ACTION)), ("HTTPGet", Some(&PTR_CORE_V1_HTTPGET_ACTION)), ("Sleep", Some(&PTR_CORE_V1_SLEEP_ACTION)), ("TCPSocket", Some(&PTR_CORE_V1_TCPSOCKET_ACTION))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_SLEEP_ACTION: GoType = GoType {
    name: "*v1.SleepAction",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_SLEEP_ACTION),
    fields: &[("Seconds", Some(&INT64))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_SIGNAL: GoType = GoType {
    name: "v1.Signal",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_EXEC_ACTION: GoType = GoType {
    name: "v1.ExecAction",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Command", Some(&SLICE_STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_GRPCACTION: GoType = GoType {
    name: "v1.GRPCAction",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Port", Some(&INT32)), ("Service", Some(&PTR_STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_HTTPGET_ACTION: GoType = GoType {
    name: "v1.HTTPGetAction",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("HTTPHeaders", Some(&SLICE_CORE_V1_HTTPHEADER)), ("Host", Some(&STRING)), ("Path", Some(&STRING)), ("Port", None), ("Scheme", Some(&CORE_V1_URISCHEME))],
    methods: METHODS_2,
};

pub(super) static SLICE_CORE_V1_HTTPHEADER: GoType = GoType {
    name: "[]v1.HTTPHeader",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_HTTPHEADER),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_URISCHEME: GoType = GoType {
    name: "v1.URIScheme",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_TCPSOCKET_ACTION: GoType = GoType {
    name: "v1.TCPSocketAction",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Host", Some(&STRING)), ("Port", None)],
    methods: METHODS_2,
};

pub(super) static CORE_V1_PROTOCOL: GoType = GoType {
    name: "v1.Protocol",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_RESOURCE_NAME: GoType = GoType {
    name: "v1.ResourceName",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_99,
};

pub(super) static CORE_V1_RESOURCE_RESIZE_RESTART_POLICY: GoType = GoType {
    name: "v1.ResourceResizeRestartPolicy",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_CONTAINER_RESTART_RULE_ACTION: GoType = GoType {
    name: "v1.ContainerRestartRuleAction",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_CONTAINER_RESTART_RULE_ON_EXIT_CODES: GoType = GoType {
    name: "*v1.ContainerRestartRuleOnExitCodes",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_CONTAINER_RESTART_RULE_ON_EXIT_CODES),
    fields: &[("Operator", Some(&CORE_V1_CONTAINER_RESTART_RULE_ON_EXIT_CODES_OPERATOR)), ("Values", Some(&SLICE_INT32))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CAPABILITIES: GoType = GoType {
    name: "v1.Capabilities",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Add", Some(&SLICE_CORE_V1_CAPABILITY)), ("Drop", Some(&SLICE_CORE_V1_CAPABILITY))],
    methods: METHODS_2,
};

pub(super) static SLICE_CORE_V1_CAPABILITY: GoType = GoType {
    name: "[]v1.Capability",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_CAPABILITY),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_PROC_MOUNT_TYPE: GoType = GoType {
    name: "v1.ProcMountType",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_MOUNT_PROPAGATION_MODE: GoType = GoType {
    name: "*v1.MountPropagationMode",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_MOUNT_PROPAGATION_MODE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_RECURSIVE_READ_ONLY_MODE: GoType = GoType {
    name: "*v1.RecursiveReadOnlyMode",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_RECURSIVE_READ_ONLY_MODE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static META_V1_LABEL_SELECTOR_REQUIREMENT: GoType = GoType {
    name: "v1.LabelSelectorRequirement",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Key", Some(&STRING)), ("Operator", Some(&META_V1_LABEL_SELECTOR_OPERATOR)), ("Values", Some(&SLICE_STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_AZURE_DATA_DISK_CACHING_MODE: GoType = GoType {
    name: "v1.AzureDataDiskCachingMode",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_AZURE_DATA_DISK_KIND: GoType = GoType {
    name: "v1.AzureDataDiskKind",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_KEY_TO_PATH: GoType = GoType {
    name: "v1.KeyToPath",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Key", Some(&STRING)), ("Mode", Some(&PTR_INT32)), ("Path", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_DOWNWARD_APIVOLUME_FILE: GoType = GoType {
    name: "v1.DownwardAPIVolumeFile",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("FieldRef", Some(&PTR_CORE_V1_OBJECT_FIELD_SELECTOR)), ("Mode", Some(&PTR_INT32)), ("Path", Some(&STRING)), ("ResourceFieldRef", Some(&PTR_CORE_V1_RESOURCE_FIELD_SELECTOR))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_PERSISTENT_VOLUME_CLAIM_TEMPLATE: GoType = GoType {
    name: "v1.PersistentVolumeClaimTemplate",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Annotations", Some(&MAP_STRING_STRING)), ("CreationTimestamp", None), ("DeletionGracePeriodSeconds", Some(&PTR_INT64)), ("DeletionTimestamp", None), ("Finalizers", Some(&SLICE_STRING)), ("GenerateName", Some(&STRING)), ("Generation", Some(&INT64)), ("Labels", Some(&MAP_STRING_STRING)), ("ManagedFields", Some(&SLICE_META_V1_MANAGED_FIELDS_ENTRY)), ("Name", Some(&STRING)), ("Namespace", Some(&STRING)), ("ObjectMeta", Some(&OBJECT_META)), ("OwnerReferences", Some(&SLICE_META_V1_OWNER_REFERENCE)), ("ResourceVersion", Some(&STRING)), ("SelfLink", Some(&STRING)), ("Spec", Some(&CORE_V1_PERSISTENT_VOLUME_CLAIM_SPEC)), ("UID", Some(&TYPES_UID))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_PERSISTENT_VOLUME_CLAIM_SPEC: GoType = GoType {
    name: "v1.PersistentVolumeClaimSpec",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("AccessModes", Some(&SLICE_CORE_V1_PERSISTENT_VOLUME_ACCESS_MODE)), ("DataSource", Some(&PTR_CORE_V1_TYPED_LOCAL_OBJECT_REFERENCE)), ("DataSourceRef", Some(&PTR_CORE_V1_TYPED_OBJECT_REFERENCE)), ("Resources", Some(&CORE_V1_VOLUME_RESOURCE_REQUIREMENTS)), ("Selector", Some(&PTR_META_V1_LABEL_SELECTOR)), ("StorageClassName", Some(&PTR_STRING)), ("VolumeAttributesClassName", Some(&PTR_STRING)), ("VolumeMode", Some(&PTR_CORE_V1_PERSISTENT_VOLUME_MODE)), ("VolumeName", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_HOST_PATH_TYPE: GoType = GoType {
    name: "v1.HostPathType",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_VOLUME_PROJECTION: GoType = GoType {
    name: "v1.VolumeProjection",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ClusterTrustBundle", Some(&PTR_CORE_V1_CLUSTER_TRUST_BUNDLE_PROJECTION)), ("ConfigMap", Some(&PTR_CORE_V1_CONFIG_MAP_PROJECTION)), ("DownwardAPI", Some(&PTR_CORE_V1_DOWNWARD_APIPROJECTION)), ("PodCertificate", Some(&PTR_CORE_V1_POD_CERTIFICATE_PROJECTION)), ("Secret", Some(&PTR_CORE_V1_SECRET_PROJECTION)), ("ServiceAccountToken", Some(&PTR_CORE_V1_SERVICE_ACCOUNT_TOKEN_PROJECTION))],
    methods: METHODS_2,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS_DYNATRACE_RESOURCE_DETECTOR: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_ResourceDetectors_DynatraceResourceDetector",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[],
    methods: METHODS_35,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS_ENVIRONMENT_RESOURCE_DETECTOR: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_ResourceDetectors_EnvironmentResourceDetector",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[],
    methods: METHODS_35,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER_DYNATRACE_SAMPLER_DYNATRACE_API: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_OpenTelemetryTracingProvider_DynatraceSampler_DynatraceApi",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Http", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_SERVICE)), ("Port", Some(&UINT32)), ("Service", Some(&STRING))],
    methods: METHODS_96,
};

pub(super) static V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER: GoType = GoType {
    name: "v1alpha1.MeshConfig_ExtensionProvider_HttpHeader",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("HeaderValue", None), ("Name", Some(&STRING))],
    methods: METHODS_97,
};

pub(super) static V1ALPHA1_SERVICE_ENTRY_VISIBILITY_MATCH_RULE: GoType = GoType {
    name: "v1alpha1.ServiceEntryVisibility_MatchRule",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Matcher", None)],
    methods: METHODS_98,
};

pub(super) static SLICE_CORE_V1_NODE_SELECTOR_REQUIREMENT: GoType = GoType {
    name: "[]v1.NodeSelectorRequirement",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_NODE_SELECTOR_REQUIREMENT),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_ENV_VAR_SOURCE: GoType = GoType {
    name: "v1.EnvVarSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ConfigMapKeyRef", Some(&PTR_CORE_V1_CONFIG_MAP_KEY_SELECTOR)), ("FieldRef", Some(&PTR_CORE_V1_OBJECT_FIELD_SELECTOR)), ("FileKeyRef", Some(&PTR_CORE_V1_FILE_KEY_SELECTOR)), ("ResourceFieldRef", Some(&PTR_CORE_V1_RESOURCE_FIELD_SELECTOR)), ("SecretKeyRef", Some(&PTR_CORE_V1_SECRET_KEY_SELECTOR))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_CONFIG_MAP_KEY_SELECTOR: GoType = GoType {
    name: "*v1.ConfigMapKeySelector",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_CONFIG_MAP_KEY_SELECTOR),
    fields: &[("Key", Some(&STRING)), ("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_OBJECT_FIELD_SELECTOR: GoType = GoType {
    name: "*v1.ObjectFieldSelector",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_OBJECT_FIELD_SELECTOR),
    fields: &[("APIVersion", Some(&STRING)), ("FieldPath", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_FILE_KEY_SELECTOR: GoType = GoType {
    name: "*v1.FileKeySelector",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_FILE_KEY_SELECTOR),
    fields: &[("Key", Some(&STRING)), ("Optional", Some(&PTR_BOOL)), ("Path", Some(&STRING)), ("VolumeName", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_RESOURCE_FIELD_SELECTOR: GoType = GoType {
    name: "*v1.ResourceFieldSelector",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_RESOURCE_FIELD_SELECTOR),
    fields: &[("ContainerName", Some(&STRING)), ("Divisor", None), ("Resource", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_SECRET_KEY_SELECTOR: GoType = GoType {
    name: "*v1.SecretKeySelector",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_SECRET_KEY_SELECTOR),
    fields: &[("Key", Some(&STRING)), ("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CONFIG_MAP_ENV_SOURCE: GoType = GoType {
    name: "v1.ConfigMapEnvSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_SECRET_ENV_SOURCE: GoType = GoType {
    name: "v1.SecretEnvSource",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_SLEEP_ACTION: GoType = GoType {
    name: "v1.SleepAction",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Seconds", Some(&INT64))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_HTTPHEADER: GoType = GoType {
    name: "v1.HTTPHeader",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Name", Some(&STRING)), ("Value", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CONTAINER_RESTART_RULE_ON_EXIT_CODES: GoType = GoType {
    name: "v1.ContainerRestartRuleOnExitCodes",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Operator", Some(&CORE_V1_CONTAINER_RESTART_RULE_ON_EXIT_CODES_OPERATOR)), ("Values", Some(&SLICE_INT32))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CONTAINER_RESTART_RULE_ON_EXIT_CODES_OPERATOR: GoType = GoType {
    name: "v1.ContainerRestartRuleOnExitCodesOperator",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_INT32: GoType = GoType {
    name: "[]int32",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&INT32),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_CAPABILITY: GoType = GoType {
    name: "v1.Capability",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_MOUNT_PROPAGATION_MODE: GoType = GoType {
    name: "v1.MountPropagationMode",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_RECURSIVE_READ_ONLY_MODE: GoType = GoType {
    name: "v1.RecursiveReadOnlyMode",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static META_V1_LABEL_SELECTOR_OPERATOR: GoType = GoType {
    name: "v1.LabelSelectorOperator",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static SLICE_CORE_V1_PERSISTENT_VOLUME_ACCESS_MODE: GoType = GoType {
    name: "[]v1.PersistentVolumeAccessMode",
    kind: Kind::Slice,
    zero: Some("[]"),
    elem: Some(&CORE_V1_PERSISTENT_VOLUME_ACCESS_MODE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_TYPED_LOCAL_OBJECT_REFERENCE: GoType = GoType {
    name: "*v1.TypedLocalObjectReference",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_TYPED_LOCAL_OBJECT_REFERENCE),
    fields: &[("APIGroup", Some(&PTR_STRING)), ("Kind", Some(&STRING)), ("Name", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_TYPED_OBJECT_REFERENCE: GoType = GoType {
    name: "*v1.TypedObjectReference",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_TYPED_OBJECT_REFERENCE),
    fields: &[("APIGroup", Some(&PTR_STRING)), ("Kind", Some(&STRING)), ("Name", Some(&STRING)), ("Namespace", Some(&PTR_STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_VOLUME_RESOURCE_REQUIREMENTS: GoType = GoType {
    name: "v1.VolumeResourceRequirements",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Limits", Some(&CORE_V1_RESOURCE_LIST)), ("Requests", Some(&CORE_V1_RESOURCE_LIST))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_PERSISTENT_VOLUME_MODE: GoType = GoType {
    name: "*v1.PersistentVolumeMode",
    kind: Kind::Pointer,
    zero: Some("none"),
    elem: Some(&CORE_V1_PERSISTENT_VOLUME_MODE),
    fields: &[],
    methods: METHODS_6,
};

pub(super) static PTR_CORE_V1_CLUSTER_TRUST_BUNDLE_PROJECTION: GoType = GoType {
    name: "*v1.ClusterTrustBundleProjection",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_CLUSTER_TRUST_BUNDLE_PROJECTION),
    fields: &[("LabelSelector", Some(&PTR_META_V1_LABEL_SELECTOR)), ("Name", Some(&PTR_STRING)), ("Optional", Some(&PTR_BOOL)), ("Path", Some(&STRING)), ("SignerName", Some(&PTR_STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_CONFIG_MAP_PROJECTION: GoType = GoType {
    name: "*v1.ConfigMapProjection",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_CONFIG_MAP_PROJECTION),
    fields: &[("Items", Some(&SLICE_CORE_V1_KEY_TO_PATH)), ("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_DOWNWARD_APIPROJECTION: GoType = GoType {
    name: "*v1.DownwardAPIProjection",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_DOWNWARD_APIPROJECTION),
    fields: &[("Items", Some(&SLICE_CORE_V1_DOWNWARD_APIVOLUME_FILE))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_POD_CERTIFICATE_PROJECTION: GoType = GoType {
    name: "*v1.PodCertificateProjection",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_POD_CERTIFICATE_PROJECTION),
    fields: &[("CertificateChainPath", Some(&STRING)), ("CredentialBundlePath", Some(&STRING)), ("KeyPath", Some(&STRING)), ("KeyType", Some(&STRING)), ("MaxExpirationSeconds", Some(&PTR_INT32)), ("SignerName", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_SECRET_PROJECTION: GoType = GoType {
    name: "*v1.SecretProjection",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_SECRET_PROJECTION),
    fields: &[("Items", Some(&SLICE_CORE_V1_KEY_TO_PATH)), ("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static PTR_CORE_V1_SERVICE_ACCOUNT_TOKEN_PROJECTION: GoType = GoType {
    name: "*v1.ServiceAccountTokenProjection",
    kind: Kind::Pointer,
    zero: Some("\"nil\""),
    elem: Some(&CORE_V1_SERVICE_ACCOUNT_TOKEN_PROJECTION),
    fields: &[("Audience", Some(&STRING)), ("ExpirationSeconds", Some(&PTR_INT64)), ("Path", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_NODE_SELECTOR_REQUIREMENT: GoType = GoType {
    name: "v1.NodeSelectorRequirement",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Key", Some(&STRING)), ("Operator", Some(&CORE_V1_NODE_SELECTOR_OPERATOR)), ("Values", Some(&SLICE_STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CONFIG_MAP_KEY_SELECTOR: GoType = GoType {
    name: "v1.ConfigMapKeySelector",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Key", Some(&STRING)), ("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_OBJECT_FIELD_SELECTOR: GoType = GoType {
    name: "v1.ObjectFieldSelector",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("APIVersion", Some(&STRING)), ("FieldPath", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_FILE_KEY_SELECTOR: GoType = GoType {
    name: "v1.FileKeySelector",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Key", Some(&STRING)), ("Optional", Some(&PTR_BOOL)), ("Path", Some(&STRING)), ("VolumeName", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_RESOURCE_FIELD_SELECTOR: GoType = GoType {
    name: "v1.ResourceFieldSelector",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("ContainerName", Some(&STRING)), ("Divisor", None), ("Resource", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_SECRET_KEY_SELECTOR: GoType = GoType {
    name: "v1.SecretKeySelector",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Key", Some(&STRING)), ("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_PERSISTENT_VOLUME_ACCESS_MODE: GoType = GoType {
    name: "v1.PersistentVolumeAccessMode",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_TYPED_LOCAL_OBJECT_REFERENCE: GoType = GoType {
    name: "v1.TypedLocalObjectReference",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("APIGroup", Some(&PTR_STRING)), ("Kind", Some(&STRING)), ("Name", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_TYPED_OBJECT_REFERENCE: GoType = GoType {
    name: "v1.TypedObjectReference",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("APIGroup", Some(&PTR_STRING)), ("Kind", Some(&STRING)), ("Name", Some(&STRING)), ("Namespace", Some(&PTR_STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_PERSISTENT_VOLUME_MODE: GoType = GoType {
    name: "v1.PersistentVolumeMode",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

pub(super) static CORE_V1_CLUSTER_TRUST_BUNDLE_PROJECTION: GoType = GoType {
    name: "v1.ClusterTrustBundleProjection",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("LabelSelector", Some(&PTR_META_V1_LABEL_SELECTOR)), ("Name", Some(&PTR_STRING)), ("Optional", Some(&PTR_BOOL)), ("Path", Some(&STRING)), ("SignerName", Some(&PTR_STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_CONFIG_MAP_PROJECTION: GoType = GoType {
    name: "v1.ConfigMapProjection",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Items", Some(&SLICE_CORE_V1_KEY_TO_PATH)), ("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_DOWNWARD_APIPROJECTION: GoType = GoType {
    name: "v1.DownwardAPIProjection",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Items", Some(&SLICE_CORE_V1_DOWNWARD_APIVOLUME_FILE))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_POD_CERTIFICATE_PROJECTION: GoType = GoType {
    name: "v1.PodCertificateProjection",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("CertificateChainPath", Some(&STRING)), ("CredentialBundlePath", Some(&STRING)), ("KeyPath", Some(&STRING)), ("KeyType", Some(&STRING)), ("MaxExpirationSeconds", Some(&PTR_INT32)), ("SignerName", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_SECRET_PROJECTION: GoType = GoType {
    name: "v1.SecretProjection",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Items", Some(&SLICE_CORE_V1_KEY_TO_PATH)), ("LocalObjectReference", Some(&CORE_V1_LOCAL_OBJECT_REFERENCE)), ("Name", Some(&STRING)), ("Optional", Some(&PTR_BOOL))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_SERVICE_ACCOUNT_TOKEN_PROJECTION: GoType = GoType {
    name: "v1.ServiceAccountTokenProjection",
    kind: Kind::Struct,
    zero: None,
    elem: None,
    fields: &[("Audience", Some(&STRING)), ("ExpirationSeconds", Some(&PTR_INT64)), ("Path", Some(&STRING))],
    methods: METHODS_2,
};

pub(super) static CORE_V1_NODE_SELECTOR_OPERATOR: GoType = GoType {
    name: "v1.NodeSelectorOperator",
    kind: Kind::Basic,
    zero: Some("\"\""),
    elem: None,
    fields: &[],
    methods: METHODS_6,
};

static METHODS_0: Methods = &[("Descriptor", None), ("GetAvailabilityZone", Some(&STRING)), ("GetBinaryPath", Some(&STRING)), ("GetCaCertificatesPem", Some(&SLICE_STRING)), ("GetClusterName", None), ("GetConcurrency", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("GetConfigPath", Some(&STRING)), ("GetConnectionSettings", Some(&PTR_V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS)), ("GetControlPlaneAuthPolicy", Some(&V1ALPHA1_AUTHENTICATION_POLICY)), ("GetCustomConfigFile", Some(&STRING)), ("GetDiscoveryAddress", Some(&STRING)), ("GetDiscoveryRefreshDelay", Some(&PTR_DURATIONPB_DURATION)), ("GetDrainDuration", Some(&PTR_DURATIONPB_DURATION)), ("GetEnvoyAccessLogService", Some(&PTR_V1ALPHA1_REMOTE_SERVICE)), ("GetEnvoyMetricsService", Some(&PTR_V1ALPHA1_REMOTE_SERVICE)), ("GetEnvoyMetricsServiceAddress", Some(&STRING)), ("GetExtraStatTags", Some(&SLICE_STRING)), ("GetFileFlushInterval", Some(&PTR_DURATIONPB_DURATION)), ("GetFileFlushMinSizeKb", Some(&UINT32)), ("GetGatewayTopology", Some(&PTR_V1ALPHA1_TOPOLOGY)), ("GetHoldApplicationUntilProxyStarts", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetImage", Some(&PTR_V1BETA1_PROXY_IMAGE)), ("GetInterceptionMode", Some(&V1ALPHA1_PROXY_CONFIG_INBOUND_INTERCEPTION_MODE)), ("GetMeshId", Some(&STRING)), ("GetPrivateKeyProvider", Some(&PTR_V1ALPHA1_PRIVATE_KEY_PROVIDER)), ("GetProxyAdminPort", Some(&INT32)), ("GetProxyBootstrapTemplatePath", Some(&STRING)), ("GetProxyHeaders", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS)), ("GetProxyMetadata", Some(&MAP_STRING_STRING)), ("GetProxyStatsMatcher", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_STATS_MATCHER)), ("GetReadinessProbe", Some(&PTR_V1ALPHA3_READINESS_PROBE)), ("GetRuntimeValues", Some(&MAP_STRING_STRING)), ("GetSds", Some(&PTR_V1ALPHA1_SDS)), ("GetServiceCluster", Some(&STRING)), ("GetStatNameLength", Some(&INT32)), ("GetStatsCompression", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetStatsdUdpAddress", Some(&STRING)), ("GetStatusPort", Some(&INT32)), ("GetTerminationDrainDuration", Some(&PTR_DURATIONPB_DURATION)), ("GetTracing", Some(&PTR_V1ALPHA1_TRACING)), ("GetTracingServiceName", Some(&V1ALPHA1_PROXY_CONFIG_TRACING_SERVICE_NAME)), ("GetZipkinAddress", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_1: Methods = &[("Descriptor", None), ("GetAccessLogEncoding", Some(&V1ALPHA1_MESH_CONFIG_ACCESS_LOG_ENCODING)), ("GetAccessLogFile", Some(&STRING)), ("GetAccessLogFormat", Some(&STRING)), ("GetCa", Some(&PTR_V1ALPHA1_MESH_CONFIG_CA)), ("GetCaCertificates", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_CERTIFICATE_DATA)), ("GetCertificates", Some(&SLICE_PTR_V1ALPHA1_CERTIFICATE)), ("GetConfigSources", Some(&SLICE_PTR_V1ALPHA1_CONFIG_SOURCE)), ("GetConnectTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetDefaultConfig", Some(&PROXY_CONFIG)), ("GetDefaultDestinationRuleExportTo", Some(&SLICE_STRING)), ("GetDefaultHttpRetryPolicy", Some(&PTR_V1ALPHA3_HTTPRETRY)), ("GetDefaultInboundHttpRetryPolicy", Some(&PTR_V1ALPHA3_HTTPRETRY)), ("GetDefaultProviders", Some(&PTR_V1ALPHA1_MESH_CONFIG_DEFAULT_PROVIDERS)), ("GetDefaultServiceExportTo", Some(&SLICE_STRING)), ("GetDefaultTrafficPolicy", Some(&PTR_V1ALPHA1_MESH_CONFIG_DEFAULT_TRAFFIC_POLICY)), ("GetDefaultVirtualServiceExportTo", Some(&SLICE_STRING)), ("GetDisableEnvoyListenerLog", Some(&BOOL)), ("GetDiscoverySelectors", Some(&SLICE_PTR_V1ALPHA1_LABEL_SELECTOR)), ("GetDnsRefreshRate", Some(&PTR_DURATIONPB_DURATION)), ("GetEnableAutoMtls", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetEnableEnvoyAccessLogService", Some(&BOOL)), ("GetEnablePrometheusMerge", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetEnableTracing", Some(&BOOL)), ("GetExtensionProviders", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER)), ("GetH2UpgradePolicy", Some(&V1ALPHA1_MESH_CONFIG_H2_UPGRADE_POLICY)), ("GetHboneIdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetInboundClusterStatName", Some(&STRING)), ("GetInboundTrafficPolicy", Some(&PTR_V1ALPHA1_MESH_CONFIG_INBOUND_TRAFFIC_POLICY)), ("GetIngressClass", Some(&STRING)), ("GetIngressControllerMode", Some(&V1ALPHA1_MESH_CONFIG_INGRESS_CONTROLLER_MODE)), ("GetIngressSelector", Some(&STRING)), ("GetIngressService", Some(&STRING)), ("GetLocalityLbSetting", Some(&PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING)), ("GetMeshMTLS", Some(&PTR_V1ALPHA1_MESH_CONFIG_TLSCONFIG)), ("GetOutboundClusterStatName", Some(&STRING)), ("GetOutboundTrafficPolicy", Some(&PTR_V1ALPHA1_MESH_CONFIG_OUTBOUND_TRAFFIC_POLICY)), ("GetPathNormalization", Some(&PTR_V1ALPHA1_MESH_CONFIG_PROXY_PATH_NORMALIZATION)), ("GetProtocolDetectionTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetProxyHttpPort", Some(&INT32)), ("GetProxyInboundListenPort", Some(&INT32)), ("GetProxyListenPort", Some(&INT32)), ("GetRootNamespace", Some(&STRING)), ("GetServiceEntryVisibility", Some(&PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY)), ("GetServiceScopeConfigs", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SCOPE_CONFIGS)), ("GetServiceSettings", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS)), ("GetTcpKeepalive", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS_TCP_KEEPALIVE)), ("GetTlsDefaults", Some(&PTR_V1ALPHA1_MESH_CONFIG_TLSCONFIG)), ("GetTrustDomain", Some(&STRING)), ("GetTrustDomainAliases", Some(&SLICE_STRING)), ("GetVerifyCertificateAtClient", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetZoneAwareLbSetting", Some(&PTR_V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_2: Methods = &[("DeepCopy", None), ("DeepCopyInto", None), ("Descriptor", None), ("Marshal", None), ("MarshalTo", None), ("MarshalToSizedBuffer", None), ("ProtoMessage", None), ("Reset", None), ("Size", None), ("String", None), ("Unmarshal", None), ("XXX_DiscardUnknown", None), ("XXX_Marshal", None), ("XXX_Merge", None), ("XXX_Size", None), ("XXX_Unmarshal", None)];
static METHODS_3: Methods = &[("DeepCopy", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetAnnotations", None), ("GetCreationTimestamp", None), ("GetDeletionGracePeriodSeconds", Some(&PTR_INT64)), ("GetDeletionTimestamp", None), ("GetFinalizers", None), ("GetGenerateName", None), ("GetGeneration", None), ("GetLabels", None), ("GetManagedFields", Some(&SLICE_META_V1_MANAGED_FIELDS_ENTRY)), ("GetName", None), ("GetNamespace", None), ("GetObjectMeta", None), ("GetOwnerReferences", None), ("GetResourceVersion", None), ("GetSelfLink", None), ("GetUID", None), ("Marshal", None), ("MarshalTo", None), ("MarshalToSizedBuffer", None), ("ProtoMessage", None), ("Reset", None), ("SetAnnotations", None), ("SetCreationTimestamp", None), ("SetDeletionGracePeriodSeconds", None), ("SetDeletionTimestamp", None), ("SetFinalizers", None), ("SetGenerateName", None), ("SetGeneration", None), ("SetLabels", None), ("SetManagedFields", None), ("SetName", None), ("SetNamespace", None), ("SetOwnerReferences", None), ("SetResourceVersion", None), ("SetSelfLink", None), ("SetUID", None), ("Size", None), ("String", None), ("Unmarshal", None), ("XXX_DiscardUnknown", None), ("XXX_Marshal", None), ("XXX_Merge", None), ("XXX_Size", None), ("XXX_Unmarshal", None)];
static METHODS_4: Methods = &[("Descriptor", None), ("GetObjectKind", None), ("GroupVersionKind", None), ("Marshal", None), ("MarshalTo", None), ("MarshalToSizedBuffer", None), ("ProtoMessage", None), ("Reset", None), ("SetGroupVersionKind", None), ("Size", None), ("String", None), ("Unmarshal", None), ("XXX_DiscardUnknown", None), ("XXX_Marshal", None), ("XXX_Merge", None), ("XXX_Size", None), ("XXX_Unmarshal", None)];
static METHODS_5: Methods = &[("MarshalLog", None), ("String", None)];
static METHODS_6: Methods = &[];
static METHODS_7: Methods = &[("Descriptor", None), ("GetValue", Some(&INT32)), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None)];
static METHODS_8: Methods = &[("Descriptor", None), ("GetClusterPerConnectionBufferLimitBytes", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("GetGlobalDownstreamConnectionLimit", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("GetHttp2InitialConnectionWindowSize", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("GetHttp2InitialStreamWindowSize", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("GetHttpDrainTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetHttpHeadersWithUnderscoresAction", Some(&V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS_HEADERS_WITH_UNDERSCORES_ACTION)), ("GetHttpIdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetHttpMaxConcurrentStreams", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("GetHttpMaxConnectionDuration", Some(&PTR_DURATIONPB_DURATION)), ("GetHttpMaxStreamDuration", Some(&PTR_DURATIONPB_DURATION)), ("GetHttpMergeSlashes", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetHttpPathWithEscapedSlashesAction", Some(&V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS_PATH_WITH_ESCAPED_SLASHES_ACTION)), ("GetHttpRequestHeadersTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetHttpRequestTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetHttpStreamIdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetListenerConnectionLimit", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("GetListenerPerConnectionBufferLimitBytes", Some(&PTR_WRAPPERSPB_INT32_VALUE)), ("GetProfile", Some(&V1ALPHA1_PROXY_CONFIG_CONNECTION_SETTINGS_PROFILE)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_9: Methods = &[("Enum", None), ("Number", None), ("String", None)];
static METHODS_10: Methods = &[("AsDuration", None), ("CheckValid", None), ("Descriptor", None), ("GetNanos", Some(&INT32)), ("GetSeconds", Some(&INT64)), ("IsValid", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None)];
static METHODS_11: Methods = &[("Descriptor", None), ("GetAddress", Some(&STRING)), ("GetTcpKeepalive", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS_TCP_KEEPALIVE)), ("GetTlsSettings", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_12: Methods = &[("Descriptor", None), ("GetForwardClientCertDetails", Some(&V1ALPHA1_FORWARD_CLIENT_CERT_DETAILS)), ("GetNumTrustedProxies", Some(&UINT32)), ("GetProxyProtocol", Some(&PTR_V1ALPHA1_TOPOLOGY_PROXY_PROTOCOL_CONFIGURATION)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_13: Methods = &[("Descriptor", None), ("GetValue", Some(&BOOL)), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None)];
static METHODS_14: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetImageType", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_15: Methods = &[("Descriptor", None), ("GetCryptomb", Some(&PTR_V1ALPHA1_PRIVATE_KEY_PROVIDER_CRYPTO_MB)), ("GetProvider", None), ("GetQat", Some(&PTR_V1ALPHA1_PRIVATE_KEY_PROVIDER_QAT)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_16: Methods = &[("Descriptor", None), ("GetAttemptCount", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_ATTEMPT_COUNT)), ("GetEnvoyDebugHeaders", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_ENVOY_DEBUG_HEADERS)), ("GetForwardedClientCert", Some(&V1ALPHA1_FORWARD_CLIENT_CERT_DETAILS)), ("GetMetadataExchangeHeaders", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_METADATA_EXCHANGE_HEADERS)), ("GetPreserveHttp1HeaderCase", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetRequestId", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_REQUEST_ID)), ("GetServer", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_SERVER)), ("GetSetCurrentClientCertDetails", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_SET_CURRENT_CLIENT_CERT_DETAILS)), ("GetXForwardedHost", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_XFORWARDED_HOST)), ("GetXForwardedPort", Some(&PTR_V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_XFORWARDED_PORT)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_17: Methods = &[("Descriptor", None), ("GetInclusionPrefixes", Some(&SLICE_STRING)), ("GetInclusionRegexps", Some(&SLICE_STRING)), ("GetInclusionSuffixes", Some(&SLICE_STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_18: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetExec", Some(&PTR_V1ALPHA3_EXEC_HEALTH_CHECK_CONFIG)), ("GetFailureThreshold", Some(&INT32)), ("GetGrpc", Some(&PTR_V1ALPHA3_GRPC_HEALTH_CHECK_CONFIG)), ("GetHealthCheckMethod", None), ("GetHttpGet", Some(&PTR_V1ALPHA3_HTTPHEALTH_CHECK_CONFIG)), ("GetInitialDelaySeconds", Some(&INT32)), ("GetPeriodSeconds", Some(&INT32)), ("GetSuccessThreshold", Some(&INT32)), ("GetTcpSocket", Some(&PTR_V1ALPHA3_TCPHEALTH_CHECK_CONFIG)), ("GetTimeoutSeconds", Some(&INT32)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_19: Methods = &[("Descriptor", None), ("GetEnabled", Some(&BOOL)), ("GetK8SSaJwtPath", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_20: Methods = &[("Descriptor", None), ("GetCustomTags", Some(&MAP_STRING_PTR_V1ALPHA1_TRACING_CUSTOM_TAG)), ("GetDatadog", Some(&PTR_V1ALPHA1_TRACING_DATADOG)), ("GetEnableIstioTags", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetLightstep", Some(&PTR_V1ALPHA1_TRACING_LIGHTSTEP)), ("GetMaxPathTagLength", Some(&UINT32)), ("GetOpenCensusAgent", Some(&PTR_V1ALPHA1_TRACING_OPEN_CENSUS_AGENT)), ("GetSampling", Some(&FLOAT64)), ("GetStackdriver", Some(&PTR_V1ALPHA1_TRACING_STACKDRIVER)), ("GetTlsSettings", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS)), ("GetTracer", None), ("GetZipkin", Some(&PTR_V1ALPHA1_TRACING_ZIPKIN)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_21: Methods = &[("Descriptor", None), ("GetAddress", Some(&STRING)), ("GetIstiodSide", Some(&BOOL)), ("GetRequestTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetTlsSettings", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_22: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetAttempts", Some(&INT32)), ("GetBackoff", Some(&PTR_DURATIONPB_DURATION)), ("GetPerTryTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetRetryIgnorePreviousHosts", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetRetryOn", Some(&STRING)), ("GetRetryRemoteLocalities", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_23: Methods = &[("Descriptor", None), ("GetAccessLogging", Some(&SLICE_STRING)), ("GetMetrics", Some(&SLICE_STRING)), ("GetTracing", Some(&SLICE_STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_24: Methods = &[("Descriptor", None), ("GetConnectionPool", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS)), ("GetOutlierDetection", Some(&PTR_V1ALPHA3_OUTLIER_DETECTION)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_25: Methods = &[("Descriptor", None), ("GetMode", Some(&V1ALPHA1_MESH_CONFIG_INBOUND_TRAFFIC_POLICY_MODE)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_26: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetDistribute", Some(&SLICE_PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_DISTRIBUTE)), ("GetEnabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetFailover", Some(&SLICE_PTR_V1ALPHA3_LOCALITY_LOAD_BALANCER_SETTING_FAILOVER)), ("GetFailoverPriority", Some(&SLICE_STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_27: Methods = &[("Descriptor", None), ("GetCipherSuites", Some(&SLICE_STRING)), ("GetEcdhCurves", Some(&SLICE_STRING)), ("GetMinProtocolVersion", Some(&V1ALPHA1_MESH_CONFIG_TLSCONFIG_TLSPROTOCOL)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_28: Methods = &[("Descriptor", None), ("GetMode", Some(&V1ALPHA1_MESH_CONFIG_OUTBOUND_TRAFFIC_POLICY_MODE)), ("GetTls", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_29: Methods = &[("Descriptor", None), ("GetNormalization", Some(&V1ALPHA1_MESH_CONFIG_PROXY_PATH_NORMALIZATION_NORMALIZATION_TYPE)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_30: Methods = &[("Descriptor", None), ("GetApplyToSidecars", Some(&BOOL)), ("GetDefaultVisibility", Some(&V1ALPHA1_SERVICE_ENTRY_VISIBILITY_VISIBILITY)), ("GetPolicies", Some(&SLICE_PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY_POLICY)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_31: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetInterval", Some(&PTR_DURATIONPB_DURATION)), ("GetProbes", Some(&UINT32)), ("GetTime", Some(&PTR_DURATIONPB_DURATION)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_32: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetEnabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetFailover", Some(&SLICE_PTR_V1ALPHA3_ZONE_AWARE_LOAD_BALANCER_SETTING_FAILOVER)), ("GetFailoverPriority", Some(&SLICE_STRING)), ("GetMinClusterSize", Some(&PTR_WRAPPERSPB_UINT32_VALUE)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_33: Methods = &[("Cpu", None), ("DeepCopy", None), ("DeepCopyInto", None), ("Memory", None), ("Name", None), ("Pods", None), ("Storage", None), ("StorageEphemeral", None)];
static METHODS_34: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetCaCertificates", Some(&STRING)), ("GetCaCrl", Some(&STRING)), ("GetClientCertificate", Some(&STRING)), ("GetCredentialName", Some(&STRING)), ("GetInsecureSkipVerify", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetMode", Some(&V1ALPHA3_CLIENT_TLSSETTINGS_TLSMODE)), ("GetPrivateKey", Some(&STRING)), ("GetSni", Some(&STRING)), ("GetSubjectAltNames", Some(&SLICE_STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_35: Methods = &[("Descriptor", None), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_36: Methods = &[("Descriptor", None), ("GetFallback", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetPollDelay", Some(&PTR_DURATIONPB_DURATION)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_37: Methods = &[("Descriptor", None), ("GetDisabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_38: Methods = &[("Descriptor", None), ("GetMode", Some(&V1ALPHA1_PROXY_CONFIG_PROXY_HEADERS_METADATA_EXCHANGE_MODE)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_39: Methods = &[("Descriptor", None), ("GetDisabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetValue", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_40: Methods = &[("Descriptor", None), ("GetCert", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetChain", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetDns", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetSubject", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("GetUri", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_41: Methods = &[("Descriptor", None), ("GetEnabled", Some(&PTR_WRAPPERSPB_BOOL_VALUE)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_42: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetCommand", Some(&SLICE_STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_43: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetPort", Some(&UINT32)), ("GetService", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_44: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetHost", Some(&STRING)), ("GetHttpHeaders", Some(&SLICE_PTR_V1ALPHA3_HTTPHEADER)), ("GetPath", Some(&STRING)), ("GetPort", Some(&UINT32)), ("GetScheme", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_45: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetHost", Some(&STRING)), ("GetPort", Some(&UINT32)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_46: Methods = &[("Descriptor", None), ("GetAddress", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_47: Methods = &[("Descriptor", None), ("GetAccessToken", Some(&STRING)), ("GetAddress", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_48: Methods = &[("Descriptor", None), ("GetAddress", Some(&STRING)), ("GetContext", Some(&SLICE_V1ALPHA1_TRACING_OPEN_CENSUS_AGENT_TRACE_CONTEXT)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_49: Methods = &[("Descriptor", None), ("GetDebug", Some(&BOOL)), ("GetMaxNumberOfAnnotations", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("GetMaxNumberOfAttributes", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("GetMaxNumberOfMessageEvents", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_50: Methods = &[("Descriptor", None), ("GetCertSigners", Some(&SLICE_STRING)), ("GetCertificateData", None), ("GetPem", Some(&STRING)), ("GetSpiffeBundleUrl", Some(&STRING)), ("GetTrustDomains", Some(&SLICE_STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_51: Methods = &[("Descriptor", None), ("GetDnsNames", Some(&SLICE_STRING)), ("GetSecretName", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_52: Methods = &[("Descriptor", None), ("GetAddress", Some(&STRING)), ("GetSubscribedResources", Some(&SLICE_V1ALPHA1_RESOURCE)), ("GetTlsSettings", Some(&PTR_V1ALPHA3_CLIENT_TLSSETTINGS)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_53: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetHttp", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS)), ("GetTcp", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_54: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetBaseEjectionTime", Some(&PTR_DURATIONPB_DURATION)), ("GetConsecutiveErrors", Some(&INT32)), ("GetConsecutiveGatewayErrors", Some(&PTR_WRAPPERSPB_UINT32_VALUE)), ("GetConsecutiveLocalOriginFailures", Some(&PTR_WRAPPERSPB_UINT32_VALUE)), ("GetConsecutive_5XxErrors", Some(&PTR_WRAPPERSPB_UINT32_VALUE)), ("GetInterval", Some(&PTR_DURATIONPB_DURATION)), ("GetMaxEjectionPercent", Some(&INT32)), ("GetMinHealthPercent", Some(&INT32)), ("GetOutlierDetectionHttpErrorCodes", Some(&SLICE_UINT32)), ("GetSplitExternalLocalOriginErrors", Some(&BOOL)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_55: Methods = &[("Descriptor", None), ("GetMatchExpressions", Some(&SLICE_PTR_V1ALPHA1_LABEL_SELECTOR_REQUIREMENT)), ("GetMatchLabels", Some(&MAP_STRING_STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_56: Methods = &[("Descriptor", None), ("GetDatadog", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_DATADOG_TRACING_PROVIDER)), ("GetEnvoyExtAuthzGrpc", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_GRPC_PROVIDER)), ("GetEnvoyExtAuthzHttp", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_HTTP_PROVIDER)), ("GetEnvoyFileAccessLog", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_FILE_ACCESS_LOG_PROVIDER)), ("GetEnvoyHttpAls", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_HTTP_GRPC_V3_LOG_PROVIDER)), ("GetEnvoyOtelAls", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_OPEN_TELEMETRY_LOG_PROVIDER)), ("GetEnvoyTcpAls", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_TCP_GRPC_V3_LOG_PROVIDER)), ("GetLightstep", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_LIGHTSTEP_TRACING_PROVIDER)), ("GetName", Some(&STRING)), ("GetOpencensus", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_CENSUS_AGENT_TRACING_PROVIDER)), ("GetOpentelemetry", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER)), ("GetPrometheus", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_PROMETHEUS_METRICS_PROVIDER)), ("GetProvider", None), ("GetSds", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_SDSPROVIDER)), ("GetSkywalking", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_SKY_WALKING_TRACING_PROVIDER)), ("GetStackdriver", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_STACKDRIVER_PROVIDER)), ("GetZipkin", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ZIPKIN_TRACING_PROVIDER)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_57: Methods = &[("Descriptor", None), ("GetNamespaceSelector", Some(&PTR_V1ALPHA1_LABEL_SELECTOR)), ("GetScope", Some(&V1ALPHA1_MESH_CONFIG_SERVICE_SCOPE_CONFIGS_SCOPE)), ("GetServicesSelector", Some(&PTR_V1ALPHA1_LABEL_SELECTOR)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_58: Methods = &[("Descriptor", None), ("GetHosts", Some(&SLICE_STRING)), ("GetSettings", Some(&PTR_V1ALPHA1_MESH_CONFIG_SERVICE_SETTINGS_SETTINGS)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_59: Methods = &[("Descriptor", None), ("GetValue", Some(&UINT32)), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None)];
static METHODS_60: Methods = &[("DeepCopy", None), ("DeepCopyInto", None), ("Descriptor", None), ("Marshal", None), ("MarshalTo", None), ("MarshalToSizedBuffer", None), ("MatchToleration", None), ("ProtoMessage", None), ("Reset", None), ("Size", None), ("String", None), ("ToleratesTaint", None), ("Unmarshal", None), ("XXX_DiscardUnknown", None), ("XXX_Marshal", None), ("XXX_Merge", None), ("XXX_Size", None), ("XXX_Unmarshal", None)];
static METHODS_61: Methods = &[("Descriptor", None), ("GetEnvironment", Some(&PTR_V1ALPHA1_TRACING_ENVIRONMENT)), ("GetHeader", Some(&PTR_V1ALPHA1_TRACING_REQUEST_HEADER)), ("GetLiteral", Some(&PTR_V1ALPHA1_TRACING_LITERAL)), ("GetType", None), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_62: Methods = &[("Descriptor", None), ("GetValue", Some(&INT64)), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None)];
static METHODS_63: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetH2UpgradePolicy", Some(&V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS_H2_UPGRADE_POLICY)), ("GetHttp1MaxPendingRequests", Some(&INT32)), ("GetHttp2KeepAlive", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_HTTPSETTINGS_CONNECTION_KEEPALIVE)), ("GetHttp2MaxRequests", Some(&INT32)), ("GetIdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetMaxConcurrentStreams", Some(&INT32)), ("GetMaxRequestsPerConnection", Some(&INT32)), ("GetMaxRetries", Some(&INT32)), ("GetUseClientProtocol", Some(&BOOL)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_64: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetConnectTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetIdleTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetMaxConnectionDuration", Some(&PTR_DURATIONPB_DURATION)), ("GetMaxConnections", Some(&INT32)), ("GetTcpKeepalive", Some(&PTR_V1ALPHA3_CONNECTION_POOL_SETTINGS_TCPSETTINGS_TCP_KEEPALIVE)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_65: Methods = &[("Descriptor", None), ("GetMaxTagLength", Some(&UINT32)), ("GetPort", Some(&UINT32)), ("GetService", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_66: Methods = &[("Descriptor", None), ("GetClearRouteCache", Some(&BOOL)), ("GetFailOpen", Some(&BOOL)), ("GetIncludeRequestBodyInCheck", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_REQUEST_BODY)), ("GetPort", Some(&UINT32)), ("GetService", Some(&STRING)), ("GetStatusOnError", Some(&STRING)), ("GetTimeout", Some(&PTR_DURATIONPB_DURATION)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_67: Methods = &[("Descriptor", None), ("GetClearRouteCache", Some(&BOOL)), ("GetFailOpen", Some(&BOOL)), ("GetHeadersToDownstreamOnAllow", Some(&SLICE_STRING)), ("GetHeadersToDownstreamOnDeny", Some(&SLICE_STRING)), ("GetHeadersToUpstreamOnAllow", Some(&SLICE_STRING)), ("GetIncludeAdditionalHeadersInCheck", Some(&MAP_STRING_STRING)), ("GetIncludeHeadersInCheck", Some(&SLICE_STRING)), ("GetIncludeRequestBodyInCheck", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_EXTERNAL_AUTHORIZATION_REQUEST_BODY)), ("GetIncludeRequestHeadersInCheck", Some(&SLICE_STRING)), ("GetPathPrefix", Some(&STRING)), ("GetPort", Some(&UINT32)), ("GetService", Some(&STRING)), ("GetStatusOnError", Some(&STRING)), ("GetTimeout", Some(&PTR_DURATIONPB_DURATION)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_68: Methods = &[("Descriptor", None), ("GetLogFormat", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_FILE_ACCESS_LOG_PROVIDER_LOG_FORMAT)), ("GetOmitEmptyValues", Some(&BOOL)), ("GetPath", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_69: Methods = &[("Descriptor", None), ("GetAdditionalRequestHeadersToLog", Some(&SLICE_STRING)), ("GetAdditionalResponseHeadersToLog", Some(&SLICE_STRING)), ("GetAdditionalResponseTrailersToLog", Some(&SLICE_STRING)), ("GetFilterStateObjectsToLog", Some(&SLICE_STRING)), ("GetLogName", Some(&STRING)), ("GetPort", Some(&UINT32)), ("GetService", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_70: Methods = &[("Descriptor", None), ("GetLogFormat", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ENVOY_OPEN_TELEMETRY_LOG_PROVIDER_LOG_FORMAT)), ("GetLogName", Some(&STRING)), ("GetPort", Some(&UINT32)), ("GetService", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_71: Methods = &[("Descriptor", None), ("GetFilterStateObjectsToLog", Some(&SLICE_STRING)), ("GetLogName", Some(&STRING)), ("GetPort", Some(&UINT32)), ("GetService", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_72: Methods = &[("Descriptor", None), ("GetAccessToken", Some(&STRING)), ("GetMaxTagLength", Some(&UINT32)), ("GetPort", Some(&UINT32)), ("GetService", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_73: Methods = &[("Descriptor", None), ("GetContext", Some(&SLICE_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_CENSUS_AGENT_TRACING_PROVIDER_TRACE_CONTEXT)), ("GetMaxTagLength", Some(&UINT32)), ("GetPort", Some(&UINT32)), ("GetService", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_74: Methods = &[("Descriptor", None), ("GetDynatraceSampler", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER_DYNATRACE_SAMPLER)), ("GetGrpc", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_GRPC_SERVICE)), ("GetHttp", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_SERVICE)), ("GetMaxTagLength", Some(&UINT32)), ("GetPort", Some(&UINT32)), ("GetResourceDetectors", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS)), ("GetSampling", None), ("GetService", Some(&STRING)), ("GetServiceAttributeEnrichment", Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_SERVICE_ATTRIBUTE_ENRICHMENT)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_75: Methods = &[("Descriptor", None), ("GetName", Some(&STRING)), ("GetPort", Some(&UINT32)), ("GetService", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_76: Methods = &[("Descriptor", None), ("GetAccessToken", Some(&STRING)), ("GetPort", Some(&UINT32)), ("GetService", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_77: Methods = &[("Descriptor", None), ("GetDebug", Some(&BOOL)), ("GetLogging", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_STACKDRIVER_PROVIDER_LOGGING)), ("GetMaxNumberOfAnnotations", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("GetMaxNumberOfAttributes", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("GetMaxNumberOfMessageEvents", Some(&PTR_WRAPPERSPB_INT64_VALUE)), ("GetMaxTagLength", Some(&UINT32)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_78: Methods = &[("Descriptor", None), ("GetEnable_64BitTraceId", Some(&BOOL)), ("GetHeaders", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER)), ("GetMaxTagLength", Some(&UINT32)), ("GetPath", Some(&STRING)), ("GetPort", Some(&UINT32)), ("GetService", Some(&STRING)), ("GetTimeout", Some(&PTR_DURATIONPB_DURATION)), ("GetTraceContextOption", Some(&V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_ZIPKIN_TRACING_PROVIDER_TRACE_CONTEXT_OPTION)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_79: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetFrom", Some(&STRING)), ("GetTo", Some(&MAP_STRING_UINT32)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_80: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetFrom", Some(&STRING)), ("GetTo", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_81: Methods = &[("Descriptor", None), ("GetMatchingRules", Some(&SLICE_PTR_V1ALPHA1_SERVICE_ENTRY_VISIBILITY_MATCH_RULE)), ("GetVisibility", Some(&V1ALPHA1_SERVICE_ENTRY_VISIBILITY_VISIBILITY)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_82: Methods = &[("Descriptor", None), ("GetClusterLocal", Some(&BOOL)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_83: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetName", Some(&STRING)), ("GetValue", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_84: Methods = &[("Descriptor", None), ("GetDefaultValue", Some(&STRING)), ("GetName", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_85: Methods = &[("Descriptor", None), ("GetValue", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_86: Methods = &[("DeepCopy", None), ("DeepCopyInterface", None), ("DeepCopyInto", None), ("Descriptor", None), ("GetInterval", Some(&PTR_DURATIONPB_DURATION)), ("GetTimeout", Some(&PTR_DURATIONPB_DURATION)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_87: Methods = &[("Descriptor", None), ("GetKey", Some(&STRING)), ("GetOperator", Some(&STRING)), ("GetValues", Some(&SLICE_STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_88: Methods = &[("Descriptor", None), ("GetAllowPartialMessage", Some(&BOOL)), ("GetMaxRequestBytes", Some(&UINT32)), ("GetPackAsBytes", Some(&BOOL)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_89: Methods = &[("Descriptor", None), ("GetLabels", Some(&PTR_STRUCTPB_STRUCT)), ("GetLogFormat", None), ("GetText", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_90: Methods = &[("Descriptor", None), ("GetLabels", Some(&PTR_STRUCTPB_STRUCT)), ("GetText", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_91: Methods = &[("Descriptor", None), ("GetInitialMetadata", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER)), ("GetTimeout", Some(&PTR_DURATIONPB_DURATION)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_92: Methods = &[("Descriptor", None), ("GetHeaders", Some(&SLICE_PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_HEADER)), ("GetPath", Some(&STRING)), ("GetTimeout", Some(&PTR_DURATIONPB_DURATION)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_93: Methods = &[("Descriptor", None), ("GetDynatrace", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS_DYNATRACE_RESOURCE_DETECTOR)), ("GetEnvironment", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_RESOURCE_DETECTORS_ENVIRONMENT_RESOURCE_DETECTOR)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_94: Methods = &[("Descriptor", None), ("GetClusterId", Some(&INT32)), ("GetHttpService", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_OPEN_TELEMETRY_TRACING_PROVIDER_DYNATRACE_SAMPLER_DYNATRACE_API)), ("GetRootSpansPerMinute", Some(&UINT32)), ("GetTenant", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_95: Methods = &[("Descriptor", None), ("GetLabels", Some(&MAP_STRING_STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_96: Methods = &[("Descriptor", None), ("GetHttp", Some(&PTR_V1ALPHA1_MESH_CONFIG_EXTENSION_PROVIDER_HTTP_SERVICE)), ("GetPort", Some(&UINT32)), ("GetService", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_97: Methods = &[("Descriptor", None), ("GetEnvName", Some(&STRING)), ("GetHeaderValue", None), ("GetName", Some(&STRING)), ("GetValue", Some(&STRING)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_98: Methods = &[("Descriptor", None), ("GetMatcher", None), ("GetNamespaceSelector", Some(&PTR_V1ALPHA1_LABEL_SELECTOR)), ("MarshalJSON", None), ("ProtoMessage", None), ("ProtoReflect", None), ("Reset", None), ("String", None), ("UnmarshalJSON", None)];
static METHODS_99: Methods = &[("String", None)];
