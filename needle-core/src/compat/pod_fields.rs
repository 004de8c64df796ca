//! The JSON fields of Kubernetes' Go `Pod` (k8s.io/api v0.34.4 core/v1 and apimachinery
//! meta/v1), with what its typed round trip does to each (`Field`). Written by
//! `scripts/gen-pod-fields.py` from the Go types: regenerate, do not edit. Each entry names
//! the Go field and its type, and its place in the struct's declaration (the order Go writes
//! the fields in); entries are sorted by JSON name for binary search. A struct with lists that
//! a strategic merge patch merges (the Go tag `patchStrategy:"merge"`) names them after, each
//! with its `patchMergeKey` ("" for a list of scalars, merged as a set).

use super::normalize::{Field::*, Fields};

pub(crate) static POD: Fields = Fields::new(&[
    ("apiVersion", Omit, 1),               // TypeMeta.APIVersion string,omitempty
    ("kind", Omit, 0),                     // TypeMeta.Kind string,omitempty
    ("metadata", Struct(&OBJECT_META), 2), // Pod.ObjectMeta metav1.ObjectMeta,omitempty
    ("spec", Struct(&POD_SPEC), 3),        // Pod.Spec PodSpec,omitempty
    ("status", Struct(&POD_STATUS), 4),    // Pod.Status PodStatus,omitempty
]);

pub(crate) static OBJECT_META: Fields = Fields::new(&[
    ("annotations", Map, 11),                           // ObjectMeta.Annotations map[string]string,omitempty
    ("creationTimestamp", Keep, 7),                     // ObjectMeta.CreationTimestamp Time,omitempty
    ("deletionGracePeriodSeconds", Keep, 9),            // ObjectMeta.DeletionGracePeriodSeconds *int64,omitempty
    ("deletionTimestamp", Keep, 8),                     // ObjectMeta.DeletionTimestamp *Time,omitempty
    ("finalizers", Omit, 13),                           // ObjectMeta.Finalizers []string,omitempty
    ("generateName", Omit, 1),                          // ObjectMeta.GenerateName string,omitempty
    ("generation", Omit, 6),                            // ObjectMeta.Generation int64,omitempty
    ("labels", Map, 10),                                // ObjectMeta.Labels map[string]string,omitempty
    ("managedFields", List(&MANAGED_FIELDS_ENTRY), 14), // ObjectMeta.ManagedFields []ManagedFieldsEntry,omitempty
    ("name", Omit, 0),                                  // ObjectMeta.Name string,omitempty
    ("namespace", Omit, 2),                             // ObjectMeta.Namespace string,omitempty
    ("ownerReferences", List(&OWNER_REFERENCE), 12),    // ObjectMeta.OwnerReferences []OwnerReference,omitempty
    ("resourceVersion", Omit, 5),                       // ObjectMeta.ResourceVersion string,omitempty
    ("selfLink", Omit, 3),                              // ObjectMeta.SelfLink string,omitempty
    ("uid", Omit, 4),                                   // ObjectMeta.UID types.UID,omitempty
])
.merging(&[("finalizers", ""), ("ownerReferences", "uid")]);

pub(crate) static OWNER_REFERENCE: Fields = Fields::new(&[
    ("apiVersion", Keep, 0),         // OwnerReference.APIVersion string
    ("blockOwnerDeletion", Keep, 5), // OwnerReference.BlockOwnerDeletion *bool,omitempty
    ("controller", Keep, 4),         // OwnerReference.Controller *bool,omitempty
    ("kind", Keep, 1),               // OwnerReference.Kind string
    ("name", Keep, 2),               // OwnerReference.Name string
    ("uid", Keep, 3),                // OwnerReference.UID types.UID
]);

pub(crate) static MANAGED_FIELDS_ENTRY: Fields = Fields::new(&[
    ("apiVersion", Omit, 2),  // ManagedFieldsEntry.APIVersion string,omitempty
    ("fieldsType", Omit, 4),  // ManagedFieldsEntry.FieldsType string,omitempty
    ("fieldsV1", Keep, 5),    // ManagedFieldsEntry.FieldsV1 *FieldsV1,omitempty
    ("manager", Omit, 0),     // ManagedFieldsEntry.Manager string,omitempty
    ("operation", Omit, 1),   // ManagedFieldsEntry.Operation ManagedFieldsOperationType,omitempty
    ("subresource", Omit, 6), // ManagedFieldsEntry.Subresource string,omitempty
    ("time", Keep, 3),        // ManagedFieldsEntry.Time *Time,omitempty
]);

pub(crate) static POD_SPEC: Fields = Fields::new(&[
    ("activeDeadlineSeconds", Keep, 6),                                   // PodSpec.ActiveDeadlineSeconds *int64,omitempty
    ("affinity", Struct(&AFFINITY), 21),                                  // PodSpec.Affinity *Affinity,omitempty
    ("automountServiceAccountToken", Keep, 11),                           // PodSpec.AutomountServiceAccountToken *bool,omitempty
    ("containers", KeptList(&CONTAINER), 2),                              // PodSpec.Containers []Container
    ("dnsConfig", Struct(&POD_DNS_CONFIG), 27),                           // PodSpec.DNSConfig *PodDNSConfig,omitempty
    ("dnsPolicy", Omit, 7),                                               // PodSpec.DNSPolicy DNSPolicy,omitempty
    ("enableServiceLinks", Keep, 30),                                     // PodSpec.EnableServiceLinks *bool,omitempty
    ("ephemeralContainers", List(&EPHEMERAL_CONTAINER), 3),               // PodSpec.EphemeralContainers []EphemeralContainer,omitempty
    ("hostAliases", List(&HOST_ALIAS), 24),                               // PodSpec.HostAliases []HostAlias,omitempty
    ("hostIPC", Omit, 15),                                                // PodSpec.HostIPC bool,omitempty
    ("hostNetwork", Omit, 13),                                            // PodSpec.HostNetwork bool,omitempty
    ("hostPID", Omit, 14),                                                // PodSpec.HostPID bool,omitempty
    ("hostUsers", Keep, 36),                                              // PodSpec.HostUsers *bool,omitempty
    ("hostname", Omit, 19),                                               // PodSpec.Hostname string,omitempty
    ("hostnameOverride", Keep, 40),                                       // PodSpec.HostnameOverride *string,omitempty
    ("imagePullSecrets", List(&LOCAL_OBJECT_REFERENCE), 18),              // PodSpec.ImagePullSecrets []LocalObjectReference,omitempty
    ("initContainers", List(&CONTAINER), 1),                              // PodSpec.InitContainers []Container,omitempty
    ("nodeName", Omit, 12),                                               // PodSpec.NodeName string,omitempty
    ("nodeSelector", Map, 8),                                             // PodSpec.NodeSelector map[string]string,omitempty
    ("os", Struct(&POD_OS), 35),                                          // PodSpec.OS *PodOS,omitempty
    ("overhead", Quantities, 32),                                         // PodSpec.Overhead ResourceList,omitempty
    ("preemptionPolicy", Keep, 31),                                       // PodSpec.PreemptionPolicy *PreemptionPolicy,omitempty
    ("priority", Keep, 26),                                               // PodSpec.Priority *int32,omitempty
    ("priorityClassName", Omit, 25),                                      // PodSpec.PriorityClassName string,omitempty
    ("readinessGates", List(&POD_READINESS_GATE), 28),                    // PodSpec.ReadinessGates []PodReadinessGate,omitempty
    ("resourceClaims", List(&POD_RESOURCE_CLAIM), 38),                    // PodSpec.ResourceClaims []PodResourceClaim,omitempty
    ("resources", Struct(&RESOURCE_REQUIREMENTS), 39),                    // PodSpec.Resources *ResourceRequirements,omitempty
    ("restartPolicy", Omit, 4),                                           // PodSpec.RestartPolicy RestartPolicy,omitempty
    ("runtimeClassName", Keep, 29),                                       // PodSpec.RuntimeClassName *string,omitempty
    ("schedulerName", Omit, 22),                                          // PodSpec.SchedulerName string,omitempty
    ("schedulingGates", List(&POD_SCHEDULING_GATE), 37),                  // PodSpec.SchedulingGates []PodSchedulingGate,omitempty
    ("securityContext", Struct(&POD_SECURITY_CONTEXT), 17),               // PodSpec.SecurityContext *PodSecurityContext,omitempty
    ("serviceAccount", Omit, 10),                                         // PodSpec.DeprecatedServiceAccount string,omitempty
    ("serviceAccountName", Omit, 9),                                      // PodSpec.ServiceAccountName string,omitempty
    ("setHostnameAsFQDN", Keep, 34),                                      // PodSpec.SetHostnameAsFQDN *bool,omitempty
    ("shareProcessNamespace", Keep, 16),                                  // PodSpec.ShareProcessNamespace *bool,omitempty
    ("subdomain", Omit, 20),                                              // PodSpec.Subdomain string,omitempty
    ("terminationGracePeriodSeconds", Keep, 5),                           // PodSpec.TerminationGracePeriodSeconds *int64,omitempty
    ("tolerations", List(&TOLERATION), 23),                               // PodSpec.Tolerations []Toleration,omitempty
    ("topologySpreadConstraints", List(&TOPOLOGY_SPREAD_CONSTRAINT), 33), // PodSpec.TopologySpreadConstraints []TopologySpreadConstraint,omitempty
    ("volumes", List(&VOLUME), 0),                                        // PodSpec.Volumes []Volume,omitempty
])
.merging(&[("containers", "name"), ("ephemeralContainers", "name"), ("hostAliases", "ip"), ("imagePullSecrets", "name"), ("initContainers", "name"), ("resourceClaims", "name"), ("schedulingGates", "name"), ("topologySpreadConstraints", "topologyKey"), ("volumes", "name")]);

