//! The five demo members in full: family, contracts, accounts, cards, care history and
//! requests, one file each in `membres/` (the format is explained at the top of
//! `marie-dupont.toml`). Every date is an offset from the seed day, so the demo always looks
//! recent. The files are read at every start, not only at the first seed, so that a mistake
//! in one stops the demo at once, naming the file.

use std::collections::BTreeMap;

use anyhow::{Context, ensure};
use chrono::NaiveDate;
use serde::Deserialize;

use super::documents::DOCUMENTS;
use crate::member_api::rules::{catalogue, noemie, types_demande};
use crate::member_api::store::montant::Cents;
use crate::personas;

/// In the order they are seeded, which row ids and payment numbers follow.
const FICHIERS: [(&str, &str); 5] = [
    ("marie-dupont.toml", include_str!("membres/marie-dupont.toml")),
    ("jean-martin.toml", include_str!("membres/jean-martin.toml")),
    ("lea-bernard.toml", include_str!("membres/lea-bernard.toml")),
    ("paul-durand.toml", include_str!("membres/paul-durand.toml")),
    ("sophie-petit.toml", include_str!("membres/sophie-petit.toml")),
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Membre {
    pub numero_personne: String,
    pub telephone_portable: Option<String>,
    pub telephone_fixe: Option<String>,
    pub courtier: Option<String>,
    pub adresse: Adresse,
    /// The first one is the member.
    pub beneficiaires: Vec<Beneficiaire>,
    pub contrats: Vec<Contrat>,
    #[serde(default)]
    pub comptes: Vec<Compte>,
    #[serde(default)]
    pub cartes: Vec<CarteAnnee>,
    /// Each beneficiary's care, by first name.
    #[serde(default)]
    pub soins: BTreeMap<String, Vec<Soin>>,
    #[serde(default)]
    pub demandes: Vec<Demande>,
    /// People the member gave a delegation to (« Agir pour un proche »).
    #[serde(default)]
    pub delegations: Vec<DelegationDonnee>,
    /// Beneficiaries with a space of their own, by first name, and their account's address.
    #[serde(default)]
    pub espaces_personnels: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DelegationDonnee {
    /// The address of a person of `demo::personas::PROCHES`.
    pub courriel: String,
    pub droits: Vec<crate::member_api::rules::delegations::Droit>,
    /// Months it lasts from the seed day (12 at most).
    pub mois: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Adresse {
    pub numero_et_voie: String,
    pub complement_destinataire: Option<String>,
    pub complement_adresse: Option<String>,
    pub lieu_dit: Option<String>,
    pub code_postal: String,
    pub commune: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Beneficiaire {
    pub lien: String,
    /// How the rest of the file names this beneficiary.
    pub prenom: String,
    pub nom: String,
    pub date_naissance: NaiveDate,
    /// The first 13 digits of the social security number; the key is computed.
    pub nir: String,
    pub caisse: String,
    pub statut_noemie: String,
}

/// When a contract starts or ends, relative to the seed day.
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quand {
    /// 1 January, this many years before the seed year.
    DebutAnnee(i32),
    /// 1 January of the year after the seed year, when new individual contracts usually start.
    AnneeProchaine,
    /// The last day of the month, this many months before the seed day.
    FinMois(u32),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contrat {
    pub numero: String,
    /// A product code of the catalogue.
    pub produit: String,
    pub type_contrat: String,
    pub entreprise: Option<String>,
    pub debut: Quand,
    pub fin: Option<Fin>,
    /// Per call for funds; zero when the member pays nothing.
    pub cotisation: Cents,
    /// Months between two calls for funds.
    pub mois_par_echeance: u32,
    pub mode_paiement: String,
    /// The schedule is issued once the contract has started: none yet for a future one.
    pub echeancier: bool,
    /// Taken out under the loi Madelin, by a self-employed member.
    #[serde(default)]
    pub madelin: bool,
    /// The bank rejected the debit of the latest call for funds due before the seed day, for
    /// this reason (a code of `motifs_rejet`).
    #[serde(default)]
    pub prelevement_rejete: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fin {
    pub quand: Quand,
    pub motif: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Compte {
    /// A beneficiary's first name.
    pub beneficiaire: String,
    pub usage: String,
    pub titulaire: String,
    pub iban: String,
    pub bic: String,
    pub domiciliation: String,
    pub mis_a_jour_il_y_a: i64,
}

/// A tiers-payant card, valid for one calendar year (as the home page names cards by year),
/// counted from the seed year: 0 for this year's, 1 for next year's.
#[derive(Deserialize)]
pub struct CarteAnnee(pub i32);

/// One act of care, turned into a reimbursement line.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Soin {
    pub il_y_a: i64,
    /// An act code of the catalogue.
    pub acte: String,
    pub depense: Cents,
    pub professionnel: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Demande {
    pub type_demande: String,
    pub etat: String,
    pub il_y_a: i64,
    pub mise_a_jour_il_y_a: i64,
    /// A beneficiary's first name.
    pub beneficiaire: Option<String>,
    pub commentaire: Option<String>,
    /// Files of `seed/documents/`.
    #[serde(default)]
    pub documents: Vec<String>,
    /// The mutual's answer, sent at 10:00 on the day the request was last updated.
    pub reponse: Option<String>,
    pub detail: Option<Detail>,
}

/// What a dedicated form added to a request.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Detail {
    /// Hospital care, starting this many days after the request.
    Hospitalisation {
        etablissement: String,
        siren: String,
        type_hospitalisation: String,
        dans: i64,
    },
    Resiliation {
        numero_contrat: String,
        motif: String,
    },
    /// A complaint, answered when the request was last updated; `objet` is added to the request
    /// type's subject, as the member's own words are.
    Reclamation {
        objet: String,
        motif: String,
        numero_contrat: Option<String>,
        issue: String,
    },
}

/// Every member file, checked.
pub fn membres() -> anyhow::Result<Vec<Membre>> {
    FICHIERS.iter().map(|(nom, texte)| lire(nom, texte)).collect()
}

/// One member file: a TOML error, or a name that leads nowhere, is refused with the file's name.
fn lire(nom: &str, texte: &str) -> anyhow::Result<Membre> {
    let membre: Membre =
        toml::from_str(texte).with_context(|| format!("the demo member file membres/{nom} is invalid"))?;
    membre.verifier().with_context(|| format!("the demo member file membres/{nom} is inconsistent"))?;
    Ok(membre)
}

impl Membre {
    /// The position in `beneficiaires` of the one with this first name.
    pub fn rang(&self, prenom: &str) -> Option<usize> {
        self.beneficiaires.iter().position(|beneficiaire| beneficiaire.prenom == prenom)
    }

    /// What the seed takes for granted: every name, code and file the member's data names
    /// exists, so that seeding cannot fail halfway.
    fn verifier(&self) -> anyhow::Result<()> {
        let numero = &self.numero_personne;
        ensure!(personas::by_person_number(numero).is_some(), "no persona has the person number {numero}");
        ensure!(
            self.beneficiaires.first().is_some_and(|principal| principal.lien == "ASSURE_PRINCIPAL"),
            "the first beneficiary must be the member (ASSURE_PRINCIPAL)"
        );
        for (rang, beneficiaire) in self.beneficiaires.iter().enumerate() {
            ensure!(
                self.rang(&beneficiaire.prenom) == Some(rang),
                "two beneficiaries are called {}",
                beneficiaire.prenom
            );
            ensure!(
                noemie::STATUTS.contains(&beneficiaire.statut_noemie.as_str()),
                "{}'s statut_noemie must be one of {:?}",
                beneficiaire.prenom,
                noemie::STATUTS
            );
            ensure!(
                beneficiaire.nir.len() == 13 && beneficiaire.nir.bytes().all(|b| b.is_ascii_digit()),
                "{}'s nir must be 13 digits",
                beneficiaire.prenom
            );
        }
        for prenom in self.espaces_personnels.keys() {
            ensure!(self.rang(prenom).is_some(), "an own space for {prenom}, who is no beneficiary");
        }
        ensure!(!self.contrats.is_empty(), "a member has at least one contract");
        for contrat in &self.contrats {
            let code = &contrat.produit;
            ensure!(catalogue::PRODUITS.iter().any(|produit| produit.code == code), "unknown product {code}");
        }
        let prenoms = self.comptes.iter().map(|compte| &compte.beneficiaire);
        let prenoms =
            prenoms.chain(self.soins.keys()).chain(self.demandes.iter().flat_map(|d| &d.beneficiaire));
        for prenom in prenoms {
            ensure!(self.rang(prenom).is_some(), "no beneficiary is called {prenom}");
        }
        for soin in self.soins.values().flatten() {
            let code = &soin.acte;
            ensure!(catalogue::ACTES.iter().any(|acte| acte.code == code), "unknown act {code}");
        }
        for demande in &self.demandes {
            let type_demande = &demande.type_demande;
            ensure!(types_demande::par_type(type_demande).is_some(), "unknown request type {type_demande}");
            for document in &demande.documents {
                ensure!(
                    DOCUMENTS.iter().any(|(nom, _)| nom == document),
                    "no seed document is called {document}"
                );
            }
            if let Some(Detail::Resiliation { numero_contrat, .. }) = &demande.detail {
                ensure!(
                    self.contrats
                        .iter()
                        .any(|contrat| contrat.numero == *numero_contrat && contrat.fin.is_some()),
                    "the termination names {numero_contrat}, which is not one of the member's ended contracts"
                );
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_five_member_files_give_the_five_personas_with_their_families_and_contracts() {
        let membres = membres().unwrap();
        let numeros: Vec<&str> = membres.iter().map(|membre| membre.numero_personne.as_str()).collect();
        assert_eq!(numeros, ["100001", "100002", "100003", "100004", "100005"]);
        for membre in &membres {
            let persona = personas::by_person_number(&membre.numero_personne).unwrap();
            let principal = &membre.beneficiaires[0];
            assert_eq!((principal.prenom.as_str(), principal.nom.as_str()), (persona.prenom, persona.nom));
            assert!(!membre.contrats.is_empty(), "{}", membre.numero_personne);
        }
        let marie = &membres[0];
        let famille: Vec<&str> = marie.beneficiaires.iter().map(|b| b.prenom.as_str()).collect();
        assert_eq!(famille, ["Marie", "Thomas", "Emma", "Lucas"]);
        assert_eq!(marie.beneficiaires[2].date_naissance, NaiveDate::from_ymd_opt(2012, 5, 3).unwrap());
        assert_eq!(marie.soins.values().map(Vec::len).sum::<usize>(), 47);
        let jean = &membres[1].contrats[0];
        assert!(matches!(jean.debut, Quand::DebutAnnee(10)));
        assert!(matches!(jean.fin, Some(Fin { quand: Quand::FinMois(24), .. })));
        assert!(matches!(membres[2].contrats[0].debut, Quand::AnneeProchaine));
    }

    /// Sophie's file, the shortest, with one line changed.
    fn sophie_with(from: &str, to: &str) -> String {
        let texte = FICHIERS[4].1;
        assert!(texte.contains(from), "{from}");
        texte.replacen(from, to, 1)
    }

    fn refusal(texte: &str) -> String {
        format!("{:#}", lire("sophie-petit.toml", texte).err().expect("the file is refused"))
    }

    #[test]
    fn an_unknown_field_is_refused_with_the_file_name() {
        let message = refusal(&sophie_with("cotisation = 0", "cotisation = 0\nremise = 10"));
        assert!(message.contains("membres/sophie-petit.toml"), "{message}");
        assert!(message.contains("remise"), "{message}");
    }

    #[test]
    fn a_misspelt_product_or_an_unknown_first_name_is_refused_with_the_file_name() {
        for (texte, why) in [
            (sophie_with("produit = \"C2S\"", "produit = \"CSS\""), "unknown product CSS"),
            (
                sophie_with("cartes = [0, 1]", "cartes = [0, 1]\n[soins]\nSofie = []"),
                "no beneficiary is called Sofie",
            ),
        ] {
            let message = refusal(&texte);
            assert!(message.contains("membres/sophie-petit.toml"), "{message}");
            assert!(message.contains(why), "{message}");
        }
    }
}
