//! The JSON fields of Kubernetes' Go `Pod` (k8s.io/api v0.34.4 core/v1 and apimachinery
//! meta/v1), with what its typed round trip does to each (`Field`). Written by
//! `scripts/gen-pod-fields.py` from the Go types: regenerate, do not edit. Each entry names
//! the Go field and its type; entries are sorted by JSON name for binary search.

use super::normalize::{Field::*, Fields};

pub(crate) static POD: Fields = Fields::new(&[
    ("apiVersion", Omit),               // TypeMeta.APIVersion string,omitempty
    ("kind", Omit),                     // TypeMeta.Kind string,omitempty
    ("metadata", Struct(&OBJECT_META)), // Pod.ObjectMeta metav1.ObjectMeta,omitempty
    ("spec", Struct(&POD_SPEC)),        // Pod.Spec PodSpec,omitempty
    ("status", Struct(&POD_STATUS)),    // Pod.Status PodStatus,omitempty
]);

pub(crate) static OBJECT_META: Fields = Fields::new(&[
    ("annotations", Map),                           // ObjectMeta.Annotations map[string]string,omitempty
    ("creationTimestamp", Keep),                    // ObjectMeta.CreationTimestamp Time,omitempty
    ("deletionGracePeriodSeconds", Keep),           // ObjectMeta.DeletionGracePeriodSeconds *int64,omitempty
    ("deletionTimestamp", Keep),                    // ObjectMeta.DeletionTimestamp *Time,omitempty
    ("finalizers", Omit),                           // ObjectMeta.Finalizers []string,omitempty
    ("generateName", Omit),                         // ObjectMeta.GenerateName string,omitempty
    ("generation", Omit),                           // ObjectMeta.Generation int64,omitempty
    ("labels", Map),                                // ObjectMeta.Labels map[string]string,omitempty
    ("managedFields", List(&MANAGED_FIELDS_ENTRY)), // ObjectMeta.ManagedFields []ManagedFieldsEntry,omitempty
    ("name", Omit),                                 // ObjectMeta.Name string,omitempty
    ("namespace", Omit),                            // ObjectMeta.Namespace string,omitempty
    ("ownerReferences", List(&OWNER_REFERENCE)),    // ObjectMeta.OwnerReferences []OwnerReference,omitempty
    ("resourceVersion", Omit),                      // ObjectMeta.ResourceVersion string,omitempty
    ("selfLink", Omit),                             // ObjectMeta.SelfLink string,omitempty
    ("uid", Omit),                                  // ObjectMeta.UID types.UID,omitempty
]);

pub(crate) static OWNER_REFERENCE: Fields = Fields::new(&[
    ("apiVersion", Keep),         // OwnerReference.APIVersion string
    ("blockOwnerDeletion", Keep), // OwnerReference.BlockOwnerDeletion *bool,omitempty
    ("controller", Keep),         // OwnerReference.Controller *bool,omitempty
    ("kind", Keep),               // OwnerReference.Kind string
    ("name", Keep),               // OwnerReference.Name string
    ("uid", Keep),                // OwnerReference.UID types.UID
]);

pub(crate) static MANAGED_FIELDS_ENTRY: Fields = Fields::new(&[
    ("apiVersion", Omit),  // ManagedFieldsEntry.APIVersion string,omitempty
    ("fieldsType", Omit),  // ManagedFieldsEntry.FieldsType string,omitempty
    ("fieldsV1", Keep),    // ManagedFieldsEntry.FieldsV1 *FieldsV1,omitempty
    ("manager", Omit),     // ManagedFieldsEntry.Manager string,omitempty
    ("operation", Omit),   // ManagedFieldsEntry.Operation ManagedFieldsOperationType,omitempty
    ("subresource", Omit), // ManagedFieldsEntry.Subresource string,omitempty
    ("time", Keep),        // ManagedFieldsEntry.Time *Time,omitempty
]);

pub(crate) static POD_SPEC: Fields = Fields::new(&[
    ("activeDeadlineSeconds", Keep),                                  // PodSpec.ActiveDeadlineSeconds *int64,omitempty
    ("affinity", Struct(&AFFINITY)),                                  // PodSpec.Affinity *Affinity,omitempty
    ("automountServiceAccountToken", Keep),                           // PodSpec.AutomountServiceAccountToken *bool,omitempty
    ("containers", KeptList(&CONTAINER)),                             // PodSpec.Containers []Container
    ("dnsConfig", Struct(&POD_DNS_CONFIG)),                           // PodSpec.DNSConfig *PodDNSConfig,omitempty
    ("dnsPolicy", Omit),                                              // PodSpec.DNSPolicy DNSPolicy,omitempty
    ("enableServiceLinks", Keep),                                     // PodSpec.EnableServiceLinks *bool,omitempty
    ("ephemeralContainers", List(&EPHEMERAL_CONTAINER)),              // PodSpec.EphemeralContainers []EphemeralContainer,omitempty
    ("hostAliases", List(&HOST_ALIAS)),                               // PodSpec.HostAliases []HostAlias,omitempty
    ("hostIPC", Omit),                                                // PodSpec.HostIPC bool,omitempty
    ("hostNetwork", Omit),                                            // PodSpec.HostNetwork bool,omitempty
    ("hostPID", Omit),                                                // PodSpec.HostPID bool,omitempty
    ("hostUsers", Keep),                                              // PodSpec.HostUsers *bool,omitempty
    ("hostname", Omit),                                               // PodSpec.Hostname string,omitempty
    ("hostnameOverride", Keep),                                       // PodSpec.HostnameOverride *string,omitempty
    ("imagePullSecrets", List(&LOCAL_OBJECT_REFERENCE)),              // PodSpec.ImagePullSecrets []LocalObjectReference,omitempty
    ("initContainers", List(&CONTAINER)),                             // PodSpec.InitContainers []Container,omitempty
    ("nodeName", Omit),                                               // PodSpec.NodeName string,omitempty
    ("nodeSelector", Map),                                            // PodSpec.NodeSelector map[string]string,omitempty
    ("os", Struct(&POD_OS)),                                          // PodSpec.OS *PodOS,omitempty
    ("overhead", Quantities),                                         // PodSpec.Overhead ResourceList,omitempty
    ("preemptionPolicy", Keep),                                       // PodSpec.PreemptionPolicy *PreemptionPolicy,omitempty
    ("priority", Keep),                                               // PodSpec.Priority *int32,omitempty
    ("priorityClassName", Omit),                                      // PodSpec.PriorityClassName string,omitempty
    ("readinessGates", List(&POD_READINESS_GATE)),                    // PodSpec.ReadinessGates []PodReadinessGate,omitempty
    ("resourceClaims", List(&POD_RESOURCE_CLAIM)),                    // PodSpec.ResourceClaims []PodResourceClaim,omitempty
    ("resources", Struct(&RESOURCE_REQUIREMENTS)),                    // PodSpec.Resources *ResourceRequirements,omitempty
    ("restartPolicy", Omit),                                          // PodSpec.RestartPolicy RestartPolicy,omitempty
    ("runtimeClassName", Keep),                                       // PodSpec.RuntimeClassName *string,omitempty
    ("schedulerName", Omit),                                          // PodSpec.SchedulerName string,omitempty
    ("schedulingGates", List(&POD_SCHEDULING_GATE)),                  // PodSpec.SchedulingGates []PodSchedulingGate,omitempty
    ("securityContext", Struct(&POD_SECURITY_CONTEXT)),               // PodSpec.SecurityContext *PodSecurityContext,omitempty
    ("serviceAccount", Omit),                                         // PodSpec.DeprecatedServiceAccount string,omitempty
    ("serviceAccountName", Omit),                                     // PodSpec.ServiceAccountName string,omitempty
    ("setHostnameAsFQDN", Keep),                                      // PodSpec.SetHostnameAsFQDN *bool,omitempty
    ("shareProcessNamespace", Keep),                                  // PodSpec.ShareProcessNamespace *bool,omitempty
    ("subdomain", Omit),                                              // PodSpec.Subdomain string,omitempty
    ("terminationGracePeriodSeconds", Keep),                          // PodSpec.TerminationGracePeriodSeconds *int64,omitempty
    ("tolerations", List(&TOLERATION)),                               // PodSpec.Tolerations []Toleration,omitempty
    ("topologySpreadConstraints", List(&TOPOLOGY_SPREAD_CONSTRAINT)), // PodSpec.TopologySpreadConstraints []TopologySpreadConstraint,omitempty
    ("volumes", List(&VOLUME)),                                       // PodSpec.Volumes []Volume,omitempty
]);

