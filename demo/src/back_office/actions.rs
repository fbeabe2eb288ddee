//! What the operator does as the mutual, each in the transaction it is given, with the event
//! the member is told of (`evenements::publier`): a payment, a request's new state, an answer,
//! a document; and the Sécurité sociale's answer on a person's NOEMIE link. What the operator typed is checked here, with the sentence to correct it.

use chrono::{DateTime, Months, NaiveDate, Utc};
use rusqlite::{OptionalExtension, Transaction, params, params_from_iter};
use serde::Deserialize;

use super::refus::Refus;
use crate::member_api::mail::evenements::{Evenement, publier};
use crate::member_api::pdf::impression;
use crate::member_api::rules::ajout_beneficiaire;
use crate::member_api::rules::catalogue::{ACTES, Acte, PRODUITS};
use crate::member_api::rules::remboursements::{Consommation, paiement_id, remboursement};
use crate::member_api::rules::types_demande::RECLAMATION;
use crate::member_api::rules::{noemie, validation};
use crate::member_api::store::documents::DOCUMENT_MUTUELLE;
use crate::member_api::store::formulaires::{Civilite, Decision, Dossier, Reclamation};
use crate::member_api::store::horodatage::horodatage;
use crate::member_api::store::montant::Cents;

/// The states of a request, as the contract names them, with the words « Mes demandes » shows.
pub const ETATS: [(&str, &str); 5] = [
    ("A_TRAITER", "À traiter"),
    ("EN_COURS", "En cours"),
    ("EN_ATTENTE_DE_PIECES", "En attente de pièces"),
    ("TERMINE", "Terminée"),
    ("Traité", "Traitée"),
];

/// A complaint's outcome, as kept in its `issue`, with the words of the back office.
pub const ISSUES: [(&str, &str); 2] = [
    ("ACCEPTEE", "Fondée : la réclamation est acceptée"),
    ("REFUSEE", "Non fondée : la réclamation est refusée"),
];

/// What the operator decides on a request to add a beneficiary, with the words of the back office.
pub const DECISIONS: [(&str, &str); 2] = [
    ("ACCEPTER", "Accepter : la personne est ajoutée au contrat"),
    ("REFUSER", "Refuser : l’adhérent lit le motif"),
];

/// The most an expense may be: beyond, it is a typing mistake.
const DEPENSE_MAXIMUM: Cents = 10_000_000;
/// Care older than this is no longer reimbursed (the two-year limit of the Sécurité sociale).
const ANCIENNETE_MAXIMUM: Months = Months::new(24);
const PROFESSIONNEL_MAX: usize = 80;
pub const REPONSE_MAX: usize = 2000;

pub const DEMANDE_INCONNUE: &str = "Cette demande n’existe pas, ou n’est pas une demande de cet adhérent.";
pub const ADHERENT_INCONNU: &str = "Cet adhérent n’existe pas.";
pub const DOCUMENT_INCONNU: &str = "Ce document n’existe pas, ou n’est pas joint à cette demande.";
pub const BENEFICIAIRE_INCONNU: &str =
    "Ce bénéficiaire n’existe pas, ou n’est pas un bénéficiaire de cet adhérent.";
/// A decision on a request of another kind: the page decides nothing there.
const PAS_UN_AJOUT: &str = "Cette demande n’est pas un ajout de bénéficiaire : il n’y a rien à décider.";

/// The label of a state; an unknown one as it is kept.
pub fn libelle_etat(code: &str) -> &str {
    ETATS.iter().find(|(known, _)| *known == code).map_or(code, |(_, libelle)| libelle)
}

/// The « Ajouter un remboursement » form, as typed.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct SaisieRemboursement {
    pub jeton: String,
    pub beneficiaire: String,
    pub date_soins: String,
    pub acte: String,
    pub professionnel: String,
    pub montant: String,
}

/// The « Changer l’état » form.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct SaisieEtat {
    pub jeton: String,
    pub etat: String,
}

/// The « Réponse de la Sécurité sociale » form of a beneficiary's NOEMIE link.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct SaisieNoemie {
    pub jeton: String,
    pub statut: String,
}

