//! Fields read as the data's Go types read them: of nil and of plain values, the ones the
//! mesh config lacks, and those below the top of the data.

use super::*;

#[test]
fn fields_of_nil_and_of_plain_values_fail_as_in_go() {
    go_cases(&[
        (
            "{{ .Values.global.proxy.resources.requests.memory.x }}",
            Err("nil pointer evaluating interface {}.x"),
        ),
        ("{{ .Values.nope.b }}", Ok("<no value>")),
        (
            "{{ .Values.global.proxy.statusPort.b }}",
            Err("can't evaluate field b in type interface {}"),
        ),
        (
            "{{ .Values.global.list.b }}",
            Err("can't evaluate field b in type interface {}"),
        ),
        (
            "{{ with .Values.global.map }}{{ .z.y }}{{ end }}",
            Err("can't evaluate field y in type interface {}"),
        ),
        (
            "{{ $g := .Values.global }}{{ $g.hub.x }}",
            Err("(<$g.hub.x>): can't evaluate field x in type interface {}"),
        ),
        (
            "{{ range .Values.global.list }}{{ .x }}{{ end }}",
            Err("can't evaluate field x in type interface {}"),
        ),
        ("{{ .ObjectMeta.Annotations.x }}", Ok("<no value>")),
        (
            "{{ .ObjectMeta.Name.x }}",
            Err("can't evaluate field x in type string"),
        ),
        (
            "{{ .Revision.x }}",
            Err("can't evaluate field x in type string"),
        ),
        (
            "{{ .ProxyUID.x }}",
            Err("can't evaluate field x in type int64"),
        ),
        // A map key is looked up as written: `.Values` has no Go field names.
        ("{{ .Values.Global }}", Ok("<no value>")),
    ]);
}

#[test]
fn fields_the_mesh_config_lacks_fail_as_in_go() {
    go_cases(&[
        ("{{ .MeshConfig.TrustDomain }}", Ok("cluster.local")),
        (
            "{{ .MeshConfig.TrustDomian }}",
            Err("can't evaluate field TrustDomian in type *v1alpha1.MeshConfig"),
        ),
        (
            "{{ .MeshConfig.DefaultConfig.ParentShutdownDuration }}",
            Err("can't evaluate field ParentShutdownDuration in type *v1alpha1.ProxyConfig"),
        ),
        (
            "{{ .DeploymentMeta.Kind }}",
            Err("can't evaluate field Kind in type types.NamespacedName"),
        ),
        (
            "{{ .TypeMeta.Name }}",
            Err("can't evaluate field Name in type v1.TypeMeta"),
        ),
        ("{{ .MeshConfig.GetTrustDomain }}", Ok("cluster.local")),
        // The pod's containers are `v1.Container` values.
        (
            "{{ range $i, $c := .Spec.Containers }}{{ $c.Name }},{{ end }}",
            Ok("app,istio-proxy,"),
        ),
        (
            "{{ range .Spec.Containers }}{{ .Nmae }}{{ end }}",
            Err("can't evaluate field Nmae in type v1.Container"),
        ),
        (
            "{{ range $c := .Spec.InitContainers }}{{ $c.Port }}{{ end }}",
            Ok(""),
        ),
        (
            "{{ with .Spec.Containers }}{{ .Name }}{{ end }}",
            Err("can't evaluate field Name in type []v1.Container"),
        ),
        (
            "{{ range .Spec.Containers }}{{ .Name.x }}{{ end }}",
            Err("can't evaluate field x in type string"),
        ),
        // A pointer struct the pod leaves out is nil: its fields fail, its methods run.
        (
            "{{ .Spec.SecurityContext.RunAsUser }}",
            Err("nil pointer evaluating *v1.PodSecurityContext.RunAsUser"),
        ),
        (
            "{{ range .Spec.Containers }}{{ .SecurityContext.Privileged }}{{ end }}",
            Err("nil pointer evaluating *v1.SecurityContext.Privileged"),
        ),
        ("{{ if .Spec.SecurityContext }}x{{ end }}|", Ok("|")),
        ("{{ eq .Spec.SecurityContext nil }}", Ok("true")),
    ]);
}

