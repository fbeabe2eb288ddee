//! The card as the wallets show it: the member API's `CarteTp`, the text of its 2D code, its
//! serial, and the card page's labels and forms of names and dates.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

/// What of the partner's brand a card in the wallet shows.
#[derive(Debug, Clone)]
pub struct Marque {
    pub nom: String,
    /// `#rgb` or `#rrggbb` (validated with `[brand]`).
    pub couleur: String,
}

impl Marque {
    /// The colour's red, green and blue.
    pub fn rgb(&self) -> (u8, u8, u8) {
        let hex = self.couleur.trim_start_matches('#');
        let channel = |text: &str| u8::from_str_radix(text, 16).unwrap_or(0);
        if hex.len() == 3 {
            let double = |index: usize| channel(&hex[index..=index].repeat(2));
            (double(0), double(1), double(2))
        } else if hex.len() == 6 {
            (channel(&hex[0..2]), channel(&hex[2..4]), channel(&hex[4..6]))
        } else {
            (11, 95, 165)
        }
    }
}

/// What the demo's cards say on their back, signed as they are with test material.
pub const DEMONSTRATION: &str =
    "Carte de démonstration : signée par un certificat de test, refusée par Apple Wallet";

/// A card as the member API gives it (`CarteTp`), as far as the wallet shows it: the social
/// security numbers are left out, as the card page leaves them out.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Carte {
    pub id: i64,
    pub periode: String,
    pub numero_amc: String,
    pub libelle_amc: String,
    pub type_convention: String,
    pub critere_aiguillage: String,
    pub numero_adherent: String,
    pub date_debut_validite: NaiveDate,
    pub date_fin_validite: NaiveDate,
    pub beneficiaires: Vec<Beneficiaire>,
    pub domaines: Vec<Domaine>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Beneficiaire {
    pub prenom: String,
    pub nom: String,
    pub date_naissance: NaiveDate,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
pub struct Domaine {
    pub code: String,
    pub libelle: String,
    pub taux: String,
}

impl Carte {
    /// What the card's 2D code carries, the same text as the card page draws (the front end's
    /// `carteTpCode`) and the PDF prints: the fields a professional keys in to bill the mutual,
    /// one `NAME:value` per line, dates as YYYYMMDD.
    pub fn code(&self) -> String {
        let compact = |date: NaiveDate| date.format("%Y%m%d");
        format!(
            "AMC:{}\nCONV:{}\nAIG:{}\nADH:{}\nVAL:{}-{}",
            self.numero_amc,
            self.type_convention,
            self.critere_aiguillage,
            self.numero_adherent,
            compact(self.date_debut_validite),
            compact(self.date_fin_validite)
        )
    }

    /// The pass's serial and the Google object's suffix: a hash of everything the card shows,
    /// so the same card always gets the same one, and a card that changed gets another.
    pub fn serial(&self) -> String {
        let shown = serde_json::to_vec(self).expect("a card serialises");
        let digest =
            Sha256::new_with_prefix(b"espace-assure carte-tp wallet\0").chain_update(shown).finalize();
        hex::encode(&digest[..16])
    }

    /// « Du 01/01/2026 au 31/12/2026 », as the card page says it.
    pub fn periode_de_validite(&self) -> String {
        format!("Du {} au {}", date(self.date_debut_validite), date(self.date_fin_validite))
    }

    /// Each person covered, as the card page's table shows them: « Marie DUPONT » and the date
    /// of birth.
    pub fn personnes(&self) -> Vec<(String, String)> {
        self.beneficiaires
            .iter()
            .map(|beneficiaire| {
                (display_name(&beneficiaire.prenom, &beneficiaire.nom), date(beneficiaire.date_naissance))
            })
            .collect()
    }

    /// The rights by domain, one a line: « PHAR (Pharmacie) : 100 % ».
    pub fn droits(&self) -> String {
        self.domaines
            .iter()
            .map(|domaine| format!("{} ({}) : {}", domaine.code, domaine.libelle, domaine.taux))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The labels of the card page's fields (`carte-tp.json`).
pub mod libelles {
    pub const CARTE: &str = "Carte de tiers payant";
    pub const NUMERO_AMC: &str = "Numéro AMC";
    pub const TYPE_CONVENTION: &str = "Type de convention";
    pub const CRITERE_AIGUILLAGE: &str = "Critère secondaire de routage";
    pub const NUMERO_ADHERENT: &str = "Numéro d’adhérent";
    pub const VALIDITE: &str = "Période de validité";
    pub const BENEFICIAIRE: &str = "Bénéficiaire";
    pub const DOMAINES: &str = "Tiers payant par domaine";
}

/// dd/MM/yyyy.
pub fn date(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

/// The front end's `memberDisplayName` without a civility: « Marie DUPONT ».
fn display_name(prenom: &str, nom: &str) -> String {
    let prenom = prenom
        .trim()
        .split_inclusive([' ', '-', '\'', '’'])
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars.flat_map(char::to_lowercase)).collect()
            })
        })
        .collect::<String>();
    [prenom, nom.trim().to_uppercase()]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The card in force (`EN_COURS`) among the member API's answer.
