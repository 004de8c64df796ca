//! Load balancing: the balancer, locality and zone-aware balancing, localities.

use super::*;

#[test]
fn dr_load_balancer() {
    let cases = vec![
        Case {
            name: "valid load balancer with simple load balancing",
            input: json!({"simple": "ROUND_ROBIN"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid load balancer with consistentHash load balancing",
            input: json!({"consistentHash": {"httpCookie": {"name": "test", "ttl": "3600s"}, "minimumRingSize": "1024"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid load balancer with consistentHash load balancing, missing name",
            input: json!({"consistentHash": {"httpCookie": {"ttl": "3600s"}, "minimumRingSize": "1024"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid load balancer with consistentHash load balancing, maglev not prime",
            input: json!({"consistentHash": {"maglev": {"tableSize": "1000"}}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid load balancer with consistentHash load balancing and unique cookie attributes",
            input: json!({"consistentHash": {"httpCookie": {"attributes": [{"name": "SameSite", "value": "Strict"}, {"name": "Secure", "value": "true"}, {"name": "HttpOnly", "value": "true"}], "name": "test-cookie", "ttl": "3600s"}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid load balancer with consistentHash load balancing and duplicate cookie attribute names",
            input: json!({"consistentHash": {"httpCookie": {"attributes": [{"name": "SameSite", "value": "Strict"}, {"name": "SameSite", "value": "Lax"}, {"name": "Secure", "value": "true"}], "name": "test-cookie", "ttl": "3600s"}}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid load balancer with consistentHash load balancing and empty cookie attribute name",
            input: json!({"consistentHash": {"httpCookie": {"attributes": [{"name": "SameSite", "value": "Strict"}, {"value": "some-value"}, {"name": "Secure", "value": "true"}], "name": "test-cookie", "ttl": "3600s"}}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid: localityLbSetting and zoneAwareLbSetting both set",
            input: json!({"localityLbSetting": {}, "zoneAwareLbSetting": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid: zoneAwareLbSetting only",
            input: json!({"zoneAwareLbSetting": {"failover": [{"from": "us-east", "to": "eu-west"}]}}),
            valid: true,
            ..Case::default()
        },
    ];
    Table::new("TestValidateLoadBalancer")
        .ignoring_warnings()
        .run_check(&cases, LOAD_BALANCER);
}

#[test]
fn dr_locality_lb() {
    let cases = vec![
        Case {
            name: "valid mesh config without LocalityLoadBalancerSetting",
            input: json!(null),
            aux: json!({"outlier": null}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting_Distribute total weight > 100",
            input: json!({"distribute": [{"from": "a/b/c", "to": {"a/b/c": 80, "a/b1": 25}}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting_Distribute total weight < 100",
            input: json!({"distribute": [{"from": "a/b/c", "to": {"a/b/c": 80, "a/b1": 15}}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting_Distribute weight = 0",
            input: json!({"distribute": [{"from": "a/b/c", "to": {"a/b/c": 0, "a/b1": 100}}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting specify both distribute and failover",
            input: json!({"distribute": [{"from": "a/b/c", "to": {"a/b/c": 80, "a/b1": 20}}], "failover": [{"from": "region1", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid failover src and dst have same region",
            input: json!({"failover": [{"from": "region1", "to": "region1"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid failover src contain '*' wildcard",
            input: json!({"failover": [{"from": "*", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid failover dst contain '*' wildcard",
            input: json!({"failover": [{"from": "region1", "to": "*"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid failover src contain '/' separator",
            input: json!({"failover": [{"from": "region1/zone1", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid failover dst contain '/' separator",
            input: json!({"failover": [{"from": "region1", "to": "region2/zone1"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failover priority provided without outlier detection policy",
            input: json!({"failoverPriority": ["topology.istio.io/network", "topology.kubernetes.io/region", "topology.kubernetes.io/zone", "topology.istio.io/subzone"]}),
            aux: json!({"outlier": null}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "failover provided without outlier detection policy",
            input: json!({"failover": [{"from": "us-east", "to": "eu-west"}, {"from": "us-west", "to": "eu-east"}]}),
            aux: json!({"outlier": null}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting specify both failoverPriority and region in failover",
            input: json!({"failover": [{"from": "region1", "to": "region2"}], "failoverPriority": ["topology.kubernetes.io/region"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateLocalityLbSetting").run_check(&cases, LOCALITY_LB);
}

#[test]
fn dr_zone_aware_lb() {
    let cases = vec![
        Case {
            name: "nil setting is valid",
            input: json!(null),
            aux: json!({"outlier": null}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "enabled only is valid",
            input: json!({"enabled": true}),
            aux: json!({"outlier": {}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid region-level failover",
            input: json!({"failover": [{"from": "us-east", "to": "eu-west"}]}),
            aux: json!({"outlier": {}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "failover same src and dst region",
            input: json!({"failover": [{"from": "region1", "to": "region1"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failover src has '/' (zone scope) is rejected",
            input: json!({"failover": [{"from": "region1/zone1", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failover dst has '/' (zone scope) is rejected",
            input: json!({"failover": [{"from": "region1", "to": "region2/zone1"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failover src has '*' wildcard is rejected",
            input: json!({"failover": [{"from": "*", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failover dst has '*' wildcard is rejected",
            input: json!({"failover": [{"from": "region1", "to": "*"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failover and failoverPriority both set with topology region",
            input: json!({"failover": [{"from": "region1", "to": "region2"}], "failoverPriority": ["topology.kubernetes.io/region"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failoverPriority with region label is rejected",
            input: json!({"failoverPriority": ["topology.kubernetes.io/region"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failoverPriority with zone label is rejected",
            input: json!({"failoverPriority": ["topology.kubernetes.io/zone"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failoverPriority with subzone label is rejected",
            input: json!({"failoverPriority": ["topology.istio.io/subzone"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failoverPriority with non-topology labels is valid",
            input: json!({"failoverPriority": ["version", "app=ratings"]}),
            aux: json!({"outlier": {}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "failover without outlier detection warns",
            input: json!({"failover": [{"from": "us-east", "to": "eu-west"}]}),
            aux: json!({"outlier": null}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "failoverPriority without outlier detection warns",
            input: json!({"failoverPriority": ["version"]}),
            aux: json!({"outlier": null}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
    ];
    Table::new("TestValidateZoneAwareLbSetting").run_check(&cases, ZONE_AWARE_LB);
}

#[test]
fn dr_localities() {
    let cases = vec![
        Case {
            name: "multi wildcard locality",
            input: json!(["*/zone/*"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "wildcard not in suffix",
            input: json!(["*/zone"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "explicit wildcard region overlap",
            input: json!(["*", "a/b/c"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "implicit wildcard region overlap",
            input: json!(["a", "a/b/c"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "explicit wildcard zone overlap",
            input: json!(["a/*", "a/b/c"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "implicit wildcard zone overlap",
            input: json!(["a/b", "a/b/c"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "explicit wildcard subzone overlap",
            input: json!(["a/b/*", "a/b/c"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "implicit wildcard subzone overlap",
            input: json!(["a/b", "a/b/c"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid localities",
            input: json!(["a1/*", "a2/*", "a3/b3/c3", "a4/b4", "a5/b5/*"]),
            valid: true,
            ..Case::default()
        },
    ];
    Table::new("TestValidateLocalities")
        .ignoring_warnings()
        .run_check(&cases, LOCALITIES);
}
