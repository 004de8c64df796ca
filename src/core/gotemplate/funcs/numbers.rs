//! Sprig's integer functions (Sprig converts operands to int64).

use crate::core::gotemplate::value::{int_arg, invalid};
use minijinja::value::{Rest, Value as MjValue};
use minijinja::{Environment, Error};

pub(super) fn register_numbers(env: &mut Environment<'static>) {
    env.add_function("gt_int", |v: MjValue| int_arg(&v).unwrap_or(0));
    env.add_function("gt_int64", |v: MjValue| int_arg(&v).unwrap_or(0));
    env.add_function("gt_add", |args: Rest<MjValue>| -> Result<i64, Error> {
        args.iter()
            .try_fold(0i64, |acc, a| Ok(acc.wrapping_add(int_arg(a)?)))
    });
    env.add_function("gt_sub", checked(i64::checked_sub));
    env.add_function("gt_mul", checked(i64::checked_mul));
    env.add_function("gt_div", checked(i64::checked_div));
    env.add_function("gt_mod", checked(i64::checked_rem));
}

/// A binary operation that fails the render where Go would panic or wrap.
fn checked(
    op: fn(i64, i64) -> Option<i64>,
) -> impl Fn(MjValue, MjValue) -> Result<i64, Error> + Send + Sync + 'static {
    move |a: MjValue, b: MjValue| {
        op(int_arg(&a)?, int_arg(&b)?)
            .ok_or_else(|| invalid("integer overflow or division by zero"))
    }
}
