//! A private redis-server on a Unix socket (no port to collide with), stopped on drop. Shared
//! by the session store's unit tests and the integration tests (included by path in both).

use std::path::PathBuf;
use std::time::{Duration, Instant};

pub struct TestRedis {
    process: std::process::Child,
    dir: tempfile::TempDir,
}

/// A redis-server that has not made its socket by then is not going to.
const STARTUP_DEADLINE: Duration = Duration::from_secs(10);

impl TestRedis {
    pub async fn start() -> Self {
        Self::start_with::<&str>(&[]).await
    }

    /// A redis-server with `arguments` besides its socket (a TLS port, users).
    pub async fn start_with<S: AsRef<std::ffi::OsStr>>(arguments: &[S]) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let socket = dir.path().join("redis.sock");
        let mut process = std::process::Command::new("redis-server")
            .args(["--port", "0", "--save", "", "--appendonly", "no", "--unixsocket"])
            .arg(&socket)
            // A replica's copy of its master's data is written here, not where the tests run.
            .arg("--dir")
            .arg(dir.path())
            .args(arguments)
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("redis-server must be installed (Debian: redis-server); .ci/run installs it");
        let deadline = Instant::now() + STARTUP_DEADLINE;
        while !socket.exists() {
            if let Some(status) = process.try_wait().unwrap() {
                panic!("redis-server stopped before it was ready: {status}");
            }
            assert!(Instant::now() < deadline, "redis-server made no socket within {STARTUP_DEADLINE:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Self { process, dir }
    }

    fn socket(&self) -> PathBuf {
        self.dir.path().join("redis.sock")
    }

    pub fn url(&self) -> String {
        format!("redis+unix://{}", self.socket().display())
    }
}

impl Drop for TestRedis {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}
