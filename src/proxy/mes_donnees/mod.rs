//! `GET /api/mes-donnees`, « Télécharger mes données » (docs/product/member-api.md#my-data-to-take-away): everything
//! the member API holds on the member, read through the calls the screens make, and what the
//! portal holds (the open sessions), in one ZIP (`archive`). Any member API that answers the
//! contract's reads gives its members their archive; no call of its own is needed.
//!
//! Bounded: the documents' bytes up to `DOCUMENTS_MAX_BYTES` (those beyond are named in the
//! read-me, to download from their request), one archive at a time per member (a second is a
//! 409) and `EN_PARALLELE_MAX` per instance (then a 429 with `Retry-After`), so that one member
//! asking again and again cannot hold the memory the others need.

mod archive;

use std::collections::HashSet;
use std::sync::Mutex;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::{StreamExt, TryStreamExt};
use serde_json::{Map, Value, json};
use tokio::sync::Semaphore;

use crate::auth::CurrentSession;
use crate::error::ApiError;
use crate::member_api::calls::{self, DOCUMENT_PDF, Method};
use crate::member_api::{Bearer, Call, MemberApiClient, path_with_id};
use crate::request_id::RequestId;
use crate::state::AppState;

/// The request documents' bytes one archive takes at most; the ZIP is built in memory, so this
/// is also about the memory one archive holds.
const DOCUMENTS_MAX_BYTES: usize = 64 * 1024 * 1024;
/// Archives built at once by one instance.
const EN_PARALLELE_MAX: usize = 4;
/// Documents fetched at once for one archive.
const DOCUMENTS_EN_PARALLELE: usize = 4;

/// The parts of `donnees.json`'s « mutuelle », each the answer to one of the member API's reads
/// (openapi/mes-donnees.schema.json names them).
const PARTIES: [(&str, &str); 15] = [
    ("identite", "/assure/"),
    ("informations", "/assure/infos"),
    ("beneficiaires", "/assure/beneficiaires"),
    ("comptesBancaires", "/assure/banques"),
    ("comptesParBeneficiaire", "/assure/beneficiairesInfosBancaires"),
    ("preferences", "/assure/preferences"),
    ("documentsEmis", "/assure/documents"),
    ("contrats", "/assure/contrats"),
    ("droits", "/assure/droitsAdherent"),
    ("garanties", "/assure/droitsCompletAdherent"),
    ("plafonds", "/assure/plafonds"),
    ("cartesTiersPayant", "/assure/carte-tp"),
    ("remboursements", "/assure/prestations"),
    ("remboursementsProfessionnels", "/assure/prestations-pro"),
    ("demandes", "/demandes"),
];

/// The archives being built: by member, so that a second one waits for the first, and in all.
pub struct EnPreparation {
    membres: Mutex<HashSet<String>>,
    places: Semaphore,
}

impl Default for EnPreparation {
    fn default() -> Self {
        Self { membres: Mutex::default(), places: Semaphore::new(EN_PARALLELE_MAX) }
    }
}

/// The member's place, given back however the archive ends (built, failed or abandoned).
struct Place<'a> {
    en_preparation: &'a EnPreparation,
    membre: String,
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        self.en_preparation
            .membres
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .remove(&self.membre);
    }
}

impl EnPreparation {
    fn reserver(&self, membre: &str) -> Result<Place<'_>, ApiError> {
        let mut membres = self.membres.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if !membres.insert(membre.to_owned()) {
            return Err(ApiError::Conflict {
                code: "archive_en_preparation",
                message: "Votre archive est déjà en préparation : elle arrive dans quelques secondes.",
            });
        }
        Ok(Place { en_preparation: self, membre: membre.to_owned() })
    }
}

pub async fn mes_donnees(
    request: HttpRequest,
    request_id: Option<web::ReqData<RequestId>>,
    state: web::Data<AppState>,
    en_preparation: web::Data<EnPreparation>,
) -> Result<HttpResponse, ApiError> {
    let current = state.auth.require(&request).await?;
    let _place = en_preparation.reserver(&current.session.sub)?;
    let _permis = en_preparation.places.try_acquire().map_err(|_| ApiError::TooManyRequests {
        retry_after_secs: 30,
        message: "De nombreuses archives sont en préparation : réessayez dans une minute.",
    })?;
    let lecteur = Lecteur {
        api: &state.member_api,
        bearer: &state.auth.bearer(&current),
        request_id: request_id.as_deref().map(|id| id.0.as_str()),
        // Someone acting for the member, or a beneficiary in their own space, gets what they
        // may see: the parts the member API refuses them are left out, and named.
        partiel: current.session.acting.is_some(),
    };
    let (mutuelle, non_incluses) = lecteur.parties().await?;
    let (documents, omis) = lecteur.documents(&mutuelle["demandes"]).await?;
    let maintenant = chrono::DateTime::from_timestamp(crate::clock::now(), 0)
        .unwrap_or_default()
        .with_timezone(&chrono_tz::Europe::Paris);
    let donnees = json!({
        "version": 1,
        "genereLe": maintenant.to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
        "mutuelle": mutuelle,
        "espaceAssure": { "connexions": connexions(&state, &current).await? },
    });
    let genere_le = maintenant.naive_local();
    let zip = web::block(move || archive::build(&donnees, &documents, &omis, &non_incluses, genere_le))
        .await
        .map_err(|error| ApiError::Internal(error.into()))??;
    let jour = maintenant.format("%Y-%m-%d");
    Ok(HttpResponse::Ok()
        .content_type("application/zip")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"mes-donnees-{jour}.zip\""),
        ))
        .body(zip))
}

