//! The mail queue: a message owed to a member is written to a folder before the member gets
//! the answer, then sent in the background, retried with growing delays while the relay
//! refuses it. A restart loses nothing (the folder is on disk), the member never waits on
//! SMTP, and a message has one key (`resiliation-12-accuse`), so it is queued once and sent
//! once: a worker takes a message by renaming its file, which only one process can do, so
//! several instances sharing the folder never send it twice.
//!
//! Layout: `{key}.json` waiting, `sending/{key}.json` taken by a worker, `failed/{key}.json`
//! given up after `MAX_ATTEMPTS` (logged; an operator can move it back to retry).
//!
//! A database table would do the same, but the partner build has no database, and a folder on
//! a volume (or shared by the instances) is what a one-file deployment already has.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::Context as _;
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use lettre::address::Envelope;
use lettre::{Address, Message};
use prometheus::{IntGauge, Registry};
use serde::{Deserialize, Serialize};
use tokio::sync::Notify;

use crate::metrics::Outcomes;

/// Attempts before a message is set aside in `failed/`: with the delays below, about a day.
const MAX_ATTEMPTS: u32 = 12;
/// The first retry's delay, doubled at each attempt up to `MAX_DELAY`.
const FIRST_DELAY: Duration = Duration::from_secs(30);
const MAX_DELAY: Duration = Duration::from_secs(4 * 3600);
/// A message taken by a worker that died is given back after this long (longer than any
/// SMTP timeout, so a live worker's message is never taken from it).
const LEASE: Duration = Duration::from_secs(300);
/// How often the folder is read when nothing wakes the worker (messages queued by another
/// instance, retries coming due).
const POLL: Duration = Duration::from_secs(5);

/// Where a queued message goes: the transport behind it.
#[async_trait::async_trait]
pub trait Deliver: Send + Sync {
    async fn deliver(&self, envelope: &Envelope, raw: &[u8]) -> anyhow::Result<()>;
}

/// A message as it waits in its file.
#[derive(Serialize, Deserialize)]
struct Job {
    from: String,
    to: Vec<String>,
    /// The whole message (RFC 5322), base64.
    message: String,
    attempts: u32,
    /// Seconds since the epoch before which it is not tried again.
    not_before: u64,
    /// Seconds since the epoch when it was first queued; 0 in files queued before it was kept.
    #[serde(default)]
    queued_at: u64,
}

impl Job {
    fn envelope(&self) -> anyhow::Result<Envelope> {
        let from = self.from.parse::<Address>().context("queued sender")?;
        let to = self.to.iter().map(|to| to.parse::<Address>()).collect::<Result<Vec<_>, _>>()?;
        Ok(Envelope::new(Some(from), to)?)
    }
}

#[derive(Clone)]
pub struct MailQueue {
    dir: PathBuf,
    wake: Arc<Notify>,
    metrics: QueueMetrics,
}

/// The queue as the operators follow it: `mail_queue_waiting`, `mail_queue_oldest_seconds`,
/// `mail_queue_failed` (the folder's state after each pass, every instance's messages) and
/// `mail_deliveries_total{outcome}` (this instance's attempts).
#[derive(Clone)]
struct QueueMetrics {
    waiting: IntGauge,
    oldest: IntGauge,
    failed: IntGauge,
    deliveries: Outcomes,
}

impl QueueMetrics {
    fn new() -> Self {
        let gauge = |name: &str, help: &str| IntGauge::new(name, help).expect("valid metric");
        Self {
            waiting: gauge("mail_queue_waiting", "Emails waiting to be sent, retries included"),
            oldest: gauge("mail_queue_oldest_seconds", "Age of the oldest email waiting; 0 when none"),
            failed: gauge("mail_queue_failed", "Emails given up after their last attempt, in failed/"),
            deliveries: Outcomes::new(
                "mail_deliveries_total",
                "Attempts to hand an email to the relay, by outcome",
                "outcome",
                &["sent", "retried", "given_up"],
            ),
        }
    }
}

/// What waits in the folder at one moment.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Backlog {
    pub waiting: usize,
    /// The oldest waiting message's age, in seconds.
    pub oldest_secs: u64,
    pub failed: usize,
}

/// What one pass over the folder did, for the logs and the tests.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Pass {
    pub sent: usize,
    pub retried: usize,
    pub failed: usize,
}

impl MailQueue {
    pub fn open(dir: &Path) -> anyhow::Result<Self> {
        for sub in ["", "sending", "failed", "tmp"] {
            let path = dir.join(sub);
            std::fs::create_dir_all(&path).with_context(|| format!("creating {}", path.display()))?;
        }
        Ok(Self { dir: dir.to_owned(), wake: Arc::new(Notify::new()), metrics: QueueMetrics::new() })
    }

