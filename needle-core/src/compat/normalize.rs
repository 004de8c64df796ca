//! What Go's typed Pod does to a pod on the way through Istio's injector, field by field as
//! the Kubernetes Go types say (`pod_fields`, generated from k8s.io/api): a zero value of a
//! non-pointer field with `omitempty` disappears, a pointer or a field without `omitempty`
//! keeps an explicit zero (`terminationGracePeriodSeconds: 0`, `privileged: false`), structs
//! stay even when empty, quantities take their canonical form and every container has
//! `resources`. needle applies it to the original and the injected pod alike, so the patch
//! between them has no spurious operations.
//!
//! It only ever removes or rewrites what is there: the zero values Go would print for absent
//! fields (`containers: null`, `divisor: "0"`, `status: {}`) are not added, and fields the Go
//! types do not know are kept (Go would drop them), with nulls, empty strings and empty lists
//! inside them dropped as most Go fields drop them.

use super::pod_fields::POD;
use super::quantity;
use serde_json::{Map, Value};

/// What the typed round trip does with one JSON field of the Go Pod.
#[derive(Clone, Copy)]
pub(crate) enum Field {
    /// A non-pointer scalar (or list of scalars) with `omitempty`: "", 0, false and [] are
    /// left out.
    Omit,
    /// A pointer, or a field without `omitempty`: every value given is printed, zeros too.
    Keep,
    /// A struct or a pointer to one: printed even when empty.
    Struct(&'static Fields),
    /// A list of structs with `omitempty`: left out when empty.
    List(&'static Fields),
    /// A list of structs without `omitempty`: printed even when empty.
    KeptList(&'static Fields),
    /// A string map with `omitempty` (labels, annotations, `matchLabels`): left out when
    /// empty; its entries are data, kept as given.
    Map,
    /// A `ResourceList` with `omitempty`: left out when empty; quantities canonical.
    Quantities,
    /// A `resource.Quantity`: canonical.
    Quantity,
}

/// The fields of one Go struct, sorted by JSON name, each with its place in the struct's
/// declaration (embedded structs' fields at the embedded field's place), which is the order
/// Go writes them in (`go_json`); and, from the struct's tags, the lists a strategic merge
/// patch merges (`inject::merge`).
pub(crate) struct Fields {
    fields: &'static [(&'static str, Field, u8)],
    /// Whether a field is a `Quantity`, whose text is rewritten: then every scalar is looked up.
    has_quantity: bool,
    /// The lists merged by key, each with its `patchMergeKey` ("" for a list of scalars,
    /// merged as a set), sorted by field; every other list is replaced whole.
    merge_keys: &'static [(&'static str, &'static str)],
}

impl Fields {
    pub(crate) const fn new(fields: &'static [(&'static str, Field, u8)]) -> Self {
        let mut has_quantity = false;
        let mut i = 0;
        while i < fields.len() {
            has_quantity |= matches!(fields[i].1, Field::Quantity);
            i += 1;
        }
        Fields {
            fields,
            has_quantity,
            merge_keys: &[],
        }
    }

    /// These fields, with the lists a strategic merge patch merges by key.
    pub(crate) const fn merging(self, merge_keys: &'static [(&'static str, &'static str)]) -> Self {
        Fields { merge_keys, ..self }
    }

    /// The `patchMergeKey` of list `field` ("" for a list of scalars merged as a set); `None`
    /// when a patch replaces it whole.
    pub(crate) fn merge_key(&self, field: &str) -> Option<&'static str> {
        self.merge_keys
            .iter()
            .find(|(name, _)| *name == field)
            .map(|(_, key)| *key)
    }

    /// The fields of the struct that `field` holds, or of its list's items.
    pub(crate) fn child(&self, field: &str) -> Option<&'static Fields> {
        match self.get(field)? {
            Field::Struct(fields) | Field::List(fields) | Field::KeptList(fields) => Some(fields),
            _ => None,
        }
    }

    fn get(&self, key: &str) -> Option<Field> {
        self.declared(key).map(|(_, field)| field)
    }

    /// The field named `key`, with its place in the declaration.
    pub(crate) fn declared(&self, key: &str) -> Option<(usize, Field)> {
        self.fields
            .binary_search_by(|(name, ..)| (*name).cmp(key))
            .ok()
            .map(|i| (usize::from(self.fields[i].2), self.fields[i].1))
    }
}

