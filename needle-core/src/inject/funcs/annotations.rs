//! Istio's `annotation` and `isset`.

use crate::compat::gofmt::Numbers;
use crate::gotemplate::value::sprint_value;
use minijinja::value::{Value as MjValue, ValueKind};

/// `annotation`: the pod's annotation when it has it, else Go's `fmt.Sprint` of the default,
/// its numbers printed as the template kind's data holds them.
pub(super) fn annotation(found: Option<MjValue>, default: MjValue, numbers: Numbers) -> MjValue {
    found.unwrap_or_else(|| sprint_value(default, numbers))
}

/// `isset`: whether the map has the key.
pub(super) fn isset(map: &MjValue, key: &str) -> bool {
    map.kind() == ValueKind::Map && map.get_attr(key).is_ok_and(|v| !v.is_undefined())
}
