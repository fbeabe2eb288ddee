//! Files sent to a browser to download: the member API's documents and PDFs, and the back
//! office's.

use actix_web::HttpResponse;
use actix_web::http::header::{self, ContentDisposition, DispositionParam, DispositionType};

/// A file answer: its bytes, its type and a name for the browser's download. Always an
/// attachment, in a sandbox: a stored upload is the member's bytes, never a page to render.
pub fn fichier(content_type: &str, nom: &str, contenu: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type.to_owned())
        .insert_header((header::CONTENT_SECURITY_POLICY, "sandbox; default-src 'none'"))
        .insert_header(ContentDisposition {
            disposition: DispositionType::Attachment,
            // `filename*` carries accented names intact; `filename` is the ASCII fallback.
            parameters: vec![
                DispositionParam::Filename(nom.chars().map(|c| if c.is_ascii() { c } else { '_' }).collect()),
                DispositionParam::FilenameExt(header::ExtendedValue {
                    charset: header::Charset::Ext("UTF-8".to_owned()),
                    language_tag: None,
                    value: nom.as_bytes().to_vec(),
                }),
            ],
        })
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(contenu)
}
