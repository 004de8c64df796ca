//! The Go types of Istio's template data (`inject.SidecarTemplateData`), as far as the
//! translation follows them: which fields a typed struct has (Go fails the render on any
//! other: `can't evaluate field X in type T`), which values are `interface {}` from
//! `.Values` (a map: a missing key is no error, a field of a nil or of a non-map is), and
//! which are plain strings, integers or booleans (no fields at all).

use super::value::json_name;
use crate::core::compat::normalize::{object_meta_has, pod_spec_has};
use crate::core::config::proxy_config::PROXY_CONFIG_FIELDS;

/// What the translation knows of a value's Go type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum GoTy {
    /// `*inject.SidecarTemplateData`, the template's dot at the top.
    Data,
    /// `*v1alpha1.ProxyConfig` (`.ProxyConfig`, `.MeshConfig.DefaultConfig`).
    ProxyConfig,
    /// `*v1alpha1.MeshConfig`.
    MeshConfig,
    /// `v1.PodSpec`.
    PodSpec,
    /// `v1.ObjectMeta`.
    ObjectMeta,
    /// `[]v1.Container` (`.Spec.Containers`, `.Spec.InitContainers`).
    Containers,
    /// `v1.Container`, an item of those.
    Container,
    /// `v1.TypeMeta`.
    TypeMeta,
    /// `types.NamespacedName` (`.DeploymentMeta`).
    NamespacedName,
    /// A value of `map[string]any` (`.Values` and what is inside it): `interface {}`.
    Any,
    /// A pointer to a Kubernetes struct of this Go type (`*v1.PodSecurityContext`): nil when
    /// the pod leaves it out, and then a field of it fails (its methods do not).
    Pointer(&'static str),
    /// A string, integer or boolean field, of this Go type.
    Scalar(&'static str),
    /// Anything else (a function's result, a struct deeper down): read leniently.
    Unknown,
}

/// The fields of `SidecarTemplateData` and their types.
const DATA_FIELDS: [(&str, GoTy); 15] = [
    ("TypeMeta", GoTy::TypeMeta),
    ("DeploymentMeta", GoTy::NamespacedName),
    ("ObjectMeta", GoTy::ObjectMeta),
    ("Spec", GoTy::PodSpec),
    ("ProxyConfig", GoTy::ProxyConfig),
    ("MeshConfig", GoTy::MeshConfig),
    ("Values", GoTy::Any),
    ("Revision", GoTy::Scalar("string")),
    ("NativeSidecars", GoTy::Scalar("bool")),
    ("ProxyImage", GoTy::Scalar("string")),
    ("ProxyInitImage", GoTy::Scalar("string")),
    ("ProxyUID", GoTy::Scalar("int64")),
    ("ProxyGID", GoTy::Scalar("int64")),
    ("InboundTrafficPolicyMode", GoTy::Scalar("string")),
    ("CompliancePolicy", GoTy::Scalar("string")),
];

/// The Go fields of Kubernetes' `v1.Container` (k8s.io/api v0.34.4).
const CONTAINER_FIELDS: [&str; 25] = [
    "Name",
    "Image",
    "Command",
    "Args",
    "WorkingDir",
    "Ports",
    "EnvFrom",
    "Env",
    "Resources",
    "ResizePolicy",
    "RestartPolicy",
    "RestartPolicyRules",
    "VolumeMounts",
    "VolumeDevices",
    "LivenessProbe",
    "ReadinessProbe",
    "StartupProbe",
    "Lifecycle",
    "TerminationMessagePath",
    "TerminationMessagePolicy",
    "ImagePullPolicy",
    "SecurityContext",
    "Stdin",
    "StdinOnce",
    "TTY",
];

/// Whether `name` is a method every Kubernetes API struct has (which a nil one runs too).
pub(super) fn is_kubernetes_method(name: &str) -> bool {
    KUBERNETES_METHODS.contains(&name)
}

/// The methods every Kubernetes API struct has (generated deep copies and protobuf).
const KUBERNETES_METHODS: [&str; 6] = [
    "String",
    "DeepCopy",
    "Size",
    "Marshal",
    "ProtoMessage",
    "Descriptor",
];

/// The Go fields of `istio.mesh.v1alpha1.MeshConfig` (istio.io/api's `config.pb.go`).
const MESH_CONFIG_FIELDS: [&str; 50] = [
    "ProxyListenPort",
    "ProxyInboundListenPort",
    "ProxyHttpPort",
    "ConnectTimeout",
    "HboneIdleTimeout",
    "ProtocolDetectionTimeout",
    "TcpKeepalive",
    "IngressClass",
    "IngressService",
    "IngressControllerMode",
    "IngressSelector",
    "EnableTracing",
    "AccessLogFile",
    "AccessLogFormat",
    "AccessLogEncoding",
    "EnableEnvoyAccessLogService",
    "DisableEnvoyListenerLog",
    "DefaultConfig",
    "OutboundTrafficPolicy",
    "InboundTrafficPolicy",
    "ConfigSources",
    "EnableAutoMtls",
    "TrustDomain",
    "TrustDomainAliases",
    "CaCertificates",
    "DefaultServiceExportTo",
    "DefaultVirtualServiceExportTo",
    "DefaultDestinationRuleExportTo",
    "RootNamespace",
    "LocalityLbSetting",
    "ZoneAwareLbSetting",
    "DnsRefreshRate",
    "H2UpgradePolicy",
    "InboundClusterStatName",
    "OutboundClusterStatName",
    "Certificates",
    "ServiceSettings",
    "ServiceScopeConfigs",
    "EnablePrometheusMerge",
    "VerifyCertificateAtClient",
    "Ca",
    "ExtensionProviders",
    "DefaultProviders",
    "DiscoverySelectors",
    "PathNormalization",
    "DefaultHttpRetryPolicy",
    "MeshMTLS",
    "TlsDefaults",
    "DefaultTrafficPolicy",
    "ServiceEntryVisibility",
];

impl GoTy {
    /// The type's name as Go's errors print it; `None` where the translation does not
    /// check the type's fields.
    pub(super) fn name(self) -> Option<&'static str> {
        Some(match self {
            GoTy::Data => "*inject.SidecarTemplateData",
            GoTy::ProxyConfig => "*v1alpha1.ProxyConfig",
            GoTy::MeshConfig => "*v1alpha1.MeshConfig",
            GoTy::PodSpec => "v1.PodSpec",
            GoTy::ObjectMeta => "v1.ObjectMeta",
            GoTy::Containers => "[]v1.Container",
            GoTy::Container => "v1.Container",
            GoTy::TypeMeta => "v1.TypeMeta",
            GoTy::NamespacedName => "types.NamespacedName",
            GoTy::Any => "interface {}",
            GoTy::Scalar(t) | GoTy::Pointer(t) => t,
            GoTy::Unknown => return None,
        })
    }

    /// The type of field `name` of a value of this type: `Err` where Go has no such field
    /// (or method); `Ok(Unknown)` where the translation does not know.
    pub(super) fn field(self, name: &str) -> Result<GoTy, ()> {
        // Protobuf messages and Kubernetes structs have `GetX` getters and `String`.
        let getter = |has: &dyn Fn(&str) -> bool| {
            has(name) || name.strip_prefix("Get").is_some_and(has) || name == "String"
        };
        let known = match self {
            GoTy::Data => {
                return DATA_FIELDS
                    .iter()
                    .find(|(f, _)| *f == name)
                    .map(|(_, t)| *t)
                    .ok_or(());
            }
            GoTy::ProxyConfig => getter(&proxy_config_has),
            GoTy::MeshConfig => {
                let has = |n: &str| MESH_CONFIG_FIELDS.contains(&n);
                if name == "DefaultConfig" || name == "GetDefaultConfig" {
                    return Ok(GoTy::ProxyConfig);
                }
                getter(&has)
            }
            GoTy::PodSpec => {
                if matches!(name, "Containers" | "InitContainers") {
                    return Ok(GoTy::Containers);
                }
                pod_spec_has(&json_name(name)) || KUBERNETES_METHODS.contains(&name)
            }
            GoTy::Container => {
                CONTAINER_FIELDS.contains(&name) || KUBERNETES_METHODS.contains(&name)
            }
            GoTy::Containers => false,
            GoTy::ObjectMeta => {
                let has = |n: &str| object_meta_has(&json_name(n));
                has(name)
                    || name.strip_prefix("Get").is_some_and(has)
                    || KUBERNETES_METHODS.contains(&name)
            }
            GoTy::TypeMeta => {
                matches!(
                    name,
                    "Kind" | "APIVersion" | "GetObjectKind" | "GroupVersionKind"
                )
            }
            GoTy::NamespacedName => matches!(name, "Namespace" | "Name" | "String"),
            GoTy::Scalar(_) => false,
            GoTy::Any => return Ok(GoTy::Any),
            GoTy::Pointer(_) => return Ok(GoTy::Unknown),
            GoTy::Unknown => return Ok(GoTy::Unknown),
        };
        if !known {
            return Err(());
        }
        // The plain fields templates read (others are read leniently).
        Ok(match (self, name) {
            (GoTy::TypeMeta | GoTy::NamespacedName, "Kind" | "APIVersion" | "Name")
            | (GoTy::NamespacedName, "Namespace" | "String")
            | (
                GoTy::ObjectMeta,
                "Name" | "GetName" | "Namespace" | "GetNamespace" | "GenerateName"
                | "GetGenerateName" | "ResourceVersion" | "GetResourceVersion",
            )
            | (
                GoTy::PodSpec,
                "ServiceAccountName" | "NodeName" | "Hostname" | "Subdomain" | "SchedulerName"
                | "PriorityClassName",
            ) => GoTy::Scalar("string"),
            (GoTy::PodSpec, "HostNetwork" | "HostPID" | "HostIPC") => GoTy::Scalar("bool"),
            (GoTy::PodSpec, "SecurityContext") => GoTy::Pointer("*v1.PodSecurityContext"),
            (GoTy::PodSpec, "Affinity") => GoTy::Pointer("*v1.Affinity"),
            (GoTy::PodSpec, "DNSConfig") => GoTy::Pointer("*v1.PodDNSConfig"),
            (GoTy::PodSpec, "OS") => GoTy::Pointer("*v1.PodOS"),
            (GoTy::PodSpec, "Resources") => GoTy::Pointer("*v1.ResourceRequirements"),
            (GoTy::Container, "SecurityContext") => GoTy::Pointer("*v1.SecurityContext"),
            (GoTy::Container, "LivenessProbe" | "ReadinessProbe" | "StartupProbe") => {
                GoTy::Pointer("*v1.Probe")
            }
            (GoTy::Container, "Lifecycle") => GoTy::Pointer("*v1.Lifecycle"),
            (GoTy::Container, "Name" | "Image" | "WorkingDir" | "TerminationMessagePath") => {
                GoTy::Scalar("string")
            }
            _ => GoTy::Unknown,
        })
    }

    /// The type of the items `range` gives over a value of this type (and of the dot of
    /// `with`): what is inside `.Values` is `interface {}` too.
    pub(super) fn items(self) -> GoTy {
        match self {
            GoTy::Any => GoTy::Any,
            GoTy::Containers => GoTy::Container,
            _ => GoTy::Unknown,
        }
    }
}

/// Whether `name` is a field of Istio's `ProxyConfig` message in Go: its JSON name
/// capitalized.
fn proxy_config_has(name: &str) -> bool {
    let go_name = |json: &&str| {
        let mut c = json.chars();
        c.next()
            .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
            .unwrap_or_default()
    };
    PROXY_CONFIG_FIELDS.iter().any(|f| go_name(f) == name)
}