/// The « Répondre » form; `issue` only for a complaint not answered yet.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct SaisieReponse {
    pub jeton: String,
    pub texte: String,
    pub issue: String,
}

/// The « Décider » form of a request to add a beneficiary: the start date when accepted, the
/// reason when refused.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct SaisieDecision {
    pub jeton: String,
    pub decision: String,
    pub date_effet: String,
    pub motif: String,
}

/// A PDF to issue, checked for what it is.
pub struct Pdf {
    /// As it is kept: the sent name, readable, with the `.pdf` extension.
    pub nom: String,
    pub contenu: Vec<u8>,
}

struct NouveauRemboursement {
    beneficiaire: i64,
    date_soins: NaiveDate,
    acte: &'static Acte,
    professionnel: String,
    depense: Cents,
}

impl SaisieRemboursement {
    fn verifier(&self, aujourdhui: NaiveDate) -> Result<NouveauRemboursement, Refus> {
        let beneficiaire = self
            .beneficiaire
            .trim()
            .parse()
            .map_err(|_| Refus::saisie("Choisissez le bénéficiaire des soins."))?;
        let date_soins = date_soins(&self.date_soins, aujourdhui)?;
        let acte = ACTES
            .iter()
            .find(|acte| acte.code == self.acte)
            .ok_or_else(|| Refus::saisie("Choisissez l’acte de la liste."))?;
        let professionnel = validation::texte_requis(
            Some(&self.professionnel),
            "Le professionnel de santé",
            PROFESSIONNEL_MAX,
        )?;
        let depense = depense(&self.montant)?;
        if let Some(base) = acte.base.filter(|base| depense < *base) {
            return Err(Refus::regle(format!(
                "Le montant dépensé ne peut être inférieur à la base de remboursement de la Sécurité sociale pour cet acte ({}).",
                impression::montant(base)
            )));
        }
        Ok(NouveauRemboursement { beneficiaire, date_soins, acte, professionnel, depense })
    }
}

/// `YYYY-MM-DD`, as a date field sends it, neither to come nor too old to be reimbursed.
fn date_soins(texte: &str, aujourdhui: NaiveDate) -> Result<NaiveDate, Refus> {
    let texte = texte.trim();
    if texte.is_empty() {
        return Err(Refus::saisie("Indiquez la date des soins."));
    }
    let date = NaiveDate::parse_from_str(texte, "%Y-%m-%d")
        .map_err(|_| Refus::saisie("La date des soins doit être une date au format AAAA-MM-JJ."))?;
    if date > aujourdhui {
        return Err(Refus::regle("La date des soins ne peut pas être postérieure à aujourd’hui."));
    }
    if aujourdhui.checked_sub_months(ANCIENNETE_MAXIMUM).is_some_and(|limite| date < limite) {
        return Err(Refus::regle(
            "La date des soins doit dater de moins de deux ans : au-delà, les soins ne sont plus remboursés.",
        ));
    }
    Ok(date)
}

/// Euros as an operator types them, "25", "25,5" or "25.50", into cents.
fn depense(texte: &str) -> Result<Cents, Refus> {
    let texte = texte.trim();
    if texte.is_empty() {
        return Err(Refus::saisie("Indiquez le montant dépensé."));
    }
    let centimes = centimes(texte).ok_or_else(|| {
        Refus::saisie("Le montant dépensé doit être un montant en euros, par exemple 25 ou 25,50.")
    })?;
    if !(1..=DEPENSE_MAXIMUM).contains(&centimes) {
        return Err(Refus::saisie("Le montant dépensé doit être compris entre 0,01 € et 100 000 €."));
    }
    Ok(centimes)
}

fn centimes(texte: &str) -> Option<Cents> {
    let (euros, decimales) = texte.split_once([',', '.']).unwrap_or((texte, "00"));
    let chiffres =
        |part: &str, max: usize| (1..=max).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit());
    if !chiffres(euros, 12) || !chiffres(decimales, 2) {
        return None;
    }
    let centimes: Cents = format!("{decimales:0<2}").parse().ok()?;
    Some(euros.parse::<Cents>().ok()? * 100 + centimes)
}

