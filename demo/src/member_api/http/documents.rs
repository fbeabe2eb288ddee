//! Documents: the upload (`POST document/upload`, multipart, field `fichier` repeated) that
//! precedes a request, and the download of a stored document (`document/pdf/{id}`), returned
//! byte for byte as it was sent.

use actix_multipart::{Field, Multipart};
use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use futures_util::StreamExt;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::context::Context;
use super::reponses::fichier;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::format_fichier::{self, Format};
use crate::member_api::rules::membre::Member;
use crate::member_api::store::horodatage::horodatage;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/document/upload").post(upload))
        .service(web::resource("/document/pdf/{id}").get(download));
}

/// The nature of a file the member uploaded (the column's default).
pub const PIECE_JOINTE: &str = "PIECE_JOINTE";
/// The nature of the termination acknowledgement the mutual prints.
pub const ACCUSE_RECEPTION_RESILIATION: &str = "ACCUSE_RECEPTION_RESILIATION";
/// The nature of a document the mutual issues to a member from its back office.
pub const DOCUMENT_MUTUELLE: &str = "DOCUMENT_MUTUELLE";

/// The multipart field that carries files.
const CHAMP_FICHIER: &str = "fichier";
const FICHIERS_PAR_ENVOI: usize = 10;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentInfo {
    pub id: i64,
    pub nom_fichier: String,
    /// application/pdf, image/jpeg or image/png, as detected from the content.
    pub type_mime: String,
    /// Bytes.
    pub taille: i64,
    pub date_depot: NaiveDate,
    /// `PIECE_JOINTE` (uploaded by the member) or `ACCUSE_RECEPTION_RESILIATION` (printed by
    /// the mutual): what an acknowledgement email may attach is decided by this, not by order.
    pub nature: String,
    /// The request holding the document; `null` until a request takes it.
    pub id_demande: Option<i64>,
}

impl DocumentInfo {
    /// Every document of a request, those sent with its messages included.
    pub fn of_demande(db: &Connection, demande: i64) -> rusqlite::Result<Vec<Self>> {
        Self::lister(db, "demande_id", demande)
    }

    /// The documents sent with one message of a request's conversation.
    pub fn of_message(db: &Connection, message: i64) -> rusqlite::Result<Vec<Self>> {
        Self::lister(db, "message_id", message)
    }

    /// `colonne` is one of the two names above, never a member's value.
    fn lister(db: &Connection, colonne: &str, id: i64) -> rusqlite::Result<Vec<Self>> {
        let mut statement = db.prepare_cached(&format!(
            "SELECT id, nom_fichier, type_mime, taille, date_depot, demande_id, nature FROM documents WHERE {colonne} = ?1 ORDER BY id",
        ))?;
        let rows = statement.query_map([id], |row| {
            Ok(Self {
                id: row.get(0)?,
                nom_fichier: row.get(1)?,
                type_mime: row.get(2)?,
                taille: row.get(3)?,
                date_depot: row.get(4)?,
                id_demande: row.get(5)?,
                nature: row.get(6)?,
            })
        })?;
        rows.collect()
    }
}

struct Recu {
    nom: String,
    format: &'static Format,
    contenu: Vec<u8>,
}

