//! Typed settings: a TOML file (`config.example.toml` documents every key) overridden by
//! environment variables `ESPACE_ASSURE__SECTION__KEY`, then validated as a whole so that an
//! operator learns every mistake at start-up, each with the key it concerns.

mod audit;
mod brand;
mod captcha;
mod demo;
mod limits;
mod mail;
mod oidc;
mod outbound;
mod paiement;
mod problems;
mod secrets;
mod security_txt;
mod server;
mod session;
mod settings;
mod telemetry;
mod upstream;
mod wallet;

pub use audit::AuditSettings;
pub use brand::{AccessibiliteSettings, BrandSettings, ETATS_ACCESSIBILITE, MediateurSettings, logo_type};
pub use captcha::{CAPTCHA_MAX_EXPIRES_SECS, CaptchaProvider, CaptchaSettings};
pub use demo::DemoSettings;
pub use limits::LimitsSettings;
pub use mail::{MailSettings, MailTransport};
pub use oidc::{ClientAuth, OidcSettings, PushedAuthorization, SIGNING_ALGORITHMS};
pub use outbound::OutboundSettings;
pub use paiement::{PaiementMode, PaiementSettings};
pub use problems::{ConfigError, is_loopback};
pub use security_txt::SecurityTxtSettings;
pub use server::{LogFormat, ServerSettings};
pub use session::{SessionSettings, SessionStoreKind};
pub use settings::Settings;
pub use telemetry::TelemetrySettings;
pub use upstream::{ApiUpstream, CmsKind, CmsUpstream, UpstreamSettings};
pub use wallet::{AppleWalletSettings, GoogleWalletSettings, WalletSettings};

use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};

use problems::Problems;

/// Environment prefix of the overrides: `ESPACE_ASSURE__SERVER__LISTEN` sets `server.listen`.
pub const ENV_PREFIX: &str = "ESPACE_ASSURE__";

impl Settings {
    /// Loads `file` (demo mode when `None`), applies the environment overrides, reads the
    /// secrets given as files (systemd's `$CREDENTIALS_DIRECTORY` among them) and validates.
    pub fn load(file: Option<&Path>) -> Result<Self, ConfigError> {
        let credentials = std::env::var_os("CREDENTIALS_DIRECTORY").map(PathBuf::from);
        Self::load_with(file, Env::prefixed(ENV_PREFIX).split("__"), credentials.as_deref())
    }

    fn load_with(file: Option<&Path>, env: Env, credentials: Option<&Path>) -> Result<Self, ConfigError> {
        let mut figment = Figment::new();
        match file {
            Some(path) => {
                if !path.is_file() {
                    return Err(ConfigError::one(format!("{}: no such configuration file", path.display())));
                }
                figment = figment.merge(Toml::file_exact(path));
            }
            // No file: the one-command demo, every upstream embedded.
            None => figment = figment.merge(Serialized::default("demo.enabled", true)),
        }
        let (settings, mut problems) = extract_every_problem(figment.merge(env));
        let Some(mut settings) = settings else { return Err(ConfigError { problems: problems.0 }) };
        let unreadable = problems.0.len();
        secrets::read_files(&mut settings, credentials, &mut problems);
        // A secret that could not be read would be reported missing once more.
        if problems.0.len() == unreadable
            && let Err(invalid) = settings.validate()
        {
            problems.0.extend(invalid.problems);
        }
        if problems.0.is_empty() { Ok(settings) } else { Err(ConfigError { problems: problems.0 }) }
    }
}

/// Most keys a file can hold wrong and still be read to its end (each one set aside is one
/// more extraction); past them, the problems found so far are reported.
const PROBLEMS_GATHERED_MAX: usize = 64;

