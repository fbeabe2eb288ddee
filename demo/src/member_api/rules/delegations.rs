//! « Agir pour un proche » (docs/product/roles.md#acting-for-a-member): a member gives a person
//! rights to act for them, until a day of their choosing, a year at most, and withdraws them
//! when they like; the mutual records a guardian or a curator from a court decision. The
//! person signs in with an account of their own and names the member they act for
//! (`X-Agir-Pour`): every call is then checked here against the delegation's rights, recorded
//! with both identities, and the member is told by email of the first use and of the end.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use rusqlite::Connection;
use serde::Serialize;

use super::validation;
use crate::member_api::failure::ApiFailure;
use crate::member_api::mail::courriels::{self, Courriel, Nature};
use crate::member_api::pdf::impression;
use crate::member_api::store::adherents;
use crate::member_api::store::delegations::{self, Delegation, NouvelleDelegation};
use crate::member_api::store::horodatage::horodatage;
use crate::member_api::store::preferences::Preferences;

/// What a delegate may do for the member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Droit {
    /// See reimbursements, allowances used and the documents issued.
    #[serde(rename = "REMBOURSEMENTS")]
    Remboursements,
    /// Download certificates and the card.
    #[serde(rename = "ATTESTATIONS")]
    Attestations,
    /// See and send requests and messages.
    #[serde(rename = "DEMANDES")]
    Demandes,
    /// Contact and bank details, beneficiaries, termination: a court decision only.
    #[serde(rename = "GESTION")]
    Gestion,
}

impl Droit {
    const TOUS: [Self; 4] = [Self::Remboursements, Self::Attestations, Self::Demandes, Self::Gestion];

    pub fn code(self) -> &'static str {
        match self {
            Self::Remboursements => "REMBOURSEMENTS",
            Self::Attestations => "ATTESTATIONS",
            Self::Demandes => "DEMANDES",
            Self::Gestion => "GESTION",
        }
    }

    fn parse(code: &str) -> Option<Self> {
        Self::TOUS.into_iter().find(|droit| droit.code() == code)
    }

    /// As a refusal names it.
    fn nom(self) -> &'static str {
        match self {
            Self::Remboursements => "voir les remboursements et les documents",
            Self::Attestations => "télécharger les attestations et la carte",
            Self::Demandes => "envoyer des demandes et des messages",
            Self::Gestion => "gérer le contrat et les coordonnées",
        }
    }
}

/// The rights kept as one text.
fn codes(droits: &[Droit]) -> String {
    Droit::TOUS
        .into_iter()
        .filter(|droit| droits.contains(droit))
        .map(Droit::code)
        .collect::<Vec<_>>()
        .join(",")
}

fn droits_de(delegation: &Delegation) -> Vec<Droit> {
    delegation.droits.split(',').filter_map(Droit::parse).collect()
}

/// What a call of the API needs of a delegation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exigence {
    /// Any delegation in force: the contract and its guarantees, which tell no care.
    Libre,
    /// One of these rights.
    UnDe(&'static [Droit]),
    /// Never for a delegate: the delegations themselves, and any call not listed.
    Jamais,
}

