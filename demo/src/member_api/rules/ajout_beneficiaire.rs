//! Adding someone to the member's individual contract (`document/ajoutBeneficiaire`, TypeCode
//! ABE): a spouse or partner, a child, or a newborn. The member asks and the mutual decides in
//! its back office; every rule is checked here, the portal's form only previews them.
//!
//! A newborn declared within 3 months of the birth is covered from the birth, which lets the
//! parents declare it once home from the maternity; later it joins as any child, from the
//! first day of the next month, like a spouse.

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use rusqlite::{Connection, Transaction};

use super::demandes::{self, ETATS_TERMINES, NouvelleDemande, de_l_adherent};
use super::membre::Member;
use super::messages::REPONSE_MAX;
use super::noemie::NON_RACCORDE;
use super::types_demande::{self, AJOUT_BENEFICIAIRE};
use super::validation;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::mail::evenements::{Evenement, publier};
use crate::member_api::pdf::impression;
use crate::member_api::store::adherents;
use crate::member_api::store::beneficiaires::{self, NouveauBeneficiaire};
use crate::member_api::store::contrats::{self, Contrat};
use crate::member_api::store::demandes::{self as requetes, Demande, ajouts_en_attente};
use crate::member_api::store::formulaires::{AjoutBeneficiaire, Civilite, Decision, Dossier, Lien};
use crate::member_api::store::messages::{self, MUTUELLE};

/// How long after the birth a newborn is covered from the birth.
const DELAI_NOUVEAU_NE: Months = Months::new(3);
/// The oldest birth date taken: beyond, it is a typing mistake.
const ANCIENNETE_MAXIMUM: Months = Months::new(120 * 12);
/// Marriage and PACS are for adults.
const AGE_MINIMUM_CONJOINT: u32 = 18;
/// The people one contract covers at most, pending requests included: what a member can grow
/// has a bound.
const PERSONNES_MAX: usize = 12;
const NOM_MAX: usize = 60;
const COMMENTAIRE_MAX: usize = 1000;
/// The subject of a newborn's declaration; the type's own (« Ajout d’un bénéficiaire ») for the rest.
const OBJET_NAISSANCE: &str = "Déclaration de naissance";

/// When a person asked for on `aujourdhui` would be covered, or the rule that refuses it.
pub fn date_effet_prevue(
    lien: Lien,
    naissance: NaiveDate,
    aujourdhui: NaiveDate,
    age_limite_enfant: u32,
) -> Result<NaiveDate, ApiFailure> {
    if naissance > aujourdhui {
        return Err(ApiFailure::unprocessable(
            "La date de naissance ne peut pas être postérieure à aujourd’hui.",
        ));
    }
    let plus_ancienne = aujourdhui.checked_sub_months(ANCIENNETE_MAXIMUM).unwrap_or(NaiveDate::MIN);
    if naissance < plus_ancienne {
        return Err(ApiFailure::unprocessable(format!(
            "La date de naissance ne peut pas être antérieure au {}.",
            impression::date(plus_ancienne)
        )));
    }
    let mois_suivant = premier_du_mois_suivant(aujourdhui);
    let age = |le: NaiveDate| le.years_since(naissance).unwrap_or(0);
    match lien {
        Lien::NouveauNe
            if aujourdhui.checked_sub_months(DELAI_NOUVEAU_NE).is_none_or(|depuis| naissance >= depuis) =>
        {
            Ok(naissance)
        }
        Lien::NouveauNe => Err(ApiFailure::unprocessable(
            "Votre enfant est né il y a plus de 3 mois : déclarez-le comme enfant. Il sera couvert à partir du premier jour du mois suivant votre demande.",
        )),
        Lien::Enfant if age(mois_suivant) >= age_limite_enfant => Err(ApiFailure::unprocessable(format!(
            "Votre contrat couvre les enfants jusqu’à leurs {age_limite_enfant} ans : au-delà, votre enfant peut adhérer à son propre contrat."
        ))),
        Lien::Conjoint if age(aujourdhui) < AGE_MINIMUM_CONJOINT => Err(ApiFailure::unprocessable(format!(
            "Votre conjoint ou partenaire doit avoir au moins {AGE_MINIMUM_CONJOINT} ans."
        ))),
        Lien::Enfant | Lien::Conjoint => Ok(mois_suivant),
    }
}

