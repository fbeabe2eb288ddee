//! The embedded demo member API, mounted under `/_demo/api`: every call
//! (docs/product/member-api.md#member-api-calls) that the portal forwards from its `/api/…`, over a
//! SQLite file in the demo data folder. It behaves
//! like the real upstream: bearer JWTs checked against the issuer's keys, members confined to
//! their own data, changes kept across restarts. Response shapes: `openapi/member-api.yaml`.
//!
//! In layers, each importing only those below it: [`http`] reads the calls and answers them;
//! [`rules`] decides what the mutual accepts, refuses and computes, and [`mail`] the emails it
//! owes; [`store`] holds the database and every SQL statement, and [`pdf`] prints. The
//! first-start members ([`seed`]) are computed by the rules and written by the store; the back
//! office (`back_office/`) changes nothing but through the rules. What every layer shares is
//! the day ([`clock`]) and the refusals ([`ApiFailure`]).

pub(crate) mod clock;
mod failure;
mod http;
mod mail;
pub(crate) mod pdf;
pub(crate) mod rules;
mod seed;
pub(crate) mod store;

use std::sync::Arc;
use std::time::Duration;

use actix_web::web;
use anyhow::Context as _;

pub use self::failure::ApiFailure;
use self::http::context::Context;
pub use self::http::error::method_not_allowed;
use self::http::jetons::TokenVerifier;
use self::http::latence::Latence;
pub use self::mail::evenements::{Evenement, publier};
use self::mail::file_courriels::Facteur;
use self::mail::jeton_desabonnement::CleDesabonnement;
use self::rules::delegations;
use self::rules::depots_en_attente::{self, DepotsEnAttente};
use self::store::database::Database;
pub use self::store::horodatage::horodatage;
use crate::settings::Settings;

/// How often uploads no request took are looked for: an upload is kept its time to within
/// this, which is nothing beside a time counted in hours.
const NETTOYAGE_DES_DEPOTS: Duration = Duration::from_secs(10 * 60);
/// How often the mail queue looks for emails when it is not woken: a queued email wakes it at
/// once, so this only paces the retries of those that failed.
const RELEVE_DU_COURRIER: Duration = Duration::from_secs(5);

#[derive(Clone)]
pub struct MemberApi {
    context: web::Data<Context>,
    latence: Latence,
}

impl MemberApi {
    /// Opens (creating and seeding on first start) `{demo.data_dir}/member-api.sqlite3`. The
    /// issuer's keys are fetched on first use: at start-up the demo identity provider, served
    /// by this very process, is not listening yet.
    pub fn open(settings: &Settings, http: reqwest::Client) -> anyhow::Result<Self> {
        let data_dir = &settings.data_dir;
        std::fs::create_dir_all(data_dir)
            .with_context(|| format!("cannot create the demo data folder {}", data_dir.display()))?;
        let path = data_dir.join("member-api.sqlite3");
        let db = Database::open(&path, |connection| seed::seed_once(connection, clock::today()))
            .with_context(|| format!("cannot open the demo member API database {}", path.display()))?;
        let cle_desabonnement = CleDesabonnement::charger_ou_creer(data_dir)?;
        let facteur = match &settings.outbox_dir {
            Some(outbox) => {
                std::fs::create_dir_all(outbox)
                    .with_context(|| format!("cannot create the outbox {}", outbox.display()))?;
                Some(Facteur::new(
                    outbox,
                    &settings.mail_from,
                    settings.public_url.clone(),
                    settings.mutuelle.clone(),
                    cle_desabonnement.clone(),
                )?)
            }
            None => None,
        };
        let tokens = TokenVerifier::new(
            settings.oidc_issuer.clone(),
            settings.client_id.clone(),
            settings.person_number_claim.clone(),
            http,
        );
        Ok(Self {
            context: web::Data::from(Arc::new(Context {
                db,
                tokens,
                proofs: Default::default(),
                max_upload_bytes: settings.max_upload_bytes,
                depots_en_attente: DepotsEnAttente::new(settings),
                portal_api: settings.public_url.join("api/").expect("static path"),
                mutuelle: settings.mutuelle.clone(),
                public_url: settings.public_url.clone(),
                cle_desabonnement,
                facteur,
                boutique: settings.boutique.clone().map(Arc::new),
            })),
            latence: Latence::new(settings.api_latency, settings.api_latency_jitter),
        })
    }

    /// Removes the uploads no request took in time, and tells the members whose delegations
    /// ended by their date, now and then every ten minutes, for as long as the API is in use:
    /// the task holds it weakly, and ends once the server lets it go.
    pub fn spawn_upkeep(&self) {
        let context = Arc::downgrade(&self.context.clone().into_inner());
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(NETTOYAGE_DES_DEPOTS);
            interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                interval.tick().await;
                let Some(context) = context.upgrade() else { return };
                let duree = context.depots_en_attente.duree;
                let supprimes = context
                    .db
                    .run(move |db| Ok(depots_en_attente::supprimer_expires(db, chrono::Utc::now(), duree)?))
                    .await;
                match supprimes {
                    Ok(0) => {}
                    Ok(count) => tracing::info!(count, "unsent uploads removed"),
                    Err(error) => tracing::warn!(%error, "unsent uploads could not be removed"),
                }
                let annonces = context
                    .db
                    .run(|db| Ok(delegations::annoncer_les_fins(db, clock::today(), chrono::Utc::now())?))
                    .await;
                if let Err(error) = annonces {
                    tracing::warn!(%error, "the ends of delegations could not be told");
                }
            }
        });
    }

    /// Sends the queued emails at once when one is queued, and every few seconds otherwise (a
    /// failed one is tried again then), for as long as the API is in use: like the clean-up,
    /// the task holds it weakly. Without an outbox, emails wait in the queue.
    pub fn spawn_mail_queue(&self) {
        if self.context.facteur.is_none() {
            tracing::info!("the demo member API has no outbox: its emails stay queued");
            return;
        }
        let courriel_en_file = self.context.db.courriel_en_file();
        let context = Arc::downgrade(&self.context.clone().into_inner());
        tokio::spawn(async move {
            loop {
                let Some(context) = context.upgrade() else { return };
                let facteur = context.facteur.clone().expect("checked before the task started");
                let tournee = context.db.run(move |db| Ok(facteur.tournee(db, chrono::Utc::now())?)).await;
                match tournee {
                    Ok(tournee) if tournee.envoyes > 0 => {
                        tracing::info!(count = tournee.envoyes, "member API emails written to the outbox");
                    }
                    Ok(_) => {}
                    Err(error) => tracing::warn!(%error, "the member API's mail queue could not be read"),
                }
                drop(context);
                tokio::select! {
                    () = courriel_en_file.notified() => {}
                    () = tokio::time::sleep(RELEVE_DU_COURRIER) => {}
                }
            }
        });
    }

    /// The unsubscribe link of the alerts, `/_demo/desabonnement`, outside the API's prefix: a
    /// mail client follows it with no token.
    pub fn desabonnement(&self) -> actix_web::Resource {
        http::desabonnement::resource(self.context.clone())
    }

    /// The API's database: the back office writes through it, so that the API's kept answers
    /// follow its changes.
    pub(crate) fn database(&self) -> Database {
        self.context.db.clone()
    }

    /// The largest file the API accepts.
    pub(crate) fn max_upload_bytes(&self) -> usize {
        self.context.max_upload_bytes
    }

    /// Registers the API's routes under its prefix, `/_demo/api`.
    pub fn configure(&self, cfg: &mut web::ServiceConfig) {
        http::routes::configure(cfg, self.context.clone(), self.latence);
    }
}
