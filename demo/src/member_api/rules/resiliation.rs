//! The legal rules of a termination notice (Code de la mutualité), decided here and nowhere
//! else: the browser only previews them. Which motifs a member may invoke, which event dates
//! are acceptable, and when the contract ends, for a notice received on a given day.

use chrono::{Months, NaiveDate};
use rusqlite::{Connection, Transaction};

use super::demandes::{self, ETATS_TERMINES, NouvelleDemande};
use super::envois::{self, Categorie};
use super::membre::Member;
use super::types_demande::{self, DEMANDE_DE_RESILIATION};
use super::validation;
use crate::member_api::clock::{now, today};
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf::accuse_resiliation::{AccuseResiliation, accuse_resiliation};
use crate::member_api::pdf::impression;
use crate::member_api::store::adherents::Identite;
use crate::member_api::store::contrats::{self, Contrat};
use crate::member_api::store::demandes::{Demande, resiliation_en_cours};
use crate::member_api::store::documents::{self, ACCUSE_RECEPTION_RESILIATION, NouveauDocument};
use crate::member_api::store::formulaires::Resiliation;

/// The grounds a member can give, with the label printed on the acknowledgement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Motif {
    /// At the yearly renewal, with two months' notice (L221-10).
    Echeance,
    /// At any time after a year of membership (L221-10-2, loi 2019-733).
    InfraAnnuelle,
    /// A change of situation (L221-17): joining an employer's compulsory group contract.
    AdhesionContratCollectif,
    /// A change of situation (L221-17): moving abroad.
    DemenagementEtranger,
    /// Any other ground, explained by the member; the law guarantees the renewal date.
    Autre,
}

/// A change of situation gives notice within three months of the event (L221-17).
const DELAI_CHANGEMENT_DE_SITUATION: Months = Months::new(3);
/// For the other grounds an event date, when given, is at most this old.
const ANCIENNETE_EVENEMENT_MAX: Months = Months::new(12);

impl Motif {
    pub fn parse(code: &str) -> Option<Self> {
        Some(match code {
            "ECHEANCE" => Self::Echeance,
            "RESILIATION_INFRA_ANNUELLE" => Self::InfraAnnuelle,
            "ADHESION_CONTRAT_COLLECTIF" => Self::AdhesionContratCollectif,
            "DEMENAGEMENT_ETRANGER" => Self::DemenagementEtranger,
            "AUTRE" => Self::Autre,
            _ => return None,
        })
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::Echeance => "ECHEANCE",
            Self::InfraAnnuelle => "RESILIATION_INFRA_ANNUELLE",
            Self::AdhesionContratCollectif => "ADHESION_CONTRAT_COLLECTIF",
            Self::DemenagementEtranger => "DEMENAGEMENT_ETRANGER",
            Self::Autre => "AUTRE",
        }
    }

    pub fn libelle(self) -> &'static str {
        match self {
            Self::Echeance => "Résiliation à échéance",
            Self::InfraAnnuelle => "Résiliation à tout moment après un an d’adhésion",
            Self::AdhesionContratCollectif => "Adhésion à un contrat collectif obligatoire",
            Self::DemenagementEtranger => "Départ à l’étranger",
            Self::Autre => "Autres (à renseigner par l’intéressé)",
        }
    }

    fn changement_de_situation(self) -> bool {
        matches!(self, Self::AdhesionContratCollectif | Self::DemenagementEtranger)
    }

    /// Whether the contract ends one month after the notice is received (rather than at the
    /// renewal).
    fn un_mois_apres(self) -> bool {
        self == Self::InfraAnnuelle || self.changement_de_situation()
    }
}

/// Checks that the member may invoke `motif` for a contract started on `debut`, and that the
/// event date fits the motif, for a notice received on `recue_le`. The error is the French
/// message the member reads.
pub fn verifier(
    motif: Motif,
    debut: NaiveDate,
    date_evenement: Option<NaiveDate>,
    recue_le: NaiveDate,
) -> Result<(), String> {
    let un_an = debut + Months::new(12);
    if motif == Motif::InfraAnnuelle && un_an > recue_le {
        return Err(format!(
            "Vous pourrez résilier à tout moment après un an d’adhésion, à partir du {}.",
            impression::date(un_an)
        ));
    }
    match date_evenement {
        None if motif.changement_de_situation() => {
            Err("Indiquez la date de l’événement qui motive la résiliation.".to_owned())
        }
        None => Ok(()),
        Some(date) if date > recue_le => Err("La date de l’événement ne peut pas être à venir.".to_owned()),
        Some(date) if motif.changement_de_situation() && date < recue_le - DELAI_CHANGEMENT_DE_SITUATION => {
            Err(format!(
                "Pour ce motif, la résiliation se demande dans les trois mois qui suivent l’événement : \
                 l’événement doit dater du {} ou après.",
                impression::date(recue_le - DELAI_CHANGEMENT_DE_SITUATION)
            ))
        }
        Some(date) if date < recue_le - ANCIENNETE_EVENEMENT_MAX => Err(format!(
            "La date de l’événement doit se situer dans l’année écoulée (le {} ou après).",
            impression::date(recue_le - ANCIENNETE_EVENEMENT_MAX)
        )),
        Some(_) => Ok(()),
    }
}