    /// Exports the queue's metrics in `registry`.
    pub fn exporting(self, registry: &Registry) -> anyhow::Result<Self> {
        let metrics = &self.metrics;
        for gauge in [&metrics.waiting, &metrics.oldest, &metrics.failed] {
            registry.register(Box::new(gauge.clone()))?;
        }
        // Clones share their counts: what this queue counts is what the registry exports.
        metrics.deliveries.clone().register(registry);
        Ok(self)
    }

    /// Queues `message` under `key` (letters, digits, `-`), unless a message with that key is
    /// already waiting: `Ok(false)` then. The worker is woken at once.
    pub fn enqueue(&self, key: &str, message: &Message) -> anyhow::Result<bool> {
        anyhow::ensure!(
            !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'),
            "a mail key is letters, digits and dashes"
        );
        let envelope = message.envelope();
        let job = Job {
            from: envelope.from().map(ToString::to_string).context("a message has a sender")?,
            to: envelope.to().iter().map(ToString::to_string).collect(),
            message: STANDARD.encode(message.formatted()),
            attempts: 0,
            not_before: 0,
            queued_at: epoch_secs(SystemTime::now()),
        };
        // Being sent already counts as queued.
        let queued =
            !self.dir.join("sending").join(format!("{key}.json")).exists() && self.write_new(key, &job)?;
        self.wake.notify_one();
        Ok(queued)
    }

    /// Written whole under `tmp/`, then linked into place: a reader never sees half a file,
    /// and the link fails when the key is already queued.
    fn write_new(&self, key: &str, job: &Job) -> anyhow::Result<bool> {
        let file = format!("{key}.json");
        let tmp = self.dir.join("tmp").join(format!("{key}.{}.json", uuid::Uuid::new_v4()));
        std::fs::write(&tmp, serde_json::to_vec(job)?)?;
        let linked = std::fs::hard_link(&tmp, self.dir.join(&file));
        std::fs::remove_file(&tmp)?;
        match linked {
            Ok(()) => Ok(true),
            Err(error) if error.kind() == ErrorKind::AlreadyExists => Ok(false),
            Err(error) => Err(error.into()),
        }
    }

    /// Sends what is due at `now`; a failure is written back with its next attempt's time.
    pub async fn run_once(&self, transport: &dyn Deliver, now: SystemTime) -> anyhow::Result<Pass> {
        self.release_stale(now)?;
        let mut pass = Pass::default();
        for entry in std::fs::read_dir(&self.dir)? {
            let path = entry?.path();
            let Some(key) = queued_key(&path) else { continue };
            let Ok(job) = read_job(&path) else { continue }; // being written back by another worker
            if job.not_before > epoch_secs(now) {
                continue;
            }
            let taken = self.dir.join("sending").join(format!("{key}.json"));
            match std::fs::rename(&path, &taken) {
                Ok(()) => {}
                Err(error) if error.kind() == ErrorKind::NotFound => continue, // another worker has it
                Err(error) => return Err(error.into()),
            }
            // The lease counts from now, not from when the file was written.
            std::fs::File::options().write(true).open(&taken)?.set_modified(now)?;
            match self.send(transport, &job).await {
                Ok(()) => {
                    std::fs::remove_file(&taken)?;
                    tracing::info!(mail = key, "email sent");
                    self.metrics.deliveries.inc("sent");
                    pass.sent += 1;
                }
                Err(error) => {
                    let attempts = job.attempts + 1;
                    // Addresses stay out of the log (a relay's refusal often quotes the
                    // recipient): the key says which message it is.
                    let error = super::redacted::without_addresses(&format!("{error:#}"));
                    tracing::warn!(mail = key, attempts, error, "email not sent");
                    let job = Job { attempts, not_before: epoch_secs(now + delay(attempts)), ..job };
                    if attempts >= MAX_ATTEMPTS {
                        std::fs::write(
                            self.dir.join("failed").join(format!("{key}.json")),
                            serde_json::to_vec(&job)?,
                        )?;
                        tracing::error!(mail = key, "email given up: moved to the queue's failed/ folder");
                        self.metrics.deliveries.inc("given_up");
                        pass.failed += 1;
                    } else {
                        self.write_new(&key, &job)?;
                        self.metrics.deliveries.inc("retried");
                        pass.retried += 1;
                    }
                    std::fs::remove_file(&taken)?;
                }
            }
        }
        Ok(pass)
    }

    async fn send(&self, transport: &dyn Deliver, job: &Job) -> anyhow::Result<()> {
        let raw = STANDARD.decode(&job.message).context("queued message")?;
        transport.deliver(&job.envelope()?, &raw).await
    }

