//! Acting for a member (docs/product/roles.md#acting-for-a-member): a person the member gave a
//! delegation to, or a guardian the mutual recorded, signs in with their own account and opens
//! the member's space. The session then holds that member's sign-in answer and names them to the
//! member API with every call; the member API checks the delegation's rights on each. Here:
//! which members the person may act for, the space opened for one of them
//! (`PUT /api/session/agir-pour`) and the way back to their own (`DELETE`).

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::service::{Auth, CurrentSession, store_unavailable};
use crate::audit::{self, Kind, Note};
use crate::device::Device;
use crate::error::ApiError;
use crate::member_api::calls::PROCURATIONS;
use crate::member_api::{AccessToken, Call, MemberApiClient, SignInError, SignedInMember};
use crate::request_id::RequestId;
use crate::session::{Acting, Session};

/// A member the person may act for, as `assure/procurations` names them.
#[derive(Deserialize)]
pub struct Procuration {
    pub numero: String,
    #[serde(rename = "Civilite")]
    pub civilite: String,
    #[serde(rename = "Prenom")]
    pub prenom: String,
    #[serde(rename = "Nom")]
    pub nom: String,
    pub nature: String,
    pub droits: Vec<String>,
    pub fin: String,
}

#[derive(Deserialize)]
struct Procurations {
    procurations: Vec<Procuration>,
}

/// The members the holder of `token` (their own, acting for nobody) may act for today.
pub async fn procurations(
    member_api: &MemberApiClient,
    token: &AccessToken,
    request_id: Option<&str>,
) -> Result<Vec<Procuration>, ApiError> {
    let token = AccessToken { acting_for: None, ..token.clone() };
    let call = Call::get(&PROCURATIONS, PROCURATIONS.relative(), request_id, "application/json");
    let answer = member_api.once(&token, &call).await?;
    if !answer.status().is_success() {
        return Err(crate::member_api::failure(answer.status()));
    }
    Ok(answer.json::<Procurations>().await?.procurations)
}

/// The space of the member `procuration` names, opened with `token` (the person's own): the
/// member API's sign-in answer for that member, as the delegation allows it.
pub async fn open(
    member_api: &MemberApiClient,
    token: &AccessToken,
    procuration: &Procuration,
    device: &Device,
    request_id: Option<&str>,
) -> Result<SignedInMember, SignInError> {
    let token = AccessToken { acting_for: Some(procuration.numero.clone()), ..token.clone() };
    member_api.sign_in(&token, &procuration.numero, device, request_id).await
}

