//! `/_demo/back-office`: the demo's stand-in for the mutual's back office, where whoever tries
//! the demo plays the mutual: add a payment for a member, move a request's state, answer a
//! request or a complaint, issue a document, record the Sécurité sociale's answer on a
//! person's NOEMIE link, accept or refuse a beneficiary to add. Every alert and every change a member sees can so
//! be shown end to end without touching a database.
//!
//! Each action is one transaction through the member API's own database (`Database::run`, so
//! that the API's kept answers follow it) that also records the event the member is told of
//! ([`publier`]). Mounted with the demo member API only, hence never in a partner's build; its
//! operator signs in on its own page ([`session`]).
//!
//! [`publier`]: crate::member_api::mail::evenements::publier

mod actions;
mod dossiers;
mod pages;
mod refus;
mod session;

use actix_multipart::{Field, Multipart};
use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers};
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use chrono::{DateTime, Utc};
use futures_util::StreamExt;
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::Deserialize;

use self::actions::{
    ADHERENT_INCONNU, BENEFICIAIRE_INCONNU, DEMANDE_INCONNUE, DOCUMENT_INCONNU, Pdf, SaisieDecision,
    SaisieEtat, SaisieNoemie, SaisieRemboursement, SaisieReponse,
};
use self::pages::{EchecDemande, Fait, FormulaireDemande};
use self::refus::Refus;
use self::session::{Operateur, Sessions, identifiants_valides};
use crate::member_api::MemberApi;
use crate::member_api::clock::today;
use crate::member_api::http::context::Context;
use crate::member_api::http::reponses::fichier;
use crate::member_api::rules::format_fichier::{self, PDF};
use crate::member_api::rules::validation;
use crate::settings::Settings;

/// Where the server mounts the back office.
pub const MOUNT: &str = "/_demo/back-office";

/// A form's largest body: a 2,000-character answer, percent-encoded, fits with room to spare.
const FORMULAIRE_MAX: usize = 64 * 1024;
/// The anti-forgery token's field, in the document form: a token is 43 characters.
const JETON_MAX: usize = 256;

pub struct BackOffice {
    api: web::Data<Context>,
    sessions: Sessions,
}

impl BackOffice {
    /// Opens the back office on the member API's database; its session key is made on first
    /// start in the demo data folder.
    pub fn open(settings: &Settings, api: &MemberApi) -> anyhow::Result<Self> {
        let secure = settings.public_url.scheme() == "https";
        Ok(Self { api: api.context(), sessions: Sessions::open(&settings.data_dir, secure)? })
    }

    async fn lire<T: Send + 'static>(
        &self,
        job: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, Refus> {
        Ok(self.api.db.run(move |db| Ok(job(db)?)).await?)
    }

    /// Runs `job` in one transaction, committed only when it succeeds, at this moment.
    async fn ecrire<T: Send + 'static>(
        &self,
        job: impl FnOnce(&Transaction, DateTime<Utc>) -> Result<T, Refus> + Send + 'static,
    ) -> Result<T, Refus> {
        self.api
            .db
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

    async fn page_adherent(
        &self,
        operateur: &Operateur,
        numero: String,
        status: StatusCode,
        fait: Option<Fait>,
        echec: Option<(&SaisieRemboursement, &str)>,
    ) -> Result<HttpResponse, Refus> {
        let dossier = self
            .lire(move |db| dossiers::dossier(db, &numero))
            .await?
            .ok_or(Refus::introuvable(ADHERENT_INCONNU))?;
        Ok(pages::reponse(status, pages::adherent(operateur, &dossier, today(), fait, echec)))
    }

    async fn page_demande(
        &self,
        operateur: &Operateur,
        (numero, id): (String, i64),
        status: StatusCode,
        fait: Option<Fait>,
        echec: Option<EchecDemande<'_>>,
    ) -> Result<HttpResponse, Refus> {
        let dossier = self
            .lire(move |db| dossiers::dossier_demande(db, &numero, id))
            .await?
            .ok_or(Refus::introuvable(DEMANDE_INCONNUE))?;
        let page = pages::demande(operateur, &dossier, self.api.max_upload_bytes, fait, echec);
        Ok(pages::reponse(status, page))
    }
}

