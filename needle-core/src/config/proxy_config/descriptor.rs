//! `istio.mesh.v1alpha1.ProxyConfig` and the messages inside it, each field in the order its
//! `.proto` declares it (istio.io/api v1.31.0-rc.0.0.20260824154656-b943409680a7:
//! mesh/v1alpha1/proxy.proto, networking/v1alpha3/destination_rule.proto and
//! workload_group.proto, networking/v1beta1/proxy_config.proto). Istio writes `PROXY_CONFIG`
//! with golang/protobuf's `jsonpb`, which walks a message's fields in that order, so this is
//! the order of the agent's ProxyConfig text (`compat::go_json`). A oneof's members stand
//! together, where the `.proto` declares the oneof.

use crate::compat::go_json::Message;
use crate::compat::go_json::Proto::{Enum, Int64, MapOf, Message as Msg, Scalar, Set};

pub static PROXY_CONFIG: Message = Message {
    fields: &[
        ("config_path", Scalar),
        ("binary_path", Scalar),
        // oneof cluster_name
        ("service_cluster", Set),
        ("tracing_service_name", Set),
        ("drain_duration", Set),
        ("discovery_address", Scalar),
        ("discovery_refresh_delay", Set),
        ("zipkin_address", Scalar),
        ("statsd_udp_address", Scalar),
        ("envoy_metrics_service_address", Scalar),
        ("proxy_admin_port", Scalar),
        ("availability_zone", Scalar),
        ("control_plane_auth_policy", Enum("NONE")),
        ("custom_config_file", Scalar),
        ("stat_name_length", Scalar),
        ("concurrency", Set),
        ("proxy_bootstrap_template_path", Scalar),
        ("interception_mode", Enum("REDIRECT")),
        ("tracing", Msg(&TRACING)),
        ("sds", Msg(&SDS)),
        ("envoy_access_log_service", Msg(&REMOTE_SERVICE)),
        ("envoy_metrics_service", Msg(&REMOTE_SERVICE)),
        ("proxy_metadata", Scalar),
        ("runtime_values", Scalar),
        ("status_port", Scalar),
        ("extra_stat_tags", Scalar),
        ("gateway_topology", Msg(&TOPOLOGY)),
        ("termination_drain_duration", Set),
        ("mesh_id", Scalar),
        ("readiness_probe", Msg(&READINESS_PROBE)),
        ("proxy_stats_matcher", Msg(&PROXY_STATS_MATCHER)),
        ("hold_application_until_proxy_starts", Set),
        ("ca_certificates_pem", Scalar),
        ("image", Msg(&PROXY_IMAGE)),
        ("private_key_provider", Msg(&PRIVATE_KEY_PROVIDER)),
        ("proxy_headers", Msg(&PROXY_HEADERS)),
        ("file_flush_interval", Set),
        ("file_flush_min_size_kb", Scalar),
        ("stats_compression", Set),
        ("connection_settings", Msg(&CONNECTION_SETTINGS)),
    ],
};

static TRACING: Message = Message {
    fields: &[
        // oneof tracer
        ("zipkin", Msg(&ADDRESS)),
        ("lightstep", Msg(&LIGHTSTEP)),
        ("datadog", Msg(&ADDRESS)),
        ("stackdriver", Msg(&STACKDRIVER)),
        ("open_census_agent", Msg(&OPEN_CENSUS_AGENT)),
        ("custom_tags", MapOf(&CUSTOM_TAG)),
        ("max_path_tag_length", Scalar),
        ("sampling", Scalar),
        ("tls_settings", Msg(&CLIENT_TLS_SETTINGS)),
        ("enable_istio_tags", Set),
    ],
};

/// `Tracing.Zipkin` and `Tracing.Datadog`.
static ADDRESS: Message = Message {
    fields: &[("address", Scalar)],
};

static LIGHTSTEP: Message = Message {
    fields: &[("address", Scalar), ("access_token", Scalar)],
};

static STACKDRIVER: Message = Message {
    fields: &[
        ("debug", Scalar),
        ("max_number_of_attributes", Int64),
        ("max_number_of_annotations", Int64),
        ("max_number_of_message_events", Int64),
    ],
};

static OPEN_CENSUS_AGENT: Message = Message {
    fields: &[("address", Scalar), ("context", Scalar)],
};

static CUSTOM_TAG: Message = Message {
    fields: &[
        // oneof type
        ("literal", Msg(&LITERAL)),
        ("environment", Msg(&NAME_AND_DEFAULT)),
        ("header", Msg(&NAME_AND_DEFAULT)),
    ],
};

static LITERAL: Message = Message {
    fields: &[("value", Scalar)],
};

/// `Tracing.Environment` and `Tracing.RequestHeader`.
static NAME_AND_DEFAULT: Message = Message {
    fields: &[("name", Scalar), ("default_value", Scalar)],
};

/// `istio.networking.v1alpha3.ClientTLSSettings`.
static CLIENT_TLS_SETTINGS: Message = Message {
    fields: &[
        ("mode", Enum("DISABLE")),
        ("client_certificate", Scalar),
        ("private_key", Scalar),
        ("ca_certificates", Scalar),
        ("credential_name", Scalar),
        ("subject_alt_names", Scalar),
        ("sni", Scalar),
        ("insecure_skip_verify", Set),
        ("ca_crl", Scalar),
    ],
};

static SDS: Message = Message {
    fields: &[("enabled", Scalar), ("k8s_sa_jwt_path", Scalar)],
};

static REMOTE_SERVICE: Message = Message {
    fields: &[
        ("address", Scalar),
        ("tls_settings", Msg(&CLIENT_TLS_SETTINGS)),
        ("tcp_keepalive", Msg(&TCP_KEEPALIVE)),
    ],
};

