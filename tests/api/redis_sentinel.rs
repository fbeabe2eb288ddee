//! Sessions in a Redis watched by Sentinel: a failover while a member is signed in keeps them
//! signed in, the portal following the master the sentinels name.

use std::time::{Duration, Instant};

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{cookies_of, spawn_app_with_idp, status_with_cookies};
use crate::redis_sessions::{test_redis::TestRedis, with_redis};

/// How long Sentinel may take to see the replica or finish a failover.
const DEADLINE: Duration = Duration::from_secs(30);

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A connection that reconnects: Sentinel closes the connections of the instances it
/// reconfigures.
async fn connect(url: &str) -> redis::aio::ConnectionManager {
    redis::Client::open(url).unwrap().get_connection_manager().await.unwrap()
}

/// Asks `command` of `connection` until `done` holds of the answer.
async fn until<T: redis::FromRedisValue>(
    connection: &mut redis::aio::ConnectionManager,
    command: &redis::Cmd,
    what: &str,
    done: impl Fn(&T) -> bool,
) {
    let deadline = Instant::now() + DEADLINE;
    loop {
        if let Ok(answer) = command.query_async::<T>(connection).await
            && done(&answer)
        {
            return;
        }
        assert!(Instant::now() < deadline, "{what} within {DEADLINE:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A sentinel watching the master at `master_port` as `mymaster`, alone in its quorum.
struct TestSentinel {
    process: std::process::Child,
    port: u16,
    _dir: tempfile::TempDir,
}

impl TestSentinel {
    async fn start(master_port: u16) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let port = free_port();
        let config = dir.path().join("sentinel.conf");
        std::fs::write(
            &config,
            format!(
                "port {port}\nsentinel monitor mymaster 127.0.0.1 {master_port} 1\n\
                 sentinel down-after-milliseconds mymaster 1000\nsentinel failover-timeout mymaster 10000\n"
            ),
        )
        .unwrap();
        let process = std::process::Command::new("redis-server")
            .arg(&config)
            .arg("--sentinel")
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("redis-server must be installed (Debian: redis-server); .ci/run installs it");
        let deadline = Instant::now() + DEADLINE;
        while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
            assert!(Instant::now() < deadline, "the sentinel listens within {DEADLINE:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Self { process, port, _dir: dir }
    }
}

impl Drop for TestSentinel {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// A master, its replica and a sentinel watching them, and a portal following them with a
/// member signed in, whose session has reached the replica.
struct Watched {
    master: TestRedis,
    replica: TestRedis,
    replica_port: u16,
    _sentinel: TestSentinel,
    watching: redis::aio::ConnectionManager,
    app: crate::helpers::TestApp,
    cookies: String,
    _idp: FakeIdp,
    _api: wiremock::MockServer,
}

async fn watched() -> Watched {
    let (master_port, replica_port) = (free_port(), free_port());
    let master = TestRedis::start_with(&["--port", &master_port.to_string()]).await;
    let replica = TestRedis::start_with(&[
        "--port",
        &replica_port.to_string(),
        "--replicaof",
        "127.0.0.1",
        &master_port.to_string(),
    ])
    .await;
    let sentinel = TestSentinel::start(master_port).await;
    let mut watching = connect(&format!("redis://127.0.0.1:{}", sentinel.port)).await;
    until::<Vec<std::collections::HashMap<String, String>>>(
        &mut watching,
        redis::cmd("SENTINEL").arg("REPLICAS").arg("mymaster"),
        "the sentinel knows the replica",
        |replicas| replicas.iter().any(|replica| replica.get("flags").is_some_and(|flags| flags == "slave")),
    )
    .await;

    let idp = FakeIdp::start().await;
    let api = member_api(200).await;
    let sentinels = vec![format!("redis://127.0.0.1:{}", sentinel.port)];
    let app = spawn_app_with_idp(&idp, &api, move |settings| {
        with_redis("redis://mymaster/0".into())(settings);
        settings.session.redis_sentinels = sentinels;
        // The lone sentinel calls the master down after a second, then elects: well within.
        settings.session.redis_failover_wait_ms = 20_000;
    })
    .await;
    app.sign_in(&idp, 300).await;
    let cookies = cookies_of(&app);
    assert_eq!(status_with_cookies(&app.address, "/api/session", &cookies).await, 200);

    // The session has reached the replica before it is promoted.
    let mut on_master = connect(&master.url()).await;
    let written: usize = redis::cmd("DBSIZE").query_async(&mut on_master).await.unwrap();
    assert!(written > 0);
    let mut on_replica = connect(&replica.url()).await;
    until::<usize>(&mut on_replica, &redis::cmd("DBSIZE"), "the replica has the session", |keys| {
        *keys == written
    })
    .await;
    Watched {
        master,
        replica,
        replica_port,
        _sentinel: sentinel,
        watching,
        app,
        cookies,
        _idp: idp,
        _api: api,
    }
}

#[tokio::test]
async fn a_failover_keeps_the_member_signed_in() {
    // Every part bound: one left out would be dropped here, the sentinel's process with it.
    let Watched { master, replica, replica_port, mut watching, app, cookies, _sentinel, _idp, _api } =
        watched().await;
    let _: () =
        redis::cmd("SENTINEL").arg("FAILOVER").arg("mymaster").query_async(&mut watching).await.unwrap();
    until::<(String, u16)>(
        &mut watching,
        redis::cmd("SENTINEL").arg("GET-MASTER-ADDR-BY-NAME").arg("mymaster"),
        "the sentinel names the replica as master",
        |(_, port)| *port == replica_port,
    )
    .await;
    let role_is = |expected: &'static str| move |role: &Vec<redis::Value>| matches!(role.first(), Some(redis::Value::BulkString(role)) if role == expected.as_bytes());
    let mut on_replica = connect(&replica.url()).await;
    until(&mut on_replica, &redis::cmd("ROLE"), "the replica becomes the master", role_is("master")).await;
    // Until Sentinel turns the old master into a replica, it still takes writes.
    let mut on_master = connect(&master.url()).await;
    until(&mut on_master, &redis::cmd("ROLE"), "the old master becomes a replica", role_is("slave")).await;

    for _ in 0..3 {
        assert_eq!(
            status_with_cookies(&app.address, "/api/session", &cookies).await,
            200,
            "the member is still signed in, through the new master"
        );
    }
}

#[tokio::test]
async fn a_read_made_as_the_master_dies_waits_for_the_sentinels_new_master() {
    let Watched {
        master, app, cookies, _sentinel, _idp, _api, replica: _replica, watching: _watching, ..
    } = watched().await;
    drop(master);
    // At once: the sentinel has not even called the master down. The member's read waits for
    // the replica's promotion rather than failing.
    assert_eq!(status_with_cookies(&app.address, "/api/session", &cookies).await, 200);
}
