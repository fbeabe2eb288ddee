//! Requests (demandes): the list (`demandes`), the recent ones for the home page
//! (`demandes/home`), one request (`demande/{id}`) with its conversation, and their
//! creation through the generic form (`document/documentGedCegedim`), hospital care
//! (`document/creationHospitalisation`) and termination (`document/creationResiliation`).

use std::collections::BTreeMap;

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use chrono::{Months, NaiveDate};
use rusqlite::{Connection, OptionalExtension, Row, Transaction, params};
use serde::{Deserialize, Serialize};

use super::ajout_beneficiaire::{self, AjoutBeneficiaire};
use super::context::Context;
use super::messages::Message;
use super::reclamation::Reclamation;
use super::reponses::{PREFIX, json};
use super::signalement::Signalement;
use crate::member_api::clock::{now, today};
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf;
use crate::member_api::pdf::impression;
use crate::member_api::rules::membre::Member;
use crate::member_api::rules::types_demande::{
    self, ATTESTATION_VITALE, DEMANDE_DE_RESILIATION, PRISE_EN_CHARGE_HOSPITALIERE, TypeDemande,
};
use crate::member_api::rules::{noemie, resiliation, validation};
use crate::member_api::store::contrats::Contrat;
use crate::member_api::store::documents::{ACCUSE_RECEPTION_RESILIATION, DocumentInfo};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/demandes").get(demandes))
        .service(web::resource("/demandes/home").get(demandes_en_cours))
        .service(web::resource("/demande/{id}").get(demande))
        .service(web::resource("/document/documentGedCegedim").post(creer_ged))
        .service(web::resource("/document/creationHospitalisation").post(creer_hospitalisation))
        .service(web::resource("/document/creationResiliation").post(creer_resiliation));
}

/// The states SPEC.md §4 shows as done; any other state is pending.
pub const ETATS_TERMINES: [&str; 2] = ["TERMINE", "Traité"];
/// The state of a request just sent, before the back office opens it.
pub const ETAT_INITIAL: &str = "A_TRAITER";
/// How many requests the home page lists.
const DEMANDES_ACCUEIL: i64 = 5;
/// How long a done request stays on the home page after its last update: long enough for the
/// member to see the outcome of what they sent (the check icon of SPEC.md §4), short enough
/// that a member whose requests were all settled long ago reads "Toutes vos demandes ont été
/// traitées." rather than old news. The full list keeps them all.
const TERMINEES_RECENTES: Months = Months::new(3);
const DOCUMENTS_PAR_DEMANDE: usize = 10;
const COMMENTAIRE_MAX: usize = 2000;

#[derive(Serialize)]
struct Demande {
    id: i64,
    #[serde(rename = "DateCreation")]
    date_creation: NaiveDate,
    #[serde(rename = "TypeCode")]
    type_code: String,
    #[serde(rename = "Etat")]
    etat: String,
    #[serde(rename = "type")]
    type_demande: String,
    objet: String,
    commentaire: Option<String>,
    #[serde(rename = "dateMiseAJour")]
    date_mise_a_jour: NaiveDate,
    beneficiaire: Option<BeneficiaireDemande>,
    documents: Vec<DocumentInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hospitalisation: Option<PriseEnCharge>,
    #[serde(skip_serializing_if = "Option::is_none")]
    resiliation: Option<Resiliation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reclamation: Option<Reclamation>,
    /// The line a report of care not recognised is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    signalement: Option<Signalement>,
    #[serde(skip_serializing_if = "Option::is_none")]
    metadata: Option<BTreeMap<String, String>>,
    /// Who a request to add a beneficiary is for, and the mutual's decision; null otherwise.
    #[serde(rename = "ajoutBeneficiaire")]
    ajout_beneficiaire: Option<AjoutBeneficiaire>,
    /// The conversation on the request, oldest first.
    messages: Vec<Message>,
}

#[derive(Serialize)]
struct BeneficiaireDemande {
    id: i64,
    prenom: String,
    nom: String,
}

/// What a hospital-care request adds, as kept with it.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PriseEnCharge {
    pub etablissement: String,
    pub siren: String,
    pub finess: Option<String>,
    pub date_entree: NaiveDate,
    pub date_sortie: Option<NaiveDate>,
    pub type_hospitalisation: String,
    pub chambre_particuliere: bool,
}

