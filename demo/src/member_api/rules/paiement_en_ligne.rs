//! « Payer en ligne »: an order to pay by card what a member owes on a contract, and the
//! payment provider's notification that settles it (docs/product/member-api.md#paying-online).
//!
//! The API issues the order and decides its amount; the portal signs the provider's form for
//! it; the provider's page takes the card; the provider's notification, signed with the shop's
//! key, is the only thing that settles it, once, however often it comes.

use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use rusqlite::Connection;
use secrecy::ExposeSecret;

use crate::member_api::failure::ApiFailure;
use crate::member_api::store::contrats::Contrat;
use crate::member_api::store::horodatage::horodatage;
use crate::member_api::store::paiements_en_ligne::{self as store, Decision, Notification, PaiementEnLigne};
use crate::settings::Boutique;

/// How long an order may be paid: the provider's page, the 3-D Secure step, a hesitation.
pub const VALIDITE_MINUTES: i64 = 30;
/// Orders a contract may have in a day: enough for a refused card and a few more, not a table
/// one member grows without end.
pub const PAR_JOUR: i64 = 10;
/// A notification's transaction may not be older than its order, give or take the clocks.
const DECALAGE_MINUTES: i64 = 5;
/// The provider repeats a notification it could not deliver for some hours: later than this
/// after the transaction, it is not one.
const RETARD_MAX_HEURES: i64 = 24;

/// An order for what `numero_personne` owes at once on `numero_contrat`, as of `maintenant`:
/// the one still open for that amount (false), or a new one (true).
pub fn commander(
    db: &Connection,
    numero_personne: &str,
    numero_contrat: &str,
    maintenant: DateTime<Utc>,
) -> Result<(PaiementEnLigne, bool), ApiFailure> {
    let contrat = Contrat::all(db, numero_personne)?
        .into_iter()
        .find(|contrat| contrat.numero_contrat == numero_contrat)
        .ok_or(ApiFailure::missing("Ce contrat n’est pas le vôtre ou n’existe pas."))?;
    let du = store::du(db, contrat.id)?;
    if du == 0 {
        return Err(ApiFailure::unprocessable("Vous ne devez rien sur ce contrat."));
    }
    if let Some(ouvert) = store::ouvert(db, contrat.id, du, &horodatage(maintenant))? {
        return Ok((ouvert, false));
    }
    let debut_du_jour = maintenant.date_naive().and_hms_opt(0, 0, 0).unwrap_or_default().and_utc();
    if store::nombre_depuis(db, contrat.id, &horodatage(debut_du_jour))? >= PAR_JOUR {
        return Err(ApiFailure::unprocessable(format!(
            "Vous avez déjà commencé {PAR_JOUR} paiements aujourd’hui pour ce contrat : réessayez demain."
        )));
    }
    let commande = format!("P{}{}", maintenant.format("%Y%m%d"), reference_aleatoire());
    let expire = maintenant + Duration::minutes(VALIDITE_MINUTES);
    store::inserer(db, &commande, contrat.id, du, &horodatage(maintenant), &horodatage(expire))?;
    let issued = store::par_commande(db, &commande)?
        .ok_or_else(|| ApiFailure::internal(anyhow::anyhow!("an order just written is gone")))?;
    Ok((issued, true))
}

/// Eight characters of `A-Z0-9`, drawn at random: an order's reference tells nothing of others.
fn reference_aleatoire() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let bytes: [u8; 8] = rand::random();
    bytes.iter().map(|byte| char::from(ALPHABET[usize::from(*byte) % ALPHABET.len()])).collect()
}

/// The order `commande`, if it is one of `numero_personne`'s contracts'.
pub fn lire(db: &Connection, numero_personne: &str, commande: &str) -> Result<PaiementEnLigne, ApiFailure> {
    store::de_la_personne(db, numero_personne, commande)?
        .ok_or(ApiFailure::missing("Ce paiement n’est pas le vôtre ou n’existe pas."))
}

/// What a notification taken into account did.
#[derive(Debug, PartialEq, Eq)]
pub enum Issue {
    Traitee,
    /// The same transaction again: nothing changes.
    Rejouee,
    /// Another transaction accepted for an order already paid: recorded, to be paid back.
    Doublon,
}

/// Why a notification is refused; each is recorded with its name.
#[derive(Debug, PartialEq, Eq)]
pub enum Refus {
    Incomplete,
    SignatureInvalide,
    AutreBoutique,
    CommandeInconnue,
    MontantDifferent,
    Tardive,
    EtatInconnu,
}

