//! A member's change of address (`PUT assure/adresse`): a French address whose commune is one
//! the postal code serves, spelt as the postal referential spells it.

use rusqlite::Connection;

use super::communes::{self, Commune};
use super::validation;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::store::adherents::{self, Adresse};

/// An address line: 38 characters at most (French postal standard NF Z10-011).
const LIGNE_ADRESSE: usize = 38;

/// The optional lines `infoASupprimer` may name, with their column.
pub const LIGNES_FACULTATIVES: &[(&str, &str)] = &[
    ("complementDestinataire", "complement_destinataire"),
    ("complementAdresse", "complement_adresse"),
    ("lieuDit", "lieu_dit"),
];

/// The address as the member sent it.
pub struct AdresseSaisie {
    pub numero_et_voie: Option<String>,
    pub complement_destinataire: Option<String>,
    pub complement_adresse: Option<String>,
    pub lieu_dit: Option<String>,
    pub code_postal: Option<String>,
    pub commune: Option<String>,
    pub pays: Option<String>,
}

/// An address the mutual accepts, with the optional lines to write and those to erase.
pub struct NouvelleAdresse {
    numero_et_voie: String,
    code_postal: String,
    commune: String,
    facultatives: [Option<String>; LIGNES_FACULTATIVES.len()],
    a_supprimer: [bool; LIGNES_FACULTATIVES.len()],
}

/// The address sent, checked; `info_a_supprimer` names the optional lines to erase. An
/// optional line left out keeps its value unless it is listed for removal.
pub fn verifier(saisie: &AdresseSaisie, info_a_supprimer: &[String]) -> Result<NouvelleAdresse, ApiFailure> {
    let numero_et_voie =
        validation::texte_requis(saisie.numero_et_voie.as_deref(), "Le numéro et la voie", LIGNE_ADRESSE)?;
    let pays = validation::texte_facultatif(saisie.pays.as_deref(), "Le pays", LIGNE_ADRESSE)?;
    if pays.is_some_and(|pays| !pays.eq_ignore_ascii_case("FRANCE")) {
        return Err(ApiFailure::bad_request(
            "Seule une adresse en France peut être modifiée en ligne. Pour une adresse à l’étranger, envoyez-nous une demande.",
        ));
    }
    let code_postal = validation::code_postal(saisie.code_postal.as_deref().unwrap_or_default())?.to_owned();
    let commune = validation::texte_requis(saisie.commune.as_deref(), "La commune", LIGNE_ADRESSE)?;
    let commune = commune_du_code_postal(&code_postal, &commune)?;
    let facultatives = [
        validation::texte_facultatif(
            saisie.complement_destinataire.as_deref(),
            "Le complément destinataire",
            LIGNE_ADRESSE,
        )?,
        validation::texte_facultatif(
            saisie.complement_adresse.as_deref(),
            "Le complément d’adresse",
            LIGNE_ADRESSE,
        )?,
        validation::texte_facultatif(saisie.lieu_dit.as_deref(), "Le lieu-dit", LIGNE_ADRESSE)?,
    ];
    let mut a_supprimer = [false; LIGNES_FACULTATIVES.len()];
    for nom in info_a_supprimer {
        let index = LIGNES_FACULTATIVES.iter().position(|(champ, _)| champ == nom).ok_or_else(|| {
            ApiFailure::bad_request(format!(
                "« {nom} » ne peut pas être supprimé : seuls complementDestinataire, complementAdresse et lieuDit le peuvent."
            ))
        })?;
        if facultatives[index].is_some() {
            return Err(ApiFailure::unprocessable(format!(
                "« {nom} » est à la fois renseigné et à supprimer."
            )));
        }
        a_supprimer[index] = true;
    }
    Ok(NouvelleAdresse { numero_et_voie, code_postal, commune, facultatives, a_supprimer })
}

/// Writes the member's new address, in one transaction, and reads it back.
pub fn enregistrer(
    db: &mut Connection,
    numero_personne: &str,
    adresse: NouvelleAdresse,
) -> Result<Adresse, ApiFailure> {
    let NouvelleAdresse { numero_et_voie, code_postal, commune, facultatives, a_supprimer } = adresse;
    let tx = db.transaction()?;
    adherents::changer_adresse(&tx, numero_personne, (&numero_et_voie, &code_postal, &commune), today())?;
    for (((_, column), valeur), supprimer) in LIGNES_FACULTATIVES.iter().zip(facultatives).zip(a_supprimer) {
        if valeur.is_some() || supprimer {
            adherents::changer_ligne_adresse(&tx, numero_personne, column, valeur.as_deref())?;
        }
    }
    let adresse = Adresse::read(&tx, numero_personne)?;
    tx.commit()?;
    Ok(adresse)
}

/// The commune the postal code serves that the member typed, found as La Poste's address check
/// would (by its name or delivery name, whatever the accents, case, hyphens or apostrophes),
/// and spelt as the postal referential spells it, never as typed: its delivery name when that
/// is what was typed, else its name in upper case ("CULOZ-BÉON", delivered as "BEON"). What
/// is stored and printed is then only ever a known commune.
fn commune_du_code_postal(code_postal: &str, commune: &str) -> Result<String, ApiFailure> {
    let servies = communes_de(code_postal);
    if servies.is_empty() {
        return Err(ApiFailure::unprocessable(format!("Le code postal {code_postal} n’existe pas.")));
    }
    let saisie = comparable(commune);
    let par_acheminement = servies
        .iter()
        .find(|servie| comparable(&servie.libelle_acheminement) == saisie)
        .map(|servie| servie.libelle_acheminement.clone());
    let par_nom = || {
        servies
            .iter()
            .find(|servie| comparable(&servie.nom_commune) == saisie)
            .map(|servie: &Commune| servie.nom_commune.to_uppercase())
    };
    par_acheminement.or_else(par_nom).ok_or_else(|| {
        ApiFailure::unprocessable(format!(
            "La commune « {commune} » ne correspond pas au code postal {code_postal}."
        ))
    })
}

/// "Saint-Denis-lès-Bourg" and "ST DENIS LES BOURG" alike: ASCII, upper case, words only, and
/// "ST"/"STE" read as "SAINT"/"SAINTE" as on La Poste's delivery names.
fn comparable(name: &str) -> String {
    deunicode::deunicode(name)
        .to_uppercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(|word| match word {
            "ST" => "SAINT",
            "STE" => "SAINTE",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The communes of a postal code already checked by [`validation::code_postal`], whose rule
/// is the dataset's own: the lookup cannot refuse it.
pub fn communes_de(code_postal: &str) -> Vec<Commune> {
    communes::lookup(code_postal).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commune_is_kept_as_the_referential_spells_it_not_as_typed() {
        for (code_postal, typed, stored) in [
            ("75011", "paris", "PARIS"),
            ("75011", "PA\u{ad}RIS\u{2060}", "PARIS"),
            ("01000", "st denis les bourg", "SAINT-DENIS-LES-BOURG"),
            ("54490", "Preutin Higny", "PREUTIN-HIGNY"),
            ("01350", "Culoz Beon", "CULOZ-BÉON"),
        ] {
            assert_eq!(commune_du_code_postal(code_postal, typed).unwrap(), stored, "{typed:?}");
        }
    }
}