/// What a termination request adds, as kept with it. Everything here is the mutual's: the end
/// date it computed, the identity it holds; only `email` is the member's choice (D221-1 II 1°
/// lets them name the means of contact for the acknowledgement).
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Resiliation {
    pub numero_contrat: String,
    pub libelle_produit: String,
    pub date_effet: NaiveDate,
    pub motif: String,
    /// The event giving rise to the termination (a move abroad, a new employer's contract…).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_evenement: Option<NaiveDate>,
    /// When the mutual received the notice (RFC 3339, Paris offset): the acknowledgement's date
    /// and time.
    pub notifiee_le: String,
    /// The member as the mutual knows them: "Mme Marie DUPONT".
    pub adherent: String,
    pub numero_adherent: String,
    /// Where the acknowledgement goes, and the address on file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    pub email_dossier: String,
}

/// The member as the acknowledgement names them, and their address on file.
pub struct Identite {
    pub adherent: String,
    pub email: String,
}

impl Identite {
    pub fn lire(db: &Connection, numero_personne: &str) -> rusqlite::Result<Self> {
        db.query_row(
            "SELECT civilite || ' ' || prenom || ' ' || nom, email FROM adherents WHERE numero_personne = ?1",
            [numero_personne],
            |row| Ok(Self { adherent: row.get(0)?, email: row.get(1)? }),
        )
    }
}

const DEMANDE_SELECT: &str =
    "SELECT d.id, d.date_creation, d.type_code, d.etat, d.type, d.objet, d.commentaire,
        d.date_mise_a_jour, b.id, b.prenom, b.nom, d.hospitalisation, d.resiliation, d.metadata, d.reclamation,
        d.ligne_signalee, ls.paiement_id, d.motif_signalement, d.ajout_beneficiaire
    FROM demandes d LEFT JOIN beneficiaires b ON b.id = d.beneficiaire_id
    LEFT JOIN lignes_prestation ls ON ls.id = d.ligne_signalee";

/// A JSON column, read as what it keeps (a request's details: hospital care, termination…).
pub(crate) fn parse_json<T: serde::de::DeserializeOwned>(
    row: &Row,
    index: usize,
) -> rusqlite::Result<Option<T>> {
    row.get::<_, Option<String>>(index)?
        .map(|text| {
            serde_json::from_str(&text).map_err(|error| {
                rusqlite::Error::FromSqlConversionFailure(index, rusqlite::types::Type::Text, Box::new(error))
            })
        })
        .transpose()
}

fn from_row(db: &Connection, row: &Row) -> rusqlite::Result<Demande> {
    let id = row.get(0)?;
    let beneficiaire = match row.get::<_, Option<i64>>(8)? {
        Some(id) => Some(BeneficiaireDemande { id, prenom: row.get(9)?, nom: row.get(10)? }),
        None => None,
    };
    let signalement = match (row.get::<_, Option<i64>>(15)?, row.get(16)?, row.get(17)?) {
        (Some(id_ligne), Some(payment_id), Some(motif)) => Some(Signalement { payment_id, id_ligne, motif }),
        _ => None,
    };
    Ok(Demande {
        id,
        date_creation: row.get(1)?,
        type_code: row.get(2)?,
        etat: row.get(3)?,
        type_demande: row.get(4)?,
        objet: row.get(5)?,
        commentaire: row.get(6)?,
        date_mise_a_jour: row.get(7)?,
        beneficiaire,
        documents: DocumentInfo::of_demande(db, id)?,
        hospitalisation: parse_json(row, 11)?,
        resiliation: parse_json(row, 12)?,
        metadata: parse_json(row, 13)?,
        reclamation: parse_json(row, 14)?,
        signalement,
        ajout_beneficiaire: parse_json(row, 18)?,
        messages: Message::of_demande(db, id)?,
    })
}

/// Which of a member's requests to read.
#[derive(Clone, Copy)]
enum Selection {
    Toutes,
    /// "Vos demandes en cours" on this day: the pending requests and the recently done ones.
    Accueil(NaiveDate),
}

/// The selected requests, newest first. When the home page has more than it shows, pending
/// requests win over done ones, so that an older request still under way is never pushed out
/// by newer settled ones.
fn liste(db: &Connection, person_number: &str, selection: Selection) -> rusqlite::Result<Vec<Demande>> {
    let (terminees_depuis, limit) = match selection {
        Selection::Toutes => (None, -1),
        Selection::Accueil(today) => (Some(today - TERMINEES_RECENTES), DEMANDES_ACCUEIL),
    };
    let mut statement = db.prepare(&format!(
        "{DEMANDE_SELECT}
         WHERE d.id IN (
             SELECT id FROM demandes
             WHERE numero_personne = ?1
                 AND (?2 IS NULL OR etat NOT IN (?3, ?4) OR date_mise_a_jour >= ?2)
             ORDER BY etat IN (?3, ?4), date_creation DESC, id DESC LIMIT ?5)
         ORDER BY d.date_creation DESC, d.id DESC"
    ))?;
    let rows = statement.query_map(
        params![person_number, terminees_depuis, ETATS_TERMINES[0], ETATS_TERMINES[1], limit],
        |row| from_row(db, row),
    )?;
    rows.collect()
}