pub(crate) static VOLUME: Fields = Fields::new(&[
    ("awsElasticBlockStore", Struct(&AWS_ELASTIC_BLOCK_STORE_VOLUME_SOURCE)),  // VolumeSource.AWSElasticBlockStore *AWSElasticBlockStoreVolumeSource,omitempty
    ("azureDisk", Struct(&AZURE_DISK_VOLUME_SOURCE)),                          // VolumeSource.AzureDisk *AzureDiskVolumeSource,omitempty
    ("azureFile", Struct(&AZURE_FILE_VOLUME_SOURCE)),                          // VolumeSource.AzureFile *AzureFileVolumeSource,omitempty
    ("cephfs", Struct(&CEPH_FS_VOLUME_SOURCE)),                                // VolumeSource.CephFS *CephFSVolumeSource,omitempty
    ("cinder", Struct(&CINDER_VOLUME_SOURCE)),                                 // VolumeSource.Cinder *CinderVolumeSource,omitempty
    ("configMap", Struct(&CONFIG_MAP_VOLUME_SOURCE)),                          // VolumeSource.ConfigMap *ConfigMapVolumeSource,omitempty
    ("csi", Struct(&CSI_VOLUME_SOURCE)),                                       // VolumeSource.CSI *CSIVolumeSource,omitempty
    ("downwardAPI", Struct(&DOWNWARD_API_VOLUME_SOURCE)),                      // VolumeSource.DownwardAPI *DownwardAPIVolumeSource,omitempty
    ("emptyDir", Struct(&EMPTY_DIR_VOLUME_SOURCE)),                            // VolumeSource.EmptyDir *EmptyDirVolumeSource,omitempty
    ("ephemeral", Struct(&EPHEMERAL_VOLUME_SOURCE)),                           // VolumeSource.Ephemeral *EphemeralVolumeSource,omitempty
    ("fc", Struct(&FC_VOLUME_SOURCE)),                                         // VolumeSource.FC *FCVolumeSource,omitempty
    ("flexVolume", Struct(&FLEX_VOLUME_SOURCE)),                               // VolumeSource.FlexVolume *FlexVolumeSource,omitempty
    ("flocker", Struct(&FLOCKER_VOLUME_SOURCE)),                               // VolumeSource.Flocker *FlockerVolumeSource,omitempty
    ("gcePersistentDisk", Struct(&GCE_PERSISTENT_DISK_VOLUME_SOURCE)),         // VolumeSource.GCEPersistentDisk *GCEPersistentDiskVolumeSource,omitempty
    ("gitRepo", Struct(&GIT_REPO_VOLUME_SOURCE)),                              // VolumeSource.GitRepo *GitRepoVolumeSource,omitempty
    ("glusterfs", Struct(&GLUSTERFS_VOLUME_SOURCE)),                           // VolumeSource.Glusterfs *GlusterfsVolumeSource,omitempty
    ("hostPath", Struct(&HOST_PATH_VOLUME_SOURCE)),                            // VolumeSource.HostPath *HostPathVolumeSource,omitempty
    ("image", Struct(&IMAGE_VOLUME_SOURCE)),                                   // VolumeSource.Image *ImageVolumeSource,omitempty
    ("iscsi", Struct(&ISCSI_VOLUME_SOURCE)),                                   // VolumeSource.ISCSI *ISCSIVolumeSource,omitempty
    ("name", Keep),                                                            // Volume.Name string
    ("nfs", Struct(&NFS_VOLUME_SOURCE)),                                       // VolumeSource.NFS *NFSVolumeSource,omitempty
    ("persistentVolumeClaim", Struct(&PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE)), // VolumeSource.PersistentVolumeClaim *PersistentVolumeClaimVolumeSource,omitempty
    ("photonPersistentDisk", Struct(&PHOTON_PERSISTENT_DISK_VOLUME_SOURCE)),   // VolumeSource.PhotonPersistentDisk *PhotonPersistentDiskVolumeSource,omitempty
    ("portworxVolume", Struct(&PORTWORX_VOLUME_SOURCE)),                       // VolumeSource.PortworxVolume *PortworxVolumeSource,omitempty
    ("projected", Struct(&PROJECTED_VOLUME_SOURCE)),                           // VolumeSource.Projected *ProjectedVolumeSource,omitempty
    ("quobyte", Struct(&QUOBYTE_VOLUME_SOURCE)),                               // VolumeSource.Quobyte *QuobyteVolumeSource,omitempty
    ("rbd", Struct(&RBD_VOLUME_SOURCE)),                                       // VolumeSource.RBD *RBDVolumeSource,omitempty
    ("scaleIO", Struct(&SCALE_IO_VOLUME_SOURCE)),                              // VolumeSource.ScaleIO *ScaleIOVolumeSource,omitempty
    ("secret", Struct(&SECRET_VOLUME_SOURCE)),                                 // VolumeSource.Secret *SecretVolumeSource,omitempty
    ("storageos", Struct(&STORAGE_OS_VOLUME_SOURCE)),                          // VolumeSource.StorageOS *StorageOSVolumeSource,omitempty
    ("vsphereVolume", Struct(&VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE)),            // VolumeSource.VsphereVolume *VsphereVirtualDiskVolumeSource,omitempty
]);

pub(crate) static HOST_PATH_VOLUME_SOURCE: Fields = Fields::new(&[
    ("path", Keep), // HostPathVolumeSource.Path string
    ("type", Keep), // HostPathVolumeSource.Type *HostPathType,omitempty
]);

pub(crate) static EMPTY_DIR_VOLUME_SOURCE: Fields = Fields::new(&[
    ("medium", Omit),        // EmptyDirVolumeSource.Medium StorageMedium,omitempty
    ("sizeLimit", Quantity), // EmptyDirVolumeSource.SizeLimit *resource.Quantity,omitempty
]);

pub(crate) static GCE_PERSISTENT_DISK_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit),    // GCEPersistentDiskVolumeSource.FSType string,omitempty
    ("partition", Omit), // GCEPersistentDiskVolumeSource.Partition int32,omitempty
    ("pdName", Keep),    // GCEPersistentDiskVolumeSource.PDName string
    ("readOnly", Omit),  // GCEPersistentDiskVolumeSource.ReadOnly bool,omitempty
]);

pub(crate) static AWS_ELASTIC_BLOCK_STORE_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit),    // AWSElasticBlockStoreVolumeSource.FSType string,omitempty
    ("partition", Omit), // AWSElasticBlockStoreVolumeSource.Partition int32,omitempty
    ("readOnly", Omit),  // AWSElasticBlockStoreVolumeSource.ReadOnly bool,omitempty
    ("volumeID", Keep),  // AWSElasticBlockStoreVolumeSource.VolumeID string
]);

pub(crate) static GIT_REPO_VOLUME_SOURCE: Fields = Fields::new(&[
    ("directory", Omit),  // GitRepoVolumeSource.Directory string,omitempty
    ("repository", Keep), // GitRepoVolumeSource.Repository string
    ("revision", Omit),   // GitRepoVolumeSource.Revision string,omitempty
]);

pub(crate) static SECRET_VOLUME_SOURCE: Fields = Fields::new(&[
    ("defaultMode", Keep),         // SecretVolumeSource.DefaultMode *int32,omitempty
    ("items", List(&KEY_TO_PATH)), // SecretVolumeSource.Items []KeyToPath,omitempty
    ("optional", Keep),            // SecretVolumeSource.Optional *bool,omitempty
    ("secretName", Omit),          // SecretVolumeSource.SecretName string,omitempty
]);

pub(crate) static KEY_TO_PATH: Fields = Fields::new(&[
    ("key", Keep),  // KeyToPath.Key string
    ("mode", Keep), // KeyToPath.Mode *int32,omitempty
    ("path", Keep), // KeyToPath.Path string
]);

pub(crate) static NFS_VOLUME_SOURCE: Fields = Fields::new(&[
    ("path", Keep),     // NFSVolumeSource.Path string
    ("readOnly", Omit), // NFSVolumeSource.ReadOnly bool,omitempty
    ("server", Keep),   // NFSVolumeSource.Server string
]);

pub(crate) static ISCSI_VOLUME_SOURCE: Fields = Fields::new(&[
    ("chapAuthDiscovery", Omit),                    // ISCSIVolumeSource.DiscoveryCHAPAuth bool,omitempty
    ("chapAuthSession", Omit),                      // ISCSIVolumeSource.SessionCHAPAuth bool,omitempty
    ("fsType", Omit),                               // ISCSIVolumeSource.FSType string,omitempty
    ("initiatorName", Keep),                        // ISCSIVolumeSource.InitiatorName *string,omitempty
    ("iqn", Keep),                                  // ISCSIVolumeSource.IQN string
    ("iscsiInterface", Omit),                       // ISCSIVolumeSource.ISCSIInterface string,omitempty
    ("lun", Keep),                                  // ISCSIVolumeSource.Lun int32
    ("portals", Omit),                              // ISCSIVolumeSource.Portals []string,omitempty
    ("readOnly", Omit),                             // ISCSIVolumeSource.ReadOnly bool,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE)), // ISCSIVolumeSource.SecretRef *LocalObjectReference,omitempty
    ("targetPortal", Keep),                         // ISCSIVolumeSource.TargetPortal string
]);

pub(crate) static LOCAL_OBJECT_REFERENCE: Fields = Fields::new(&[
    ("name", Omit), // LocalObjectReference.Name string,omitempty
]);

pub(crate) static GLUSTERFS_VOLUME_SOURCE: Fields = Fields::new(&[
    ("endpoints", Keep), // GlusterfsVolumeSource.EndpointsName string
    ("path", Keep),      // GlusterfsVolumeSource.Path string
    ("readOnly", Omit),  // GlusterfsVolumeSource.ReadOnly bool,omitempty
]);

pub(crate) static PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE: Fields = Fields::new(&[
    ("claimName", Keep), // PersistentVolumeClaimVolumeSource.ClaimName string
    ("readOnly", Omit),  // PersistentVolumeClaimVolumeSource.ReadOnly bool,omitempty
]);

