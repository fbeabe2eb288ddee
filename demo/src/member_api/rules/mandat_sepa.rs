//! « Mandat de prélèvement SEPA » signed online (docs/product/member-api.md#sepa-mandate): the
//! account contributions are taken from changes only with a mandate the member signs. The
//! mandate is shown (the creditor and its ICS, a unique mandate reference, the debtor, the
//! account, the date), then signed by a one-time code sent to the member's address on file: a
//! simple electronic signature (eIDAS, article 3), whose evidence is kept (who, when, the
//! fingerprint of what was shown and of the code). The signed mandate is a PDF among the
//! member's documents; the mandate in force until then ends the day the new one starts.

use chrono::{DateTime, Duration, Utc};
use rusqlite::Connection;
use serde::Serialize;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::coordonnees_bancaires::{self, CompteSaisi};
use super::envois::{self, Categorie};
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::mail::courriels;
use crate::member_api::pdf::impression;
use crate::member_api::pdf::mandat_sepa::{MandatSigne, mandat_sepa};
use crate::member_api::rules::membre::Member;
use crate::member_api::store::adherents;
use crate::member_api::store::comptes_bancaires::masquer_iban;
use crate::member_api::store::contrats::Contrat;
use crate::member_api::store::documents::{self, DOCUMENT_MUTUELLE, NouveauDocument};
use crate::member_api::store::horodatage::horodatage;
use crate::member_api::store::mandats_sepa::{self as store, Mandat, NouveauMandat};

/// The mutual's SEPA creditor identifier (fictitious; its check digits are right).
pub const ICS: &str = "FR72ZZZ123456";
/// The mutual's address, as a mandate names the creditor (fictitious).
pub const ADRESSE_CREANCIER: &str = "12 rue de la Mutualité, 75015 Paris";
/// How long the code that signs a mandate serves.
pub const VALIDITE_CODE_MINUTES: i64 = 10;
/// Wrong codes a mandate takes before a new one must be asked for.
pub const ESSAIS_MAX: i64 = 5;
/// Mandates a member may ask to sign in a day: each sends an email.
pub const PAR_JOUR: i64 = 5;
/// Where the member types the code, which the email links to.
const PAGE: &str = "/mutuelle/contrats-garanties#cotisations";

/// The mandate's wording (the European Payments Council's core mandate).
fn texte(mutuelle: &str) -> String {
    format!(
        "En signant ce formulaire de mandat, vous autorisez {mutuelle} à envoyer des instructions à votre \
         banque pour débiter votre compte, et votre banque à débiter votre compte conformément aux \
         instructions de {mutuelle}. Vous bénéficiez du droit d’être remboursé par votre banque selon les \
         conditions décrites dans la convention que vous avez passée avec elle. Une demande de \
         remboursement doit être présentée dans les 8 semaines suivant la date de débit de votre compte \
         pour un prélèvement autorisé."
    )
}

/// A party to the mandate.
#[derive(Debug, Serialize)]
pub struct Partie {
    pub nom: String,
    pub adresse: String,
}

/// A mandate as the member reads it (`MandatSepa`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MandatVue {
    pub rum: String,
    pub ics: &'static str,
    pub creancier: Partie,
    pub debiteur: Partie,
    pub titulaire: String,
    pub iban_masque: String,
    pub bic: String,
    pub type_paiement: &'static str,
    pub texte: String,
    /// A_SIGNER, ACTIF (signed, in force), TERMINE (replaced) or EXPIRE (never signed).
    pub statut: &'static str,
    pub cree_le: String,
    pub code_expire_le: String,
    /// Where the code went, masked: « m•••@example.org ».
    pub code_envoye_a: String,
    pub signe_le: Option<String>,
    pub debut: Option<String>,
    pub fin: Option<String>,
    /// The signed mandate's PDF (`document/pdf/{id}`).
    pub document_id: Option<i64>,
}

fn empreinte(texte: &str) -> String {
    Sha256::digest(texte.as_bytes()).iter().map(|byte| format!("{byte:02x}")).collect()
}