fn premier_du_mois_suivant(jour: NaiveDate) -> NaiveDate {
    let premier = jour.with_day(1).expect("the first of a month exists");
    premier.checked_add_months(Months::new(1)).unwrap_or(NaiveDate::MAX)
}

/// A social security number (NIR): 13 characters for the person, whose department is 2A or
/// 2B in Corsica, then a key of 97 minus the number modulo 97, where the INSEE rule reads 2A
/// as 19 and 2B as 18. White space is ignored; it is kept as a Vitale card prints it.
pub fn numero_securite_sociale(value: &str) -> Result<String, ApiFailure> {
    // Read by characters, never by byte offsets: a member may type any letter anywhere.
    let nir: Vec<char> =
        value.chars().filter(|c| !c.is_whitespace()).map(|c| c.to_ascii_uppercase()).collect();
    let partie = |debut: usize, fin: usize| nir[debut..fin].iter().collect::<String>();
    let chiffres = |part: &[char]| part.iter().all(char::is_ascii_digit);
    let bien_forme = nir.len() == 15
        && chiffres(&nir[..5])
        && (chiffres(&nir[5..7]) || matches!(partie(5, 7).as_str(), "2A" | "2B"))
        && chiffres(&nir[7..]);
    if !bien_forme {
        return Err(ApiFailure::bad_request(
            "Le numéro de sécurité sociale comporte 15 caractères : 13 chiffres (2A ou 2B pour un département de Corse) et une clé de 2 chiffres.",
        ));
    }
    let departement = match partie(5, 7).as_str() {
        "2A" => "19".to_owned(),
        "2B" => "18".to_owned(),
        chiffres => chiffres.to_owned(),
    };
    let nombre: u64 = format!("{}{departement}{}", partie(0, 5), partie(7, 13)).parse().expect("13 digits");
    let cle: u64 = partie(13, 15).parse().expect("2 digits");
    if 97 - nombre % 97 != cle {
        return Err(ApiFailure::unprocessable(
            "La clé du numéro de sécurité sociale (ses 2 derniers chiffres) ne correspond pas au numéro : vérifiez-le sur la carte Vitale ou l’attestation de droits.",
        ));
    }
    Ok([(0, 1), (1, 3), (3, 5), (5, 7), (7, 10), (10, 13), (13, 15)]
        .map(|(debut, fin)| partie(debut, fin))
        .join(" "))
}

/// Someone the member's contracts cover, or a pending request would add.
#[derive(Debug, Clone)]
pub struct Personne {
    /// ASSURE_PRINCIPAL, CONJOINT or ENFANT.
    pub lien: String,
    pub prenom: String,
    pub date_naissance: NaiveDate,
    pub en_attente: bool,
}

/// The household can take the person: not there already (first name and birth date, compared
/// in their canonical form), nor asked for; one spouse only; and within its bound.
pub fn verifier_foyer(
    lien: Lien,
    prenom: &str,
    naissance: NaiveDate,
    foyer: &[Personne],
) -> Result<(), ApiFailure> {
    let prenom = validation::canonique(prenom);
    if let Some(meme) = foyer.iter().find(|personne| {
        personne.date_naissance == naissance && validation::canonique(&personne.prenom) == prenom
    }) {
        return Err(ApiFailure::conflict(if meme.en_attente {
            "Une demande d’ajout de cette personne est déjà en cours."
        } else {
            "Cette personne est déjà couverte par votre contrat."
        }));
    }
    if lien == Lien::Conjoint
        && let Some(conjoint) = foyer.iter().find(|personne| personne.lien == "CONJOINT")
    {
        return Err(ApiFailure::conflict(if conjoint.en_attente {
            "Une demande d’ajout d’un conjoint est déjà en cours : votre contrat ne peut couvrir qu’un conjoint."
        } else {
            "Votre contrat couvre déjà un conjoint : il ne peut en couvrir qu’un."
        }));
    }
    if foyer.len() >= PERSONNES_MAX {
        return Err(ApiFailure::conflict(format!(
            "Votre contrat ne peut couvrir plus de {PERSONNES_MAX} personnes, demandes en cours comprises."
        )));
    }
    Ok(())
}