pub fn scope(back_office: web::Data<BackOffice>) -> impl actix_web::dev::HttpServiceFactory {
    web::scope(MOUNT)
        .app_data(back_office)
        .app_data(
            web::FormConfig::default()
                .limit(FORMULAIRE_MAX)
                .error_handler(|error, _| formulaire_illisible(error)),
        )
        .route("", web::get().to(liste))
        .route("/style.css", web::get().to(pages::stylesheet))
        .route("/connexion", web::get().to(page_connexion))
        .route("/connexion", web::post().to(connexion))
        .route("/deconnexion", web::post().to(deconnexion))
        .route("/adherents/{numero}", web::get().to(adherent))
        .route("/adherents/{numero}/remboursements", web::post().to(ajouter_remboursement))
        .route("/adherents/{numero}/beneficiaires/{id}/noemie", web::post().to(changer_noemie))
        .route("/adherents/{numero}/demandes/{id}", web::get().to(demande))
        .route("/adherents/{numero}/demandes/{id}/etat", web::post().to(changer_etat))
        .route("/adherents/{numero}/demandes/{id}/reponse", web::post().to(repondre))
        .route("/adherents/{numero}/demandes/{id}/document", web::post().to(emettre_document))
        .route("/adherents/{numero}/demandes/{id}/documents/{document}", web::get().to(telecharger))
        .route("/adherents/{numero}/demandes/{id}/decision", web::post().to(decider_ajout))
        .default_service(web::to(|| async {
            Err::<HttpResponse, _>(Refus::introuvable("Cette page du back-office n’existe pas."))
        }))
        .wrap(ErrorHandlers::new().handler(StatusCode::METHOD_NOT_ALLOWED, methode_refusee))
}

/// A body that is not the form the page sends: too large (413), not a form (415), else 400.
fn formulaire_illisible(error: actix_web::error::UrlencodedError) -> actix_web::Error {
    use actix_web::error::UrlencodedError;
    let refus = match error {
        UrlencodedError::Overflow { .. } => {
            Refus::new(StatusCode::PAYLOAD_TOO_LARGE, "Le formulaire envoyé est trop volumineux.")
        }
        UrlencodedError::ContentType => Refus::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Le formulaire doit être envoyé comme le fait la page (application/x-www-form-urlencoded).",
        ),
        _ => Refus::saisie("Le formulaire envoyé est illisible : rechargez la page, puis recommencez."),
    };
    refus.into()
}

/// A known address asked with another method: actix answers an empty 405, which gets a page.
fn methode_refusee<B>(
    response: actix_web::dev::ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let (request, bare) = response.into_parts();
    let mut refus =
        Refus::new(StatusCode::METHOD_NOT_ALLOWED, "Cette action n’est pas possible sur cette page.")
            .error_response();
    if let Some(allow) = bare.headers().get(header::ALLOW) {
        refus.headers_mut().insert(header::ALLOW, allow.clone());
    }
    let response = actix_web::dev::ServiceResponse::new(request, refus);
    Ok(ErrorHandlerResponse::Response(response.map_into_right_body()))
}

fn redirection(vers: String) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, vers))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .finish()
}

async fn page_connexion(request: HttpRequest, operateur: Option<Operateur>) -> HttpResponse {
    if operateur.is_some() {
        return redirection(MOUNT.to_owned());
    }
    pages::reponse(StatusCode::OK, pages::connexion("", None, Fait::depuis(request.query_string())))
}

#[derive(Default, Deserialize)]
#[serde(default)]
struct SaisieConnexion {
    identifiant: String,
    mot_de_passe: String,
}