    /// Messages taken by a worker that stopped before finishing go back to the queue.
    fn release_stale(&self, now: SystemTime) -> anyhow::Result<()> {
        for entry in std::fs::read_dir(self.dir.join("sending"))? {
            let entry = entry?;
            let taken_at = entry.metadata()?.modified()?;
            if now.duration_since(taken_at).unwrap_or_default() > LEASE {
                let back = self.dir.join(entry.file_name());
                // Linked rather than renamed: a message queued again meanwhile stays as it is.
                match std::fs::hard_link(entry.path(), &back) {
                    Ok(()) => {}
                    Err(error) if error.kind() == ErrorKind::AlreadyExists => {}
                    Err(error) => return Err(error.into()),
                }
                std::fs::remove_file(entry.path())?;
            }
        }
        Ok(())
    }

    /// What waits at `now`: messages waiting (taken by a worker included), the oldest one's
    /// age, and those given up.
    pub fn backlog(&self, now: SystemTime) -> anyhow::Result<Backlog> {
        let mut backlog = Backlog::default();
        let mut oldest = None::<u64>;
        for dir in [self.dir.clone(), self.dir.join("sending")] {
            for entry in std::fs::read_dir(dir)? {
                let path = entry?.path();
                if queued_key(&path).is_none() {
                    continue;
                }
                // A message queued before `queued_at` was kept counts from its file's time.
                let Ok(job) = read_job(&path) else { continue };
                let queued_at = match job.queued_at {
                    0 => std::fs::metadata(&path).and_then(|meta| meta.modified()).map_or(0, epoch_secs),
                    at => at,
                };
                backlog.waiting += 1;
                oldest = Some(oldest.map_or(queued_at, |oldest| oldest.min(queued_at)));
            }
        }
        backlog.oldest_secs = oldest.map_or(0, |oldest| epoch_secs(now).saturating_sub(oldest));
        backlog.failed = std::fs::read_dir(self.dir.join("failed"))?
            .filter(|entry| entry.as_ref().is_ok_and(|entry| queued_key(&entry.path()).is_some()))
            .count();
        Ok(backlog)
    }

    /// The background worker: a pass when woken by a new message, or every `POLL`.
    pub async fn work(self, transport: Arc<dyn Deliver>) {
        loop {
            let now = SystemTime::now();
            if let Err(error) = self.run_once(transport.as_ref(), now).await {
                tracing::error!(error = format!("{error:#}"), "mail queue unreadable");
            }
            if let Ok(backlog) = self.backlog(now) {
                let metrics = &self.metrics;
                metrics.waiting.set(i64::try_from(backlog.waiting).unwrap_or(i64::MAX));
                metrics.oldest.set(i64::try_from(backlog.oldest_secs).unwrap_or(i64::MAX));
                metrics.failed.set(i64::try_from(backlog.failed).unwrap_or(i64::MAX));
            }
            let _ = tokio::time::timeout(POLL, self.wake.notified()).await;
        }
    }
}

/// `{key}.json` directly in the queue folder.
fn queued_key(path: &Path) -> Option<String> {
    if !path.is_file() || path.extension()? != "json" {
        return None;
    }
    path.file_stem()?.to_str().map(str::to_owned)
}

fn read_job(path: &Path) -> anyhow::Result<Job> {
    Ok(serde_json::from_slice(&std::fs::read(path)?)?)
}

fn epoch_secs(moment: SystemTime) -> u64 {
    moment.duration_since(UNIX_EPOCH).unwrap_or_default().as_secs()
}