/// The people the member's contracts cover, and those their pending requests would add.
fn foyer(db: &Connection, numero: &str) -> Result<Vec<Personne>, ApiFailure> {
    let mut personnes: Vec<Personne> = beneficiaires::du_foyer(db, numero)?
        .into_iter()
        .map(|(lien, prenom, date_naissance)| Personne { lien, prenom, date_naissance, en_attente: false })
        .collect();
    for ajout in ajouts_en_attente(db, numero, AJOUT_BENEFICIAIRE, ETATS_TERMINES)? {
        personnes.push(Personne {
            lien: ajout.lien.du_beneficiaire().to_owned(),
            prenom: ajout.prenom,
            date_naissance: ajout.date_naissance,
            en_attente: true,
        });
    }
    Ok(personnes)
}

/// The member's individual contract in force, and the age up to which it covers a child: the
/// only kind a member changes online (a collective one is the employer's, and a broker's member
/// has the broker add dependants).
fn contrat_individuel(
    db: &Connection,
    numero: &str,
    aujourdhui: NaiveDate,
) -> Result<(i64, u32), ApiFailure> {
    let courtier = adherents::courtier(db, numero)?;
    if let Some(courtier) = courtier {
        return Err(ApiFailure::unprocessable(format!(
            "Votre courtier, {courtier}, gère l’affiliation de vos ayants droit : adressez-lui votre demande d’ajout d’un bénéficiaire."
        )));
    }
    let contrats = Contrat::all(db, numero)?;
    if let Some(dernier) = Contrat::fin_de_couverture(&contrats, aujourdhui) {
        return Err(ApiFailure::unprocessable(format!(
            "Votre contrat {} a pris fin le {} : il ne peut plus couvrir de nouveau bénéficiaire.",
            dernier.numero_contrat,
            dernier.date_fin.map(impression::date).unwrap_or_default()
        )));
    }
    if !contrats.iter().any(|contrat| contrat.statut(aujourdhui) == "ACTIF")
        && let Some(a_venir) = contrats.iter().find(|contrat| contrat.statut(aujourdhui) == "A_VENIR")
    {
        return Err(ApiFailure::unprocessable(format!(
            "Votre contrat {} prend effet le {} : vous pourrez y ajouter un bénéficiaire à partir de cette date.",
            a_venir.numero_contrat,
            impression::date(a_venir.date_debut)
        )));
    }
    let contrat = contrats
        .into_iter()
        .find(|contrat| contrat.type_contrat == "INDIVIDUEL" && contrat.statut(aujourdhui) == "ACTIF")
        .ok_or_else(|| {
            ApiFailure::unprocessable(
                "Seul un contrat individuel en cours permet d’ajouter un bénéficiaire en ligne. Pour un contrat collectif, adressez-vous à votre employeur.",
            )
        })?;
    let age_limite = contrats::age_limite_enfant(db, contrat.id)?;
    Ok((contrat.id, age_limite))
}

/// What the member sends. Who asks is the token's member; the start date is the mutual's.
pub struct Saisie {
    pub lien: Lien,
    pub civilite: Civilite,
    pub prenom: String,
    pub nom: String,
    pub date_naissance: NaiveDate,
    pub numero_securite_sociale: Option<String>,
    pub commentaire: Option<String>,
    pub id_documents: Vec<i64>,
}

/// The request checked, with the person it is for.
pub struct DemandeAjout {
    nouvelle: NouvelleDemande,
    lien: Lien,
    civilite: Civilite,
    prenom: String,
    nom: String,
    naissance: NaiveDate,
    numero: Option<String>,
}

pub fn demande(saisie: Saisie) -> Result<DemandeAjout, ApiFailure> {
    let lien = saisie.lien;
    let prenom = validation::texte_requis(Some(&saisie.prenom), "Le prénom", NOM_MAX)?;
    let nom = validation::texte_requis(Some(&saisie.nom), "Le nom", NOM_MAX)?;
    let commentaire =
        validation::texte_multiligne(saisie.commentaire.as_deref(), "Le commentaire", COMMENTAIRE_MAX)?;
    let numero = saisie.numero_securite_sociale.as_deref().map(numero_securite_sociale).transpose()?;
    if saisie.id_documents.is_empty() {
        return Err(ApiFailure::bad_request(match lien {
            Lien::Conjoint => "Joignez l’attestation de droits à l’assurance maladie de votre conjoint.",
            Lien::Enfant | Lien::NouveauNe => "Joignez l’acte de naissance de votre enfant.",
        }));
    }
    if numero.is_none() && lien == Lien::Conjoint {
        return Err(ApiFailure::unprocessable(
            "Indiquez le numéro de sécurité sociale de votre conjoint : seul un enfant peut être rattaché au vôtre.",
        ));
    }
    let type_demande = types_demande::par_type(AJOUT_BENEFICIAIRE).expect("a known type");
    let mut nouvelle = NouvelleDemande::new(type_demande, commentaire.as_deref(), None, saisie.id_documents)?;
    if lien == Lien::NouveauNe {
        OBJET_NAISSANCE.clone_into(&mut nouvelle.objet);
    }
    let (civilite, naissance) = (saisie.civilite, saisie.date_naissance);
    Ok(DemandeAjout { nouvelle, lien, civilite, prenom, nom, naissance, numero })
}

