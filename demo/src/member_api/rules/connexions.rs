//! The member's sign-ins, as `compte/auth` records them: the one before the last is where
//! « depuis votre dernière visite » starts, and a device the member never signed in with gets
//! them a security email, unless it is their very first (nothing to compare it with).

use chrono::{DateTime, Utc};
use rusqlite::Connection;
use serde::Deserialize;

use super::membre::Member;
use super::situation::Situation;
use super::validation;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::mail::courriels::{self, Courriel, INFORMATIONS_PERSONNELLES, Nature};
use crate::member_api::store::adherents::{self, Utilisateur};
use crate::member_api::store::{cartes_tp, connexions};

/// The longest browser or system name the portal sends.
const NOM_MAX: usize = 60;

/// The browser (family and major version: "Firefox 133") and system ("Android") the member
/// signed in with, as « Mes connexions » shows them.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Appareil {
    navigateur: String,
    systeme: String,
}

impl Appareil {
    /// Checked as any text sent: trimmed, not blank, at most 60 characters, nothing invisible.
    pub fn verifie(self) -> Result<Self, ApiFailure> {
        Ok(Self {
            navigateur: validation::texte_requis(Some(&self.navigateur), "Le navigateur", NOM_MAX)?,
            systeme: validation::texte_requis(Some(&self.systeme), "Le système", NOM_MAX)?,
        })
    }

    /// The browser's family without its version: a browser updating itself is the same device.
    fn famille(&self) -> String {
        let mots: Vec<&str> = self.navigateur.split_whitespace().collect();
        let version = |mot: &&str| mot.chars().all(|c| c.is_ascii_digit() || c == '.');
        let sans_version = mots.iter().rposition(|mot| !version(mot)).map_or(mots.len(), |last| last + 1);
        mots[..sans_version].join(" ")
    }

    fn systeme(&self) -> String {
        self.systeme.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// The form devices are kept and compared in: family and system in lower case, so that
    /// "Firefox 133" on "Android" and "firefox 134" on "ANDROID" are one device.
    fn canonique(&self) -> (String, String) {
        (self.famille().to_lowercase(), self.systeme().to_lowercase())
    }

    /// As the security email names it: "Firefox sur Android".
    fn libelle(&self) -> String {
        format!("{} sur {}", self.famille(), self.systeme())
    }
}

/// Records a sign-in at `at` (the previous one becomes the one before) and, when given, the
/// device, queuing the new-device email when the member has signed in with other devices
/// only; whether that email was queued. Call it in one transaction.
pub fn enregistrer(
    db: &Connection,
    numero_personne: &str,
    appareil: Option<&Appareil>,
    at: DateTime<Utc>,
) -> rusqlite::Result<bool> {
    connexions::enregistrer(db, numero_personne, at)?;
    let Some(appareil) = appareil else { return Ok(false) };
    let (navigateur, systeme) = appareil.canonique();
    let (connus, deja_vu) = connexions::appareils_connus(db, numero_personne, &navigateur, &systeme)?;
    connexions::appareil_vu(db, numero_personne, &navigateur, &systeme, at)?;
    if connus == 0 || deja_vu {
        return Ok(false);
    }
    let libelle = appareil.libelle();
    let courriel = Courriel {
        nature: Nature::NouvelAppareil,
        lien: INFORMATIONS_PERSONNELLES,
        appareil: Some(&libelle),
        destinataire: None,
        piece_jointe: None,
    };
    courriels::mettre_en_file(db, numero_personne, &courriel, at)
}

/// A sign-in (`compte/auth`) the mutual takes: of a member (type ADH), the token's own.
pub fn verifier_connexion(type_connexion: &str, login: &str, member: &Member) -> Result<(), ApiFailure> {
    if type_connexion != "ADH" {
        return Err(ApiFailure::bad_request(
            "Type de connexion non pris en charge : seul le type ADH est accepté.",
        ));
    }
    // The portal signs in the member of the token, never another one.
    if login.trim() != member.person_number {
        return Err(ApiFailure::forbidden());
    }
    Ok(())
}

/// Signs the member in (`compte/auth`), in one transaction: who they are, where they stand
/// today, the card to show (today's, else the next one), and the sign-in recorded with its
/// device. A delegate opening the member's space is no sign-in of the member's: the delegation
/// records it instead (`rules::delegations`).
pub fn connexion(
    db: &mut Connection,
    member: &Member,
    appareil: Option<&Appareil>,
) -> Result<(Utilisateur, Situation, Option<i64>), ApiFailure> {
    let numero_personne = member.person_number.as_str();
    let tx = db.transaction()?;
    let today = today();
    let mut utilisateur = adherents::utilisateur(&tx, numero_personne)?;
    // A beneficiary's own space is theirs: their name, birth date and address on the top bar.
    if let (Some(seulement), Some(delegation)) = (member.seulement, member.delegation) {
        let lui = crate::member_api::store::beneficiaires::Beneficiaire::all(&tx, numero_personne)?
            .into_iter()
            .find(|beneficiaire| beneficiaire.id == seulement)
            .ok_or_else(ApiFailure::not_found)?;
        let courriel = crate::member_api::store::delegations::par_id(&tx, delegation)?
            .map(|delegation| delegation.courriel)
            .unwrap_or_default();
        utilisateur = Utilisateur {
            civilite: String::new(),
            prenom: lui.prenom,
            nom: lui.nom,
            date_naissance: lui.date_naissance,
            email: courriel,
            ..utilisateur
        };
    }
    // The card to show: today's, else the next one.
    let carte = cartes_tp::a_montrer(&tx, numero_personne, today)?;
    let situation = Situation::of(&tx, numero_personne, today)?;
    if member.delegation.is_none() {
        enregistrer(&tx, numero_personne, appareil, chrono::Utc::now())?;
    }
    tx.commit()?;
    Ok((utilisateur, situation, carte))
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, TimeZone};

