//! The body of an `/inject` or `/validate` request: decoded as an AdmissionReview, answered.
#![no_main]

use libfuzzer_sys::fuzz_target;
use needle::server::review::{Answer, decode, respond, undecodable};

fuzz_target!(|body: &[u8]| {
    match decode(body) {
        Ok(req) => {
            respond(&req.api_version, &req.uid, &Answer::Allow, &[]);
        }
        Err(e) => {
            undecodable(&e.to_string());
        }
    }
});
