//! Nothing to use: this crate only turns features on in shared dependencies (see Cargo.toml).