pub fn normalize_pod(pod: &mut Value) {
    if let Some(obj) = pod.as_object_mut() {
        normalize_struct(obj, &POD);
    }
    if let Some(spec) = pod.get_mut("spec").and_then(Value::as_object_mut) {
        for list in ["containers", "initContainers", "ephemeralContainers"] {
            for c in spec
                .get_mut(list)
                .and_then(Value::as_array_mut)
                .into_iter()
                .flatten()
                .filter_map(Value::as_object_mut)
            {
                // A non-pointer struct: Go prints it even when the input has none.
                c.entry("resources")
                    .or_insert_with(|| Value::Object(Default::default()));
            }
        }
    }
}

/// A pod fragment as Go's typed decode reads it: a field the Kubernetes Pod type does not
/// have (at its place) is dropped, as `json.Unmarshal` into a `corev1.Pod` drops it.
pub fn drop_unknown_fields(pod: &mut Value) {
    if let Some(obj) = pod.as_object_mut() {
        known_only(obj, &POD);
    }
}

fn known_only(obj: &mut Map<String, Value>, fields: &Fields) {
    obj.retain(|key, _| fields.get(key).is_some());
    for (key, value) in obj.iter_mut() {
        match (fields.get(key), value) {
            (Some(Field::Struct(inner)), Value::Object(o)) => known_only(o, inner),
            (Some(Field::List(inner) | Field::KeptList(inner)), Value::Array(items)) => {
                for o in items.iter_mut().filter_map(Value::as_object_mut) {
                    known_only(o, inner);
                }
            }
            _ => {}
        }
    }
}

fn normalize_struct(obj: &mut Map<String, Value>, fields: &Fields) {
    let mut any_omitted = false;
    for (key, value) in obj.iter_mut() {
        // Most values are scalars the field's type changes nothing for: no lookup for them.
        any_omitted |= untyped(fields, value).unwrap_or_else(|| {
            let field = fields.get(key);
            match field {
                Some(field) => normalize_field(field, value),
                None => normalize_unknown(value),
            }
            omitted(field, value)
        });
    }
    // Most objects have nothing to drop; checking first spares rebuilding them.
    if any_omitted {
        obj.retain(|k, v| {
            let filled = v.as_object().is_some_and(|o| !o.is_empty())
                || v.as_array().is_some_and(|a| !a.is_empty());
            filled || !untyped(fields, v).unwrap_or_else(|| omitted(fields.get(k), v))
        });
    }
}

/// Whether Go leaves a value out, when that does not depend on the field's type and there is
/// nothing to rewrite: a null is left out, `true` and a non-zero number or non-empty string
/// are kept (unless the struct has a `Quantity`, whose text is rewritten).
fn untyped(fields: &Fields, v: &Value) -> Option<bool> {
    match v {
        Value::Null => Some(true),
        Value::Bool(true) => Some(false),
        Value::String(s) if !s.is_empty() && !fields.has_quantity => Some(false),
        Value::Number(n) if n.as_f64() != Some(0.0) && !fields.has_quantity => Some(false),
        _ => None,
    }
}

fn normalize_field(field: Field, value: &mut Value) {
    match (field, value) {
        (Field::Struct(fields), Value::Object(obj)) => normalize_struct(obj, fields),
        (Field::List(item) | Field::KeptList(item), Value::Array(items)) => {
            for obj in items.iter_mut().filter_map(Value::as_object_mut) {
                normalize_struct(obj, item);
            }
        }
        (Field::Quantities, Value::Object(map)) => map.values_mut().for_each(canonicalize),
        (Field::Quantity, v) => canonicalize(v),
        _ => {}
    }
}

