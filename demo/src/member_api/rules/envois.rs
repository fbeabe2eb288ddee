//! « Mes documents » (docs/product/member-api.md#paperless): how the member wants each kind of
//! document the mutual issues, online or by post, and the member API keeping to it for every
//! document it issues. A kind the member never chose follows « zéro papier »; choosing by kind
//! keeps « zéro papier » true exactly when every kind is online, and turning « zéro papier » on
//! or off in « Mes préférences » applies to every kind (`rules/preferences.rs`).

use rusqlite::Connection;
use serde::{Deserialize, Serialize};

use crate::member_api::failure::ApiFailure;
use crate::member_api::store::envois;
use crate::member_api::store::preferences::{self, Preferences};

/// The kinds of documents the mutual issues.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Categorie {
    /// Certificates: rights, membership, the tax certificates.
    Attestation,
    /// Statements of reimbursements.
    Releve,
    /// Letters: acknowledgements, answers to quotes, the mutual's letters on a request.
    Courrier,
    /// Hospital care agreed: the member's copy (the establishment always gets its own).
    Accord,
}

impl Categorie {
    pub const TOUTES: [Self; 4] = [Self::Attestation, Self::Releve, Self::Courrier, Self::Accord];

    pub fn code(self) -> &'static str {
        match self {
            Self::Attestation => "ATTESTATION",
            Self::Releve => "RELEVE",
            Self::Courrier => "COURRIER",
            Self::Accord => "ACCORD",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Canal {
    EnLigne,
    Poste,
}

impl Canal {
    fn code(self) -> &'static str {
        match self {
            Self::EnLigne => "EN_LIGNE",
            Self::Poste => "POSTE",
        }
    }

    fn depuis(code: &str) -> Self {
        if code == "EN_LIGNE" { Self::EnLigne } else { Self::Poste }
    }
}

/// The channel of each kind, all four always given (the member API's answer and what the
/// member sends).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE", deny_unknown_fields)]
pub struct Envois {
    pub attestation: Canal,
    pub releve: Canal,
    pub courrier: Canal,
    pub accord: Canal,
}

impl Envois {
    pub fn de(self, categorie: Categorie) -> Canal {
        match categorie {
            Categorie::Attestation => self.attestation,
            Categorie::Releve => self.releve,
            Categorie::Courrier => self.courrier,
            Categorie::Accord => self.accord,
        }
    }
}

/// How the member's documents of each kind go now.
pub fn du_membre(db: &Connection, numero_personne: &str) -> Result<Envois, ApiFailure> {
    let zero_papier = Preferences::de(db, numero_personne)?.zero_papier;
    let par_defaut = if zero_papier { Canal::EnLigne } else { Canal::Poste };
    let canal = |categorie: Categorie| -> Result<Canal, ApiFailure> {
        Ok(envois::choisi(db, numero_personne, categorie.code())?
            .map_or(par_defaut, |code| Canal::depuis(&code)))
    };
    Ok(Envois {
        attestation: canal(Categorie::Attestation)?,
        releve: canal(Categorie::Releve)?,
        courrier: canal(Categorie::Courrier)?,
        accord: canal(Categorie::Accord)?,
    })
}

/// Records the member's choice for every kind; « zéro papier » becomes true exactly when every
/// kind is online.
pub fn choisir(db: &mut Connection, numero_personne: &str, choix: Envois) -> Result<Envois, ApiFailure> {
    let tx = db.transaction()?;
    for categorie in Categorie::TOUTES {
        envois::choisir(&tx, numero_personne, categorie.code(), choix.de(categorie).code())?;
    }
    let tout_en_ligne = Categorie::TOUTES.iter().all(|categorie| choix.de(*categorie) == Canal::EnLigne);
    preferences::zero_papier(&tx, numero_personne, tout_en_ligne)?;
    let choisis = du_membre(&tx, numero_personne)?;
    tx.commit()?;
    Ok(choisis)
}

/// Sends the document `id` the mutual just issued, of kind `categorie`, as the member wants
/// that kind sent, and records how; the channel used.
pub fn envoyer(
    db: &Connection,
    numero_personne: &str,
    id: i64,
    categorie: Categorie,
) -> Result<Canal, ApiFailure> {
    let canal = du_membre(db, numero_personne)?.de(categorie);
    envois::envoye(db, id, categorie.code(), canal.code())?;
    Ok(canal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::store::database::testing;

    const MARIE: &str = "100001";

    fn seeded() -> (tempfile::TempDir, Connection) {
        testing::seeded(chrono::NaiveDate::from_ymd_opt(2026, 3, 15).unwrap())
    }

    fn tous(canal: Canal) -> Envois {
        Envois { attestation: canal, releve: canal, courrier: canal, accord: canal }
    }

    #[test]
    fn a_member_who_never_chose_gets_every_kind_by_post_and_zero_papier_puts_them_all_online() {
        let (_dir, mut db) = seeded();
        assert_eq!(du_membre(&db, MARIE).unwrap(), tous(Canal::Poste));
        preferences::zero_papier(&db, MARIE, true).unwrap();
        assert_eq!(du_membre(&db, MARIE).unwrap(), tous(Canal::EnLigne));
        let choix = Envois { courrier: Canal::Poste, ..tous(Canal::EnLigne) };
        assert_eq!(choisir(&mut db, MARIE, choix).unwrap(), choix);
        assert!(!Preferences::de(&db, MARIE).unwrap().zero_papier, "not every kind is online any more");
    }

    #[test]
    fn every_kind_online_is_zero_papier() {
        let (_dir, mut db) = seeded();
        choisir(&mut db, MARIE, tous(Canal::EnLigne)).unwrap();
        assert!(Preferences::de(&db, MARIE).unwrap().zero_papier);
    }

    #[test]
    fn a_document_issued_goes_as_its_kind_is_wanted_and_says_so() {
        let (_dir, mut db) = seeded();
        choisir(&mut db, MARIE, Envois { accord: Canal::EnLigne, ..tous(Canal::Poste) }).unwrap();
        let tx = db.transaction().unwrap();
        let ids: Vec<i64> = tx
            .prepare("SELECT id FROM documents WHERE numero_personne = ?1 LIMIT 2")
            .unwrap()
            .query_map([MARIE], |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(envoyer(&tx, MARIE, ids[0], Categorie::Accord).unwrap(), Canal::EnLigne);
        assert_eq!(envoyer(&tx, MARIE, ids[1], Categorie::Releve).unwrap(), Canal::Poste);
        let emis = envois::emis(&tx, MARIE).unwrap();
        let canal = |id: i64| {
            emis.iter().find(|document| document.id == id).and_then(|document| document.canal.clone())
        };
        assert_eq!(canal(ids[0]).as_deref(), Some("EN_LIGNE"));
        assert_eq!(canal(ids[1]).as_deref(), Some("POSTE"));
    }
}