/// The open sessions as « Mes connexions » lists them, without the names that close them.
async fn connexions(state: &AppState, current: &CurrentSession) -> Result<Value, ApiError> {
    let connexions = crate::auth::connexions::of_member(&state.auth, current).await?;
    Ok(connexions
        .into_iter()
        .map(|connexion| {
            json!({
                "ouverteLe": connexion.ouverte_le,
                "derniereActivite": connexion.derniere_activite,
                "navigateur": connexion.navigateur,
                "systeme": connexion.systeme,
                "cetAppareil": connexion.cet_appareil,
            })
        })
        .collect())
}

/// The member API as this request's member sees it.
struct Lecteur<'a> {
    api: &'a MemberApiClient,
    bearer: &'a dyn Bearer,
    request_id: Option<&'a str>,
    /// A part refused (403) is left out (`null`) rather than failing the archive.
    partiel: bool,
}

impl Lecteur<'_> {
    /// Every part, read at once, and those left out; one that fails fails the archive, which is
    /// never given with a part missing, but for a part refused to someone acting for the member.
    async fn parties(&self) -> Result<(Map<String, Value>, Vec<&'static str>), ApiError> {
        let lues = futures_util::future::try_join_all(PARTIES.iter().map(|(nom, chemin)| async move {
            let call = calls::find(Method::Get, chemin).expect("each part is one of the member API's calls");
            let lue = match self.api.get_json(self.bearer, call, call.relative(), self.request_id).await {
                Err(ApiError::Forbidden) if self.partiel => None,
                lue => Some(lue?),
            };
            Ok::<_, ApiError>((*nom, lue))
        }))
        .await?;
        let non_incluses = lues.iter().filter(|(_, lue)| lue.is_none()).map(|(nom, _)| *nom).collect();
        let parties =
            lues.into_iter().map(|(nom, lue)| (nom.to_owned(), lue.unwrap_or(Value::Null))).collect();
        Ok((parties, non_incluses))
    }

    /// The documents of every request, within the archive's bound; the others named.
    async fn documents(
        &self,
        demandes: &Value,
    ) -> Result<(Vec<archive::Document>, Vec<archive::Omis>), ApiError> {
        let decrits: Vec<(i64, i64, String, usize)> = demandes
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|demande| demande["documents"].as_array().into_iter().flatten())
            .filter_map(|document| {
                Some((
                    document["id"].as_i64()?,
                    document["idDemande"].as_i64()?,
                    document["nomFichier"].as_str()?.to_owned(),
                    usize::try_from(document["taille"].as_u64()?).ok()?,
                ))
            })
            .collect();
        // Chosen by the sizes the member API gives, in the requests' order, before any is read.
        let mut reste = DOCUMENTS_MAX_BYTES;
        let (pris, omis): (Vec<_>, Vec<_>) = decrits.into_iter().partition(|(.., taille)| {
            let tient = *taille <= reste;
            if tient {
                reste -= taille;
            }
            tient
        });
        let omis = omis
            .into_iter()
            .map(|(id, id_demande, nom_fichier, _)| archive::Omis { id, id_demande, nom_fichier })
            .collect();
        let documents = futures_util::stream::iter(pris)
            .map(|(id, id_demande, nom_fichier, taille)| async move {
                let contenu = self.document(id, taille).await?;
                Ok::<_, ApiError>(archive::Document { id, id_demande, nom_fichier, contenu })
            })
            .buffered(DOCUMENTS_EN_PARALLELE)
            .try_collect()
            .await?;
        Ok((documents, omis))
    }

    /// A document's bytes, refused when they outgrow the size the member API announced, so that
    /// the bound holds whatever the upstream sends.
    async fn document(&self, id: i64, taille: usize) -> Result<Vec<u8>, ApiError> {
        let path = path_with_id(DOCUMENT_PDF.path, &id.to_string())?;
        let answer = self
            .api
            .expect_success(self.bearer, &Call::get(&DOCUMENT_PDF, &path[1..], self.request_id, "*/*"))
            .await?;
        let (_, chunks) = answer.into_stream();
        let mut chunks = std::pin::pin!(chunks);
        let mut contenu = Vec::with_capacity(taille);
        while let Some(chunk) = chunks.next().await {
            contenu.extend_from_slice(&chunk.map_err(|error| ApiError::BadGateway(error.to_string()))?);
            if contenu.len() > taille {
                return Err(ApiError::BadGateway(format!("document {id} is larger than announced")));
            }
        }
        Ok(contenu)
    }
}
