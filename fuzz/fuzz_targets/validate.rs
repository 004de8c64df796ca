//! What `/validate` does with the object of a review: decode the JSON, validate it as its
//! kind with the rules of the oldest and the newest release needle answers as, word the verdict.
#![no_main]

use libfuzzer_sys::fuzz_target;
use needle::core::label::Labelled;
use needle::core::release::Release;
use needle::core::validate::validate_object;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(object) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    for release in [Release::new(28, 0), Release::NEWEST] {
        let verdict = validate_object(&object, release);
        let _ = (verdict.message(), verdict.label(), verdict.warnings());
    }
});