pub(crate) static RBD_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit),                               // RBDVolumeSource.FSType string,omitempty
    ("image", Keep),                                // RBDVolumeSource.RBDImage string
    ("keyring", Omit),                              // RBDVolumeSource.Keyring string,omitempty
    ("monitors", Keep),                             // RBDVolumeSource.CephMonitors []string
    ("pool", Omit),                                 // RBDVolumeSource.RBDPool string,omitempty
    ("readOnly", Omit),                             // RBDVolumeSource.ReadOnly bool,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE)), // RBDVolumeSource.SecretRef *LocalObjectReference,omitempty
    ("user", Omit),                                 // RBDVolumeSource.RadosUser string,omitempty
]);

pub(crate) static FLEX_VOLUME_SOURCE: Fields = Fields::new(&[
    ("driver", Keep),                               // FlexVolumeSource.Driver string
    ("fsType", Omit),                               // FlexVolumeSource.FSType string,omitempty
    ("options", Map),                               // FlexVolumeSource.Options map[string]string,omitempty
    ("readOnly", Omit),                             // FlexVolumeSource.ReadOnly bool,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE)), // FlexVolumeSource.SecretRef *LocalObjectReference,omitempty
]);

pub(crate) static CINDER_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit),                               // CinderVolumeSource.FSType string,omitempty
    ("readOnly", Omit),                             // CinderVolumeSource.ReadOnly bool,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE)), // CinderVolumeSource.SecretRef *LocalObjectReference,omitempty
    ("volumeID", Keep),                             // CinderVolumeSource.VolumeID string
]);

pub(crate) static CEPH_FS_VOLUME_SOURCE: Fields = Fields::new(&[
    ("monitors", Keep),                             // CephFSVolumeSource.Monitors []string
    ("path", Omit),                                 // CephFSVolumeSource.Path string,omitempty
    ("readOnly", Omit),                             // CephFSVolumeSource.ReadOnly bool,omitempty
    ("secretFile", Omit),                           // CephFSVolumeSource.SecretFile string,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE)), // CephFSVolumeSource.SecretRef *LocalObjectReference,omitempty
    ("user", Omit),                                 // CephFSVolumeSource.User string,omitempty
]);

pub(crate) static FLOCKER_VOLUME_SOURCE: Fields = Fields::new(&[
    ("datasetName", Omit), // FlockerVolumeSource.DatasetName string,omitempty
    ("datasetUUID", Omit), // FlockerVolumeSource.DatasetUUID string,omitempty
]);

pub(crate) static DOWNWARD_API_VOLUME_SOURCE: Fields = Fields::new(&[
    ("defaultMode", Keep),                      // DownwardAPIVolumeSource.DefaultMode *int32,omitempty
    ("items", List(&DOWNWARD_API_VOLUME_FILE)), // DownwardAPIVolumeSource.Items []DownwardAPIVolumeFile,omitempty
]);

pub(crate) static DOWNWARD_API_VOLUME_FILE: Fields = Fields::new(&[
    ("fieldRef", Struct(&OBJECT_FIELD_SELECTOR)),           // DownwardAPIVolumeFile.FieldRef *ObjectFieldSelector,omitempty
    ("mode", Keep),                                         // DownwardAPIVolumeFile.Mode *int32,omitempty
    ("path", Keep),                                         // DownwardAPIVolumeFile.Path string
    ("resourceFieldRef", Struct(&RESOURCE_FIELD_SELECTOR)), // DownwardAPIVolumeFile.ResourceFieldRef *ResourceFieldSelector,omitempty
]);

pub(crate) static OBJECT_FIELD_SELECTOR: Fields = Fields::new(&[
    ("apiVersion", Omit), // ObjectFieldSelector.APIVersion string,omitempty
    ("fieldPath", Keep),  // ObjectFieldSelector.FieldPath string
]);

pub(crate) static RESOURCE_FIELD_SELECTOR: Fields = Fields::new(&[
    ("containerName", Omit), // ResourceFieldSelector.ContainerName string,omitempty
    ("divisor", Quantity),   // ResourceFieldSelector.Divisor resource.Quantity,omitempty
    ("resource", Keep),      // ResourceFieldSelector.Resource string
]);

pub(crate) static FC_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit),     // FCVolumeSource.FSType string,omitempty
    ("lun", Keep),        // FCVolumeSource.Lun *int32,omitempty
    ("readOnly", Omit),   // FCVolumeSource.ReadOnly bool,omitempty
    ("targetWWNs", Omit), // FCVolumeSource.TargetWWNs []string,omitempty
    ("wwids", Omit),      // FCVolumeSource.WWIDs []string,omitempty
]);

pub(crate) static AZURE_FILE_VOLUME_SOURCE: Fields = Fields::new(&[
    ("readOnly", Omit),   // AzureFileVolumeSource.ReadOnly bool,omitempty
    ("secretName", Keep), // AzureFileVolumeSource.SecretName string
    ("shareName", Keep),  // AzureFileVolumeSource.ShareName string
]);

pub(crate) static CONFIG_MAP_VOLUME_SOURCE: Fields = Fields::new(&[
    ("defaultMode", Keep),         // ConfigMapVolumeSource.DefaultMode *int32,omitempty
    ("items", List(&KEY_TO_PATH)), // ConfigMapVolumeSource.Items []KeyToPath,omitempty
    ("name", Omit),                // LocalObjectReference.Name string,omitempty
    ("optional", Keep),            // ConfigMapVolumeSource.Optional *bool,omitempty
]);

pub(crate) static VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit),            // VsphereVirtualDiskVolumeSource.FSType string,omitempty
    ("storagePolicyID", Omit),   // VsphereVirtualDiskVolumeSource.StoragePolicyID string,omitempty
    ("storagePolicyName", Omit), // VsphereVirtualDiskVolumeSource.StoragePolicyName string,omitempty
    ("volumePath", Keep),        // VsphereVirtualDiskVolumeSource.VolumePath string
]);

pub(crate) static QUOBYTE_VOLUME_SOURCE: Fields = Fields::new(&[
    ("group", Omit),    // QuobyteVolumeSource.Group string,omitempty
    ("readOnly", Omit), // QuobyteVolumeSource.ReadOnly bool,omitempty
    ("registry", Keep), // QuobyteVolumeSource.Registry string
    ("tenant", Omit),   // QuobyteVolumeSource.Tenant string,omitempty
    ("user", Omit),     // QuobyteVolumeSource.User string,omitempty
    ("volume", Keep),   // QuobyteVolumeSource.Volume string
]);

pub(crate) static AZURE_DISK_VOLUME_SOURCE: Fields = Fields::new(&[
    ("cachingMode", Keep), // AzureDiskVolumeSource.CachingMode *AzureDataDiskCachingMode,omitempty
    ("diskName", Keep),    // AzureDiskVolumeSource.DiskName string
    ("diskURI", Keep),     // AzureDiskVolumeSource.DataDiskURI string
    ("fsType", Keep),      // AzureDiskVolumeSource.FSType *string,omitempty
    ("kind", Keep),        // AzureDiskVolumeSource.Kind *AzureDataDiskKind,omitempty
    ("readOnly", Keep),    // AzureDiskVolumeSource.ReadOnly *bool,omitempty
]);

pub(crate) static PHOTON_PERSISTENT_DISK_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit), // PhotonPersistentDiskVolumeSource.FSType string,omitempty
    ("pdID", Keep),   // PhotonPersistentDiskVolumeSource.PdID string
]);

pub(crate) static PROJECTED_VOLUME_SOURCE: Fields = Fields::new(&[
    ("defaultMode", Keep),                     // ProjectedVolumeSource.DefaultMode *int32,omitempty
    ("sources", KeptList(&VOLUME_PROJECTION)), // ProjectedVolumeSource.Sources []VolumeProjection
]);

pub(crate) static VOLUME_PROJECTION: Fields = Fields::new(&[
    ("clusterTrustBundle", Struct(&CLUSTER_TRUST_BUNDLE_PROJECTION)),   // VolumeProjection.ClusterTrustBundle *ClusterTrustBundleProjection,omitempty
    ("configMap", Struct(&CONFIG_MAP_PROJECTION)),                      // VolumeProjection.ConfigMap *ConfigMapProjection,omitempty
    ("downwardAPI", Struct(&DOWNWARD_API_PROJECTION)),                  // VolumeProjection.DownwardAPI *DownwardAPIProjection,omitempty
    ("podCertificate", Struct(&POD_CERTIFICATE_PROJECTION)),            // VolumeProjection.PodCertificate *PodCertificateProjection,omitempty
    ("secret", Struct(&SECRET_PROJECTION)),                             // VolumeProjection.Secret *SecretProjection,omitempty
    ("serviceAccountToken", Struct(&SERVICE_ACCOUNT_TOKEN_PROJECTION)), // VolumeProjection.ServiceAccountToken *ServiceAccountTokenProjection,omitempty
]);

pub(crate) static SECRET_PROJECTION: Fields = Fields::new(&[
    ("items", List(&KEY_TO_PATH)), // SecretProjection.Items []KeyToPath,omitempty
    ("name", Omit),                // LocalObjectReference.Name string,omitempty
    ("optional", Keep),            // SecretProjection.Optional *bool,omitempty
]);

pub(crate) static DOWNWARD_API_PROJECTION: Fields = Fields::new(&[
    ("items", List(&DOWNWARD_API_VOLUME_FILE)), // DownwardAPIProjection.Items []DownwardAPIVolumeFile,omitempty
]);