impl Refus {
    fn nom(&self) -> &'static str {
        match self {
            Self::Incomplete => "INCOMPLETE",
            Self::SignatureInvalide => "SIGNATURE_INVALIDE",
            Self::AutreBoutique => "AUTRE_BOUTIQUE",
            Self::CommandeInconnue => "COMMANDE_INCONNUE",
            Self::MontantDifferent => "MONTANT_DIFFERENT",
            Self::Tardive => "TARDIVE",
            Self::EtatInconnu => "ETAT_INCONNU",
        }
    }
}

impl From<Refus> for ApiFailure {
    fn from(refus: Refus) -> Self {
        match refus {
            Refus::Incomplete => ApiFailure::bad_request("La notification de paiement est incomplète."),
            Refus::SignatureInvalide => ApiFailure::forbidden_because(
                "signature_invalide",
                "La signature de la notification de paiement ne correspond pas.",
            ),
            Refus::AutreBoutique => {
                ApiFailure::conflict("Cette notification de paiement est destinée à une autre boutique.")
            }
            Refus::CommandeInconnue => ApiFailure::missing("Cette commande de paiement est inconnue."),
            Refus::MontantDifferent => {
                ApiFailure::conflict("Le montant notifié n’est pas celui de la commande.")
            }
            Refus::Tardive => {
                ApiFailure::conflict("Cette notification de paiement arrive hors du délai de la commande.")
            }
            Refus::EtatInconnu => ApiFailure::unprocessable("L’état de ce paiement est inconnu."),
        }
    }
}

/// Takes the provider's notification `champs` into account as of `maintenant`, and records it
/// with its outcome, accepted or not. Call it in one transaction, and commit whatever it
/// answers: a refusal is recorded too.
pub fn notifier(
    db: &Connection,
    boutique: &Boutique,
    champs: &[(String, String)],
    maintenant: DateTime<Utc>,
) -> Result<Result<Issue, Refus>, ApiFailure> {
    let issue = prendre_en_compte(db, boutique, champs, maintenant)?;
    let field = |name| vads::field(champs, name);
    store::consigner(
        db,
        &Notification {
            recue_le: &horodatage(maintenant),
            commande: field("vads_order_id"),
            transaction: field("vads_trans_uuid"),
            etat: field("vads_trans_status"),
            issue: match &issue {
                Ok(Issue::Traitee) => "TRAITEE",
                Ok(Issue::Rejouee) => "REJOUEE",
                Ok(Issue::Doublon) => "DOUBLON_A_REMBOURSER",
                Err(refus) => refus.nom(),
            },
        },
    )?;
    Ok(issue)
}