/// Writes the request, once the member's contract and household are found to take the person.
pub fn enregistrer(
    db: &mut Connection,
    member: &Member,
    demande: DemandeAjout,
) -> Result<Demande, ApiFailure> {
    let DemandeAjout { nouvelle, lien, civilite, prenom, nom, naissance, numero } = demande;
    demandes::enregistrer(
        db,
        member,
        nouvelle,
        move |tx, member, nouvelle| {
            let aujourdhui = today();
            let (contrat_id, age_limite) = contrat_individuel(tx, &member.person_number, aujourdhui)?;
            let date_effet_prevue = date_effet_prevue(lien, naissance, aujourdhui, age_limite)?;
            verifier_foyer(lien, &prenom, naissance, &foyer(tx, &member.person_number)?)?;
            nouvelle.ajout_beneficiaire = Some(Dossier {
                ajout: AjoutBeneficiaire {
                    lien,
                    prenom,
                    nom,
                    date_naissance: naissance,
                    date_effet_prevue,
                    decision: None,
                },
                civilite,
                numero_securite_sociale: numero,
                contrat_id,
            });
            Ok(())
        },
        |_, _, _, ()| Ok(()),
    )
}

/// Creates the beneficiary the mutual accepted, covered by the contract from `date_effet`, and
/// returns its id. The Sécurité sociale is not linked yet (NOEMIE): that is asked once they are
/// covered. A child attached to the member's number takes it, with the rank of birth that
/// tells twins apart.
pub fn creer_beneficiaire(tx: &Transaction, numero: &str, dossier: &Dossier) -> rusqlite::Result<i64> {
    let (numero_principal, caisse) = beneficiaires::nir_et_caisse_du_principal(tx, numero)?;
    let nir = dossier.numero_securite_sociale.clone().unwrap_or(numero_principal);
    let rang = beneficiaires::rang_de_naissance(tx, numero, &nir, dossier.ajout.date_naissance)?;
    let id = beneficiaires::inserer(
        tx,
        &NouveauBeneficiaire {
            numero_personne: numero,
            lien: dossier.ajout.lien.du_beneficiaire(),
            prenom: &dossier.ajout.prenom,
            nom: &dossier.ajout.nom,
            date_naissance: dossier.ajout.date_naissance,
            numero_securite_sociale: &nir,
            rang_naissance: rang,
            caisse: &caisse,
            statut_noemie: NON_RACCORDE,
        },
    )?;
    contrats::couvrir(tx, dossier.contrat_id, id)?;
    Ok(id)
}

/// What the operator decides on a request to add a beneficiary, with the words of the back office.
pub const DECISIONS: [(&str, &str); 2] = [
    ("ACCEPTER", "Accepter : la personne est ajoutée au contrat"),
    ("REFUSER", "Refuser : l’adhérent lit le motif"),
];

/// A decision on a request of another kind: the page decides nothing there.
const PAS_UN_AJOUT: &str = "Cette demande n’est pas un ajout de bénéficiaire : il n’y a rien à décider.";

/// The mutual's « Décider » of a request to add a beneficiary, as its operator typed it: the
/// start date when accepted, the reason when refused.
pub struct SaisieDecision<'a> {
    pub decision: &'a str,
    pub date_effet: &'a str,
    pub motif: &'a str,
}

