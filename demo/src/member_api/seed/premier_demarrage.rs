//! First-start data of the demo member API: the five members of `demo::personas`, with
//! everything the portal shows about them. Written once, in one transaction, then left to the
//! members' own changes.

use std::collections::HashMap;

use anyhow::Context as _;
use chrono::{Datelike, Days, Months, NaiveDate};
use rusqlite::{Connection, Transaction};

use super::documents::DOCUMENTS;
use super::membres::{self, CarteAnnee, Detail, Membre, Quand, Soin};
use crate::member_api::rules::catalogue::{self, PRODUITS, acte_par_code, produit};
use crate::member_api::rules::delegations::{self, Invitation};
use crate::member_api::rules::remboursements::{Consommation, paiement_id, remboursement};
use crate::member_api::rules::{format_fichier, types_demande};
use crate::member_api::store::adherents::{self, Identite, NouvelAdherent};
use crate::member_api::store::beneficiaires::{self, NouveauBeneficiaire};
use crate::member_api::store::cartes_tp::{self, NouvelleCarte};
use crate::member_api::store::comptes_bancaires::{self, NouveauCompte};
use crate::member_api::store::contrats::{self, NouveauContrat};
use crate::member_api::store::demandes::{self, LigneDemande};
use crate::member_api::store::documents::{self, NouveauDocument, PIECE_JOINTE};
use crate::member_api::store::ensemencement;
use crate::member_api::store::formulaires::{PriseEnCharge, Reclamation, Resiliation};
use crate::member_api::store::messages::{self, MUTUELLE};
use crate::member_api::store::montant::Cents;
use crate::member_api::store::paiements::{self, NouveauPaiement, NouvelleLigne};
use crate::member_api::store::produits::{self, GarantieEcrite};
use crate::personas;

/// Seeds the members on the first start only: afterwards the data is the members' own. The
/// products and their guarantees are the mutual's reference data, written anew at every start
/// so that a demo folder created by an earlier version shows the guarantees of this one.
pub fn seed_once(connection: &mut Connection, today: NaiveDate) -> anyhow::Result<()> {
    let membres = membres::membres()?;
    let transaction = connection.transaction()?;
    write_produits(&transaction)?;
    if !ensemencement::fait(&transaction)? {
        ensemencement::noter(&transaction, today)?;
        let mut paiements = 0;
        for membre in &membres {
            Seeder { tx: &transaction, today, membre, beneficiaires: Vec::new() }.insert(&mut paiements)?;
        }
    }
    transaction.commit()?;
    Ok(())
}

fn write_produits(tx: &Transaction) -> rusqlite::Result<()> {
    for produit in PRODUITS {
        let garanties: Vec<GarantieEcrite> = produit
            .garanties()
            .into_iter()
            .map(|garantie| GarantieEcrite {
                categorie: garantie.categorie,
                libelle: garantie.libelle,
                regle: garantie.couverture.regle(),
                plafond: garantie.plafond.map(|plafond| plafond.montant),
                periodicite_plafond: garantie.plafond.map(|plafond| plafond.periodicite()),
            })
            .collect();
        produits::ecrire(tx, (produit.code, produit.libelle, produit.gamme), &garanties)?;
    }
    Ok(())
}

struct Seeder<'a> {
    tx: &'a Transaction<'a>,
    today: NaiveDate,
    membre: &'a Membre,
    /// Row ids of `membre.beneficiaires`, in order.
    beneficiaires: Vec<i64>,
}