/// When the contract ends, for a notice received on `recue_le`: one month later for the right
/// to leave at any time and the changes of situation; otherwise the first yearly renewal (an
/// anniversary of `debut`) at least two months away. A month later than the 31st is the
/// month's last day (chrono clamps).
pub fn date_effet(motif: Motif, debut: NaiveDate, recue_le: NaiveDate) -> NaiveDate {
    if motif.un_mois_apres() {
        return recue_le + Months::new(1);
    }
    let preavis = recue_le + Months::new(2);
    (1..)
        .map(|annees| debut + Months::new(12 * annees))
        .find(|echeance| *echeance >= preavis)
        .expect("an anniversary comes after any date")
}

/// What the member sends. Who gives notice is the token's member, and the end date is the
/// mutual's.
pub struct Saisie {
    pub numero_contrat: String,
    pub motif: String,
    pub date_evenement: Option<NaiveDate>,
    pub email: Option<String>,
    pub commentaire: Option<String>,
    pub id_documents: Vec<i64>,
}

/// The request checked, with what its acknowledgement needs.
pub struct DemandeResiliation {
    nouvelle: NouvelleDemande,
    motif: Motif,
    numero_contrat: String,
    date_evenement: Option<NaiveDate>,
    email: Option<String>,
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

pub fn demande(saisie: Saisie) -> Result<DemandeResiliation, ApiFailure> {
    let Some(motif) = Motif::parse(&saisie.motif) else {
        return Err(ApiFailure::bad_request(format!(
            "Motif de résiliation inconnu : « {} ».",
            validation::citation(&saisie.motif)
        )));
    };
    if motif == Motif::Autre && saisie.commentaire.as_deref().is_none_or(|text| text.trim().is_empty()) {
        return Err(ApiFailure::unprocessable("Précisez le motif de votre résiliation."));
    }
    let email = email(saisie.email.as_deref())?;
    let type_demande = types_demande::par_type(DEMANDE_DE_RESILIATION).expect("a known type");
    let nouvelle =
        NouvelleDemande::new(type_demande, saisie.commentaire.as_deref(), None, saisie.id_documents)?;
    let numero_contrat = saisie.numero_contrat.trim().to_owned();
    Ok(DemandeResiliation { nouvelle, motif, numero_contrat, date_evenement: saisie.date_evenement, email })
}

/// Writes the termination of the contract, as of now, with its acknowledgement printed for
/// `mutuelle`.
pub fn enregistrer(
    db: &mut Connection,
    member: &Member,
    demande: DemandeResiliation,
    mutuelle: String,
) -> Result<Demande, ApiFailure> {
    let DemandeResiliation { nouvelle, motif, numero_contrat, date_evenement, email } = demande;
    demandes::enregistrer(
        db,
        member,
        nouvelle,
        move |tx, member, nouvelle| {
            let contrat = resiliable(tx, member, &numero_contrat)?;
            let notifiee_le = now();
            verifier(motif, contrat.date_debut, date_evenement, notifiee_le.date_naive())
                .map_err(ApiFailure::unprocessable)?;
            let identite = Identite::lire(tx, &member.person_number)?;
            let resiliation = Resiliation {
                numero_contrat: contrat.numero_contrat.clone(),
                libelle_produit: contrat.libelle_produit.clone(),
                date_effet: date_effet(motif, contrat.date_debut, notifiee_le.date_naive()),
                motif: motif.code().to_owned(),
                date_evenement,
                notifiee_le: notifiee_le.to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
                adherent: identite.adherent,
                numero_adherent: member.person_number.clone(),
                email: Some(email.unwrap_or_else(|| identite.email.clone())),
                email_dossier: identite.email,
            };
            let accuse = AccuseResiliation {
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
}

/// The acknowledgement, printed once the request has its number, and kept among its
/// documents as what it is: the durable medium of Code de la mutualité D221-1.
fn joindre_accuse(
    tx: &Transaction,
    member: &Member,
    id: i64,
    mut accuse: AccuseResiliation,
) -> Result<(), ApiFailure> {
    accuse.numero_demande = id.to_string();
    let contenu = accuse_resiliation(&accuse);
    let document = documents::inserer(
        tx,
        &NouveauDocument {
            numero_personne: &member.person_number,
            demande_id: Some(id),
            nom_fichier: &format!("accuse-reception-resiliation-{id}.pdf"),
            type_mime: "application/pdf",
            contenu: &contenu,
            date_depot: today(),
            nature: ACCUSE_RECEPTION_RESILIATION,
            depose_le: None,
        },
    )?;
    envois::envoyer(tx, &member.person_number, document, Categorie::Courrier)?;
    Ok(())
}

/// Only an individual contract in force can be terminated online, once: that contract.
fn resiliable(tx: &Transaction, member: &Member, numero_contrat: &str) -> Result<Contrat, ApiFailure> {
    let owner = contrats::titulaire(tx, numero_contrat)?;
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
    let deja_demandee = resiliation_en_cours(
        tx,
        &member.person_number,
        DEMANDE_DE_RESILIATION,
        ETATS_TERMINES,
        numero_contrat,
    )?;
    if deja_demandee {
        return Err(ApiFailure::conflict("Une demande de résiliation de ce contrat est déjà en cours."));
    }
    Ok(contrat)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn leaving_at_any_time_or_on_a_change_of_situation_ends_the_contract_a_month_after_receipt() {
        let debut = day(2019, 3, 1);
        assert_eq!(date_effet(Motif::InfraAnnuelle, debut, day(2026, 11, 23)), day(2026, 12, 23));
        assert_eq!(date_effet(Motif::DemenagementEtranger, debut, day(2026, 1, 31)), day(2026, 2, 28));
        assert_eq!(date_effet(Motif::AdhesionContratCollectif, debut, day(2026, 11, 23)), day(2026, 12, 23));
    }

    #[test]
    fn at_the_renewal_the_contract_ends_on_the_first_anniversary_two_months_away() {
        let debut = day(2019, 1, 15);
        // Notice on 10/11: the anniversary of 15/01 is more than two months away.
        assert_eq!(date_effet(Motif::Echeance, debut, day(2026, 11, 10)), day(2027, 1, 15));
        // Notice on 20/11: 15/01 is too close, so the next one.
        assert_eq!(date_effet(Motif::Echeance, debut, day(2026, 11, 20)), day(2028, 1, 15));
        assert_eq!(date_effet(Motif::Autre, debut, day(2026, 11, 20)), day(2028, 1, 15));
    }

    #[test]
    fn leaving_at_any_time_needs_a_year_of_membership() {
        let debut = day(2026, 3, 15);
        assert_eq!(
            verifier(Motif::InfraAnnuelle, debut, None, day(2026, 11, 23)),
            Err("Vous pourrez résilier à tout moment après un an d’adhésion, à partir du 15/03/2027.".into())
        );
        assert_eq!(verifier(Motif::InfraAnnuelle, debut, None, day(2027, 3, 15)), Ok(()));
    }

    #[test]
    fn a_change_of_situation_needs_its_event_within_the_three_months_before_the_notice() {
        let debut = day(2019, 3, 1);
        let recue = day(2026, 11, 23);
        assert!(verifier(Motif::DemenagementEtranger, debut, None, recue).is_err());
        assert!(verifier(Motif::DemenagementEtranger, debut, Some(day(2026, 8, 22)), recue).is_err());
        assert_eq!(verifier(Motif::DemenagementEtranger, debut, Some(day(2026, 8, 23)), recue), Ok(()));
        assert_eq!(
            verifier(Motif::AdhesionContratCollectif, debut, Some(day(2026, 11, 24)), recue),
            Err("La date de l’événement ne peut pas être à venir.".into())
        );
    }

    #[test]
    fn any_event_date_lies_within_the_past_year() {
        let debut = day(2019, 3, 1);
        let recue = day(2026, 11, 23);
        assert!(verifier(Motif::Echeance, debut, Some(day(1900, 1, 1)), recue).is_err());
        assert!(verifier(Motif::Autre, debut, Some(day(9999, 12, 31)), recue).is_err());
        assert_eq!(verifier(Motif::Echeance, debut, Some(day(2025, 11, 23)), recue), Ok(()));
        assert_eq!(verifier(Motif::Echeance, debut, None, recue), Ok(()));
    }

    #[test]
    fn every_motif_code_reads_back() {
        for motif in [
            Motif::Echeance,
            Motif::InfraAnnuelle,
            Motif::AdhesionContratCollectif,
            Motif::DemenagementEtranger,
            Motif::Autre,
        ] {
            assert_eq!(Motif::parse(motif.code()), Some(motif));
        }
        assert_eq!(Motif::parse("RESILIATION_IMMEDIATE"), None);
    }
}