fn lire(db: &Connection, id: i64) -> rusqlite::Result<Demande> {
    db.query_row(&format!("{DEMANDE_SELECT} WHERE d.id = ?1"), [id], |row| from_row(db, row))
}

/// Every request, newest first.
async fn demandes(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let key = format!("demandes {}", member.person_number);
    context
        .db
        .read_json(key, move |db| Ok(liste(db, &member.person_number, Selection::Toutes)?))
        .await
        .map(json)
}

/// The home page's requests ("Vos demandes en cours"): pending and recently done ones.
async fn demandes_en_cours(member: Member, context: web::Data<Context>) -> Result<HttpResponse, ApiFailure> {
    let today = today();
    let key = format!("demandes/home {} {today}", member.person_number);
    context
        .db
        .read_json(key, move |db| Ok(liste(db, &member.person_number, Selection::Accueil(today))?))
        .await
        .map(json)
}

async fn demande(
    member: Member,
    id: web::Path<i64>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let id = id.into_inner();
    let demande = context
        .db
        .run(move |db| {
            verifier_titulaire(db, &member, id)?;
            Ok(lire(db, id)?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(demande))
}

/// The request is the member's: 404 when there is none, 403 when it is another member's.
pub fn verifier_titulaire(db: &Connection, member: &Member, id: i64) -> Result<(), ApiFailure> {
    let owner = db
        .query_row("SELECT numero_personne FROM demandes WHERE id = ?1", [id], |row| row.get(0))
        .optional()?;
    member.check_owner(owner)
}

/// The documents to attach, each once, at most [`DOCUMENTS_PAR_DEMANDE`] of them counted as
/// sent, repeats included, as the contract's `maxItems` counts them. `quoi` names what holds
/// them, « Une demande » or « Un message ».
pub fn documents_a_joindre(mut id_documents: Vec<i64>, quoi: &str) -> Result<Vec<i64>, ApiFailure> {
    if id_documents.len() > DOCUMENTS_PAR_DEMANDE {
        return Err(ApiFailure::bad_request(format!(
            "{quoi} peut comporter au plus {DOCUMENTS_PAR_DEMANDE} documents."
        )));
    }
    id_documents.sort_unstable();
    id_documents.dedup();
    Ok(id_documents)
}

/// Each document is the member's upload that no request holds yet: unknown, 422; another
/// member's, 403; already attached, 409.
pub fn verifier_documents(tx: &Transaction, member: &Member, id_documents: &[i64]) -> Result<(), ApiFailure> {
    for id in id_documents {
        let document: Option<(String, Option<i64>)> = tx
            .query_row("SELECT numero_personne, demande_id FROM documents WHERE id = ?1", [id], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })
            .optional()?;
        match document {
            None => {
                return Err(ApiFailure::unprocessable(format!("Le document n° {id} est introuvable.")));
            }
            Some((owner, _)) if owner != member.person_number => return Err(ApiFailure::forbidden()),
            Some((_, Some(_))) => {
                return Err(ApiFailure::conflict(format!(
                    "Le document n° {id} est déjà joint à une autre demande."
                )));
            }
            Some((_, None)) => {}
        }
    }
    Ok(())
}

/// A request ready to be written, once its specific form has been checked.
pub struct NouvelleDemande {
    type_demande: &'static TypeDemande,
    /// The subject line: the type's, or what the form makes of it.
    pub objet: String,
    pub commentaire: Option<String>,
    pub id_beneficiaire: Option<i64>,
    id_documents: Vec<i64>,
    hospitalisation: Option<PriseEnCharge>,
    resiliation: Option<Resiliation>,
    pub reclamation: Option<Reclamation>,
    pub signalement: Option<Signalement>,
    metadata: Option<BTreeMap<String, String>>,
    pub ajout_beneficiaire: Option<ajout_beneficiaire::Dossier>,
}

impl NouvelleDemande {
    pub fn new(
        type_demande: &'static TypeDemande,
        commentaire: Option<&str>,
        id_beneficiaire: Option<i64>,
        id_documents: Vec<i64>,
    ) -> Result<Self, ApiFailure> {
        let id_documents = documents_a_joindre(id_documents, "Une demande")?;
        Ok(Self {
            type_demande,
            objet: type_demande.objet.to_owned(),
            commentaire: validation::texte_multiligne(commentaire, "Le commentaire", COMMENTAIRE_MAX)?,
            id_beneficiaire,
            id_documents,
            hospitalisation: None,
            resiliation: None,
            reclamation: None,
            signalement: None,
            metadata: None,
            ajout_beneficiaire: None,
        })
    }

    /// Writes the request and attaches its documents, after checking that the beneficiary
    /// and the documents are the member's and that no other request holds the documents.
    fn insert(self, tx: &Transaction, member: &Member) -> Result<i64, ApiFailure> {
        if let Some(id) = self.id_beneficiaire {
            let owner = tx
                .query_row("SELECT numero_personne FROM beneficiaires WHERE id = ?1", [id], |row| {
                    row.get::<_, String>(0)
                })
                .optional()?;
            match owner {
                None => {
                    return Err(ApiFailure::unprocessable("Ce bénéficiaire ne figure pas sur vos contrats."));
                }
                Some(owner) if owner != member.person_number => return Err(ApiFailure::forbidden()),
                Some(_) => {}
            }
        }
        verifier_documents(tx, member, &self.id_documents)?;
        let today = today();
        tx.execute(
            "INSERT INTO demandes (numero_personne, type, type_code, objet, commentaire, beneficiaire_id, etat,
                date_creation, date_mise_a_jour, hospitalisation, resiliation, metadata, reclamation, ligne_signalee,
                motif_signalement, ajout_beneficiaire)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
            params![
                member.person_number,
                self.type_demande.type_demande,
                self.type_demande.code,
                self.objet,
                self.commentaire,
                self.id_beneficiaire,
                ETAT_INITIAL,
                today,
                self.hospitalisation.as_ref().map(serde_json::to_string).transpose()?,
                self.resiliation.as_ref().map(serde_json::to_string).transpose()?,
                self.metadata.as_ref().map(serde_json::to_string).transpose()?,
                self.reclamation.as_ref().map(serde_json::to_string).transpose()?,
                self.signalement.as_ref().map(|signalement| signalement.id_ligne),
                self.signalement.as_ref().map(|signalement| signalement.motif.as_str()),
                self.ajout_beneficiaire.as_ref().map(serde_json::to_string).transpose()?,
            ],
        )?;
        let id = tx.last_insert_rowid();
        for document in &self.id_documents {
            tx.execute("UPDATE documents SET demande_id = ?1 WHERE id = ?2", [id, *document])?;
        }
        Ok(id)
    }
}