pub(crate) static CONFIG_MAP_PROJECTION: Fields = Fields::new(&[
    ("items", List(&KEY_TO_PATH)), // ConfigMapProjection.Items []KeyToPath,omitempty
    ("name", Omit),                // LocalObjectReference.Name string,omitempty
    ("optional", Keep),            // ConfigMapProjection.Optional *bool,omitempty
]);

pub(crate) static SERVICE_ACCOUNT_TOKEN_PROJECTION: Fields = Fields::new(&[
    ("audience", Omit),          // ServiceAccountTokenProjection.Audience string,omitempty
    ("expirationSeconds", Keep), // ServiceAccountTokenProjection.ExpirationSeconds *int64,omitempty
    ("path", Keep),              // ServiceAccountTokenProjection.Path string
]);

pub(crate) static CLUSTER_TRUST_BUNDLE_PROJECTION: Fields = Fields::new(&[
    ("labelSelector", Struct(&LABEL_SELECTOR)), // ClusterTrustBundleProjection.LabelSelector *metav1.LabelSelector,omitempty
    ("name", Keep),                             // ClusterTrustBundleProjection.Name *string,omitempty
    ("optional", Keep),                         // ClusterTrustBundleProjection.Optional *bool,omitempty
    ("path", Keep),                             // ClusterTrustBundleProjection.Path string
    ("signerName", Keep),                       // ClusterTrustBundleProjection.SignerName *string,omitempty
]);

pub(crate) static LABEL_SELECTOR: Fields = Fields::new(&[
    ("matchExpressions", List(&LABEL_SELECTOR_REQUIREMENT)), // LabelSelector.MatchExpressions []LabelSelectorRequirement,omitempty
    ("matchLabels", Map),                                    // LabelSelector.MatchLabels map[string]string,omitempty
]);

pub(crate) static LABEL_SELECTOR_REQUIREMENT: Fields = Fields::new(&[
    ("key", Keep),      // LabelSelectorRequirement.Key string
    ("operator", Keep), // LabelSelectorRequirement.Operator LabelSelectorOperator
    ("values", Omit),   // LabelSelectorRequirement.Values []string,omitempty
]);

pub(crate) static POD_CERTIFICATE_PROJECTION: Fields = Fields::new(&[
    ("certificateChainPath", Omit), // PodCertificateProjection.CertificateChainPath string,omitempty
    ("credentialBundlePath", Omit), // PodCertificateProjection.CredentialBundlePath string,omitempty
    ("keyPath", Omit),              // PodCertificateProjection.KeyPath string,omitempty
    ("keyType", Omit),              // PodCertificateProjection.KeyType string,omitempty
    ("maxExpirationSeconds", Keep), // PodCertificateProjection.MaxExpirationSeconds *int32,omitempty
    ("signerName", Omit),           // PodCertificateProjection.SignerName string,omitempty
]);

pub(crate) static PORTWORX_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit),   // PortworxVolumeSource.FSType string,omitempty
    ("readOnly", Omit), // PortworxVolumeSource.ReadOnly bool,omitempty
    ("volumeID", Keep), // PortworxVolumeSource.VolumeID string
]);

pub(crate) static SCALE_IO_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit),                               // ScaleIOVolumeSource.FSType string,omitempty
    ("gateway", Keep),                              // ScaleIOVolumeSource.Gateway string
    ("protectionDomain", Omit),                     // ScaleIOVolumeSource.ProtectionDomain string,omitempty
    ("readOnly", Omit),                             // ScaleIOVolumeSource.ReadOnly bool,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE)), // ScaleIOVolumeSource.SecretRef *LocalObjectReference
    ("sslEnabled", Omit),                           // ScaleIOVolumeSource.SSLEnabled bool,omitempty
    ("storageMode", Omit),                          // ScaleIOVolumeSource.StorageMode string,omitempty
    ("storagePool", Omit),                          // ScaleIOVolumeSource.StoragePool string,omitempty
    ("system", Keep),                               // ScaleIOVolumeSource.System string
    ("volumeName", Omit),                           // ScaleIOVolumeSource.VolumeName string,omitempty
]);

pub(crate) static STORAGE_OS_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit),                               // StorageOSVolumeSource.FSType string,omitempty
    ("readOnly", Omit),                             // StorageOSVolumeSource.ReadOnly bool,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE)), // StorageOSVolumeSource.SecretRef *LocalObjectReference,omitempty
    ("volumeName", Omit),                           // StorageOSVolumeSource.VolumeName string,omitempty
    ("volumeNamespace", Omit),                      // StorageOSVolumeSource.VolumeNamespace string,omitempty
]);

pub(crate) static CSI_VOLUME_SOURCE: Fields = Fields::new(&[
    ("driver", Keep),                                          // CSIVolumeSource.Driver string
    ("fsType", Keep),                                          // CSIVolumeSource.FSType *string,omitempty
    ("nodePublishSecretRef", Struct(&LOCAL_OBJECT_REFERENCE)), // CSIVolumeSource.NodePublishSecretRef *LocalObjectReference,omitempty
    ("readOnly", Keep),                                        // CSIVolumeSource.ReadOnly *bool,omitempty
    ("volumeAttributes", Map),                                 // CSIVolumeSource.VolumeAttributes map[string]string,omitempty
]);

pub(crate) static EPHEMERAL_VOLUME_SOURCE: Fields = Fields::new(&[
    ("volumeClaimTemplate", Struct(&PERSISTENT_VOLUME_CLAIM_TEMPLATE)), // EphemeralVolumeSource.VolumeClaimTemplate *PersistentVolumeClaimTemplate,omitempty
]);

pub(crate) static PERSISTENT_VOLUME_CLAIM_TEMPLATE: Fields = Fields::new(&[
    ("metadata", Struct(&OBJECT_META)),              // PersistentVolumeClaimTemplate.ObjectMeta metav1.ObjectMeta,omitempty
    ("spec", Struct(&PERSISTENT_VOLUME_CLAIM_SPEC)), // PersistentVolumeClaimTemplate.Spec PersistentVolumeClaimSpec
]);

pub(crate) static PERSISTENT_VOLUME_CLAIM_SPEC: Fields = Fields::new(&[
    ("accessModes", Omit),                                 // PersistentVolumeClaimSpec.AccessModes []PersistentVolumeAccessMode,omitempty
    ("dataSource", Struct(&TYPED_LOCAL_OBJECT_REFERENCE)), // PersistentVolumeClaimSpec.DataSource *TypedLocalObjectReference,omitempty
    ("dataSourceRef", Struct(&TYPED_OBJECT_REFERENCE)),    // PersistentVolumeClaimSpec.DataSourceRef *TypedObjectReference,omitempty
    ("resources", Struct(&VOLUME_RESOURCE_REQUIREMENTS)),  // PersistentVolumeClaimSpec.Resources VolumeResourceRequirements,omitempty
    ("selector", Struct(&LABEL_SELECTOR)),                 // PersistentVolumeClaimSpec.Selector *metav1.LabelSelector,omitempty
    ("storageClassName", Keep),                            // PersistentVolumeClaimSpec.StorageClassName *string,omitempty
    ("volumeAttributesClassName", Keep),                   // PersistentVolumeClaimSpec.VolumeAttributesClassName *string,omitempty
    ("volumeMode", Keep),                                  // PersistentVolumeClaimSpec.VolumeMode *PersistentVolumeMode,omitempty
    ("volumeName", Omit),                                  // PersistentVolumeClaimSpec.VolumeName string,omitempty
]);

pub(crate) static VOLUME_RESOURCE_REQUIREMENTS: Fields = Fields::new(&[
    ("limits", Quantities),   // VolumeResourceRequirements.Limits ResourceList,omitempty
    ("requests", Quantities), // VolumeResourceRequirements.Requests ResourceList,omitempty
]);

pub(crate) static TYPED_LOCAL_OBJECT_REFERENCE: Fields = Fields::new(&[
    ("apiGroup", Keep), // TypedLocalObjectReference.APIGroup *string
    ("kind", Keep),     // TypedLocalObjectReference.Kind string
    ("name", Keep),     // TypedLocalObjectReference.Name string
]);

pub(crate) static TYPED_OBJECT_REFERENCE: Fields = Fields::new(&[
    ("apiGroup", Keep),  // TypedObjectReference.APIGroup *string
    ("kind", Keep),      // TypedObjectReference.Kind string
    ("name", Keep),      // TypedObjectReference.Name string
    ("namespace", Keep), // TypedObjectReference.Namespace *string,omitempty
]);

pub(crate) static IMAGE_VOLUME_SOURCE: Fields = Fields::new(&[
    ("pullPolicy", Omit), // ImageVolumeSource.PullPolicy PullPolicy,omitempty
    ("reference", Omit),  // ImageVolumeSource.Reference string,omitempty
]);

