//! A prior agreement for a hospital stay (`document/creationHospitalisation`,
//! docs/product/member-api.md#hospital-care), so that the establishment bills the mutual
//! directly: the establishment is one of the directory's, the patient one the member's
//! contracts cover on every day of the stay; the mutual decides at once when it can
//! (`prise_en_charge`), and an agreement goes to the establishment as a PDF.

use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{Connection, Transaction};

use super::demandes::{self, NouvelleDemande, de_l_adherent};
use super::envois::{self, Categorie};
use super::etablissements::{self, Etablissement};
use super::membre::Member;
use super::messages::REPONSE_MAX;
use super::prise_en_charge::{self, Sejour};
use super::types_demande::{self, PRISE_EN_CHARGE_HOSPITALIERE};
use super::{catalogue, validation};
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::mail::courriels::{self, Courriel, Nature};
use crate::member_api::mail::evenements::{Evenement, publier};
use crate::member_api::pdf::accord_prise_en_charge::{AccordPriseEnCharge, accord_prise_en_charge};
use crate::member_api::pdf::impression;
use crate::member_api::store::demandes::{self as demandes_store, Demande};
use crate::member_api::store::documents::{self, DOCUMENT_MUTUELLE, NouveauDocument};
use crate::member_api::store::formulaires::{PriseEnCharge, StatutPriseEnCharge};
use crate::member_api::store::messages::{self, MUTUELLE};
use crate::member_api::store::{beneficiaires, contrats};

/// The states a decided request moves to: agreed or refused, it is done; studied, under way.
pub const ETAT_DECIDEE: &str = "TERMINE";
pub const ETAT_A_L_ETUDE: &str = "EN_COURS";

/// What the member sends; `finess` and `siren` name the establishment.
pub struct Saisie {
    pub siren: String,
    pub id_beneficiaire: i64,
    pub finess: String,
    pub date_entree: NaiveDate,
    pub date_sortie: Option<NaiveDate>,
    pub type_hospitalisation: String,
    pub chambre_particuliere: bool,
    pub commentaire: Option<String>,
    pub id_documents: Vec<i64>,
}

/// The request, checked as far as it can be without the member's contracts.
pub struct DemandeHospitalisation {
    nouvelle: NouvelleDemande,
    beneficiaire: i64,
    etablissement: &'static Etablissement,
    sejour: &'static Sejour,
    entree: NaiveDate,
    sortie: Option<NaiveDate>,
    chambre_particuliere: bool,
}

pub fn verifier(saisie: Saisie) -> Result<DemandeHospitalisation, ApiFailure> {
    let siren = validation::siren(&saisie.siren)?;
    let finess = saisie.finess.trim().to_ascii_uppercase();
    let etablissement = etablissements::par_finess(&finess).ok_or_else(|| {
        ApiFailure::unprocessable(
            "Cet établissement ne figure pas dans l’annuaire de la mutuelle : choisissez-le dans la liste.",
        )
    })?;
    if siren != etablissement.siren {
        return Err(ApiFailure::unprocessable("Le numéro SIREN n’est pas celui de l’établissement choisi."));
    }
    let sejour = prise_en_charge::sejour(&saisie.type_hospitalisation).ok_or_else(|| {
        ApiFailure::bad_request(format!(
            "Type d’hospitalisation inconnu : « {} ».",
            saisie.type_hospitalisation
        ))
    })?;
    let demande = prise_en_charge::Demande {
        sejour,
        entree: saisie.date_entree,
        sortie: saisie.date_sortie,
        chambre_particuliere: saisie.chambre_particuliere,
    };
    prise_en_charge::verifier_dates(&demande, today())?;
    let type_demande = types_demande::par_type(PRISE_EN_CHARGE_HOSPITALIERE).expect("a known type");
    let nouvelle = NouvelleDemande::new(
        type_demande,
        saisie.commentaire.as_deref(),
        Some(saisie.id_beneficiaire),
        saisie.id_documents,
    )?;
    Ok(DemandeHospitalisation {
        nouvelle,
        beneficiaire: saisie.id_beneficiaire,
        etablissement,
        sejour,
        entree: saisie.date_entree,
        sortie: saisie.date_sortie,
        chambre_particuliere: saisie.chambre_particuliere,
    })
}

