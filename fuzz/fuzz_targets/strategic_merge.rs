//! Strategic merge of two JSON values (the input is two JSON texts one after the other:
//! the original pod, then the patch), with the Pod schema's merge keys.
#![no_main]

use libfuzzer_sys::fuzz_target;
use needle::core::inject::merge::{Schema, strategic_merge};
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let mut values = serde_json::Deserializer::from_slice(data).into_iter::<Value>();
    let (Some(Ok(original)), Some(Ok(patch))) = (values.next(), values.next()) else {
        return;
    };
    let _ = strategic_merge(&original, &patch, Schema::POD);
});