/// Writes the request and answers 201 with it, and where to read it again. `prepare` checks
/// what the request's own form needs and completes it, inside the transaction that writes it;
/// `attach` adds what can only be made once the request has its number.
pub async fn enregistrer<P: Send + 'static>(
    member: Member,
    context: web::Data<Context>,
    mut nouvelle: NouvelleDemande,
    prepare: impl FnOnce(&Transaction, &Member, &mut NouvelleDemande) -> Result<P, ApiFailure> + Send + 'static,
    attach: impl FnOnce(&Transaction, &Member, i64, P) -> Result<(), ApiFailure> + Send + 'static,
) -> Result<HttpResponse, ApiFailure> {
    let demande = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            let prepared = prepare(&tx, &member, &mut nouvelle)?;
            let id = nouvelle.insert(&tx, &member)?;
            attach(&tx, &member, id, prepared)?;
            let demande = lire(&tx, id)?;
            tx.commit()?;
            Ok(demande)
        })
        .await?;
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("{PREFIX}/demande/{}", demande.id)))
        .json(demande))
}

/// `{postCreationDocumentDto, metadata}`: a request of any type of SPEC.md §9 that has no
/// form of its own, with the documents uploaded beforehand and the GED indexing metadata.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreationGed {
    #[serde(rename = "postCreationDocumentDto")]
    dto: DocumentDto,
    #[serde(default)]
    metadata: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DocumentDto {
    #[serde(rename = "type")]
    type_demande: String,
    commentaire: Option<String>,
    #[serde(default, deserialize_with = "super::json::entier::facultatif")]
    id_beneficiaire: Option<i64>,
    #[serde(default, deserialize_with = "super::json::entier::liste")]
    id_documents: Vec<i64>,
}

const METADATA_MAX: usize = 20;

