//! The handle every recorder shares. Events go to one writer task, which appends what has
//! arrived in one batch and syncs once; each recorder waits for its batch to be on disk, so an
//! answer never leaves before its line is kept, and a line that cannot be kept fails the answer
//! (503) rather than being lost.

use actix_web::{HttpMessage as _, HttpRequest};
use tokio::sync::{mpsc, oneshot};

use super::event::{Event, Kind, object};
use super::file::TrailFile;
use super::pseudonym::Pseudonyms;
use crate::config::AuditSettings;
use crate::error::ApiError;

/// Most events waiting for the writer; past it recorders wait their turn.
const QUEUE: usize = 4096;
/// Most events appended in one write and sync.
const BATCH: usize = 512;

struct Pending {
    event: Event,
    written: oneshot::Sender<Result<(), String>>,
}

#[derive(Clone, Default)]
pub struct Audit {
    /// `None` when `[audit]` is off: recording is then free.
    on: Option<On>,
}

#[derive(Clone)]
struct On {
    queue: mpsc::Sender<Pending>,
    pseudonyms: Pseudonyms,
}

impl Audit {
    /// Opens `audit.file` and starts its writer (within a Tokio runtime); off without one.
    pub fn open(settings: &AuditSettings) -> anyhow::Result<Self> {
        use anyhow::Context as _;
        let Some(path) = &settings.file else { return Ok(Self::default()) };
        let key = settings.pseudonym_key.as_ref().context("audit.pseudonym_key: validated")?;
        let file = TrailFile::open(path, settings.retention_days)
            .with_context(|| format!("audit.file: cannot open {}", path.display()))?;
        let (queue, receiver) = mpsc::channel(QUEUE);
        tokio::spawn(write(file, receiver));
        Ok(Self { on: Some(On { queue, pseudonyms: Pseudonyms::new(key) }) })
    }

    pub fn is_on(&self) -> bool {
        self.on.is_some()
    }

    /// The member's pseudonym, when the trail is on.
    pub fn pseudonym(&self, person_number: &str) -> Option<String> {
        self.on.as_ref().map(|on| on.pseudonyms.of(person_number))
    }

    /// Keeps `event`, once on disk; 503 when it cannot be kept.
    pub async fn record(&self, event: Event) -> Result<(), ApiError> {
        let Some(on) = &self.on else { return Ok(()) };
        let (written, kept) = oneshot::channel();
        let lost = |problem: String| {
            tracing::error!(problem, "audit trail not written");
            ApiError::Unavailable(format!("audit trail: {problem}"))
        };
        on.queue.send(Pending { event, written }).await.map_err(|_| lost("its writer stopped".into()))?;
        kept.await.map_err(|_| lost("its writer stopped".into()))?.map_err(lost)
    }
}

/// An event of `request`, answered with `outcome`: its route's pattern and id, the client's
/// address, the request and trace ids.
pub fn event_of(kind: Kind, request: &HttpRequest, outcome: u16, trusted_proxies: &[ipnet::IpNet]) -> Event {
    let mut event =
        Event::new(kind, outcome, crate::limits::client_address(request, trusted_proxies).to_string());
    event.route = request.match_pattern();
    event.objects = request.match_info().get("id").map(object).into_iter().collect();
    event.request_id = request.extensions().get::<crate::request_id::RequestId>().map(|id| id.0.clone());
    event.trace_id = crate::telemetry::traces::ids(&tracing::Span::current()).map(|(trace, _)| trace);
    event
}

async fn write(mut file: TrailFile, mut receiver: mpsc::Receiver<Pending>) {
    while let Some(first) = receiver.recv().await {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match receiver.try_recv() {
                Ok(pending) => batch.push(pending),
                Err(_) => break,
            }
        }
        let (events, waiting): (Vec<Event>, Vec<_>) =
            batch.into_iter().map(|pending| (pending.event, pending.written)).unzip();
        let time = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        let appended = tokio::task::spawn_blocking(move || {
            let result = file.append(&events, &time).map_err(|error| error.to_string());
            (file, result)
        })
        .await;
        let Ok((returned, result)) = appended else {
            tracing::error!("the audit writer panicked; every later event is refused");
            return;
        };
        file = returned;
        for written in waiting {
            let _ = written.send(result.clone());
        }
    }
}
