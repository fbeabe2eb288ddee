//! Integration tests: each spawns the real application on port 0.

mod assets;
mod auth;
mod captcha;
mod check_upstreams;
mod cli;
mod cms;
mod connexions;
mod demo_api_through_portal;
mod discovery;
mod embedded;
mod errors;
mod fake_idp;
mod health;
mod helpers;
mod home;
mod limits;
mod proxy;
mod redis_sentinel;
mod redis_sessions;
mod security_headers;
mod security_txt;
mod session_end;
mod strapi;
mod telemetry;
mod tls;
mod xsrf;
