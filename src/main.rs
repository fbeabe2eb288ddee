use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use espace_assure::Application;
use espace_assure::config::Settings;

/// The self-service portal of a mutual health insurer's members.
#[derive(Parser)]
#[command(version, about)]
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
}

/// Exit code of an invalid configuration, distinct from a runtime failure (1).
const CONFIG_ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
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
        return ExitCode::SUCCESS;
    }
    espace_assure::telemetry::init(settings.server.log_format);
    match actix_web::rt::System::new().block_on(serve(settings)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("{error:#}");
            eprintln!("espace-assure: {error:#}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(settings: Settings) -> anyhow::Result<()> {
    let demo = settings.demo.enabled;
    let app = Application::build(settings).await?;
    if demo {
        tracing::warn!(
            "DEMO MODE: embedded identity provider, member API and content service with fictitious members; never use with real members"
        );
    }
    tracing::info!(port = app.port(), "listening");
    let url = app.public_url().clone();
    let server = actix_web::rt::spawn(app.run_until_stopped());
    // Let the server task start (it installs the SIGTERM and Ctrl-C handlers on its first
    // poll) before announcing readiness: a signal sent right after the line stops gracefully.
    actix_web::rt::task::yield_now().await;
    println!("espace-assure is ready: open {url}");
    server.await??;
    Ok(())
}
