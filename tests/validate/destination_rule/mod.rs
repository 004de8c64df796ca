//! Istio's validation tables for DestinationRule and the pieces it is made of (traffic
//! policies, connection pools, load balancing, outlier detection, client TLS, localities), and
//! for the helpers it shares with other kinds (wildcard domains, `exportTo`), ported from
//! `pkg/config/validation/validation_test.go`. Each table calls the needle validator matching
//! the Go function under test, with the Go struct literals in protobuf JSON form. A case needle
//! answers differently is listed, with the reason, in `tests/known_failures.txt` (suite
//! `validate`).

mod load_balancing;
mod resource;
mod traffic_policy;

use crate::common::validation::{Case, Check, Table, decode_message, named, validate_with};

use needle::core::validate::common::{self as vc, Exporter};

use needle::core::validate::destination_rule::{
    self as dr, load_balancer as lb, traffic_policy as tp,
};

use serde_json::json;

const DESTINATION_RULE: Check =
    |input, _, report| dr::validate(&named("foo", "bar"), input, report);

const TRAFFIC_POLICY: Check = |input, _, report| {
    if let Some(t) = decode_message::<tp::TrafficPolicy>(input)? {
        tp::validate_traffic_policy(report, &named("", ""), &t);
    }
    Ok(())
};

const CONNECTION_POOL: Check = |input, _, report| {
    tp::validate_connection_pool(
        report,
        decode_message::<tp::ConnectionPoolSettings>(input)?.as_ref(),
    );
    Ok(())
};

const LOAD_BALANCER: Check = |input, _, report| {
    lb::validate_load_balancer(
        report,
        decode_message::<lb::LoadBalancerSettings>(input)?.as_ref(),
        None,
        needle::core::release::Release::NEWEST,
    );
    Ok(())
};

const OUTLIER: Check = |input, _, report| {
    tp::validate_outlier_detection(
        report,
        decode_message::<tp::OutlierDetection>(input)?.as_ref(),
    );
    Ok(())
};

const CLIENT_TLS: Check = |input, _, report| {
    tp::validate_client_tls(
        report,
        "",
        decode_message::<tp::ClientTlsSettings>(input)?.as_ref(),
    );
    Ok(())
};

const LOCALITY_LB: Check = |input, aux, report| {
    let outlier = decode_message::<tp::OutlierDetection>(&aux["outlier"])?;
    if let Some(l) = decode_message::<lb::LocalityLbSetting>(input)? {
        lb::validate_locality_lb_setting(report, &l, outlier.as_ref());
    }
    Ok(())
};

const ZONE_AWARE_LB: Check = |input, aux, report| {
    let outlier = decode_message::<tp::OutlierDetection>(&aux["outlier"])?;
    if let Some(z) = decode_message::<lb::ZoneAwareLbSetting>(input)? {
        lb::validate_zone_aware_lb_setting(report, &z, outlier.as_ref());
    }
    Ok(())
};

const LOCALITIES: Check = |input, _, report| {
    let list = decode_message::<Vec<String>>(input)?.unwrap_or_default();
    let refs: Vec<&str> = list.iter().map(String::as_str).collect();
    report.check(lb::validate_localities(&refs));
    Ok(())
};

const WILDCARD_DOMAIN: Check = |input, _, report| {
    report.check(vc::validate_wildcard_domain(
        input.as_str().unwrap_or_default(),
    ));
    Ok(())
};

const EXPORT_TO: Check = |input, aux, report| {
    let list = decode_message::<Vec<String>>(input)?.unwrap_or_default();
    let namespace = aux["namespace"].as_str().unwrap_or_default();
    let flag = |name: &str| aux[name].as_bool().unwrap_or_default();
    let exporter = if flag("isServiceEntry") {
        Exporter::ServiceEntry
    } else if flag("isDestinationRuleWithSelector") {
        Exporter::DestinationRuleWithSelector
    } else {
        Exporter::Other
    };
    vc::validate_export_to(namespace, &list, exporter, report);
    Ok(())
};
