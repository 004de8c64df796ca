//! Sprig's random functions: `randAlphaNum`, `randAlpha`, `randAscii`, `randNumeric`,
//! `randBytes`, `randInt`, `shuffle`, `uuidv4`. Output of the shape Sprig gives; the bits
//! come from std's per-process random hashing keys, not a cryptographic generator (needle's
//! templates have no use for secrets).

use crate::gotemplate::value::{int_arg, invalid, strval};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use minijinja::value::Value as MjValue;
use minijinja::{Environment, Error};
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

/// The most characters or bytes one call may ask for.
const MAX_RANDOM_LEN: i64 = 1 << 20;

fn random_u64() -> u64 {
    crate::volatile::mark();
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(CALLS.fetch_add(1, Ordering::Relaxed));
    h.finish()
}

fn below(n: usize) -> usize {
    (random_u64() % n as u64) as usize
}

fn count(n: &MjValue) -> Result<usize, Error> {
    let n = int_arg(n)?;
    if !(0..=MAX_RANDOM_LEN).contains(&n) {
        return Err(invalid(&format!(
            "a random length of {n}: needle allows 0 to {MAX_RANDOM_LEN}"
        )));
    }
    Ok(n as usize)
}

fn random_from(alphabet: &'static str) -> impl Fn(MjValue) -> Result<String, Error> {
    move |n: MjValue| {
        let chars: Vec<char> = alphabet.chars().collect();
        Ok((0..count(&n)?).map(|_| chars[below(chars.len())]).collect())
    }
}

const LETTERS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS: &str = "0123456789";

pub(super) fn register_random(env: &mut Environment<'static>) {
    env.add_function(
        "gt_randAlphaNum",
        random_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
    );
    env.add_function("gt_randAlpha", random_from(LETTERS));
    env.add_function("gt_randNumeric", random_from(DIGITS));
    // Printable ASCII, space to tilde.
    env.add_function(
        "gt_randAscii",
        random_from(
            " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~",
        ),
    );
    env.add_function("gt_randBytes", |n: MjValue| -> Result<String, Error> {
        let bytes: Vec<u8> = (0..count(&n)?).map(|_| random_u64() as u8).collect();
        Ok(STANDARD.encode(bytes))
    });
    env.add_function(
        "gt_randInt",
        |min: MjValue, max: MjValue| -> Result<i64, Error> {
            let (lo, hi) = (int_arg(&min)?, int_arg(&max)?);
            if hi <= lo {
                return Err(invalid("invalid argument to Intn"));
            }
            let span = (i128::from(hi) - i128::from(lo)) as u128;
            Ok((i128::from(lo) + (u128::from(random_u64()) % span) as i128) as i64)
        },
    );
    env.add_function("gt_shuffle", |s: MjValue| {
        let mut chars: Vec<char> = strval(&s).chars().collect();
        for i in (1..chars.len()).rev() {
            chars.swap(i, below(i + 1));
        }
        chars.into_iter().collect::<String>()
    });
    env.add_function("gt_uuidv4", uuidv4);
}

/// A version 4 (random) UUID in its 8-4-4-4-12 hex form.
fn uuidv4() -> String {
    let mut b = [0u8; 16];
    b[..8].copy_from_slice(&random_u64().to_le_bytes());
    b[8..].copy_from_slice(&random_u64().to_le_bytes());
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}
