//! Builds the React front end into `frontend/dist` so that `cargo build` alone yields the
//! complete binary (rust-embed includes `dist` at compile time), then writes brotli and gzip
//! variants of every compressible file so that no request pays for compression.
//!
//! Cargo runs this script again for every set of the crate's features (the partner build, the
//! default one, the tests'): the digest of the inputs, kept in `dist` once it is complete, lets
//! every run after the first reuse a `dist` made from the same sources.
//!
//! `ESPACE_ASSURE_SKIP_FRONTEND=1` reuses the existing `dist` for Rust-only iterations.
//!
//! It also names the build for `--version` and the `build_info` metric: the commit
//! (`ESPACE_ASSURE_COMMIT` when the sources are not a git checkout, as in a container build) and
//! the build date (`SOURCE_DATE_EPOCH` for a reproducible build, else today).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use sha2::{Digest, Sha256};

const SKIP_VARIABLE: &str = "ESPACE_ASSURE_SKIP_FRONTEND";
const COMMIT_VARIABLE: &str = "ESPACE_ASSURE_COMMIT";
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
    describe_build();
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
    let digest = inputs_digest(&frontend);
    // In `.vite/`, which Vite empties on every build and the binary does not embed.
    let stamp = dist.join(".vite/inputs.sha256");
    if fs::read_to_string(&stamp).is_ok_and(|made_from| made_from == digest) {
        return;
    }
    run_npm(&frontend, &["run", "build"]);
    compress_tree(&dist);
    // Written last: a build cut short leaves no stamp, and the next run builds again.
    fs::write(&stamp, digest).expect("writable dist");
}

/// SHA-256 of every input's path and content, in path order.
fn inputs_digest(frontend: &Path) -> String {
    let mut files = Vec::new();
    for input in INPUTS {
        collect_files(&frontend.join(input), &mut files);
    }
    files.sort();
    let mut hasher = Sha256::new();
    for file in files {
        let relative = file.strip_prefix(frontend).expect("an input lies in frontend");
        let content = fs::read(&file).expect("readable front-end input");
        for part in [relative.as_os_str().as_encoded_bytes(), &content] {
            hasher.update((part.len() as u64).to_le_bytes());
            hasher.update(part);
        }
    }
    hex::encode(hasher.finalize())
}

fn collect_files(path: &Path, files: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for entry in fs::read_dir(path).expect("readable front-end folder") {
            collect_files(&entry.expect("readable front-end entry").path(), files);
        }
    } else if path.is_file() {
        files.push(path.to_path_buf());
    }
}

/// Sets `ESPACE_ASSURE_COMMIT` and `ESPACE_ASSURE_BUILD_DATE` for the crate.
fn describe_build() {
    println!("cargo:rerun-if-env-changed={COMMIT_VARIABLE}");
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
    let commit = std::env::var(COMMIT_VARIABLE).ok().filter(|commit| !commit.is_empty()).or_else(|| {
        // Run again when HEAD moves: a commit, a checkout, a branch's new tip. Only paths that
        // exist: cargo takes a missing one (a fresh clone has no `packed-refs`) as changed, and
        // would then build the crate again on every run.
        for reference in ["HEAD", "refs/heads", "packed-refs"] {
            if let Some(path) = git(&["rev-parse", "--git-path", reference])
                .filter(|path| Path::new(env!("CARGO_MANIFEST_DIR")).join(path).exists())
            {
                println!("cargo:rerun-if-changed={path}");
            }
        }
        git(&["rev-parse", "--short=12", "HEAD"])
    });
    println!("cargo:rustc-env={COMMIT_VARIABLE}={}", commit.as_deref().unwrap_or("unknown"));
    let date = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|epoch| epoch.parse().ok())
        .and_then(|seconds| chrono::DateTime::from_timestamp(seconds, 0))
        .unwrap_or_else(chrono::Utc::now);
    println!("cargo:rustc-env=ESPACE_ASSURE_BUILD_DATE={}", date.format("%Y-%m-%d"));
}

/// What `git` prints, trimmed; `None` outside a checkout or without git.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    (output.status.success() && !text.trim().is_empty()).then(|| text.trim().to_owned())
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