pub(crate) static VOLUME: Fields = Fields::new(&[
    ("awsElasticBlockStore", Struct(&AWS_ELASTIC_BLOCK_STORE_VOLUME_SOURCE), 4),   // VolumeSource.AWSElasticBlockStore *AWSElasticBlockStoreVolumeSource,omitempty
    ("azureDisk", Struct(&AZURE_DISK_VOLUME_SOURCE), 22),                          // VolumeSource.AzureDisk *AzureDiskVolumeSource,omitempty
    ("azureFile", Struct(&AZURE_FILE_VOLUME_SOURCE), 18),                          // VolumeSource.AzureFile *AzureFileVolumeSource,omitempty
    ("cephfs", Struct(&CEPH_FS_VOLUME_SOURCE), 14),                                // VolumeSource.CephFS *CephFSVolumeSource,omitempty
    ("cinder", Struct(&CINDER_VOLUME_SOURCE), 13),                                 // VolumeSource.Cinder *CinderVolumeSource,omitempty
    ("configMap", Struct(&CONFIG_MAP_VOLUME_SOURCE), 19),                          // VolumeSource.ConfigMap *ConfigMapVolumeSource,omitempty
    ("csi", Struct(&CSI_VOLUME_SOURCE), 28),                                       // VolumeSource.CSI *CSIVolumeSource,omitempty
    ("downwardAPI", Struct(&DOWNWARD_API_VOLUME_SOURCE), 16),                      // VolumeSource.DownwardAPI *DownwardAPIVolumeSource,omitempty
    ("emptyDir", Struct(&EMPTY_DIR_VOLUME_SOURCE), 2),                             // VolumeSource.EmptyDir *EmptyDirVolumeSource,omitempty
    ("ephemeral", Struct(&EPHEMERAL_VOLUME_SOURCE), 29),                           // VolumeSource.Ephemeral *EphemeralVolumeSource,omitempty
    ("fc", Struct(&FC_VOLUME_SOURCE), 17),                                         // VolumeSource.FC *FCVolumeSource,omitempty
    ("flexVolume", Struct(&FLEX_VOLUME_SOURCE), 12),                               // VolumeSource.FlexVolume *FlexVolumeSource,omitempty
    ("flocker", Struct(&FLOCKER_VOLUME_SOURCE), 15),                               // VolumeSource.Flocker *FlockerVolumeSource,omitempty
    ("gcePersistentDisk", Struct(&GCE_PERSISTENT_DISK_VOLUME_SOURCE), 3),          // VolumeSource.GCEPersistentDisk *GCEPersistentDiskVolumeSource,omitempty
    ("gitRepo", Struct(&GIT_REPO_VOLUME_SOURCE), 5),                               // VolumeSource.GitRepo *GitRepoVolumeSource,omitempty
    ("glusterfs", Struct(&GLUSTERFS_VOLUME_SOURCE), 9),                            // VolumeSource.Glusterfs *GlusterfsVolumeSource,omitempty
    ("hostPath", Struct(&HOST_PATH_VOLUME_SOURCE), 1),                             // VolumeSource.HostPath *HostPathVolumeSource,omitempty
    ("image", Struct(&IMAGE_VOLUME_SOURCE), 30),                                   // VolumeSource.Image *ImageVolumeSource,omitempty
    ("iscsi", Struct(&ISCSI_VOLUME_SOURCE), 8),                                    // VolumeSource.ISCSI *ISCSIVolumeSource,omitempty
    ("name", Keep, 0),                                                             // Volume.Name string
    ("nfs", Struct(&NFS_VOLUME_SOURCE), 7),                                        // VolumeSource.NFS *NFSVolumeSource,omitempty
    ("persistentVolumeClaim", Struct(&PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE), 10), // VolumeSource.PersistentVolumeClaim *PersistentVolumeClaimVolumeSource,omitempty
    ("photonPersistentDisk", Struct(&PHOTON_PERSISTENT_DISK_VOLUME_SOURCE), 23),   // VolumeSource.PhotonPersistentDisk *PhotonPersistentDiskVolumeSource,omitempty
    ("portworxVolume", Struct(&PORTWORX_VOLUME_SOURCE), 25),                       // VolumeSource.PortworxVolume *PortworxVolumeSource,omitempty
    ("projected", Struct(&PROJECTED_VOLUME_SOURCE), 24),                           // VolumeSource.Projected *ProjectedVolumeSource,omitempty
    ("quobyte", Struct(&QUOBYTE_VOLUME_SOURCE), 21),                               // VolumeSource.Quobyte *QuobyteVolumeSource,omitempty
    ("rbd", Struct(&RBD_VOLUME_SOURCE), 11),                                       // VolumeSource.RBD *RBDVolumeSource,omitempty
    ("scaleIO", Struct(&SCALE_IO_VOLUME_SOURCE), 26),                              // VolumeSource.ScaleIO *ScaleIOVolumeSource,omitempty
    ("secret", Struct(&SECRET_VOLUME_SOURCE), 6),                                  // VolumeSource.Secret *SecretVolumeSource,omitempty
    ("storageos", Struct(&STORAGE_OS_VOLUME_SOURCE), 27),                          // VolumeSource.StorageOS *StorageOSVolumeSource,omitempty
    ("vsphereVolume", Struct(&VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE), 20),            // VolumeSource.VsphereVolume *VsphereVirtualDiskVolumeSource,omitempty
]);

pub(crate) static HOST_PATH_VOLUME_SOURCE: Fields = Fields::new(&[
    ("path", Keep, 0), // HostPathVolumeSource.Path string
    ("type", Keep, 1), // HostPathVolumeSource.Type *HostPathType,omitempty
]);

pub(crate) static EMPTY_DIR_VOLUME_SOURCE: Fields = Fields::new(&[
    ("medium", Omit, 0),        // EmptyDirVolumeSource.Medium StorageMedium,omitempty
    ("sizeLimit", Quantity, 1), // EmptyDirVolumeSource.SizeLimit *resource.Quantity,omitempty
]);

pub(crate) static GCE_PERSISTENT_DISK_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit, 1),    // GCEPersistentDiskVolumeSource.FSType string,omitempty
    ("partition", Omit, 2), // GCEPersistentDiskVolumeSource.Partition int32,omitempty
    ("pdName", Keep, 0),    // GCEPersistentDiskVolumeSource.PDName string
    ("readOnly", Omit, 3),  // GCEPersistentDiskVolumeSource.ReadOnly bool,omitempty
]);

pub(crate) static AWS_ELASTIC_BLOCK_STORE_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit, 1),    // AWSElasticBlockStoreVolumeSource.FSType string,omitempty
    ("partition", Omit, 2), // AWSElasticBlockStoreVolumeSource.Partition int32,omitempty
    ("readOnly", Omit, 3),  // AWSElasticBlockStoreVolumeSource.ReadOnly bool,omitempty
    ("volumeID", Keep, 0),  // AWSElasticBlockStoreVolumeSource.VolumeID string
]);

pub(crate) static GIT_REPO_VOLUME_SOURCE: Fields = Fields::new(&[
    ("directory", Omit, 2),  // GitRepoVolumeSource.Directory string,omitempty
    ("repository", Keep, 0), // GitRepoVolumeSource.Repository string
    ("revision", Omit, 1),   // GitRepoVolumeSource.Revision string,omitempty
]);

pub(crate) static SECRET_VOLUME_SOURCE: Fields = Fields::new(&[
    ("defaultMode", Keep, 2),         // SecretVolumeSource.DefaultMode *int32,omitempty
    ("items", List(&KEY_TO_PATH), 1), // SecretVolumeSource.Items []KeyToPath,omitempty
    ("optional", Keep, 3),            // SecretVolumeSource.Optional *bool,omitempty
    ("secretName", Omit, 0),          // SecretVolumeSource.SecretName string,omitempty
]);

pub(crate) static KEY_TO_PATH: Fields = Fields::new(&[
    ("key", Keep, 0),  // KeyToPath.Key string
    ("mode", Keep, 2), // KeyToPath.Mode *int32,omitempty
    ("path", Keep, 1), // KeyToPath.Path string
]);

pub(crate) static NFS_VOLUME_SOURCE: Fields = Fields::new(&[
    ("path", Keep, 1),     // NFSVolumeSource.Path string
    ("readOnly", Omit, 2), // NFSVolumeSource.ReadOnly bool,omitempty
    ("server", Keep, 0),   // NFSVolumeSource.Server string
]);

pub(crate) static ISCSI_VOLUME_SOURCE: Fields = Fields::new(&[
    ("chapAuthDiscovery", Omit, 7),                    // ISCSIVolumeSource.DiscoveryCHAPAuth bool,omitempty
    ("chapAuthSession", Omit, 8),                      // ISCSIVolumeSource.SessionCHAPAuth bool,omitempty
    ("fsType", Omit, 4),                               // ISCSIVolumeSource.FSType string,omitempty
    ("initiatorName", Keep, 10),                       // ISCSIVolumeSource.InitiatorName *string,omitempty
    ("iqn", Keep, 1),                                  // ISCSIVolumeSource.IQN string
    ("iscsiInterface", Omit, 3),                       // ISCSIVolumeSource.ISCSIInterface string,omitempty
    ("lun", Keep, 2),                                  // ISCSIVolumeSource.Lun int32
    ("portals", Omit, 6),                              // ISCSIVolumeSource.Portals []string,omitempty
    ("readOnly", Omit, 5),                             // ISCSIVolumeSource.ReadOnly bool,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE), 9), // ISCSIVolumeSource.SecretRef *LocalObjectReference,omitempty
    ("targetPortal", Keep, 0),                         // ISCSIVolumeSource.TargetPortal string
]);

pub(crate) static LOCAL_OBJECT_REFERENCE: Fields = Fields::new(&[
    ("name", Omit, 0), // LocalObjectReference.Name string,omitempty
]);

pub(crate) static GLUSTERFS_VOLUME_SOURCE: Fields = Fields::new(&[
    ("endpoints", Keep, 0), // GlusterfsVolumeSource.EndpointsName string
    ("path", Keep, 1),      // GlusterfsVolumeSource.Path string
    ("readOnly", Omit, 2),  // GlusterfsVolumeSource.ReadOnly bool,omitempty
]);

pub(crate) static PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE: Fields = Fields::new(&[
    ("claimName", Keep, 0), // PersistentVolumeClaimVolumeSource.ClaimName string
    ("readOnly", Omit, 1),  // PersistentVolumeClaimVolumeSource.ReadOnly bool,omitempty
]);

pub(crate) static RBD_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit, 2),                               // RBDVolumeSource.FSType string,omitempty
    ("image", Keep, 1),                                // RBDVolumeSource.RBDImage string
    ("keyring", Omit, 5),                              // RBDVolumeSource.Keyring string,omitempty
    ("monitors", Keep, 0),                             // RBDVolumeSource.CephMonitors []string
    ("pool", Omit, 3),                                 // RBDVolumeSource.RBDPool string,omitempty
    ("readOnly", Omit, 7),                             // RBDVolumeSource.ReadOnly bool,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE), 6), // RBDVolumeSource.SecretRef *LocalObjectReference,omitempty
    ("user", Omit, 4),                                 // RBDVolumeSource.RadosUser string,omitempty
]);

pub(crate) static FLEX_VOLUME_SOURCE: Fields = Fields::new(&[
    ("driver", Keep, 0),                               // FlexVolumeSource.Driver string
    ("fsType", Omit, 1),                               // FlexVolumeSource.FSType string,omitempty
    ("options", Map, 4),                               // FlexVolumeSource.Options map[string]string,omitempty
    ("readOnly", Omit, 3),                             // FlexVolumeSource.ReadOnly bool,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE), 2), // FlexVolumeSource.SecretRef *LocalObjectReference,omitempty
]);

pub(crate) static CINDER_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit, 1),                               // CinderVolumeSource.FSType string,omitempty
    ("readOnly", Omit, 2),                             // CinderVolumeSource.ReadOnly bool,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE), 3), // CinderVolumeSource.SecretRef *LocalObjectReference,omitempty
    ("volumeID", Keep, 0),                             // CinderVolumeSource.VolumeID string
]);

pub(crate) static CEPH_FS_VOLUME_SOURCE: Fields = Fields::new(&[
    ("monitors", Keep, 0),                             // CephFSVolumeSource.Monitors []string
    ("path", Omit, 1),                                 // CephFSVolumeSource.Path string,omitempty
    ("readOnly", Omit, 5),                             // CephFSVolumeSource.ReadOnly bool,omitempty
    ("secretFile", Omit, 3),                           // CephFSVolumeSource.SecretFile string,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE), 4), // CephFSVolumeSource.SecretRef *LocalObjectReference,omitempty
    ("user", Omit, 2),                                 // CephFSVolumeSource.User string,omitempty
]);