impl Seeder<'_> {
    fn insert(mut self, paiements: &mut u32) -> anyhow::Result<()> {
        self.insert_adherent()?;
        self.insert_beneficiaires()?;
        self.insert_contrats()?;
        self.insert_comptes()?;
        self.insert_cartes()?;
        self.insert_prestations(paiements)?;
        self.insert_demandes()?;
        self.insert_delegations()?;
        Ok(())
    }

    /// The delegations the member gave, as the rules record an invitation, and the own spaces
    /// of beneficiaries, as the mutual opens them.
    fn insert_delegations(&self) -> anyhow::Result<()> {
        for donnee in &self.membre.delegations {
            let fin = self.today.checked_add_months(Months::new(donnee.mois)).expect("a date");
            let invitation = Invitation { courriel: Some(&donnee.courriel), droits: &donnee.droits, fin };
            delegations::inviter(
                self.tx,
                &self.membre.numero_personne,
                &invitation,
                chrono::Utc::now(),
                self.today,
            )
            .map_err(|refus| anyhow::anyhow!("a delegation of the seed is refused: {}", refus.message()))?;
        }
        for (prenom, courriel) in &self.membre.espaces_personnels {
            let id = self.beneficiaires[self.rang(prenom)];
            let numero = &self.membre.numero_personne;
            delegations::ouvrir_espace_personnel(
                self.tx,
                numero,
                id,
                courriel,
                chrono::Utc::now(),
                self.today,
            )
            .map_err(|refus| anyhow::anyhow!("an own space of the seed is refused: {}", refus.message()))?;
        }
        Ok(())
    }

    /// The position of a beneficiary the member file names; checked when the file was read.
    fn rang(&self, prenom: &str) -> usize {
        self.membre.rang(prenom).expect("a beneficiary of the member")
    }

    fn il_y_a(&self, jours: i64) -> NaiveDate {
        self.today - chrono::Duration::days(jours)
    }

    fn date(&self, quand: Quand) -> NaiveDate {
        let year = self.today.year();
        match quand {
            Quand::DebutAnnee(years_ago) => {
                NaiveDate::from_ymd_opt(year - years_ago, 1, 1).expect("1 January")
            }
            Quand::AnneeProchaine => NaiveDate::from_ymd_opt(year + 1, 1, 1).expect("1 January"),
            Quand::FinMois(months_ago) => {
                let month_after = premier_du_mois(self.today)
                    .checked_sub_months(Months::new(months_ago - 1))
                    .expect("a date");
                month_after.pred_opt().expect("a date")
            }
        }
    }

    fn insert_adherent(&self) -> anyhow::Result<()> {
        let membre = self.membre;
        let persona = personas::by_person_number(&membre.numero_personne).expect("a persona");
        let adresse = &membre.adresse;
        let principal = &membre.beneficiaires[0];
        adherents::inserer(
            self.tx,
            &NouvelAdherent {
                numero_personne: persona.person_number,
                civilite: persona.civilite,
                prenom: persona.prenom,
                nom: persona.nom,
                date_naissance: principal.date_naissance,
                email: persona.email,
                telephone_portable: membre.telephone_portable.as_deref(),
                telephone_fixe: membre.telephone_fixe.as_deref(),
                courtier: membre.courtier.as_deref(),
                numero_et_voie: &adresse.numero_et_voie,
                complement_destinataire: adresse.complement_destinataire.as_deref(),
                complement_adresse: adresse.complement_adresse.as_deref(),
                lieu_dit: adresse.lieu_dit.as_deref(),
                code_postal: &adresse.code_postal,
                commune: &adresse.commune,
            },
        )?;
        Ok(())
    }

    fn insert_beneficiaires(&mut self) -> anyhow::Result<()> {
        for beneficiaire in &self.membre.beneficiaires {
            let id = beneficiaires::inserer(
                self.tx,
                &NouveauBeneficiaire {
                    numero_personne: &self.membre.numero_personne,
                    lien: &beneficiaire.lien,
                    prenom: &beneficiaire.prenom,
                    nom: &beneficiaire.nom,
                    date_naissance: beneficiaire.date_naissance,
                    numero_securite_sociale: &nir_avec_cle(&beneficiaire.nir),
                    rang_naissance: 1,
                    caisse: &beneficiaire.caisse,
                    statut_noemie: &beneficiaire.statut_noemie,
                },
            )?;
            self.beneficiaires.push(id);
        }
        Ok(())
    }

    fn insert_contrats(&self) -> anyhow::Result<()> {
        for contrat in &self.membre.contrats {
            let debut = self.date(contrat.debut);
            let fin = contrat.fin.as_ref().map(|fin| self.date(fin.quand));
            let contrat_id = contrats::inserer(
                self.tx,
                &NouveauContrat {
                    numero_personne: &self.membre.numero_personne,
                    numero_contrat: &contrat.numero,
                    code_produit: &contrat.produit,
                    type_contrat: &contrat.type_contrat,
                    entreprise: contrat.entreprise.as_deref(),
                    date_debut: debut,
                    date_fin: fin,
                    motif_fin: contrat.fin.as_ref().map(|fin| fin.motif.as_str()),
                    cotisation: contrat.cotisation,
                    periodicite: if contrat.mois_par_echeance == 1 { "MENSUELLE" } else { "TRIMESTRIELLE" },
                    mode_paiement: &contrat.mode_paiement,
                    madelin: contrat.madelin,
                },
            )?;
            for beneficiaire in &self.beneficiaires {
                contrats::couvrir(self.tx, contrat_id, *beneficiaire)?;
            }
            if contrat.echeancier {
                self.insert_echeancier(contrat_id, debut, contrat.mois_par_echeance, contrat.cotisation)?;
            }
            if let Some(code) = &contrat.prelevement_rejete {
                let echue = contrats::derniere_echue(self.tx, contrat_id, self.today)?
                    .context("a rejected debit needs a call for funds due before the seed day")?;
                let le = echue.checked_add_days(Days::new(3)).expect("a date");
                contrats::rejeter(self.tx, contrat_id, echue, code, le)?;
            }
        }
        Ok(())
    }

    /// Calls for funds on the 5th of each period, from the first of January of last year (the
    /// year a tax certificate is asked for) to a year ahead.
    fn insert_echeancier(
        &self,
        contrat_id: i64,
        debut: NaiveDate,
        mois: u32,
        montant: Cents,
    ) -> anyhow::Result<()> {
        let premier = NaiveDate::from_ymd_opt(self.today.year() - 1, 1, 1).expect("a date");
        let mut periode = premier_du_mois(debut);
        while periode < premier {
            periode = periode.checked_add_months(Months::new(mois)).expect("a date");
        }
        let horizon = self.today.checked_add_months(Months::new(12)).expect("a date");
        while periode <= horizon {
            let suivante = periode.checked_add_months(Months::new(mois)).expect("a date");
            contrats::ajouter_echeance(
                self.tx,
                contrat_id,
                periode.checked_add_days(Days::new(4)).expect("a date"),
                (periode, suivante.pred_opt().expect("a date")),
                montant,
            )?;
            periode = suivante;
        }
        Ok(())
    }

    fn insert_comptes(&self) -> anyhow::Result<()> {
        for compte in &self.membre.comptes {
            comptes_bancaires::enregistrer(
                self.tx,
                &NouveauCompte {
                    beneficiaire: self.beneficiaires[self.rang(&compte.beneficiaire)],
                    usage: &compte.usage,
                    titulaire: &compte.titulaire,
                    iban: &compte.iban,
                    bic: &compte.bic,
                    domiciliation: Some(&compte.domiciliation),
                },
                self.il_y_a(compte.mis_a_jour_il_y_a),
            )?;
        }
        Ok(())
    }

    fn insert_cartes(&self) -> anyhow::Result<()> {
        let contrat = &self.membre.contrats[0];
        for CarteAnnee(offset) in &self.membre.cartes {
            let year = self.today.year() + offset;
            let debut = NaiveDate::from_ymd_opt(year, 1, 1).expect("1 January");
            let fin = NaiveDate::from_ymd_opt(year, 12, 31).expect("31 December");
            let carte_id = cartes_tp::inserer(
                self.tx,
                &NouvelleCarte {
                    numero_personne: &self.membre.numero_personne,
                    numero_amc: "775599118",
                    type_convention: "IS",
                    critere_aiguillage: "01",
                    numero_adherent: &format!("{:0>10}", self.membre.numero_personne),
                    date_debut: debut,
                    date_fin: fin,
                },
            )?;
            for (ordre, (code, libelle, taux)) in
                (0_i64..).zip(catalogue::domaines_carte(produit(&contrat.produit)))
            {
                cartes_tp::ajouter_domaine(self.tx, carte_id, (code, libelle, &taux), ordre)?;
            }
        }
        Ok(())
    }

    /// Turns the care history into reimbursement lines, grouped into payments: one per day,
    /// beneficiary and payee (the member, or the professional under tiers payant).
    fn insert_prestations(&self, compteur: &mut u32) -> anyhow::Result<()> {
        let contrat = &self.membre.contrats[0];
        let produit = produit(&contrat.produit);
        let carte = !self.membre.cartes.is_empty();
        let mut consomme = Consommation::default();
        let mut paiements: HashMap<(NaiveDate, usize, bool), String> = HashMap::new();
        let mut soins: Vec<(usize, &Soin)> = self
            .membre
            .soins
            .iter()
            .flat_map(|(prenom, soins)| soins.iter().map(|soin| (self.rang(prenom), soin)))
            .collect();
        // Oldest first, so that yearly ceilings are used up in the order care happened (on one
        // day: by first name, then as the file lists them, which payment numbers follow).
        soins.sort_by_key(|(_, soin)| std::cmp::Reverse(soin.il_y_a));
        for (beneficiaire, soin) in soins {
            let acte = acte_par_code(&soin.acte);
            let tiers_payant = carte && acte.tiers_payant;
            let date_soins = self.il_y_a(soin.il_y_a);
            let delai = if tiers_payant { 2 } else { 4 + soin.il_y_a % 3 };
            let date_paiement = self.il_y_a(soin.il_y_a - delai).min(self.il_y_a(1));
            let key = (date_paiement, beneficiaire, tiers_payant);
            let paiement_id = match paiements.get(&key) {
                Some(id) => id.clone(),
                None => {
                    *compteur += 1;
                    let id = paiement_id(*compteur);
                    let (destinataire, nom) = if tiers_payant {
                        ("PROFESSIONNEL_DE_SANTE", soin.professionnel.clone())
                    } else {
                        ("ASSURE", self.titulaire_prestations(beneficiaire))
                    };
                    paiements::inserer(
                        self.tx,
                        &NouveauPaiement {
                            id: &id,
                            numero_personne: &self.membre.numero_personne,
                            beneficiaire_id: self.beneficiaires[beneficiaire],
                            date_paiement,
                            destinataire,
                            nom_destinataire: &nom,
                        },
                    )?;
                    paiements.insert(key, id.clone());
                    id
                }
            };
            let ligne =
                remboursement(produit, &soin.acte, soin.depense, beneficiaire, date_soins, &mut consomme);
            paiements::inserer_ligne(
                self.tx,
                &NouvelleLigne {
                    paiement_id: &paiement_id,
                    date_soins,
                    code_acte: acte.code,
                    libelle_acte: acte.libelle,
                    professionnel_sante: &soin.professionnel,
                    montant_depense: soin.depense,
                    base_remboursement: ligne.base,
                    taux_secu: acte.taux_secu,
                    montant_secu: ligne.secu,
                    montant_mutuelle: ligne.mutuelle,
                    tiers_payant,
                    statut: ligne.statut(),
                    motif_rejet: ligne.motif_rejet(),
                },
            )?;
        }
        Ok(())
    }

    /// Who receives a beneficiary's reimbursements: their own account, else the member's.
    fn titulaire_prestations(&self, beneficiaire: usize) -> String {
        let comptes = &self.membre.comptes;
        let prestations_de = |rang: usize| {
            comptes
                .iter()
                .find(|compte| compte.usage == "PRESTATIONS" && self.rang(&compte.beneficiaire) == rang)
        };
        prestations_de(beneficiaire)
            .or_else(|| prestations_de(0))
            .map(|compte| compte.titulaire.clone())
            .unwrap_or_else(|| {
                let principal = &self.membre.beneficiaires[0];
                format!("{} {}", principal.prenom, principal.nom)
            })
    }

    fn insert_demandes(&self) -> anyhow::Result<()> {
        for demande in &self.membre.demandes {
            let type_demande = types_demande::par_type(&demande.type_demande).expect("a known request type");
            let creation = self.il_y_a(demande.il_y_a);
            let mut objet = type_demande.objet.to_owned();
            let mut reclamation = None;
            let (hospitalisation, resiliation) = match &demande.detail {
                None => (None, None),
                Some(Detail::Reclamation { objet: sujet, motif, numero_contrat, issue }) => {
                    let recue_le = a_10_heures(creation);
                    let mut detail = Reclamation::recue(motif, numero_contrat.clone(), None, recue_le);
                    detail.issue = Some(issue.clone());
                    detail.repondu_le = Some(self.il_y_a(demande.mise_a_jour_il_y_a));
                    objet = format!("{objet} : {sujet}");
                    reclamation = Some(detail);
                    (None, None)
                }
                Some(Detail::Hospitalisation { etablissement, siren, type_hospitalisation, dans }) => {
                    let entree = creation + chrono::Duration::days(*dans);
                    let detail = PriseEnCharge {
                        etablissement: etablissement.clone(),
                        siren: siren.clone(),
                        finess: None,
                        date_entree: entree,
                        date_sortie: Some(entree),
                        type_hospitalisation: type_hospitalisation.clone(),
                        chambre_particuliere: false,
                        decision: None,
                    };
                    (Some(detail), None)
                }
                Some(Detail::Resiliation { numero_contrat, motif }) => {
                    let contrat = self.membre.contrats.iter().find(|c| c.numero == *numero_contrat);
                    let date_effet = contrat.and_then(|c| c.fin.as_ref()).map(|fin| self.date(fin.quand));
                    let libelle_produit = contrats::libelle_produit(self.tx, numero_contrat)?;
                    let identite = Identite::lire(self.tx, &self.membre.numero_personne)?;
                    let notifiee_le = a_10_heures(creation);
                    let detail = Resiliation {
                        numero_contrat: numero_contrat.clone(),
                        libelle_produit,
                        date_effet: date_effet.expect("a terminated contract"),
                        motif: motif.clone(),
                        date_evenement: None,
                        notifiee_le: notifiee_le.to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
                        adherent: identite.adherent,
                        numero_adherent: self.membre.numero_personne.clone(),
                        email: Some(identite.email.clone()),
                        email_dossier: identite.email,
                    };
                    (None, Some(detail))
                }
            };
            let demande_id = demandes::inserer(
                self.tx,
                &LigneDemande {
                    numero_personne: &self.membre.numero_personne,
                    type_demande: type_demande.type_demande,
                    type_code: type_demande.code,
                    objet: &objet,
                    commentaire: demande.commentaire.as_deref(),
                    beneficiaire_id: demande
                        .beneficiaire
                        .as_deref()
                        .map(|prenom| self.beneficiaires[self.rang(prenom)]),
                    etat: &demande.etat,
                    date_creation: creation,
                    date_mise_a_jour: self.il_y_a(demande.mise_a_jour_il_y_a),
                    hospitalisation: hospitalisation.as_ref(),
                    resiliation: resiliation.as_ref(),
                    metadata: None,
                    reclamation: reclamation.as_ref(),
                    signalement: None,
                    ajout_beneficiaire: None,
                    devis: None,
                },
            )?;
            // Read by the member the day it came: a past answer is no news.
            if let Some(reponse) = &demande.reponse {
                let envoyee_le =
                    a_10_heures(self.il_y_a(demande.mise_a_jour_il_y_a)).with_timezone(&chrono::Utc);
                messages::inserer(self.tx, demande_id, MUTUELLE, reponse, envoyee_le, true)?;
            }
            for nom in &demande.documents {
                let (_, contenu) = DOCUMENTS.iter().find(|(known, _)| known == nom).expect("a seed document");
                let type_mime =
                    format_fichier::detecter(contenu).expect("a recognisable seed document").type_mime;
                documents::inserer(
                    self.tx,
                    &NouveauDocument {
                        numero_personne: &self.membre.numero_personne,
                        demande_id: Some(demande_id),
                        nom_fichier: nom,
                        type_mime,
                        contenu,
                        date_depot: creation,
                        nature: PIECE_JOINTE,
                        depose_le: None,
                    },
                )?;
            }
        }
        Ok(())
    }
}

