//! Integration tests: each spawns the real application on port 0.

mod assets;
mod cli;
mod demo_cms;
mod demo_idp;
mod errors;
mod health;
mod helpers;
mod security_headers;
mod telemetry;