    use super::*;
    use crate::member_api::store::database::testing;

    const MARIE: &str = "100001";

    fn appareil(navigateur: &str, systeme: &str) -> Appareil {
        Appareil { navigateur: navigateur.into(), systeme: systeme.into() }.verifie().unwrap()
    }

    fn moment(heure: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 15, heure, 0, 0).unwrap()
    }

    fn connexions(db: &Connection) -> (String, Option<String>) {
        db.query_row(
            "SELECT derniere, precedente FROM connexions WHERE numero_personne = ?1",
            [MARIE],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap()
    }

    #[test]
    fn a_sign_in_moves_the_last_one_to_previous() {
        let (_dir, db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        enregistrer(&db, MARIE, None, moment(8)).unwrap();
        assert_eq!(connexions(&db), ("2026-03-15T08:00:00Z".into(), None));
        enregistrer(&db, MARIE, None, moment(9)).unwrap();
        enregistrer(&db, MARIE, None, moment(10)).unwrap();
        assert_eq!(connexions(&db), ("2026-03-15T10:00:00Z".into(), Some("2026-03-15T09:00:00Z".into())));
    }

    #[test]
    fn devices_are_compared_without_version_or_case() {
        let firefox = appareil(" Firefox 133 ", "Android");
        assert_eq!(firefox.canonique(), ("firefox".into(), "android".into()));
        assert_eq!(appareil("firefox  134.0.1", "ANDROID").canonique(), firefox.canonique());
        assert_eq!(
            appareil("Chrome Mobile 131", "Android").canonique(),
            ("chrome mobile".into(), "android".into())
        );
        assert_eq!(appareil("Edge 131", "Windows 10").canonique(), ("edge".into(), "windows 10".into()));
        assert_eq!(appareil("360", "Linux").canonique().0, "360", "a name that is all digits is kept");
        assert_eq!(firefox.libelle(), "Firefox sur Android");
    }

    #[test]
    fn a_device_is_refused_blank_too_long_or_with_invisible_characters() {
        for (navigateur, systeme) in
            [("", "Android"), ("Firefox", " "), (&*"x".repeat(61), "Linux"), ("Fire\u{202e}fox", "Linux")]
        {
            let sent = Appareil { navigateur: navigateur.into(), systeme: systeme.into() };
            assert!(sent.verifie().is_err(), "{navigateur:?} {systeme:?}");
        }
    }

    #[test]
    fn a_new_device_gets_an_email_only_when_other_devices_are_known() {
        let (_dir, db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        assert!(
            !enregistrer(&db, MARIE, Some(&appareil("Firefox 133", "Android")), moment(8)).unwrap(),
            "the first"
        );
        assert!(!enregistrer(&db, MARIE, None, moment(9)).unwrap(), "no device said");
        assert!(
            !enregistrer(&db, MARIE, Some(&appareil("Firefox 134", "android")), moment(10)).unwrap(),
            "the same"
        );
        assert!(
            enregistrer(&db, MARIE, Some(&appareil("Safari 18", "iOS")), moment(11)).unwrap(),
            "a new one"
        );
        assert!(
            !enregistrer(&db, MARIE, Some(&appareil("Safari 18", "iOS")), moment(12)).unwrap(),
            "known now"
        );
        let (appareil, cree_le): (String, String) = db
            .query_row(
                "SELECT appareil, cree_le FROM courriels WHERE nature = 'NOUVEL_APPAREIL'",
                [],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .unwrap();
        assert_eq!((appareil.as_str(), cree_le.as_str()), ("Safari sur iOS", "2026-03-15T11:00:00Z"));
    }

    #[test]
    fn the_new_device_email_is_sent_whatever_the_preferences() {
        let (_dir, db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        db.execute(
            "INSERT INTO preferences (numero_personne, alerte_remboursement, alerte_demande, alerte_document)
             VALUES (?1, 0, 0, 0)",
            [MARIE],
        )
        .unwrap();
        enregistrer(&db, MARIE, Some(&appareil("Firefox 133", "Android")), moment(8)).unwrap();
        assert!(enregistrer(&db, MARIE, Some(&appareil("Firefox 133", "Linux")), moment(9)).unwrap());
    }
}