/// The settings and every problem of the data, so that an operator fixes a file in one pass:
/// serde stops at the first unknown key or wrong type, so each key in fault is reported, set
/// aside (its default takes its place) and the rest read again. `None` when a problem could
/// not be set aside, such as a section that is not a table.
fn extract_every_problem(figment: Figment) -> (Option<Settings>, Problems) {
    let mut problems = Problems::default();
    let mut figment = figment;
    while problems.0.len() < PROBLEMS_GATHERED_MAX {
        let errors = match figment.extract::<Settings>() {
            Ok(settings) => return (Some(settings), problems),
            Err(errors) => errors,
        };
        let mut data = figment.extract::<figment::value::Dict>().ok();
        let mut set_aside = false;
        for error in errors {
            // The path names the key in fault, an unknown one included.
            if let Some(data) = &mut data {
                set_aside |= remove_key(data, &error.path);
            }
            problems.0.push(describe_figment_error(error));
        }
        let Some(data) = data.filter(|_| set_aside) else { break };
        figment = Figment::from(Serialized::defaults(data));
    }
    (None, problems)
}

/// Removes the value at `key` (a path of table names) from `data`; whether there was one.
fn remove_key(data: &mut figment::value::Dict, key: &[String]) -> bool {
    match key {
        [] => false,
        [last] => data.remove(last).is_some(),
        [table, rest @ ..] => match data.get_mut(table) {
            Some(figment::value::Value::Dict(_, inner)) => remove_key(inner, rest),
            _ => false,
        },
    }
}