async fn creer_ged(
    member: Member,
    body: web::Json<CreationGed>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let CreationGed { dto, metadata } = body.into_inner();
    let type_demande = types_demande::par_type(&dto.type_demande).ok_or_else(|| {
        ApiFailure::bad_request(format!(
            "Type de demande inconnu : « {} ».",
            validation::citation(&dto.type_demande)
        ))
    })?;
    if type_demande.formulaire_dedie {
        return Err(ApiFailure::bad_request(
            "Les prises en charge hospitalières, les résiliations, les réclamations, les signalements de soins et les ajouts de bénéficiaire ont leur propre formulaire.",
        ));
    }
    let mut nouvelle = NouvelleDemande::new(
        type_demande,
        dto.commentaire.as_deref(),
        dto.id_beneficiaire,
        dto.id_documents,
    )?;
    if type_demande.question && nouvelle.commentaire.is_none() {
        return Err(ApiFailure::unprocessable("Écrivez votre question dans le commentaire."));
    }
    if !type_demande.question && nouvelle.id_documents.is_empty() {
        return Err(ApiFailure::unprocessable("Joignez au moins un document à votre demande."));
    }
    if metadata.len() > METADATA_MAX
        || metadata
            .iter()
            .any(|(key, value)| key.is_empty() || key.chars().count() > 50 || value.chars().count() > 500)
    {
        return Err(ApiFailure::bad_request(format!(
            "Les métadonnées sont limitées à {METADATA_MAX} entrées de 500 caractères."
        )));
    }
    for (key, value) in &metadata {
        validation::texte_facultatif(Some(key), "Le nom d’une métadonnée", 50)?;
        validation::texte_facultatif(Some(value), &format!("La métadonnée « {key} »"), 500)?;
    }
    let date_soins = metadata.get(DATE_SOINS).map(|date| date_des_soins(date)).transpose()?;
    nouvelle.metadata = (!metadata.is_empty()).then_some(metadata);
    // The attestation de droits of a person whose link is missing or refused asks for it.
    let attestation_de = nouvelle.id_beneficiaire.filter(|_| type_demande.type_demande == ATTESTATION_VITALE);
    let beneficiaire = nouvelle.id_beneficiaire;
    // After the insert, which has checked that the beneficiary is the member's.
    let attach = move |tx: &Transaction, member: &Member, _, ()| {
        if let Some(date) = date_soins {
            soins_couverts(tx, member, beneficiaire, date)?;
        }
        match attestation_de {
            Some(beneficiaire) => Ok(noemie::attestation_recue(tx, beneficiaire)?),
            None => Ok(()),
        }
    };
    enregistrer(member, context, nouvelle, |_, _, _| Ok(()), attach).await
}

/// The metadata of an invoice that says when the care was received (`YYYY-MM-DD`).
const DATE_SOINS: &str = "dateSoins";

/// How long after care the mutual may be asked to pay for it: two years (Code de la
/// mutualité, article L221-11), past which the claim is time-barred.
const PRESCRIPTION: Months = Months::new(24);

/// The care date of an invoice: a day, not after today, within the two years a claim lasts.
fn date_des_soins(texte: &str) -> Result<NaiveDate, ApiFailure> {
    let date = NaiveDate::parse_from_str(texte.trim(), "%Y-%m-%d")
        .map_err(|_| ApiFailure::bad_request("La date des soins doit être une date au format AAAA-MM-JJ."))?;
    let aujourdhui = today();
    if date > aujourdhui {
        return Err(ApiFailure::unprocessable(
            "La date des soins ne peut pas être postérieure à aujourd’hui.",
        ));
    }
    let plus_ancienne = aujourdhui.checked_sub_months(PRESCRIPTION).unwrap_or(NaiveDate::MIN);
    if date < plus_ancienne {
        return Err(ApiFailure::unprocessable(format!(
            "Les soins du {} ont plus de deux ans : leur remboursement ne peut plus être demandé (article L221-11 du Code de la mutualité).",
            impression::date(date)
        )));
    }
    Ok(date)
}