/// Writes the request with the mutual's decision; an agreement is printed, kept with the
/// request and sent to the establishment, in the same transaction.
pub fn enregistrer(
    db: &mut Connection,
    member: &Member,
    demande: DemandeHospitalisation,
    mutuelle: String,
) -> Result<Demande, ApiFailure> {
    let DemandeHospitalisation {
        nouvelle,
        beneficiaire,
        etablissement,
        sejour,
        entree,
        sortie,
        chambre_particuliere,
    } = demande;
    demandes::enregistrer(
        db,
        member,
        nouvelle,
        move |tx, member, nouvelle| {
            verifier_beneficiaire(tx, member, beneficiaire)?;
            pas_de_doublon(tx, beneficiaire, &etablissement.finess, entree, sortie.unwrap_or(entree))?;
            let code_produit = couvert(tx, beneficiaire, entree, sortie.unwrap_or(entree))?;
            let demande = prise_en_charge::Demande { sejour, entree, sortie, chambre_particuliere };
            let decision = prise_en_charge::decider(&demande, catalogue::produit(&code_produit), today());
            nouvelle.hospitalisation = Some(PriseEnCharge {
                etablissement: etablissement.nom.clone(),
                siren: etablissement.siren.clone(),
                finess: Some(etablissement.finess.clone()),
                date_entree: entree,
                date_sortie: sortie,
                type_hospitalisation: sejour.code.to_owned(),
                chambre_particuliere,
                decision: Some(decision),
            });
            Ok(())
        },
        move |tx, member, id, ()| {
            let mut prise_en_charge = demandes_store::prise_en_charge(tx, id)?.expect("just written");
            let etat = if prise_en_charge
                .decision
                .as_ref()
                .is_some_and(|decision| decision.statut == StatutPriseEnCharge::ALEtude)
            {
                ETAT_A_L_ETUDE
            } else {
                delivrer(tx, &member.person_number, id, beneficiaire, &mut prise_en_charge, &mutuelle)?;
                ETAT_DECIDEE
            };
            demandes_store::decider_prise_en_charge(tx, id, etat, today(), &prise_en_charge)?;
            Ok(())
        },
    )
}

/// The beneficiary is the member's: another member's is forbidden, an unknown one a mistake.
/// Checked before anything is read of their contracts.
fn verifier_beneficiaire(tx: &Transaction, member: &Member, beneficiaire: i64) -> Result<(), ApiFailure> {
    match beneficiaires::titulaire(tx, beneficiaire)? {
        None => Err(ApiFailure::unprocessable("Ce bénéficiaire ne figure pas sur vos contrats.")),
        owner => member.check_owner(owner),
    }
}

/// No second request for a stay already agreed or studied at the same establishment on one of
/// its days: sent again (a replayed request, a double click), it would send the establishment a
/// second agreement.
fn pas_de_doublon(
    tx: &Transaction,
    beneficiaire: i64,
    finess: &str,
    entree: NaiveDate,
    fin: NaiveDate,
) -> Result<(), ApiFailure> {
    let doublon =
        demandes_store::prises_en_charge_du_beneficiaire(tx, beneficiaire)?.into_iter().find(|(_, autre)| {
            let en_cours = autre
                .decision
                .as_ref()
                .is_some_and(|decision| decision.statut != StatutPriseEnCharge::Refusee);
            let autre_fin = autre.date_sortie.unwrap_or(autre.date_entree);
            en_cours
                && autre.finess.as_deref() == Some(finess)
                && autre.date_entree <= fin
                && entree <= autre_fin
        });
    match doublon {
        Some((id, _)) => Err(ApiFailure::conflict(format!(
            "Une demande de prise en charge existe déjà pour ce séjour dans cet établissement (demande n° {id})."
        ))),
        None => Ok(()),
    }
}

/// The product of the contract covering the beneficiary from `entree` to `fin`; a refusal that
/// says why not otherwise: a contract that starts later, one that ends before, none.
fn couvert(
    tx: &Transaction,
    beneficiaire: i64,
    entree: NaiveDate,
    fin: NaiveDate,
) -> Result<String, ApiFailure> {
    let au_debut = contrats::produit_le(tx, beneficiaire, entree)?;
    if let Some(code) = &au_debut
        && contrats::produit_le(tx, beneficiaire, fin)?.is_some()
    {
        return Ok(code.clone());
    }
    let nom = beneficiaires::personne_couverte(tx, beneficiaire)?.nom;
    let periodes = contrats::periodes_du_couvert(tx, beneficiaire)?;
    let date = impression::date;
    let motif = match periodes.iter().find(|periode| periode.debut <= entree) {
        Some(periode) if au_debut.is_some() => format!(
            "Le contrat qui couvre {nom} prend fin le {}, avant la fin du séjour : il ne couvre pas tout le séjour.",
            periode.fin.map_or_else(String::new, date)
        ),
        Some(periode) => match periode.fin {
            Some(fin_contrat) => {
                format!(
                    "Le contrat qui couvrait {nom} a pris fin le {} : il ne couvre pas ce séjour.",
                    date(fin_contrat)
                )
            }
            None => format!("{nom} n’est couvert par aucun de vos contrats à ces dates."),
        },
        None => match periodes.first() {
            Some(periode) => format!(
                "Le contrat qui couvre {nom} ne commence que le {} : il ne couvre pas ce séjour.",
                date(periode.debut)
            ),
            None => format!("{nom} n’est couvert par aucun de vos contrats à ces dates."),
        },
    };
    Err(ApiFailure::unprocessable(motif))
}