/// `istio.networking.v1alpha3.ConnectionPoolSettings.TCPSettings.TcpKeepalive`.
static TCP_KEEPALIVE: Message = Message {
    fields: &[("probes", Scalar), ("time", Set), ("interval", Set)],
};

static TOPOLOGY: Message = Message {
    fields: &[
        ("num_trusted_proxies", Scalar),
        ("forward_client_cert_details", Enum("UNDEFINED")),
        ("proxy_protocol", Msg(&EMPTY)),
    ],
};

static EMPTY: Message = Message { fields: &[] };

/// `istio.networking.v1alpha3.ReadinessProbe`.
static READINESS_PROBE: Message = Message {
    fields: &[
        ("initial_delay_seconds", Scalar),
        ("timeout_seconds", Scalar),
        ("period_seconds", Scalar),
        ("success_threshold", Scalar),
        ("failure_threshold", Scalar),
        // oneof health_check_method
        ("http_get", Msg(&HTTP_HEALTH_CHECK)),
        ("tcp_socket", Msg(&TCP_HEALTH_CHECK)),
        ("exec", Msg(&EXEC_HEALTH_CHECK)),
        ("grpc", Msg(&GRPC_HEALTH_CHECK)),
    ],
};

static HTTP_HEALTH_CHECK: Message = Message {
    fields: &[
        ("path", Scalar),
        ("port", Scalar),
        ("host", Scalar),
        ("scheme", Scalar),
        ("http_headers", Msg(&HTTP_HEADER)),
    ],
};

static HTTP_HEADER: Message = Message {
    fields: &[("name", Scalar), ("value", Scalar)],
};

static TCP_HEALTH_CHECK: Message = Message {
    fields: &[("host", Scalar), ("port", Scalar)],
};

static EXEC_HEALTH_CHECK: Message = Message {
    fields: &[("command", Scalar)],
};

static GRPC_HEALTH_CHECK: Message = Message {
    fields: &[("port", Scalar), ("service", Scalar)],
};

static PROXY_STATS_MATCHER: Message = Message {
    fields: &[
        ("inclusion_prefixes", Scalar),
        ("inclusion_suffixes", Scalar),
        ("inclusion_regexps", Scalar),
    ],
};

/// `istio.networking.v1beta1.ProxyImage`.
static PROXY_IMAGE: Message = Message {
    fields: &[("image_type", Scalar)],
};

static PRIVATE_KEY_PROVIDER: Message = Message {
    fields: &[
        // oneof provider
        ("cryptomb", Msg(&POLLED_PROVIDER)),
        ("qat", Msg(&POLLED_PROVIDER)),
    ],
};

/// `PrivateKeyProvider.CryptoMb` and `PrivateKeyProvider.QAT`.
static POLLED_PROVIDER: Message = Message {
    fields: &[("poll_delay", Set), ("fallback", Set)],
};

static PROXY_HEADERS: Message = Message {
    fields: &[
        ("forwarded_client_cert", Enum("UNDEFINED")),
        (
            "set_current_client_cert_details",
            Msg(&SET_CURRENT_CLIENT_CERT_DETAILS),
        ),
        ("request_id", Msg(&DISABLED)),
        ("server", Msg(&SERVER_HEADER)),
        ("attempt_count", Msg(&DISABLED)),
        ("envoy_debug_headers", Msg(&DISABLED)),
        ("metadata_exchange_headers", Msg(&METADATA_EXCHANGE_HEADERS)),
        ("preserve_http1_header_case", Set),
        ("x_forwarded_host", Msg(&ENABLED)),
        ("x_forwarded_port", Msg(&ENABLED)),
    ],
};

static SET_CURRENT_CLIENT_CERT_DETAILS: Message = Message {
    fields: &[
        ("subject", Set),
        ("cert", Set),
        ("chain", Set),
        ("dns", Set),
        ("uri", Set),
    ],
};

/// `ProxyHeaders.RequestId`, `AttemptCount` and `EnvoyDebugHeaders`.
static DISABLED: Message = Message {
    fields: &[("disabled", Set)],
};

static SERVER_HEADER: Message = Message {
    fields: &[("disabled", Set), ("value", Scalar)],
};

static METADATA_EXCHANGE_HEADERS: Message = Message {
    fields: &[("mode", Enum("UNDEFINED"))],
};

/// `ProxyHeaders.XForwardedHost` and `XForwardedPort`.
static ENABLED: Message = Message {
    fields: &[("enabled", Set)],
};

static CONNECTION_SETTINGS: Message = Message {
    fields: &[
        ("profile", Enum("SIDECAR")),
        ("listener_per_connection_buffer_limit_bytes", Set),
        ("cluster_per_connection_buffer_limit_bytes", Set),
        ("http_idle_timeout", Set),
        ("http_max_connection_duration", Set),
        ("http_drain_timeout", Set),
        ("http_request_timeout", Set),
        ("http_request_headers_timeout", Set),
        ("http_stream_idle_timeout", Set),
        ("http_max_stream_duration", Set),
        ("http_max_concurrent_streams", Set),
        ("http2_initial_stream_window_size", Set),
        ("http2_initial_connection_window_size", Set),
        (
            "http_headers_with_underscores_action",
            Enum("HEADERS_WITH_UNDERSCORES_UNSPECIFIED"),
        ),
        ("http_merge_slashes", Set),
        (
            "http_path_with_escaped_slashes_action",
            Enum("PATH_WITH_ESCAPED_SLASHES_UNSPECIFIED"),
        ),
        ("listener_connection_limit", Set),
        ("global_downstream_connection_limit", Set),
    ],
};