/// A call as the delegation rules know it: its method, its path under the API's base (its
/// parameter written `{}`), what it needs, and how the member reads it among what was done
/// for them (`None`: not worth telling, or told by another call of the same page).
type Appel = (&'static str, &'static str, Exigence, Option<&'static str>);

const REMBOURSEMENTS: Exigence = Exigence::UnDe(&[Droit::Remboursements]);
const ATTESTATIONS: Exigence = Exigence::UnDe(&[Droit::Attestations]);
const DEMANDES: Exigence = Exigence::UnDe(&[Droit::Demandes]);
const GESTION: Exigence = Exigence::UnDe(&[Droit::Gestion]);

const APPELS: &[Appel] = &[
    ("POST", "/compte/auth", Exigence::Libre, Some("A ouvert votre espace")),
    ("GET", "/assure/contrats", Exigence::Libre, None),
    ("GET", "/assure/droitsAdherent", Exigence::Libre, None),
    ("GET", "/assure/droitsCompletAdherent", Exigence::Libre, None),
    ("GET", "/assure/livret", Exigence::Libre, None),
    ("GET", "/assure/beneficiaires", Exigence::Libre, None),
    ("POST", "/assure/estimation", Exigence::Libre, None),
    ("GET", "/assure/referentiel/communes-postale", Exigence::Libre, None),
    ("GET", "/assure/referentiel/etablissements", Exigence::Libre, None),
    ("GET", "/assure/referentiel/reseau-soins", Exigence::Libre, None),
    ("GET", "/assure/prestations", REMBOURSEMENTS, Some("A consulté vos remboursements")),
    ("GET", "/assure/prestations-pro", REMBOURSEMENTS, Some("A consulté vos remboursements")),
    ("GET", "/assure/prestationsClaims", REMBOURSEMENTS, Some("A consulté vos remboursements")),
    ("GET", "/assure/prestations-recentes", REMBOURSEMENTS, Some("A consulté vos remboursements")),
    ("GET", "/assure/prestation/{}", REMBOURSEMENTS, Some("A consulté vos remboursements")),
    ("GET", "/assure/plafonds", REMBOURSEMENTS, Some("A consulté vos plafonds utilisés")),
    ("GET", "/assure/nouveautes", REMBOURSEMENTS, None),
    ("GET", "/assure/documents", REMBOURSEMENTS, Some("A consulté vos documents")),
    (
        "GET",
        "/document/pdf/{}",
        Exigence::UnDe(&[Droit::Remboursements, Droit::Demandes]),
        Some("A téléchargé un document"),
    ),
    ("GET", "/assure/attestation", ATTESTATIONS, Some("A téléchargé une attestation")),
    ("GET", "/assure/carte-tp", ATTESTATIONS, Some("A consulté votre carte de tiers payant")),
    ("GET", "/assure/carte-tp-detail/{}", ATTESTATIONS, Some("A consulté votre carte de tiers payant")),
    ("GET", "/demandes", DEMANDES, Some("A consulté vos demandes")),
    ("GET", "/demandes/home", DEMANDES, Some("A consulté vos demandes")),
    ("GET", "/demandes/nonLus", DEMANDES, None),
    ("GET", "/demande/{}", DEMANDES, Some("A consulté une demande")),
    ("POST", "/demande/{}/messages", DEMANDES, Some("A écrit à la mutuelle sur une demande")),
    ("POST", "/demande/{}/messages/lus", DEMANDES, None),
    ("POST", "/document/upload", DEMANDES, Some("A joint un document")),
    ("POST", "/document/documentGedCegedim", DEMANDES, Some("A envoyé une demande")),
    (
        "POST",
        "/document/creationHospitalisation",
        DEMANDES,
        Some("A demandé une prise en charge hospitalière"),
    ),
    ("POST", "/document/creationReclamation", DEMANDES, Some("A envoyé une réclamation")),
    ("POST", "/document/creationDevis", DEMANDES, Some("A envoyé un devis")),
    ("POST", "/document/signalementSoin", DEMANDES, Some("A signalé un soin non reçu")),
    ("GET", "/assure/", GESTION, Some("A consulté vos informations personnelles")),
    ("GET", "/assure/infos", GESTION, Some("A consulté vos informations personnelles")),
    ("PUT", "/assure/adresse", GESTION, Some("A modifié votre adresse")),
    ("GET", "/assure/banques", GESTION, None),
    ("GET", "/assure/beneficiairesInfosBancaires", GESTION, None),
    ("POST", "/assure/beneficiaire/banque", GESTION, Some("A modifié des coordonnées bancaires")),
    ("GET", "/assure/preferences", GESTION, None),
    ("PUT", "/assure/preferences", GESTION, Some("A modifié vos préférences")),
    ("PUT", "/assure/documents/envois", GESTION, Some("A modifié l’envoi de vos documents")),
    ("GET", "/assure/echeance-prochaine", Exigence::Libre, None),
    ("PUT", "/assure/prelevement", GESTION, Some("A changé le jour de prélèvement de vos cotisations")),
    (
        "POST",
        "/assure/plan-de-reglement",
        GESTION,
        Some("A demandé à régler vos cotisations en plusieurs fois"),
    ),
    ("POST", "/assure/paiements", GESTION, Some("A réglé en ligne des cotisations dues")),
    ("GET", "/assure/paiements/{}", GESTION, None),
    ("GET", "/assure/mandats", GESTION, None),
    ("POST", "/assure/mandats", GESTION, Some("A demandé à signer un mandat de prélèvement")),
    ("POST", "/assure/mandats/{}/signature", GESTION, Some("A signé un mandat de prélèvement")),
    ("POST", "/document/creationResiliation", GESTION, Some("A demandé la résiliation du contrat")),
    ("POST", "/document/ajoutBeneficiaire", GESTION, Some("A demandé l’ajout d’un bénéficiaire")),
];

/// What the call `method` at `path` (under the API's base, its parameter written `{}`) needs of
/// a delegation, and how the member reads it.
pub fn exigence(method: &str, path: &str) -> (Exigence, Option<&'static str>) {
    APPELS
        .iter()
        .find(|(m, p, _, _)| *m == method && *p == path)
        .map_or((Exigence::Jamais, None), |(_, _, exigence, libelle)| (*exigence, *libelle))
}

/// The person who acts: their account at the identity provider, its verified address in lower
/// case, and its name.
#[derive(Debug, Clone)]
pub struct Acteur {
    pub sujet: String,
    pub courriel: Option<String>,
    pub nom: Option<String>,
}

/// Why a delegate's call is refused.
const INCONNUE: &str = "Vous n’avez pas de délégation pour agir au nom de cet adhérent.";

fn terminee(fin: NaiveDate) -> ApiFailure {
    ApiFailure::forbidden_because(
        "delegation_terminee",
        format!("Votre délégation pour cet adhérent a pris fin le {}.", impression::date(fin)),
    )
}

fn retiree() -> ApiFailure {
    ApiFailure::forbidden_because("delegation_retiree", "L’adhérent vous a retiré sa délégation.")
}

fn non_accorde(exigence: Exigence) -> ApiFailure {
    let message = match exigence {
        Exigence::UnDe(droits) => format!(
            "Votre délégation ne vous donne pas le droit de {} pour cet adhérent.",
            droits.iter().map(|droit| droit.nom()).collect::<Vec<_>>().join(" ni de ")
        ),
        _ => "Seul l’adhérent lui-même peut faire cette action.".to_owned(),
    };
    ApiFailure::forbidden_because("droit_non_accorde", message)
}

/// Whether the delegation is the person's: bound to their account, or not yet bound and given
/// to their verified address.
fn est_de(delegation: &Delegation, acteur: &Acteur) -> bool {
    match &delegation.sujet {
        Some(sujet) => *sujet == acteur.sujet,
        None => acteur.courriel.as_deref() == Some(delegation.courriel.as_str()),
    }
}

fn en_vigueur(delegation: &Delegation, aujourdhui: NaiveDate) -> bool {
    delegation.retiree_le.is_none() && (delegation.debut..=delegation.fin).contains(&aujourdhui)
}

/// What a call made under a delegation is allowed: the delegation, and for a beneficiary's own
/// space, whose care alone it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Autorisation {
    pub delegation: i64,
    pub seulement: Option<i64>,
}