pub(crate) static CONTAINER: Fields = Fields::new(&[
    ("args", Omit),                                        // Container.Args []string,omitempty
    ("command", Omit),                                     // Container.Command []string,omitempty
    ("env", List(&ENV_VAR)),                               // Container.Env []EnvVar,omitempty
    ("envFrom", List(&ENV_FROM_SOURCE)),                   // Container.EnvFrom []EnvFromSource,omitempty
    ("image", Omit),                                       // Container.Image string,omitempty
    ("imagePullPolicy", Omit),                             // Container.ImagePullPolicy PullPolicy,omitempty
    ("lifecycle", Struct(&LIFECYCLE)),                     // Container.Lifecycle *Lifecycle,omitempty
    ("livenessProbe", Struct(&PROBE)),                     // Container.LivenessProbe *Probe,omitempty
    ("name", Keep),                                        // Container.Name string
    ("ports", List(&CONTAINER_PORT)),                      // Container.Ports []ContainerPort,omitempty
    ("readinessProbe", Struct(&PROBE)),                    // Container.ReadinessProbe *Probe,omitempty
    ("resizePolicy", List(&CONTAINER_RESIZE_POLICY)),      // Container.ResizePolicy []ContainerResizePolicy,omitempty
    ("resources", Struct(&RESOURCE_REQUIREMENTS)),         // Container.Resources ResourceRequirements,omitempty
    ("restartPolicy", Keep),                               // Container.RestartPolicy *ContainerRestartPolicy,omitempty
    ("restartPolicyRules", List(&CONTAINER_RESTART_RULE)), // Container.RestartPolicyRules []ContainerRestartRule,omitempty
    ("securityContext", Struct(&SECURITY_CONTEXT)),        // Container.SecurityContext *SecurityContext,omitempty
    ("startupProbe", Struct(&PROBE)),                      // Container.StartupProbe *Probe,omitempty
    ("stdin", Omit),                                       // Container.Stdin bool,omitempty
    ("stdinOnce", Omit),                                   // Container.StdinOnce bool,omitempty
    ("terminationMessagePath", Omit),                      // Container.TerminationMessagePath string,omitempty
    ("terminationMessagePolicy", Omit),                    // Container.TerminationMessagePolicy TerminationMessagePolicy,omitempty
    ("tty", Omit),                                         // Container.TTY bool,omitempty
    ("volumeDevices", List(&VOLUME_DEVICE)),               // Container.VolumeDevices []VolumeDevice,omitempty
    ("volumeMounts", List(&VOLUME_MOUNT)),                 // Container.VolumeMounts []VolumeMount,omitempty
    ("workingDir", Omit),                                  // Container.WorkingDir string,omitempty
]);

pub(crate) static CONTAINER_PORT: Fields = Fields::new(&[
    ("containerPort", Keep), // ContainerPort.ContainerPort int32
    ("hostIP", Omit),        // ContainerPort.HostIP string,omitempty
    ("hostPort", Omit),      // ContainerPort.HostPort int32,omitempty
    ("name", Omit),          // ContainerPort.Name string,omitempty
    ("protocol", Omit),      // ContainerPort.Protocol Protocol,omitempty
]);

pub(crate) static ENV_FROM_SOURCE: Fields = Fields::new(&[
    ("configMapRef", Struct(&CONFIG_MAP_ENV_SOURCE)), // EnvFromSource.ConfigMapRef *ConfigMapEnvSource,omitempty
    ("prefix", Omit),                                 // EnvFromSource.Prefix string,omitempty
    ("secretRef", Struct(&SECRET_ENV_SOURCE)),        // EnvFromSource.SecretRef *SecretEnvSource,omitempty
]);

pub(crate) static CONFIG_MAP_ENV_SOURCE: Fields = Fields::new(&[
    ("name", Omit),     // LocalObjectReference.Name string,omitempty
    ("optional", Keep), // ConfigMapEnvSource.Optional *bool,omitempty
]);

pub(crate) static SECRET_ENV_SOURCE: Fields = Fields::new(&[
    ("name", Omit),     // LocalObjectReference.Name string,omitempty
    ("optional", Keep), // SecretEnvSource.Optional *bool,omitempty
]);

pub(crate) static ENV_VAR: Fields = Fields::new(&[
    ("name", Keep),                         // EnvVar.Name string
    ("value", Omit),                        // EnvVar.Value string,omitempty
    ("valueFrom", Struct(&ENV_VAR_SOURCE)), // EnvVar.ValueFrom *EnvVarSource,omitempty
]);

pub(crate) static ENV_VAR_SOURCE: Fields = Fields::new(&[
    ("configMapKeyRef", Struct(&CONFIG_MAP_KEY_SELECTOR)),  // EnvVarSource.ConfigMapKeyRef *ConfigMapKeySelector,omitempty
    ("fieldRef", Struct(&OBJECT_FIELD_SELECTOR)),           // EnvVarSource.FieldRef *ObjectFieldSelector,omitempty
    ("fileKeyRef", Struct(&FILE_KEY_SELECTOR)),             // EnvVarSource.FileKeyRef *FileKeySelector,omitempty
    ("resourceFieldRef", Struct(&RESOURCE_FIELD_SELECTOR)), // EnvVarSource.ResourceFieldRef *ResourceFieldSelector,omitempty
    ("secretKeyRef", Struct(&SECRET_KEY_SELECTOR)),         // EnvVarSource.SecretKeyRef *SecretKeySelector,omitempty
]);

pub(crate) static CONFIG_MAP_KEY_SELECTOR: Fields = Fields::new(&[
    ("key", Keep),      // ConfigMapKeySelector.Key string
    ("name", Omit),     // LocalObjectReference.Name string,omitempty
    ("optional", Keep), // ConfigMapKeySelector.Optional *bool,omitempty
]);

pub(crate) static SECRET_KEY_SELECTOR: Fields = Fields::new(&[
    ("key", Keep),      // SecretKeySelector.Key string
    ("name", Omit),     // LocalObjectReference.Name string,omitempty
    ("optional", Keep), // SecretKeySelector.Optional *bool,omitempty
]);

pub(crate) static FILE_KEY_SELECTOR: Fields = Fields::new(&[
    ("key", Keep),        // FileKeySelector.Key string
    ("optional", Keep),   // FileKeySelector.Optional *bool,omitempty
    ("path", Keep),       // FileKeySelector.Path string
    ("volumeName", Keep), // FileKeySelector.VolumeName string
]);

pub(crate) static RESOURCE_REQUIREMENTS: Fields = Fields::new(&[
    ("claims", List(&RESOURCE_CLAIM)), // ResourceRequirements.Claims []ResourceClaim,omitempty
    ("limits", Quantities),            // ResourceRequirements.Limits ResourceList,omitempty
    ("requests", Quantities),          // ResourceRequirements.Requests ResourceList,omitempty
]);

pub(crate) static RESOURCE_CLAIM: Fields = Fields::new(&[
    ("name", Keep),    // ResourceClaim.Name string
    ("request", Omit), // ResourceClaim.Request string,omitempty
]);

pub(crate) static CONTAINER_RESIZE_POLICY: Fields = Fields::new(&[
    ("resourceName", Keep),  // ContainerResizePolicy.ResourceName ResourceName
    ("restartPolicy", Keep), // ContainerResizePolicy.RestartPolicy ResourceResizeRestartPolicy
]);

pub(crate) static CONTAINER_RESTART_RULE: Fields = Fields::new(&[
    ("action", Omit),                                             // ContainerRestartRule.Action ContainerRestartRuleAction,omitempty
    ("exitCodes", Struct(&CONTAINER_RESTART_RULE_ON_EXIT_CODES)), // ContainerRestartRule.ExitCodes *ContainerRestartRuleOnExitCodes,omitempty
]);

pub(crate) static CONTAINER_RESTART_RULE_ON_EXIT_CODES: Fields = Fields::new(&[
    ("operator", Omit), // ContainerRestartRuleOnExitCodes.Operator ContainerRestartRuleOnExitCodesOperator,omitempty
    ("values", Omit),   // ContainerRestartRuleOnExitCodes.Values []int32,omitempty
]);

pub(crate) static VOLUME_MOUNT: Fields = Fields::new(&[
    ("mountPath", Keep),         // VolumeMount.MountPath string
    ("mountPropagation", Keep),  // VolumeMount.MountPropagation *MountPropagationMode,omitempty
    ("name", Keep),              // VolumeMount.Name string
    ("readOnly", Omit),          // VolumeMount.ReadOnly bool,omitempty
    ("recursiveReadOnly", Keep), // VolumeMount.RecursiveReadOnly *RecursiveReadOnlyMode,omitempty
    ("subPath", Omit),           // VolumeMount.SubPath string,omitempty
    ("subPathExpr", Omit),       // VolumeMount.SubPathExpr string,omitempty
]);

pub(crate) static VOLUME_DEVICE: Fields = Fields::new(&[
    ("devicePath", Keep), // VolumeDevice.DevicePath string
    ("name", Keep),       // VolumeDevice.Name string
]);

pub(crate) static PROBE: Fields = Fields::new(&[
    ("exec", Struct(&EXEC_ACTION)),            // ProbeHandler.Exec *ExecAction,omitempty
    ("failureThreshold", Omit),                // Probe.FailureThreshold int32,omitempty
    ("grpc", Struct(&GRPC_ACTION)),            // ProbeHandler.GRPC *GRPCAction,omitempty
    ("httpGet", Struct(&HTTP_GET_ACTION)),     // ProbeHandler.HTTPGet *HTTPGetAction,omitempty
    ("initialDelaySeconds", Omit),             // Probe.InitialDelaySeconds int32,omitempty
    ("periodSeconds", Omit),                   // Probe.PeriodSeconds int32,omitempty
    ("successThreshold", Omit),                // Probe.SuccessThreshold int32,omitempty
    ("tcpSocket", Struct(&TCP_SOCKET_ACTION)), // ProbeHandler.TCPSocket *TCPSocketAction,omitempty
    ("terminationGracePeriodSeconds", Keep),   // Probe.TerminationGracePeriodSeconds *int64,omitempty
    ("timeoutSeconds", Omit),                  // Probe.TimeoutSeconds int32,omitempty
]);

