//! What `/validate` does with the object of a review: decode the JSON, validate it as its
//! kind, word the verdict.
#![no_main]

use libfuzzer_sys::fuzz_target;
use needle::core::label::Labelled;
use needle::core::validate::validate_object;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(object) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let verdict = validate_object(&object);
    let _ = (verdict.message(), verdict.label(), verdict.warnings());
});