/// What a beneficiary's own space shows: their own care, card line and requests, which the
/// handlers narrow to them (`Member::seulement`), and the contract that covers them. Nothing
/// else, whatever the rights.
const ESPACE_PERSONNEL: &[(&str, &str)] = &[
    ("POST", "/compte/auth"),
    ("GET", "/assure/contrats"),
    ("GET", "/assure/droitsAdherent"),
    ("GET", "/assure/droitsCompletAdherent"),
    ("GET", "/assure/livret"),
    ("GET", "/assure/echeance-prochaine"),
    ("GET", "/assure/nouveautes"),
    ("GET", "/assure/referentiel/communes-postale"),
    ("GET", "/assure/referentiel/etablissements"),
    ("GET", "/assure/referentiel/reseau-soins"),
    ("GET", "/assure/beneficiaires"),
    ("GET", "/assure/prestations"),
    ("GET", "/assure/prestations-pro"),
    ("GET", "/assure/prestations-recentes"),
    ("GET", "/assure/prestation/{}"),
    ("GET", "/assure/prestationsClaims"),
    ("GET", "/assure/carte-tp"),
    ("GET", "/assure/carte-tp-detail/{}"),
    ("GET", "/demandes"),
    ("GET", "/demandes/home"),
    ("GET", "/demandes/nonLus"),
    ("GET", "/demande/{}"),
];

/// The call `method` at `path` is one a beneficiary's own space makes.
pub fn dans_l_espace_personnel(method: &str, path: &str) -> bool {
    ESPACE_PERSONNEL.iter().any(|(m, p)| *m == method && *p == path)
}

/// Lets `acteur` make, for the member `numero`, a call that needs `exigence`: the delegation
/// in force, with the right needed, is bound to the account at its first use (the member is
/// then told by email), and what was done is recorded (`libelle`). A beneficiary's own space
/// makes only its own calls (`espace_personnel`), told to no one: it is theirs. Refused with
/// 403 and a code that says why. Call it in one transaction.
pub fn autoriser(
    db: &Connection,
    acteur: &Acteur,
    numero: &str,
    (exigence, libelle): (Exigence, Option<&str>),
    espace_personnel: bool,
    at: DateTime<Utc>,
    aujourdhui: NaiveDate,
) -> Result<Autorisation, ApiFailure> {
    let siennes: Vec<Delegation> = delegations::du_delegue(db, &acteur.sujet, acteur.courriel.as_deref())?
        .into_iter()
        .filter(|delegation| delegation.numero_personne == numero && est_de(delegation, acteur))
        .collect();
    let Some(delegation) = siennes.iter().find(|delegation| en_vigueur(delegation, aujourdhui)) else {
        // The latest one says why: withdrawn, or ended.
        return Err(match siennes.last() {
            Some(derniere) if derniere.retiree_le.is_some() => retiree(),
            Some(derniere) if derniere.fin < aujourdhui => terminee(derniere.fin),
            _ => ApiFailure::forbidden_because("delegation_inconnue", INCONNUE),
        });
    };
    if let Some(beneficiaire) = delegation.beneficiaire_id {
        if !espace_personnel {
            return Err(ApiFailure::forbidden_because(
                "droit_non_accorde",
                "Votre espace personnel montre vos soins, votre carte et vos demandes : le reste est celui de \
                 l’adhérent.",
            ));
        }
        delegations::lier(db, delegation.id, &acteur.sujet, acteur.nom.as_deref(), at)?;
        return Ok(Autorisation { delegation: delegation.id, seulement: Some(beneficiaire) });
    }
    let accordee = match exigence {
        Exigence::Libre => true,
        Exigence::UnDe(droits) => droits_de(delegation).iter().any(|droit| droits.contains(droit)),
        Exigence::Jamais => false,
    };
    if !accordee {
        return Err(non_accorde(exigence));
    }
    if delegations::lier(db, delegation.id, &acteur.sujet, acteur.nom.as_deref(), at)? {
        prevenir(db, numero, Nature::DelegationUtilisee, at)?;
    }
    if let Some(libelle) = libelle {
        noter(db, delegation.id, libelle, at)?;
    }
    Ok(Autorisation { delegation: delegation.id, seulement: None })
}

/// The age from which a beneficiary may have a space of their own: the mutual's rule.
pub const AGE_ESPACE_PERSONNEL: u32 = 16;
/// How long a beneficiary's own space is opened for, before the mutual renews it.
const ESPACE_PERSONNEL_ANS: u32 = 5;