/// The sign-in form carries no anti-forgery token: there is no session yet to tie it to, and
/// a page of another site signing a browser in as the one demo operator would gain nothing.
async fn connexion(
    request: HttpRequest,
    saisie: web::Form<SaisieConnexion>,
    back_office: web::Data<BackOffice>,
) -> HttpResponse {
    let sessions = &back_office.sessions;
    let adresse = session::adresse(&request);
    if let Err(secondes) = sessions.admettre(adresse) {
        let minutes = secondes.div_ceil(60);
        let message = format!(
            "Trop de tentatives de connexion depuis votre adresse : réessayez dans {minutes} minute{}.",
            if minutes > 1 { "s" } else { "" }
        );
        let mut reponse = pages::reponse(
            StatusCode::TOO_MANY_REQUESTS,
            pages::connexion(&saisie.identifiant, Some(&message), None),
        );
        reponse.headers_mut().insert(header::RETRY_AFTER, secondes.into());
        return reponse;
    }
    if !identifiants_valides(&saisie.identifiant, &saisie.mot_de_passe) {
        sessions.echec(adresse);
        return pages::reponse(
            StatusCode::UNAUTHORIZED,
            pages::connexion(&saisie.identifiant, Some("Identifiant ou mot de passe incorrect."), None),
        );
    }
    sessions.reussite(adresse);
    let mut reponse = redirection(MOUNT.to_owned());
    reponse.add_cookie(&sessions.ouvrir()).expect("a valid cookie");
    reponse
}

#[derive(Default, Deserialize)]
#[serde(default)]
struct SaisieJeton {
    jeton: String,
}

async fn deconnexion(
    operateur: Operateur,
    saisie: web::Form<SaisieJeton>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    operateur.verifier(&saisie.jeton)?;
    let mut reponse = redirection(format!("{MOUNT}/connexion?fait={}", Fait::Deconnexion.code()));
    reponse.add_cookie(&back_office.sessions.fermer(&operateur)).expect("a valid cookie");
    Ok(reponse)
}

async fn liste(operateur: Operateur, back_office: web::Data<BackOffice>) -> Result<HttpResponse, Refus> {
    let adherents = back_office.lire(dossiers::adherents).await?;
    Ok(pages::reponse(StatusCode::OK, pages::adherents(&operateur, &adherents)))
}

async fn adherent(
    operateur: Operateur,
    numero: web::Path<String>,
    request: HttpRequest,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let fait = Fait::depuis(request.query_string());
    back_office.page_adherent(&operateur, numero.into_inner(), StatusCode::OK, fait, None).await
}

/// The request of the path: an id that is not a number names no request.
fn chemin_demande(chemin: web::Path<(String, String)>) -> Result<(String, i64), Refus> {
    let (numero, id) = chemin.into_inner();
    let id = id.parse().map_err(|_| Refus::introuvable(DEMANDE_INCONNUE))?;
    Ok((numero, id))
}

async fn demande(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    request: HttpRequest,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let fait = Fait::depuis(request.query_string());
    back_office.page_demande(&operateur, chemin_demande(chemin)?, StatusCode::OK, fait, None).await
}

/// A document of the request, as the member sent it or the mutual issued it: only through
/// the request that holds it, so that a link names what the operator is looking at.
async fn telecharger(
    _operateur: Operateur,
    chemin: web::Path<(String, String, String)>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let (numero, id, document) = chemin.into_inner();
    let (numero, id) = chemin_demande(web::Path::from((numero, id)))?;
    let document: i64 = document.parse().map_err(|_| Refus::introuvable(DOCUMENT_INCONNU))?;
    let trouve = back_office
        .lire(move |db| {
            db.query_row(
                "SELECT nom_fichier, type_mime, contenu FROM documents
                 WHERE id = ?1 AND demande_id = ?2 AND numero_personne = ?3",
                params![document, id, numero],
                |row| Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?, row.get(2)?)),
            )
            .optional()
        })
        .await?;
    let (nom, type_mime, contenu) = trouve.ok_or(Refus::introuvable(DOCUMENT_INCONNU))?;
    Ok(fichier(&type_mime, &nom, contenu))
}

fn apres(lien: String, fait: Fait) -> HttpResponse {
    redirection(format!("{lien}?fait={}", fait.code()))
}