pub(crate) static EXEC_ACTION: Fields = Fields::new(&[
    ("command", Omit), // ExecAction.Command []string,omitempty
]);

pub(crate) static HTTP_GET_ACTION: Fields = Fields::new(&[
    ("host", Omit),                      // HTTPGetAction.Host string,omitempty
    ("httpHeaders", List(&HTTP_HEADER)), // HTTPGetAction.HTTPHeaders []HTTPHeader,omitempty
    ("path", Omit),                      // HTTPGetAction.Path string,omitempty
    ("port", Keep),                      // HTTPGetAction.Port intstr.IntOrString
    ("scheme", Omit),                    // HTTPGetAction.Scheme URIScheme,omitempty
]);

pub(crate) static HTTP_HEADER: Fields = Fields::new(&[
    ("name", Keep),  // HTTPHeader.Name string
    ("value", Keep), // HTTPHeader.Value string
]);

pub(crate) static TCP_SOCKET_ACTION: Fields = Fields::new(&[
    ("host", Omit), // TCPSocketAction.Host string,omitempty
    ("port", Keep), // TCPSocketAction.Port intstr.IntOrString
]);

pub(crate) static GRPC_ACTION: Fields = Fields::new(&[
    ("port", Keep),    // GRPCAction.Port int32
    ("service", Keep), // GRPCAction.Service *string
]);

pub(crate) static LIFECYCLE: Fields = Fields::new(&[
    ("postStart", Struct(&LIFECYCLE_HANDLER)), // Lifecycle.PostStart *LifecycleHandler,omitempty
    ("preStop", Struct(&LIFECYCLE_HANDLER)),   // Lifecycle.PreStop *LifecycleHandler,omitempty
    ("stopSignal", Keep),                      // Lifecycle.StopSignal *Signal,omitempty
]);

pub(crate) static LIFECYCLE_HANDLER: Fields = Fields::new(&[
    ("exec", Struct(&EXEC_ACTION)),            // LifecycleHandler.Exec *ExecAction,omitempty
    ("httpGet", Struct(&HTTP_GET_ACTION)),     // LifecycleHandler.HTTPGet *HTTPGetAction,omitempty
    ("sleep", Struct(&SLEEP_ACTION)),          // LifecycleHandler.Sleep *SleepAction,omitempty
    ("tcpSocket", Struct(&TCP_SOCKET_ACTION)), // LifecycleHandler.TCPSocket *TCPSocketAction,omitempty
]);

pub(crate) static SLEEP_ACTION: Fields = Fields::new(&[
    ("seconds", Keep), // SleepAction.Seconds int64
]);

pub(crate) static SECURITY_CONTEXT: Fields = Fields::new(&[
    ("allowPrivilegeEscalation", Keep),                            // SecurityContext.AllowPrivilegeEscalation *bool,omitempty
    ("appArmorProfile", Struct(&APP_ARMOR_PROFILE)),               // SecurityContext.AppArmorProfile *AppArmorProfile,omitempty
    ("capabilities", Struct(&CAPABILITIES)),                       // SecurityContext.Capabilities *Capabilities,omitempty
    ("privileged", Keep),                                          // SecurityContext.Privileged *bool,omitempty
    ("procMount", Keep),                                           // SecurityContext.ProcMount *ProcMountType,omitempty
    ("readOnlyRootFilesystem", Keep),                              // SecurityContext.ReadOnlyRootFilesystem *bool,omitempty
    ("runAsGroup", Keep),                                          // SecurityContext.RunAsGroup *int64,omitempty
    ("runAsNonRoot", Keep),                                        // SecurityContext.RunAsNonRoot *bool,omitempty
    ("runAsUser", Keep),                                           // SecurityContext.RunAsUser *int64,omitempty
    ("seLinuxOptions", Struct(&SE_LINUX_OPTIONS)),                 // SecurityContext.SELinuxOptions *SELinuxOptions,omitempty
    ("seccompProfile", Struct(&SECCOMP_PROFILE)),                  // SecurityContext.SeccompProfile *SeccompProfile,omitempty
    ("windowsOptions", Struct(&WINDOWS_SECURITY_CONTEXT_OPTIONS)), // SecurityContext.WindowsOptions *WindowsSecurityContextOptions,omitempty
]);

pub(crate) static CAPABILITIES: Fields = Fields::new(&[
    ("add", Omit),  // Capabilities.Add []Capability,omitempty
    ("drop", Omit), // Capabilities.Drop []Capability,omitempty
]);

pub(crate) static SE_LINUX_OPTIONS: Fields = Fields::new(&[
    ("level", Omit), // SELinuxOptions.Level string,omitempty
    ("role", Omit),  // SELinuxOptions.Role string,omitempty
    ("type", Omit),  // SELinuxOptions.Type string,omitempty
    ("user", Omit),  // SELinuxOptions.User string,omitempty
]);

pub(crate) static WINDOWS_SECURITY_CONTEXT_OPTIONS: Fields = Fields::new(&[
    ("gmsaCredentialSpec", Keep),     // WindowsSecurityContextOptions.GMSACredentialSpec *string,omitempty
    ("gmsaCredentialSpecName", Keep), // WindowsSecurityContextOptions.GMSACredentialSpecName *string,omitempty
    ("hostProcess", Keep),            // WindowsSecurityContextOptions.HostProcess *bool,omitempty
    ("runAsUserName", Keep),          // WindowsSecurityContextOptions.RunAsUserName *string,omitempty
]);

pub(crate) static SECCOMP_PROFILE: Fields = Fields::new(&[
    ("localhostProfile", Keep), // SeccompProfile.LocalhostProfile *string,omitempty
    ("type", Keep),             // SeccompProfile.Type SeccompProfileType
]);

pub(crate) static APP_ARMOR_PROFILE: Fields = Fields::new(&[
    ("localhostProfile", Keep), // AppArmorProfile.LocalhostProfile *string,omitempty
    ("type", Keep),             // AppArmorProfile.Type AppArmorProfileType
]);

pub(crate) static EPHEMERAL_CONTAINER: Fields = Fields::new(&[
    ("args", Omit),                                        // EphemeralContainerCommon.Args []string,omitempty
    ("command", Omit),                                     // EphemeralContainerCommon.Command []string,omitempty
    ("env", List(&ENV_VAR)),                               // EphemeralContainerCommon.Env []EnvVar,omitempty
    ("envFrom", List(&ENV_FROM_SOURCE)),                   // EphemeralContainerCommon.EnvFrom []EnvFromSource,omitempty
    ("image", Omit),                                       // EphemeralContainerCommon.Image string,omitempty
    ("imagePullPolicy", Omit),                             // EphemeralContainerCommon.ImagePullPolicy PullPolicy,omitempty
    ("lifecycle", Struct(&LIFECYCLE)),                     // EphemeralContainerCommon.Lifecycle *Lifecycle,omitempty
    ("livenessProbe", Struct(&PROBE)),                     // EphemeralContainerCommon.LivenessProbe *Probe,omitempty
    ("name", Keep),                                        // EphemeralContainerCommon.Name string
    ("ports", List(&CONTAINER_PORT)),                      // EphemeralContainerCommon.Ports []ContainerPort,omitempty
    ("readinessProbe", Struct(&PROBE)),                    // EphemeralContainerCommon.ReadinessProbe *Probe,omitempty
    ("resizePolicy", List(&CONTAINER_RESIZE_POLICY)),      // EphemeralContainerCommon.ResizePolicy []ContainerResizePolicy,omitempty
    ("resources", Struct(&RESOURCE_REQUIREMENTS)),         // EphemeralContainerCommon.Resources ResourceRequirements,omitempty
    ("restartPolicy", Keep),                               // EphemeralContainerCommon.RestartPolicy *ContainerRestartPolicy,omitempty
    ("restartPolicyRules", List(&CONTAINER_RESTART_RULE)), // EphemeralContainerCommon.RestartPolicyRules []ContainerRestartRule,omitempty
    ("securityContext", Struct(&SECURITY_CONTEXT)),        // EphemeralContainerCommon.SecurityContext *SecurityContext,omitempty
    ("startupProbe", Struct(&PROBE)),                      // EphemeralContainerCommon.StartupProbe *Probe,omitempty
    ("stdin", Omit),                                       // EphemeralContainerCommon.Stdin bool,omitempty
    ("stdinOnce", Omit),                                   // EphemeralContainerCommon.StdinOnce bool,omitempty
    ("targetContainerName", Omit),                         // EphemeralContainer.TargetContainerName string,omitempty
    ("terminationMessagePath", Omit),                      // EphemeralContainerCommon.TerminationMessagePath string,omitempty
    ("terminationMessagePolicy", Omit),                    // EphemeralContainerCommon.TerminationMessagePolicy TerminationMessagePolicy,omitempty
    ("tty", Omit),                                         // EphemeralContainerCommon.TTY bool,omitempty
    ("volumeDevices", List(&VOLUME_DEVICE)),               // EphemeralContainerCommon.VolumeDevices []VolumeDevice,omitempty
    ("volumeMounts", List(&VOLUME_MOUNT)),                 // EphemeralContainerCommon.VolumeMounts []VolumeMount,omitempty
    ("workingDir", Omit),                                  // EphemeralContainerCommon.WorkingDir string,omitempty
]);