pub(crate) static FLOCKER_VOLUME_SOURCE: Fields = Fields::new(&[
    ("datasetName", Omit, 0), // FlockerVolumeSource.DatasetName string,omitempty
    ("datasetUUID", Omit, 1), // FlockerVolumeSource.DatasetUUID string,omitempty
]);

pub(crate) static DOWNWARD_API_VOLUME_SOURCE: Fields = Fields::new(&[
    ("defaultMode", Keep, 1),                      // DownwardAPIVolumeSource.DefaultMode *int32,omitempty
    ("items", List(&DOWNWARD_API_VOLUME_FILE), 0), // DownwardAPIVolumeSource.Items []DownwardAPIVolumeFile,omitempty
]);

pub(crate) static DOWNWARD_API_VOLUME_FILE: Fields = Fields::new(&[
    ("fieldRef", Struct(&OBJECT_FIELD_SELECTOR), 1),           // DownwardAPIVolumeFile.FieldRef *ObjectFieldSelector,omitempty
    ("mode", Keep, 3),                                         // DownwardAPIVolumeFile.Mode *int32,omitempty
    ("path", Keep, 0),                                         // DownwardAPIVolumeFile.Path string
    ("resourceFieldRef", Struct(&RESOURCE_FIELD_SELECTOR), 2), // DownwardAPIVolumeFile.ResourceFieldRef *ResourceFieldSelector,omitempty
]);

pub(crate) static OBJECT_FIELD_SELECTOR: Fields = Fields::new(&[
    ("apiVersion", Omit, 0), // ObjectFieldSelector.APIVersion string,omitempty
    ("fieldPath", Keep, 1),  // ObjectFieldSelector.FieldPath string
]);

pub(crate) static RESOURCE_FIELD_SELECTOR: Fields = Fields::new(&[
    ("containerName", Omit, 0), // ResourceFieldSelector.ContainerName string,omitempty
    ("divisor", Quantity, 2),   // ResourceFieldSelector.Divisor resource.Quantity,omitempty
    ("resource", Keep, 1),      // ResourceFieldSelector.Resource string
]);

pub(crate) static FC_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit, 2),     // FCVolumeSource.FSType string,omitempty
    ("lun", Keep, 1),        // FCVolumeSource.Lun *int32,omitempty
    ("readOnly", Omit, 3),   // FCVolumeSource.ReadOnly bool,omitempty
    ("targetWWNs", Omit, 0), // FCVolumeSource.TargetWWNs []string,omitempty
    ("wwids", Omit, 4),      // FCVolumeSource.WWIDs []string,omitempty
]);

pub(crate) static AZURE_FILE_VOLUME_SOURCE: Fields = Fields::new(&[
    ("readOnly", Omit, 2),   // AzureFileVolumeSource.ReadOnly bool,omitempty
    ("secretName", Keep, 0), // AzureFileVolumeSource.SecretName string
    ("shareName", Keep, 1),  // AzureFileVolumeSource.ShareName string
]);

pub(crate) static CONFIG_MAP_VOLUME_SOURCE: Fields = Fields::new(&[
    ("defaultMode", Keep, 2),         // ConfigMapVolumeSource.DefaultMode *int32,omitempty
    ("items", List(&KEY_TO_PATH), 1), // ConfigMapVolumeSource.Items []KeyToPath,omitempty
    ("name", Omit, 0),                // LocalObjectReference.Name string,omitempty
    ("optional", Keep, 3),            // ConfigMapVolumeSource.Optional *bool,omitempty
]);

pub(crate) static VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit, 1),            // VsphereVirtualDiskVolumeSource.FSType string,omitempty
    ("storagePolicyID", Omit, 3),   // VsphereVirtualDiskVolumeSource.StoragePolicyID string,omitempty
    ("storagePolicyName", Omit, 2), // VsphereVirtualDiskVolumeSource.StoragePolicyName string,omitempty
    ("volumePath", Keep, 0),        // VsphereVirtualDiskVolumeSource.VolumePath string
]);

pub(crate) static QUOBYTE_VOLUME_SOURCE: Fields = Fields::new(&[
    ("group", Omit, 4),    // QuobyteVolumeSource.Group string,omitempty
    ("readOnly", Omit, 2), // QuobyteVolumeSource.ReadOnly bool,omitempty
    ("registry", Keep, 0), // QuobyteVolumeSource.Registry string
    ("tenant", Omit, 5),   // QuobyteVolumeSource.Tenant string,omitempty
    ("user", Omit, 3),     // QuobyteVolumeSource.User string,omitempty
    ("volume", Keep, 1),   // QuobyteVolumeSource.Volume string
]);

pub(crate) static AZURE_DISK_VOLUME_SOURCE: Fields = Fields::new(&[
    ("cachingMode", Keep, 2), // AzureDiskVolumeSource.CachingMode *AzureDataDiskCachingMode,omitempty
    ("diskName", Keep, 0),    // AzureDiskVolumeSource.DiskName string
    ("diskURI", Keep, 1),     // AzureDiskVolumeSource.DataDiskURI string
    ("fsType", Keep, 3),      // AzureDiskVolumeSource.FSType *string,omitempty
    ("kind", Keep, 5),        // AzureDiskVolumeSource.Kind *AzureDataDiskKind,omitempty
    ("readOnly", Keep, 4),    // AzureDiskVolumeSource.ReadOnly *bool,omitempty
]);

pub(crate) static PHOTON_PERSISTENT_DISK_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit, 1), // PhotonPersistentDiskVolumeSource.FSType string,omitempty
    ("pdID", Keep, 0),   // PhotonPersistentDiskVolumeSource.PdID string
]);

pub(crate) static PROJECTED_VOLUME_SOURCE: Fields = Fields::new(&[
    ("defaultMode", Keep, 1),                     // ProjectedVolumeSource.DefaultMode *int32,omitempty
    ("sources", KeptList(&VOLUME_PROJECTION), 0), // ProjectedVolumeSource.Sources []VolumeProjection
]);

pub(crate) static VOLUME_PROJECTION: Fields = Fields::new(&[
    ("clusterTrustBundle", Struct(&CLUSTER_TRUST_BUNDLE_PROJECTION), 4),   // VolumeProjection.ClusterTrustBundle *ClusterTrustBundleProjection,omitempty
    ("configMap", Struct(&CONFIG_MAP_PROJECTION), 2),                      // VolumeProjection.ConfigMap *ConfigMapProjection,omitempty
    ("downwardAPI", Struct(&DOWNWARD_API_PROJECTION), 1),                  // VolumeProjection.DownwardAPI *DownwardAPIProjection,omitempty
    ("podCertificate", Struct(&POD_CERTIFICATE_PROJECTION), 5),            // VolumeProjection.PodCertificate *PodCertificateProjection,omitempty
    ("secret", Struct(&SECRET_PROJECTION), 0),                             // VolumeProjection.Secret *SecretProjection,omitempty
    ("serviceAccountToken", Struct(&SERVICE_ACCOUNT_TOKEN_PROJECTION), 3), // VolumeProjection.ServiceAccountToken *ServiceAccountTokenProjection,omitempty
]);

pub(crate) static SECRET_PROJECTION: Fields = Fields::new(&[
    ("items", List(&KEY_TO_PATH), 1), // SecretProjection.Items []KeyToPath,omitempty
    ("name", Omit, 0),                // LocalObjectReference.Name string,omitempty
    ("optional", Keep, 2),            // SecretProjection.Optional *bool,omitempty
]);

pub(crate) static DOWNWARD_API_PROJECTION: Fields = Fields::new(&[
    ("items", List(&DOWNWARD_API_VOLUME_FILE), 0), // DownwardAPIProjection.Items []DownwardAPIVolumeFile,omitempty
]);

pub(crate) static CONFIG_MAP_PROJECTION: Fields = Fields::new(&[
    ("items", List(&KEY_TO_PATH), 1), // ConfigMapProjection.Items []KeyToPath,omitempty
    ("name", Omit, 0),                // LocalObjectReference.Name string,omitempty
    ("optional", Keep, 2),            // ConfigMapProjection.Optional *bool,omitempty
]);

pub(crate) static SERVICE_ACCOUNT_TOKEN_PROJECTION: Fields = Fields::new(&[
    ("audience", Omit, 0),          // ServiceAccountTokenProjection.Audience string,omitempty
    ("expirationSeconds", Keep, 1), // ServiceAccountTokenProjection.ExpirationSeconds *int64,omitempty
    ("path", Keep, 2),              // ServiceAccountTokenProjection.Path string
]);

pub(crate) static CLUSTER_TRUST_BUNDLE_PROJECTION: Fields = Fields::new(&[
    ("labelSelector", Struct(&LABEL_SELECTOR), 2), // ClusterTrustBundleProjection.LabelSelector *metav1.LabelSelector,omitempty
    ("name", Keep, 0),                             // ClusterTrustBundleProjection.Name *string,omitempty
    ("optional", Keep, 3),                         // ClusterTrustBundleProjection.Optional *bool,omitempty
    ("path", Keep, 4),                             // ClusterTrustBundleProjection.Path string
    ("signerName", Keep, 1),                       // ClusterTrustBundleProjection.SignerName *string,omitempty
]);

pub(crate) static LABEL_SELECTOR: Fields = Fields::new(&[
    ("matchExpressions", List(&LABEL_SELECTOR_REQUIREMENT), 1), // LabelSelector.MatchExpressions []LabelSelectorRequirement,omitempty
    ("matchLabels", Map, 0),                                    // LabelSelector.MatchLabels map[string]string,omitempty
]);

pub(crate) static LABEL_SELECTOR_REQUIREMENT: Fields = Fields::new(&[
    ("key", Keep, 0),      // LabelSelectorRequirement.Key string
    ("operator", Keep, 1), // LabelSelectorRequirement.Operator LabelSelectorOperator
    ("values", Omit, 2),   // LabelSelectorRequirement.Values []string,omitempty
]);

pub(crate) static POD_CERTIFICATE_PROJECTION: Fields = Fields::new(&[
    ("certificateChainPath", Omit, 5), // PodCertificateProjection.CertificateChainPath string,omitempty
    ("credentialBundlePath", Omit, 3), // PodCertificateProjection.CredentialBundlePath string,omitempty
    ("keyPath", Omit, 4),              // PodCertificateProjection.KeyPath string,omitempty
    ("keyType", Omit, 1),              // PodCertificateProjection.KeyType string,omitempty
    ("maxExpirationSeconds", Keep, 2), // PodCertificateProjection.MaxExpirationSeconds *int32,omitempty
    ("signerName", Omit, 0),           // PodCertificateProjection.SignerName string,omitempty
]);

pub(crate) static PORTWORX_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit, 1),   // PortworxVolumeSource.FSType string,omitempty
    ("readOnly", Omit, 2), // PortworxVolumeSource.ReadOnly bool,omitempty
    ("volumeID", Keep, 0), // PortworxVolumeSource.VolumeID string
]);