/// The member exists, or the action is about nobody.
fn verifier_adherent(tx: &Transaction, numero: &str) -> Result<(), Refus> {
    let existe: bool = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM adherents WHERE numero_personne = ?1)",
        [numero],
        |row| row.get(0),
    )?;
    if existe { Ok(()) } else { Err(Refus::introuvable(ADHERENT_INCONNU)) }
}

/// Adds a payment made today, of one line computed as the seed computes its own, and returns its
/// id.
pub fn ajouter_remboursement(
    tx: &Transaction,
    numero: &str,
    saisie: &SaisieRemboursement,
    maintenant: DateTime<Utc>,
) -> Result<String, Refus> {
    verifier_adherent(tx, numero)?;
    let aujourdhui = crate::member_api::clock::today();
    let nouveau = saisie.verifier(aujourdhui)?;
    let proprietaire: Option<String> = tx
        .query_row("SELECT numero_personne FROM beneficiaires WHERE id = ?1", [nouveau.beneficiaire], |row| {
            row.get(0)
        })
        .optional()?;
    if proprietaire.as_deref() != Some(numero) {
        return Err(Refus::regle("Ce bénéficiaire ne figure pas au dossier de l’adhérent."));
    }
    let code_produit: String = tx
        .query_row(
            "SELECT c.code_produit FROM contrat_beneficiaires cb JOIN contrats c ON c.id = cb.contrat_id
             WHERE cb.beneficiaire_id = ?1 AND c.date_debut <= ?2 AND (c.date_fin IS NULL OR c.date_fin >= ?2)
             ORDER BY c.date_debut DESC LIMIT 1",
            params![nouveau.beneficiaire, nouveau.date_soins],
            |row| row.get(0),
        )
        .optional()?
        .ok_or_else(|| {
            Refus::regle(format!(
                "Aucun contrat ne couvrait ce bénéficiaire le {} : la mutuelle n’a rien à rembourser.",
                impression::date(nouveau.date_soins)
            ))
        })?;
    let produit = PRODUITS
        .iter()
        .find(|produit| produit.code == code_produit)
        .ok_or_else(|| Refus::interne(format!("unknown product {code_produit}")))?;
    let acte = nouveau.acte;
    let mut consomme = Consommation::lue(produit, acte.code, nouveau.date_soins, |actes, du, au| {
        deja_rembourse(tx, nouveau.beneficiaire, actes, du, au)
    })?;
    let ligne = remboursement(produit, acte.code, nouveau.depense, 0, nouveau.date_soins, &mut consomme);

    let carte: bool = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM cartes_tp WHERE numero_personne = ?1 AND date_debut <= ?2 AND date_fin >= ?2)",
        params![numero, nouveau.date_soins],
        |row| row.get(0),
    )?;
    let tiers_payant = carte && acte.tiers_payant;
    let (destinataire, nom_destinataire) = if tiers_payant {
        ("PROFESSIONNEL_DE_SANTE", nouveau.professionnel.clone())
    } else {
        ("ASSURE", titulaire_prestations(tx, numero, nouveau.beneficiaire)?)
    };
    let rang: u32 = tx.query_row(
        "SELECT coalesce(max(CAST(substr(id, 4) AS INTEGER)), 0) + 1 FROM paiements WHERE id GLOB 'PAI[0-9]*'",
        [],
        |row| row.get(0),
    )?;
    let id = paiement_id(rang);
    tx.execute(
        "INSERT INTO paiements (id, numero_personne, beneficiaire_id, date_paiement, destinataire, nom_destinataire)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![id, numero, nouveau.beneficiaire, aujourdhui, destinataire, nom_destinataire],
    )?;
    tx.execute(
        "INSERT INTO lignes_prestation (paiement_id, date_soins, code_acte, libelle_acte, professionnel_sante,
            montant_depense, base_remboursement, taux_secu, montant_secu, montant_mutuelle, reste_a_charge,
            tiers_payant, statut, motif_rejet)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        params![
            id,
            nouveau.date_soins,
            acte.code,
            acte.libelle,
            nouveau.professionnel,
            nouveau.depense,
            ligne.base,
            acte.taux_secu,
            ligne.secu,
            ligne.mutuelle,
            nouveau.depense - ligne.secu - ligne.mutuelle,
            tiers_payant,
            ligne.statut(),
            ligne.motif_rejet(),
        ],
    )?;
    publier(tx, numero, &Evenement::Remboursement { paiement_id: id.clone() }, maintenant)?;
    Ok(id)
}

