//! What the dedicated forms add to their request, kept as JSON columns of `demandes`: hospital
//! care, termination, complaint, report of care not recognised, beneficiary to add.

use chrono::NaiveDate;
use rusqlite::Row;
use serde::{Deserialize, Serialize};

use super::montant::Euros;

/// What a hospital-care request adds, as kept with it.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PriseEnCharge {
    pub etablissement: String,
    pub siren: String,
    pub finess: Option<String>,
    pub date_entree: NaiveDate,
    pub date_sortie: Option<NaiveDate>,
    pub type_hospitalisation: String,
    pub chambre_particuliere: bool,
    /// The mutual's decision; none on the requests made before it decided them.
    #[serde(default)]
    pub decision: Option<DecisionPriseEnCharge>,
}

/// What the mutual decided on a hospital-care request, and what it covers when it agreed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DecisionPriseEnCharge {
    pub statut: StatutPriseEnCharge,
    /// Why it studies or refused the request.
    pub motif: Option<String>,
    /// The number the establishment quotes on its invoice, once agreed.
    pub numero_accord: Option<String>,
    /// The day the mutual answers by, while it studies the request.
    pub echeance: Option<NaiveDate>,
    pub decidee_le: Option<NaiveDate>,
    /// The days of the stay, entry and exit included.
    pub jours: Option<i64>,
    pub lignes: Vec<LigneCouverture>,
    /// The agreement's PDF among the request's documents.
    pub document_accord: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum StatutPriseEnCharge {
    Accordee,
    ALEtude,
    Refusee,
}

/// One line of what an agreement covers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LigneCouverture {
    pub libelle: String,
    pub regle: String,
    pub jours: Option<i64>,
    pub par_jour: Option<Euros>,
    /// At most, for the stay; none when it depends on the bill.
    pub prise_en_charge: Option<Euros>,
    pub reste_a_charge: Option<Euros>,
}

/// The mutual's written answer to a quote, line by line, as kept with its request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReponseDevis {
    pub repondu_le: NaiveDate,
    pub valable_jusquau: NaiveDate,
    pub lignes: Vec<ReponseLigneDevis>,
    pub totaux: TotauxDevis,
    /// The PDF « Réponse à votre devis » among the request's documents.
    pub document_reponse: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReponseLigneDevis {
    /// The care, as the contract names it (`OPTIQUE_VERRES_SIMPLES`…).
    pub soin: String,
    pub libelle_soin: String,
    pub code: Option<String>,
    pub cent_pour_cent_sante: bool,
    pub prix: Euros,
    pub quantite: i64,
    pub base_secu: Euros,
    pub taux_secu: i64,
    pub montant_secu: Euros,
    pub montant_mutuelle: Euros,
    pub reste_a_charge: Euros,
    /// What is left of the guarantee's allowance after this line.
    pub plafond_restant: Option<Euros>,
    /// Of the 100 % Santé basket, and priced over its limit.
    pub depasse_limite: bool,
    pub limite: Option<Euros>,
    pub equivalent_100_sante: Option<Equivalent100Sante>,
    pub regles: Vec<String>,
}

/// The 100 % Santé equipment of a line outside the basket.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Equivalent100Sante {
    pub limite: Euros,
    pub reste_a_charge: Euros,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TotauxDevis {
    pub prix: Euros,
    pub montant_secu: Euros,
    pub montant_mutuelle: Euros,
    pub reste_a_charge: Euros,
}

/// What a termination request adds, as kept with it. Everything here is the mutual's: the end
/// date it computed, the identity it holds; only `email` is the member's choice (D221-1 II 1°
/// lets them name the means of contact for the acknowledgement).
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Resiliation {
    pub numero_contrat: String,
    pub libelle_produit: String,
    pub date_effet: NaiveDate,
    pub motif: String,
    /// The event giving rise to the termination (a move abroad, a new employer's contract…).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_evenement: Option<NaiveDate>,
    /// When the mutual received the notice (RFC 3339, Paris offset): the acknowledgement's date
    /// and time.
    pub notifiee_le: String,
    /// The member as the mutual knows them: "Mme Marie DUPONT".
    pub adherent: String,
    pub numero_adherent: String,
    /// Where the acknowledgement goes, and the address on file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    pub email_dossier: String,
}

/// What a complaint adds to its request, as kept with it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Reclamation {
    pub motif: String,
    pub numero_contrat: Option<String>,
    pub payment_id: Option<String>,
    /// When the mutual received it (RFC 3339, Paris offset).
    pub recue_le: String,
    pub accuse_reception_avant: NaiveDate,
    pub reponse_avant: NaiveDate,
    /// ACCEPTEE or REFUSEE once answered.
    pub issue: Option<String>,
    pub repondu_le: Option<NaiveDate>,
}

/// What a report adds to its request: the line reported, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Signalement {
    pub payment_id: String,
    pub id_ligne: i64,
    pub motif: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Lien {
    Conjoint,
    Enfant,
    NouveauNe,
}

impl Lien {
    /// The link the beneficiary is created with: a newborn is a child.
    pub fn du_beneficiaire(self) -> &'static str {
        match self {
            Self::Conjoint => "CONJOINT",
            Self::Enfant | Self::NouveauNe => "ENFANT",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Civilite {
    Madame,
    Monsieur,
}

/// What the request adds, as the member reads it (`Demande.ajoutBeneficiaire`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AjoutBeneficiaire {
    pub lien: Lien,
    pub prenom: String,
    pub nom: String,
    pub date_naissance: NaiveDate,
    /// From when the person would be covered, as the rules say on the day of the request.
    pub date_effet_prevue: NaiveDate,
    /// None until the mutual decides.
    pub decision: Option<Decision>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Decision {
    pub accepte: bool,
    /// From when the person is covered, once accepted.
    pub date_effet: Option<NaiveDate>,
    /// Why not, once refused.
    pub motif: Option<String>,
}

/// What is kept with the request: the member's view, and what the mutual needs to create the
/// beneficiary once it accepts. One JSON column: the member's reading ignores the rest.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Dossier {
    #[serde(flatten)]
    pub ajout: AjoutBeneficiaire,
    pub civilite: Civilite,
    /// As a Vitale card prints it; none for a child attached to the member's number.
    pub numero_securite_sociale: Option<String>,
    /// The contract the person joins.
    pub contrat_id: i64,
}

/// A JSON column, read as what it keeps (a request's details: hospital care, termination…).
pub fn parse_json<T: serde::de::DeserializeOwned>(row: &Row, index: usize) -> rusqlite::Result<Option<T>> {
    row.get::<_, Option<String>>(index)?
        .map(|text| {
            serde_json::from_str(&text).map_err(|error| {
                rusqlite::Error::FromSqlConversionFailure(index, rusqlite::types::Type::Text, Box::new(error))
            })
        })
        .transpose()
}