async fn upload(
    member: Member,
    mut multipart: Multipart,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let mut recus = Vec::new();
    while let Some(field) = multipart.next().await {
        let field = field.map_err(|error| match error {
            actix_multipart::MultipartError::ContentTypeMissing
            | actix_multipart::MultipartError::ContentTypeParse
            | actix_multipart::MultipartError::ContentTypeIncompatible => ApiFailure::unsupported_media_type(
                "Les fichiers doivent être envoyés en multipart/form-data.".to_owned(),
            ),
            other => ApiFailure::bad_request(format!("Le formulaire envoyé est illisible ({other}).")),
        })?;
        if recus.len() == FICHIERS_PAR_ENVOI {
            return Err(ApiFailure::bad_request(format!(
                "Envoyez au plus {FICHIERS_PAR_ENVOI} fichiers à la fois."
            )));
        }
        recus.push(recevoir(field, context.max_upload_bytes).await?);
    }
    if recus.is_empty() {
        return Err(ApiFailure::bad_request(format!(
            "Aucun fichier reçu : joignez vos documents dans le champ « {CHAMP_FICHIER} »."
        )));
    }
    // The quota is checked once the files are read, not before: an answer sent while the
    // client is still sending is often lost to it as a reset connection, and what is read is
    // already bounded by the number of files and the size of each.
    let octets = recus.iter().map(|recu| recu.contenu.len() as u64).sum();
    let depots = context.depots_en_attente;
    let documents = context
        .db
        .run(move |db| {
            let tx = db.transaction()?;
            depots.admettre(&tx, &member.person_number, recus.len() as u64, octets)?;
            let today = today();
            let depose_le = horodatage(chrono::Utc::now());
            let mut documents = Vec::with_capacity(recus.len());
            for recu in recus {
                tx.execute(
                    "INSERT INTO documents (numero_personne, nom_fichier, type_mime, taille, contenu, date_depot, depose_le)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![
                        member.person_number,
                        recu.nom,
                        recu.format.type_mime,
                        taille(&recu.contenu),
                        recu.contenu,
                        today,
                        depose_le
                    ],
                )?;
                documents.push(DocumentInfo {
                    id: tx.last_insert_rowid(),
                    taille: taille(&recu.contenu),
                    nom_fichier: recu.nom,
                    type_mime: recu.format.type_mime.to_owned(),
                    date_depot: today,
                    nature: PIECE_JOINTE.to_owned(),
                    id_demande: None,
                });
            }
            tx.commit()?;
            Ok(documents)
        })
        .await?;
    Ok(HttpResponse::Created().json(documents))
}

/// Reads one file, refusing it as soon as it is over the limit, and checks its real type: the
/// name it is stored under takes that type's extension.
async fn recevoir(mut field: Field, limite: usize) -> Result<Recu, ApiFailure> {
    if field.name() != Some(CHAMP_FICHIER) {
        return Err(ApiFailure::bad_request(format!(
            "Champ inattendu « {} » : envoyez les fichiers dans le champ « {CHAMP_FICHIER} ».",
            crate::member_api::rules::validation::citation(field.name().unwrap_or_default())
        )));
    }
    let nom = field
        .content_disposition()
        .and_then(|disposition| disposition.get_filename())
        .map(format_fichier::nom_lisible)
        .ok_or_else(|| ApiFailure::unprocessable("Chaque fichier envoyé doit avoir un nom."))?;
    let contenu = match field.bytes(limite).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(error)) => {
            return Err(ApiFailure::bad_request(format!("Le fichier « {nom} » est illisible ({error}).")));
        }
        Err(_) => {
            return Err(ApiFailure::payload_too_large(format!(
                "Le fichier « {nom} » dépasse la taille maximale autorisée ({}).",
                crate::member_api::pdf::impression::taille_lisible(limite as u64)
            )));
        }
    };
    if contenu.is_empty() {
        return Err(ApiFailure::unprocessable(format!("Le fichier « {nom} » est vide.")));
    }
    let format = format_fichier::detecter(&contenu).ok_or_else(|| {
        ApiFailure::unsupported_media_type(format!(
            "Le fichier « {nom} » n’est ni un PDF, ni une image JPEG ou PNG : seuls ces formats sont acceptés."
        ))
    })?;
    Ok(Recu { nom: format_fichier::nom_stocke(&nom, format), format, contenu: contenu.to_vec() })
}

fn taille(contenu: &[u8]) -> i64 {
    i64::try_from(contenu.len()).expect("an upload is bounded")
}

async fn download(
    member: Member,
    id: web::Path<i64>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let id = id.into_inner();
    let (nom, type_mime, contenu) = context
        .db
        .run(move |db| {
            let document: Option<(String, String, String, Vec<u8>)> = db
                .query_row(
                    "SELECT numero_personne, nom_fichier, type_mime, contenu FROM documents WHERE id = ?1",
                    [id],
                    |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
                )
                .optional()?;
            member.check_owner(document.as_ref().map(|(owner, ..)| owner.clone()))?;
            let (_, nom, type_mime, contenu) = document.expect("checked above");
            Ok((nom, type_mime, contenu))
        })
        .await?;
    Ok(fichier(&type_mime, &nom, contenu))
}