/// Records the Sécurité sociale's answer on the beneficiary's NOEMIE link: linked, or refused.
pub fn changer_noemie(
    tx: &Transaction,
    numero: &str,
    beneficiaire: i64,
    saisie: &SaisieNoemie,
) -> Result<(), Refus> {
    verifier_adherent(tx, numero)?;
    let actuel: Option<String> = tx
        .query_row(
            "SELECT statut_noemie FROM beneficiaires WHERE id = ?1 AND numero_personne = ?2",
            params![beneficiaire, numero],
            |row| row.get(0),
        )
        .optional()?;
    let actuel = actuel.ok_or(Refus::introuvable(BENEFICIAIRE_INCONNU))?;
    let (statut, libelle) = noemie::REPONSES
        .iter()
        .find(|(code, _)| *code == saisie.statut)
        .ok_or_else(|| Refus::saisie("Choisissez la réponse de la Sécurité sociale dans la liste."))?;
    if actuel == *statut {
        return Err(Refus::new(
            actix_web::http::StatusCode::CONFLICT,
            format!("Le raccordement NOEMIE est déjà à l’état « {libelle} »."),
        ));
    }
    tx.execute("UPDATE beneficiaires SET statut_noemie = ?1 WHERE id = ?2", params![statut, beneficiaire])?;
    Ok(())
}

/// What the mutual paid the beneficiary for these acts, cared for between the two days: what
/// a ceiling has already used.
fn deja_rembourse(
    tx: &Transaction,
    beneficiaire: i64,
    actes: &[&str],
    du: NaiveDate,
    au: NaiveDate,
) -> rusqlite::Result<Cents> {
    let marques = vec!["?"; actes.len()].join(", ");
    let mut parametres: Vec<rusqlite::types::Value> =
        vec![beneficiaire.into(), du.to_string().into(), au.to_string().into()];
    parametres.extend(actes.iter().map(|acte| rusqlite::types::Value::from((*acte).to_owned())));
    tx.query_row(
        &format!(
            "SELECT coalesce(sum(l.montant_mutuelle), 0) FROM lignes_prestation l
             JOIN paiements p ON p.id = l.paiement_id
             WHERE p.beneficiaire_id = ? AND l.statut = 'PAYE' AND l.date_soins BETWEEN ? AND ?
               AND l.code_acte IN ({marques})"
        ),
        params_from_iter(parametres),
        |row| row.get(0),
    )
}

/// Who receives a beneficiary's reimbursements: the holder of their own account, else of the
/// principal member's, else the member.
fn titulaire_prestations(tx: &Transaction, numero: &str, beneficiaire: i64) -> rusqlite::Result<String> {
    let titulaire: Option<String> = tx
        .query_row(
            "SELECT c.titulaire FROM comptes_bancaires c JOIN beneficiaires b ON b.id = c.beneficiaire_id
             WHERE c.usage = 'PRESTATIONS' AND b.numero_personne = ?1
               AND (b.id = ?2 OR b.lien = 'ASSURE_PRINCIPAL')
             ORDER BY b.id = ?2 DESC LIMIT 1",
            params![numero, beneficiaire],
            |row| row.get(0),
        )
        .optional()?;
    match titulaire {
        Some(titulaire) => Ok(titulaire),
        None => tx.query_row(
            "SELECT prenom || ' ' || nom FROM adherents WHERE numero_personne = ?1",
            [numero],
            |row| row.get(0),
        ),
    }
}

/// The request as an action needs it.
struct Demande {
    etat: String,
    reclamation: Option<Reclamation>,
    est_reclamation: bool,
}

fn demande(tx: &Transaction, numero: &str, id: i64) -> Result<Demande, Refus> {
    verifier_adherent(tx, numero)?;
    let trouvee: Option<(String, Option<String>, bool)> = tx
        .query_row(
            "SELECT etat, reclamation, type = ?3 FROM demandes WHERE id = ?1 AND numero_personne = ?2",
            params![id, numero, RECLAMATION],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
        )
        .optional()?;
    let (etat, reclamation, est_reclamation) = trouvee.ok_or(Refus::introuvable(DEMANDE_INCONNUE))?;
    let reclamation =
        reclamation.map(|json| serde_json::from_str(&json)).transpose().map_err(Refus::interne)?;
    Ok(Demande { etat, reclamation, est_reclamation })
}

