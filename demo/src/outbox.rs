//! `/_demo/outbox`: the emails written to the demo's outbox, by the portal (a termination's
//! acknowledgement, see `mail.rs`) and by the demo member API (alerts and security emails, see
//! `member_api/mail/file_courriels.rs`), newest first, so that whoever tries the demo reads what
//! a member would receive. Nothing is sent anywhere in demo mode.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use actix_web::http::header::{self, ContentType};
use actix_web::{HttpResponse, web};
use mail_parser::{MessageParser, MimeHeaders};
use maud::{DOCTYPE, Markup, html};

/// The folder the portal's outbox transport writes to.
pub struct Outbox(pub PathBuf);

/// Only the latest messages: the outbox of a long-running demo keeps growing.
const SHOWN: usize = 20;

pub fn resource(outbox: web::Data<Outbox>) -> actix_web::Resource {
    web::resource("/_demo/outbox").app_data(outbox).get(list)
}

struct Mail {
    subject: String,
    from: String,
    to: String,
    date: String,
    text: String,
    attachments: Vec<String>,
}

fn addresses(address: Option<&mail_parser::Address<'_>>) -> String {
    address
        .map(|address| {
            address
                .iter()
                .map(|addr| match (addr.name(), addr.address()) {
                    (Some(name), Some(email)) => format!("{name} <{email}>"),
                    (None, Some(email)) => email.to_owned(),
                    (name, None) => name.unwrap_or_default().to_owned(),
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

fn read(path: &Path) -> Option<Mail> {
    let bytes = std::fs::read(path).ok()?;
    let message = MessageParser::default().parse(&bytes)?;
    Some(Mail {
        subject: message.subject().unwrap_or_default().to_owned(),
        from: addresses(message.from()),
        to: addresses(message.to()),
        date: message.date().map(|date| date.to_rfc3339()).unwrap_or_default(),
        text: message.body_text(0).map(|text| text.into_owned()).unwrap_or_default(),
        attachments: message
            .attachments()
            .map(|part| part.attachment_name().unwrap_or("pièce jointe").to_owned())
            .collect(),
    })
}

/// The `.eml` files, newest first.
fn messages(dir: &Path) -> Vec<Mail> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<(SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "eml"))
        .filter_map(|path| Some((std::fs::metadata(&path).ok()?.modified().ok()?, path)))
        .collect();
    files.sort_by_key(|(modified, _)| std::cmp::Reverse(*modified));
    files.iter().take(SHOWN).filter_map(|(_, path)| read(path)).collect()
}

async fn list(outbox: web::Data<Outbox>) -> HttpResponse {
    let dir = outbox.0.clone();
    let mails = web::block(move || messages(&dir)).await.unwrap_or_default();
    HttpResponse::Ok()
        .insert_header(ContentType::html())
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(page(&mails).into_string())
}

fn page(mails: &[Mail]) -> Markup {
    html! {
        (DOCTYPE)
        html lang="fr" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { "Courriels envoyés – démonstration" }
                link rel="stylesheet" href="/_demo/idp/style.css";
            }
            body {
                main.card {
                    h1 { "Courriels envoyés" }
                    p { "En démonstration, les courriels que le portail et la mutuelle envoient aux adhérents sont écrits ici au lieu de partir." }
                    @if mails.is_empty() {
                        p { "Aucun courriel pour l’instant." }
                    }
                    @for mail in mails {
                        article {
                            h2 { (mail.subject) }
                            dl {
                                dt { "De" } dd { (mail.from) }
                                dt { "À" } dd { (mail.to) }
                                dt { "Date" } dd { (mail.date) }
                                @if !mail.attachments.is_empty() {
                                    dt { "Pièces jointes" } dd { (mail.attachments.join(", ")) }
                                }
                            }
                            pre { (mail.text) }
                        }
                    }
                }
            }
        }
    }
}