/// What the session keeps of the delegation it acts under.
pub fn acting(
    procuration: Procuration,
    own: Option<SignedInMember>,
    own_pseudonym: Option<String>,
) -> Acting {
    let holder = [procuration.civilite, procuration.prenom, procuration.nom];
    Acting {
        for_member: procuration.numero,
        holder: holder.iter().filter(|part| !part.is_empty()).cloned().collect::<Vec<_>>().join(" "),
        nature: procuration.nature,
        droits: procuration.droits,
        fin: procuration.fin,
        own,
        own_pseudonym,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    numero: String,
}

const SANS_DELEGATION: &str = "Vous n’avez pas de délégation en cours pour agir au nom de cet adhérent.";

/// `PUT /api/session/agir-pour`: opens the space of a member the person may act for, in place
/// of the one on screen.
pub async fn start(
    request: HttpRequest,
    choice: web::Json<Choice>,
    auth: web::Data<Auth>,
    member_api: web::Data<MemberApiClient>,
    request_id: Option<web::ReqData<RequestId>>,
) -> Result<HttpResponse, ApiError> {
    let current = auth.require(&request).await?;
    let request_id = request_id.as_deref().map(|id| id.0.as_str());
    let token = auth.access_token(&current).await?;
    let numero = choice.into_inner().numero;
    let procuration = procurations(&member_api, &token, request_id)
        .await?
        .into_iter()
        .find(|procuration| procuration.numero == numero)
        .ok_or_else(|| ApiError::Denied { code: "delegation_inconnue", message: SANS_DELEGATION })?;
    let session = &current.session;
    let member =
        open(&member_api, &token, &procuration, &session.device, request_id).await.map_err(|error| {
            match error {
                SignInError::Refused(403) => {
                    ApiError::Denied { code: "delegation_inconnue", message: SANS_DELEGATION }
                }
                SignInError::Refused(401) => ApiError::Unauthorized,
                _ => ApiError::BadGateway(format!("member API sign-in for a delegate: {error:?}")),
            }
        })?;
    // The person's own space, whichever is on screen now.
    let (own, own_pseudonym) = match &session.acting {
        Some(acting) => (acting.own.clone(), acting.own_pseudonym.clone()),
        None => (Some(session.member.clone()), session.pseudonym.clone()),
    };
    let pseudonym = auth.audit.pseudonym(&procuration.numero);
    let acting = acting(procuration, own, own_pseudonym);
    let renewed = Session { member, acting: Some(acting), pseudonym, ..Session::clone(session) };
    replace(&request, &auth, &current, renewed, Kind::ActingStarted).await
}

/// `DELETE /api/session/agir-pour`: back to the person's own space; 409 for someone who has
/// none (they are no member).
pub async fn stop(request: HttpRequest, auth: web::Data<Auth>) -> Result<HttpResponse, ApiError> {
    let current = auth.require(&request).await?;
    let session = &current.session;
    let Some(acting) = &session.acting else { return super::member::answer(&auth, &current) };
    let Some(own) = acting.own.clone() else {
        return Err(ApiError::Conflict {
            code: "sans_espace",
            message: "Vous n’avez pas d’espace adhérent : choisissez la personne pour qui vous agissez.",
        });
    };
    let pseudonym = acting.own_pseudonym.clone();
    let renewed = Session { member: own, acting: None, pseudonym, ..Session::clone(session) };
    replace(&request, &auth, &current, renewed, Kind::ActingEnded).await
}

/// Writes the session over the one read, unless it ended or changed since: then nothing is
/// written, and the browser reads the session again (409).
async fn replace(
    request: &HttpRequest,
    auth: &Auth,
    current: &CurrentSession,
    renewed: Session,
    kind: Kind,
) -> Result<HttpResponse, ApiError> {
    if !auth.sessions.replace(&current.id, &renewed).await.map_err(store_unavailable)? {
        return Err(ApiError::Conflict {
            code: "session_modifiee",
            message: "Votre session a changé entre-temps : rechargez la page, puis recommencez.",
        });
    }
    audit::note(request, Note { member: renewed.pseudonym.clone(), ..Note::of(kind) });
    let renewed = CurrentSession { id: current.id.clone(), session: std::sync::Arc::new(renewed) };
    super::member::answer(auth, &renewed)
}

/// After a refusal (403) of a call made for the member acted for: when the delegation is no
/// longer among the person's (withdrawn, or past its last day), the session no longer acts for
/// that member: back to the person's own space, else to another member they act for, else it
/// ends, as no space is left for them. A refusal of one right leaves the session as it is.
/// Whether the session was taken back.
pub async fn take_back_if_ended(
    request: &HttpRequest,
    auth: &Auth,
    member_api: &MemberApiClient,
    current: &CurrentSession,
    request_id: Option<&str>,
) -> Result<bool, ApiError> {
    let Some(ended) = &current.session.acting else { return Ok(false) };
    let token = auth.access_token(current).await?;
    let mut others = procurations(member_api, &token, request_id).await?;
    if others.iter().any(|procuration| procuration.numero == ended.for_member) {
        return Ok(false);
    }
    let session = &current.session;
    let renewed = match (&ended.own, others.is_empty()) {
        (Some(own), _) => Session {
            member: own.clone(),
            acting: None,
            pseudonym: ended.own_pseudonym.clone(),
            ..Session::clone(session)
        },
        (None, false) => {
            let next = others.swap_remove(0);
            let Ok(member) = open(member_api, &token, &next, &session.device, request_id).await else {
                return Ok(false);
            };
            let pseudonym = auth.audit.pseudonym(&next.numero);
            let acting = acting(next, None, ended.own_pseudonym.clone());
            Session { member, acting: Some(acting), pseudonym, ..Session::clone(session) }
        }
        (None, true) => {
            if let Some(ended) = auth.sessions.remove(&current.id).await.map_err(store_unavailable)? {
                auth.revoke(&ended).await;
                audit::note(
                    request,
                    Note { member: ended.pseudonym.clone(), ..Note::of(Kind::SessionClosed) },
                );
            }
            return Ok(true);
        }
    };
    // Changed meanwhile: whoever changed it decided.
    let replaced = auth.sessions.replace(&current.id, &renewed).await.map_err(store_unavailable)?;
    if replaced {
        audit::note(request, Note { member: renewed.pseudonym.clone(), ..Note::of(Kind::ActingEnded) });
    }
    Ok(replaced)
}

/// What a page of the member's space answers once the delegation it was opened under ended.
pub const ENDED: &str = "Votre délégation pour cet adhérent a pris fin : vous ne pouvez plus agir pour lui.";