/// Moves the request to the state chosen, updated today.
pub fn changer_etat(
    tx: &Transaction,
    numero: &str,
    id: i64,
    saisie: &SaisieEtat,
    maintenant: DateTime<Utc>,
) -> Result<(), Refus> {
    let demande = demande(tx, numero, id)?;
    let (etat, libelle) = ETATS
        .iter()
        .find(|(code, _)| *code == saisie.etat)
        .ok_or_else(|| Refus::saisie("Choisissez le nouvel état dans la liste."))?;
    if demande.etat == *etat {
        return Err(Refus::new(
            actix_web::http::StatusCode::CONFLICT,
            format!("La demande est déjà à l’état « {libelle} »."),
        ));
    }
    tx.execute(
        "UPDATE demandes SET etat = ?1, date_mise_a_jour = ?2 WHERE id = ?3",
        params![etat, crate::member_api::clock::today(), id],
    )?;
    publier(tx, numero, &Evenement::StatutDemande { demande_id: id, etat: (*etat).to_owned() }, maintenant)?;
    Ok(())
}

/// Adds the mutual's answer to the request's conversation. A complaint's first answer also
/// says whether it is upheld, once: its date is the one the mutual is held to, and the
/// complaint is then finished (the member may still reply, which reopens it).
pub fn repondre(
    tx: &Transaction,
    numero: &str,
    id: i64,
    saisie: &SaisieReponse,
    maintenant: DateTime<Utc>,
) -> Result<(), Refus> {
    let demande = demande(tx, numero, id)?;
    let texte = validation::texte_multiligne(Some(&saisie.texte), "La réponse", REPONSE_MAX)?
        .ok_or_else(|| Refus::saisie("Écrivez la réponse de la mutuelle."))?;
    let aujourdhui = crate::member_api::clock::today();
    let issue = saisie.issue.trim();
    let reclamation = match (demande.reclamation, issue) {
        (Some(Reclamation { issue: Some(_), repondu_le, .. }), issue) if !issue.is_empty() => {
            let le = repondu_le.map(|le| format!(" le {}", impression::date(le))).unwrap_or_default();
            return Err(Refus::new(
                actix_web::http::StatusCode::CONFLICT,
                format!(
                    "Cette réclamation a déjà reçu sa réponse{le} : envoyez ce message sans en changer l’issue."
                ),
            ));
        }
        (Some(mut reclamation), issue) if reclamation.issue.is_none() => {
            let (issue, _) = ISSUES
                .iter()
                .find(|(code, _)| *code == issue)
                .ok_or_else(|| Refus::saisie("Indiquez l’issue de la réclamation : fondée ou non fondée."))?;
            reclamation.issue = Some((*issue).to_owned());
            reclamation.repondu_le = Some(aujourdhui);
            Some(reclamation)
        }
        (None, issue) if !issue.is_empty() => {
            let quoi = if demande.est_reclamation { "Cette réclamation" } else { "Cette demande" };
            return Err(Refus::saisie(format!(
                "{quoi} n’a pas d’issue à indiquer : envoyez la réponse seule."
            )));
        }
        _ => None,
    };
    tx.execute(
        "INSERT INTO messages_demande (demande_id, auteur, texte, envoye_le) VALUES (?1, 'MUTUELLE', ?2, ?3)",
        params![id, texte, horodatage(maintenant)],
    )?;
    tx.execute(
        "UPDATE demandes SET date_mise_a_jour = ?1, reclamation = coalesce(?2, reclamation),
             etat = CASE WHEN ?2 IS NULL THEN etat ELSE 'TERMINE' END
         WHERE id = ?3",
        params![
            aujourdhui,
            reclamation
                .map(|reclamation| serde_json::to_string(&reclamation))
                .transpose()
                .map_err(Refus::interne)?,
            id
        ],
    )?;
    publier(tx, numero, &Evenement::ReponseDemande { demande_id: id }, maintenant)?;
    Ok(())
}