async fn ajouter_remboursement(
    operateur: Operateur,
    numero: web::Path<String>,
    saisie: web::Form<SaisieRemboursement>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    operateur.verifier(&saisie.jeton)?;
    let (numero, saisie) = (numero.into_inner(), saisie.into_inner());
    let job = {
        let (numero, saisie) = (numero.clone(), saisie.clone());
        move |tx: &Transaction, maintenant| actions::ajouter_remboursement(tx, &numero, &saisie, maintenant)
    };
    match back_office.ecrire(job).await {
        Ok(_) => Ok(apres(pages::lien_adherent(&numero), Fait::Remboursement)),
        Err(refus) => match refus.message_de_formulaire() {
            Some(message) => {
                let echec = Some((&saisie, message));
                back_office.page_adherent(&operateur, numero, refus.status_code(), None, echec).await
            }
            None => Err(refus),
        },
    }
}

/// The Sécurité sociale's answer on a beneficiary's link. A refusal has its own page: the form
/// is one choice in a list, with nothing typed to keep.
async fn changer_noemie(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    saisie: web::Form<SaisieNoemie>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    operateur.verifier(&saisie.jeton)?;
    let (numero, id) = chemin.into_inner();
    let id: i64 = id.parse().map_err(|_| Refus::introuvable(BENEFICIAIRE_INCONNU))?;
    let saisie = saisie.into_inner();
    let job = {
        let numero = numero.clone();
        move |tx: &Transaction, _| actions::changer_noemie(tx, &numero, id, &saisie)
    };
    back_office.ecrire(job).await?;
    Ok(apres(pages::lien_adherent(&numero), Fait::Noemie))
}

/// What a form of the request page does, in the transaction it is given (`actions.rs`).
type ActionDeDemande<S> = fn(&Transaction, &str, i64, &S, DateTime<Utc>) -> Result<(), Refus>;

/// One of the request page's forms: checked for the session's token, then `action` in one
/// transaction, and back to the page (told what was done, or the form's refusal beside it).
async fn formulaire_de_demande<S: Clone + Send + 'static>(
    (operateur, chemin, saisie, back_office): (
        Operateur,
        web::Path<(String, String)>,
        S,
        web::Data<BackOffice>,
    ),
    jeton: impl FnOnce(&S) -> &str,
    action: ActionDeDemande<S>,
    (fait, formulaire): (Fait, fn(S) -> FormulaireDemande),
) -> Result<HttpResponse, Refus> {
    operateur.verifier(jeton(&saisie))?;
    let demande = chemin_demande(chemin)?;
    let job = {
        let ((numero, id), saisie) = (demande.clone(), saisie.clone());
        move |tx: &Transaction, maintenant| action(tx, &numero, id, &saisie, maintenant)
    };
    let resultat = back_office.ecrire(job).await;
    apres_action(&back_office, &operateur, demande, resultat, fait, formulaire(saisie)).await
}

async fn changer_etat(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    saisie: web::Form<SaisieEtat>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let envoi = (operateur, chemin, saisie.into_inner(), back_office);
    formulaire_de_demande(
        envoi,
        |saisie| &saisie.jeton,
        actions::changer_etat,
        (Fait::Etat, FormulaireDemande::Etat),
    )
    .await
}

async fn repondre(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    saisie: web::Form<SaisieReponse>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let envoi = (operateur, chemin, saisie.into_inner(), back_office);
    let reponse = (Fait::Reponse, FormulaireDemande::Reponse as fn(_) -> _);
    formulaire_de_demande(envoi, |saisie| &saisie.jeton, actions::repondre, reponse).await
}

async fn decider_ajout(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    saisie: web::Form<SaisieDecision>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let envoi = (operateur, chemin, saisie.into_inner(), back_office);
    let decision = (Fait::Decision, FormulaireDemande::Decision as fn(_) -> _);
    formulaire_de_demande(envoi, |saisie| &saisie.jeton, actions::decider_ajout, decision).await
}

async fn emettre_document(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    multipart: Multipart,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let demande = chemin_demande(chemin)?;
    let resultat = match recevoir_pdf(&operateur, multipart, back_office.api.max_upload_bytes).await {
        Ok(pdf) => {
            let (numero, id) = demande.clone();
            back_office
                .ecrire(move |tx: &Transaction, maintenant| {
                    actions::emettre_document(tx, &numero, id, &pdf, maintenant)
                })
                .await
        }
        Err(refus) => Err(refus),
    };
    apres_action(&back_office, &operateur, demande, resultat, Fait::Document, FormulaireDemande::Document)
        .await
}