/// « marie.dupont@example.org » as « m•••@example.org ».
fn masquer_courriel(courriel: &str) -> String {
    match courriel.split_once('@') {
        Some((local, domaine)) => format!("{}•••@{domaine}", local.chars().next().unwrap_or('•')),
        None => "•••".to_owned(),
    }
}

/// What the member is shown of `mandat`, and its fingerprint is taken of.
fn vue(
    db: &Connection,
    numero_personne: &str,
    mandat: &Mandat,
    mutuelle: &str,
    maintenant: &str,
) -> rusqlite::Result<MandatVue> {
    let identite = adherents::identite(db, numero_personne)?;
    let adresse = adherents::Adresse::read(db, numero_personne)?;
    let statut = match (&mandat.signe_le, &mandat.fin) {
        (Some(_), Some(_)) => "TERMINE",
        (Some(_), None) => "ACTIF",
        (None, _) if mandat.code_expire_le.as_str() < maintenant => "EXPIRE",
        (None, _) => "A_SIGNER",
    };
    Ok(MandatVue {
        rum: mandat.rum.clone(),
        ics: ICS,
        creancier: Partie { nom: mutuelle.to_owned(), adresse: ADRESSE_CREANCIER.to_owned() },
        debiteur: Partie {
            nom: format!("{} {} {}", identite.civilite, identite.prenom, identite.nom),
            adresse: format!("{}, {} {}", adresse.numero_et_voie, adresse.code_postal, adresse.commune),
        },
        titulaire: mandat.titulaire.clone(),
        iban_masque: masquer_iban(&mandat.iban),
        bic: mandat.bic.clone(),
        type_paiement: "RECURRENT",
        texte: texte(mutuelle),
        statut,
        cree_le: mandat.cree_le.clone(),
        code_expire_le: mandat.code_expire_le.clone(),
        code_envoye_a: masquer_courriel(&mandat.code_envoye_a),
        signe_le: mandat.signe_le.clone(),
        debut: mandat.debut.clone(),
        fin: mandat.fin.clone(),
        document_id: mandat.document_id,
    })
}

/// What is shown and signed, as one text: its fingerprint is the evidence of what was shown.
fn affiche(vue: &MandatVue, iban: &str) -> String {
    format!(
        "{}|{}|{}, {}|{}, {}|{}|{}|{}|{}|{}",
        vue.rum,
        vue.ics,
        vue.creancier.nom,
        vue.creancier.adresse,
        vue.debiteur.nom,
        vue.debiteur.adresse,
        vue.titulaire,
        iban,
        vue.bic,
        vue.type_paiement,
        vue.texte
    )
}

/// The bank details as typed for a mandate.
pub struct Compte {
    pub titulaire: Option<String>,
    pub iban: Option<String>,
    pub bic: Option<String>,
}