/// An agreed request's agreement: numbered, printed, kept with the request among its
/// documents, and queued for the establishment.
pub fn delivrer(
    tx: &Transaction,
    numero_personne: &str,
    id: i64,
    beneficiaire: i64,
    prise_en_charge: &mut PriseEnCharge,
    mutuelle: &str,
) -> Result<(), ApiFailure> {
    let Some(decision) =
        prise_en_charge.decision.as_mut().filter(|decision| decision.statut == StatutPriseEnCharge::Accordee)
    else {
        return Ok(());
    };
    let etablissement =
        prise_en_charge.finess.as_deref().and_then(etablissements::par_finess).ok_or_else(|| {
            ApiFailure::unprocessable("Cet établissement ne figure plus dans l’annuaire de la mutuelle.")
        })?;
    let le = decision.decidee_le.unwrap_or_else(today);
    let numero = prise_en_charge::numero_accord(id, le);
    let patient = beneficiaires::personne_couverte(tx, beneficiaire)?;
    let sejour =
        prise_en_charge::sejour(&prise_en_charge.type_hospitalisation).expect("a kind checked when asked");
    let sortie = prise_en_charge.date_sortie.unwrap_or(prise_en_charge.date_entree);
    let pdf = accord_prise_en_charge(&AccordPriseEnCharge {
        mutuelle: mutuelle.to_owned(),
        numero_accord: numero.clone(),
        etablissement: etablissement.nom.clone(),
        finess: etablissement.finess.clone(),
        adresse_etablissement: format!(
            "{}, {} {}",
            etablissement.adresse, etablissement.code_postal, etablissement.commune
        ),
        patient: patient.nom,
        date_naissance: impression::date(patient.date_naissance),
        numero_adherent: numero_personne.to_owned(),
        sejour: capitalise(sejour.libelle),
        dates: format!(
            "du {} au {} ({} jours)",
            impression::date(prise_en_charge.date_entree),
            impression::date(sortie),
            prise_en_charge::jours(prise_en_charge.date_entree, sortie)
        ),
        chambre_particuliere: prise_en_charge.chambre_particuliere,
        lignes: decision.lignes.clone(),
        decide_le: impression::date(le),
    });
    let document = documents::inserer(
        tx,
        &NouveauDocument {
            numero_personne,
            demande_id: Some(id),
            nom_fichier: &format!("accord-prise-en-charge-{numero}.pdf"),
            type_mime: "application/pdf",
            contenu: &pdf,
            date_depot: le,
            nature: DOCUMENT_MUTUELLE,
            depose_le: Some(chrono::Utc::now()),
        },
    )?;
    envois::envoyer(tx, numero_personne, document, Categorie::Accord)?;
    decision.numero_accord = Some(numero);
    decision.document_accord = Some(document);
    courriels::mettre_en_file(
        tx,
        numero_personne,
        &Courriel {
            nature: Nature::AccordPriseEnCharge,
            lien: &format!("/mutuelle/demandes/{id}"),
            appareil: None,
            destinataire: Some(&etablissement.email),
            piece_jointe: Some(document),
        },
        chrono::Utc::now(),
    )?;
    Ok(())
}

/// What the mutual's services decide on a request they study: « ACCEPTER » or « REFUSER »,
/// the exit date when the request has none, the refusal's reason.
pub struct SaisieDecision<'a> {
    pub decision: &'a str,
    pub date_sortie: &'a str,
    pub motif: &'a str,
}

/// Whether request `id` is a hospital-care request, which `decider` decides.
pub fn est_une_prise_en_charge(tx: &Transaction, id: i64) -> Result<bool, ApiFailure> {
    Ok(demandes_store::prise_en_charge(tx, id)?.is_some())
}