fn premier_du_mois(date: NaiveDate) -> NaiveDate {
    date.with_day(1).expect("the first of a month exists")
}

/// A French social security number with its key (97 minus the number modulo 97), grouped as
/// printed on a Vitale card: "2 84 03 75 111 042 56".
fn nir_avec_cle(nir: &str) -> String {
    let number: u64 = nir.parse().expect("13 digits");
    let cle = 97 - number % 97;
    format!(
        "{} {} {} {} {} {} {cle:02}",
        &nir[0..1],
        &nir[1..3],
        &nir[3..5],
        &nir[5..7],
        &nir[7..10],
        &nir[10..13]
    )
}

/// 10:00 in Paris on `day`: when the seeded notices and complaints were received.
fn a_10_heures(day: NaiveDate) -> chrono::DateTime<chrono_tz::Tz> {
    day.and_hms_opt(10, 0, 0)
        .and_then(|moment| moment.and_local_timezone(chrono_tz::Europe::Paris).single())
        .expect("10:00 exists every day in Paris")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::store::database::testing::seeded;

    const LEA: &str = "100003";

    fn day(year: i32, month: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(year, month, day).unwrap()
    }

    #[test]
    fn lea_s_contract_and_only_card_start_on_1_january_after_the_seed_day() {
        for seed_day in [day(2026, 11, 22), day(2026, 1, 1), day(2027, 12, 31)] {
            let (_dir, db) = seeded(seed_day);
            let next_year = seed_day.year() + 1;
            let contrat: NaiveDate = db
                .query_row("SELECT date_debut FROM contrats WHERE numero_personne = ?1", [LEA], |row| {
                    row.get(0)
                })
                .unwrap();
            assert_eq!(contrat, day(next_year, 1, 1), "seeded on {seed_day}");
            let mut statement =
                db.prepare("SELECT date_debut, date_fin FROM cartes_tp WHERE numero_personne = ?1").unwrap();
            let cartes: Vec<(NaiveDate, NaiveDate)> = statement
                .query_map([LEA], |row| Ok((row.get(0)?, row.get(1)?)))
                .unwrap()
                .map(Result::unwrap)
                .collect();
            assert_eq!(cartes, [(day(next_year, 1, 1), day(next_year, 12, 31))], "seeded on {seed_day}");
        }
    }

    #[test]
    fn no_card_is_valid_before_its_member_s_contract_starts() {
        let (_dir, db) = seeded(day(2026, 11, 22));
        let too_early: i64 = db
            .query_row(
                "SELECT count(*) FROM cartes_tp c
                 WHERE c.date_debut < (SELECT min(date_debut) FROM contrats WHERE numero_personne = c.numero_personne)",
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(too_early, 0);
    }

    #[test]
    fn a_social_security_number_gets_its_key() {
        // 1 84 12 76 451 089 has key 46 (the example of the French administration).
        assert_eq!(nir_avec_cle("1841276451089"), "1 84 12 76 451 089 46");
    }
}
