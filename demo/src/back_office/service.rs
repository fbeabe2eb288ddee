//! The back office as the server holds it: the member API's database it acts on, and its
//! operators' sessions.

use std::future::{Ready, ready};

use actix_web::dev::Payload;
use actix_web::http::Method;
use actix_web::{FromRequest, HttpRequest, web};
use chrono::{DateTime, Utc};
use rusqlite::{Connection, Transaction};
use subtle::ConstantTimeEq;

use super::refus::Refus;
use super::session::{Operateur, Sessions};
use crate::member_api::store::database::Database;
use crate::member_api::{ApiFailure, MemberApi};
use crate::settings::Settings;

pub struct BackOffice {
    /// The member API's database: the back office writes through it, so that the API's kept
    /// answers follow its changes.
    db: Database,
    /// The largest file the member API accepts, and so the largest document the mutual issues.
    pub max_upload_bytes: usize,
    pub sessions: Sessions,
    /// The mutual's name, printed on the agreements it decides.
    pub mutuelle: String,
}

impl BackOffice {
    /// Opens the back office on the member API's database; its session key is made on first
    /// start in the demo data folder.
    pub fn open(settings: &Settings, api: &MemberApi) -> anyhow::Result<Self> {
        let secure = settings.public_url.scheme() == "https";
        Ok(Self {
            db: api.database(),
            max_upload_bytes: api.max_upload_bytes(),
            sessions: Sessions::open(&settings.data_dir, secure)?,
            mutuelle: settings.mutuelle.clone(),
        })
    }

    /// Runs `job` on the database: a reading, which a refusal of the rules may end.
    pub async fn lire<T: Send + 'static, E: Into<ApiFailure>>(
        &self,
        job: impl FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    ) -> Result<T, Refus> {
        Ok(self.db.run(move |db| job(db).map_err(Into::into)).await?)
    }

    /// Runs `job` in one transaction, committed only when it succeeds, at this moment.
    pub async fn ecrire<T: Send + 'static>(
        &self,
        job: impl FnOnce(&Transaction, DateTime<Utc>) -> Result<T, Refus> + Send + 'static,
    ) -> Result<T, Refus> {
        self.db
            .run(move |db| {
                let tx = db.transaction()?;
                let resultat = job(&tx, Utc::now());
                if resultat.is_ok() {
                    tx.commit()?;
                }
                Ok(resultat)
            })
            .await?
    }
}

impl FromRequest for Operateur {
    type Error = Refus;
    type Future = Ready<Result<Self, Refus>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let operateur = request
            .app_data::<web::Data<BackOffice>>()
            .and_then(|back_office| back_office.sessions.lire(request));
        ready(operateur.ok_or(Refus::NonConnecte { page: request.method() == Method::GET }))
    }
}

impl Operateur {
    /// The anti-forgery token a form sent back is this session's: a page of another site can
    /// make the browser post a form, never read the token from one of ours.
    pub fn verifier(&self, jeton: &str) -> Result<(), Refus> {
        if bool::from(jeton.as_bytes().ct_eq(self.jeton.as_bytes())) {
            Ok(())
        } else {
            Err(Refus::new(
                actix_web::http::StatusCode::FORBIDDEN,
                "Ce formulaire n’est plus valable ou ne vient pas du back-office : rechargez la page, puis recommencez.",
            ))
        }
    }
}