/// Opens, as of `at`, an own space for the beneficiary `id` of the member `numero`, for the
/// account of the address `courriel`: a beneficiary of [`AGE_ESPACE_PERSONNEL`] or more, not
/// the holder, with none open already. Call it in one transaction.
pub fn ouvrir_espace_personnel(
    db: &Connection,
    numero: &str,
    id: i64,
    courriel: &str,
    at: DateTime<Utc>,
    aujourdhui: NaiveDate,
) -> Result<i64, ApiFailure> {
    let beneficiaire = crate::member_api::store::beneficiaires::suivis(db, numero)?
        .into_iter()
        .find(|beneficiaire| beneficiaire.id == id)
        .ok_or(ApiFailure::missing(crate::member_api::rules::noemie::BENEFICIAIRE_INCONNU))?;
    if beneficiaire.lien == "ASSURE_PRINCIPAL" {
        return Err(ApiFailure::unprocessable("L’assuré principal a déjà son espace : celui du contrat."));
    }
    if super::confidentialite::age(beneficiaire.date_naissance, aujourdhui) < AGE_ESPACE_PERSONNEL {
        return Err(ApiFailure::unprocessable(format!(
            "Seul un bénéficiaire d’au moins {AGE_ESPACE_PERSONNEL} ans peut avoir son propre espace."
        )));
    }
    let courriel = validation::adresse_electronique(Some(courriel), "L’adresse électronique")?
        .ok_or_else(|| ApiFailure::unprocessable("Indiquez l’adresse électronique du bénéficiaire."))?
        .to_lowercase();
    let deja = delegations::du_membre(db, numero, aujourdhui)?
        .into_iter()
        .any(|delegation| delegation.beneficiaire_id == Some(id) && en_vigueur(&delegation, aujourdhui));
    if deja {
        return Err(ApiFailure::conflict(format!("{} a déjà son propre espace.", beneficiaire.prenom)));
    }
    let nouvelle = NouvelleDelegation {
        numero_personne: numero,
        nature: "BENEFICIAIRE",
        courriel: &courriel,
        droits: &codes(&[Droit::Remboursements, Droit::Attestations, Droit::Demandes]),
        debut: aujourdhui,
        fin: aujourdhui
            .checked_add_months(chrono::Months::new(12 * ESPACE_PERSONNEL_ANS))
            .unwrap_or(aujourdhui),
        jugement: None,
        beneficiaire_id: Some(id),
    };
    Ok(delegations::inserer(db, &nouvelle, at)?)
}

/// A page loads several calls at once: one of the same kind within this long is the same visit.
const MEME_VISITE: Duration = Duration::minutes(10);

fn noter(db: &Connection, delegation: i64, libelle: &str, at: DateTime<Utc>) -> rusqlite::Result<()> {
    let depuis = horodatage(at - MEME_VISITE);
    let deja = delegations::actions(db, delegation, 5)?
        .into_iter()
        .any(|(quand, quoi)| quoi == libelle && quand >= depuis);
    if deja { Ok(()) } else { delegations::noter_action(db, delegation, libelle, at) }
}

/// The page of the member's space that lists their delegations.
pub const PAGE_DES_PROCHES: &str = "/compte/proches";

fn prevenir(db: &Connection, numero: &str, nature: Nature, at: DateTime<Utc>) -> rusqlite::Result<bool> {
    let courriel =
        Courriel { nature, lien: PAGE_DES_PROCHES, appareil: None, destinataire: None, piece_jointe: None };
    courriels::mettre_en_file(db, numero, &courriel, at)
}

/// Tells each member whose delegation ended (by its date, or withdrawn) and was not told yet;
/// how many were told.
pub fn annoncer_les_fins(
    db: &Connection,
    aujourdhui: NaiveDate,
    at: DateTime<Utc>,
) -> rusqlite::Result<usize> {
    let fins = delegations::fins_a_annoncer(db, aujourdhui)?;
    for (_, numero) in &fins {
        prevenir(db, numero, Nature::DelegationTerminee, at)?;
    }
    Ok(fins.len())
}

/// At most this many delegations in force at once, per member.
pub const EN_VIGUEUR_MAX: usize = 10;
/// At most this many invitations a year, per member: withdrawn ones stay listed, and a member
/// inviting and withdrawing on and on must not grow the table without end.
pub const INVITATIONS_PAR_AN: i64 = 50;

/// A delegation's longest duration.
fn fin_max(aujourdhui: NaiveDate) -> NaiveDate {
    aujourdhui.checked_add_months(chrono::Months::new(12)).unwrap_or(aujourdhui)
}

/// What a member asks for: an address, rights, a last day.
pub struct Invitation<'a> {
    pub courriel: Option<&'a str>,
    pub droits: &'a [Droit],
    pub fin: NaiveDate,
}

