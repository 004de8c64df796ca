//! istioctl's check-inject tables: the webhook configurations of the corpus and of the chart, by revision and tags.

use super::*;

#[test]
fn matrix_default_revision() {
    run_matrix(&matrix::DEFAULT);
}

#[test]
fn matrix_canary_revision() {
    run_matrix(&matrix::CANARY);
}

#[test]
fn matrix_default_revision_with_tags() {
    run_matrix(&matrix::TAGS);
}

#[test]
fn matrix_canary_revision_with_tags() {
    run_matrix(&matrix::CANARY_TAGS);
}

#[test]
fn matrix_chart_default_revision() {
    run_matrix_on_chart(&matrix::DEFAULT);
}

#[test]
fn matrix_chart_canary_revision() {
    run_matrix_on_chart(&matrix::CANARY);
}

#[test]
fn matrix_chart_default_revision_with_tags() {
    run_matrix_on_chart(&matrix::TAGS);
}

#[test]
fn matrix_chart_canary_revision_with_tags() {
    run_matrix_on_chart(&matrix::CANARY_TAGS);
}