/// A mandate for the account `compte`, to sign with `code`, which goes to the member's address
/// on file, as of `maintenant`. Call it in one transaction.
pub fn preparer(
    db: &Connection,
    numero_personne: &str,
    compte: Compte,
    code: &str,
    mutuelle: &str,
    maintenant: DateTime<Utc>,
) -> Result<MandatVue, ApiFailure> {
    let verifie = coordonnees_bancaires::verifier(CompteSaisi {
        id_beneficiaire: None,
        usage: "COTISATIONS".to_owned(),
        titulaire: compte.titulaire,
        iban: compte.iban,
        bic: compte.bic,
        domiciliation: None,
    })?;
    let today = maintenant.date_naive();
    let debites = Contrat::all(db, numero_personne)?
        .into_iter()
        .any(|contrat| contrat.mode_paiement == "PRELEVEMENT" && contrat.statut(today) != "RESILIE");
    if !debites {
        return Err(ApiFailure::unprocessable(
            "Aucun de vos contrats n’est réglé par prélèvement : il n’y a pas de mandat à signer.",
        ));
    }
    let debut_du_jour = horodatage(today.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc());
    let du_jour = store::prepares_depuis(db, numero_personne, &debut_du_jour)?;
    if du_jour >= PAR_JOUR {
        return Err(ApiFailure::unprocessable(format!(
            "Vous avez déjà demandé {PAR_JOUR} mandats aujourd’hui : réessayez demain."
        )));
    }
    let rum = format!("{numero_personne}-{}-{:02}", today.format("%Y%m%d"), du_jour + 1);
    let courriel = adherents::identite(db, numero_personne)?.email;
    let cree_le = horodatage(maintenant);
    let mut mandat = Mandat {
        id: 0,
        rum: rum.clone(),
        titulaire: verifie.titulaire().to_owned(),
        iban: verifie.iban().to_owned(),
        bic: verifie.bic().to_owned(),
        cree_le: cree_le.clone(),
        texte_empreinte: String::new(),
        code_empreinte: empreinte(&format!("{rum}:{code}")),
        code_expire_le: horodatage(maintenant + Duration::minutes(VALIDITE_CODE_MINUTES)),
        code_envoye_a: courriel.clone(),
        essais: 0,
        signe_le: None,
        debut: None,
        fin: None,
        document_id: None,
    };
    let montre = vue(db, numero_personne, &mandat, mutuelle, &cree_le)?;
    mandat.texte_empreinte = empreinte(&affiche(&montre, &mandat.iban));
    store::inserer(
        db,
        &NouveauMandat {
            rum: &rum,
            numero_personne,
            titulaire: &mandat.titulaire,
            iban: &mandat.iban,
            bic: &mandat.bic,
            cree_le: &cree_le,
            texte_empreinte: &mandat.texte_empreinte,
            code_empreinte: &mandat.code_empreinte,
            code_expire_le: &mandat.code_expire_le,
            code_envoye_a: &courriel,
        },
    )?;
    courriels::mettre_en_file_code(db, numero_personne, PAGE, code, maintenant)?;
    Ok(montre)
}

/// A signature attempt's outcome: wrong codes are counted, so the caller commits either way.
#[derive(Debug)]
pub enum Signature {
    Signe(Box<MandatVue>),
    CodeFaux { restants: i64 },
}

