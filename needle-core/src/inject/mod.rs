//! Injection: `admit` decides for a pod and runs the pipeline (`pipeline`: render the selected
//! templates, merge them into the pod, post-process as Istio does); the other modules are the
//! pipeline's steps; `webhooks` judges which injection webhooks would send a pod to an
//! injector at all as istioctl's check-inject does, `webhook_call` as the apiserver does.
pub mod admit;
pub mod annotations;
pub mod context;
pub mod frozen;
pub mod funcs;
pub mod images;
pub mod injected;
pub mod json_view;
pub mod merge;
pub mod native;
pub mod openshift;
pub mod patch;
pub mod pipeline;
pub mod pod;
pub mod probes;
pub mod prometheus;
pub mod release_flags;
pub mod render;
pub mod replicas;
pub mod select;
pub mod snapshot;
pub mod template_check;
pub mod vars;
pub mod webhook_call;
pub mod webhooks;
pub mod workload;

pub use admit::{Caller, Reinjection};
pub use pipeline::{InjectError, Injected};
pub use snapshot::Snapshot;
