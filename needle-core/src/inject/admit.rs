//! The one admission function: a pod in, the decision and its reason out. The server,
//! kube-inject, the tests and the benchmark call it; none calls the pipeline steps itself
//! (Istio's `injectPod` plays this part for its webhook and istioctl).

use crate::compat::normalize;
use crate::config::injector::{Policy, SelectionConfig};
use crate::config::proxy_config::resources::ProxyConfigs;
use crate::inject::Snapshot;
use crate::inject::context::Owner;
use crate::inject::native::{self, Native, NativeMode, Nodes};
use crate::inject::patch::Patch;
use crate::inject::pipeline::{self, InjectError, Injected};
use crate::inject::pod;
use crate::inject::replicas::{Answer, Key, ReplicaCache, Shared, TokenVolume};
use crate::inject::select::{Why, inject_required};
use crate::label::Labelled;
use crate::volatile;
use serde_json::Value;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Where the time comes from (templates read it through Sprig's `now` and date functions): the
/// command gives the system clock; the default is a clock stopped at the Unix epoch.
pub type Clock = fn() -> std::time::SystemTime;

/// The injector's own settings, fixed for the life of the process (not in the config files):
/// read once at start-up by the command (`cli::args::injector_settings`), so the core reads
/// no process state.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The control plane revision, as templates see it (`.Revision`); "" and `default` are
    /// both the default revision (istiod runs as `default`, istioctl with "").
    pub revision: String,
    /// `ENABLE_NATIVE_SIDECARS` of the injector process.
    pub native_sidecars: NativeMode,
    /// `COMPLIANCE_POLICY` of the injector process.
    pub compliance_policy: String,
    /// `PLATFORM=openshift`: the server reads Namespaces for their UID ranges and gives the
    /// pod's to the admission (`Admission::openshift_namespace`).
    pub openshift: bool,
    pub clock: Clock,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            revision: String::new(),
            native_sidecars: NativeMode::default(),
            compliance_policy: String::new(),
            openshift: false,
            clock: || std::time::SystemTime::UNIX_EPOCH,
        }
    }
}

/// Who admits the pod; kube-inject differs from the webhook in small ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    /// The admission webhook: config default templates and injectedAnnotations apply.
    Webhook,
    /// Offline injection: templates default to `sidecar`, no injectedAnnotations.
    KubeInject,
}

/// How a pod that carries a previous injection (`sidecar.istio.io/status`) is injected again.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Reinjection {
    /// As Istio does: the templates win over the containers the previous injection added,
    /// the user's own overrides of them included.
    #[default]
    Istio,
    /// As the pod's first injection went (`needle audit`): the user's containers recorded in
    /// `proxy.istio.io/overrides` are laid over the templates again, so a pod comes back
    /// unchanged exactly when the first injection would give it now.
    Replay,
}

/// A pod as the injection reads it: without managedFields, in the request's namespace when it
/// names none, normalized as Go's typed Pod would be (A4). Only `new` makes one, so holding
/// one is proof.
#[derive(Debug, Clone, Default)]
pub struct NormalizedPod(Value);

impl NormalizedPod {
    /// `pod`, normalized in place, in the request's `namespace` when it names none.
    pub fn new(mut pod: Value, namespace: &str) -> Self {
        let meta = pod::metadata_mut(&mut pod);
        meta.remove("managedFields");
        let named = meta
            .get("namespace")
            .and_then(Value::as_str)
            .is_some_and(|n| !n.is_empty());
        if !named && !namespace.is_empty() {
            meta.insert("namespace".into(), namespace.into());
        }
        normalize::normalize_pod(&mut pod);
        Self(pod)
    }

    pub fn into_value(self) -> Value {
        self.0
    }
}

impl std::ops::Deref for NormalizedPod {
    type Target = Value;

    fn deref(&self) -> &Value {
        &self.0
    }
}

/// The pod of an admission: as its caller has it (normalized when the injection takes it),
/// or normalized already.
#[derive(Debug, Clone)]
pub enum AdmittedPod<'a> {
    AsGiven(Cow<'a, Value>),
    Normalized(NormalizedPod),
}

impl Default for AdmittedPod<'_> {
    fn default() -> Self {
        AdmittedPod::AsGiven(Cow::Owned(Value::Null))
    }
}

impl std::ops::Deref for AdmittedPod<'_> {
    type Target = Value;

    fn deref(&self) -> &Value {
        match self {
            AdmittedPod::AsGiven(pod) => pod,
            AdmittedPod::Normalized(pod) => pod,
        }
    }
}

impl From<Value> for AdmittedPod<'_> {
    fn from(pod: Value) -> Self {
        AdmittedPod::AsGiven(Cow::Owned(pod))
    }
}

impl<'a> From<Cow<'a, Value>> for AdmittedPod<'a> {
    fn from(pod: Cow<'a, Value>) -> Self {
        AdmittedPod::AsGiven(pod)
    }
}