/// The start date the operator typed: `YYYY-MM-DD`, not before the birth, and within a year
/// of today (beyond, it is a typing mistake).
fn date_effet(texte: &str, naissance: NaiveDate, aujourdhui: NaiveDate) -> Result<NaiveDate, Refus> {
    let texte = texte.trim();
    if texte.is_empty() {
        return Err(Refus::saisie("Indiquez la date d’effet de l’ajout."));
    }
    let date = NaiveDate::parse_from_str(texte, "%Y-%m-%d")
        .map_err(|_| Refus::saisie("La date d’effet doit être une date au format AAAA-MM-JJ."))?;
    if date < naissance {
        return Err(Refus::regle("La date d’effet ne peut pas être antérieure à la naissance."));
    }
    let un_an = Months::new(12);
    let (debut, fin) = (aujourdhui - un_an, aujourdhui + un_an);
    if !(debut..=fin).contains(&date) {
        return Err(Refus::regle(format!(
            "La date d’effet doit être comprise entre le {} et le {}.",
            impression::date(debut),
            impression::date(fin)
        )));
    }
    Ok(date)
}

/// Decides a request to add a beneficiary, once: accepted, the person is covered by the
/// contract from the date chosen; refused, the member reads why. Either way the request is
/// done, and the member reads the decision in its conversation.
pub fn decider_ajout(
    tx: &Transaction,
    numero: &str,
    id: i64,
    saisie: &SaisieDecision,
    maintenant: DateTime<Utc>,
) -> Result<(), Refus> {
    demande(tx, numero, id)?;
    let json: Option<String> =
        tx.query_row("SELECT ajout_beneficiaire FROM demandes WHERE id = ?1", [id], |row| row.get(0))?;
    let json = json.ok_or(Refus::introuvable(PAS_UN_AJOUT))?;
    let mut dossier: Dossier = serde_json::from_str(&json).map_err(Refus::interne)?;
    if dossier.ajout.decision.is_some() {
        return Err(Refus::new(
            actix_web::http::StatusCode::CONFLICT,
            "Cette demande a déjà reçu sa décision.",
        ));
    }
    let aujourdhui = crate::member_api::clock::today();
    let personne = format!("{} {}", dossier.ajout.prenom, dossier.ajout.nom);
    let (decision, texte) = match saisie.decision.as_str() {
        "ACCEPTER" => {
            let date = date_effet(&saisie.date_effet, dossier.ajout.date_naissance, aujourdhui)?;
            ajout_beneficiaire::creer_beneficiaire(tx, numero, &dossier)?;
            let couvert = if dossier.civilite == Civilite::Madame { "couverte" } else { "couvert" };
            let texte = format!(
                "Votre demande est acceptée : {personne} est {couvert} par votre contrat à partir du {}.",
                impression::date(date)
            );
            (Decision { accepte: true, date_effet: Some(date), motif: None }, texte)
        }
        "REFUSER" => {
            let motif = validation::texte_multiligne(Some(&saisie.motif), "Le motif du refus", REPONSE_MAX)?
                .ok_or_else(|| Refus::saisie("Indiquez le motif du refus : l’adhérent le lira."))?;
            let texte = format!("Votre demande d’ajout de {personne} n’est pas acceptée : {motif}");
            (Decision { accepte: false, date_effet: None, motif: Some(motif) }, texte)
        }
        _ => return Err(Refus::saisie("Choisissez d’accepter ou de refuser l’ajout.")),
    };
    dossier.ajout.decision = Some(decision);
    tx.execute(
        "INSERT INTO messages_demande (demande_id, auteur, texte, envoye_le) VALUES (?1, 'MUTUELLE', ?2, ?3)",
        params![id, texte, horodatage(maintenant)],
    )?;
    tx.execute(
        "UPDATE demandes SET etat = 'TERMINE', date_mise_a_jour = ?1, ajout_beneficiaire = ?2 WHERE id = ?3",
        params![aujourdhui, serde_json::to_string(&dossier).map_err(Refus::interne)?, id],
    )?;
    publier(
        tx,
        numero,
        &Evenement::StatutDemande { demande_id: id, etat: "TERMINE".to_owned() },
        maintenant,
    )?;
    Ok(())
}