pub(crate) static SCALE_IO_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit, 8),                               // ScaleIOVolumeSource.FSType string,omitempty
    ("gateway", Keep, 0),                              // ScaleIOVolumeSource.Gateway string
    ("protectionDomain", Omit, 4),                     // ScaleIOVolumeSource.ProtectionDomain string,omitempty
    ("readOnly", Omit, 9),                             // ScaleIOVolumeSource.ReadOnly bool,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE), 2), // ScaleIOVolumeSource.SecretRef *LocalObjectReference
    ("sslEnabled", Omit, 3),                           // ScaleIOVolumeSource.SSLEnabled bool,omitempty
    ("storageMode", Omit, 6),                          // ScaleIOVolumeSource.StorageMode string,omitempty
    ("storagePool", Omit, 5),                          // ScaleIOVolumeSource.StoragePool string,omitempty
    ("system", Keep, 1),                               // ScaleIOVolumeSource.System string
    ("volumeName", Omit, 7),                           // ScaleIOVolumeSource.VolumeName string,omitempty
]);

pub(crate) static STORAGE_OS_VOLUME_SOURCE: Fields = Fields::new(&[
    ("fsType", Omit, 2),                               // StorageOSVolumeSource.FSType string,omitempty
    ("readOnly", Omit, 3),                             // StorageOSVolumeSource.ReadOnly bool,omitempty
    ("secretRef", Struct(&LOCAL_OBJECT_REFERENCE), 4), // StorageOSVolumeSource.SecretRef *LocalObjectReference,omitempty
    ("volumeName", Omit, 0),                           // StorageOSVolumeSource.VolumeName string,omitempty
    ("volumeNamespace", Omit, 1),                      // StorageOSVolumeSource.VolumeNamespace string,omitempty
]);

pub(crate) static CSI_VOLUME_SOURCE: Fields = Fields::new(&[
    ("driver", Keep, 0),                                          // CSIVolumeSource.Driver string
    ("fsType", Keep, 2),                                          // CSIVolumeSource.FSType *string,omitempty
    ("nodePublishSecretRef", Struct(&LOCAL_OBJECT_REFERENCE), 4), // CSIVolumeSource.NodePublishSecretRef *LocalObjectReference,omitempty
    ("readOnly", Keep, 1),                                        // CSIVolumeSource.ReadOnly *bool,omitempty
    ("volumeAttributes", Map, 3),                                 // CSIVolumeSource.VolumeAttributes map[string]string,omitempty
]);

pub(crate) static EPHEMERAL_VOLUME_SOURCE: Fields = Fields::new(&[
    ("volumeClaimTemplate", Struct(&PERSISTENT_VOLUME_CLAIM_TEMPLATE), 0), // EphemeralVolumeSource.VolumeClaimTemplate *PersistentVolumeClaimTemplate,omitempty
]);

pub(crate) static PERSISTENT_VOLUME_CLAIM_TEMPLATE: Fields = Fields::new(&[
    ("metadata", Struct(&OBJECT_META), 0),              // PersistentVolumeClaimTemplate.ObjectMeta metav1.ObjectMeta,omitempty
    ("spec", Struct(&PERSISTENT_VOLUME_CLAIM_SPEC), 1), // PersistentVolumeClaimTemplate.Spec PersistentVolumeClaimSpec
]);

pub(crate) static PERSISTENT_VOLUME_CLAIM_SPEC: Fields = Fields::new(&[
    ("accessModes", Omit, 0),                                 // PersistentVolumeClaimSpec.AccessModes []PersistentVolumeAccessMode,omitempty
    ("dataSource", Struct(&TYPED_LOCAL_OBJECT_REFERENCE), 6), // PersistentVolumeClaimSpec.DataSource *TypedLocalObjectReference,omitempty
    ("dataSourceRef", Struct(&TYPED_OBJECT_REFERENCE), 7),    // PersistentVolumeClaimSpec.DataSourceRef *TypedObjectReference,omitempty
    ("resources", Struct(&VOLUME_RESOURCE_REQUIREMENTS), 2),  // PersistentVolumeClaimSpec.Resources VolumeResourceRequirements,omitempty
    ("selector", Struct(&LABEL_SELECTOR), 1),                 // PersistentVolumeClaimSpec.Selector *metav1.LabelSelector,omitempty
    ("storageClassName", Keep, 4),                            // PersistentVolumeClaimSpec.StorageClassName *string,omitempty
    ("volumeAttributesClassName", Keep, 8),                   // PersistentVolumeClaimSpec.VolumeAttributesClassName *string,omitempty
    ("volumeMode", Keep, 5),                                  // PersistentVolumeClaimSpec.VolumeMode *PersistentVolumeMode,omitempty
    ("volumeName", Omit, 3),                                  // PersistentVolumeClaimSpec.VolumeName string,omitempty
]);

pub(crate) static VOLUME_RESOURCE_REQUIREMENTS: Fields = Fields::new(&[
    ("limits", Quantities, 0),   // VolumeResourceRequirements.Limits ResourceList,omitempty
    ("requests", Quantities, 1), // VolumeResourceRequirements.Requests ResourceList,omitempty
]);

pub(crate) static TYPED_LOCAL_OBJECT_REFERENCE: Fields = Fields::new(&[
    ("apiGroup", Keep, 0), // TypedLocalObjectReference.APIGroup *string
    ("kind", Keep, 1),     // TypedLocalObjectReference.Kind string
    ("name", Keep, 2),     // TypedLocalObjectReference.Name string
]);

pub(crate) static TYPED_OBJECT_REFERENCE: Fields = Fields::new(&[
    ("apiGroup", Keep, 0),  // TypedObjectReference.APIGroup *string
    ("kind", Keep, 1),      // TypedObjectReference.Kind string
    ("name", Keep, 2),      // TypedObjectReference.Name string
    ("namespace", Keep, 3), // TypedObjectReference.Namespace *string,omitempty
]);

pub(crate) static IMAGE_VOLUME_SOURCE: Fields = Fields::new(&[
    ("pullPolicy", Omit, 1), // ImageVolumeSource.PullPolicy PullPolicy,omitempty
    ("reference", Omit, 0),  // ImageVolumeSource.Reference string,omitempty
]);

pub(crate) static CONTAINER: Fields = Fields::new(&[
    ("args", Omit, 3),                                         // Container.Args []string,omitempty
    ("command", Omit, 2),                                      // Container.Command []string,omitempty
    ("env", List(&ENV_VAR), 7),                                // Container.Env []EnvVar,omitempty
    ("envFrom", List(&ENV_FROM_SOURCE), 6),                    // Container.EnvFrom []EnvFromSource,omitempty
    ("image", Omit, 1),                                        // Container.Image string,omitempty
    ("imagePullPolicy", Omit, 20),                             // Container.ImagePullPolicy PullPolicy,omitempty
    ("lifecycle", Struct(&LIFECYCLE), 17),                     // Container.Lifecycle *Lifecycle,omitempty
    ("livenessProbe", Struct(&PROBE), 14),                     // Container.LivenessProbe *Probe,omitempty
    ("name", Keep, 0),                                         // Container.Name string
    ("ports", List(&CONTAINER_PORT), 5),                       // Container.Ports []ContainerPort,omitempty
    ("readinessProbe", Struct(&PROBE), 15),                    // Container.ReadinessProbe *Probe,omitempty
    ("resizePolicy", List(&CONTAINER_RESIZE_POLICY), 9),       // Container.ResizePolicy []ContainerResizePolicy,omitempty
    ("resources", Struct(&RESOURCE_REQUIREMENTS), 8),          // Container.Resources ResourceRequirements,omitempty
    ("restartPolicy", Keep, 10),                               // Container.RestartPolicy *ContainerRestartPolicy,omitempty
    ("restartPolicyRules", List(&CONTAINER_RESTART_RULE), 11), // Container.RestartPolicyRules []ContainerRestartRule,omitempty
    ("securityContext", Struct(&SECURITY_CONTEXT), 21),        // Container.SecurityContext *SecurityContext,omitempty
    ("startupProbe", Struct(&PROBE), 16),                      // Container.StartupProbe *Probe,omitempty
    ("stdin", Omit, 22),                                       // Container.Stdin bool,omitempty
    ("stdinOnce", Omit, 23),                                   // Container.StdinOnce bool,omitempty
    ("terminationMessagePath", Omit, 18),                      // Container.TerminationMessagePath string,omitempty
    ("terminationMessagePolicy", Omit, 19),                    // Container.TerminationMessagePolicy TerminationMessagePolicy,omitempty
    ("tty", Omit, 24),                                         // Container.TTY bool,omitempty
    ("volumeDevices", List(&VOLUME_DEVICE), 13),               // Container.VolumeDevices []VolumeDevice,omitempty
    ("volumeMounts", List(&VOLUME_MOUNT), 12),                 // Container.VolumeMounts []VolumeMount,omitempty
    ("workingDir", Omit, 4),                                   // Container.WorkingDir string,omitempty
])
.merging(&[("env", "name"), ("ports", "containerPort"), ("volumeDevices", "devicePath"), ("volumeMounts", "mountPath")]);

pub(crate) static CONTAINER_PORT: Fields = Fields::new(&[
    ("containerPort", Keep, 2), // ContainerPort.ContainerPort int32
    ("hostIP", Omit, 4),        // ContainerPort.HostIP string,omitempty
    ("hostPort", Omit, 1),      // ContainerPort.HostPort int32,omitempty
    ("name", Omit, 0),          // ContainerPort.Name string,omitempty
    ("protocol", Omit, 3),      // ContainerPort.Protocol Protocol,omitempty
]);

pub(crate) static ENV_FROM_SOURCE: Fields = Fields::new(&[
    ("configMapRef", Struct(&CONFIG_MAP_ENV_SOURCE), 1), // EnvFromSource.ConfigMapRef *ConfigMapEnvSource,omitempty
    ("prefix", Omit, 0),                                 // EnvFromSource.Prefix string,omitempty
    ("secretRef", Struct(&SECRET_ENV_SOURCE), 2),        // EnvFromSource.SecretRef *SecretEnvSource,omitempty
]);

pub(crate) static CONFIG_MAP_ENV_SOURCE: Fields = Fields::new(&[
    ("name", Omit, 0),     // LocalObjectReference.Name string,omitempty
    ("optional", Keep, 1), // ConfigMapEnvSource.Optional *bool,omitempty
]);

pub(crate) static SECRET_ENV_SOURCE: Fields = Fields::new(&[
    ("name", Omit, 0),     // LocalObjectReference.Name string,omitempty
    ("optional", Keep, 1), // SecretEnvSource.Optional *bool,omitempty
]);

pub(crate) static ENV_VAR: Fields = Fields::new(&[
    ("name", Keep, 0),                         // EnvVar.Name string
    ("value", Omit, 1),                        // EnvVar.Value string,omitempty
    ("valueFrom", Struct(&ENV_VAR_SOURCE), 2), // EnvVar.ValueFrom *EnvVarSource,omitempty
]);

pub(crate) static ENV_VAR_SOURCE: Fields = Fields::new(&[
    ("configMapKeyRef", Struct(&CONFIG_MAP_KEY_SELECTOR), 2),  // EnvVarSource.ConfigMapKeyRef *ConfigMapKeySelector,omitempty
    ("fieldRef", Struct(&OBJECT_FIELD_SELECTOR), 0),           // EnvVarSource.FieldRef *ObjectFieldSelector,omitempty
    ("fileKeyRef", Struct(&FILE_KEY_SELECTOR), 4),             // EnvVarSource.FileKeyRef *FileKeySelector,omitempty
    ("resourceFieldRef", Struct(&RESOURCE_FIELD_SELECTOR), 1), // EnvVarSource.ResourceFieldRef *ResourceFieldSelector,omitempty
    ("secretKeyRef", Struct(&SECRET_KEY_SELECTOR), 3),         // EnvVarSource.SecretKeyRef *SecretKeySelector,omitempty
]);

