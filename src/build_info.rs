//! What this binary is (`build.rs` names the commit and the day): for `--version`, the
//! `build_info` metric and the first log line.

pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The abbreviated commit, or `unknown` when built outside a checkout without
/// `ESPACE_ASSURE_COMMIT`.
pub const COMMIT: &str = env!("ESPACE_ASSURE_COMMIT");
pub const BUILD_DATE: &str = env!("ESPACE_ASSURE_BUILD_DATE");
/// What `espace-assure --version` prints after the program's name.
pub const LONG_VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("ESPACE_ASSURE_COMMIT"),
    ", built ",
    env!("ESPACE_ASSURE_BUILD_DATE"),
    ")"
);
