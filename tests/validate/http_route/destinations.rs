//! A route's destinations: the destination itself and the weights over several.

use super::*;

const DESTINATION: Check = |input, _, report| {
    if let Some(d) = decode_message::<hr::Destination>(input)? {
        hr::validate_destination(report, &d);
    }
    Ok(())
};

const ROUTE_DESTINATIONS: Check = |input, _, report| {
    let routes = decode_message::<Vec<Option<vs::RouteDestination>>>(input)?.unwrap_or_default();
    vs::validate_route_destinations(report, &routes, false);
    Ok(())
};

#[test]
fn vs_destination() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "simple",
            input: json!({"host": "foo.bar"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "full",
            input: json!({"host": "foo.bar", "port": {"number": 5000}, "subset": "shiny"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "unnumbered-selector",
            input: json!({"host": "foo.bar", "port": {}, "subset": "shiny"}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateDestination")
        .ignoring_warnings()
        .run_check(&cases, DESTINATION);
}

#[test]
fn vs_route_destination() {
    let cases = vec![
        Case {
            name: "simple",
            input: json!([{"destination": {"host": "foo.baz"}}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard dash",
            input: json!([{"destination": {"host": "*-foo.baz"}}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard prefix",
            input: json!([{"destination": {"host": "*foo.baz"}}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard",
            input: json!([{"destination": {"host": "*"}}]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "bad wildcard",
            input: json!([{"destination": {"host": "foo.*"}}]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "bad fqdn",
            input: json!([{"destination": {"host": "default/baz"}}]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "no destination",
            input: json!([{}]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "weighted",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 25}, {"destination": {"host": "foo.baz.east"}, "weight": 75}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "weight < 0",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 5}, {"destination": {"host": "foo.baz.east"}, "weight": -1}]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "total weight > 100",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 550}, {"destination": {"host": "foo.baz.east"}, "weight": 500}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "total weight < 100",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 49}, {"destination": {"host": "foo.baz.east"}, "weight": 50}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "total weight = 100",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 100}, {"destination": {"host": "foo.baz.east"}}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "weight = 0",
            input: json!([{"destination": {"host": "foo.baz.south"}}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "total weight = 0 with multi RouteDestination",
            input: json!([{"destination": {"host": "foo.baz.south"}}, {"destination": {"host": "foo.baz.east"}}]),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateRouteDestination")
        .ignoring_warnings()
        .run_check(&cases, ROUTE_DESTINATIONS);
}
