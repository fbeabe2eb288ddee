//! « Estimer mon remboursement » (`POST assure/estimation`): what a quote will cost the member,
//! computed by the mutual from the guarantees of the contract that covers the beneficiary today
//! and what the beneficiary was already paid. The rules are in [`calcul`], the care in [`soins`];
//! what is left of each ceiling (`GET assure/plafonds`) is [`plafonds`], by the same rules.

mod plafonds;

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, params_from_iter};
use serde::{Deserialize, Serialize};

use super::Context;
use super::auth::Member;
use crate::member_api::clock::today;
use crate::member_api::failure::ApiFailure;
use crate::member_api::pdf::impression::date;
use crate::member_api::rules::catalogue::produit;
use crate::member_api::rules::estimation::calcul;
use crate::member_api::rules::estimation::calcul::{
    Couverture, Devis, Historique, PlafondUtilise, RenouvellementVu, Situation,
};
use crate::member_api::rules::estimation::soins::Soin;
use crate::member_api::store::montant::{Cents, Euros};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assure/estimation").post(estimer))
        .service(web::resource("/assure/plafonds").get(plafonds::plafonds));
}

/// The most a quote may be: beyond, it is a typing mistake, not a quote.
const PRIX_MAXIMUM: Cents = 10_000_000;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemandeEstimation {
    #[serde(deserialize_with = "super::json::entier::un")]
    id_beneficiaire: i64,
    soin: Soin,
    cent_pour_cent_sante: bool,
    prix: f64,
    #[serde(default, deserialize_with = "super::json::entier::facultatif")]
    quantite: Option<i64>,
    base_secu: Option<f64>,
    #[serde(default, deserialize_with = "super::json::entier::facultatif")]
    taux_secu: Option<i64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Estimation {
    beneficiaire: Personne,
    soin: Soin,
    libelle_soin: &'static str,
    cent_pour_cent_sante: bool,
    prix: Euros,
    quantite: i64,
    base_secu: Euros,
    taux_secu: i64,
    montant_secu: Euros,
    montant_mutuelle: Euros,
    reste_a_charge: Euros,
    garantie: Option<GarantieAppliquee>,
    plafond: Option<Plafond>,
    renouvellement: Option<Renouvellement>,
    regles: Vec<String>,
    mention: String,
}

#[derive(Serialize)]
struct Personne {
    id: i64,
    prenom: String,
    nom: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GarantieAppliquee {
    libelle: &'static str,
    regle: String,
    numero_contrat: String,
    libelle_produit: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Plafond {
    montant: Euros,
    periodicite: &'static str,
    depuis: NaiveDate,
    deja_utilise: Euros,
    disponible: Euros,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Renouvellement {
    annees: u32,
    dernier_equipement: Option<NaiveDate>,
    possible_le: Option<NaiveDate>,
}

impl From<PlafondUtilise> for Plafond {
    fn from(plafond: PlafondUtilise) -> Self {
        Self {
            montant: Euros(plafond.montant),
            periodicite: plafond.periodicite,
            depuis: plafond.depuis,
            deja_utilise: Euros(plafond.deja_utilise),
            disponible: Euros(plafond.disponible),
        }
    }
}

impl From<RenouvellementVu> for Renouvellement {
    fn from(vu: RenouvellementVu) -> Self {
        Self { annees: vu.annees, dernier_equipement: vu.dernier_equipement, possible_le: vu.possible_le }
    }
}

/// The most a quote may be, in euros, as the contract's `maximum` says it.
const PRIX_MAXIMUM_EUROS: f64 = 100_000.0;

/// Euros as typed on a quote, to the cent, into cents. The range is the schema's (400, checked
/// by the caller); being a whole number of cents is not (422).
fn centimes(euros: f64, message: &'static str) -> Result<Cents, ApiFailure> {
    let cents = (euros * 100.0).round();
    let au_centime = (euros * 100.0 - cents).abs() < 1e-6;
    if !au_centime || cents > PRIX_MAXIMUM as f64 {
        return Err(ApiFailure::unprocessable(message));
    }
    Ok(cents as Cents)
}

impl DemandeEstimation {
    fn devis(&self) -> Result<Devis, ApiFailure> {
        if !(self.prix > 0.0 && self.prix <= PRIX_MAXIMUM_EUROS) {
            return Err(ApiFailure::bad_request(
                "Le prix du devis doit être supérieur à 0 € et d’au plus 100 000 €.",
            ));
        }
        if self.base_secu.is_some_and(|base| !(0.0..=PRIX_MAXIMUM_EUROS).contains(&base)) {
            return Err(ApiFailure::bad_request(
                "La base de remboursement de la Sécurité sociale est un montant de 0 à 100 000 €.",
            ));
        }
        let prix = centimes(
            self.prix,
            "Le prix du devis doit être un montant en euros, au centime près, d’au plus 100 000 €.",
        )?;
        if prix == 0 {
            return Err(ApiFailure::unprocessable("Le prix du devis doit être d’au moins 0,01 €."));
        }
        let base = self
            .base_secu
            .map(|base| centimes(base, "La base de remboursement de la Sécurité sociale doit être un montant en euros, au centime près."))
            .transpose()?;
        if base.is_some_and(|base| base > prix) {
            return Err(ApiFailure::unprocessable(
                "La base de remboursement de la Sécurité sociale ne peut dépasser le prix du devis.",
            ));
        }
        if self.taux_secu.is_some_and(|taux| !(0..=100).contains(&taux)) {
            return Err(ApiFailure::bad_request(
                "Le taux de la Sécurité sociale est un pourcentage, de 0 à 100.",
            ));
        }
        let quantite = self.quantite.unwrap_or(1);
        if !(1..=60).contains(&quantite) {
            return Err(ApiFailure::bad_request("La quantité doit être comprise entre 1 et 60."));
        }
        Ok(Devis {
            soin: self.soin,
            cent_pour_cent_sante: self.cent_pour_cent_sante,
            prix,
            quantite,
            base,
            taux: self.taux_secu,
        })
    }
}

async fn estimer(
    member: Member,
    demande: web::Json<DemandeEstimation>,
    context: web::Data<Context>,
) -> Result<HttpResponse, ApiFailure> {
    let devis = demande.devis()?;
    let id_beneficiaire = demande.id_beneficiaire;
    let estimation = context
        .db
        .run(move |db| {
            let aujourdhui = today();
            let (owner, personne, naissance) = beneficiaire(db, id_beneficiaire)?;
            member.check_owner(owner)?;
            let age = aujourdhui.years_since(naissance).unwrap_or(0);
            calcul::verifier(&devis, &devis.soin.definition(age)).map_err(|refus| ApiFailure::unprocessable(refus.0))?;
            let nom = format!("{} {}", personne.prenom, personne.nom);
            let couverture = couverture(db, id_beneficiaire, aujourdhui)?;
            // An estimate is of care to come: once every contract has ended, the mutual will
            // pay nothing for it, and a figure of the Sécurité sociale's part alone would read
            // as the mutual's answer.
            if let Couverture::Terminee(numero, fin) = &couverture {
                return Err(ApiFailure::unprocessable(format!(
                    "Aucun contrat ne couvre {nom} aujourd’hui : le contrat {numero} a pris fin le {}. La mutuelle n’estime que des soins qu’elle couvre ; les factures de soins reçus avant cette date restent à nous envoyer dans les deux ans suivant les soins.",
                    date(*fin)
                )));
            }
            let situation = Situation { aujourdhui, age, nom, couverture };
            let historique = Releves { db, beneficiaire: id_beneficiaire, jusqua: aujourdhui };
            let calcul = calcul::estimer(&devis, &situation, &historique)?;
            Ok(Estimation {
                beneficiaire: personne,
                soin: devis.soin,
                libelle_soin: calcul.libelle_soin,
                cent_pour_cent_sante: devis.cent_pour_cent_sante,
                prix: Euros(devis.prix),
                quantite: devis.quantite,
                base_secu: Euros(calcul.base),
                taux_secu: calcul.taux,
                montant_secu: Euros(calcul.secu),
                montant_mutuelle: Euros(calcul.mutuelle),
                reste_a_charge: Euros(calcul.reste),
                garantie: calcul.garantie.map(|garantie| GarantieAppliquee {
                    libelle: garantie.libelle,
                    regle: garantie.regle,
                    numero_contrat: garantie.numero_contrat,
                    libelle_produit: garantie.libelle_produit,
                }),
                plafond: calcul.plafond.map(Plafond::from),
                renouvellement: calcul.renouvellement.map(Renouvellement::from),
                regles: calcul.regles,
                mention: format!(
                    "Estimation indicative, établie le {} selon vos garanties et les tarifs de la Sécurité sociale : le remboursement dépendra de la facture et de votre situation au jour des soins.",
                    date(aujourdhui)
                ),
            })
        })
        .await?;
    Ok(HttpResponse::Ok().json(estimation))
}

/// The beneficiary's member, name and birth day; no owner when nobody has this id.
fn beneficiaire(db: &Connection, id: i64) -> rusqlite::Result<(Option<String>, Personne, NaiveDate)> {
    let found = db
        .query_row(
            "SELECT numero_personne, prenom, nom, date_naissance FROM beneficiaires WHERE id = ?1",
            [id],
            |row| Ok((row.get(0)?, Personne { id, prenom: row.get(1)?, nom: row.get(2)? }, row.get(3)?)),
        )
        .optional()?;
    Ok(found.unwrap_or_else(|| {
        (None, Personne { id, prenom: String::new(), nom: String::new() }, NaiveDate::MIN)
    }))
}

/// The contract covering the beneficiary today, else the one to come, else the last one.
fn couverture(db: &Connection, beneficiaire: i64, aujourdhui: NaiveDate) -> Result<Couverture, ApiFailure> {
    let (numero, code_produit, libelle_produit, debut, fin): (
        String,
        String,
        String,
        NaiveDate,
        Option<NaiveDate>,
    ) = db
        .query_row(
            "SELECT c.numero_contrat, c.code_produit, p.libelle, c.date_debut, c.date_fin
             FROM contrat_beneficiaires cb
             JOIN contrats c ON c.id = cb.contrat_id
             JOIN produits p ON p.code = c.code_produit
             WHERE cb.beneficiaire_id = ?1
             ORDER BY (c.date_debut <= ?2 AND (c.date_fin IS NULL OR c.date_fin >= ?2)) DESC,
                      c.date_debut > ?2 DESC, c.date_debut DESC
             LIMIT 1",
            rusqlite::params![beneficiaire, aujourdhui],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?)),
        )
        .optional()?
        .ok_or_else(ApiFailure::not_found)?;
    Ok(match fin {
        _ if debut > aujourdhui => Couverture::AVenir(numero, debut),
        Some(fin) if fin < aujourdhui => Couverture::Terminee(numero, fin),
        _ => Couverture::Contrat { numero, libelle_produit, produit: produit(&code_produit) },
    })
}

/// The beneficiary's paid statement lines, up to today.
struct Releves<'a> {
    db: &'a Connection,
    beneficiaire: i64,
    jusqua: NaiveDate,
}

impl Releves<'_> {
    fn query<T: rusqlite::types::FromSql>(
        &self,
        select: &str,
        actes: &[&str],
        depuis: NaiveDate,
    ) -> rusqlite::Result<T> {
        let marques = vec!["?"; actes.len()].join(", ");
        let sql = format!(
            "SELECT {select} FROM lignes_prestation l JOIN paiements p ON p.id = l.paiement_id
             WHERE p.beneficiaire_id = ? AND l.statut = 'PAYE' AND l.date_soins BETWEEN ? AND ?
               AND l.code_acte IN ({marques})"
        );
        let mut parametres: Vec<rusqlite::types::Value> =
            vec![self.beneficiaire.into(), depuis.to_string().into(), self.jusqua.to_string().into()];
        parametres.extend(actes.iter().map(|acte| rusqlite::types::Value::from((*acte).to_owned())));
        self.db.query_row(&sql, params_from_iter(parametres), |row| row.get(0))
    }
}

impl Historique for Releves<'_> {
    fn rembourse_depuis(&self, actes: &[&str], depuis: NaiveDate) -> rusqlite::Result<Cents> {
        self.query("coalesce(sum(l.montant_mutuelle), 0)", actes, depuis)
    }

    fn dernier_soin_depuis(&self, actes: &[&str], depuis: NaiveDate) -> rusqlite::Result<Option<NaiveDate>> {
        self.query("max(l.date_soins)", actes, depuis)
    }
}