impl From<NormalizedPod> for AdmittedPod<'_> {
    fn from(pod: NormalizedPod) -> Self {
        AdmittedPod::Normalized(pod)
    }
}

/// One pod to admit: what the webhook, kube-inject and audit know of it, which selection and
/// every injection step read.
#[derive(Debug, Clone)]
pub struct Admission<'a> {
    /// The pod; owned when the caller can give it up (the webhook's decoded copy): injection
    /// then works on it where it is instead of on a copy (a big pod's tree costs about fifteen
    /// times its JSON text). The webhook gives it normalized, before selection reads it.
    pub pod: AdmittedPod<'a>,
    /// The namespace of the request (the pod's own, when it names one, wins for selection).
    pub namespace: &'a str,
    /// Environment for the proxy from the webhook path (`/inject/cluster/c1/net/n1`).
    pub proxy_envs: &'a BTreeMap<String, String>,
    /// On OpenShift with a source of Namespaces (istiod's namespace informer): the pod's
    /// Namespace object (its pre-allocated UID/GID range), `null` when the source has none by
    /// that name. `Some` also resets a sidecar user copied from the app (see `pipeline`).
    pub openshift_namespace: Option<&'a Value>,
    /// The cluster's nodes, when the injector watches them (`auto` native sidecars).
    pub nodes: Option<&'a Nodes>,
    /// The workload that owns the pod; `None` derives it from the pod's owner references.
    pub owner: Option<&'a Owner>,
    /// The ProxyConfig resources the pod's ProxyConfig is computed from, as istiod's webhook
    /// does (from the cluster, or kube-inject's files); `None` uses only the mesh default and
    /// the pod's `proxy.istio.io/config`, as istioctl does.
    pub proxy_configs: Option<&'a ProxyConfigs>,
    pub caller: Caller,
    pub reinjection: Reinjection,
    /// Where replicas of one pod share an answer (`replicas`); `None` works each pod out.
    pub replicas: Option<&'a ReplicaCache>,
}

impl<'a> Admission<'a> {
    /// Whether this pod gets native sidecars under `settings`, and why.
    pub fn native_sidecars(&self, settings: &Settings) -> Native {
        native::decide(&settings.native_sidecars, self.nodes, &self.pod)
    }

    /// The pod as the injection reads it, taken out of the admission (which keeps `null`):
    /// normalized here unless it came so.
    pub(crate) fn take_normalized(&mut self) -> NormalizedPod {
        match std::mem::take(&mut self.pod) {
            AdmittedPod::Normalized(pod) => pod,
            AdmittedPod::AsGiven(pod) => NormalizedPod::new(pod.into_owned(), self.namespace),
        }
    }

    /// A pod as the webhook receives it, with nothing else known.
    pub fn webhook(
        pod: impl Into<AdmittedPod<'a>>,
        namespace: &'a str,
        proxy_envs: &'a BTreeMap<String, String>,
    ) -> Self {
        Self {
            pod: pod.into(),
            namespace,
            proxy_envs,
            openshift_namespace: None,
            nodes: None,
            owner: None,
            proxy_configs: None,
            caller: Caller::Webhook,
            reinjection: Reinjection::Istio,
            replicas: None,
        }
    }
}

/// Why a pod was injected, skipped or denied: one value for the admission response, the log
/// span, the metric label and `check-inject`.
#[derive(Debug, thiserror::Error)]
pub enum Reason {
    /// What selection decided (`injectRequired`).
    #[error("{0}")]
    Selected(Why),
    #[error("could not decode the pod: {0}")]
    InvalidPod(&'static str),
    #[error(transparent)]
    Failed(#[from] InjectError),
    /// needle itself failed (a panic: a bug); the detail is for the log, not the user.
    #[error("internal error while injecting; see needle's log")]
    Internal(String),
}

impl Labelled for Reason {
    fn label(&self) -> &'static str {
        match self {
            Reason::Selected(why) => why.label(),
            Reason::InvalidPod(_) => "invalid_pod",
            Reason::Failed(e) => e.label(),
            Reason::Internal(_) => "internal",
        }
    }
}

#[derive(Debug)]
pub enum Decision {
    Injected(Injected, Reason),
    Skipped(Reason),
    Denied(Reason),
}

impl Decision {
    /// `injected`, `skipped` or `denied`, for logs.
    pub fn name(&self) -> &'static str {
        match self {
            Decision::Injected(..) => "injected",
            Decision::Skipped(_) => "skipped",
            Decision::Denied(_) => "denied",
        }
    }

    pub fn reason(&self) -> &Reason {
        match self {
            Decision::Injected(_, r) | Decision::Skipped(r) | Decision::Denied(r) => r,
        }
    }
}

/// istioctl selects with the policy `enabled` and no selectors: only the pod's own marker,
/// host networking and the ignored namespaces can keep it from being injected.
static KUBE_INJECT_SELECTION: SelectionConfig = SelectionConfig {
    policy: Policy::Enabled,
    never_inject_selector: Vec::new(),
    always_inject_selector: Vec::new(),
};