fn prendre_en_compte(
    db: &Connection,
    boutique: &Boutique,
    champs: &[(String, String)],
    maintenant: DateTime<Utc>,
) -> Result<Result<Issue, Refus>, ApiFailure> {
    match vads::verify(champs, boutique.cle.expose_secret().as_bytes()) {
        Ok(()) => {}
        Err(vads::Refused::Malformed) => return Ok(Err(Refus::Incomplete)),
        Err(vads::Refused::Forged) => return Ok(Err(Refus::SignatureInvalide)),
    }
    let field = |name| vads::field(champs, name);
    let (Some(commande), Some(etat), Some(montant), Some(devise), Some(transaction), Some(date)) = (
        field("vads_order_id"),
        field("vads_trans_status"),
        field("vads_amount"),
        field("vads_currency"),
        field("vads_trans_uuid"),
        field("vads_trans_date").and_then(|date| NaiveDateTime::parse_from_str(date, "%Y%m%d%H%M%S").ok()),
    ) else {
        return Ok(Err(Refus::Incomplete));
    };
    if field("vads_site_id") != Some(boutique.site_id.as_str())
        || field("vads_ctx_mode") != Some(&boutique.mode)
    {
        return Ok(Err(Refus::AutreBoutique));
    }
    let Some(paiement) = store::par_commande(db, commande)? else {
        return Ok(Err(Refus::CommandeInconnue));
    };
    if devise != "978" || montant.parse::<i64>().ok() != Some(paiement.centimes) {
        return Ok(Err(Refus::MontantDifferent));
    }
    if store::deja_traitee(db, transaction)? {
        return Ok(Ok(Issue::Rejouee));
    }
    let date = date.and_utc();
    let ouverte = |texte: &str| texte.parse::<DateTime<Utc>>().ok();
    let (Some(cree), Some(expire)) = (ouverte(&paiement.cree_le), ouverte(&paiement.expire_le)) else {
        return Err(ApiFailure::internal(anyhow::anyhow!("an order's moments as kept")));
    };
    if date < cree - Duration::minutes(DECALAGE_MINUTES)
        || date > expire
        || maintenant > date + Duration::hours(RETARD_MAX_HEURES)
    {
        return Ok(Err(Refus::Tardive));
    }
    let carte = carte(field("vads_card_brand"), field("vads_card_number"));
    let le = horodatage(maintenant);
    match etat {
        "AUTHORISED" | "AUTHORISED_TO_VALIDATE" | "CAPTURED" | "ACCEPTED" => {
            // This order paid a second time (another tab): the mutual pays the second back.
            if paiement.statut == "ACCEPTE" || paiement.statut == "A_REMBOURSER" {
                return Ok(Ok(Issue::Doublon));
            }
            // Settled meanwhile (a plan, another order): this payment is paid back.
            if store::du(db, paiement.contrat_id)? != paiement.centimes {
                store::a_rembourser(db, paiement.id, transaction, carte.as_deref(), &le)?;
                return Ok(Ok(Issue::Traitee));
            }
            let decision = Decision {
                statut: "ACCEPTE",
                transaction,
                carte: carte.as_deref(),
                regle_le: Some(&le),
                motif_refus: None,
            };
            if store::decider(db, paiement.id, &decision)? {
                store::regler_echeances(db, paiement.contrat_id, paiement.id)?;
            }
        }
        "REFUSED" => {
            if paiement.statut == "EN_ATTENTE" {
                let motif = motif_refus(field("vads_auth_result"), field("vads_threeds_status"));
                let decision = Decision {
                    statut: "REFUSE",
                    transaction,
                    carte: carte.as_deref(),
                    regle_le: None,
                    motif_refus: Some(motif),
                };
                store::decider(db, paiement.id, &decision)?;
            }
        }
        "ABANDONED" | "CANCELLED" | "EXPIRED" => {
            if paiement.statut == "EN_ATTENTE" {
                let decision = Decision {
                    statut: "ABANDONNE",
                    transaction,
                    carte: None,
                    regle_le: None,
                    motif_refus: None,
                };
                store::decider(db, paiement.id, &decision)?;
            }
        }
        _ => return Ok(Err(Refus::EtatInconnu)),
    }
    Ok(Ok(Issue::Traitee))
}

/// The card as a member recognises it: its brand and its last four digits, nothing more.
fn carte(marque: Option<&str>, numero_masque: Option<&str>) -> Option<String> {
    let numero = numero_masque?;
    let fin: String = numero.chars().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect();
    if fin.len() != 4 || !fin.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    let marque: String =
        marque.unwrap_or("CB").chars().filter(char::is_ascii_alphanumeric).take(20).collect();
    Some(format!("{marque} •••• {fin}"))
}