/// The decisions the mutual's services take on a studied request, as the back office offers them.
pub const DECISIONS: [(&str, &str); 2] = [
    ("ACCEPTER", "Accorder : l’accord est envoyé à l’établissement"),
    ("REFUSER", "Refuser : l’adhérent lit le motif"),
];

pub const DEJA_DECIDEE: &str = "Cette demande a déjà reçu sa décision.";

/// The mutual decides the studied request `id` of the member `numero`, with the rules of a
/// decision taken at once: the stay no longer than its kind allows, the patient covered on
/// every day of it. An agreement is printed and sent as one taken at once is; the member is
/// told in the request's conversation either way.
pub fn decider(
    tx: &Transaction,
    numero: &str,
    id: i64,
    saisie: &SaisieDecision<'_>,
    mutuelle: &str,
    maintenant: DateTime<Utc>,
) -> Result<(), ApiFailure> {
    de_l_adherent(tx, numero, id)?;
    let mut prise_en_charge = demandes_store::prise_en_charge(tx, id)?
        .ok_or(ApiFailure::missing("Cette demande n’est pas une demande de prise en charge hospitalière."))?;
    if prise_en_charge
        .decision
        .as_ref()
        .is_none_or(|decision| decision.statut != StatutPriseEnCharge::ALEtude)
    {
        return Err(ApiFailure::conflict(DEJA_DECIDEE));
    }
    let beneficiaire = demandes_store::lire(tx, id)?.beneficiaire.map(|beneficiaire| beneficiaire.id);
    let beneficiaire = beneficiaire.ok_or(ApiFailure::missing("Cette demande ne nomme pas de patient."))?;
    let aujourdhui = today();
    let texte = match saisie.decision {
        "ACCEPTER" => {
            let sortie = match (prise_en_charge.date_sortie, saisie.date_sortie.trim()) {
                (Some(sortie), _) => sortie,
                (None, "") => {
                    return Err(ApiFailure::bad_request(
                        "Indiquez la date de sortie : l’accord la mentionne.",
                    ));
                }
                (None, saisie) => saisie
                    .parse()
                    .map_err(|_| ApiFailure::bad_request("La date de sortie n’est pas une date."))?,
            };
            let sejour = prise_en_charge::sejour(&prise_en_charge.type_hospitalisation)
                .expect("a kind checked when asked");
            let demande = prise_en_charge::Demande {
                sejour,
                entree: prise_en_charge.date_entree,
                sortie: Some(sortie),
                chambre_particuliere: prise_en_charge.chambre_particuliere,
            };
            // The entry may have come while the request was studied: the other rules hold.
            prise_en_charge::verifier_dates(&demande, aujourdhui.min(prise_en_charge.date_entree))?;
            let code_produit = couvert(tx, beneficiaire, prise_en_charge.date_entree, sortie)?;
            prise_en_charge.date_sortie = Some(sortie);
            prise_en_charge.decision = Some(prise_en_charge::accord(
                &demande,
                sortie,
                catalogue::produit(&code_produit),
                aujourdhui,
            ));
            delivrer(tx, numero, id, beneficiaire, &mut prise_en_charge, mutuelle)?;
            let numero_accord =
                prise_en_charge.decision.as_ref().and_then(|decision| decision.numero_accord.clone());
            format!(
                "Votre demande de prise en charge est accordée : l’accord n° {} a été envoyé à l’établissement. \
                 Vous le trouverez aussi dans les documents de cette demande.",
                numero_accord.unwrap_or_default()
            )
        }
        "REFUSER" => {
            let motif = validation::texte_multiligne(Some(saisie.motif), "Le motif du refus", REPONSE_MAX)?
                .ok_or_else(|| {
                ApiFailure::bad_request("Indiquez le motif du refus : l’adhérent le lira.")
            })?;
            prise_en_charge.decision = Some(prise_en_charge::refus(motif.clone(), aujourdhui));
            format!("Votre demande de prise en charge n’est pas accordée : {motif}")
        }
        _ => return Err(ApiFailure::bad_request("Choisissez d’accorder ou de refuser la prise en charge.")),
    };
    messages::inserer(tx, id, MUTUELLE, &texte, maintenant, false)?;
    demandes_store::decider_prise_en_charge(tx, id, ETAT_DECIDEE, aujourdhui, &prise_en_charge)?;
    publier(
        tx,
        numero,
        &Evenement::StatutDemande { demande_id: id, etat: ETAT_DECIDEE.to_owned() },
        maintenant,
    )?;
    Ok(())
}

/// « Soins de suite et de réadaptation » from « soins de suite et de réadaptation ».
fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
