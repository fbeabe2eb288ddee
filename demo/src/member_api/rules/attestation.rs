//! What the mutual certifies (`assure/attestation`): whether a person is covered, was, or will
//! be, judged over all their contracts, and the sentence of each certificate.

use chrono::NaiveDate;

use crate::member_api::pdf::impression;
use crate::member_api::store::beneficiaires::PersonneCouverte;
use crate::member_api::store::contrats::Periode;

/// The contract's dates, as the certificate prints them.
pub fn en_clair(periode: &Periode) -> String {
    match periode.fin {
        Some(fin) => format!("du {} au {}", impression::date(periode.debut), impression::date(fin)),
        None => format!("depuis le {}", impression::date(periode.debut)),
    }
}

/// Present, past or future cover, judged over all the person's contracts.
pub enum Etat {
    Couvert,
    /// Every contract has ended: the first day and the last.
    Termine(NaiveDate, NaiveDate),
    /// Cover begins that day.
    AVenir(NaiveDate),
}

pub fn etat(periodes: &[Periode], aujourdhui: NaiveDate) -> Option<Etat> {
    let debut = periodes.iter().map(|periode| periode.debut).min()?;
    if periodes
        .iter()
        .any(|periode| periode.debut <= aujourdhui && periode.fin.is_none_or(|fin| fin >= aujourdhui))
    {
        return Some(Etat::Couvert);
    }
    if debut > aujourdhui {
        return Some(Etat::AVenir(debut));
    }
    let fin = periodes.iter().filter_map(|periode| periode.fin).max()?;
    Some(if fin < aujourdhui { Etat::Termine(debut, fin) } else { Etat::AVenir(debut) })
}

pub fn lien(lien: &str) -> &'static str {
    match lien {
        "ASSURE_PRINCIPAL" => "Adhérent",
        "CONJOINT" => "Conjoint",
        _ => "Enfant",
    }
}

pub fn declaration_droits(mutuelle: &str, nom: &str, etat: &Etat, aujourdhui: NaiveDate) -> String {
    match etat {
        Etat::Couvert => format!(
            "{mutuelle} atteste que {nom} bénéficie, au {}, des garanties frais de santé du contrat ci-dessous.",
            impression::date(aujourdhui)
        ),
        Etat::Termine(debut, fin) => format!(
            "{mutuelle} atteste que {nom} a bénéficié des garanties frais de santé du contrat ci-dessous du {} au {}, et n’en bénéficie plus depuis cette date.",
            impression::date(*debut),
            impression::date(*fin)
        ),
        Etat::AVenir(debut) => format!(
            "{mutuelle} atteste que {nom} bénéficiera des garanties frais de santé du contrat ci-dessous à compter du {}.",
            impression::date(*debut)
        ),
    }
}

pub fn declaration_adhesion(
    mutuelle: &str,
    personne: &PersonneCouverte,
    adherent: &(String, String),
    etat: &Etat,
) -> String {
    let (civilite, nom_adherent) = adherent;
    let membre = if personne.lien == "ASSURE_PRINCIPAL" {
        let adherente = if civilite == "M." { "adhérent" } else { "adhérente" };
        format!("{nom_adherent} est {adherente}")
    } else {
        format!(
            "{}, {} de {nom_adherent}, est bénéficiaire de son adhésion",
            personne.nom,
            lien(&personne.lien).to_lowercase()
        )
    };
    match etat {
        Etat::Couvert => format!("{mutuelle} atteste que {membre} à la date de ce document."),
        Etat::Termine(debut, fin) => format!(
            "{mutuelle} atteste que {} du {} au {}.",
            membre.replacen(" est ", " a été ", 1),
            impression::date(*debut),
            impression::date(*fin)
        ),
        Etat::AVenir(debut) => format!(
            "{mutuelle} atteste que {} à compter du {}.",
            membre.replacen(" est ", " sera ", 1),
            impression::date(*debut)
        ),
    }
}