/// Back to the request's page: told what was done, or showing the form's refusal beside it.
async fn apres_action<T>(
    back_office: &BackOffice,
    operateur: &Operateur,
    demande: (String, i64),
    resultat: Result<T, Refus>,
    fait: Fait,
    formulaire: FormulaireDemande,
) -> Result<HttpResponse, Refus> {
    let refus = match resultat {
        Ok(_) => return Ok(apres(pages::lien_demande(&demande.0, demande.1), fait)),
        Err(refus) => refus,
    };
    match refus.message_de_formulaire() {
        Some(message) => {
            let echec = EchecDemande { formulaire: &formulaire, message };
            back_office.page_demande(operateur, demande, refus.status_code(), None, Some(echec)).await
        }
        None => Err(refus),
    }
}

/// The document form's fields, in the order the page sends them: the anti-forgery token
/// first, checked before a byte of the file is read, then the file, which must be a PDF.
async fn recevoir_pdf(operateur: &Operateur, mut multipart: Multipart, limite: usize) -> Result<Pdf, Refus> {
    let mut jeton_verifie = false;
    let mut pdf = None;
    while let Some(champ) = multipart.next().await {
        let mut champ = champ.map_err(|error| match error {
            actix_multipart::MultipartError::ContentTypeMissing
            | actix_multipart::MultipartError::ContentTypeParse
            | actix_multipart::MultipartError::ContentTypeIncompatible => Refus::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "Le document doit être envoyé comme le fait la page (multipart/form-data).",
            ),
            _ => Refus::saisie("Le formulaire envoyé est illisible : rechargez la page, puis recommencez."),
        })?;
        match champ.name() {
            Some("jeton") => {
                let jeton = champ.bytes(JETON_MAX).await;
                let jeton = jeton.ok().and_then(Result::ok).unwrap_or_default();
                operateur.verifier(std::str::from_utf8(&jeton).unwrap_or_default())?;
                jeton_verifie = true;
            }
            Some("fichier") if jeton_verifie && pdf.is_none() => pdf = lire_pdf(champ, limite).await?,
            Some("fichier") if !jeton_verifie => operateur.verifier("")?,
            _ => {
                return Err(Refus::saisie(
                    "Le formulaire envoyé contient un champ inattendu : rechargez la page.",
                ));
            }
        }
    }
    if !jeton_verifie {
        operateur.verifier("")?;
    }
    pdf.ok_or_else(|| Refus::saisie("Choisissez le document PDF à émettre."))
}

/// The file of the form, if one was chosen (a browser sends an empty part without a name
/// otherwise), checked as a PDF by its first bytes and bounded in size.
async fn lire_pdf(mut champ: Field, limite: usize) -> Result<Option<Pdf>, Refus> {
    let nom = champ
        .content_disposition()
        .and_then(|disposition| disposition.get_filename())
        .filter(|nom| !nom.is_empty())
        .map(format_fichier::nom_lisible);
    let contenu = match champ.bytes(limite).await {
        Ok(Ok(contenu)) => contenu,
        Ok(Err(_)) => {
            return Err(Refus::saisie("Le document envoyé est illisible : recommencez."));
        }
        Err(_) => {
            return Err(Refus::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "Le document dépasse la taille maximale autorisée ({}).",
                    crate::member_api::pdf::impression::taille_lisible(limite as u64)
                ),
            ));
        }
    };
    let Some(nom) = nom else {
        return if contenu.is_empty() {
            Ok(None)
        } else {
            Err(Refus::saisie("Le document envoyé doit avoir un nom."))
        };
    };
    let cite = validation::citation(&nom);
    if contenu.is_empty() {
        return Err(Refus::regle(format!("Le fichier « {cite} » est vide.")));
    }
    if format_fichier::detecter(&contenu) != Some(&PDF) {
        return Err(Refus::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!("Le fichier « {cite} » n’est pas un PDF : seul ce format peut être émis."),
        ));
    }
    Ok(Some(Pdf { nom: format_fichier::nom_stocke(&nom, &PDF), contenu: contenu.to_vec() }))
}