/// Why the card was refused, in the member's words, from the authorisation's result code and
/// the 3-D Secure outcome.
fn motif_refus(resultat: Option<&str>, threeds: Option<&str>) -> &'static str {
    match (resultat, threeds) {
        (_, Some("N" | "R")) => "L’authentification 3-D Secure n’a pas abouti.",
        (Some("51"), _) => "Le plafond ou la provision de votre carte ne permet pas ce paiement.",
        (Some("54"), _) => "Votre carte est expirée.",
        _ => "Votre banque a refusé le paiement.",
    }
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, TimeZone};

    use super::*;
    use crate::member_api::store::contrats;
    use crate::member_api::store::database::testing;

    const PAUL: &str = "100004";
    const MARIE: &str = "100001";
    const CLE: &str = "the shop's test key";

    fn boutique() -> Boutique {
        Boutique { site_id: "12345678".into(), cle: CLE.to_owned().into(), mode: "TEST".into() }
    }

    fn maintenant() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 8, 9, 0, 0).unwrap()
    }

    fn aujourdhui() -> NaiveDate {
        maintenant().date_naive()
    }

    /// The provider's notification of `commande`, as it signs it.
    fn notification(
        commande: &PaiementEnLigne,
        etat: &str,
        transaction: &str,
        changes: &[(&str, &str)],
    ) -> Vec<(String, String)> {
        let centimes = commande.centimes.to_string();
        let mut champs: Vec<(&str, &str)> = vec![
            ("vads_amount", &centimes),
            ("vads_auth_result", "00"),
            ("vads_card_brand", "VISA"),
            ("vads_card_number", "497010XXXXXX0003"),
            ("vads_ctx_mode", "TEST"),
            ("vads_currency", "978"),
            ("vads_order_id", &commande.commande),
            ("vads_site_id", "12345678"),
            ("vads_trans_date", "20260308090100"),
            ("vads_trans_status", etat),
            ("vads_trans_uuid", transaction),
        ];
        for (name, value) in changes {
            champs.retain(|(field, _)| field != name);
            champs.push((name, value));
        }
        let signature = vads::sign(champs.iter().copied(), CLE.as_bytes());
        champs.push(("signature", &signature));
        champs.into_iter().map(|(name, value)| (name.to_owned(), value.to_owned())).collect()
    }

    fn plus_tard(minutes: i64) -> DateTime<Utc> {
        maintenant() + Duration::minutes(minutes)
    }

    #[test]
    fn pauls_order_is_what_he_owes_and_the_same_while_open() {
        let (_dir, db) = testing::seeded(aujourdhui());
        let (commande, nouvelle) = commander(&db, PAUL, "COL-000871", maintenant()).unwrap();
        assert!(nouvelle);
        assert_eq!((commande.centimes, commande.statut.as_str()), (3_850, "EN_ATTENTE"));
        assert!(commande.commande.starts_with("P20260308") && commande.commande.len() == 17);
        let (encore, nouvelle) = commander(&db, PAUL, "COL-000871", plus_tard(10)).unwrap();
        assert_eq!((encore.commande, nouvelle), (commande.commande.clone(), false));
        let (apres, nouvelle) = commander(&db, PAUL, "COL-000871", plus_tard(31)).unwrap();
        assert!(nouvelle && apres.commande != commande.commande, "expired: a new one");
        let refus = commander(&db, MARIE, "IND-004512", maintenant()).unwrap_err();
        assert_eq!((refus.status().as_u16(), refus.message()), (422, "Vous ne devez rien sur ce contrat."));
        assert_eq!(commander(&db, MARIE, "COL-000871", maintenant()).unwrap_err().status().as_u16(), 404);
        assert_eq!(lire(&db, MARIE, &commande.commande).unwrap_err().status().as_u16(), 404, "Paul's");
    }

    #[test]
    fn the_signed_notification_settles_the_order_once_however_often_it_comes() {
        let (_dir, db) = testing::seeded(aujourdhui());
        let (commande, _) = commander(&db, PAUL, "COL-000871", maintenant()).unwrap();
        let accepte = notification(&commande, "AUTHORISED", "a1b2", &[]);
        assert_eq!(notifier(&db, &boutique(), &accepte, plus_tard(2)).unwrap(), Ok(Issue::Traitee));
        assert_eq!(notifier(&db, &boutique(), &accepte, plus_tard(3)).unwrap(), Ok(Issue::Rejouee));
        let lu = lire(&db, PAUL, &commande.commande).unwrap();
        assert_eq!(lu.statut, "ACCEPTE");
        assert_eq!(lu.carte.as_deref(), Some("VISA •••• 0003"));
        assert_eq!(lu.transaction.as_deref(), Some("a1b2"));
        let prochaine = contrats::echeance_prochaine(&db, PAUL, aujourdhui()).unwrap().unwrap();
        assert!(prochaine.impaye.is_none(), "nothing owed any more");
        assert_eq!(
            commander(&db, PAUL, "COL-000871", plus_tard(5)).unwrap_err().message(),
            "Vous ne devez rien sur ce contrat."
        );
        assert_eq!(store::issues(&db, &commande.commande).unwrap(), ["TRAITEE", "REJOUEE"]);
    }

    #[test]
    fn a_forged_a_changed_amount_another_shop_or_a_late_notification_is_refused_and_recorded() {
        let (_dir, db) = testing::seeded(aujourdhui());
        let (commande, _) = commander(&db, PAUL, "COL-000871", maintenant()).unwrap();
        let mut forgee = notification(&commande, "AUTHORISED", "f1", &[]);
        forgee.iter_mut().find(|(name, _)| name == "vads_trans_status").unwrap().1 = "CAPTURED".into();
        let refus =
            |champs: Vec<(String, String)>, quand| notifier(&db, &boutique(), &champs, quand).unwrap();
        assert_eq!(refus(forgee, plus_tard(2)), Err(Refus::SignatureInvalide));
        assert_eq!(
            refus(notification(&commande, "AUTHORISED", "f2", &[("vads_amount", "385")]), plus_tard(2)),
            Err(Refus::MontantDifferent)
        );
        assert_eq!(
            refus(notification(&commande, "AUTHORISED", "f3", &[("vads_currency", "840")]), plus_tard(2)),
            Err(Refus::MontantDifferent)
        );
        assert_eq!(
            refus(notification(&commande, "AUTHORISED", "f4", &[("vads_site_id", "87654321")]), plus_tard(2)),
            Err(Refus::AutreBoutique)
        );
        assert_eq!(
            refus(
                notification(&commande, "AUTHORISED", "f5", &[("vads_order_id", "PNOTOURS")]),
                plus_tard(2)
            ),
            Err(Refus::CommandeInconnue)
        );
        assert_eq!(
            refus(
                notification(&commande, "AUTHORISED", "f6", &[("vads_trans_date", "20260308100000")]),
                plus_tard(61)
            ),
            Err(Refus::Tardive),
            "made after the order expired"
        );
        assert_eq!(
            refus(notification(&commande, "AUTHORISED", "f7", &[]), plus_tard(25 * 60)),
            Err(Refus::Tardive),
            "a day later"
        );
        assert_eq!(
            refus(notification(&commande, "PAID_MAYBE", "f8", &[]), plus_tard(2)),
            Err(Refus::EtatInconnu)
        );
        assert_eq!(lire(&db, PAUL, &commande.commande).unwrap().statut, "EN_ATTENTE", "still owed");
        assert_eq!(
            store::issues(&db, &commande.commande).unwrap(),
            [
                "SIGNATURE_INVALIDE",
                "MONTANT_DIFFERENT",
                "MONTANT_DIFFERENT",
                "AUTRE_BOUTIQUE",
                "TARDIVE",
                "TARDIVE",
                "ETAT_INCONNU"
            ]
        );
    }

    #[test]
    fn a_refused_or_abandoned_payment_leaves_the_debt_and_a_later_success_settles_it() {
        let (_dir, db) = testing::seeded(aujourdhui());
        let (commande, _) = commander(&db, PAUL, "COL-000871", maintenant()).unwrap();
        let troisd = notification(
            &commande,
            "REFUSED",
            "r1",
            &[("vads_auth_result", "05"), ("vads_threeds_status", "N")],
        );
        assert_eq!(notifier(&db, &boutique(), &troisd, plus_tard(2)).unwrap(), Ok(Issue::Traitee));
        let lu = lire(&db, PAUL, &commande.commande).unwrap();
        assert_eq!(
            (lu.statut.as_str(), lu.motif_refus.as_deref()),
            ("REFUSE", Some("L’authentification 3-D Secure n’a pas abouti."))
        );
        assert!(contrats::echeance_prochaine(&db, PAUL, aujourdhui()).unwrap().unwrap().impaye.is_some());
        let (autre, nouvelle) = commander(&db, PAUL, "COL-000871", plus_tard(3)).unwrap();
        assert!(nouvelle, "a refused order is not reopened");
        let abandon = notification(&autre, "ABANDONED", "r2", &[]);
        notifier(&db, &boutique(), &abandon, plus_tard(4)).unwrap().unwrap();
        assert_eq!(lire(&db, PAUL, &autre.commande).unwrap().statut, "ABANDONNE");
        let paye = notification(&autre, "AUTHORISED", "r3", &[]);
        notifier(&db, &boutique(), &paye, plus_tard(5)).unwrap().unwrap();
        assert_eq!(lire(&db, PAUL, &autre.commande).unwrap().statut, "ACCEPTE");
        let tard = notification(&commande, "AUTHORISED", "r4", &[]);
        notifier(&db, &boutique(), &tard, plus_tard(6)).unwrap().unwrap();
        assert_eq!(lire(&db, PAUL, &commande.commande).unwrap().statut, "A_REMBOURSER", "paid twice");
        let onglet = notification(&autre, "AUTHORISED", "r5", &[]);
        assert_eq!(notifier(&db, &boutique(), &onglet, plus_tard(7)).unwrap(), Ok(Issue::Doublon));
        assert_eq!(
            store::issues(&db, &autre.commande).unwrap(),
            ["TRAITEE", "TRAITEE", "DOUBLON_A_REMBOURSER"]
        );
    }

    #[test]
    fn only_the_cards_last_four_digits_are_kept() {
        assert_eq!(carte(Some("CB"), Some("497010XXXXXX0097")).as_deref(), Some("CB •••• 0097"));
        assert_eq!(carte(Some("<b>VISA</b>"), Some("XXXX1234")).as_deref(), Some("bVISAb •••• 1234"));
        assert_eq!(carte(None, Some("XX")), None);
    }
}
