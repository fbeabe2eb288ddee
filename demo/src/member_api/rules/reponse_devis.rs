//! A quote sent to be answered in writing (`document/creationDevis`,
//! docs/product/member-api.md#quotes-answered-in-writing): its lines checked as the estimate
//! checks a quote, the quote itself attached, the mutual's answer computed at once
//! (`estimation::reponse`), kept with the request and printed as « Réponse à votre devis ».

use rusqlite::Connection;

use super::demandes::{self, NouvelleDemande};
use super::envois::{self, Categorie};
use super::estimation::devis::{self as estimation, situation};
use super::estimation::releves::Releves;
use super::estimation::reponse::{self, Ligne};
use super::estimation::soins::Soin;
use super::membre::Member;
use super::types_demande;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf::reponse_devis::{ReponseDevisImprimee, reponse_devis};
use crate::member_api::store::demandes::{self as demandes_store, Demande};
use crate::member_api::store::documents::{self, DOCUMENT_MUTUELLE, NouveauDocument};

/// A quote has at least one line, and at most this many.
pub const LIGNES_MAX: usize = 12;
/// A quote answered is done.
const ETAT_REPONDU: &str = "TERMINE";

/// What the member sends.
pub struct Saisie {
    pub id_beneficiaire: i64,
    pub lignes: Vec<(estimation::Saisie, Option<String>)>,
    pub commentaire: Option<String>,
    pub id_documents: Vec<i64>,
}

/// The quote, checked as far as it can be without the member's contracts.
pub struct DemandeDevis {
    nouvelle: NouvelleDemande,
    beneficiaire: i64,
    lignes: Vec<Ligne>,
}

pub fn verifier(saisie: Saisie) -> Result<DemandeDevis, ApiFailure> {
    if !(1..=LIGNES_MAX).contains(&saisie.lignes.len()) {
        return Err(ApiFailure::bad_request(format!("Un devis compte de 1 à {LIGNES_MAX} lignes.")));
    }
    let lignes = saisie
        .lignes
        .iter()
        .enumerate()
        .map(|(rang, (ligne, code))| {
            let de_la_ligne = |refus: ApiFailure| {
                ApiFailure::new(
                    refus.status(),
                    Some(format!("Ligne {} : {}", rang + 1, refus.message()).into()),
                )
            };
            if matches!(
                ligne.soin,
                Soin::HospitalisationChambreParticuliere | Soin::HospitalisationDepassements
            ) {
                return Err(de_la_ligne(ApiFailure::unprocessable(
                    "un séjour à l’hôpital se demande en prise en charge hospitalière, pas en devis.",
                )));
            }
            let devis = estimation::devis(ligne).map_err(de_la_ligne)?;
            let code = code_de_l_acte(code.as_deref()).map_err(de_la_ligne)?;
            Ok(Ligne { devis, code })
        })
        .collect::<Result<Vec<_>, ApiFailure>>()?;
    if saisie.id_documents.is_empty() {
        return Err(ApiFailure::unprocessable("Joignez le devis : la mutuelle y répond par écrit."));
    }
    let type_demande = types_demande::par_type("ENVOI_DE_DEVIS").expect("a known type");
    let nouvelle = NouvelleDemande::new(
        type_demande,
        saisie.commentaire.as_deref(),
        Some(saisie.id_beneficiaire),
        saisie.id_documents,
    )?;
    Ok(DemandeDevis { nouvelle, beneficiaire: saisie.id_beneficiaire, lignes })
}

/// The act's code as a quote prints it: CCAM (4 letters, 3 digits) or LPP (7 digits), in
/// capitals; blank is none.
fn code_de_l_acte(code: Option<&str>) -> Result<Option<String>, ApiFailure> {
    let Some(code) = code.map(str::trim).filter(|code| !code.is_empty()) else { return Ok(None) };
    let code = code.to_ascii_uppercase();
    let bytes = code.as_bytes();
    let ccam = bytes.len() == 7
        && bytes[..4].iter().all(u8::is_ascii_uppercase)
        && bytes[4..].iter().all(u8::is_ascii_digit);
    let lpp = bytes.len() == 7 && bytes.iter().all(u8::is_ascii_digit);
    if ccam || lpp {
        Ok(Some(code))
    } else {
        Err(ApiFailure::bad_request(
            "le code de l’acte a la forme d’un code CCAM (4 lettres et 3 chiffres) ou LPP (7 chiffres).",
        ))
    }
}

/// Writes the request with the mutual's answer, and its PDF among its documents.
pub fn enregistrer(
    db: &mut Connection,
    member: &Member,
    demande: DemandeDevis,
    mutuelle: String,
) -> Result<Demande, ApiFailure> {
    let DemandeDevis { nouvelle, beneficiaire, lignes } = demande;
    demandes::enregistrer(
        db,
        member,
        nouvelle,
        move |tx, member, nouvelle| {
            let aujourdhui = today();
            let (personne, situation) = situation(tx, member, beneficiaire, aujourdhui)?;
            let historique = Releves { db: tx, beneficiaire, jusqua: aujourdhui };
            let reponse =
                reponse::repondre(&lignes, &situation, &historique).map_err(|refus| match refus.numero {
                    0 => ApiFailure::internal(anyhow::anyhow!(refus.motif)),
                    numero => ApiFailure::unprocessable(format!("Ligne {numero} : {}", refus.motif)),
                })?;
            nouvelle.devis = Some(reponse);
            Ok(format!("{} {}", personne.prenom, personne.nom))
        },
        move |tx, member, id, patient| {
            let mut reponse = demandes_store::lire(tx, id)?.devis.expect("just written");
            let pdf = reponse_devis(&ReponseDevisImprimee {
                mutuelle: &mutuelle,
                numero_demande: id,
                numero_adherent: &member.person_number,
                patient: &patient,
                reponse: &reponse,
            });
            let document = documents::inserer(
                tx,
                &NouveauDocument {
                    numero_personne: &member.person_number,
                    demande_id: Some(id),
                    nom_fichier: &format!("reponse-devis-{id}.pdf"),
                    type_mime: "application/pdf",
                    contenu: &pdf,
                    date_depot: reponse.repondu_le,
                    nature: DOCUMENT_MUTUELLE,
                    depose_le: Some(chrono::Utc::now()),
                },
            )?;
            envois::envoyer(tx, &member.person_number, document, Categorie::Courrier)?;
            reponse.document_reponse = Some(document);
            demandes_store::changer_devis(tx, id, &reponse)?;
            demandes_store::changer_etat(tx, id, ETAT_REPONDU, reponse.repondu_le)?;
            Ok(())
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_acts_code_is_ccam_or_lpp_in_capitals_and_blank_is_none() {
        assert_eq!(code_de_l_acte(Some(" hbld036 ")).unwrap().as_deref(), Some("HBLD036"));
        assert_eq!(code_de_l_acte(Some("2203240")).unwrap().as_deref(), Some("2203240"));
        assert_eq!(code_de_l_acte(Some("  ")).unwrap(), None);
        for code in ["HBLD03", "HBL0036", "22032401", "HBLD03X"] {
            assert!(code_de_l_acte(Some(code)).is_err(), "{code}");
        }
    }
}