/// Signs `rum` of `member` with `code`, as of `maintenant`. Call it in one transaction and
/// commit whatever it answers `Ok`.
pub fn signer(
    db: &Connection,
    member: &Member,
    rum: &str,
    code: &str,
    mutuelle: &str,
    maintenant: DateTime<Utc>,
) -> Result<Signature, ApiFailure> {
    let numero_personne = &member.person_number;
    let mandat = store::de_la_personne(db, numero_personne, rum)?
        .ok_or(ApiFailure::missing("Ce mandat n’est pas le vôtre ou n’existe pas."))?;
    if mandat.signe_le.is_some() {
        return Err(ApiFailure::conflict("Ce mandat est déjà signé."));
    }
    if mandat.essais >= ESSAIS_MAX {
        return Err(ApiFailure::unprocessable(
            "Trop de codes erronés pour ce mandat : recommencez pour recevoir un nouveau code.",
        ));
    }
    let maintenant_texte = horodatage(maintenant);
    if mandat.code_expire_le < maintenant_texte {
        return Err(ApiFailure::unprocessable(
            "Ce code a expiré : recommencez pour recevoir un nouveau code.",
        ));
    }
    let essaye = empreinte(&format!("{rum}:{}", code.trim()));
    if !bool::from(essaye.as_bytes().ct_eq(mandat.code_empreinte.as_bytes())) {
        store::essai_manque(db, mandat.id)?;
        return Ok(Signature::CodeFaux { restants: ESSAIS_MAX - mandat.essais - 1 });
    }
    // The account contributions are taken from, as the mandate names it.
    let compte = coordonnees_bancaires::verifier(CompteSaisi {
        id_beneficiaire: None,
        usage: "COTISATIONS".to_owned(),
        titulaire: Some(mandat.titulaire.clone()),
        iban: Some(mandat.iban.clone()),
        bic: Some(mandat.bic.clone()),
        domiciliation: None,
    })?;
    coordonnees_bancaires::enregistrer_dans(db, numero_personne, compte)?;
    let debut = today();
    let montre = vue(db, numero_personne, &mandat, mutuelle, &maintenant_texte)?;
    let signe_le = impression::moment(maintenant);
    let par = match member.delegation {
        Some(delegation) => format!("{numero_personne} (délégation n° {delegation})"),
        None => numero_personne.clone(),
    };
    let pdf = mandat_sepa(&MandatSigne {
        mutuelle: mutuelle.to_owned(),
        rum: mandat.rum.clone(),
        ics: ICS.to_owned(),
        creancier_adresse: ADRESSE_CREANCIER.to_owned(),
        debiteur: montre.debiteur.nom.clone(),
        debiteur_adresse: montre.debiteur.adresse.clone(),
        titulaire: mandat.titulaire.clone(),
        iban: iban_lisible(&mandat.iban),
        bic: mandat.bic.clone(),
        texte: montre.texte.clone(),
        signe_le: signe_le.clone(),
        debut: impression::date(debut),
        preuve: vec![
            ("Signataire (n° de personne)".to_owned(), par.clone()),
            ("Code envoyé à".to_owned(), masquer_courriel(&mandat.code_envoye_a)),
            ("Code envoyé le".to_owned(), mandat.cree_le.clone()),
            ("Code saisi le".to_owned(), maintenant_texte.clone()),
            ("Empreinte SHA-256 du mandat présenté".to_owned(), mandat.texte_empreinte.clone()),
            ("Empreinte SHA-256 du code".to_owned(), mandat.code_empreinte.clone()),
        ],
    });
    let nom = format!("mandat-sepa-{}.pdf", mandat.rum);
    let document = documents::inserer(
        db,
        &NouveauDocument {
            numero_personne,
            demande_id: None,
            nom_fichier: &nom,
            type_mime: "application/pdf",
            contenu: &pdf,
            date_depot: debut,
            nature: DOCUMENT_MUTUELLE,
            depose_le: Some(maintenant),
        },
    )?;
    envois::envoyer(db, numero_personne, document, Categorie::Courrier)?;
    if !store::signer(db, mandat.id, numero_personne, &maintenant_texte, &par, &debut.to_string(), document)?
    {
        return Err(ApiFailure::conflict("Ce mandat est déjà signé."));
    }
    let signe = store::de_la_personne(db, numero_personne, rum)?
        .ok_or_else(|| ApiFailure::internal(anyhow::anyhow!("a mandate just signed is gone")))?;
    Ok(Signature::Signe(Box::new(vue(db, numero_personne, &signe, mutuelle, &maintenant_texte)?)))
}