/// The start date the operator typed: `YYYY-MM-DD`, not before the birth, and within a year
/// of today (beyond, it is a typing mistake).
fn date_effet(texte: &str, naissance: NaiveDate, aujourdhui: NaiveDate) -> Result<NaiveDate, ApiFailure> {
    let texte = texte.trim();
    if texte.is_empty() {
        return Err(ApiFailure::bad_request("Indiquez la date d’effet de l’ajout."));
    }
    let date = NaiveDate::parse_from_str(texte, "%Y-%m-%d")
        .map_err(|_| ApiFailure::bad_request("La date d’effet doit être une date au format AAAA-MM-JJ."))?;
    if date < naissance {
        return Err(ApiFailure::unprocessable("La date d’effet ne peut pas être antérieure à la naissance."));
    }
    let un_an = Months::new(12);
    let (debut, fin) = (aujourdhui - un_an, aujourdhui + un_an);
    if !(debut..=fin).contains(&date) {
        return Err(ApiFailure::unprocessable(format!(
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
pub fn decider(
    tx: &Transaction,
    numero: &str,
    id: i64,
    saisie: &SaisieDecision<'_>,
    maintenant: DateTime<Utc>,
) -> Result<(), ApiFailure> {
    de_l_adherent(tx, numero, id)?;
    let mut dossier = requetes::ajout_beneficiaire(tx, id)?.ok_or(ApiFailure::missing(PAS_UN_AJOUT))?;
    if dossier.ajout.decision.is_some() {
        return Err(ApiFailure::conflict("Cette demande a déjà reçu sa décision."));
    }
    let aujourdhui = today();
    let personne = format!("{} {}", dossier.ajout.prenom, dossier.ajout.nom);
    let (decision, texte) = match saisie.decision {
        "ACCEPTER" => {
            let date = date_effet(saisie.date_effet, dossier.ajout.date_naissance, aujourdhui)?;
            creer_beneficiaire(tx, numero, &dossier)?;
            let couvert = if dossier.civilite == Civilite::Madame { "couverte" } else { "couvert" };
            let texte = format!(
                "Votre demande est acceptée : {personne} est {couvert} par votre contrat à partir du {}.",
                impression::date(date)
            );
            (Decision { accepte: true, date_effet: Some(date), motif: None }, texte)
        }
        "REFUSER" => {
            let motif = validation::texte_multiligne(Some(saisie.motif), "Le motif du refus", REPONSE_MAX)?
                .ok_or_else(|| {
                ApiFailure::bad_request("Indiquez le motif du refus : l’adhérent le lira.")
            })?;
            let texte = format!("Votre demande d’ajout de {personne} n’est pas acceptée : {motif}");
            (Decision { accepte: false, date_effet: None, motif: Some(motif) }, texte)
        }
        _ => return Err(ApiFailure::bad_request("Choisissez d’accepter ou de refuser l’ajout.")),
    };
    dossier.ajout.decision = Some(decision);
    messages::inserer(tx, id, MUTUELLE, &texte, maintenant, false)?;
    requetes::decider_ajout(tx, id, ETATS_TERMINES[0], aujourdhui, &dossier)?;
    publier(
        tx,
        numero,
        &Evenement::StatutDemande { demande_id: id, etat: ETATS_TERMINES[0].to_owned() },
        maintenant,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use actix_web::ResponseError as _;

    use super::*;

    fn jour(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    const AUJOURDHUI: &str = "2026-11-22";

    fn effet(lien: Lien, naissance: &str) -> Result<NaiveDate, String> {
        date_effet_prevue(lien, jour(naissance), jour(AUJOURDHUI), 26).map_err(|e| e.message().to_owned())
    }

    #[test]
    fn a_newborn_declared_within_three_months_is_covered_from_birth() {
        assert_eq!(effet(Lien::NouveauNe, "2026-11-20"), Ok(jour("2026-11-20")));
        assert_eq!(effet(Lien::NouveauNe, "2026-08-22"), Ok(jour("2026-08-22")), "three months to the day");
        assert_eq!(effet(Lien::NouveauNe, AUJOURDHUI), Ok(jour(AUJOURDHUI)), "born today");
    }

    #[test]
    fn a_newborn_past_three_months_is_refused_and_told_to_declare_a_child() {
        assert_eq!(
            effet(Lien::NouveauNe, "2026-08-21"),
            Err("Votre enfant est né il y a plus de 3 mois : déclarez-le comme enfant. Il sera couvert à partir du premier jour du mois suivant votre demande.".to_owned())
        );
        assert_eq!(effet(Lien::Enfant, "2026-08-21"), Ok(jour("2026-12-01")), "as a child, from next month");
    }

    #[test]
    fn a_child_or_spouse_is_covered_from_the_first_day_of_next_month() {
        assert_eq!(effet(Lien::Enfant, "2015-04-02"), Ok(jour("2026-12-01")));
        assert_eq!(effet(Lien::Conjoint, "1985-06-30"), Ok(jour("2026-12-01")));
        let fin_d_annee = date_effet_prevue(Lien::Enfant, jour("2010-01-01"), jour("2026-12-31"), 26);
        assert_eq!(fin_d_annee.ok(), Some(jour("2027-01-01")), "into the next year");
    }

    #[test]
    fn a_child_who_reaches_the_contract_s_age_limit_by_the_start_date_is_refused() {
        assert_eq!(effet(Lien::Enfant, "2000-12-02"), Ok(jour("2026-12-01")), "25 on the start date");
        let refus = "Votre contrat couvre les enfants jusqu’à leurs 26 ans : au-delà, votre enfant peut adhérer à son propre contrat.";
        assert_eq!(effet(Lien::Enfant, "2000-12-01"), Err(refus.to_owned()), "26 on the start date");
        let limite_18 = date_effet_prevue(Lien::Enfant, jour("2008-06-01"), jour(AUJOURDHUI), 18);
        assert_eq!(
            limite_18.unwrap_err().message(),
            "Votre contrat couvre les enfants jusqu’à leurs 18 ans : au-delà, votre enfant peut adhérer à son propre contrat."
        );
    }

    #[test]
    fn birth_dates_to_come_or_out_of_range_are_refused() {
        assert_eq!(
            effet(Lien::NouveauNe, "2026-11-23"),
            Err("La date de naissance ne peut pas être postérieure à aujourd’hui.".to_owned())
        );
        assert_eq!(
            effet(Lien::Conjoint, "1906-11-21"),
            Err("La date de naissance ne peut pas être antérieure au 22/11/1906.".to_owned())
        );
        assert_eq!(
            effet(Lien::Conjoint, "2010-01-01"),
            Err("Votre conjoint ou partenaire doit avoir au moins 18 ans.".to_owned())
        );
    }

    fn personne(lien: &str, prenom: &str, naissance: &str, en_attente: bool) -> Personne {
        Personne {
            lien: lien.to_owned(),
            prenom: prenom.to_owned(),
            date_naissance: jour(naissance),
            en_attente,
        }
    }

    fn foyer_de_marie() -> Vec<Personne> {
        vec![
            personne("ASSURE_PRINCIPAL", "Marie", "1984-03-12", false),
            personne("CONJOINT", "Thomas", "1982-07-25", false),
            personne("ENFANT", "Emma", "2012-05-03", false),
            personne("ENFANT", "Léo", "2026-11-01", true),
        ]
    }

    fn foyer(lien: Lien, prenom: &str, naissance: &str, foyer: &[Personne]) -> Result<(), String> {
        verifier_foyer(lien, prenom, jour(naissance), foyer).map_err(|e| e.message().to_owned())
    }

    #[test]
    fn a_contract_covers_one_spouse_only() {
        assert_eq!(
            foyer(Lien::Conjoint, "Julie", "1986-02-02", &foyer_de_marie()),
            Err("Votre contrat couvre déjà un conjoint : il ne peut en couvrir qu’un.".to_owned())
        );
        let en_attente = vec![personne("CONJOINT", "Julie", "1986-02-02", true)];
        assert_eq!(
            foyer(Lien::Conjoint, "Karim", "1980-01-01", &en_attente),
            Err("Une demande d’ajout d’un conjoint est déjà en cours : votre contrat ne peut couvrir qu’un conjoint.".to_owned())
        );
        assert_eq!(foyer(Lien::Enfant, "Julie", "2020-02-02", &foyer_de_marie()), Ok(()));
    }

    #[test]
    fn the_same_person_is_found_whatever_the_case_spaces_or_accents_composition() {
        assert_eq!(
            foyer(Lien::Enfant, "  EMMA ", "2012-05-03", &foyer_de_marie()),
            Err("Cette personne est déjà couverte par votre contrat.".to_owned())
        );
        assert_eq!(
            foyer(Lien::NouveauNe, "LE\u{301}O", "2026-11-01", &foyer_de_marie()),
            Err("Une demande d’ajout de cette personne est déjà en cours.".to_owned())
        );
        assert_eq!(
            foyer(Lien::Enfant, "Emma", "2012-05-04", &foyer_de_marie()),
            Ok(()),
            "another birth date"
        );
    }

    #[test]
    fn a_household_has_a_bound() {
        let plein: Vec<Personne> = (0..PERSONNES_MAX)
            .map(|rang| personne("ENFANT", &format!("Enfant {rang}"), "2010-01-01", false))
            .collect();
        assert_eq!(
            foyer(Lien::Enfant, "Un de plus", "2011-01-01", &plein),
            Err("Votre contrat ne peut couvrir plus de 12 personnes, demandes en cours comprises.".to_owned())
        );
    }

    #[test]
    fn a_social_security_number_s_key_is_checked() {
        // Marie's, as the seed prints it: 2 84 03 75 111 042 + key.
        let cle = 97 - 2_840_375_111_042_u64 % 97;
        let nir = format!("2840375111042{cle:02}");
        assert_eq!(numero_securite_sociale(&nir).unwrap(), format!("2 84 03 75 111 042 {cle:02}"));
        assert_eq!(
            numero_securite_sociale(&format!(" 2 84 03 75 111 042 {cle:02} ")).unwrap(),
            format!("2 84 03 75 111 042 {cle:02}")
        );
        let faux = format!("2840375111042{:02}", (cle % 97) + 1);
        let refus = numero_securite_sociale(&faux).unwrap_err();
        assert_eq!(refus.status_code(), actix_web::http::StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            refus.message(),
            "La clé du numéro de sécurité sociale (ses 2 derniers chiffres) ne correspond pas au numéro : vérifiez-le sur la carte Vitale ou l’attestation de droits."
        );
    }

    #[test]
    fn corsica_s_departments_count_as_19_and_18_in_the_key() {
        // Born in Ajaccio (2A004): the key is computed on 1 85 05 19 004 123.
        let cle_2a = 97 - 1_850_519_004_123_u64 % 97;
        assert_eq!(
            numero_securite_sociale(&format!("185052A004123{cle_2a:02}")).unwrap(),
            format!("1 85 05 2A 004 123 {cle_2a:02}")
        );
        let cle_2b = 97 - 2_920_118_033_045_u64 % 97;
        assert!(numero_securite_sociale(&format!("292012b033045{cle_2b:02}")).is_ok(), "lower case b");
        assert!(numero_securite_sociale(&format!("185052B004123{cle_2a:02}")).is_err(), "2B is not 2A");
    }

    #[test]
    fn a_malformed_social_security_number_is_a_bad_request() {
        for malforme in [
            "",
            "12345",
            "2840375111042567",
            "28403751110A256",
            "2840X75111042 56",
            "185052C00412312",
            // Fifteen bytes with a two-byte letter: fourteen characters, never sliced by bytes.
            "1234é123456789",
            "12345é123456789",
        ] {
            let refus = numero_securite_sociale(malforme).unwrap_err();
            assert_eq!(refus.status_code(), actix_web::http::StatusCode::BAD_REQUEST, "{malforme}");
            assert_eq!(
                refus.message(),
                "Le numéro de sécurité sociale comporte 15 caractères : 13 chiffres (2A ou 2B pour un département de Corse) et une clé de 2 chiffres."
            );
        }
    }

    #[test]
    fn a_start_date_is_not_before_the_birth_and_within_a_year_of_today() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        let naissance = NaiveDate::from_ymd_opt(2026, 11, 2).unwrap();
        assert_eq!(date_effet(" 2026-11-02 ", naissance, today).unwrap(), naissance);
        let message = |texte: &str| date_effet(texte, naissance, today).unwrap_err().message().to_owned();
        assert_eq!(message("2026-11-01"), "La date d’effet ne peut pas être antérieure à la naissance.");
        assert_eq!(
            message("2027-11-23"),
            "La date d’effet doit être comprise entre le 22/11/2025 et le 22/11/2027."
        );
        assert_eq!(message("02/11/2026"), "La date d’effet doit être une date au format AAAA-MM-JJ.");
        assert_eq!(message(""), "Indiquez la date d’effet de l’ajout.");
    }
}
