//! The operators' kit (`packaging/monitoring/`) queries only what the binary exports: every
//! metric its alert rules and its dashboard name is looked up in a real `/metrics`, after a
//! member has signed in and opened the home page (so that every upstream has been called).

use std::collections::BTreeSet;

use serde_json::Value;

use crate::demo_api_through_portal::portal_signed_in_as_marie_with;
use crate::fake_idp::FakeIdp;

/// Metrics Prometheus makes itself for every scrape target.
const PROMETHEUS_OWN: [&str; 1] = ["up"];

/// The names written right before a `{` in PromQL: the metrics a selector asks for (the kit
/// writes every selector with its braces, `up{job="espace-assure"}`, never bare).
fn selected_metrics(expression: &str) -> Vec<String> {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    let mut names = Vec::new();
    for (at, _) in expression.match_indices('{') {
        let before = &expression[..at];
        let start = before.rfind(|c: char| !is_name(c)).map_or(0, |index| index + 1);
        let name = &before[start..];
        if !name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit()) {
            names.push(name.to_owned());
        }
    }
    names
}

/// Every string under a key named `expr` or `query`, however deep.
fn expressions(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::Object(object) => {
            for (key, value) in object {
                match value {
                    Value::String(text) if key == "expr" || key == "query" => found.push(text.clone()),
                    other => expressions(other, found),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| expressions(item, found)),
        _ => {}
    }
}

fn kit_file(name: &str) -> String {
    let path = format!("{}/packaging/monitoring/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

/// The metric families of a `/metrics` text, by name, with their type.
fn families(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|line| line.strip_prefix("# TYPE "))
        .filter_map(|rest| rest.split_once(' '))
        .map(|(name, kind)| (name.to_owned(), kind.to_owned()))
        .collect()
}

/// Whether `name` is a series of one of `families`: the family itself, or a histogram's
/// `_bucket`, `_sum` or `_count`.
fn is_exported(name: &str, families: &[(String, String)]) -> bool {
    families.iter().any(|(family, kind)| {
        family == name
            || (kind == "histogram"
                && ["_bucket", "_sum", "_count"]
                    .iter()
                    .any(|suffix| name.strip_suffix(suffix) == Some(family.as_str())))
    })
}

#[test]
fn selectors_are_read_from_promql() {
    assert_eq!(
        selected_metrics(
            r#"sum by (upstream) (rate(upstream_errors_total{job="espace-assure"}[5m])) / on() up{job="x"}"#
        ),
        ["upstream_errors_total", "up"]
    );
    assert!(
        selected_metrics(r#"label_values(build_info{job="a"}, instance) ${datasource}"#) == ["build_info"]
    );
}

#[tokio::test]
async fn the_alert_rules_and_the_dashboard_query_only_exported_metrics() {
    let idp = FakeIdp::start().await;
    // The upstreams' probes on, as in production: `upstream_up` has a series once one is done.
    let (app, _) =
        portal_signed_in_as_marie_with(&idp, |settings| settings.server.upstream_probe_secs = 15).await;
    assert_eq!(app.get("/api/home", &[]).await.status(), 200);
    let mut exported = families(&app.metrics().await);
    for _ in 0..100 {
        if exported.iter().any(|(name, _)| name == "upstream_up") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        exported = families(&app.metrics().await);
    }

    let rules: Value = serde_norway::from_str(&kit_file("alerts.yml")).expect("alerts.yml is YAML");
    let dashboard: Value = serde_json::from_str(&kit_file("dashboard.json")).expect("dashboard.json is JSON");
    for (file, document, at_least) in [("alerts.yml", &rules, 6), ("dashboard.json", &dashboard, 12)] {
        let mut found = Vec::new();
        expressions(document, &mut found);
        let named: BTreeSet<String> =
            found.iter().flat_map(|expression| selected_metrics(expression)).collect();
        assert!(named.len() >= at_least, "{file} names only {named:?}");
        let unknown: Vec<&String> = named
            .iter()
            .filter(|name| !PROMETHEUS_OWN.contains(&name.as_str()) && !is_exported(name, &exported))
            .collect();
        assert!(unknown.is_empty(), "{file} queries metrics the binary does not export: {unknown:?}");
    }
}