/// The care of `date` was covered by one of the member's contracts, for the beneficiary when
/// one is named: an invoice of a member whose contract has ended is for care before its end.
fn soins_couverts(
    tx: &Transaction,
    member: &Member,
    beneficiaire: Option<i64>,
    date: NaiveDate,
) -> Result<(), ApiFailure> {
    let couverts: bool = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM contrats c
             WHERE c.numero_personne = ?1 AND c.date_debut <= ?3 AND (c.date_fin IS NULL OR c.date_fin >= ?3)
               AND (?2 IS NULL OR EXISTS (SELECT 1 FROM contrat_beneficiaires cb
                                          WHERE cb.contrat_id = c.id AND cb.beneficiaire_id = ?2)))",
        params![member.person_number, beneficiaire, date],
        |row| row.get(0),
    )?;
    if couverts {
        return Ok(());
    }
    let contrats = Contrat::all(tx, &member.person_number)?;
    let precision = match Contrat::fin_de_couverture(&contrats, today()) {
        Some(dernier) => format!(
            " : votre contrat {} a pris fin le {}",
            dernier.numero_contrat,
            dernier.date_fin.map(impression::date).unwrap_or_default()
        ),
        None => String::new(),
    };
    Err(ApiFailure::unprocessable(format!(
        "Aucun contrat ne couvrait ces soins le {}{precision}. Seuls les soins reçus pendant un contrat peuvent être remboursés.",
        impression::date(date)
    )))
}

/// `{postCreationDocumentHospitalisationDto, siren}`: a prior agreement for a hospital stay,
/// so that the establishment bills the mutual directly. `siren` identifies the establishment.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreationHospitalisation {
    #[serde(rename = "postCreationDocumentHospitalisationDto")]
    dto: HospitalisationDto,
    siren: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct HospitalisationDto {
    #[serde(deserialize_with = "super::json::entier::un")]
    id_beneficiaire: i64,
    etablissement: Option<String>,
    finess: Option<String>,
    date_entree: NaiveDate,
    date_sortie: Option<NaiveDate>,
    type_hospitalisation: String,
    #[serde(default)]
    chambre_particuliere: bool,
    commentaire: Option<String>,
    #[serde(default, deserialize_with = "super::json::entier::liste")]
    id_documents: Vec<i64>,
}

const TYPES_HOSPITALISATION: &[&str] =
    &["MEDECINE", "CHIRURGIE", "MATERNITE", "AMBULATOIRE", "PSYCHIATRIE", "SOINS_DE_SUITE"];

async fn creer_hospitalisation(
    member: Member,
    body: web::Json<CreationHospitalisation>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let CreationHospitalisation { dto, siren } = body.into_inner();
    let siren = validation::siren(&siren)?;
    let etablissement =
        validation::texte_requis(dto.etablissement.as_deref(), "Le nom de l’établissement", 100)?;
    let finess = match validation::texte_facultatif(dto.finess.as_deref(), "Le numéro FINESS", 9)? {
        Some(finess) if finess.len() != 9 || !finess.bytes().all(|b| b.is_ascii_alphanumeric()) => {
            return Err(ApiFailure::bad_request("Le numéro FINESS comporte 9 caractères."));
        }
        finess => finess,
    };
    if !TYPES_HOSPITALISATION.contains(&dto.type_hospitalisation.as_str()) {
        return Err(ApiFailure::bad_request(format!(
            "Type d’hospitalisation inconnu : « {} ».",
            dto.type_hospitalisation
        )));
    }
    validation::sejour_hospitalier(dto.date_entree, dto.date_sortie, today())?;
    let type_demande = types_demande::par_type(PRISE_EN_CHARGE_HOSPITALIERE).expect("a known type");
    let mut nouvelle = NouvelleDemande::new(
        type_demande,
        dto.commentaire.as_deref(),
        Some(dto.id_beneficiaire),
        dto.id_documents,
    )?;
    nouvelle.hospitalisation = Some(PriseEnCharge {
        etablissement,
        siren,
        finess,
        date_entree: dto.date_entree,
        date_sortie: dto.date_sortie,
        type_hospitalisation: dto.type_hospitalisation,
        chambre_particuliere: dto.chambre_particuliere,
    });
    enregistrer(member, context, nouvelle, |_, _, _| Ok(()), |_, _, _, ()| Ok(())).await
}

/// A termination request for one of the member's individual contracts in force: the motif,
/// the event date and where to acknowledge it. Who gives notice is the token's member, and the
/// end date is computed here: a body naming either is refused rather than silently ignored.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CreationResiliation {
    numero_contrat: String,
    motif: String,
    date_evenement: Option<NaiveDate>,
    email: Option<String>,
    commentaire: Option<String>,
    #[serde(default, deserialize_with = "super::json::entier::liste")]
    id_documents: Vec<i64>,
}

