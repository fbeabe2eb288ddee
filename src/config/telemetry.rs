//! `[telemetry]`: the traces the portal sends to the mutual's OpenTelemetry collector. Off
//! unless `otlp_endpoint` is set.

use std::path::PathBuf;

use serde::Deserialize;
use url::Url;

use super::problems::Problems;
use crate::tls::TlsFiles;

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TelemetrySettings {
    /// The collector's OTLP/HTTP traces address (`http://collector:4318/v1/traces`): spans
    /// are sent there in protobuf, in batches. Without one, no trace is made or sent.
    pub otlp_endpoint: Option<Url>,
    /// `service.name` of every span.
    pub service_name: String,
    /// The share of the traces started here that are kept, from 0 to 1. A trace started by a
    /// trusted proxy (its `traceparent`) keeps the proxy's choice.
    pub sampling_ratio: f64,
    /// The collector's authority, when the machine's and webpki's roots do not certify it.
    pub ca_file: Option<PathBuf>,
    /// A client certificate (PEM) the collector asks for, with its key.
    pub client_cert_file: Option<PathBuf>,
    pub client_key_file: Option<PathBuf>,
}

impl Default for TelemetrySettings {
    fn default() -> Self {
        Self {
            otlp_endpoint: None,
            service_name: "espace-assure".to_owned(),
            sampling_ratio: 1.0,
            ca_file: None,
            client_cert_file: None,
            client_key_file: None,
        }
    }
}

impl TelemetrySettings {
    pub fn tls(&self) -> TlsFiles<'_> {
        TlsFiles {
            ca_file: self.ca_file.as_deref(),
            client_cert_file: self.client_cert_file.as_deref(),
            client_key_file: self.client_key_file.as_deref(),
        }
    }

    pub(super) fn validate(&self, problems: &mut Problems) {
        if let Some(url) = self.otlp_endpoint.as_ref().filter(|url| !matches!(url.scheme(), "http" | "https"))
        {
            problems.add("telemetry.otlp_endpoint", format!("\"{url}\": an http:// or https:// address"));
        }
        if !(0.0..=1.0).contains(&self.sampling_ratio) {
            problems.add("telemetry.sampling_ratio", "from 0 to 1");
        }
        if self.service_name.trim().is_empty() {
            problems.add("telemetry.service_name", "must not be empty");
        }
        if self.otlp_endpoint.is_some() {
            problems.tls("telemetry.", self.tls());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(settings: &TelemetrySettings) -> Vec<String> {
        let mut problems = Problems::default();
        settings.validate(&mut problems);
        problems.0
    }

    #[test]
    fn off_by_default_and_valid() {
        let settings = TelemetrySettings::default();
        assert!(settings.otlp_endpoint.is_none());
        assert!(problems(&settings).is_empty());
    }

    #[test]
    fn a_ratio_outside_zero_to_one_and_a_strange_scheme_are_refused() {
        let settings = TelemetrySettings {
            otlp_endpoint: Some("grpc://collector:4317".parse().unwrap()),
            sampling_ratio: 1.5,
            service_name: " ".to_owned(),
            ..TelemetrySettings::default()
        };
        assert_eq!(
            problems(&settings),
            [
                "telemetry.otlp_endpoint: \"grpc://collector:4317\": an http:// or https:// address",
                "telemetry.sampling_ratio: from 0 to 1",
                "telemetry.service_name: must not be empty",
            ]
        );
    }
}
