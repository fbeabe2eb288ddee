//! What the operator does as the mutual: add a payment, record the Sécurité sociale's answer on
//! a person's NOEMIE link, move a request's state, answer it, decide a beneficiary to add, issue
//! a document. Each form is checked for the session's anti-forgery token, then the mutual's
//! rules decide and write, in one transaction, as they do for the member API; a refusal is
//! shown beside the form that caused it.

use actix_multipart::{Field, Multipart};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError, web};
use chrono::{DateTime, Utc};
use futures_util::StreamExt;
use rusqlite::Transaction;

use super::chemins::{lien_adherent, lien_demande};
use super::consultation::{chemin_demande, page_adherent, page_demande};
use super::formulaires::{
    Pdf, SaisieConfidentialite, SaisieDecision, SaisieEtat, SaisieNoemie, SaisieRejet, SaisieRemboursement,
    SaisieReponse,
};
use super::pages::{EchecDemande, Fait, FormulaireDemande, redirection};
use super::refus::Refus;
use super::service::BackOffice;
use super::session::Operateur;
use crate::member_api::clock::today;
use crate::member_api::pdf::impression::taille_lisible;
use crate::member_api::rules::confidentialite;
use crate::member_api::rules::format_fichier::{self, PDF};
use crate::member_api::rules::noemie::{self, BENEFICIAIRE_INCONNU};
use crate::member_api::rules::prelevement;
use crate::member_api::rules::{
    ajout_beneficiaire, demandes, documents, hospitalisation, messages, remboursements, validation,
};

/// The anti-forgery token's field, in the document form: a token is 43 characters.
pub(super) const JETON_MAX: usize = 256;

pub(super) fn apres(lien: String, fait: Fait) -> HttpResponse {
    redirection(format!("{lien}?fait={}", fait.code()))
}

pub async fn ajouter_remboursement(
    operateur: Operateur,
    numero: web::Path<String>,
    saisie: web::Form<SaisieRemboursement>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    operateur.verifier(&saisie.jeton)?;
    let (numero, saisie) = (numero.into_inner(), saisie.into_inner());
    let job = {
        let (numero, saisie) = (numero.clone(), saisie.clone());
        move |tx: &Transaction, maintenant| ajouter(tx, &numero, &saisie, maintenant)
    };
    match back_office.ecrire(job).await {
        Ok(_) => Ok(apres(lien_adherent(&numero), Fait::Remboursement)),
        Err(refus) => match refus.message_de_formulaire() {
            Some(message) => {
                let echec = Some((&saisie, message));
                page_adherent(&back_office, &operateur, numero, refus.status_code(), None, echec).await
            }
            None => Err(refus),
        },
    }
}

/// The Sécurité sociale's answer on a beneficiary's link. A refusal has its own page: the form
/// is one choice in a list, with nothing typed to keep.
pub async fn changer_noemie(
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
        move |tx: &Transaction, _| Ok(noemie::enregistrer_reponse(tx, &numero, id, &saisie.statut)?)
    };
    back_office.ecrire(job).await?;
    Ok(apres(lien_adherent(&numero), Fait::Noemie))
}

/// The bank returned a debit of a contract (`rules/prelevement.rs`): the member owes it.
pub async fn rejeter_prelevement(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    saisie: web::Form<SaisieRejet>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    operateur.verifier(&saisie.jeton)?;
    let (numero, contrat) = chemin.into_inner();
    let motif = saisie.into_inner().motif;
    let job = {
        let numero = numero.clone();
        move |tx: &Transaction, _| Ok(prelevement::enregistrer_rejet(tx, &numero, &contrat, &motif, today())?)
    };
    back_office.ecrire(job).await?;
    Ok(apres(lien_adherent(&numero), Fait::Rejet))
}

/// A beneficiary's wish that their care stay confidential, or no longer (`rules/confidentialite.rs`).
pub async fn changer_confidentialite(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    saisie: web::Form<SaisieConfidentialite>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    operateur.verifier(&saisie.jeton)?;
    let (numero, id) = chemin.into_inner();
    let id: i64 = id.parse().map_err(|_| Refus::introuvable(BENEFICIAIRE_INCONNU))?;
    let confidentiels = match saisie.confidentiels.as_str() {
        "oui" => true,
        "non" => false,
        _ => return Err(Refus::saisie("Choisissez oui ou non.")),
    };
    let job = {
        let numero = numero.clone();
        move |tx: &Transaction, _| Ok(confidentialite::choisir(tx, &numero, id, confidentiels, today())?)
    };
    back_office.ecrire(job).await?;
    Ok(apres(lien_adherent(&numero), Fait::Confidentialite))
}