pub(crate) static CONFIG_MAP_KEY_SELECTOR: Fields = Fields::new(&[
    ("key", Keep, 1),      // ConfigMapKeySelector.Key string
    ("name", Omit, 0),     // LocalObjectReference.Name string,omitempty
    ("optional", Keep, 2), // ConfigMapKeySelector.Optional *bool,omitempty
]);

pub(crate) static SECRET_KEY_SELECTOR: Fields = Fields::new(&[
    ("key", Keep, 1),      // SecretKeySelector.Key string
    ("name", Omit, 0),     // LocalObjectReference.Name string,omitempty
    ("optional", Keep, 2), // SecretKeySelector.Optional *bool,omitempty
]);

pub(crate) static FILE_KEY_SELECTOR: Fields = Fields::new(&[
    ("key", Keep, 2),        // FileKeySelector.Key string
    ("optional", Keep, 3),   // FileKeySelector.Optional *bool,omitempty
    ("path", Keep, 1),       // FileKeySelector.Path string
    ("volumeName", Keep, 0), // FileKeySelector.VolumeName string
]);

pub(crate) static RESOURCE_REQUIREMENTS: Fields = Fields::new(&[
    ("claims", List(&RESOURCE_CLAIM), 2), // ResourceRequirements.Claims []ResourceClaim,omitempty
    ("limits", Quantities, 0),            // ResourceRequirements.Limits ResourceList,omitempty
    ("requests", Quantities, 1),          // ResourceRequirements.Requests ResourceList,omitempty
]);

pub(crate) static RESOURCE_CLAIM: Fields = Fields::new(&[
    ("name", Keep, 0),    // ResourceClaim.Name string
    ("request", Omit, 1), // ResourceClaim.Request string,omitempty
]);

pub(crate) static CONTAINER_RESIZE_POLICY: Fields = Fields::new(&[
    ("resourceName", Keep, 0),  // ContainerResizePolicy.ResourceName ResourceName
    ("restartPolicy", Keep, 1), // ContainerResizePolicy.RestartPolicy ResourceResizeRestartPolicy
]);

pub(crate) static CONTAINER_RESTART_RULE: Fields = Fields::new(&[
    ("action", Omit, 0),                                             // ContainerRestartRule.Action ContainerRestartRuleAction,omitempty
    ("exitCodes", Struct(&CONTAINER_RESTART_RULE_ON_EXIT_CODES), 1), // ContainerRestartRule.ExitCodes *ContainerRestartRuleOnExitCodes,omitempty
]);

pub(crate) static CONTAINER_RESTART_RULE_ON_EXIT_CODES: Fields = Fields::new(&[
    ("operator", Omit, 0), // ContainerRestartRuleOnExitCodes.Operator ContainerRestartRuleOnExitCodesOperator,omitempty
    ("values", Omit, 1),   // ContainerRestartRuleOnExitCodes.Values []int32,omitempty
]);

pub(crate) static VOLUME_MOUNT: Fields = Fields::new(&[
    ("mountPath", Keep, 3),         // VolumeMount.MountPath string
    ("mountPropagation", Keep, 5),  // VolumeMount.MountPropagation *MountPropagationMode,omitempty
    ("name", Keep, 0),              // VolumeMount.Name string
    ("readOnly", Omit, 1),          // VolumeMount.ReadOnly bool,omitempty
    ("recursiveReadOnly", Keep, 2), // VolumeMount.RecursiveReadOnly *RecursiveReadOnlyMode,omitempty
    ("subPath", Omit, 4),           // VolumeMount.SubPath string,omitempty
    ("subPathExpr", Omit, 6),       // VolumeMount.SubPathExpr string,omitempty
]);

pub(crate) static VOLUME_DEVICE: Fields = Fields::new(&[
    ("devicePath", Keep, 1), // VolumeDevice.DevicePath string
    ("name", Keep, 0),       // VolumeDevice.Name string
]);

pub(crate) static PROBE: Fields = Fields::new(&[
    ("exec", Struct(&EXEC_ACTION), 0),            // ProbeHandler.Exec *ExecAction,omitempty
    ("failureThreshold", Omit, 8),                // Probe.FailureThreshold int32,omitempty
    ("grpc", Struct(&GRPC_ACTION), 3),            // ProbeHandler.GRPC *GRPCAction,omitempty
    ("httpGet", Struct(&HTTP_GET_ACTION), 1),     // ProbeHandler.HTTPGet *HTTPGetAction,omitempty
    ("initialDelaySeconds", Omit, 4),             // Probe.InitialDelaySeconds int32,omitempty
    ("periodSeconds", Omit, 6),                   // Probe.PeriodSeconds int32,omitempty
    ("successThreshold", Omit, 7),                // Probe.SuccessThreshold int32,omitempty
    ("tcpSocket", Struct(&TCP_SOCKET_ACTION), 2), // ProbeHandler.TCPSocket *TCPSocketAction,omitempty
    ("terminationGracePeriodSeconds", Keep, 9),   // Probe.TerminationGracePeriodSeconds *int64,omitempty
    ("timeoutSeconds", Omit, 5),                  // Probe.TimeoutSeconds int32,omitempty
]);

pub(crate) static EXEC_ACTION: Fields = Fields::new(&[
    ("command", Omit, 0), // ExecAction.Command []string,omitempty
]);

pub(crate) static HTTP_GET_ACTION: Fields = Fields::new(&[
    ("host", Omit, 2),                      // HTTPGetAction.Host string,omitempty
    ("httpHeaders", List(&HTTP_HEADER), 4), // HTTPGetAction.HTTPHeaders []HTTPHeader,omitempty
    ("path", Omit, 0),                      // HTTPGetAction.Path string,omitempty
    ("port", Keep, 1),                      // HTTPGetAction.Port intstr.IntOrString
    ("scheme", Omit, 3),                    // HTTPGetAction.Scheme URIScheme,omitempty
]);

pub(crate) static HTTP_HEADER: Fields = Fields::new(&[
    ("name", Keep, 0),  // HTTPHeader.Name string
    ("value", Keep, 1), // HTTPHeader.Value string
]);

pub(crate) static TCP_SOCKET_ACTION: Fields = Fields::new(&[
    ("host", Omit, 1), // TCPSocketAction.Host string,omitempty
    ("port", Keep, 0), // TCPSocketAction.Port intstr.IntOrString
]);

pub(crate) static GRPC_ACTION: Fields = Fields::new(&[
    ("port", Keep, 0),    // GRPCAction.Port int32
    ("service", Keep, 1), // GRPCAction.Service *string
]);

pub(crate) static LIFECYCLE: Fields = Fields::new(&[
    ("postStart", Struct(&LIFECYCLE_HANDLER), 0), // Lifecycle.PostStart *LifecycleHandler,omitempty
    ("preStop", Struct(&LIFECYCLE_HANDLER), 1),   // Lifecycle.PreStop *LifecycleHandler,omitempty
    ("stopSignal", Keep, 2),                      // Lifecycle.StopSignal *Signal,omitempty
]);

pub(crate) static LIFECYCLE_HANDLER: Fields = Fields::new(&[
    ("exec", Struct(&EXEC_ACTION), 0),            // LifecycleHandler.Exec *ExecAction,omitempty
    ("httpGet", Struct(&HTTP_GET_ACTION), 1),     // LifecycleHandler.HTTPGet *HTTPGetAction,omitempty
    ("sleep", Struct(&SLEEP_ACTION), 3),          // LifecycleHandler.Sleep *SleepAction,omitempty
    ("tcpSocket", Struct(&TCP_SOCKET_ACTION), 2), // LifecycleHandler.TCPSocket *TCPSocketAction,omitempty
]);

pub(crate) static SLEEP_ACTION: Fields = Fields::new(&[
    ("seconds", Keep, 0), // SleepAction.Seconds int64
]);

pub(crate) static SECURITY_CONTEXT: Fields = Fields::new(&[
    ("allowPrivilegeEscalation", Keep, 8),                            // SecurityContext.AllowPrivilegeEscalation *bool,omitempty
    ("appArmorProfile", Struct(&APP_ARMOR_PROFILE), 11),              // SecurityContext.AppArmorProfile *AppArmorProfile,omitempty
    ("capabilities", Struct(&CAPABILITIES), 0),                       // SecurityContext.Capabilities *Capabilities,omitempty
    ("privileged", Keep, 1),                                          // SecurityContext.Privileged *bool,omitempty
    ("procMount", Keep, 9),                                           // SecurityContext.ProcMount *ProcMountType,omitempty
    ("readOnlyRootFilesystem", Keep, 7),                              // SecurityContext.ReadOnlyRootFilesystem *bool,omitempty
    ("runAsGroup", Keep, 5),                                          // SecurityContext.RunAsGroup *int64,omitempty
    ("runAsNonRoot", Keep, 6),                                        // SecurityContext.RunAsNonRoot *bool,omitempty
    ("runAsUser", Keep, 4),                                           // SecurityContext.RunAsUser *int64,omitempty
    ("seLinuxOptions", Struct(&SE_LINUX_OPTIONS), 2),                 // SecurityContext.SELinuxOptions *SELinuxOptions,omitempty
    ("seccompProfile", Struct(&SECCOMP_PROFILE), 10),                 // SecurityContext.SeccompProfile *SeccompProfile,omitempty
    ("windowsOptions", Struct(&WINDOWS_SECURITY_CONTEXT_OPTIONS), 3), // SecurityContext.WindowsOptions *WindowsSecurityContextOptions,omitempty
]);

pub(crate) static CAPABILITIES: Fields = Fields::new(&[
    ("add", Omit, 0),  // Capabilities.Add []Capability,omitempty
    ("drop", Omit, 1), // Capabilities.Drop []Capability,omitempty
]);

pub(crate) static SE_LINUX_OPTIONS: Fields = Fields::new(&[
    ("level", Omit, 3), // SELinuxOptions.Level string,omitempty
    ("role", Omit, 1),  // SELinuxOptions.Role string,omitempty
    ("type", Omit, 2),  // SELinuxOptions.Type string,omitempty
    ("user", Omit, 0),  // SELinuxOptions.User string,omitempty
]);

pub(crate) static WINDOWS_SECURITY_CONTEXT_OPTIONS: Fields = Fields::new(&[
    ("gmsaCredentialSpec", Keep, 1),     // WindowsSecurityContextOptions.GMSACredentialSpec *string,omitempty
    ("gmsaCredentialSpecName", Keep, 0), // WindowsSecurityContextOptions.GMSACredentialSpecName *string,omitempty
    ("hostProcess", Keep, 3),            // WindowsSecurityContextOptions.HostProcess *bool,omitempty
    ("runAsUserName", Keep, 2),          // WindowsSecurityContextOptions.RunAsUserName *string,omitempty
]);

pub(crate) static SECCOMP_PROFILE: Fields = Fields::new(&[
    ("localhostProfile", Keep, 1), // SeccompProfile.LocalhostProfile *string,omitempty
    ("type", Keep, 0),             // SeccompProfile.Type SeccompProfileType
]);