fn describe_figment_error(error: figment::Error) -> String {
    let key = error.path.join(".");
    let source =
        error.metadata.as_ref().map(|metadata| format!(" (from {})", metadata.name)).unwrap_or_default();
    if key.is_empty() { format!("{}{source}", error.kind) } else { format!("{key}: {}{source}", error.kind) }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use secrecy::ExposeSecret;

    use super::brand::check_logo;
    use super::*;

    fn no_env() -> Env {
        Env::prefixed("ESPACE_ASSURE_TEST_UNUSED__").split("__")
    }

    fn load_toml(text: &str) -> Result<Settings, ConfigError> {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(text.as_bytes()).unwrap();
        Settings::load_with(Some(file.path()), no_env(), None)
    }

    fn problems(result: Result<Settings, ConfigError>) -> String {
        result.expect_err("configuration should be refused").to_string()
    }

    #[test]
    fn no_file_means_demo_mode_with_every_upstream_embedded() {
        let settings = Settings::load_with(None, no_env(), None).unwrap();
        assert!(settings.demo.idp_on() && settings.demo.api_on() && settings.demo.cms_on());
        assert_eq!(settings.server.listen.to_string(), "127.0.0.1:8080");
    }

    #[test]
    fn every_problem_of_a_file_is_listed_at_once_unknown_keys_included() {
        let file = "[server]\nlisen = \"0.0.0.0:8080\"\n\n[session]\nidle_timeout_secs = \"long\"\nstore = \"redis\"\nredis_url = \"redis://127.0.0.1/0\"\n\n[brand]\ncolour = \"red\"\n";
        let message = problems(load_toml(file));
        for expected in [
            "server.lisen: unknown field",
            "session.idle_timeout_secs: invalid type",
            "brand.colour: unknown field",
            "session.encryption_keys: required when session.store = \"redis\"",
        ] {
            assert!(message.contains(expected), "{expected} in {message}");
        }
    }

    #[test]
    fn redis_outside_demo_mode_needs_its_encryption_keys_and_checks_them() {
        let redis = "[session]\nstore = \"redis\"\nredis_url = \"redis://127.0.0.1/0\"\n";
        let message = problems(load_toml(redis));
        assert!(
            message.contains("session.encryption_keys: required when session.store = \"redis\""),
            "{message}"
        );
        let short_key = format!("{redis}encryption_keys = [\"c2hvcnQ=\"]\n");
        assert!(
            problems(load_toml(&short_key))
                .contains("session.encryption_keys: key 1 is not the base64 of 32 bytes")
        );
        let good = format!("{redis}encryption_keys = [\"{}\"]\n", "A".repeat(43) + "=");
        assert!(!problems(load_toml(&good)).contains("session.encryption_keys"));
        let demo = format!("{redis}[demo]\nenabled = true\n");
        assert!(load_toml(&demo).is_ok(), "the demo derives its key from the client secret");
    }

    #[test]
    fn a_sentinel_is_a_redis_url_without_its_password() {
        let session =
            "[session]\nstore = \"redis\"\nredis_url = \"redis://mymaster/0\"\n[demo]\nenabled = true\n";
        let with = |sentinels: &str| {
            load_toml(&session.replace("[demo]", &format!("redis_sentinels = {sentinels}\n[demo]")))
        };
        assert!(with(r#"["redis://127.0.0.1:26379", "rediss://portail@sentinel.internal:26380"]"#).is_ok());
        let message = problems(with(r#"["redis://:hunter2@127.0.0.1:26379"]"#));
        assert!(
            message.contains("session.redis_sentinels: a password here would sit in the file"),
            "{message}"
        );
        assert!(!message.contains("hunter2"), "{message}");
        assert!(problems(with(r#"["http://127.0.0.1:26379"]"#)).contains("is not redis[s]://host:port"));
        let waiting = |ms: u64| {
            load_toml(&session.replace("[demo]", &format!("redis_failover_wait_ms = {ms}\n[demo]")))
        };
        assert!(waiting(30_000).is_ok());
        assert!(problems(waiting(60_001)).contains("session.redis_failover_wait_ms: at most 60000"));
    }

    #[test]
    fn the_outbound_proxy_is_an_http_url_never_repeated_in_a_message() {
        let with = |outbound: &str| load_toml(&format!("[demo]\nenabled = true\n[outbound]\n{outbound}"));
        assert!(
            with("proxy = \"http://portail:s3cret@proxy.internal:3128\"\nno_proxy = [\"10.0.0.0/8\"]\n")
                .is_ok()
        );
        let message = problems(with("proxy = \"https://portail:s3cret@proxy.internal:3128/path\"\n"));
        assert!(message.contains("outbound.proxy: must be http://[user:password@]host:port"), "{message}");
        assert!(!message.contains("s3cret"), "{message}");
        let message = problems(with("no_proxy = [\"a.internal,b.internal\"]\n"));
        assert!(message.contains("outbound.no_proxy: \"a.internal,b.internal\": one host"), "{message}");
    }

    #[test]
    fn a_secret_is_read_from_its_file_or_the_systemd_credentials() {
        let directory = tempfile::tempdir().unwrap();
        let secret = directory.path().join("client-secret");
        std::fs::write(&secret, "from-a-file\n").unwrap();
        std::fs::write(directory.path().join("upstream.cms.api_token"), "from-systemd").unwrap();
        let mut file = tempfile::NamedTempFile::new().unwrap();
        write!(file, "[demo]\nenabled = true\n[oidc]\nclient_secret_file = \"{}\"\n", secret.display())
            .unwrap();
        let settings = Settings::load_with(Some(file.path()), no_env(), Some(directory.path())).unwrap();
        assert_eq!(settings.oidc.client_secret.unwrap().expose_secret(), "from-a-file");
        assert_eq!(settings.upstream.cms.api_token.unwrap().expose_secret(), "from-systemd");
        let absent = format!(
            "[demo]\nenabled = true\n[oidc]\nclient_secret_file = \"{}/absent\"\n",
            directory.path().display()
        );
        assert!(problems(load_toml(&absent)).contains("oidc.client_secret: cannot read"));
    }

    #[test]
    fn bounds_on_abuse_have_defaults_and_refuse_zero() {
        let settings = Settings::load_with(None, no_env(), None).unwrap();
        assert_eq!(settings.limits.sign_ins_per_minute.get(), 30);
        assert_eq!(settings.session.max_per_member, 20);
        assert_eq!(settings.session.kept_card_days, 7);
        let message = problems(load_toml("[demo]\nenabled = true\n[limits]\nwrites_per_minute = 0\n"));
        assert!(message.contains("writes_per_minute"), "{message}");
    }

    #[test]
    fn a_file_without_demo_section_needs_real_upstreams() {
        let message = problems(load_toml("[server]\nlisten = \"127.0.0.1:9000\"\n"));
        assert!(message.contains("oidc.issuer: required"), "{message}");
        assert!(message.contains("upstream.api.base_url: required"), "{message}");
        assert!(message.contains("oidc.client_secret: required"), "{message}");
    }

    #[test]
    fn naming_a_real_upstream_while_its_demo_twin_is_on_is_refused() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[oidc]\nissuer = \"https://sso.example.org/realms/x\"\n",
        ));
        assert!(message.contains("oidc.issuer: names"), "{message}");
        assert!(message.contains("demo.idp = false"), "{message}");
    }

    #[test]
    fn a_wrong_type_names_its_key() {
        let message = problems(load_toml("[server]\nlisten = 12\n"));
        assert!(message.contains("server.listen"), "{message}");
    }

    #[test]
    fn an_unknown_key_is_refused() {
        let message = problems(load_toml("[server]\nlisen = \"127.0.0.1:1\"\n"));
        assert!(message.contains("lisen"), "{message}");
    }

    #[test]
    #[expect(clippy::result_large_err, reason = "figment's Jail closure must return figment::Error")]
    fn environment_overrides_the_file() {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(b"[demo]\nenabled = true\n").unwrap();
        figment::Jail::expect_with(|jail| {
            jail.set_env("ESPACE_ASSURE__SERVER__LISTEN", "127.0.0.1:9000");
            jail.set_env("ESPACE_ASSURE__DEMO__CMS", "false");
            jail.set_env("ESPACE_ASSURE__UPSTREAM__CMS__BASE_URL", "http://cms.internal/");
            let settings = Settings::load(Some(file.path())).unwrap();
            assert_eq!(settings.server.listen.to_string(), "127.0.0.1:9000");
            assert!(!settings.demo.cms_on());
            Ok(())
        });
    }

    #[test]
    fn trusted_proxies_accept_addresses_and_blocks() {
        let settings = load_toml(
            "[demo]\nenabled = true\n[server]\ntrusted_proxies = [\"10.0.0.0/8\", \"192.168.1.4\"]\n",
        )
        .unwrap();
        assert_eq!(settings.server.trusted_proxies.len(), 2);
        assert!(
            problems(load_toml("[demo]\nenabled = true\n[server]\ntrusted_proxies = [\"proxy\"]\n"))
                .contains("server.trusted_proxies")
        );
    }

    #[test]
    fn colours_and_public_url_are_checked() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[brand]\nprimary_color = \"blue\"\n[server]\npublic_url = \"https://x.example/sub\"\n",
        ));
        assert!(message.contains("brand.primary_color"), "{message}");
        assert!(message.contains("server.public_url"), "{message}");
    }

    #[test]
    fn plain_http_is_only_for_loopback() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[server]\npublic_url = \"http://espace.example.org/\"\n",
        ));
        assert!(message.contains("server.public_url: plain http"), "{message}");
        assert!(
            load_toml("[demo]\nenabled = true\n[server]\npublic_url = \"http://localhost:8080/\"\n").is_ok()
        );
        let message = problems(load_toml("[demo]\nenabled = true\n[server]\nlisten = \"10.1.2.3:8080\"\n"));
        assert!(message.contains("server.public_url: required"), "{message}");
    }

    #[test]
    fn redis_sessions_need_a_url() {
        let message = problems(load_toml("[demo]\nenabled = true\n[session]\nstore = \"redis\"\n"));
        assert!(message.contains("session.redis_url"), "{message}");
    }

    #[test]
    fn the_upload_quotas_must_hold_one_file_and_unsent_uploads_cannot_be_kept_for_ever() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\nupload_quota_files = 0\nupload_quota_bytes = 1024\nunattached_upload_ttl_hours = 9000\n",
        ));
        assert!(message.contains("demo.upload_quota_files: must be at least 1"), "{message}");
        assert!(
            message.contains("demo.upload_quota_bytes: must be at least demo.max_upload_bytes"),
            "{message}"
        );
        assert!(message.contains("demo.unattached_upload_ttl_hours: at most 8760"), "{message}");
        let message = problems(load_toml("[demo]\nenabled = true\nunattached_upload_ttl_hours = 0\n"));
        assert!(message.contains("demo.unattached_upload_ttl_hours: must be at least 1"), "{message}");
    }

    #[test]
    fn the_demo_member_apis_delay_stays_under_ten_seconds_and_its_jitter_within_it() {
        let message = problems(load_toml("[demo]\nenabled = true\napi_latency_ms = 10001\n"));
        assert!(message.contains("demo.api_latency_ms: must be at most 10000"), "{message}");
        let message =
            problems(load_toml("[demo]\nenabled = true\napi_latency_ms = 20\napi_latency_jitter_ms = 21\n"));
        assert!(
            message.contains("demo.api_latency_jitter_ms: must be at most demo.api_latency_ms"),
            "{message}"
        );
        assert!(
            load_toml("[demo]\nenabled = true\napi_latency_ms = 20\napi_latency_jitter_ms = 10\n").is_ok()
        );
    }

    #[test]
    fn demo_token_lifetimes_must_be_positive() {
        let message = problems(load_toml("[demo]\nenabled = true\naccess_token_ttl_secs = 0\n"));
        assert!(message.contains("demo.access_token_ttl_secs: must be at least 1"), "{message}");
    }

    #[test]
    fn signing_algorithms_are_known_names() {
        let message =
            problems(load_toml("[demo]\nenabled = true\n[oidc]\nsigning_algorithms = [\"none\"]\n"));
        assert!(message.contains("oidc.signing_algorithms: \"none\" is not one of"), "{message}");
        let message = problems(load_toml("[demo]\nenabled = true\n[oidc]\nsigning_algorithms = []\n"));
        assert!(message.contains("oidc.signing_algorithms: name at least one"), "{message}");
        assert_eq!(Settings::default().oidc.signing_algorithms, ["RS256", "ES256"]);
    }

    #[test]
    fn a_recent_sign_in_is_five_minutes_by_default_and_from_a_minute_to_an_hour() {
        assert_eq!(Settings::default().oidc.recent_sign_in_secs, 300);
        assert!(Settings::default().oidc.acr_values.is_empty());
        for refused in [0, 59, 3601] {
            let message = problems(load_toml(&format!(
                "[demo]\nenabled = true\n[oidc]\nrecent_sign_in_secs = {refused}\n"
            )));
            assert!(
                message.contains("oidc.recent_sign_in_secs: must be from 60 to 3600 seconds"),
                "{message}"
            );
        }
        for accepted in [60, 3600] {
            let file = format!("[demo]\nenabled = true\n[oidc]\nrecent_sign_in_secs = {accepted}\n");
            assert_eq!(load_toml(&file).unwrap().oidc.recent_sign_in_secs, accepted);
        }
    }

    #[test]
    fn acr_values_are_single_values_for_a_provider_that_maps_them() {
        let real = "[demo]\nenabled = true\nidp = false\n[oidc]\nissuer = \"https://sso.example/realms/a\"\nclient_secret = \"s\"\n";
        let settings =
            load_toml(&format!("{real}acr_values = [\"gold\", \"urn:mutuelle:loa:2\"]\n")).unwrap();
        assert_eq!(settings.oidc.acr_values, ["gold", "urn:mutuelle:loa:2"]);
        let message = problems(load_toml(&format!("{real}acr_values = [\"silver gold\", \"\"]\n")));
        assert!(message.contains("oidc.acr_values: \"silver gold\" is not one value"), "{message}");
        assert!(message.contains("oidc.acr_values: \"\" is not one value"), "{message}");
        let message = problems(load_toml("[demo]\nenabled = true\n[oidc]\nacr_values = [\"gold\"]\n"));
        assert!(
            message.contains("oidc.acr_values: the embedded demo provider (demo.idp) names no level"),
            "{message}"
        );
    }

    #[test]
    fn memory_bounds_and_timeouts_must_be_positive() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[session]\nmax_sessions = 0\n[oidc]\ntimeout_ms = 0\n",
        ));
        assert!(message.contains("session.max_sessions: must be at least 1"), "{message}");
        assert!(message.contains("oidc.timeout_ms: must be at least 1"), "{message}");
    }

    #[test]
    fn the_mediator_needs_a_name_an_address_and_a_website() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[mediateur]\nnom = \" \"\nadresse = []\nsite = \"ftp://mediateur.example\"\n",
        ));
        assert!(message.contains("mediateur.nom"), "{message}");
        assert!(message.contains("mediateur.adresse"), "{message}");
        assert!(message.contains("mediateur.site"), "{message}");
    }

    #[test]
    fn the_accessibility_statement_is_checked() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[accessibilite]\netat = \"conforme\"\ntaux_conformite = 120\ncontact_email = \"x\"\n",
        ));
        assert!(message.contains("accessibilite.etat: expected one of"), "{message}");
        assert!(message.contains("accessibilite.taux_conformite"), "{message}");
        assert!(message.contains("accessibilite.contact_email"), "{message}");
        let settings = load_toml(
            "[demo]\nenabled = true\n[accessibilite]\netat = \"partiellement conforme\"\ndate_audit = \"2026-09-15\"\n",
        )
        .unwrap();
        assert_eq!(settings.accessibilite.date_audit.unwrap().to_string(), "2026-09-15");
    }

    #[test]
    fn the_metrics_token_is_long_and_the_metrics_listener_apart() {
        let message = problems(load_toml(
            "[demo]\nenabled = true\n[server]\nlisten = \"127.0.0.1:8080\"\nmetrics_listen = \"127.0.0.1:8080\"\nmetrics_token = \"short\"\n",
        ));
        assert!(message.contains("server.metrics_token: at least 16 characters"), "{message}");
        assert!(message.contains("server.metrics_listen: must differ"), "{message}");
        assert!(!message.contains("short"), "a secret: {message}");
        let settings = load_toml(
            "[demo]\nenabled = true\n[server]\nmetrics_listen = \"10.0.0.5:9100\"\nmetrics_token = \"a-long-enough-secret\"\n",
        )
        .unwrap();
        assert_eq!(settings.server.metrics_listen.unwrap().port(), 9100);
    }

    #[test]
    fn a_plain_smtp_relay_off_this_machine_must_require_starttls() {
        let relay = |url: &str| {
            load_toml(&format!(
                "[demo]\nenabled = true\n[mail]\ntransport = \"smtp\"\nsmtp_url = \"{url}\"\n"
            ))
        };
        for refused in [
            "smtp://portail:s3cr3t@smtp.mutuelle.example:587",
            "smtp://portail:s3cr3t@smtp.mutuelle.example:587?tls=opportunistic",
            "smtp://portail:s3cr3t@10.0.0.25:25",
        ] {
            let message = problems(relay(refused));
            assert!(message.contains("mail.smtp_url: "), "{message}");
            assert!(message.contains("tls=required"), "{message}");
            assert!(!message.contains("s3cr3t"), "the URL holds a password: {message}");
        }
        for accepted in [
            "smtp://portail:s3cr3t@smtp.mutuelle.example:587?tls=required",
            "smtps://portail:s3cr3t@smtp.mutuelle.example:465",
            "smtp://127.0.0.1:25",
            "smtp://localhost:25",
            "smtp://[::1]:25",
        ] {
            assert!(relay(accepted).is_ok(), "{accepted}");
        }
        let message = problems(relay("http://smtp.mutuelle.example/"));
        assert!(message.contains("mail.smtp_url: "), "{message}");
    }

    #[test]
    fn secrets_never_print() {
        let settings = load_toml(
            "[demo]\nenabled = true\nidp = false\n[oidc]\nissuer = \"https://sso.example/\"\nclient_secret = \"s3cr3t-value\"\n",
        )
        .unwrap();
        assert!(!format!("{settings:?}").contains("s3cr3t-value"));
    }

    #[test]
    fn logos_must_be_images() {
        assert!(check_logo(Path::new("/etc/passwd")).is_err());
        assert!(check_logo(Path::new("/nonexistent/logo.svg")).unwrap_err().contains("cannot read"));
    }
}