/// Decide and inject. Never panics: a bug in needle becomes a denial (`Reason::Internal`), so
/// the apiserver always gets an answer and kube-inject an error.
pub fn admit<'a>(
    snapshot: &Snapshot,
    settings: &'a Settings,
    admission: Admission<'a>,
) -> Decision {
    crate::panic::catch(|| decide(snapshot, settings, admission))
        .unwrap_or_else(|detail| Decision::Denied(Reason::Internal(detail)))
}

fn decide<'a>(snapshot: &Snapshot, settings: &'a Settings, admission: Admission<'a>) -> Decision {
    let pod = &*admission.pod;
    if !pod.is_object() {
        return Decision::Denied(Reason::InvalidPod("the object is not a mapping"));
    }
    let metadata = pod.get("metadata").unwrap_or(&Value::Null);
    let spec = pod.get("spec").unwrap_or(&Value::Null);
    let own_namespace = metadata.get("namespace").and_then(Value::as_str);
    let selection = match admission.caller {
        Caller::Webhook => &snapshot.config.selection,
        Caller::KubeInject => &KUBE_INJECT_SELECTION,
    };
    let namespace = match admission.caller {
        Caller::Webhook => own_namespace
            .filter(|n| !n.is_empty())
            .unwrap_or(admission.namespace),
        Caller::KubeInject => own_namespace.unwrap_or_default(),
    };
    let selected = inject_required(selection, namespace, metadata, spec);
    // istioctl reads the pod's ProxyConfig after the host-network check and before it decides,
    // so one that does not parse fails the pod even when it is not injected. This reads the pod
    // as given; the injection reads it again on the pod in its namespace (`NormalizedPod`), whose
    // namespace-wide ProxyConfig resources may differ.
    if admission.caller == Caller::KubeInject
        && selected.why != Why::HostNetwork
        && let Err(e) = pipeline::effective_proxy_config(
            &snapshot.mesh,
            admission.proxy_configs,
            pod,
            snapshot.release.release,
        )
    {
        return Decision::Denied(e.into());
    }
    if !selected.inject {
        return Decision::Skipped(Reason::Selected(selected.why));
    }
    let native = admission.native_sidecars(settings);
    let why = Reason::Selected(selected.why);
    let Some(cache) = admission.replicas else {
        return injected(pipeline::inject(snapshot, settings, admission, native), why);
    };
    // The key is of the pod as the injection reads it: its `managedFields`, which differ
    // between replicas, dropped, its token volume's name masked.
    let mut admission = admission;
    let pod = admission.take_normalized();
    let token = TokenVolume::of(&pod);
    let key = Key::new(
        snapshot,
        settings,
        &admission,
        &pod,
        &native,
        token.as_ref(),
    );
    admission.pod = pod.into();
    match cache.get(&key) {
        Some(Answer::Shared(shared)) => {
            let patch = shared.patch_for(token.as_ref());
            let base = pipeline::patch_base(admission);
            return Decision::Injected(Injected::reused(base, patch, native), why);
        }
        Some(Answer::Unshared) => {
            return injected(pipeline::inject(snapshot, settings, admission, native), why);
        }
        None => {}
    }
    // The same pod under another token volume name, to check that the swap gives its patch.
    let renamed = token.map(|token| {
        let mut other = admission.clone();
        // Renaming a volume keeps the pod normalized; it is normalized again all the same
        // (once per new answer), rather than declared so.
        other.pod = token.rename(&admission.pod, &token.other()).into();
        (token, other)
    });
    let (result, volatile) =
        volatile::watch(|| pipeline::inject(snapshot, settings, admission, native.clone()));
    if let (Ok(injected), false) = (&result, volatile) {
        let answer = shared(snapshot, settings, injected.patch(), renamed, native);
        cache.put(key, answer);
    }
    injected(result, why)
}

/// What replicas may share of an injection whose patch is `patch`. A pod with a token volume
/// is worked out again under another name (`renamed`): the patch is shared only if the swap
/// of the names gives that second patch.
fn shared(
    snapshot: &Snapshot,
    settings: &Settings,
    patch: Arc<Patch>,
    renamed: Option<(TokenVolume, Admission)>,
    native: Native,
) -> Answer {
    let Some((token, renamed)) = renamed else {
        return Answer::Shared(Shared { patch, token: None });
    };
    let (other, volatile) =
        volatile::watch(|| pipeline::inject(snapshot, settings, renamed, native));
    match other {
        Ok(other) if !volatile && **other.patch() == *token.swap(&patch, &token.other()) => {
            Answer::Shared(Shared {
                patch,
                token: Some(token),
            })
        }
        _ => Answer::Unshared,
    }
}

fn injected(result: Result<Injected, InjectError>, why: Reason) -> Decision {
    match result {
        Ok(injected) => Decision::Injected(injected, why),
        Err(e) => Decision::Denied(e.into()),
    }
}