pub(crate) static APP_ARMOR_PROFILE: Fields = Fields::new(&[
    ("localhostProfile", Keep, 1), // AppArmorProfile.LocalhostProfile *string,omitempty
    ("type", Keep, 0),             // AppArmorProfile.Type AppArmorProfileType
]);

pub(crate) static EPHEMERAL_CONTAINER: Fields = Fields::new(&[
    ("args", Omit, 3),                                         // EphemeralContainerCommon.Args []string,omitempty
    ("command", Omit, 2),                                      // EphemeralContainerCommon.Command []string,omitempty
    ("env", List(&ENV_VAR), 7),                                // EphemeralContainerCommon.Env []EnvVar,omitempty
    ("envFrom", List(&ENV_FROM_SOURCE), 6),                    // EphemeralContainerCommon.EnvFrom []EnvFromSource,omitempty
    ("image", Omit, 1),                                        // EphemeralContainerCommon.Image string,omitempty
    ("imagePullPolicy", Omit, 20),                             // EphemeralContainerCommon.ImagePullPolicy PullPolicy,omitempty
    ("lifecycle", Struct(&LIFECYCLE), 17),                     // EphemeralContainerCommon.Lifecycle *Lifecycle,omitempty
    ("livenessProbe", Struct(&PROBE), 14),                     // EphemeralContainerCommon.LivenessProbe *Probe,omitempty
    ("name", Keep, 0),                                         // EphemeralContainerCommon.Name string
    ("ports", List(&CONTAINER_PORT), 5),                       // EphemeralContainerCommon.Ports []ContainerPort,omitempty
    ("readinessProbe", Struct(&PROBE), 15),                    // EphemeralContainerCommon.ReadinessProbe *Probe,omitempty
    ("resizePolicy", List(&CONTAINER_RESIZE_POLICY), 9),       // EphemeralContainerCommon.ResizePolicy []ContainerResizePolicy,omitempty
    ("resources", Struct(&RESOURCE_REQUIREMENTS), 8),          // EphemeralContainerCommon.Resources ResourceRequirements,omitempty
    ("restartPolicy", Keep, 10),                               // EphemeralContainerCommon.RestartPolicy *ContainerRestartPolicy,omitempty
    ("restartPolicyRules", List(&CONTAINER_RESTART_RULE), 11), // EphemeralContainerCommon.RestartPolicyRules []ContainerRestartRule,omitempty
    ("securityContext", Struct(&SECURITY_CONTEXT), 21),        // EphemeralContainerCommon.SecurityContext *SecurityContext,omitempty
    ("startupProbe", Struct(&PROBE), 16),                      // EphemeralContainerCommon.StartupProbe *Probe,omitempty
    ("stdin", Omit, 22),                                       // EphemeralContainerCommon.Stdin bool,omitempty
    ("stdinOnce", Omit, 23),                                   // EphemeralContainerCommon.StdinOnce bool,omitempty
    ("targetContainerName", Omit, 25),                         // EphemeralContainer.TargetContainerName string,omitempty
    ("terminationMessagePath", Omit, 18),                      // EphemeralContainerCommon.TerminationMessagePath string,omitempty
    ("terminationMessagePolicy", Omit, 19),                    // EphemeralContainerCommon.TerminationMessagePolicy TerminationMessagePolicy,omitempty
    ("tty", Omit, 24),                                         // EphemeralContainerCommon.TTY bool,omitempty
    ("volumeDevices", List(&VOLUME_DEVICE), 13),               // EphemeralContainerCommon.VolumeDevices []VolumeDevice,omitempty
    ("volumeMounts", List(&VOLUME_MOUNT), 12),                 // EphemeralContainerCommon.VolumeMounts []VolumeMount,omitempty
    ("workingDir", Omit, 4),                                   // EphemeralContainerCommon.WorkingDir string,omitempty
])
.merging(&[("env", "name"), ("ports", "containerPort"), ("volumeDevices", "devicePath"), ("volumeMounts", "mountPath")]);

pub(crate) static POD_SECURITY_CONTEXT: Fields = Fields::new(&[
    ("appArmorProfile", Struct(&APP_ARMOR_PROFILE), 11),              // PodSecurityContext.AppArmorProfile *AppArmorProfile,omitempty
    ("fsGroup", Keep, 7),                                             // PodSecurityContext.FSGroup *int64,omitempty
    ("fsGroupChangePolicy", Keep, 9),                                 // PodSecurityContext.FSGroupChangePolicy *PodFSGroupChangePolicy,omitempty
    ("runAsGroup", Keep, 3),                                          // PodSecurityContext.RunAsGroup *int64,omitempty
    ("runAsNonRoot", Keep, 4),                                        // PodSecurityContext.RunAsNonRoot *bool,omitempty
    ("runAsUser", Keep, 2),                                           // PodSecurityContext.RunAsUser *int64,omitempty
    ("seLinuxChangePolicy", Keep, 12),                                // PodSecurityContext.SELinuxChangePolicy *PodSELinuxChangePolicy,omitempty
    ("seLinuxOptions", Struct(&SE_LINUX_OPTIONS), 0),                 // PodSecurityContext.SELinuxOptions *SELinuxOptions,omitempty
    ("seccompProfile", Struct(&SECCOMP_PROFILE), 10),                 // PodSecurityContext.SeccompProfile *SeccompProfile,omitempty
    ("supplementalGroups", Omit, 5),                                  // PodSecurityContext.SupplementalGroups []int64,omitempty
    ("supplementalGroupsPolicy", Keep, 6),                            // PodSecurityContext.SupplementalGroupsPolicy *SupplementalGroupsPolicy,omitempty
    ("sysctls", List(&SYSCTL), 8),                                    // PodSecurityContext.Sysctls []Sysctl,omitempty
    ("windowsOptions", Struct(&WINDOWS_SECURITY_CONTEXT_OPTIONS), 1), // PodSecurityContext.WindowsOptions *WindowsSecurityContextOptions,omitempty
]);

pub(crate) static SYSCTL: Fields = Fields::new(&[
    ("name", Keep, 0),  // Sysctl.Name string
    ("value", Keep, 1), // Sysctl.Value string
]);

pub(crate) static AFFINITY: Fields = Fields::new(&[
    ("nodeAffinity", Struct(&NODE_AFFINITY), 0),        // Affinity.NodeAffinity *NodeAffinity,omitempty
    ("podAffinity", Struct(&POD_AFFINITY), 1),          // Affinity.PodAffinity *PodAffinity,omitempty
    ("podAntiAffinity", Struct(&POD_ANTI_AFFINITY), 2), // Affinity.PodAntiAffinity *PodAntiAffinity,omitempty
]);

pub(crate) static NODE_AFFINITY: Fields = Fields::new(&[
    ("preferredDuringSchedulingIgnoredDuringExecution", List(&PREFERRED_SCHEDULING_TERM), 1), // NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution []PreferredSchedulingTerm,omitempty
    ("requiredDuringSchedulingIgnoredDuringExecution", Struct(&NODE_SELECTOR), 0),            // NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution *NodeSelector,omitempty
]);

pub(crate) static NODE_SELECTOR: Fields = Fields::new(&[
    ("nodeSelectorTerms", KeptList(&NODE_SELECTOR_TERM), 0), // NodeSelector.NodeSelectorTerms []NodeSelectorTerm
]);

pub(crate) static NODE_SELECTOR_TERM: Fields = Fields::new(&[
    ("matchExpressions", List(&NODE_SELECTOR_REQUIREMENT), 0), // NodeSelectorTerm.MatchExpressions []NodeSelectorRequirement,omitempty
    ("matchFields", List(&NODE_SELECTOR_REQUIREMENT), 1),      // NodeSelectorTerm.MatchFields []NodeSelectorRequirement,omitempty
]);

pub(crate) static NODE_SELECTOR_REQUIREMENT: Fields = Fields::new(&[
    ("key", Keep, 0),      // NodeSelectorRequirement.Key string
    ("operator", Keep, 1), // NodeSelectorRequirement.Operator NodeSelectorOperator
    ("values", Omit, 2),   // NodeSelectorRequirement.Values []string,omitempty
]);

pub(crate) static PREFERRED_SCHEDULING_TERM: Fields = Fields::new(&[
    ("preference", Struct(&NODE_SELECTOR_TERM), 1), // PreferredSchedulingTerm.Preference NodeSelectorTerm
    ("weight", Keep, 0),                            // PreferredSchedulingTerm.Weight int32
]);

pub(crate) static POD_AFFINITY: Fields = Fields::new(&[
    ("preferredDuringSchedulingIgnoredDuringExecution", List(&WEIGHTED_POD_AFFINITY_TERM), 1), // PodAffinity.PreferredDuringSchedulingIgnoredDuringExecution []WeightedPodAffinityTerm,omitempty
    ("requiredDuringSchedulingIgnoredDuringExecution", List(&POD_AFFINITY_TERM), 0),           // PodAffinity.RequiredDuringSchedulingIgnoredDuringExecution []PodAffinityTerm,omitempty
]);

pub(crate) static POD_AFFINITY_TERM: Fields = Fields::new(&[
    ("labelSelector", Struct(&LABEL_SELECTOR), 0),     // PodAffinityTerm.LabelSelector *metav1.LabelSelector,omitempty
    ("matchLabelKeys", Omit, 4),                       // PodAffinityTerm.MatchLabelKeys []string,omitempty
    ("mismatchLabelKeys", Omit, 5),                    // PodAffinityTerm.MismatchLabelKeys []string,omitempty
    ("namespaceSelector", Struct(&LABEL_SELECTOR), 3), // PodAffinityTerm.NamespaceSelector *metav1.LabelSelector,omitempty
    ("namespaces", Omit, 1),                           // PodAffinityTerm.Namespaces []string,omitempty
    ("topologyKey", Keep, 2),                          // PodAffinityTerm.TopologyKey string
]);

pub(crate) static WEIGHTED_POD_AFFINITY_TERM: Fields = Fields::new(&[
    ("podAffinityTerm", Struct(&POD_AFFINITY_TERM), 1), // WeightedPodAffinityTerm.PodAffinityTerm PodAffinityTerm
    ("weight", Keep, 0),                                // WeightedPodAffinityTerm.Weight int32
]);

pub(crate) static POD_ANTI_AFFINITY: Fields = Fields::new(&[
    ("preferredDuringSchedulingIgnoredDuringExecution", List(&WEIGHTED_POD_AFFINITY_TERM), 1), // PodAntiAffinity.PreferredDuringSchedulingIgnoredDuringExecution []WeightedPodAffinityTerm,omitempty
    ("requiredDuringSchedulingIgnoredDuringExecution", List(&POD_AFFINITY_TERM), 0),           // PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution []PodAffinityTerm,omitempty
]);

pub(crate) static TOLERATION: Fields = Fields::new(&[
    ("effect", Omit, 3),            // Toleration.Effect TaintEffect,omitempty
    ("key", Omit, 0),               // Toleration.Key string,omitempty
    ("operator", Omit, 1),          // Toleration.Operator TolerationOperator,omitempty
    ("tolerationSeconds", Keep, 4), // Toleration.TolerationSeconds *int64,omitempty
    ("value", Omit, 2),             // Toleration.Value string,omitempty
]);

