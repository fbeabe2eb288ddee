//! The emails of a termination notice (Code de la mutualité, D221-1): the acknowledgement, to
//! the address the member gave (D221-1 II 1° lets them choose the means of contact); and when
//! that address is not the one on file, a word to the address on file that a notice was given
//! from the account, the usual guard against a notice made by someone else.

use chrono::{DateTime, NaiveDate};
use chrono_tz::Europe::Paris;
use lettre::Message;
use lettre::message::{Mailbox, MultiPart, SinglePart, header::ContentType};
use serde::Deserialize;

/// The termination as the member API recorded it (`Demande.resiliation`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Termination {
    numero_contrat: String,
    libelle_produit: String,
    date_effet: NaiveDate,
    notifiee_le: String,
    adherent: String,
    email: Option<String>,
    email_dossier: String,
}

/// The emails to queue, each with its name in the queue: the acknowledgement carrying
/// `attachment`, then the notice to the address on file when the member gave another.
pub fn termination_emails(
    from: Mailbox,
    mutuelle: &str,
    id: i64,
    termination: &Termination,
    attachment: SinglePart,
) -> anyhow::Result<Vec<(String, Message)>> {
    let on_file = termination.email_dossier.trim();
    let given =
        termination.email.as_deref().map(str::trim).filter(|email| !email.is_empty()).unwrap_or(on_file);
    let acknowledgement = Message::builder()
        .from(from.clone())
        .to(Mailbox::new(Some(termination.adherent.clone()), given.parse()?))
        .subject(format!("Accusé de réception de votre demande de résiliation n° {id}"))
        .multipart(
            MultiPart::mixed()
                .singlepart(SinglePart::plain(acknowledgement(mutuelle, id, termination)))
                .singlepart(attachment),
        )?;
    let mut emails = vec![(format!("resiliation-{id}-accuse"), acknowledgement)];
    if !given.eq_ignore_ascii_case(on_file) {
        let notice = Message::builder()
            .from(from)
            .to(Mailbox::new(Some(termination.adherent.clone()), on_file.parse()?))
            .subject("Une demande de résiliation a été faite depuis votre espace assuré")
            .header(ContentType::TEXT_PLAIN)
            .body(notice_to_file(mutuelle, id, termination, given))?;
        emails.push((format!("resiliation-{id}-avis"), notice));
    }
    Ok(emails)
}

/// "le 23/11/2026 à 14:05", in French time, from the member API's RFC 3339 moment.
fn received(termination: &Termination) -> String {
    DateTime::parse_from_rfc3339(&termination.notifiee_le)
        .map(|moment| moment.with_timezone(&Paris).format("le %d/%m/%Y à %H:%M").to_string())
        .unwrap_or_else(|_| "ce jour".to_owned())
}

/// The acknowledgement's text: when the notice arrived, when the contract ends, what follows.
fn acknowledgement(mutuelle: &str, id: i64, termination: &Termination) -> String {
    format!(
        "Bonjour {adherent},\n\n\
         {mutuelle} a bien reçu {received} votre demande de résiliation n° {id} du contrat \
         {contrat} ({produit}).\n\n\
         Votre contrat prendra fin le {end}. À compter de cette date, vos garanties et celles des \
         personnes couvertes par ce contrat cessent, et votre carte de tiers payant ne peut plus être \
         présentée : détruisez-la. Les soins reçus jusqu’à cette date restent remboursés. La part de \
         cotisation payée pour la période postérieure à la fin du contrat vous sera remboursée dans \
         un délai de trente jours (article L221-10-3 du Code de la mutualité).\n\n\
         L’accusé de réception est joint à ce message ; il est aussi conservé dans votre espace \
         assuré, rubrique « Mes demandes ».\n\n{mutuelle}\n",
        adherent = termination.adherent,
        received = received(termination),
        contrat = termination.numero_contrat,
        produit = termination.libelle_produit,
        end = termination.date_effet.format("%d/%m/%Y"),
    )
}

/// The notice to the address on file when the acknowledgement went elsewhere. The other
/// address is shown masked: enough for the member to recognise it, not to give it away.
fn notice_to_file(mutuelle: &str, id: i64, termination: &Termination, given: &str) -> String {
    format!(
        "Bonjour {adherent},\n\n\
         Une demande de résiliation (n° {id}) du contrat {contrat} a été faite {received} depuis \
         votre espace assuré, et son accusé de réception a été envoyé à l’adresse indiquée dans la \
         demande ({masked}). Le contrat prendra fin le {end}.\n\n\
         Si vous n’êtes pas à l’origine de cette demande, contactez-nous sans attendre et modifiez \
         le mot de passe de votre compte.\n\n{mutuelle}\n",
        adherent = termination.adherent,
        contrat = termination.numero_contrat,
        received = received(termination),
        masked = masked(given),
        end = termination.date_effet.format("%d/%m/%Y"),
    )
}

/// "m•••@exemple.fr": the first character of the local part, then the domain.
fn masked(address: &str) -> String {
    match address.split_once('@') {
        Some((local, domain)) => {
            format!("{}•••@{domain}", local.chars().next().map(String::from).unwrap_or_default())
        }
        None => "•••".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn termination() -> Termination {
        Termination {
            numero_contrat: "IND-2021-004512".into(),
            libelle_produit: "Santé Essentielle".into(),
            date_effet: NaiveDate::from_ymd_opt(2026, 12, 23).unwrap(),
            notifiee_le: "2026-11-23T14:05:00+01:00".into(),
            adherent: "Mme Marie DUPONT".into(),
            email: Some("marie@elsewhere.example".into()),
            email_dossier: "marie.dupont@example.org".into(),
        }
    }

    #[test]
    fn the_mail_says_when_the_notice_arrived_in_french_time_and_when_the_contract_ends() {
        let text = acknowledgement("Mutuelle Cogévie", 12, &termination());

        assert!(text.starts_with("Bonjour Mme Marie DUPONT,"), "{text}");
        assert!(
            text.contains("a bien reçu le 23/11/2026 à 14:05 votre demande de résiliation n° 12 du contrat IND-2021-004512 (Santé Essentielle)"),
            "{text}"
        );
        assert!(text.contains("Votre contrat prendra fin le 23/12/2026."), "{text}");
        assert!(text.contains("trente jours"), "{text}");
    }

    #[test]
    fn the_address_on_file_is_told_where_the_acknowledgement_went_without_giving_it_away() {
        let text = notice_to_file("Mutuelle Cogévie", 12, &termination(), "marie@elsewhere.example");

        assert!(text.contains("m•••@elsewhere.example"), "{text}");
        assert!(!text.contains("marie@elsewhere.example"), "{text}");
        assert!(text.contains("Si vous n’êtes pas à l’origine de cette demande"), "{text}");
    }
}