pub(crate) static POD_SECURITY_CONTEXT: Fields = Fields::new(&[
    ("appArmorProfile", Struct(&APP_ARMOR_PROFILE)),               // PodSecurityContext.AppArmorProfile *AppArmorProfile,omitempty
    ("fsGroup", Keep),                                             // PodSecurityContext.FSGroup *int64,omitempty
    ("fsGroupChangePolicy", Keep),                                 // PodSecurityContext.FSGroupChangePolicy *PodFSGroupChangePolicy,omitempty
    ("runAsGroup", Keep),                                          // PodSecurityContext.RunAsGroup *int64,omitempty
    ("runAsNonRoot", Keep),                                        // PodSecurityContext.RunAsNonRoot *bool,omitempty
    ("runAsUser", Keep),                                           // PodSecurityContext.RunAsUser *int64,omitempty
    ("seLinuxChangePolicy", Keep),                                 // PodSecurityContext.SELinuxChangePolicy *PodSELinuxChangePolicy,omitempty
    ("seLinuxOptions", Struct(&SE_LINUX_OPTIONS)),                 // PodSecurityContext.SELinuxOptions *SELinuxOptions,omitempty
    ("seccompProfile", Struct(&SECCOMP_PROFILE)),                  // PodSecurityContext.SeccompProfile *SeccompProfile,omitempty
    ("supplementalGroups", Omit),                                  // PodSecurityContext.SupplementalGroups []int64,omitempty
    ("supplementalGroupsPolicy", Keep),                            // PodSecurityContext.SupplementalGroupsPolicy *SupplementalGroupsPolicy,omitempty
    ("sysctls", List(&SYSCTL)),                                    // PodSecurityContext.Sysctls []Sysctl,omitempty
    ("windowsOptions", Struct(&WINDOWS_SECURITY_CONTEXT_OPTIONS)), // PodSecurityContext.WindowsOptions *WindowsSecurityContextOptions,omitempty
]);

pub(crate) static SYSCTL: Fields = Fields::new(&[
    ("name", Keep),  // Sysctl.Name string
    ("value", Keep), // Sysctl.Value string
]);

pub(crate) static AFFINITY: Fields = Fields::new(&[
    ("nodeAffinity", Struct(&NODE_AFFINITY)),        // Affinity.NodeAffinity *NodeAffinity,omitempty
    ("podAffinity", Struct(&POD_AFFINITY)),          // Affinity.PodAffinity *PodAffinity,omitempty
    ("podAntiAffinity", Struct(&POD_ANTI_AFFINITY)), // Affinity.PodAntiAffinity *PodAntiAffinity,omitempty
]);

pub(crate) static NODE_AFFINITY: Fields = Fields::new(&[
    ("preferredDuringSchedulingIgnoredDuringExecution", List(&PREFERRED_SCHEDULING_TERM)), // NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution []PreferredSchedulingTerm,omitempty
    ("requiredDuringSchedulingIgnoredDuringExecution", Struct(&NODE_SELECTOR)),            // NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution *NodeSelector,omitempty
]);

pub(crate) static NODE_SELECTOR: Fields = Fields::new(&[
    ("nodeSelectorTerms", KeptList(&NODE_SELECTOR_TERM)), // NodeSelector.NodeSelectorTerms []NodeSelectorTerm
]);

pub(crate) static NODE_SELECTOR_TERM: Fields = Fields::new(&[
    ("matchExpressions", List(&NODE_SELECTOR_REQUIREMENT)), // NodeSelectorTerm.MatchExpressions []NodeSelectorRequirement,omitempty
    ("matchFields", List(&NODE_SELECTOR_REQUIREMENT)),      // NodeSelectorTerm.MatchFields []NodeSelectorRequirement,omitempty
]);

pub(crate) static NODE_SELECTOR_REQUIREMENT: Fields = Fields::new(&[
    ("key", Keep),      // NodeSelectorRequirement.Key string
    ("operator", Keep), // NodeSelectorRequirement.Operator NodeSelectorOperator
    ("values", Omit),   // NodeSelectorRequirement.Values []string,omitempty
]);

pub(crate) static PREFERRED_SCHEDULING_TERM: Fields = Fields::new(&[
    ("preference", Struct(&NODE_SELECTOR_TERM)), // PreferredSchedulingTerm.Preference NodeSelectorTerm
    ("weight", Keep),                            // PreferredSchedulingTerm.Weight int32
]);

pub(crate) static POD_AFFINITY: Fields = Fields::new(&[
    ("preferredDuringSchedulingIgnoredDuringExecution", List(&WEIGHTED_POD_AFFINITY_TERM)), // PodAffinity.PreferredDuringSchedulingIgnoredDuringExecution []WeightedPodAffinityTerm,omitempty
    ("requiredDuringSchedulingIgnoredDuringExecution", List(&POD_AFFINITY_TERM)),           // PodAffinity.RequiredDuringSchedulingIgnoredDuringExecution []PodAffinityTerm,omitempty
]);

pub(crate) static POD_AFFINITY_TERM: Fields = Fields::new(&[
    ("labelSelector", Struct(&LABEL_SELECTOR)),     // PodAffinityTerm.LabelSelector *metav1.LabelSelector,omitempty
    ("matchLabelKeys", Omit),                       // PodAffinityTerm.MatchLabelKeys []string,omitempty
    ("mismatchLabelKeys", Omit),                    // PodAffinityTerm.MismatchLabelKeys []string,omitempty
    ("namespaceSelector", Struct(&LABEL_SELECTOR)), // PodAffinityTerm.NamespaceSelector *metav1.LabelSelector,omitempty
    ("namespaces", Omit),                           // PodAffinityTerm.Namespaces []string,omitempty
    ("topologyKey", Keep),                          // PodAffinityTerm.TopologyKey string
]);

pub(crate) static WEIGHTED_POD_AFFINITY_TERM: Fields = Fields::new(&[
    ("podAffinityTerm", Struct(&POD_AFFINITY_TERM)), // WeightedPodAffinityTerm.PodAffinityTerm PodAffinityTerm
    ("weight", Keep),                                // WeightedPodAffinityTerm.Weight int32
]);

pub(crate) static POD_ANTI_AFFINITY: Fields = Fields::new(&[
    ("preferredDuringSchedulingIgnoredDuringExecution", List(&WEIGHTED_POD_AFFINITY_TERM)), // PodAntiAffinity.PreferredDuringSchedulingIgnoredDuringExecution []WeightedPodAffinityTerm,omitempty
    ("requiredDuringSchedulingIgnoredDuringExecution", List(&POD_AFFINITY_TERM)),           // PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution []PodAffinityTerm,omitempty
]);

pub(crate) static TOLERATION: Fields = Fields::new(&[
    ("effect", Omit),            // Toleration.Effect TaintEffect,omitempty
    ("key", Omit),               // Toleration.Key string,omitempty
    ("operator", Omit),          // Toleration.Operator TolerationOperator,omitempty
    ("tolerationSeconds", Keep), // Toleration.TolerationSeconds *int64,omitempty
    ("value", Omit),             // Toleration.Value string,omitempty
]);

pub(crate) static HOST_ALIAS: Fields = Fields::new(&[
    ("hostnames", Omit), // HostAlias.Hostnames []string,omitempty
    ("ip", Keep),        // HostAlias.IP string
]);

pub(crate) static POD_DNS_CONFIG: Fields = Fields::new(&[
    ("nameservers", Omit),                     // PodDNSConfig.Nameservers []string,omitempty
    ("options", List(&POD_DNS_CONFIG_OPTION)), // PodDNSConfig.Options []PodDNSConfigOption,omitempty
    ("searches", Omit),                        // PodDNSConfig.Searches []string,omitempty
]);

pub(crate) static POD_DNS_CONFIG_OPTION: Fields = Fields::new(&[
    ("name", Omit),  // PodDNSConfigOption.Name string,omitempty
    ("value", Keep), // PodDNSConfigOption.Value *string,omitempty
]);

pub(crate) static POD_READINESS_GATE: Fields = Fields::new(&[
    ("conditionType", Keep), // PodReadinessGate.ConditionType PodConditionType
]);

pub(crate) static TOPOLOGY_SPREAD_CONSTRAINT: Fields = Fields::new(&[
    ("labelSelector", Struct(&LABEL_SELECTOR)), // TopologySpreadConstraint.LabelSelector *metav1.LabelSelector,omitempty
    ("matchLabelKeys", Omit),                   // TopologySpreadConstraint.MatchLabelKeys []string,omitempty
    ("maxSkew", Keep),                          // TopologySpreadConstraint.MaxSkew int32
    ("minDomains", Keep),                       // TopologySpreadConstraint.MinDomains *int32,omitempty
    ("nodeAffinityPolicy", Keep),               // TopologySpreadConstraint.NodeAffinityPolicy *NodeInclusionPolicy,omitempty
    ("nodeTaintsPolicy", Keep),                 // TopologySpreadConstraint.NodeTaintsPolicy *NodeInclusionPolicy,omitempty
    ("topologyKey", Keep),                      // TopologySpreadConstraint.TopologyKey string
    ("whenUnsatisfiable", Keep),                // TopologySpreadConstraint.WhenUnsatisfiable UnsatisfiableConstraintAction
]);

pub(crate) static POD_OS: Fields = Fields::new(&[
    ("name", Keep), // PodOS.Name OSName
]);

pub(crate) static POD_SCHEDULING_GATE: Fields = Fields::new(&[
    ("name", Keep), // PodSchedulingGate.Name string
]);

