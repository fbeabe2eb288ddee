//! Builds the React front end into `frontend/dist` so that `cargo build` alone yields the
//! complete binary (rust-embed includes `dist` at compile time), then writes brotli and gzip
//! variants of every compressible file so that no request pays for compression.
//!
//! `ESPACE_ASSURE_SKIP_FRONTEND=1` reuses the existing `dist` for Rust-only iterations.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

const SKIP_VARIABLE: &str = "ESPACE_ASSURE_SKIP_FRONTEND";
/// What the Vite build reads: a change to any of them rebuilds the front end.
const INPUTS: [&str; 10] = [
    "src",
    "build",
    "public",
    "index.html",
    "package.json",
    "package-lock.json",
    "vite.config.ts",
    "tsconfig.json",
    "tsconfig.app.json",
    "tsconfig.node.json",
];
const COMPRESSIBLE: [&str; 11] =
    ["html", "js", "mjs", "css", "svg", "json", "txt", "xml", "map", "webmanifest", "wasm"];

fn main() {
    let frontend = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("frontend");
    let dist = frontend.join("dist");
    println!("cargo:rerun-if-env-changed={SKIP_VARIABLE}");

    if std::env::var(SKIP_VARIABLE).is_ok_and(|value| !value.is_empty() && value != "0") {
        if !dist.join("index.html").is_file() {
            panic!(
                "{SKIP_VARIABLE} is set but {} has no index.html: build the front end once \
                 without {SKIP_VARIABLE}",
                dist.display()
            );
        }
        return;
    }
    for input in INPUTS {
        println!("cargo:rerun-if-changed=frontend/{input}");
    }

    if needs_install(&frontend) {
        run_npm(&frontend, &["ci", "--no-audit", "--no-fund"]);
    }
    run_npm(&frontend, &["run", "build"]);
    compress_tree(&dist);
}

/// `npm ci` when `node_modules` is missing or older than the lock file.
fn needs_install(frontend: &Path) -> bool {
    let modified = |path: PathBuf| fs::metadata(path).and_then(|m| m.modified()).ok();
    let installed = modified(frontend.join("node_modules/.package-lock.json"));
    let locked = modified(frontend.join("package-lock.json")).unwrap_or(SystemTime::UNIX_EPOCH);
    installed.is_none_or(|installed| installed < locked)
}

fn run_npm(frontend: &Path, args: &[&str]) {
    let status = Command::new("npm").args(args).current_dir(frontend).status().unwrap_or_else(|error| {
        panic!("cannot run npm ({error}): install Node.js 24 or later and npm to build the front end")
    });
    if !status.success() {
        panic!("`npm {}` failed in {} ({status})", args.join(" "), frontend.display());
    }
}

fn compress_tree(dir: &Path) {
    for entry in fs::read_dir(dir).expect("dist exists after the Vite build") {
        let path = entry.expect("readable dist entry").path();
        if path.is_dir() {
            compress_tree(&path);
        } else if path.extension().and_then(|ext| ext.to_str()).is_some_and(|ext| COMPRESSIBLE.contains(&ext))
        {
            compress_file(&path);
        }
    }
}

/// Writes `file.br` and `file.gz` when they are smaller than the file itself.
fn compress_file(path: &Path) {
    let body = fs::read(path).expect("readable dist file");
    let mut brotli = Vec::new();
    let params = brotli::enc::BrotliEncoderParams { quality: 11, ..Default::default() };
    brotli::BrotliCompress(&mut &body[..], &mut brotli, &params).expect("brotli in memory");
    // Zopfli writes ordinary gzip a few per cent smaller than `gzip -9` (the first script of
    // `/home`: 98.6 → 95.5 KB), once per build, for browsers that do not take brotli.
    let mut gzip = Vec::new();
    zopfli::compress(zopfli::Options::default(), zopfli::Format::Gzip, &body[..], &mut gzip)
        .expect("gzip in memory");
    for (suffix, compressed) in [("br", brotli), ("gz", gzip)] {
        let variant = PathBuf::from(format!("{}.{suffix}", path.display()));
        if compressed.len() < body.len() {
            fs::write(&variant, compressed).expect("writable dist");
        } else if variant.exists() {
            fs::remove_file(&variant).expect("writable dist");
        }
    }
}