/// « FR76 3000 6000 0112 3456 7890 189 ».
fn iban_lisible(iban: &str) -> String {
    iban.as_bytes()
        .chunks(4)
        .map(|chunk| String::from_utf8_lossy(chunk).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The member's mandates, the latest first.
pub fn lister(
    db: &Connection,
    numero_personne: &str,
    mutuelle: &str,
    maintenant: DateTime<Utc>,
) -> Result<Vec<MandatVue>, ApiFailure> {
    let maintenant = horodatage(maintenant);
    store::du_membre(db, numero_personne)?
        .iter()
        .map(|mandat| Ok(vue(db, numero_personne, mandat, mutuelle, &maintenant)?))
        .collect()
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::member_api::store::comptes_bancaires;
    use crate::member_api::store::database::testing;

    const PAUL: &str = "100004";
    const JEAN: &str = "100002";

    fn maintenant() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 8, 9, 0, 0).unwrap()
    }

    fn compte(iban: &str) -> Compte {
        Compte {
            titulaire: Some("Paul DURAND".into()),
            iban: Some(iban.into()),
            bic: Some("AGRIFRPPXXX".into()),
        }
    }

    const IBAN: &str = "FR76 3000 6000 0112 3456 7890 189";
    const AUTRE_IBAN: &str = "FR1420041010050500013M02606";

    fn paul() -> Member {
        Member::own(PAUL.into(), None)
    }

    #[test]
    fn a_mandate_shows_both_parties_and_sends_its_code_to_the_address_on_file() {
        let (_dir, db) = testing::seeded(maintenant().date_naive());
        let mandat = preparer(&db, PAUL, compte(IBAN), "482913", "Mutuelle Cogévie", maintenant()).unwrap();
        assert_eq!(mandat.rum, "100004-20260308-01");
        assert_eq!(mandat.ics, "FR72ZZZ123456");
        assert_eq!(mandat.statut, "A_SIGNER");
        assert!(mandat.debiteur.nom.ends_with("Paul DURAND"), "{}", mandat.debiteur.nom);
        assert!(mandat.texte.contains("dans les 8 semaines"));
        assert!(mandat.code_envoye_a.contains("•••@"));
        let code: String = db
            .query_row("SELECT code FROM courriels WHERE nature = 'CODE_MANDAT'", [], |row| row.get(0))
            .unwrap();
        assert_eq!(code, "482913");
        let stored: String =
            db.query_row("SELECT code_empreinte FROM mandats_sepa", [], |row| row.get(0)).unwrap();
        assert!(!stored.contains("482913"), "only its fingerprint is kept");
    }

    #[test]
    fn the_right_code_signs_once_and_the_old_mandate_ends_the_day_the_new_one_starts() {
        let (_dir, db) = testing::seeded(maintenant().date_naive());
        let premier = preparer(&db, PAUL, compte(IBAN), "111111", "M", maintenant()).unwrap();
        let Signature::Signe(signe) =
            signer(&db, &paul(), &premier.rum, "111111", "M", maintenant()).unwrap()
        else {
            panic!("signed")
        };
        assert_eq!(signe.statut, "ACTIF");
        assert!(signe.document_id.is_some());
        let second = preparer(&db, PAUL, compte(AUTRE_IBAN), "222222", "M", maintenant()).unwrap();
        assert!(matches!(
            signer(&db, &paul(), &second.rum, "000000", "M", maintenant()).unwrap(),
            Signature::CodeFaux { restants: 4 }
        ));
        let Signature::Signe(_) = signer(&db, &paul(), &second.rum, "222222", "M", maintenant()).unwrap()
        else {
            panic!("signed")
        };
        let tous = lister(&db, PAUL, "M", maintenant()).unwrap();
        let statuts: Vec<_> = tous.iter().map(|m| (m.rum.as_str(), m.statut)).collect();
        assert_eq!(statuts, [("100004-20260308-02", "ACTIF"), ("100004-20260308-01", "TERMINE")]);
        assert_eq!(tous[1].fin, tous[0].debut, "the old one ends the day the new one starts");
        let principal = crate::member_api::store::beneficiaires::principal(&db, PAUL).unwrap().unwrap().0;
        let debite = comptes_bancaires::de(&db, principal, "COTISATIONS").unwrap().unwrap();
        assert!(debite.iban_masque.starts_with("FR14"), "{}", debite.iban_masque);
        assert_eq!(
            signer(&db, &paul(), &second.rum, "222222", "M", maintenant()).unwrap_err().status().as_u16(),
            409
        );
    }

    #[test]
    fn a_code_expires_and_five_wrong_ones_end_the_attempt() {
        let (_dir, db) = testing::seeded(maintenant().date_naive());
        let mandat = preparer(&db, PAUL, compte(IBAN), "123456", "M", maintenant()).unwrap();
        let tard = maintenant() + Duration::minutes(11);
        assert_eq!(
            signer(&db, &paul(), &mandat.rum, "123456", "M", tard).unwrap_err().message(),
            "Ce code a expiré : recommencez pour recevoir un nouveau code."
        );
        for _ in 0..ESSAIS_MAX {
            signer(&db, &paul(), &mandat.rum, "999999", "M", maintenant()).unwrap();
        }
        assert_eq!(
            signer(&db, &paul(), &mandat.rum, "123456", "M", maintenant()).unwrap_err().status().as_u16(),
            422
        );
        let marie = Member::own("100001".into(), None);
        assert_eq!(
            signer(&db, &marie, &mandat.rum, "123456", "M", maintenant()).unwrap_err().status().as_u16(),
            404
        );
    }

    #[test]
    fn nobody_without_a_debited_contract_signs_a_mandate() {
        let (_dir, db) = testing::seeded(maintenant().date_naive());
        let refus = preparer(&db, JEAN, compte(IBAN), "1", "M", Utc::now()).unwrap_err();
        assert_eq!(refus.status().as_u16(), 422, "{}", refus.message());
    }
}
