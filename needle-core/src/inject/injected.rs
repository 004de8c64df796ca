//! An injected pod as the admission hands it out: worked out here (the injected pod and the
//! pod before injection, the base of its patch), or an earlier replica's answer reused (its
//! patch, and this pod as the base to apply it to). The webhook sends the patch; kube-inject
//! and audit read the pod.

use crate::inject::native::Native;
use crate::inject::patch::{self, Patch};
use serde_json::Value;
use std::cell::OnceCell;
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct Injected {
    /// Native sidecars and why, as `admit` decided them before the injection.
    pub native_sidecars: Native,
    form: Form,
}

#[derive(Debug, Clone)]
enum Form {
    Built {
        /// The normalized pod before injection: the injection works on the pod's tree itself.
        base: patch::Base,
        pod: Value,
        /// Written on first use: the webhook sends it, kube-inject writes the pod itself.
        patch: OnceCell<Arc<Patch>>,
    },
    Reused {
        /// This pod, as the injection would have taken it (the base of the patch).
        base: Value,
        patch: Arc<Patch>,
    },
}

impl Injected {
    pub(crate) fn built(base: patch::Base, pod: Value, native_sidecars: Native) -> Self {
        let patch = OnceCell::new();
        let form = Form::Built { base, pod, patch };
        Self {
            native_sidecars,
            form,
        }
    }

    pub(crate) fn reused(base: Value, patch: Arc<Patch>, native_sidecars: Native) -> Self {
        Self {
            native_sidecars,
            form: Form::Reused { base, patch },
        }
    }

    /// Whether this answer is an earlier replica's.
    pub fn is_reused(&self) -> bool {
        matches!(self.form, Form::Reused { .. })
    }

    /// The JSON patch (text) from the original pod to the injected one.
    pub fn patch(&self) -> Arc<Patch> {
        match &self.form {
            Form::Built { base, pod, patch } => {
                Arc::clone(patch.get_or_init(|| Arc::new(Patch::new(patch::create(base, pod)))))
            }
            Form::Reused { patch, .. } => Arc::clone(patch),
        }
    }

    /// The injected pod. A reused answer is applied to this pod; that fails only if needle's
    /// cache key missed something the patch depends on (a bug), and then says so.
    pub fn into_pod(self) -> Result<Value, String> {
        match self.form {
            Form::Built { pod, .. } => Ok(pod),
            Form::Reused { mut base, patch } => {
                patch::apply(&mut base, &patch)
                    .map_err(|e| format!("a cached replica's patch does not fit the pod: {e}"))?;
                Ok(base)
            }
        }
    }
}
