use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use espace_assure::check_upstreams::{self, Inputs, MemberToken, Report};
use espace_assure::client_assertion::AssertionKeys;
use espace_assure::config::Settings;
use espace_assure::telemetry::traces::Traces;
use espace_assure::{Application, audit, build_info, health};
use secrecy::ExposeSecret;

/// The self-service portal of a mutual health insurer's members.
#[derive(Parser)]
#[command(version = build_info::LONG_VERSION, about)]
struct Cli {
    /// Configuration file (TOML). Without one, the portal starts in demo mode.
    #[arg(long, global = true, env = "ESPACE_ASSURE_CONFIG")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the portal (the default).
    Serve,
    /// Validate a configuration file and its environment overrides, then exit.
    CheckConfig { file: PathBuf },
    /// Check the upstreams of the configuration (`--config`) as the portal will use them: one
    /// line per check; exit 0 when none fails, 1 otherwise.
    CheckUpstreams {
        /// A file holding a test member's access token: the member API's reads and the
        /// person-number claim are checked with it (skipped without).
        #[arg(long)]
        member_token_file: Option<PathBuf>,
    },
    /// Ask the instance listening on `server.listen` whether it answers (`/healthz`), as a
    /// container's HEALTHCHECK does: exit 0 when it does within 2 seconds, 1 otherwise.
    Healthcheck,
    /// The audit trail (`[audit]`).
    Audit {
        #[command(subcommand)]
        action: AuditAction,
    },
}

#[derive(Subcommand)]
enum AuditAction {
    /// Check that the files, given in the order they were written (oldest first), form one
    /// unbroken chain: exit 0, or 1 naming the first line altered, removed or moved.
    Verify {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// The pseudonym the trail gives a person number, under `audit.pseudonym_key` of the
    /// configuration (`--config`): what to search the files for to find one member's lines.
    Pseudonym { person_number: String },
}

/// Exit code of an invalid configuration, distinct from a runtime failure (1).
const CONFIG_ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Command::Audit { action: AuditAction::Verify { files } }) = &cli.command {
        return verify_audit(files);
    }
    let file = match &cli.command {
        Some(Command::CheckConfig { file }) => Some(file.clone()),
        _ => cli.config,
    };
    let settings = match Settings::load(file.as_deref()) {
        Ok(settings) => settings,
        Err(error) => {
            eprintln!("espace-assure: {error}");
            return ExitCode::from(CONFIG_ERROR);
        }
    };
    if let Some(Command::CheckConfig { file }) = &cli.command {
        println!("{}: configuration valid", file.display());
        if let Some(pem) = &settings.oidc.client_assertion_key {
            let published = &settings.oidc.client_assertion_published_key_files;
            if let Ok(keys) = AssertionKeys::new(pem.expose_secret(), published) {
                println!("oidc.client_assertion_key_file: private_key_jwt signs with {}", keys.describe());
            }
        }
        if settings.oidc.dpop {
            println!("oidc.dpop: each session's tokens bound to a P-256 key of its own, proofs signed ES256");
        }
        return ExitCode::SUCCESS;
    }
    if let Some(Command::CheckUpstreams { member_token_file }) = &cli.command {
        return check_upstreams(&settings, member_token_file.as_deref());
    }
    if let Some(Command::Healthcheck) = &cli.command {
        return healthcheck(&settings);
    }
    if let Some(Command::Audit { action: AuditAction::Pseudonym { person_number } }) = &cli.command {
        let Some(key) = &settings.audit.pseudonym_key else {
            eprintln!("espace-assure: audit.pseudonym_key is not set in the configuration");
            return ExitCode::from(CONFIG_ERROR);
        };
        println!("{}", audit::Pseudonyms::new(key).of(person_number));
        return ExitCode::SUCCESS;
    }
    let traces = match Traces::start(&settings.telemetry, &settings.outbound) {
        Ok(traces) => traces,
        Err(error) => {
            eprintln!("espace-assure: {error:#}");
            return ExitCode::from(CONFIG_ERROR);
        }
    };
    espace_assure::telemetry::init(settings.server.log_format, traces.as_ref().map(Traces::tracer));
    espace_assure::telemetry::log_panics();
    // Once the server has stopped, `traces` sends the spans still waiting as it is dropped.
    match actix_web::rt::System::new().block_on(serve(settings)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("{error:#}");
            eprintln!("espace-assure: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn check_upstreams(settings: &Settings, member_token_file: Option<&Path>) -> ExitCode {
    let member_token = match member_token_file.map(MemberToken::read).transpose() {
        Ok(token) => token,
        Err(problem) => {
            eprintln!("espace-assure: --member-token-file: {problem}");
            return ExitCode::from(CONFIG_ERROR);
        }
    };
    let mut report = Report::printing();
    let checked = tokio::runtime::Runtime::new().map_err(anyhow::Error::from).and_then(|runtime| {
        runtime.block_on(check_upstreams::run(settings, &Inputs { member_token }, &mut report))
    });
    if let Err(error) = checked {
        eprintln!("espace-assure: {error:#}");
        return ExitCode::from(CONFIG_ERROR);
    }
    match report.failures() {
        0 => ExitCode::SUCCESS,
        failures => {
            eprintln!("espace-assure: {failures} check(s) failed");
            ExitCode::FAILURE
        }
    }
}

fn verify_audit(files: &[PathBuf]) -> ExitCode {
    match audit::verify(files) {
        Ok(Ok(lines)) => {
            println!("audit trail intact: {lines} lines in {} file(s)", files.len());
            ExitCode::SUCCESS
        }
        Ok(Err(broken)) => {
            eprintln!("espace-assure: audit trail broken: {broken}");
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!("espace-assure: {error}");
            ExitCode::from(CONFIG_ERROR)
        }
    }
}

fn healthcheck(settings: &Settings) -> ExitCode {
    let answered = tokio::runtime::Runtime::new()
        .map_err(anyhow::Error::from)
        .and_then(|runtime| runtime.block_on(health::probe_own(settings.server.listen)));
    match answered {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("espace-assure: {error:#}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(settings: Settings) -> anyhow::Result<()> {
    // In demo mode, building the application logs which embedded upstreams it mounted.
    let app = Application::build(settings).await?;
    let (port, public_url) = (app.port(), app.public_url().clone());
    let server = actix_web::rt::spawn(app.run_until_stopped());
    // The server starts its workers and installs its SIGTERM and Ctrl-C handlers when first
    // polled: let it run once before announcing readiness, so that a supervisor's signal sent
    // right after the line below stops it gracefully instead of killing it.
    actix_web::rt::task::yield_now().await;
    tracing::info!(port, version = build_info::VERSION, commit = build_info::COMMIT, "listening");
    println!("espace-assure is ready: open {public_url}");
    server.await??;
    Ok(())
}