/// An address a message can be sent to, in its canonical form; the contract leaves its form to
/// this rule (422), where preferences make it part of the schema.
fn email(value: Option<&str>) -> Result<Option<String>, ApiFailure> {
    validation::texte_facultatif(value, "L’adresse électronique", 254)?
        .map(|email| {
            validation::email_canonique(&email)
                .ok_or_else(|| ApiFailure::unprocessable("L’adresse électronique n’est pas valide."))
        })
        .transpose()
}

async fn creer_resiliation(
    member: Member,
    body: web::Json<CreationResiliation>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let dto = body.into_inner();
    let Some(motif) = resiliation::Motif::parse(&dto.motif) else {
        return Err(ApiFailure::bad_request(format!(
            "Motif de résiliation inconnu : « {} ».",
            validation::citation(&dto.motif)
        )));
    };
    if motif == resiliation::Motif::Autre
        && dto.commentaire.as_deref().is_none_or(|text| text.trim().is_empty())
    {
        return Err(ApiFailure::unprocessable("Précisez le motif de votre résiliation."));
    }
    let email = email(dto.email.as_deref())?;
    let type_demande = types_demande::par_type(DEMANDE_DE_RESILIATION).expect("a known type");
    let nouvelle = NouvelleDemande::new(type_demande, dto.commentaire.as_deref(), None, dto.id_documents)?;
    let numero_contrat = dto.numero_contrat.trim().to_owned();
    let mutuelle = context.mutuelle.clone();
    let date_evenement = dto.date_evenement;
    enregistrer(
        member,
        context,
        nouvelle,
        move |tx, member, nouvelle| {
            let contrat = resiliable(tx, member, &numero_contrat)?;
            let notifiee_le = now();
            resiliation::verifier(motif, contrat.date_debut, date_evenement, notifiee_le.date_naive())
                .map_err(ApiFailure::unprocessable)?;
            let identite = Identite::lire(tx, &member.person_number)?;
            let resiliation = Resiliation {
                numero_contrat: contrat.numero_contrat.clone(),
                libelle_produit: contrat.libelle_produit.clone(),
                date_effet: resiliation::date_effet(motif, contrat.date_debut, notifiee_le.date_naive()),
                motif: motif.code().to_owned(),
                date_evenement,
                notifiee_le: notifiee_le.to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
                adherent: identite.adherent,
                numero_adherent: member.person_number.clone(),
                email: Some(email.unwrap_or_else(|| identite.email.clone())),
                email_dossier: identite.email,
            };
            let accuse = pdf::accuse_resiliation::AccuseResiliation {
                mutuelle,
                numero_demande: String::new(),
                adherent: resiliation.adherent.clone(),
                numero_adherent: resiliation.numero_adherent.clone(),
                contrat: format!("{} — {}", contrat.numero_contrat, contrat.libelle_produit),
                motif: motif.libelle().to_owned(),
                date_evenement: date_evenement.map(impression::date).unwrap_or_else(|| "—".to_owned()),
                notifiee_le: format!(
                    "{} à {}",
                    impression::date(notifiee_le.date_naive()),
                    notifiee_le.format("%H:%M")
                ),
                fin_contrat: impression::date(resiliation.date_effet),
            };
            nouvelle.resiliation = Some(resiliation);
            Ok(accuse)
        },
        joindre_accuse,
    )
    .await
}

/// The acknowledgement, printed once the request has its number, and kept among its
/// documents as what it is: the durable medium of Code de la mutualité D221-1.
fn joindre_accuse(
    tx: &Transaction,
    member: &Member,
    id: i64,
    mut accuse: pdf::accuse_resiliation::AccuseResiliation,
) -> Result<(), ApiFailure> {
    accuse.numero_demande = id.to_string();
    let contenu = pdf::accuse_resiliation::accuse_resiliation(&accuse);
    tx.execute(
        "INSERT INTO documents (numero_personne, nom_fichier, type_mime, taille, contenu, date_depot, demande_id, nature)
         VALUES (?1, ?2, 'application/pdf', ?3, ?4, ?5, ?6, ?7)",
        params![
            member.person_number,
            format!("accuse-reception-resiliation-{id}.pdf"),
            i64::try_from(contenu.len()).expect("a small PDF"),
            contenu,
            today(),
            id,
            ACCUSE_RECEPTION_RESILIATION,
        ],
    )?;
    Ok(())
}