pub(crate) static HOST_ALIAS: Fields = Fields::new(&[
    ("hostnames", Omit, 1), // HostAlias.Hostnames []string,omitempty
    ("ip", Keep, 0),        // HostAlias.IP string
]);

pub(crate) static POD_DNS_CONFIG: Fields = Fields::new(&[
    ("nameservers", Omit, 0),                     // PodDNSConfig.Nameservers []string,omitempty
    ("options", List(&POD_DNS_CONFIG_OPTION), 2), // PodDNSConfig.Options []PodDNSConfigOption,omitempty
    ("searches", Omit, 1),                        // PodDNSConfig.Searches []string,omitempty
]);

pub(crate) static POD_DNS_CONFIG_OPTION: Fields = Fields::new(&[
    ("name", Omit, 0),  // PodDNSConfigOption.Name string,omitempty
    ("value", Keep, 1), // PodDNSConfigOption.Value *string,omitempty
]);

pub(crate) static POD_READINESS_GATE: Fields = Fields::new(&[
    ("conditionType", Keep, 0), // PodReadinessGate.ConditionType PodConditionType
]);

pub(crate) static TOPOLOGY_SPREAD_CONSTRAINT: Fields = Fields::new(&[
    ("labelSelector", Struct(&LABEL_SELECTOR), 3), // TopologySpreadConstraint.LabelSelector *metav1.LabelSelector,omitempty
    ("matchLabelKeys", Omit, 7),                   // TopologySpreadConstraint.MatchLabelKeys []string,omitempty
    ("maxSkew", Keep, 0),                          // TopologySpreadConstraint.MaxSkew int32
    ("minDomains", Keep, 4),                       // TopologySpreadConstraint.MinDomains *int32,omitempty
    ("nodeAffinityPolicy", Keep, 5),               // TopologySpreadConstraint.NodeAffinityPolicy *NodeInclusionPolicy,omitempty
    ("nodeTaintsPolicy", Keep, 6),                 // TopologySpreadConstraint.NodeTaintsPolicy *NodeInclusionPolicy,omitempty
    ("topologyKey", Keep, 1),                      // TopologySpreadConstraint.TopologyKey string
    ("whenUnsatisfiable", Keep, 2),                // TopologySpreadConstraint.WhenUnsatisfiable UnsatisfiableConstraintAction
]);

pub(crate) static POD_OS: Fields = Fields::new(&[
    ("name", Keep, 0), // PodOS.Name OSName
]);

pub(crate) static POD_SCHEDULING_GATE: Fields = Fields::new(&[
    ("name", Keep, 0), // PodSchedulingGate.Name string
]);

pub(crate) static POD_RESOURCE_CLAIM: Fields = Fields::new(&[
    ("name", Keep, 0),                      // PodResourceClaim.Name string
    ("resourceClaimName", Keep, 1),         // PodResourceClaim.ResourceClaimName *string,omitempty
    ("resourceClaimTemplateName", Keep, 2), // PodResourceClaim.ResourceClaimTemplateName *string,omitempty
]);

pub(crate) static POD_STATUS: Fields = Fields::new(&[
    ("conditions", List(&POD_CONDITION), 2),                                          // PodStatus.Conditions []PodCondition,omitempty
    ("containerStatuses", List(&CONTAINER_STATUS), 12),                               // PodStatus.ContainerStatuses []ContainerStatus,omitempty
    ("ephemeralContainerStatuses", List(&CONTAINER_STATUS), 14),                      // PodStatus.EphemeralContainerStatuses []ContainerStatus,omitempty
    ("extendedResourceClaimStatus", Struct(&POD_EXTENDED_RESOURCE_CLAIM_STATUS), 17), // PodStatus.ExtendedResourceClaimStatus *PodExtendedResourceClaimStatus,omitempty
    ("hostIP", Omit, 6),                                                              // PodStatus.HostIP string,omitempty
    ("hostIPs", List(&HOST_IP), 7),                                                   // PodStatus.HostIPs []HostIP,omitempty
    ("initContainerStatuses", List(&CONTAINER_STATUS), 11),                           // PodStatus.InitContainerStatuses []ContainerStatus,omitempty
    ("message", Omit, 3),                                                             // PodStatus.Message string,omitempty
    ("nominatedNodeName", Omit, 5),                                                   // PodStatus.NominatedNodeName string,omitempty
    ("observedGeneration", Omit, 0),                                                  // PodStatus.ObservedGeneration int64,omitempty
    ("phase", Omit, 1),                                                               // PodStatus.Phase PodPhase,omitempty
    ("podIP", Omit, 8),                                                               // PodStatus.PodIP string,omitempty
    ("podIPs", List(&POD_IP), 9),                                                     // PodStatus.PodIPs []PodIP,omitempty
    ("qosClass", Omit, 13),                                                           // PodStatus.QOSClass PodQOSClass,omitempty
    ("reason", Omit, 4),                                                              // PodStatus.Reason string,omitempty
    ("resize", Omit, 15),                                                             // PodStatus.Resize PodResizeStatus,omitempty
    ("resourceClaimStatuses", List(&POD_RESOURCE_CLAIM_STATUS), 16),                  // PodStatus.ResourceClaimStatuses []PodResourceClaimStatus,omitempty
    ("startTime", Keep, 10),                                                          // PodStatus.StartTime *metav1.Time,omitempty
])
.merging(&[("conditions", "type"), ("hostIPs", "ip"), ("podIPs", "ip"), ("resourceClaimStatuses", "name")]);

pub(crate) static POD_CONDITION: Fields = Fields::new(&[
    ("lastProbeTime", Keep, 3),      // PodCondition.LastProbeTime metav1.Time,omitempty
    ("lastTransitionTime", Keep, 4), // PodCondition.LastTransitionTime metav1.Time,omitempty
    ("message", Omit, 6),            // PodCondition.Message string,omitempty
    ("observedGeneration", Omit, 1), // PodCondition.ObservedGeneration int64,omitempty
    ("reason", Omit, 5),             // PodCondition.Reason string,omitempty
    ("status", Keep, 2),             // PodCondition.Status ConditionStatus
    ("type", Keep, 0),               // PodCondition.Type PodConditionType
]);

pub(crate) static HOST_IP: Fields = Fields::new(&[
    ("ip", Keep, 0), // HostIP.IP string
]);

pub(crate) static POD_IP: Fields = Fields::new(&[
    ("ip", Keep, 0), // PodIP.IP string
]);

pub(crate) static CONTAINER_STATUS: Fields = Fields::new(&[
    ("allocatedResources", Quantities, 9),                    // ContainerStatus.AllocatedResources ResourceList,omitempty
    ("allocatedResourcesStatus", List(&RESOURCE_STATUS), 13), // ContainerStatus.AllocatedResourcesStatus []ResourceStatus,omitempty
    ("containerID", Omit, 7),                                 // ContainerStatus.ContainerID string,omitempty
    ("image", Keep, 5),                                       // ContainerStatus.Image string
    ("imageID", Keep, 6),                                     // ContainerStatus.ImageID string
    ("lastState", Struct(&CONTAINER_STATE), 2),               // ContainerStatus.LastTerminationState ContainerState,omitempty
    ("name", Keep, 0),                                        // ContainerStatus.Name string
    ("ready", Keep, 3),                                       // ContainerStatus.Ready bool
    ("resources", Struct(&RESOURCE_REQUIREMENTS), 10),        // ContainerStatus.Resources *ResourceRequirements,omitempty
    ("restartCount", Keep, 4),                                // ContainerStatus.RestartCount int32
    ("started", Keep, 8),                                     // ContainerStatus.Started *bool,omitempty
    ("state", Struct(&CONTAINER_STATE), 1),                   // ContainerStatus.State ContainerState,omitempty
    ("stopSignal", Keep, 14),                                 // ContainerStatus.StopSignal *Signal,omitempty
    ("user", Struct(&CONTAINER_USER), 12),                    // ContainerStatus.User *ContainerUser,omitempty
    ("volumeMounts", List(&VOLUME_MOUNT_STATUS), 11),         // ContainerStatus.VolumeMounts []VolumeMountStatus,omitempty
])
.merging(&[("allocatedResourcesStatus", "name"), ("volumeMounts", "mountPath")]);

pub(crate) static CONTAINER_STATE: Fields = Fields::new(&[
    ("running", Struct(&CONTAINER_STATE_RUNNING), 1),       // ContainerState.Running *ContainerStateRunning,omitempty
    ("terminated", Struct(&CONTAINER_STATE_TERMINATED), 2), // ContainerState.Terminated *ContainerStateTerminated,omitempty
    ("waiting", Struct(&CONTAINER_STATE_WAITING), 0),       // ContainerState.Waiting *ContainerStateWaiting,omitempty
]);

pub(crate) static CONTAINER_STATE_WAITING: Fields = Fields::new(&[
    ("message", Omit, 1), // ContainerStateWaiting.Message string,omitempty
    ("reason", Omit, 0),  // ContainerStateWaiting.Reason string,omitempty
]);

pub(crate) static CONTAINER_STATE_RUNNING: Fields = Fields::new(&[
    ("startedAt", Keep, 0), // ContainerStateRunning.StartedAt metav1.Time,omitempty
]);

pub(crate) static CONTAINER_STATE_TERMINATED: Fields = Fields::new(&[
    ("containerID", Omit, 6), // ContainerStateTerminated.ContainerID string,omitempty
    ("exitCode", Keep, 0),    // ContainerStateTerminated.ExitCode int32
    ("finishedAt", Keep, 5),  // ContainerStateTerminated.FinishedAt metav1.Time,omitempty
    ("message", Omit, 3),     // ContainerStateTerminated.Message string,omitempty
    ("reason", Omit, 2),      // ContainerStateTerminated.Reason string,omitempty
    ("signal", Omit, 1),      // ContainerStateTerminated.Signal int32,omitempty
    ("startedAt", Keep, 4),   // ContainerStateTerminated.StartedAt metav1.Time,omitempty
]);

pub(crate) static VOLUME_MOUNT_STATUS: Fields = Fields::new(&[
    ("mountPath", Keep, 1),         // VolumeMountStatus.MountPath string
    ("name", Keep, 0),              // VolumeMountStatus.Name string
    ("readOnly", Omit, 2),          // VolumeMountStatus.ReadOnly bool,omitempty
    ("recursiveReadOnly", Keep, 3), // VolumeMountStatus.RecursiveReadOnly *RecursiveReadOnlyMode,omitempty
]);

pub(crate) static CONTAINER_USER: Fields = Fields::new(&[
    ("linux", Struct(&LINUX_CONTAINER_USER), 0), // ContainerUser.Linux *LinuxContainerUser,omitempty
]);

pub(crate) static LINUX_CONTAINER_USER: Fields = Fields::new(&[
    ("gid", Keep, 1),                // LinuxContainerUser.GID int64
    ("supplementalGroups", Omit, 2), // LinuxContainerUser.SupplementalGroups []int64,omitempty
    ("uid", Keep, 0),                // LinuxContainerUser.UID int64
]);

pub(crate) static RESOURCE_STATUS: Fields = Fields::new(&[
    ("name", Keep, 0),                        // ResourceStatus.Name ResourceName
    ("resources", List(&RESOURCE_HEALTH), 1), // ResourceStatus.Resources []ResourceHealth,omitempty
]);

