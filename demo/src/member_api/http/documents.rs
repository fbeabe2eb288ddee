//! Documents: the upload (`POST document/upload`, multipart, field `fichier` repeated) that
//! precedes a request, and the download of a stored document (`document/pdf/{id}`), returned
//! byte for byte as it was sent.

use actix_multipart::{Field, Multipart};
use actix_web::{HttpResponse, web};
use futures_util::StreamExt;

use super::context::Context;
use crate::member_api::failure::ApiFailure;
use crate::member_api::rules::documents::{self, Recu};
use crate::member_api::rules::format_fichier;
use crate::member_api::rules::membre::Member;
use crate::telechargement::fichier;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/document/upload").post(upload))
        .service(web::resource("/document/pdf/{id}").get(download));
}

/// The multipart field that carries files.
const CHAMP_FICHIER: &str = "fichier";
const FICHIERS_PAR_ENVOI: usize = 10;

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
    let depots = context.depots_en_attente;
    let documents =
        context.db.run(move |db| documents::deposer(db, &member.person_number, recus, depots)).await?;
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

async fn download(
    member: Member,
    id: web::Path<i64>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let id = id.into_inner();
    let (nom, type_mime, contenu) = context.db.run(move |db| documents::telecharger(db, &member, id)).await?;
    Ok(fichier(&type_mime, &nom, contenu))
}