/// Go's results over the same data: a scratch program ran text/template over the real
/// istio.io/api (v1.31.0-alpha.1.0.20260819121012-5803fb6accf7) and k8s.io/api v0.34.4
/// types, with a `*SidecarTemplateData`-like pointer as the data.
#[test]
fn fields_below_the_top_follow_their_go_types() {
    go_cases(&[
        // `*v1alpha1.ProxyConfig`'s messages: a name they lack fails, nil or not.
        (
            "{{ .ProxyConfig.Tracing.TlsSettings.CaCertificates }}",
            Ok("/etc/certs/ca.pem"),
        ),
        (
            "{{ .ProxyConfig.Tracing.TlsSetings }}",
            Err("can't evaluate field TlsSetings in type *v1alpha1.Tracing"),
        ),
        // A oneof's message is reached by its getter, not as a field.
        (
            "{{ .ProxyConfig.Tracing.Zipkin }}",
            Err("can't evaluate field Zipkin in type *v1alpha1.Tracing"),
        ),
        (
            "{{ .ProxyConfig.Tracing.GetZipkin.Address }}",
            Err("nil pointer evaluating *v1alpha1.Tracing_Zipkin.Address"),
        ),
        ("{{ .ProxyConfig.Tracing.GetZipkin.GetAddress }}", Ok("")),
        (
            "{{ .ProxyConfig.Tracing.GetZipkin.Adress }}",
            Err("can't evaluate field Adress in type *v1alpha1.Tracing_Zipkin"),
        ),
        // Wrappers hold their value in JSON; a nil one's getter is its zero.
        ("{{ .ProxyConfig.Concurrency.Value }}", Ok("2")),
        ("{{ .ProxyConfig.Concurrency.GetValue }}", Ok("2")),
        (
            "{{ .ProxyConfig.Concurrency.Val }}",
            Err("can't evaluate field Val in type *wrapperspb.Int32Value"),
        ),
        (
            "{{ .ProxyConfig.HoldApplicationUntilProxyStarts.GetValue }}",
            Ok("false"),
        ),
        (
            "{{ .ProxyConfig.HoldApplicationUntilProxyStarts.Value }}",
            Err("nil pointer evaluating *wrapperspb.BoolValue.Value"),
        ),
        (
            "{{ .ProxyConfig.DrainDuration.Seconds }} {{ .ProxyConfig.DrainDuration.Nanos }} {{ .ProxyConfig.DrainDuration.GetSeconds }}",
            Ok("1 500000000 1"),
        ),
        (
            "{{ .ProxyConfig.TerminationDrainDuration.GetSeconds }}",
            Ok("0"),
        ),
        (
            "{{ .ProxyConfig.TerminationDrainDuration.Seconds }}",
            Err("nil pointer evaluating *durationpb.Duration.Seconds"),
        ),
        (
            "{{ .ProxyConfig.DrainDuration.Minutes }}",
            Err("can't evaluate field Minutes in type *durationpb.Duration"),
        ),
        // A map's key it lacks is nothing; a string it holds has no fields.
        (
            "{{ .ProxyConfig.ProxyMetadata.K }}|{{ .ProxyConfig.ProxyMetadata.Nope }}",
            Ok("V|<no value>"),
        ),
        (
            "{{ .ProxyConfig.ProxyMetadata.K.X }}",
            Err("can't evaluate field X in type string"),
        ),
        ("{{ .ProxyConfig.ProxyMetadata.Nope.X }}", Ok("<no value>")),
        (
            "{{ range $k, $v := .ProxyConfig.ProxyMetadata }}{{ $v.X }}{{ end }}",
            Err("can't evaluate field X in type string"),
        ),
        (
            "{{ .ProxyConfig.Image.ImageType }}",
            Err("nil pointer evaluating *v1beta1.ProxyImage.ImageType"),
        ),
        ("{{ .ProxyConfig.GetImage.GetImageType }}", Ok("")),
        (
            "{{ .ProxyConfig.Image.Typ }}",
            Err("can't evaluate field Typ in type *v1beta1.ProxyImage"),
        ),
        (
            "{{ .ProxyConfig.ProxyStatsMatcher.InclusionPrefix }}",
            Err(
                "can't evaluate field InclusionPrefix in type *v1alpha1.ProxyConfig_ProxyStatsMatcher",
            ),
        ),
        (
            "{{ .ProxyConfig.InterceptionMode.Strin }}",
            Err("can't evaluate field Strin in type v1alpha1.ProxyConfig_InboundInterceptionMode"),
        ),
        (
            "{{ .ProxyConfig.ConfigPath.Len }}",
            Err("can't evaluate field Len in type string"),
        ),
        // `*v1alpha1.MeshConfig`'s messages.
        (
            "{{ .MeshConfig.DefaultConfig.Tracing.TlsSettings.Sni }}",
            Err("nil pointer evaluating *v1alpha1.ProxyConfig.Tracing"),
        ),
        (
            "{{ .MeshConfig.OutboundTrafficPolicy.Mode }}",
            Err("nil pointer evaluating *v1alpha1.MeshConfig_OutboundTrafficPolicy.Mode"),
        ),
        (
            "{{ .MeshConfig.LocalityLbSetting.Enabled }}",
            Err("nil pointer evaluating *v1alpha3.LocalityLoadBalancerSetting.Enabled"),
        ),
        (
            "{{ .MeshConfig.ExtensionProviders.Name }}",
            Err("can't evaluate field Name in type []*v1alpha1.MeshConfig_ExtensionProvider"),
        ),
        // The pod's structs below the containers.
        (
            "{{ range $c := .Spec.Containers }}{{ range $c.Ports }}{{ .Port }}{{ end }}{{ end }}",
            Err("can't evaluate field Port in type v1.ContainerPort"),
        ),
        (
            "{{ range .Spec.Containers }}{{ range .Env }}{{ .Name }}={{ .Value }};{{ end }}{{ end }}",
            Ok("A=b;"),
        ),
        (
            "{{ range .Spec.Containers }}{{ range .Env }}{{ .Val }}{{ end }}{{ end }}",
            Err("can't evaluate field Val in type v1.EnvVar"),
        ),
        (
            "{{ range .Spec.Containers }}{{ range .Env }}{{ .ValueFrom.FieldRef }}{{ end }}{{ end }}",
            Err("nil pointer evaluating *v1.EnvVarSource.FieldRef"),
        ),
        (
            "{{ range .Spec.Containers }}{{ .Resources.Limit }}{{ end }}",
            Err("can't evaluate field Limit in type v1.ResourceRequirements"),
        ),
        // `v1.ResourceList`'s keys are `v1.ResourceName`s: no field name is one.
        (
            "{{ range .Spec.Containers }}{{ .Resources.Limits.cpu }}{{ end }}",
            Err("can't evaluate field cpu in type v1.ResourceList"),
        ),
        // `index` of a typed slice gives its item's type.
        (
            "{{ with index .Spec.Containers 0 }}{{ .SecurityContext.RunAsUser }}{{ end }}",
            Ok("1000"),
        ),
        (
            "{{ with index .Spec.Containers 0 }}{{ .SecurityContext.RunAsUser.X }}{{ end }}",
            Err("can't evaluate field X in type *int64"),
        ),
        (
            "{{ with index .Spec.Containers 0 }}{{ .SecurityContext.RunAsGroup.X }}{{ end }}",
            Err("nil pointer evaluating *int64.X"),
        ),
        (
            "{{ with index .Spec.Containers 0 }}{{ .SecurityContext.RunAsUsr }}{{ end }}",
            Err("can't evaluate field RunAsUsr in type *v1.SecurityContext"),
        ),
        (
            "{{ (index .Spec.Containers 0).Nmae }}",
            Err("can't evaluate field Nmae in type v1.Container"),
        ),
        (
            "{{ .Spec.SecurityContext.RunAsUsr }}",
            Err("can't evaluate field RunAsUsr in type *v1.PodSecurityContext"),
        ),
        (
            "{{ .Spec.Volumes.Name }}",
            Err("can't evaluate field Name in type []v1.Volume"),
        ),
        // A field the data leaves out prints as Go's zero value of its type.
        (
            "{{ range $i, $c := .Spec.Containers }}{{ range $c.Ports }}{{ .ContainerPort }}/{{ .Protocol }};{{ end }}{{ end }}",
            Ok("80/;53/UDP;"),
        ),
        ("{{ .Spec.Tolerations }}", Ok("[]")),
        (
            "{{ .Spec.NodeSelector }}|{{ .Spec.SecurityContext }}|{{ .ProxyConfig.Image }}",
            Ok("map[]|nil|<nil>"),
        ),
        ("{{ $x := .Spec.Hostname }}[{{ $x }}]", Ok("[]")),
        ("{{ .ProxyConfig.Tracing.Sampling }}", Ok("0")),
        (
            "{{ .ProxyConfig.Tracing.TlsSettings.Mode.String }}",
            Ok("DISABLE"),
        ),
        (
            "{{ .MeshConfig.GetOutboundTrafficPolicy.GetMode }}",
            Ok("REGISTRY_ONLY"),
        ),
        (
            "{{ .ProxyConfig.GetTracing.GetTlsSettings.GetSubjectAltNames }}",
            Ok("[]"),
        ),
        // `ObjectMeta`'s own getters (methods of `*v1.ObjectMeta`), and no others.
        ("{{ .ObjectMeta.GetName }}", Ok("p")),
        (
            "{{ .ObjectMeta.GetNme }}",
            Err("can't evaluate field GetNme in type v1.ObjectMeta"),
        ),
    ]);
}
