//! Fault injection: aborts, delays and the HTTP status codes an abort may return.

use super::*;

const HTTP_STATUS: Check = |input, _, report| {
    report.check(hp::validate_http_status(input.as_i64().unwrap_or_default()));
    Ok(())
};

const ABORT: Check = |input, _, report| {
    if let Some(a) = decode_message::<hp::Abort>(input)? {
        hp::validate_abort(report, &a);
    }
    Ok(())
};

const DELAY: Check = |input, _, report| {
    if let Some(d) = decode_message::<hp::Delay>(input)? {
        hp::validate_delay(report, &d);
    }
    Ok(())
};

#[test]
fn vs_http_status() {
    let cases = vec![
        Case {
            name: "-100",
            input: json!(-100),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "0",
            input: json!(0),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "200",
            input: json!(200),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "600",
            input: json!(600),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "601",
            input: json!(601),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateHTTPStatus")
        .ignoring_warnings()
        .run_check(&cases, HTTP_STATUS);
}

#[test]
fn vs_fault_abort() {
    let cases = vec![
        Case {
            name: "nil",
            input: json!(null),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid",
            input: json!({"httpStatus": 200, "percentage": {"value": 20}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid default",
            input: json!({"httpStatus": 200}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid http status",
            input: json!({"httpStatus": 9000, "percentage": {"value": 20}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid low http status",
            input: json!({"httpStatus": 100, "percentage": {"value": 20}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid percentage",
            input: json!({"httpStatus": 200, "percentage": {"value": 0.001}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid fractional percent",
            input: json!({"httpStatus": 200, "percentage": {"value": -10}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "grpc: nil",
            input: json!(null),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "grpc: valid",
            input: json!({"grpcStatus": "DEADLINE_EXCEEDED", "percentage": {"value": 20}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "grpc: valid default percentage",
            input: json!({"grpcStatus": "DEADLINE_EXCEEDED"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "grpc: invalid status",
            input: json!({"grpcStatus": "BAD_STATUS", "percentage": {"value": 20}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "grpc: valid percentage",
            input: json!({"grpcStatus": "INTERNAL", "percentage": {"value": 0.001}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "grpc: invalid fractional percent",
            input: json!({"grpcStatus": "DEADLINE_EXCEEDED", "percentage": {"value": -10}}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateHTTPFaultInjectionAbort")
        .ignoring_warnings()
        .run_check(&cases, ABORT);
}

#[test]
fn vs_fault_delay() {
    let cases = vec![
        Case {
            name: "nil",
            input: json!(null),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid fixed",
            input: json!({"fixedDelay": "3s", "percentage": {"value": 20}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid default",
            input: json!({"fixedDelay": "3s"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid percent",
            input: json!({"fixedDelay": "3s", "percentage": {"value": 101}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid delay",
            input: json!({"fixedDelay": "3.000000042s", "percentage": {"value": 20}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid fractional percentage",
            input: json!({"fixedDelay": "3s", "percentage": {"value": 0.001}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid fractional percentage",
            input: json!({"fixedDelay": "3s", "percentage": {"value": -10}}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateHTTPFaultInjectionDelay")
        .ignoring_warnings()
        .run_check(&cases, DELAY);
}