pub fn en_cours(cartes: Vec<Carte>) -> Option<Carte> {
    cartes.into_iter().find(|carte| carte.periode == "EN_COURS")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub fn carte() -> Carte {
        serde_json::from_value(serde_json::json!({
            "id": 7,
            "periode": "EN_COURS",
            "numeroAmc": "77553311",
            "libelleAmc": "Mutuelle Cogévie",
            "typeConvention": "SP",
            "critereAiguillage": "01",
            "numeroAdherent": "100001",
            "dateDebutValidite": "2026-01-01",
            "dateFinValidite": "2026-12-31",
            "beneficiaires": [
                {"prenom": "marie", "nom": "Dupont", "dateNaissance": "1980-04-12", "numeroSecuriteSociale": "2800475123456", "rangNaissance": 1},
                {"prenom": "jean-luc", "nom": "Dupont", "dateNaissance": "2012-09-03", "numeroSecuriteSociale": "2800475123456", "rangNaissance": 1}
            ],
            "domaines": [{"code": "PHAR", "libelle": "Pharmacie", "taux": "100 %"}, {"code": "OPTI", "libelle": "Optique", "taux": "PEC"}]
        }))
        .unwrap()
    }

    #[test]
    fn the_code_is_the_card_pages() {
        assert_eq!(carte().code(), "AMC:77553311\nCONV:SP\nAIG:01\nADH:100001\nVAL:20260101-20261231");
    }

    #[test]
    fn the_same_card_keeps_its_serial_and_a_changed_one_gets_another() {
        let serial = carte().serial();
        assert_eq!(serial, carte().serial());
        assert_eq!(serial.len(), 32);
        let mut next_period = carte();
        next_period.date_fin_validite = NaiveDate::from_ymd_opt(2027, 12, 31).unwrap();
        assert_ne!(next_period.serial(), serial);
        let mut one_more = carte();
        one_more.beneficiaires.push(Beneficiaire {
            prenom: "Léa".into(),
            nom: "Dupont".into(),
            date_naissance: NaiveDate::from_ymd_opt(2026, 3, 1).unwrap(),
        });
        assert_ne!(one_more.serial(), serial);
    }

    #[test]
    fn the_people_are_named_as_the_card_page_names_them() {
        assert_eq!(
            carte().personnes(),
            [
                ("Marie DUPONT".to_owned(), "12/04/1980".to_owned()),
                ("Jean-Luc DUPONT".to_owned(), "03/09/2012".to_owned())
            ]
        );
        assert_eq!(carte().periode_de_validite(), "Du 01/01/2026 au 31/12/2026");
        assert_eq!(carte().droits(), "PHAR (Pharmacie) : 100 %\nOPTI (Optique) : PEC");
    }

    #[test]
    fn only_the_card_in_force_is_taken() {
        let mut suivante = carte();
        suivante.periode = "SUIVANTE".into();
        assert_eq!(en_cours(vec![suivante.clone(), carte()]), Some(carte()));
        assert_eq!(en_cours(vec![suivante]), None);
    }

    #[test]
    fn the_brand_colour_is_read_in_both_forms() {
        let marque = |couleur: &str| Marque { nom: "M".into(), couleur: couleur.into() };
        assert_eq!(marque("#0b5fa5").rgb(), (11, 95, 165));
        assert_eq!(marque("#fa0").rgb(), (255, 170, 0));
    }
}
