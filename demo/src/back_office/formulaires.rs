//! The back office's forms, as their fields come: what the operator typed, checked by the
//! mutual's rules, and the anti-forgery token of the session.

use serde::Deserialize;

/// The sign-in form.
#[derive(Default, Deserialize)]
#[serde(default)]
pub struct SaisieConnexion {
    pub identifiant: String,
    pub mot_de_passe: String,
}

/// A form that carries nothing but the session's token (« Se déconnecter »).
#[derive(Default, Deserialize)]
#[serde(default)]
pub struct SaisieJeton {
    pub jeton: String,
}

/// The « Ajouter un remboursement » form, as typed.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct SaisieRemboursement {
    pub jeton: String,
    pub beneficiaire: String,
    pub date_soins: String,
    pub acte: String,
    pub professionnel: String,
    pub montant: String,
}

/// The « Changer l’état » form.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct SaisieEtat {
    pub jeton: String,
    pub etat: String,
}

/// The « Enregistrer le rejet » form of a contract's debit.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct SaisieRejet {
    pub jeton: String,
    pub motif: String,
}

/// The « Réponse de la Sécurité sociale » form of a beneficiary's NOEMIE link.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct SaisieNoemie {
    pub jeton: String,
    pub statut: String,
}

/// The « Soins confidentiels » form of a beneficiary: `oui` or `non`.
#[derive(Debug, Clone, Deserialize)]
pub struct SaisieConfidentialite {
    pub jeton: String,
    pub confidentiels: String,
}

/// The « Répondre » form; `issue` only for a complaint not answered yet.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct SaisieReponse {
    pub jeton: String,
    pub texte: String,
    pub issue: String,
}

/// The « Décider » form of a request to add a beneficiary: the start date when accepted, the
/// reason when refused.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct SaisieDecision {
    pub jeton: String,
    pub decision: String,
    /// For a beneficiary to add.
    pub date_effet: String,
    /// For a hospital stay studied without its exit date.
    pub date_sortie: String,
    pub motif: String,
    /// The mutual deciding, which an agreement names: the back office's, never the form's.
    #[serde(skip)]
    pub mutuelle: String,
}

/// A PDF to issue, checked for what it is.
pub struct Pdf {
    /// As it is kept: the sent name, readable, with the `.pdf` extension.
    pub nom: String,
    pub contenu: Vec<u8>,
}