/// Records the member's invitation, as of `at`; its id. Call it in one transaction.
pub fn inviter(
    db: &Connection,
    numero: &str,
    invitation: &Invitation<'_>,
    at: DateTime<Utc>,
    aujourdhui: NaiveDate,
) -> Result<i64, ApiFailure> {
    const CHAMP: &str = "L’adresse électronique de la personne";
    let courriel = validation::adresse_electronique(invitation.courriel, CHAMP)?
        .ok_or_else(|| ApiFailure::unprocessable("Indiquez l’adresse électronique de la personne."))?
        // Accounts are matched on the address whatever its case.
        .to_lowercase();
    let Preferences { email_alertes, email_contact, .. } = Preferences::de(db, numero)?;
    let siennes = [Some(email_contact), email_alertes];
    if siennes.iter().flatten().any(|sienne| sienne.to_lowercase() == courriel) {
        return Err(ApiFailure::unprocessable("Vous ne pouvez pas vous donner une délégation à vous-même."));
    }
    if invitation.droits.contains(&Droit::Gestion) {
        return Err(ApiFailure::unprocessable(
            "La gestion du contrat et des coordonnées ne peut être confiée que par une décision de justice, \
             que la mutuelle enregistre.",
        ));
    }
    if invitation.fin <= aujourdhui {
        return Err(ApiFailure::unprocessable("La délégation doit prendre fin après aujourd’hui."));
    }
    if invitation.fin > fin_max(aujourdhui) {
        return Err(ApiFailure::unprocessable(format!(
            "Une délégation dure un an au plus : choisissez une fin au plus tard le {}.",
            impression::date(fin_max(aujourdhui))
        )));
    }
    let en_cours: Vec<Delegation> = delegations::du_membre(db, numero, aujourdhui)?
        .into_iter()
        .filter(|delegation| en_vigueur(delegation, aujourdhui))
        .collect();
    if en_cours.iter().any(|delegation| delegation.courriel == courriel) {
        return Err(ApiFailure::conflict("Une délégation à cette adresse est déjà en cours."));
    }
    if delegations::invitations_depuis(db, numero, at - Duration::days(365))? >= INVITATIONS_PAR_AN {
        return Err(ApiFailure::unprocessable(format!(
            "Vous avez donné {INVITATIONS_PAR_AN} délégations cette année : c’est le plus que l’espace permet. \
             Contactez votre mutuelle pour en donner une autre."
        )));
    }
    if en_cours.len() >= EN_VIGUEUR_MAX {
        return Err(ApiFailure::unprocessable(format!(
            "Vous avez déjà {EN_VIGUEUR_MAX} délégations en cours : retirez-en une avant d’en donner une autre."
        )));
    }
    let nouvelle = NouvelleDelegation {
        numero_personne: numero,
        nature: "PROCHE",
        courriel: &courriel,
        droits: &codes(invitation.droits),
        debut: aujourdhui,
        fin: invitation.fin,
        jugement: None,
        beneficiaire_id: None,
    };
    Ok(delegations::inserer(db, &nouvelle, at)?)
}

/// What the mutual records from a court decision.
pub struct Decision<'a> {
    pub nature: &'a str,
    pub courriel: &'a str,
    pub droits: &'a [Droit],
    pub debut: NaiveDate,
    pub fin: NaiveDate,
    pub jugement: (&'a str, &'a [u8]),
}

/// The longest a guardianship is recorded for: a judge sets at most ten years at the first
/// decision (Code civil, article 441), renewed by another decision.
const MESURE_MAX_ANS: u32 = 10;

/// Records a guardianship or a curatorship for the member `numero`, from its decision. Call it
/// in one transaction.
pub fn enregistrer_mesure(
    db: &Connection,
    numero: &str,
    decision: &Decision<'_>,
    at: DateTime<Utc>,
) -> Result<i64, ApiFailure> {
    if !matches!(decision.nature, "TUTELLE" | "CURATELLE") {
        return Err(ApiFailure::unprocessable("Choisissez une tutelle ou une curatelle."));
    }
    let courriel = validation::adresse_electronique(Some(decision.courriel), "L’adresse électronique")?
        .ok_or_else(|| {
            ApiFailure::unprocessable("Indiquez l’adresse électronique du tuteur ou du curateur.")
        })?
        .to_lowercase();
    if decision.droits.is_empty() {
        return Err(ApiFailure::unprocessable("Choisissez au moins un droit, comme la décision les donne."));
    }
    let plus_tard = decision.debut.checked_add_months(chrono::Months::new(12 * MESURE_MAX_ANS));
    if decision.fin < decision.debut || plus_tard.is_some_and(|plus_tard| decision.fin > plus_tard) {
        return Err(ApiFailure::unprocessable(format!(
            "La mesure prend fin après son début, et au plus {MESURE_MAX_ANS} ans après."
        )));
    }
    let nouvelle = NouvelleDelegation {
        numero_personne: numero,
        nature: decision.nature,
        courriel: &courriel,
        droits: &codes(decision.droits),
        debut: decision.debut,
        fin: decision.fin,
        jugement: Some(decision.jugement),
        beneficiaire_id: None,
    };
    Ok(delegations::inserer(db, &nouvelle, at)?)
}

/// Withdraws, as of `at`, the member's delegation `id`; a guardianship only by the mutual
/// (`par_la_mutuelle`). Idempotent. Call it in one transaction.
pub fn retirer(
    db: &Connection,
    numero: &str,
    id: i64,
    par_la_mutuelle: bool,
    at: DateTime<Utc>,
    aujourdhui: NaiveDate,
) -> Result<(), ApiFailure> {
    let delegation = delegations::par_id(db, id)?.filter(|delegation| delegation.numero_personne == numero);
    let delegation = delegation.ok_or_else(ApiFailure::not_found)?;
    if delegation.nature != "PROCHE" && !par_la_mutuelle {
        return Err(ApiFailure::unprocessable(
            "Une tutelle ou une curatelle prend fin par une décision de justice : adressez-la à la mutuelle.",
        ));
    }
    if delegation.fin >= aujourdhui && delegations::retirer(db, id, at)? {
        annoncer_les_fins(db, aujourdhui, at)?;
    }
    Ok(())
}