/// What a form of the request page does, in the transaction it is given: what the rules decide.
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

pub async fn changer_etat(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    saisie: web::Form<SaisieEtat>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let envoi = (operateur, chemin, saisie.into_inner(), back_office);
    formulaire_de_demande(
        envoi,
        |saisie| &saisie.jeton,
        changer_l_etat,
        (Fait::Etat, FormulaireDemande::Etat),
    )
    .await
}

pub async fn repondre(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    saisie: web::Form<SaisieReponse>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let envoi = (operateur, chemin, saisie.into_inner(), back_office);
    let reponse = (Fait::Reponse, FormulaireDemande::Reponse as fn(_) -> _);
    formulaire_de_demande(envoi, |saisie| &saisie.jeton, repondre_a_la_demande, reponse).await
}

pub async fn decider(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    saisie: web::Form<SaisieDecision>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let saisie = SaisieDecision { mutuelle: back_office.mutuelle.clone(), ..saisie.into_inner() };
    let envoi = (operateur, chemin, saisie, back_office);
    let decision = (Fait::Decision, FormulaireDemande::Decision as fn(_) -> _);
    formulaire_de_demande(envoi, |saisie| &saisie.jeton, decider_la_demande, decision).await
}

pub async fn emettre_document(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    multipart: Multipart,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let demande = chemin_demande(chemin)?;
    let resultat = match recevoir_pdf(&operateur, multipart, back_office.max_upload_bytes).await {
        Ok(pdf) => {
            let (numero, id) = demande.clone();
            back_office
                .ecrire(move |tx: &Transaction, maintenant| {
                    Ok(documents::emettre(tx, &numero, id, (&pdf.nom, &pdf.contenu), maintenant)?)
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
        Ok(_) => return Ok(apres(lien_demande(&demande.0, demande.1), fait)),
        Err(refus) => refus,
    };
    match refus.message_de_formulaire() {
        Some(message) => {
            let echec = EchecDemande { formulaire: &formulaire, message };
            page_demande(back_office, operateur, demande, refus.status_code(), None, Some(echec)).await
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
pub(super) async fn lire_pdf(mut champ: Field, limite: usize) -> Result<Option<Pdf>, Refus> {
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
                    taille_lisible(limite as u64)
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

/// « Ajouter un remboursement », as the rules add it.
fn ajouter(
    tx: &Transaction,
    numero: &str,
    saisie: &SaisieRemboursement,
    maintenant: DateTime<Utc>,
) -> Result<String, Refus> {
    let saisie = remboursements::SaisieRemboursement {
        beneficiaire: &saisie.beneficiaire,
        date_soins: &saisie.date_soins,
        acte: &saisie.acte,
        professionnel: &saisie.professionnel,
        montant: &saisie.montant,
    };
    Ok(remboursements::ajouter(tx, numero, &saisie, maintenant)?)
}

/// « Changer l’état », as the rules change it.
fn changer_l_etat(
    tx: &Transaction,
    numero: &str,
    id: i64,
    saisie: &SaisieEtat,
    maintenant: DateTime<Utc>,
) -> Result<(), Refus> {
    Ok(demandes::changer_etat(tx, numero, id, &saisie.etat, maintenant)?)
}

/// « Répondre », as the rules answer.
fn repondre_a_la_demande(
    tx: &Transaction,
    numero: &str,
    id: i64,
    saisie: &SaisieReponse,
    maintenant: DateTime<Utc>,
) -> Result<(), Refus> {
    Ok(messages::repondre_pour_la_mutuelle(tx, numero, id, (&saisie.texte, &saisie.issue), maintenant)?)
}

/// « Décider de l’ajout » or « Décider de la prise en charge », as the rules decide them.
fn decider_la_demande(
    tx: &Transaction,
    numero: &str,
    id: i64,
    saisie: &SaisieDecision,
    maintenant: DateTime<Utc>,
) -> Result<(), Refus> {
    if hospitalisation::est_une_prise_en_charge(tx, id)? {
        let decision = hospitalisation::SaisieDecision {
            decision: &saisie.decision,
            date_sortie: &saisie.date_sortie,
            motif: &saisie.motif,
        };
        return Ok(hospitalisation::decider(tx, numero, id, &decision, &saisie.mutuelle, maintenant)?);
    }
    let saisie = ajout_beneficiaire::SaisieDecision {
        decision: &saisie.decision,
        date_effet: &saisie.date_effet,
        motif: &saisie.motif,
    };
    Ok(ajout_beneficiaire::decider(tx, numero, id, &saisie, maintenant)?)
}
