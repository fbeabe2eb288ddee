//! Integration tests: each spawns the real application on port 0.

mod assets;
mod auth;
mod cli;
mod cms;
mod demo_api;
mod demo_api_auth;
mod demo_api_estimation;
mod demo_api_openapi;
mod demo_api_reads;
mod demo_api_through_portal;
mod demo_api_upload_quotas;
mod demo_api_uploads;
mod demo_api_writes;
mod demo_cms;
mod demo_idp;
mod discovery;
mod errors;
mod fake_idp;
mod health;
mod helpers;
mod home;
mod proxy;
mod redis_sessions;
mod security_headers;
mod telemetry;
mod xsrf;