/// How long an ended delegation stays in the member's list.
const FIN_VISIBLE_JOURS: i64 = 365;
/// The latest things done a delegation shows.
const ACTIONS_MONTREES: i64 = 20;

/// A delegation as the member reads it (`Delegation` of the contract).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Vue {
    pub id: i64,
    pub courriel: String,
    pub nom: Option<String>,
    pub nature: String,
    pub droits: Vec<Droit>,
    pub debut: NaiveDate,
    pub fin: NaiveDate,
    pub etat: &'static str,
    pub retiree_le: Option<String>,
    pub premier_usage: Option<String>,
    pub actions: Vec<ActionVue>,
}

#[derive(Debug, Serialize)]
pub struct ActionVue {
    pub date: String,
    pub libelle: String,
}

fn vue(db: &Connection, delegation: Delegation, aujourdhui: NaiveDate) -> rusqlite::Result<Vue> {
    let etat = if delegation.retiree_le.is_some() {
        "RETIREE"
    } else if delegation.fin < aujourdhui {
        "TERMINEE"
    } else if delegation.premier_usage.is_some() {
        "ACTIVE"
    } else {
        "EN_ATTENTE"
    };
    let actions = delegations::actions(db, delegation.id, ACTIONS_MONTREES)?
        .into_iter()
        .map(|(date, libelle)| ActionVue { date, libelle })
        .collect();
    Ok(Vue {
        id: delegation.id,
        droits: droits_de(&delegation),
        courriel: delegation.courriel,
        nom: delegation.nom,
        nature: delegation.nature,
        debut: delegation.debut,
        fin: delegation.fin,
        etat,
        retiree_le: delegation.retiree_le,
        premier_usage: delegation.premier_usage,
        actions,
    })
}

/// The member's delegations, those ended less than a year ago included, newest first.
pub fn du_membre(db: &Connection, numero: &str, aujourdhui: NaiveDate) -> rusqlite::Result<Vec<Vue>> {
    let depuis = aujourdhui - Duration::days(FIN_VISIBLE_JOURS);
    delegations::du_membre(db, numero, depuis)?
        .into_iter()
        .map(|delegation| vue(db, delegation, aujourdhui))
        .collect()
}

/// One of the member's delegations, as they read it.
pub fn une(db: &Connection, numero: &str, id: i64, aujourdhui: NaiveDate) -> Result<Vue, ApiFailure> {
    let delegation = delegations::par_id(db, id)?.filter(|delegation| delegation.numero_personne == numero);
    Ok(vue(db, delegation.ok_or_else(ApiFailure::not_found)?, aujourdhui)?)
}

/// A member the person may act for (`Procuration` of the contract).
#[derive(Debug, Serialize)]
pub struct Procuration {
    pub numero: String,
    #[serde(rename = "Civilite")]
    pub civilite: String,
    #[serde(rename = "Prenom")]
    pub prenom: String,
    #[serde(rename = "Nom")]
    pub nom: String,
    pub nature: String,
    pub droits: Vec<Droit>,
    pub fin: NaiveDate,
}