/// Attaches the mutual's document to the request, and returns its id.
pub fn emettre_document(
    tx: &Transaction,
    numero: &str,
    id: i64,
    pdf: &Pdf,
    maintenant: DateTime<Utc>,
) -> Result<i64, Refus> {
    demande(tx, numero, id)?;
    let aujourdhui = crate::member_api::clock::today();
    tx.execute(
        "INSERT INTO documents (numero_personne, demande_id, nom_fichier, type_mime, taille, contenu, date_depot,
            nature, depose_le)
         VALUES (?1, ?2, ?3, 'application/pdf', ?4, ?5, ?6, ?7, ?8)",
        params![
            numero,
            id,
            pdf.nom,
            i64::try_from(pdf.contenu.len()).map_err(Refus::interne)?,
            pdf.contenu,
            aujourdhui,
            DOCUMENT_MUTUELLE,
            horodatage(maintenant)
        ],
    )?;
    let document_id = tx.last_insert_rowid();
    tx.execute("UPDATE demandes SET date_mise_a_jour = ?1 WHERE id = ?2", params![aujourdhui, id])?;
    publier(tx, numero, &Evenement::Document { demande_id: id, document_id }, maintenant)?;
    Ok(document_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_amount_is_read_in_euros_with_a_comma_or_a_point() {
        assert_eq!(centimes("25"), Some(2_500));
        assert_eq!(centimes("25,5"), Some(2_550));
        assert_eq!(centimes("25.05"), Some(2_505));
        assert_eq!(centimes("0,01"), Some(1));
        for malformed in ["", ",50", "25,", "25,505", "2 500", "-3", "1e3", "25€", "25,5,0", "１２"] {
            assert_eq!(centimes(malformed), None, "{malformed}");
        }
    }

    #[test]
    fn an_expense_must_be_a_cent_to_100_000_euros() {
        assert_eq!(depense(" 100000 ").unwrap(), DEPENSE_MAXIMUM);
        for hors in ["0", "0,00", "100000,01", "999999999999"] {
            assert_eq!(
                depense(hors).unwrap_err().message_de_formulaire().unwrap(),
                "Le montant dépensé doit être compris entre 0,01 € et 100 000 €."
            );
        }
    }

    #[test]
    fn a_start_date_is_not_before_the_birth_and_within_a_year_of_today() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        let naissance = NaiveDate::from_ymd_opt(2026, 11, 2).unwrap();
        assert_eq!(date_effet(" 2026-11-02 ", naissance, today).unwrap(), naissance);
        let message = |texte: &str| {
            date_effet(texte, naissance, today).unwrap_err().message_de_formulaire().unwrap().to_owned()
        };
        assert_eq!(message("2026-11-01"), "La date d’effet ne peut pas être antérieure à la naissance.");
        assert_eq!(
            message("2027-11-23"),
            "La date d’effet doit être comprise entre le 22/11/2025 et le 22/11/2027."
        );
        assert_eq!(message("02/11/2026"), "La date d’effet doit être une date au format AAAA-MM-JJ.");
        assert_eq!(message(""), "Indiquez la date d’effet de l’ajout.");
    }

    #[test]
    fn a_day_of_care_is_past_and_less_than_two_years_old() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 15).unwrap();
        assert_eq!(date_soins("2026-03-15", today).unwrap(), today);
        assert_eq!(date_soins("2024-03-15", today).unwrap(), NaiveDate::from_ymd_opt(2024, 3, 15).unwrap());
        let message =
            |texte: &str| date_soins(texte, today).unwrap_err().message_de_formulaire().unwrap().to_owned();
        assert_eq!(message("2026-03-16"), "La date des soins ne peut pas être postérieure à aujourd’hui.");
        assert!(message("2024-03-14").starts_with("La date des soins doit dater de moins de deux ans"));
        assert_eq!(message("15/03/2026"), "La date des soins doit être une date au format AAAA-MM-JJ.");
        assert_eq!(message("2026-02-30"), "La date des soins doit être une date au format AAAA-MM-JJ.");
        assert_eq!(message(" "), "Indiquez la date des soins.");
    }
}