fn canonicalize(v: &mut Value) {
    match v {
        Value::String(s) => quantity::canonicalize_in_place(s),
        Value::Number(n) => *v = Value::String(quantity::canonicalize(&n.to_string())),
        _ => {}
    }
}

/// Whether Go's typed pod leaves a (normalized) field out; `None`: a field Go does not know.
pub(crate) fn omitted(field: Option<Field>, v: &Value) -> bool {
    if v.is_null() {
        return true;
    }
    match field {
        Some(Field::Omit) => is_zero(v),
        Some(Field::Keep | Field::Struct(_) | Field::KeptList(_) | Field::Quantity) => false,
        Some(Field::List(_)) => v.as_array().is_some_and(Vec::is_empty),
        Some(Field::Map | Field::Quantities) => v.as_object().is_some_and(Map::is_empty),
        None => is_empty_text_or_list(v),
    }
}

/// Go's zero value of a scalar or a list: "", 0, false, [].
fn is_zero(v: &Value) -> bool {
    match v {
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        _ => is_empty_text_or_list(v),
    }
}

fn is_empty_text_or_list(v: &Value) -> bool {
    match v {
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        _ => false,
    }
}

/// A field outside the Go types: nulls, empty strings and empty lists below it are dropped.
fn normalize_unknown(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.values_mut().for_each(normalize_unknown);
            if m.values().any(|v| omitted(None, v)) {
                m.retain(|_, v| !omitted(None, v));
            }
        }
        Value::Array(a) => a.iter_mut().for_each(normalize_unknown),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn normalizes_like_the_typed_pod() {
        let mut p = json!({"metadata": {"labels": {}, "x": null}, "spec": {"initContainers": [], "containers": [{"name": "a", "resources": {"limits": {"cpu": "2000m", "memory": "1024Mi"}}}, {"name": "b"}], "volumes": [{"name": "v", "emptyDir": {}}]}});
        normalize_pod(&mut p);
        assert_eq!(
            p,
            json!({"metadata": {}, "spec": {"containers": [{"name": "a", "resources": {"limits": {"cpu": "2", "memory": "1Gi"}}}, {"name": "b", "resources": {}}], "volumes": [{"name": "v", "emptyDir": {}}]}})
        );
    }

    /// Set `value` at a `/`-separated path, creating objects and lists (before a number) on
    /// the way.
    fn set(root: &mut Value, path: &str, value: Value) {
        let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        let mut at = root;
        for (i, seg) in segs.iter().enumerate() {
            let next_is_index = segs.get(i + 1).is_some_and(|n| n.parse::<usize>().is_ok());
            let fresh = || if next_is_index { json!([]) } else { json!({}) };
            at = match seg.parse::<usize>() {
                Ok(n) => {
                    let items = at.as_array_mut().expect("a list on the path");
                    while items.len() <= n {
                        items.push(fresh());
                    }
                    &mut items[n]
                }
                Err(_) => at
                    .as_object_mut()
                    .expect("an object on the path")
                    .entry(*seg)
                    .or_insert_with(fresh),
            };
        }
        *at = value;
    }

    fn get<'a>(root: &'a Value, path: &str) -> Option<&'a Value> {
        root.pointer(path)
    }

    /// One row per rule: the Go field and its type, where it sits in a pod, the value given
    /// and what Go's typed round trip prints there (`None`: left out).
    #[test]
    fn fields_follow_their_go_types() {
        let c = "/spec/containers/0";
        let v = "/spec/volumes/0";
        #[rustfmt::skip]
        let rows: Vec<(&str, String, Value, Option<Value>)> = vec![
            // Pointers keep an explicit zero.
            ("PodSpec.TerminationGracePeriodSeconds *int64", "/spec/terminationGracePeriodSeconds".into(), json!(0), Some(json!(0))),
            ("Probe.TerminationGracePeriodSeconds *int64", format!("{c}/livenessProbe/terminationGracePeriodSeconds"), json!(0), Some(json!(0))),
            ("PodSpec.ActiveDeadlineSeconds *int64", "/spec/activeDeadlineSeconds".into(), json!(0), Some(json!(0))),
            ("PodSpec.Priority *int32", "/spec/priority".into(), json!(0), Some(json!(0))),
            ("ObjectMeta.DeletionGracePeriodSeconds *int64", "/metadata/deletionGracePeriodSeconds".into(), json!(0), Some(json!(0))),
            ("Toleration.TolerationSeconds *int64", "/spec/tolerations/0/tolerationSeconds".into(), json!(0), Some(json!(0))),
            ("SecretVolumeSource.DefaultMode *int32", format!("{v}/secret/defaultMode"), json!(0), Some(json!(0))),
            ("SecurityContext.RunAsUser *int64", format!("{c}/securityContext/runAsUser"), json!(0), Some(json!(0))),
            ("SecurityContext.Privileged *bool", format!("{c}/securityContext/privileged"), json!(false), Some(json!(false))),
            ("PodSpec.AutomountServiceAccountToken *bool", "/spec/automountServiceAccountToken".into(), json!(false), Some(json!(false))),
            ("PodSpec.EnableServiceLinks *bool", "/spec/enableServiceLinks".into(), json!(false), Some(json!(false))),
            ("CSIVolumeSource.ReadOnly *bool", format!("{v}/csi/readOnly"), json!(false), Some(json!(false))),
            ("ConfigMapVolumeSource.Optional *bool", format!("{v}/configMap/optional"), json!(false), Some(json!(false))),
            ("PodSpec.RuntimeClassName *string", "/spec/runtimeClassName".into(), json!(""), Some(json!(""))),
            ("GRPCAction.Service *string", format!("{c}/readinessProbe/grpc/service"), json!(""), Some(json!(""))),
            ("PodDNSConfigOption.Value *string", "/spec/dnsConfig/options/0/value".into(), json!(""), Some(json!(""))),
            ("SecurityContext.ProcMount *ProcMountType", format!("{c}/securityContext/procMount"), json!(""), Some(json!(""))),
            ("HostPathVolumeSource.Type *HostPathType", format!("{v}/hostPath/type"), json!(""), Some(json!(""))),
            ("CSIVolumeSource.FSType *string", format!("{v}/csi/fsType"), json!(""), Some(json!(""))),
            // Non-pointer scalars with omitempty lose their zero value.
            ("Probe.InitialDelaySeconds int32,omitempty", format!("{c}/livenessProbe/initialDelaySeconds"), json!(0), None),
            ("Probe.PeriodSeconds int32,omitempty", format!("{c}/readinessProbe/periodSeconds"), json!(0), None),
            ("ContainerPort.HostPort int32,omitempty", format!("{c}/ports/0/hostPort"), json!(0), None),
            ("GCEPersistentDiskVolumeSource.Partition int32,omitempty", format!("{v}/gcePersistentDisk/partition"), json!(0), None),
            ("ObjectMeta.Generation int64,omitempty", "/metadata/generation".into(), json!(0), None),
            ("PodSpec.HostNetwork bool,omitempty", "/spec/hostNetwork".into(), json!(false), None),
            ("PodSpec.HostPID bool,omitempty", "/spec/hostPID".into(), json!(false), None),
            ("Container.Stdin bool,omitempty", format!("{c}/stdin"), json!(false), None),
            ("Container.TTY bool,omitempty", format!("{c}/tty"), json!(false), None),
            ("VolumeMount.ReadOnly bool,omitempty", format!("{c}/volumeMounts/0/readOnly"), json!(false), None),
            ("PersistentVolumeClaimVolumeSource.ReadOnly bool,omitempty", format!("{v}/persistentVolumeClaim/readOnly"), json!(false), None),
            ("EnvVar.Value string,omitempty", format!("{c}/env/0/value"), json!(""), None),
            ("Container.Image string,omitempty", format!("{c}/image"), json!(""), None),
            ("Container.Args []string,omitempty", format!("{c}/args"), json!([]), None),
            ("PodSpec.Volumes []Volume,omitempty", "/spec/volumes".into(), json!([]), None),
            // Fields without omitempty are printed whatever their value.
            ("Container.Name string", format!("{c}/name"), json!(""), Some(json!(""))),
            ("HTTPHeader.Value string", format!("{c}/livenessProbe/httpGet/httpHeaders/0/value"), json!(""), Some(json!(""))),
            ("Sysctl.Value string", "/spec/securityContext/sysctls/0/value".into(), json!(""), Some(json!(""))),
            ("HostPathVolumeSource.Path string", format!("{v}/hostPath/path"), json!(""), Some(json!(""))),
            ("ContainerPort.ContainerPort int32", format!("{c}/ports/0/containerPort"), json!(0), Some(json!(0))),
            ("WeightedPodAffinityTerm.Weight int32", "/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/0/weight".into(), json!(0), Some(json!(0))),
            ("TopologySpreadConstraint.MaxSkew int32", "/spec/topologySpreadConstraints/0/maxSkew".into(), json!(0), Some(json!(0))),
            ("SleepAction.Seconds int64", format!("{c}/lifecycle/preStop/sleep/seconds"), json!(0), Some(json!(0))),
            ("HTTPGetAction.Port intstr.IntOrString", format!("{c}/livenessProbe/httpGet/port"), json!(0), Some(json!(0))),
            ("ContainerStatus.Ready bool", "/status/containerStatuses/0/ready".into(), json!(false), Some(json!(false))),
            ("ContainerStatus.RestartCount int32", "/status/containerStatuses/0/restartCount".into(), json!(0), Some(json!(0))),
            ("PodSpec.Containers []Container", "/spec/containers".into(), json!([]), Some(json!([]))),
            ("NodeSelector.NodeSelectorTerms []NodeSelectorTerm", "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms".into(), json!([]), Some(json!([]))),
            ("RBDVolumeSource.CephMonitors []string", format!("{v}/rbd/monitors"), json!([]), Some(json!([]))),
            ("ProjectedVolumeSource.Sources []VolumeProjection", format!("{v}/projected/sources"), json!([]), Some(json!([]))),
            // Structs are never omitted, even empty or emptied.
            ("PodSpec.SecurityContext *PodSecurityContext", "/spec/securityContext".into(), json!({}), Some(json!({}))),
            ("Container.SecurityContext *SecurityContext", format!("{c}/securityContext"), json!({"runAsUser": null}), Some(json!({}))),
            ("VolumeSource.EmptyDir *EmptyDirVolumeSource", format!("{v}/emptyDir"), json!({"medium": ""}), Some(json!({}))),
            ("PodAffinityTerm.LabelSelector *metav1.LabelSelector", "/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/0/labelSelector".into(), json!({}), Some(json!({}))),
            ("Pod.Status PodStatus", "/status".into(), json!({}), Some(json!({}))),
            // Maps with omitempty: left out when empty, entries are data.
            ("ObjectMeta.Labels map[string]string,omitempty", "/metadata/labels".into(), json!({}), None),
            ("ObjectMeta.Annotations map[string]string,omitempty", "/metadata/annotations".into(), json!({"a": ""}), Some(json!({"a": ""}))),
            ("PodSpec.NodeSelector map[string]string,omitempty", "/spec/nodeSelector".into(), json!({}), None),
            ("LabelSelector.MatchLabels map[string]string,omitempty", "/spec/affinity/podAntiAffinity/requiredDuringSchedulingIgnoredDuringExecution/0/labelSelector/matchLabels".into(), json!({}), None),
            ("LabelSelector.MatchLabels map[string]string,omitempty", "/spec/topologySpreadConstraints/0/labelSelector/matchLabels".into(), json!({"tier": ""}), Some(json!({"tier": ""}))),
            ("CSIVolumeSource.VolumeAttributes map[string]string,omitempty", format!("{v}/csi/volumeAttributes"), json!({"k": "", "n": null}), Some(json!({"k": "", "n": null}))),
            ("FlexVolumeSource.Options map[string]string,omitempty", format!("{v}/flexVolume/options"), json!({}), None),
            // Quantities are printed canonically.
            ("ResourceRequirements.Limits ResourceList,omitempty", format!("{c}/resources/limits"), json!({"cpu": "1000m", "memory": 1073741824, "x": "2048Mi"}), Some(json!({"cpu": "1", "memory": "1073741824", "x": "2Gi"}))),
            ("ResourceRequirements.Requests ResourceList,omitempty", format!("{c}/resources/requests"), json!({}), None),
            ("PodSpec.Overhead ResourceList,omitempty", "/spec/overhead".into(), json!({"cpu": "0.5"}), Some(json!({"cpu": "500m"}))),
            ("PodSpec.Resources *ResourceRequirements", "/spec/resources/limits".into(), json!({"memory": "2048Mi"}), Some(json!({"memory": "2Gi"}))),
            ("EmptyDirVolumeSource.SizeLimit *resource.Quantity", format!("{v}/emptyDir/sizeLimit"), json!("1024Mi"), Some(json!("1Gi"))),
            ("ResourceFieldSelector.Divisor resource.Quantity", format!("{c}/env/0/valueFrom/resourceFieldRef/divisor"), json!("1000m"), Some(json!("1"))),
            // Null is the zero value (left out or not printed); a field Go does not know keeps
            // the rule most Go fields have.
            ("PodSpec.TerminationGracePeriodSeconds *int64", "/spec/terminationGracePeriodSeconds".into(), Value::Null, None),
            ("(unknown) string", "/spec/futureField/name".into(), json!(""), None),
            ("(unknown) bool", "/spec/futureField/enabled".into(), json!(false), Some(json!(false))),
        ];
        for (go_field, path, value, want) in rows {
            let mut pod =
                json!({"spec": {"containers": [{"name": "app"}], "volumes": [{"name": "v"}]}});
            set(&mut pod, &path, value.clone());
            normalize_pod(&mut pod);
            assert_eq!(
                get(&pod, &path),
                want.as_ref(),
                "{go_field} at {path} given {value}: {pod}"
            );
        }
    }

    #[test]
    fn fields_the_pod_type_lacks_are_dropped_where_they_stand() {
        let mut fragment = json!({"metadata": {"annotations": {"any.key/x": "1"}, "bogus": 1},
            "spec": {"containers": [{"name": "istio-proxy", "securityContext":
                {"fsGroup": 1337, "runAsUser": 1337}, "unknown": true}],
                "securityContext": {"fsGroup": 1337}}});
        drop_unknown_fields(&mut fragment);
        assert_eq!(
            fragment,
            json!({"metadata": {"annotations": {"any.key/x": "1"}},
                "spec": {"containers": [{"name": "istio-proxy", "securityContext": {"runAsUser": 1337}}],
                    "securityContext": {"fsGroup": 1337}}})
        );
    }

    #[test]
    fn container_resources_are_always_printed() {
        let mut pod = json!({"spec": {"containers": [{"name": "a"}], "initContainers": [{"name": "i"}], "ephemeralContainers": [{"name": "e"}]}});
        normalize_pod(&mut pod);
        for list in ["containers", "initContainers", "ephemeralContainers"] {
            assert_eq!(pod["spec"][list][0]["resources"], json!({}), "{list}");
        }
    }

    #[test]
    fn field_tables_are_sorted_for_binary_search() {
        fn check(name: &str, fields: &Fields, seen: &mut Vec<usize>) {
            let addr = fields.fields.as_ptr() as usize;
            if seen.contains(&addr) {
                return;
            }
            seen.push(addr);
            for pair in fields.fields.windows(2) {
                assert!(pair[0].0 < pair[1].0, "{name}: {} {}", pair[0].0, pair[1].0);
            }
            for (field, kind, _) in fields.fields.iter() {
                if let Field::Struct(t) | Field::List(t) | Field::KeptList(t) = kind {
                    check(field, t, seen);
                }
            }
        }
        check("Pod", &POD, &mut vec![]);
    }
}