/// Only an individual contract in force can be terminated online, once: that contract.
fn resiliable(tx: &Transaction, member: &Member, numero_contrat: &str) -> Result<Contrat, ApiFailure> {
    let owner: Option<String> = tx
        .query_row(
            "SELECT numero_personne FROM contrats WHERE numero_contrat = ?1",
            [numero_contrat],
            |row| row.get(0),
        )
        .optional()?;
    match owner {
        None => return Err(ApiFailure::unprocessable(format!("Le contrat {numero_contrat} n’existe pas."))),
        Some(owner) if owner != member.person_number => return Err(ApiFailure::forbidden()),
        Some(_) => {}
    }
    let contrat = Contrat::all(tx, &member.person_number)?
        .into_iter()
        .find(|contrat| contrat.numero_contrat == numero_contrat)
        .ok_or_else(ApiFailure::not_found)?;
    if let Some(fin) = contrat.date_fin.filter(|_| contrat.statut(today()) == "RESILIE") {
        return Err(ApiFailure::unprocessable(format!(
            "Le contrat {numero_contrat} a déjà pris fin le {} : il n’y a plus rien à résilier.",
            impression::date(fin)
        )));
    }
    if contrat.type_contrat != "INDIVIDUEL" || contrat.statut(today()) != "ACTIF" {
        return Err(ApiFailure::unprocessable(
            "Seul un contrat individuel en cours peut être résilié en ligne. Pour un contrat collectif, adressez-vous à votre employeur.",
        ));
    }
    let deja_demandee: bool = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM demandes WHERE numero_personne = ?1 AND type = ?2
             AND etat NOT IN (?3, ?4) AND json_extract(resiliation, '$.numeroContrat') = ?5)",
        params![
            member.person_number,
            DEMANDE_DE_RESILIATION,
            ETATS_TERMINES[0],
            ETATS_TERMINES[1],
            numero_contrat
        ],
        |row| row.get(0),
    )?;
    if deja_demandee {
        return Err(ApiFailure::conflict("Une demande de résiliation de ce contrat est déjà en cours."));
    }
    Ok(contrat)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::store::database::testing::seeded;

    const MARIE: &str = "100001";

    fn seed_day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
    }

    /// (type code, state) of what the home page lists for Marie on `day`, newest first.
    fn accueil(db: &Connection, day: NaiveDate) -> Vec<(String, String)> {
        let demandes = liste(db, MARIE, Selection::Accueil(day)).unwrap();
        assert!(demandes.is_sorted_by(|a, b| a.date_creation >= b.date_creation), "newest first");
        demandes.into_iter().map(|demande| (demande.type_code, demande.etat)).collect()
    }

    fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
        expected.iter().map(|(code, etat)| ((*code).to_owned(), (*etat).to_owned())).collect()
    }

    #[test]
    fn the_home_page_lists_pending_requests_and_those_done_lately() {
        let (_dir, db) = seeded(seed_day());
        // Her schooling certificate was dealt with 70 days ago; her complaint (100 days), her
        // health question (136 days) and her bank details (260 days) only stay in the full list.
        assert_eq!(
            accueil(&db, seed_day()),
            pairs(&[
                ("DEV", "A_TRAITER"),
                ("OPT", "EN_COURS"),
                ("MED", "EN_ATTENTE_DE_PIECES"),
                ("JSCO", "TERMINE")
            ])
        );
        assert_eq!(liste(&db, MARIE, Selection::Toutes).unwrap().len(), 7);
    }

    #[test]
    fn a_request_done_more_than_three_months_ago_leaves_the_home_page() {
        let (_dir, db) = seeded(seed_day());
        let a_month_later = seed_day() + chrono::Days::new(30);
        assert_eq!(
            accueil(&db, a_month_later),
            pairs(&[("DEV", "A_TRAITER"), ("OPT", "EN_COURS"), ("MED", "EN_ATTENTE_DE_PIECES")])
        );
    }

    #[test]
    fn pending_requests_are_not_pushed_off_the_home_page_by_newer_done_ones() {
        let (_dir, db) = seeded(seed_day());
        let rib = types_demande::par_type("MISE_A_JOUR_RIB").unwrap();
        for _ in 0..DEMANDES_ACCUEIL {
            db.execute(
                "INSERT INTO demandes (numero_personne, type, type_code, objet, etat, date_creation, date_mise_a_jour)
                 VALUES (?1, ?2, ?3, ?4, 'Traité', ?5, ?5)",
                params![MARIE, rib.type_demande, rib.code, rib.objet, seed_day()],
            )
            .unwrap();
        }
        assert_eq!(
            accueil(&db, seed_day()),
            pairs(&[
                ("RIB", "Traité"),
                ("RIB", "Traité"),
                ("DEV", "A_TRAITER"),
                ("OPT", "EN_COURS"),
                ("MED", "EN_ATTENTE_DE_PIECES")
            ])
        );
    }
}
