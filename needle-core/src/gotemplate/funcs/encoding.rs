//! Sprig's encodings: base64, base32, JSON and the digests.

use super::digest::{adler32, sha1_hex, sha256_hex, sha512_hex};
use crate::compat::go_json;
use crate::gotemplate::value::{go_floats, invalid, strval, to_json, to_template};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use minijinja::value::Value as MjValue;
use minijinja::{Environment, Error};
use serde_json::Value;

const BASE32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// RFC 4648 base32 with padding, as Go's `base32.StdEncoding`.
fn b32enc(data: &[u8]) -> String {
    let mut out = String::new();
    for chunk in data.chunks(5) {
        let mut buf = [0u8; 5];
        buf[..chunk.len()].copy_from_slice(chunk);
        let bits = buf.iter().fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
        let chars = (chunk.len() * 8).div_ceil(5);
        for i in 0..8 {
            if i < chars {
                out.push(BASE32[((bits >> (35 - i * 5)) & 31) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn b32dec(text: &str) -> Result<Vec<u8>, usize> {
    let body = text.trim_end_matches('=');
    if !text.len().is_multiple_of(8) {
        return Err(text.len() / 8 * 8);
    }
    let mut out = vec![];
    let (mut bits, mut n) = (0u64, 0);
    for (i, c) in body.bytes().enumerate() {
        let v = BASE32.iter().position(|&b| b == c).ok_or(i)?;
        bits = (bits << 5) | v as u64;
        n += 5;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
        }
    }
    Ok(out)
}

/// Sprig's `toJson`: `json.Marshal` of the value.
fn json_text(v: &MjValue) -> String {
    go_json::marshal(&to_json(v))
}

fn from_json(s: &str) -> Result<MjValue, Error> {
    serde_json::from_str::<Value>(s)
        .map(|v| super::dicts::deep_copy(&to_template(go_floats(&v))))
        .map_err(|e| invalid(&e.to_string()))?
}

pub(super) fn register_encoding(env: &mut Environment<'static>) {
    env.add_function("gt_b64enc", |s: MjValue| STANDARD.encode(strval(&s)));
    // Sprig prints a decoding error as the result.
    env.add_function("gt_b64dec", |s: MjValue| {
        match STANDARD.decode(strval(&s)) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(base64::DecodeError::InvalidByte(at, _)) => {
                format!("illegal base64 data at input byte {at}")
            }
            Err(_) => format!(
                "illegal base64 data at input byte {}",
                strval(&s).len() / 4 * 4
            ),
        }
    });
    env.add_function("gt_b32enc", |s: MjValue| b32enc(strval(&s).as_bytes()));
    env.add_function("gt_b32dec", |s: MjValue| match b32dec(&strval(&s)) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(at) => format!("illegal base32 data at input byte {at}"),
    });
    for name in ["gt_toJson", "gt_mustToJson"] {
        env.add_function(name, |v: MjValue| json_text(&v));
    }
    for name in ["gt_toRawJson", "gt_mustToRawJson"] {
        env.add_function(name, |v: MjValue| {
            go_json::without_html_escapes(&json_text(&v))
        });
    }
    for name in ["gt_toPrettyJson", "gt_mustToPrettyJson"] {
        env.add_function(name, |v: MjValue| go_json::indent(&json_text(&v)));
    }
    // `fromJson` gives nil (an action prints `<no value>`) for text that is not JSON;
    // `mustFromJson` fails.
    env.add_function("gt_fromJson", |s: MjValue| {
        from_json(&strval(&s)).unwrap_or(MjValue::UNDEFINED)
    });
    env.add_function("gt_mustFromJson", |s: MjValue| from_json(&strval(&s)));
    env.add_function("gt_sha1sum", |s: MjValue| sha1_hex(strval(&s).as_bytes()));
    env.add_function("gt_sha256sum", |s: MjValue| {
        sha256_hex(strval(&s).as_bytes())
    });
    env.add_function("gt_sha512sum", |s: MjValue| {
        sha512_hex(strval(&s).as_bytes())
    });
    env.add_function("gt_adler32sum", |s: MjValue| {
        adler32(strval(&s).as_bytes()).to_string()
    });
}