/// The members `acteur` may act for today, by name.
pub fn procurations(
    db: &Connection,
    acteur: &Acteur,
    aujourdhui: NaiveDate,
) -> rusqlite::Result<Vec<Procuration>> {
    let mut procurations = Vec::new();
    for delegation in delegations::du_delegue(db, &acteur.sujet, acteur.courriel.as_deref())? {
        if !est_de(&delegation, acteur) || !en_vigueur(&delegation, aujourdhui) {
            continue;
        }
        let adherent = adherents::utilisateur(db, &delegation.numero_personne)?;
        procurations.push(Procuration {
            droits: droits_de(&delegation),
            numero: delegation.numero_personne,
            civilite: adherent.civilite,
            prenom: adherent.prenom,
            nom: adherent.nom,
            nature: delegation.nature,
            fin: delegation.fin,
        });
    }
    procurations.sort_by(|a, b| (&a.nom, &a.prenom).cmp(&(&b.nom, &b.prenom)));
    Ok(procurations)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::member_api::store::database::testing;

    const MARIE: &str = "100001";
    const JEAN: &str = "100002";

    fn jour() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, 15).unwrap()
    }

    fn moment() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 15, 9, 0, 0).unwrap()
    }

    fn claire() -> Acteur {
        Acteur {
            sujet: "sub-claire".into(),
            courriel: Some("claire@example.org".into()),
            nom: Some("Claire".into()),
        }
    }

    fn invitation(droits: &[Droit]) -> Invitation<'_> {
        Invitation { courriel: Some("Claire@Example.org"), droits, fin: jour() + Duration::days(90) }
    }

    fn refus<T: std::fmt::Debug>(resultat: Result<T, ApiFailure>) -> (u16, String, String) {
        let refus = resultat.unwrap_err();
        (refus.status().as_u16(), refus.code().to_owned(), refus.message().to_owned())
    }

    fn courriels(db: &Connection) -> Vec<String> {
        let mut statement =
            db.prepare("SELECT nature FROM courriels WHERE nature LIKE 'DELEGATION%' ORDER BY id").unwrap();
        statement.query_map([], |row| row.get(0)).unwrap().map(Result::unwrap).collect()
    }

    const LIRE_LES_REMBOURSEMENTS: (Exigence, Option<&str>) =
        (REMBOURSEMENTS, Some("A consulté vos remboursements"));

    #[test]
    fn a_right_given_lets_the_call_through_and_one_not_given_is_refused_with_its_name() {
        let (_dir, db) = testing::seeded(jour());
        inviter(&db, MARIE, &invitation(&[Droit::Remboursements]), moment(), jour()).unwrap();
        assert!(autoriser(&db, &claire(), MARIE, LIRE_LES_REMBOURSEMENTS, false, moment(), jour()).is_ok());
        let (status, code, message) =
            refus(autoriser(&db, &claire(), MARIE, exigence("GET", "/demandes"), false, moment(), jour()));
        assert_eq!((status, code.as_str()), (403, "droit_non_accorde"));
        assert_eq!(
            message,
            "Votre délégation ne vous donne pas le droit de envoyer des demandes et des messages pour cet adhérent."
        );
        let (_, code, _) = refus(autoriser(
            &db,
            &claire(),
            MARIE,
            exigence("GET", "/assure/delegations"),
            false,
            moment(),
            jour(),
        ));
        assert_eq!(code, "droit_non_accorde", "a delegate never manages delegations");
        let (_, code, _) =
            refus(autoriser(&db, &claire(), JEAN, LIRE_LES_REMBOURSEMENTS, false, moment(), jour()));
        assert_eq!(code, "delegation_inconnue", "another member's space");
    }

    #[test]
    fn the_first_use_binds_the_account_and_tells_the_member_once() {
        let (_dir, db) = testing::seeded(jour());
        inviter(&db, MARIE, &invitation(&[Droit::Remboursements]), moment(), jour()).unwrap();
        autoriser(&db, &claire(), MARIE, LIRE_LES_REMBOURSEMENTS, false, moment(), jour()).unwrap();
        autoriser(&db, &claire(), MARIE, LIRE_LES_REMBOURSEMENTS, false, moment(), jour()).unwrap();
        assert_eq!(courriels(&db), ["DELEGATION_UTILISEE"]);
        // Another account given the same address later is not the one bound.
        let autre = Acteur { sujet: "sub-autre".into(), ..claire() };
        let (_, code, _) =
            refus(autoriser(&db, &autre, MARIE, LIRE_LES_REMBOURSEMENTS, false, moment(), jour()));
        assert_eq!(code, "delegation_inconnue");
        let vues = du_membre(&db, MARIE, jour()).unwrap();
        assert_eq!(vues[0].etat, "ACTIVE");
        assert_eq!(vues[0].nom.as_deref(), Some("Claire"));
        let actions: Vec<_> = vues[0].actions.iter().map(|action| action.libelle.as_str()).collect();
        assert_eq!(actions, ["A consulté vos remboursements"], "one visit, told once");
    }

    #[test]
    fn a_withdrawn_or_ended_delegation_is_refused_saying_so_and_its_end_is_told() {
        let (_dir, db) = testing::seeded(jour());
        let id = inviter(&db, MARIE, &invitation(&[Droit::Remboursements]), moment(), jour()).unwrap();
        retirer(&db, MARIE, id, false, moment(), jour()).unwrap();
        retirer(&db, MARIE, id, false, moment(), jour()).unwrap();
        let (_, code, message) =
            refus(autoriser(&db, &claire(), MARIE, LIRE_LES_REMBOURSEMENTS, false, moment(), jour()));
        assert_eq!(
            (code.as_str(), message.as_str()),
            ("delegation_retiree", "L’adhérent vous a retiré sa délégation.")
        );
        assert_eq!(courriels(&db), ["DELEGATION_TERMINEE"], "withdrawn twice, told once");

        inviter(
            &db,
            MARIE,
            &Invitation { fin: jour() + Duration::days(1), ..invitation(&[Droit::Attestations]) },
            moment(),
            jour(),
        )
        .unwrap();
        let apres = jour() + Duration::days(2);
        let (_, code, message) = refus(autoriser(
            &db,
            &claire(),
            MARIE,
            exigence("GET", "/assure/attestation"),
            false,
            moment(),
            apres,
        ));
        assert_eq!(
            (code.as_str(), message.as_str()),
            ("delegation_terminee", "Votre délégation pour cet adhérent a pris fin le 16/03/2026.")
        );
        assert_eq!(annoncer_les_fins(&db, apres, moment()).unwrap(), 1);
        assert_eq!(annoncer_les_fins(&db, apres, moment()).unwrap(), 0);
    }

    #[test]
    fn an_invitation_is_refused_to_oneself_without_rights_with_management_or_beyond_a_year() {
        let (_dir, db) = testing::seeded(jour());
        let message =
            |invitation: Invitation<'_>| refus(inviter(&db, MARIE, &invitation, moment(), jour())).2;
        assert_eq!(
            message(Invitation {
                courriel: Some(" MARIE.DUPONT@example.org "),
                ..invitation(&[Droit::Demandes])
            }),
            "Vous ne pouvez pas vous donner une délégation à vous-même."
        );
        assert!(message(invitation(&[Droit::Gestion])).contains("décision de justice"));
        assert_eq!(
            message(Invitation { fin: jour(), ..invitation(&[Droit::Demandes]) }),
            "La délégation doit prendre fin après aujourd’hui."
        );
        assert_eq!(
            message(Invitation { fin: jour() + Duration::days(366), ..invitation(&[Droit::Demandes]) }),
            "Une délégation dure un an au plus : choisissez une fin au plus tard le 15/03/2027."
        );
        assert_eq!(
            message(Invitation { courriel: Some("  "), ..invitation(&[Droit::Demandes]) }),
            "Indiquez l’adresse électronique de la personne."
        );
        inviter(&db, MARIE, &invitation(&[Droit::Demandes]), moment(), jour()).unwrap();
        let (status, _, _) = refus(inviter(&db, MARIE, &invitation(&[Droit::Demandes]), moment(), jour()));
        assert_eq!(status, 409, "the same address twice");
    }

    #[test]
    fn a_member_inviting_and_withdrawing_on_and_on_is_stopped_at_the_years_bound() {
        let (_dir, db) = testing::seeded(jour());
        // The seed's invitation to Claire counts.
        for _ in 1..INVITATIONS_PAR_AN {
            let id = inviter(&db, MARIE, &invitation(&[Droit::Demandes]), moment(), jour()).unwrap();
            retirer(&db, MARIE, id, false, moment(), jour()).unwrap();
        }
        let (status, _, message) =
            refus(inviter(&db, MARIE, &invitation(&[Droit::Demandes]), moment(), jour()));
        assert_eq!(status, 422);
        assert!(message.starts_with("Vous avez donné 50 délégations cette année"), "{message}");
    }

    #[test]
    fn a_guardianship_gives_management_and_only_the_mutual_ends_it() {
        let (_dir, db) = testing::seeded(jour());
        let decision = Decision {
            nature: "TUTELLE",
            courriel: "helene.roux@example.org",
            droits: &[Droit::Remboursements, Droit::Gestion],
            debut: jour(),
            fin: jour() + Duration::days(365 * 5),
            jugement: ("jugement.pdf", b"%PDF-1.4"),
        };
        let id = enregistrer_mesure(&db, JEAN, &decision, moment()).unwrap();
        let tuteur = Acteur {
            sujet: "sub-helene".into(),
            courriel: Some("helene.roux@example.org".into()),
            nom: None,
        };
        assert!(
            autoriser(&db, &tuteur, JEAN, exigence("PUT", "/assure/adresse"), false, moment(), jour())
                .is_ok()
        );
        assert_eq!(retirer(&db, JEAN, id, false, moment(), jour()).unwrap_err().status().as_u16(), 422);
        retirer(&db, JEAN, id, true, moment(), jour()).unwrap();
        let noms: Vec<_> = procurations(&db, &tuteur, jour()).unwrap().into_iter().map(|p| p.nom).collect();
        assert!(noms.is_empty());
    }

    #[test]
    fn an_own_space_is_for_a_beneficiary_of_16_or_more_once_and_shows_only_its_own_calls() {
        let (_dir, db) = testing::seeded(jour());
        let suivis = crate::member_api::store::beneficiaires::suivis(&db, MARIE).unwrap();
        let id = |prenom: &str| suivis.iter().find(|b| b.prenom == prenom).unwrap().id;
        let ouvrir =
            |prenom: &str| ouvrir_espace_personnel(&db, MARIE, id(prenom), "x@example.org", moment(), jour());
        assert_eq!(
            refus(ouvrir("Emma")).2,
            "Seul un bénéficiaire d’au moins 16 ans peut avoir son propre espace."
        );
        assert_eq!(refus(ouvrir("Marie")).1, "unprocessable_entity", "the holder has the contract's");
        assert_eq!(refus(ouvrir("Thomas")).0, 409, "the seed opened his already");
        let thomas = Acteur {
            sujet: "sub-thomas".into(),
            courriel: Some("thomas.dupont@example.org".into()),
            nom: None,
        };
        let lire = exigence("GET", "/assure/prestations");
        let autorisation = autoriser(&db, &thomas, MARIE, lire, true, moment(), jour()).unwrap();
        assert_eq!(autorisation.seulement, Some(id("Thomas")));
        let (_, code, _) = refus(autoriser(
            &db,
            &thomas,
            MARIE,
            exigence("GET", "/assure/plafonds"),
            false,
            moment(),
            jour(),
        ));
        assert_eq!(code, "droit_non_accorde", "the family's allowances are not his");
    }

    #[test]
    fn every_call_of_the_table_is_one_the_contract_has() {
        let contract: serde_json::Value =
            serde_norway::from_str(include_str!("../../../../openapi/member-api.yaml")).unwrap();
        let unnamed = |path: &str| {
            path.split('/')
                .map(|segment| if segment.starts_with('{') { "{}" } else { segment })
                .collect::<Vec<_>>()
                .join("/")
        };
        let paths = contract["paths"].as_object().unwrap();
        for (method, path, _, _) in APPELS {
            let found = paths.iter().any(|(chemin, operations)| {
                unnamed(chemin) == *path && operations.get(method.to_lowercase()).is_some()
            });
            assert!(found, "{method} {path} is not in the contract");
        }
    }
}