pub(crate) static POD_RESOURCE_CLAIM: Fields = Fields::new(&[
    ("name", Keep),                      // PodResourceClaim.Name string
    ("resourceClaimName", Keep),         // PodResourceClaim.ResourceClaimName *string,omitempty
    ("resourceClaimTemplateName", Keep), // PodResourceClaim.ResourceClaimTemplateName *string,omitempty
]);

pub(crate) static POD_STATUS: Fields = Fields::new(&[
    ("conditions", List(&POD_CONDITION)),                                         // PodStatus.Conditions []PodCondition,omitempty
    ("containerStatuses", List(&CONTAINER_STATUS)),                               // PodStatus.ContainerStatuses []ContainerStatus,omitempty
    ("ephemeralContainerStatuses", List(&CONTAINER_STATUS)),                      // PodStatus.EphemeralContainerStatuses []ContainerStatus,omitempty
    ("extendedResourceClaimStatus", Struct(&POD_EXTENDED_RESOURCE_CLAIM_STATUS)), // PodStatus.ExtendedResourceClaimStatus *PodExtendedResourceClaimStatus,omitempty
    ("hostIP", Omit),                                                             // PodStatus.HostIP string,omitempty
    ("hostIPs", List(&HOST_IP)),                                                  // PodStatus.HostIPs []HostIP,omitempty
    ("initContainerStatuses", List(&CONTAINER_STATUS)),                           // PodStatus.InitContainerStatuses []ContainerStatus,omitempty
    ("message", Omit),                                                            // PodStatus.Message string,omitempty
    ("nominatedNodeName", Omit),                                                  // PodStatus.NominatedNodeName string,omitempty
    ("observedGeneration", Omit),                                                 // PodStatus.ObservedGeneration int64,omitempty
    ("phase", Omit),                                                              // PodStatus.Phase PodPhase,omitempty
    ("podIP", Omit),                                                              // PodStatus.PodIP string,omitempty
    ("podIPs", List(&POD_IP)),                                                    // PodStatus.PodIPs []PodIP,omitempty
    ("qosClass", Omit),                                                           // PodStatus.QOSClass PodQOSClass,omitempty
    ("reason", Omit),                                                             // PodStatus.Reason string,omitempty
    ("resize", Omit),                                                             // PodStatus.Resize PodResizeStatus,omitempty
    ("resourceClaimStatuses", List(&POD_RESOURCE_CLAIM_STATUS)),                  // PodStatus.ResourceClaimStatuses []PodResourceClaimStatus,omitempty
    ("startTime", Keep),                                                          // PodStatus.StartTime *metav1.Time,omitempty
]);

pub(crate) static POD_CONDITION: Fields = Fields::new(&[
    ("lastProbeTime", Keep),      // PodCondition.LastProbeTime metav1.Time,omitempty
    ("lastTransitionTime", Keep), // PodCondition.LastTransitionTime metav1.Time,omitempty
    ("message", Omit),            // PodCondition.Message string,omitempty
    ("observedGeneration", Omit), // PodCondition.ObservedGeneration int64,omitempty
    ("reason", Omit),             // PodCondition.Reason string,omitempty
    ("status", Keep),             // PodCondition.Status ConditionStatus
    ("type", Keep),               // PodCondition.Type PodConditionType
]);

pub(crate) static HOST_IP: Fields = Fields::new(&[
    ("ip", Keep), // HostIP.IP string
]);

pub(crate) static POD_IP: Fields = Fields::new(&[
    ("ip", Keep), // PodIP.IP string
]);

pub(crate) static CONTAINER_STATUS: Fields = Fields::new(&[
    ("allocatedResources", Quantities),                   // ContainerStatus.AllocatedResources ResourceList,omitempty
    ("allocatedResourcesStatus", List(&RESOURCE_STATUS)), // ContainerStatus.AllocatedResourcesStatus []ResourceStatus,omitempty
    ("containerID", Omit),                                // ContainerStatus.ContainerID string,omitempty
    ("image", Keep),                                      // ContainerStatus.Image string
    ("imageID", Keep),                                    // ContainerStatus.ImageID string
    ("lastState", Struct(&CONTAINER_STATE)),              // ContainerStatus.LastTerminationState ContainerState,omitempty
    ("name", Keep),                                       // ContainerStatus.Name string
    ("ready", Keep),                                      // ContainerStatus.Ready bool
    ("resources", Struct(&RESOURCE_REQUIREMENTS)),        // ContainerStatus.Resources *ResourceRequirements,omitempty
    ("restartCount", Keep),                               // ContainerStatus.RestartCount int32
    ("started", Keep),                                    // ContainerStatus.Started *bool,omitempty
    ("state", Struct(&CONTAINER_STATE)),                  // ContainerStatus.State ContainerState,omitempty
    ("stopSignal", Keep),                                 // ContainerStatus.StopSignal *Signal,omitempty
    ("user", Struct(&CONTAINER_USER)),                    // ContainerStatus.User *ContainerUser,omitempty
    ("volumeMounts", List(&VOLUME_MOUNT_STATUS)),         // ContainerStatus.VolumeMounts []VolumeMountStatus,omitempty
]);

pub(crate) static CONTAINER_STATE: Fields = Fields::new(&[
    ("running", Struct(&CONTAINER_STATE_RUNNING)),       // ContainerState.Running *ContainerStateRunning,omitempty
    ("terminated", Struct(&CONTAINER_STATE_TERMINATED)), // ContainerState.Terminated *ContainerStateTerminated,omitempty
    ("waiting", Struct(&CONTAINER_STATE_WAITING)),       // ContainerState.Waiting *ContainerStateWaiting,omitempty
]);

pub(crate) static CONTAINER_STATE_WAITING: Fields = Fields::new(&[
    ("message", Omit), // ContainerStateWaiting.Message string,omitempty
    ("reason", Omit),  // ContainerStateWaiting.Reason string,omitempty
]);

pub(crate) static CONTAINER_STATE_RUNNING: Fields = Fields::new(&[
    ("startedAt", Keep), // ContainerStateRunning.StartedAt metav1.Time,omitempty
]);

pub(crate) static CONTAINER_STATE_TERMINATED: Fields = Fields::new(&[
    ("containerID", Omit), // ContainerStateTerminated.ContainerID string,omitempty
    ("exitCode", Keep),    // ContainerStateTerminated.ExitCode int32
    ("finishedAt", Keep),  // ContainerStateTerminated.FinishedAt metav1.Time,omitempty
    ("message", Omit),     // ContainerStateTerminated.Message string,omitempty
    ("reason", Omit),      // ContainerStateTerminated.Reason string,omitempty
    ("signal", Omit),      // ContainerStateTerminated.Signal int32,omitempty
    ("startedAt", Keep),   // ContainerStateTerminated.StartedAt metav1.Time,omitempty
]);

pub(crate) static VOLUME_MOUNT_STATUS: Fields = Fields::new(&[
    ("mountPath", Keep),         // VolumeMountStatus.MountPath string
    ("name", Keep),              // VolumeMountStatus.Name string
    ("readOnly", Omit),          // VolumeMountStatus.ReadOnly bool,omitempty
    ("recursiveReadOnly", Keep), // VolumeMountStatus.RecursiveReadOnly *RecursiveReadOnlyMode,omitempty
]);

pub(crate) static CONTAINER_USER: Fields = Fields::new(&[
    ("linux", Struct(&LINUX_CONTAINER_USER)), // ContainerUser.Linux *LinuxContainerUser,omitempty
]);

pub(crate) static LINUX_CONTAINER_USER: Fields = Fields::new(&[
    ("gid", Keep),                // LinuxContainerUser.GID int64
    ("supplementalGroups", Omit), // LinuxContainerUser.SupplementalGroups []int64,omitempty
    ("uid", Keep),                // LinuxContainerUser.UID int64
]);

pub(crate) static RESOURCE_STATUS: Fields = Fields::new(&[
    ("name", Keep),                        // ResourceStatus.Name ResourceName
    ("resources", List(&RESOURCE_HEALTH)), // ResourceStatus.Resources []ResourceHealth,omitempty
]);

pub(crate) static RESOURCE_HEALTH: Fields = Fields::new(&[
    ("health", Omit),     // ResourceHealth.Health ResourceHealthStatus,omitempty
    ("resourceID", Keep), // ResourceHealth.ResourceID ResourceID
]);

pub(crate) static POD_RESOURCE_CLAIM_STATUS: Fields = Fields::new(&[
    ("name", Keep),              // PodResourceClaimStatus.Name string
    ("resourceClaimName", Keep), // PodResourceClaimStatus.ResourceClaimName *string,omitempty
]);

pub(crate) static POD_EXTENDED_RESOURCE_CLAIM_STATUS: Fields = Fields::new(&[
    ("requestMappings", KeptList(&CONTAINER_EXTENDED_RESOURCE_REQUEST)), // PodExtendedResourceClaimStatus.RequestMappings []ContainerExtendedResourceRequest
    ("resourceClaimName", Keep),                                         // PodExtendedResourceClaimStatus.ResourceClaimName string
]);

pub(crate) static CONTAINER_EXTENDED_RESOURCE_REQUEST: Fields = Fields::new(&[
    ("containerName", Keep), // ContainerExtendedResourceRequest.ContainerName string
    ("requestName", Keep),   // ContainerExtendedResourceRequest.RequestName string
    ("resourceName", Keep),  // ContainerExtendedResourceRequest.ResourceName string
]);