pub(crate) static RESOURCE_HEALTH: Fields = Fields::new(&[
    ("health", Omit, 1),     // ResourceHealth.Health ResourceHealthStatus,omitempty
    ("resourceID", Keep, 0), // ResourceHealth.ResourceID ResourceID
]);

pub(crate) static POD_RESOURCE_CLAIM_STATUS: Fields = Fields::new(&[
    ("name", Keep, 0),              // PodResourceClaimStatus.Name string
    ("resourceClaimName", Keep, 1), // PodResourceClaimStatus.ResourceClaimName *string,omitempty
]);

pub(crate) static POD_EXTENDED_RESOURCE_CLAIM_STATUS: Fields = Fields::new(&[
    ("requestMappings", KeptList(&CONTAINER_EXTENDED_RESOURCE_REQUEST), 0), // PodExtendedResourceClaimStatus.RequestMappings []ContainerExtendedResourceRequest
    ("resourceClaimName", Keep, 1),                                         // PodExtendedResourceClaimStatus.ResourceClaimName string
]);

pub(crate) static CONTAINER_EXTENDED_RESOURCE_REQUEST: Fields = Fields::new(&[
    ("containerName", Keep, 0), // ContainerExtendedResourceRequest.ContainerName string
    ("requestName", Keep, 2),   // ContainerExtendedResourceRequest.RequestName string
    ("resourceName", Keep, 1),  // ContainerExtendedResourceRequest.ResourceName string
]);

/// Each struct above by its Go name (the package's `v1.` left off), sorted for binary search:
/// how a template's typed value finds its layout (`go_json::Layout::kube`).
pub(crate) static BY_GO_NAME: &[(&str, &Fields)] = &[
    ("AWSElasticBlockStoreVolumeSource", &AWS_ELASTIC_BLOCK_STORE_VOLUME_SOURCE),
    ("Affinity", &AFFINITY),
    ("AppArmorProfile", &APP_ARMOR_PROFILE),
    ("AzureDiskVolumeSource", &AZURE_DISK_VOLUME_SOURCE),
    ("AzureFileVolumeSource", &AZURE_FILE_VOLUME_SOURCE),
    ("CSIVolumeSource", &CSI_VOLUME_SOURCE),
    ("Capabilities", &CAPABILITIES),
    ("CephFSVolumeSource", &CEPH_FS_VOLUME_SOURCE),
    ("CinderVolumeSource", &CINDER_VOLUME_SOURCE),
    ("ClusterTrustBundleProjection", &CLUSTER_TRUST_BUNDLE_PROJECTION),
    ("ConfigMapEnvSource", &CONFIG_MAP_ENV_SOURCE),
    ("ConfigMapKeySelector", &CONFIG_MAP_KEY_SELECTOR),
    ("ConfigMapProjection", &CONFIG_MAP_PROJECTION),
    ("ConfigMapVolumeSource", &CONFIG_MAP_VOLUME_SOURCE),
    ("Container", &CONTAINER),
    ("ContainerExtendedResourceRequest", &CONTAINER_EXTENDED_RESOURCE_REQUEST),
    ("ContainerPort", &CONTAINER_PORT),
    ("ContainerResizePolicy", &CONTAINER_RESIZE_POLICY),
    ("ContainerRestartRule", &CONTAINER_RESTART_RULE),
    ("ContainerRestartRuleOnExitCodes", &CONTAINER_RESTART_RULE_ON_EXIT_CODES),
    ("ContainerState", &CONTAINER_STATE),
    ("ContainerStateRunning", &CONTAINER_STATE_RUNNING),
    ("ContainerStateTerminated", &CONTAINER_STATE_TERMINATED),
    ("ContainerStateWaiting", &CONTAINER_STATE_WAITING),
    ("ContainerStatus", &CONTAINER_STATUS),
    ("ContainerUser", &CONTAINER_USER),
    ("DownwardAPIProjection", &DOWNWARD_API_PROJECTION),
    ("DownwardAPIVolumeFile", &DOWNWARD_API_VOLUME_FILE),
    ("DownwardAPIVolumeSource", &DOWNWARD_API_VOLUME_SOURCE),
    ("EmptyDirVolumeSource", &EMPTY_DIR_VOLUME_SOURCE),
    ("EnvFromSource", &ENV_FROM_SOURCE),
    ("EnvVar", &ENV_VAR),
    ("EnvVarSource", &ENV_VAR_SOURCE),
    ("EphemeralContainer", &EPHEMERAL_CONTAINER),
    ("EphemeralVolumeSource", &EPHEMERAL_VOLUME_SOURCE),
    ("ExecAction", &EXEC_ACTION),
    ("FCVolumeSource", &FC_VOLUME_SOURCE),
    ("FileKeySelector", &FILE_KEY_SELECTOR),
    ("FlexVolumeSource", &FLEX_VOLUME_SOURCE),
    ("FlockerVolumeSource", &FLOCKER_VOLUME_SOURCE),
    ("GCEPersistentDiskVolumeSource", &GCE_PERSISTENT_DISK_VOLUME_SOURCE),
    ("GRPCAction", &GRPC_ACTION),
    ("GitRepoVolumeSource", &GIT_REPO_VOLUME_SOURCE),
    ("GlusterfsVolumeSource", &GLUSTERFS_VOLUME_SOURCE),
    ("HTTPGetAction", &HTTP_GET_ACTION),
    ("HTTPHeader", &HTTP_HEADER),
    ("HostAlias", &HOST_ALIAS),
    ("HostIP", &HOST_IP),
    ("HostPathVolumeSource", &HOST_PATH_VOLUME_SOURCE),
    ("ISCSIVolumeSource", &ISCSI_VOLUME_SOURCE),
    ("ImageVolumeSource", &IMAGE_VOLUME_SOURCE),
    ("KeyToPath", &KEY_TO_PATH),
    ("LabelSelector", &LABEL_SELECTOR),
    ("LabelSelectorRequirement", &LABEL_SELECTOR_REQUIREMENT),
    ("Lifecycle", &LIFECYCLE),
    ("LifecycleHandler", &LIFECYCLE_HANDLER),
    ("LinuxContainerUser", &LINUX_CONTAINER_USER),
    ("LocalObjectReference", &LOCAL_OBJECT_REFERENCE),
    ("ManagedFieldsEntry", &MANAGED_FIELDS_ENTRY),
    ("NFSVolumeSource", &NFS_VOLUME_SOURCE),
    ("NodeAffinity", &NODE_AFFINITY),
    ("NodeSelector", &NODE_SELECTOR),
    ("NodeSelectorRequirement", &NODE_SELECTOR_REQUIREMENT),
    ("NodeSelectorTerm", &NODE_SELECTOR_TERM),
    ("ObjectFieldSelector", &OBJECT_FIELD_SELECTOR),
    ("ObjectMeta", &OBJECT_META),
    ("OwnerReference", &OWNER_REFERENCE),
    ("PersistentVolumeClaimSpec", &PERSISTENT_VOLUME_CLAIM_SPEC),
    ("PersistentVolumeClaimTemplate", &PERSISTENT_VOLUME_CLAIM_TEMPLATE),
    ("PersistentVolumeClaimVolumeSource", &PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE),
    ("PhotonPersistentDiskVolumeSource", &PHOTON_PERSISTENT_DISK_VOLUME_SOURCE),
    ("Pod", &POD),
    ("PodAffinity", &POD_AFFINITY),
    ("PodAffinityTerm", &POD_AFFINITY_TERM),
    ("PodAntiAffinity", &POD_ANTI_AFFINITY),
    ("PodCertificateProjection", &POD_CERTIFICATE_PROJECTION),
    ("PodCondition", &POD_CONDITION),
    ("PodDNSConfig", &POD_DNS_CONFIG),
    ("PodDNSConfigOption", &POD_DNS_CONFIG_OPTION),
    ("PodExtendedResourceClaimStatus", &POD_EXTENDED_RESOURCE_CLAIM_STATUS),
    ("PodIP", &POD_IP),
    ("PodOS", &POD_OS),
    ("PodReadinessGate", &POD_READINESS_GATE),
    ("PodResourceClaim", &POD_RESOURCE_CLAIM),
    ("PodResourceClaimStatus", &POD_RESOURCE_CLAIM_STATUS),
    ("PodSchedulingGate", &POD_SCHEDULING_GATE),
    ("PodSecurityContext", &POD_SECURITY_CONTEXT),
    ("PodSpec", &POD_SPEC),
    ("PodStatus", &POD_STATUS),
    ("PortworxVolumeSource", &PORTWORX_VOLUME_SOURCE),
    ("PreferredSchedulingTerm", &PREFERRED_SCHEDULING_TERM),
    ("Probe", &PROBE),
    ("ProjectedVolumeSource", &PROJECTED_VOLUME_SOURCE),
    ("QuobyteVolumeSource", &QUOBYTE_VOLUME_SOURCE),
    ("RBDVolumeSource", &RBD_VOLUME_SOURCE),
    ("ResourceClaim", &RESOURCE_CLAIM),
    ("ResourceFieldSelector", &RESOURCE_FIELD_SELECTOR),
    ("ResourceHealth", &RESOURCE_HEALTH),
    ("ResourceRequirements", &RESOURCE_REQUIREMENTS),
    ("ResourceStatus", &RESOURCE_STATUS),
    ("SELinuxOptions", &SE_LINUX_OPTIONS),
    ("ScaleIOVolumeSource", &SCALE_IO_VOLUME_SOURCE),
    ("SeccompProfile", &SECCOMP_PROFILE),
    ("SecretEnvSource", &SECRET_ENV_SOURCE),
    ("SecretKeySelector", &SECRET_KEY_SELECTOR),
    ("SecretProjection", &SECRET_PROJECTION),
    ("SecretVolumeSource", &SECRET_VOLUME_SOURCE),
    ("SecurityContext", &SECURITY_CONTEXT),
    ("ServiceAccountTokenProjection", &SERVICE_ACCOUNT_TOKEN_PROJECTION),
    ("SleepAction", &SLEEP_ACTION),
    ("StorageOSVolumeSource", &STORAGE_OS_VOLUME_SOURCE),
    ("Sysctl", &SYSCTL),
    ("TCPSocketAction", &TCP_SOCKET_ACTION),
    ("Toleration", &TOLERATION),
    ("TopologySpreadConstraint", &TOPOLOGY_SPREAD_CONSTRAINT),
    ("TypedLocalObjectReference", &TYPED_LOCAL_OBJECT_REFERENCE),
    ("TypedObjectReference", &TYPED_OBJECT_REFERENCE),
    ("Volume", &VOLUME),
    ("VolumeDevice", &VOLUME_DEVICE),
    ("VolumeMount", &VOLUME_MOUNT),
    ("VolumeMountStatus", &VOLUME_MOUNT_STATUS),
    ("VolumeProjection", &VOLUME_PROJECTION),
    ("VolumeResourceRequirements", &VOLUME_RESOURCE_REQUIREMENTS),
    ("VsphereVirtualDiskVolumeSource", &VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE),
    ("WeightedPodAffinityTerm", &WEIGHTED_POD_AFFINITY_TERM),
    ("WindowsSecurityContextOptions", &WINDOWS_SECURITY_CONTEXT_OPTIONS),
];
