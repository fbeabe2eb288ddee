//! What the mutual records of who acts for a member (docs/product/roles.md#acting-for-a-member):
//! a guardianship or a curatorship from its court decision, with the judgement attached, and
//! the end of any delegation. The rules (`rules/delegations.rs`) decide, as for the member API.

use actix_multipart::Multipart;
use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use futures_util::StreamExt;
use rusqlite::Transaction;
use serde::Deserialize;

use super::actions::{JETON_MAX, apres, lire_pdf};
use super::chemins::lien_adherent;
use super::formulaires::Pdf;
use super::pages::Fait;
use super::refus::Refus;
use super::service::BackOffice;
use super::session::Operateur;
use crate::member_api::clock::today;
use crate::member_api::rules::delegations::{self, Decision, Droit};
use crate::member_api::rules::noemie::BENEFICIAIRE_INCONNU;
use crate::member_api::store::delegations as store;
use crate::telechargement::fichier;

/// The longest text field of the form (an address, a date, a code).
const CHAMP_MAX: usize = 320;

/// The form as sent: the anti-forgery token first, checked before anything else is read.
#[derive(Default)]
struct SaisieMesure {
    nature: String,
    courriel: String,
    droits: Vec<Droit>,
    debut: String,
    fin: String,
    jugement: Option<Pdf>,
}

async fn recevoir(
    operateur: &Operateur,
    mut multipart: Multipart,
    limite: usize,
) -> Result<SaisieMesure, Refus> {
    let illisible =
        || Refus::saisie("Le formulaire envoyé est illisible : rechargez la page, puis recommencez.");
    let mut saisie = SaisieMesure::default();
    let mut jeton_verifie = false;
    while let Some(champ) = multipart.next().await {
        let mut champ = champ.map_err(|_| illisible())?;
        let nom = champ.name().unwrap_or_default().to_owned();
        if !jeton_verifie && nom != "jeton" {
            operateur.verifier("")?;
        }
        if nom == "fichier" {
            saisie.jugement = lire_pdf(champ, limite).await?;
            continue;
        }
        let borne = if nom == "jeton" { JETON_MAX } else { CHAMP_MAX };
        let octets = champ.bytes(borne).await.map_err(|_| illisible())?.map_err(|_| illisible())?;
        let texte = String::from_utf8(octets.to_vec()).map_err(|_| illisible())?;
        match nom.as_str() {
            "jeton" => {
                operateur.verifier(&texte)?;
                jeton_verifie = true;
            }
            "nature" => saisie.nature = texte,
            "courriel" => saisie.courriel = texte,
            "debut" => saisie.debut = texte,
            "fin" => saisie.fin = texte,
            "droits" => {
                let droit = serde_json::from_value(serde_json::Value::String(texte))
                    .map_err(|_| Refus::saisie("Un droit choisi est inconnu : rechargez la page."))?;
                if !saisie.droits.contains(&droit) {
                    saisie.droits.push(droit);
                }
            }
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
    Ok(saisie)
}

fn jour(texte: &str, champ: &str) -> Result<NaiveDate, Refus> {
    NaiveDate::parse_from_str(texte.trim(), "%Y-%m-%d")
        .map_err(|_| Refus::saisie(format!("{champ} doit être une date au format AAAA-MM-JJ.")))
}

pub async fn enregistrer(
    operateur: Operateur,
    numero: web::Path<String>,
    multipart: Multipart,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let numero = numero.into_inner();
    let saisie = recevoir(&operateur, multipart, back_office.max_upload_bytes).await?;
    let (debut, fin) = (jour(&saisie.debut, "La date de début")?, jour(&saisie.fin, "La date de fin")?);
    let jugement = saisie.jugement.ok_or_else(|| Refus::saisie("Joignez le jugement, en PDF."))?;
    let job = {
        let numero = numero.clone();
        move |tx: &Transaction, maintenant| {
            let decision = Decision {
                nature: &saisie.nature,
                courriel: &saisie.courriel,
                droits: &saisie.droits,
                debut,
                fin,
                jugement: (&jugement.nom, &jugement.contenu),
            };
            Ok(delegations::enregistrer_mesure(tx, &numero, &decision, maintenant)?)
        }
    };
    back_office.ecrire(job).await?;
    Ok(apres(lien_adherent(&numero), Fait::Mesure))
}

#[derive(Deserialize)]
pub struct SaisieFin {
    jeton: String,
}

pub async fn mettre_fin(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    saisie: web::Form<SaisieFin>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    operateur.verifier(&saisie.jeton)?;
    let (numero, id) = chemin.into_inner();
    let id: i64 = id.parse().map_err(|_| Refus::introuvable(DELEGATION_INCONNUE))?;
    let job = {
        let numero = numero.clone();
        move |tx: &Transaction, maintenant| {
            Ok(delegations::retirer(tx, &numero, id, true, maintenant, today())?)
        }
    };
    back_office.ecrire(job).await?;
    Ok(apres(lien_adherent(&numero), Fait::FinDelegation))
}

const DELEGATION_INCONNUE: &str = "Cette délégation n’existe pas.";

#[derive(Deserialize)]
pub struct SaisieEspace {
    jeton: String,
    courriel: String,
}

/// A beneficiary's own space, for the account of the address given (`rules/delegations.rs`).
pub async fn ouvrir_espace(
    operateur: Operateur,
    chemin: web::Path<(String, String)>,
    saisie: web::Form<SaisieEspace>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    operateur.verifier(&saisie.jeton)?;
    let (numero, id) = chemin.into_inner();
    let id: i64 = id.parse().map_err(|_| Refus::introuvable(BENEFICIAIRE_INCONNU))?;
    let courriel = saisie.into_inner().courriel;
    let job = {
        let numero = numero.clone();
        move |tx: &Transaction, maintenant| {
            Ok(delegations::ouvrir_espace_personnel(tx, &numero, id, &courriel, maintenant, today())?)
        }
    };
    back_office.ecrire(job).await?;
    Ok(apres(lien_adherent(&numero), Fait::EspacePersonnel))
}

/// The judgement of a guardianship, through the member it is about.
pub async fn jugement(
    _operateur: Operateur,
    chemin: web::Path<(String, String)>,
    back_office: web::Data<BackOffice>,
) -> Result<HttpResponse, Refus> {
    let (numero, id) = chemin.into_inner();
    let id: i64 = id.parse().map_err(|_| Refus::introuvable(DELEGATION_INCONNUE))?;
    let trouve = back_office
        .lire(move |db| {
            let du_membre =
                store::par_id(db, id)?.is_some_and(|delegation| delegation.numero_personne == numero);
            if du_membre { store::jugement(db, id) } else { Ok(None) }
        })
        .await?;
    let (nom, contenu) = trouve.ok_or(Refus::introuvable(DELEGATION_INCONNUE))?;
    Ok(fichier("application/pdf", &nom, contenu))
}