/// The wait after the `attempts`-th failure: 30 s, 1 min, 2 min… up to 4 h.
fn delay(attempts: u32) -> Duration {
    FIRST_DELAY.saturating_mul(1 << attempts.saturating_sub(1).min(16)).min(MAX_DELAY)
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use lettre::message::header::ContentType;

    use super::*;

    /// A transport that refuses the first `failures` messages, then records what it sends.
    #[derive(Default)]
    struct Recorder {
        failures: Mutex<usize>,
        sent: Mutex<Vec<(Vec<String>, String)>>,
    }

    #[async_trait::async_trait]
    impl Deliver for Recorder {
        async fn deliver(&self, envelope: &Envelope, raw: &[u8]) -> anyhow::Result<()> {
            let mut failures = self.failures.lock().unwrap();
            if *failures > 0 {
                *failures -= 1;
                anyhow::bail!("relay refused");
            }
            let to = envelope.to().iter().map(ToString::to_string).collect();
            self.sent.lock().unwrap().push((to, String::from_utf8_lossy(raw).into_owned()));
            Ok(())
        }
    }

    fn message(to: &str) -> Message {
        Message::builder()
            .from("Mutuelle <ne-pas-repondre@mutuelle.example>".parse().unwrap())
            .to(to.parse().unwrap())
            .subject("Accusé de réception")
            .header(ContentType::TEXT_PLAIN)
            .body("Bonjour".to_owned())
            .unwrap()
    }

    fn start() -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(1_800_000_000)
    }

    #[tokio::test]
    async fn a_queued_message_is_sent_once_and_leaves_the_queue() {
        let dir = tempfile::tempdir().unwrap();
        let queue = MailQueue::open(dir.path()).unwrap();
        let relay = Recorder::default();

        assert!(queue.enqueue("resiliation-12-accuse", &message("marie@example.org")).unwrap());
        assert_eq!(queue.run_once(&relay, start()).await.unwrap(), Pass { sent: 1, ..Pass::default() });
        assert_eq!(queue.run_once(&relay, start()).await.unwrap(), Pass::default());

        let sent = relay.sent.lock().unwrap();
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].0, ["marie@example.org"]);
        assert!(sent[0].1.contains("Subject: =?utf-8?"), "{}", sent[0].1);
    }

    #[tokio::test]
    async fn the_same_key_is_queued_once() {
        let dir = tempfile::tempdir().unwrap();
        let queue = MailQueue::open(dir.path()).unwrap();
        assert!(queue.enqueue("resiliation-12-accuse", &message("marie@example.org")).unwrap());
        assert!(!queue.enqueue("resiliation-12-accuse", &message("autre@example.org")).unwrap());

        let relay = Recorder::default();
        queue.run_once(&relay, start()).await.unwrap();
        assert_eq!(relay.sent.lock().unwrap()[0].0, ["marie@example.org"]);
    }

    #[tokio::test]
    async fn a_refused_message_is_retried_after_its_delay_and_survives_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let relay = Recorder { failures: Mutex::new(1), ..Recorder::default() };
        MailQueue::open(dir.path()).unwrap().enqueue("k", &message("marie@example.org")).unwrap();

        let queue = MailQueue::open(dir.path()).unwrap();
        assert_eq!(queue.run_once(&relay, start()).await.unwrap().retried, 1);
        // Not before its delay…
        assert_eq!(queue.run_once(&relay, start() + Duration::from_secs(29)).await.unwrap(), Pass::default());
        // …by a worker started afterwards, from the same folder.
        let restarted = MailQueue::open(dir.path()).unwrap();
        assert_eq!(restarted.run_once(&relay, start() + Duration::from_secs(30)).await.unwrap().sent, 1);
    }

    #[tokio::test]
    async fn a_message_the_relay_keeps_refusing_is_set_aside() {
        let dir = tempfile::tempdir().unwrap();
        let queue = MailQueue::open(dir.path()).unwrap();
        let relay = Recorder { failures: Mutex::new(usize::MAX), ..Recorder::default() };
        queue.enqueue("k", &message("marie@example.org")).unwrap();

        let mut now = start();
        for _ in 0..MAX_ATTEMPTS {
            queue.run_once(&relay, now).await.unwrap();
            now += MAX_DELAY;
        }
        assert!(dir.path().join("failed/k.json").exists());
        assert!(!dir.path().join("k.json").exists());
        assert_eq!(queue.backlog(now).unwrap(), Backlog { failed: 1, ..Backlog::default() });
    }

    #[tokio::test]
    async fn the_backlog_counts_what_waits_and_the_oldest_ones_age() {
        let dir = tempfile::tempdir().unwrap();
        let queue = MailQueue::open(dir.path()).unwrap();
        let queued = SystemTime::now();
        queue.enqueue("first", &message("marie@example.org")).unwrap();
        queue.enqueue("second", &message("paul@example.org")).unwrap();
        let backlog = queue.backlog(queued + Duration::from_secs(600)).unwrap();
        assert_eq!(backlog.waiting, 2);
        assert!((599..=601).contains(&backlog.oldest_secs), "{backlog:?}");

        let relay = Recorder::default();
        queue.run_once(&relay, queued).await.unwrap();
        assert_eq!(queue.backlog(queued).unwrap(), Backlog::default(), "sent: nothing waits");
    }

    #[tokio::test]
    async fn two_workers_on_one_folder_send_a_message_once() {
        let dir = tempfile::tempdir().unwrap();
        let one = MailQueue::open(dir.path()).unwrap();
        let other = MailQueue::open(dir.path()).unwrap();
        one.enqueue("k", &message("marie@example.org")).unwrap();

        let relay = Recorder::default();
        let (a, b) = tokio::join!(one.run_once(&relay, start()), other.run_once(&relay, start()));
        assert_eq!(a.unwrap().sent + b.unwrap().sent, 1);
        assert_eq!(relay.sent.lock().unwrap().len(), 1);
    }

    #[test]
    fn retries_wait_longer_each_time_up_to_four_hours() {
        assert_eq!(delay(1), Duration::from_secs(30));
        assert_eq!(delay(2), Duration::from_secs(60));
        assert_eq!(delay(12), MAX_DELAY);
    }
}
