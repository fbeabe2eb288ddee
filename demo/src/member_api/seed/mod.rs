//! First-start data of the demo member API: the five members of `demo::personas`, with
//! everything the portal shows about them. Written once, in one transaction, then left to the
//! members' own changes.

mod membres;

use std::collections::HashMap;

use chrono::{Datelike, Days, Months, NaiveDate};
use rusqlite::{Connection, Transaction, params};

use self::membres::{CarteAnnee, Detail, Membre, Quand, Soin};
use crate::member_api::rules::catalogue::{
    self, Garantie, PRODUITS, Plafond, Produit, acte_par_code, produit,
};
use crate::member_api::store::adherents::Identite;
use crate::member_api::store::formulaires::{PriseEnCharge, Reclamation, Resiliation};
use crate::member_api::store::montant::Cents;
use crate::personas;

/// The documents attached to the seeded requests, as a member would have sent them.
const DOCUMENTS: &[(&str, &[u8])] = &[
    ("devis-dentaire.pdf", include_bytes!("documents/devis-dentaire.pdf")),
    ("facture-optique.pdf", include_bytes!("documents/facture-optique.pdf")),
    ("note-honoraires-osteopathe.png", include_bytes!("documents/note-honoraires-osteopathe.png")),
    ("certificat-scolarite.pdf", include_bytes!("documents/certificat-scolarite.pdf")),
    ("rib.pdf", include_bytes!("documents/rib.pdf")),
];

/// Seeds the members on the first start only: afterwards the data is the members' own. The
/// products and their guarantees are the mutual's reference data, written anew at every start
/// so that a demo folder created by an earlier version shows the guarantees of this one.
pub fn seed_once(connection: &mut Connection, today: NaiveDate) -> anyhow::Result<()> {
    let membres = membres::membres()?;
    let transaction = connection.transaction()?;
    write_produits(&transaction)?;
    let seeded: bool = transaction.query_row("SELECT EXISTS (SELECT 1 FROM seed)", [], |row| row.get(0))?;
    if !seeded {
        transaction.execute("INSERT INTO seed (id, seeded_on) VALUES (1, ?1)", [today])?;
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
        tx.execute(
            "INSERT INTO produits (code, libelle, gamme) VALUES (?1, ?2, ?3)
             ON CONFLICT (code) DO UPDATE SET libelle = excluded.libelle, gamme = excluded.gamme",
            params![produit.code, produit.libelle, produit.gamme],
        )?;
        tx.execute("DELETE FROM garanties WHERE code_produit = ?1", [produit.code])?;
        for (ordre, garantie) in (0_i64..).zip(produit.garanties()) {
            tx.execute(
                "INSERT INTO garanties (code_produit, categorie, libelle, regle, plafond, periodicite_plafond, ordre)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    produit.code,
                    garantie.categorie,
                    garantie.libelle,
                    garantie.couverture.regle(),
                    garantie.plafond.map(|plafond| plafond.montant),
                    garantie.plafond.map(|plafond| plafond.periodicite()),
                    ordre,
                ],
            )?;
        }
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
        self.tx.execute(
            "INSERT INTO adherents (numero_personne, civilite, prenom, nom, date_naissance, email,
                telephone_portable, telephone_fixe, courtier, numero_et_voie, complement_destinataire,
                complement_adresse, lieu_dit, code_postal, commune, pays)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, 'FRANCE')",
            params![
                persona.person_number,
                persona.civilite,
                persona.prenom,
                persona.nom,
                principal.date_naissance,
                persona.email,
                membre.telephone_portable,
                membre.telephone_fixe,
                membre.courtier,
                adresse.numero_et_voie,
                adresse.complement_destinataire,
                adresse.complement_adresse,
                adresse.lieu_dit,
                adresse.code_postal,
                adresse.commune,
            ],
        )?;
        Ok(())
    }

    fn insert_beneficiaires(&mut self) -> anyhow::Result<()> {
        for beneficiaire in &self.membre.beneficiaires {
            self.tx.execute(
                "INSERT INTO beneficiaires (numero_personne, lien, prenom, nom, date_naissance,
                    numero_securite_sociale, rang_naissance, caisse, statut_noemie)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7, ?8)",
                params![
                    self.membre.numero_personne,
                    beneficiaire.lien,
                    beneficiaire.prenom,
                    beneficiaire.nom,
                    beneficiaire.date_naissance,
                    nir_avec_cle(&beneficiaire.nir),
                    beneficiaire.caisse,
                    beneficiaire.statut_noemie,
                ],
            )?;
            self.beneficiaires.push(self.tx.last_insert_rowid());
        }
        Ok(())
    }

    fn insert_contrats(&self) -> anyhow::Result<()> {
        for contrat in &self.membre.contrats {
            let debut = self.date(contrat.debut);
            let fin = contrat.fin.as_ref().map(|fin| self.date(fin.quand));
            self.tx.execute(
                "INSERT INTO contrats (numero_personne, numero_contrat, code_produit, type_contrat, entreprise,
                    date_debut, date_fin, motif_fin, cotisation, periodicite, mode_paiement)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                params![
                    self.membre.numero_personne,
                    contrat.numero,
                    contrat.produit,
                    contrat.type_contrat,
                    contrat.entreprise,
                    debut,
                    fin,
                    contrat.fin.as_ref().map(|fin| &fin.motif),
                    contrat.cotisation,
                    if contrat.mois_par_echeance == 1 { "MENSUELLE" } else { "TRIMESTRIELLE" },
                    contrat.mode_paiement,
                ],
            )?;
            let contrat_id = self.tx.last_insert_rowid();
            for beneficiaire in &self.beneficiaires {
                self.tx.execute(
                    "INSERT INTO contrat_beneficiaires (contrat_id, beneficiaire_id) VALUES (?1, ?2)",
                    [contrat_id, *beneficiaire],
                )?;
            }
            if contrat.echeancier {
                self.insert_echeancier(contrat_id, debut, contrat.mois_par_echeance, contrat.cotisation)?;
            }
        }
        Ok(())
    }

    /// Calls for funds on the 5th of each period, from six months back to a year ahead.
    fn insert_echeancier(
        &self,
        contrat_id: i64,
        debut: NaiveDate,
        mois: u32,
        montant: Cents,
    ) -> anyhow::Result<()> {
        let premier = premier_du_mois(self.today.checked_sub_months(Months::new(6)).expect("a date"));
        let mut periode = premier_du_mois(debut);
        while periode < premier {
            periode = periode.checked_add_months(Months::new(mois)).expect("a date");
        }
        let horizon = self.today.checked_add_months(Months::new(12)).expect("a date");
        while periode <= horizon {
            let suivante = periode.checked_add_months(Months::new(mois)).expect("a date");
            self.tx.execute(
                "INSERT INTO echeances (contrat_id, date_echeance, periode_debut, periode_fin, montant)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    contrat_id,
                    periode.checked_add_days(Days::new(4)).expect("a date"),
                    periode,
                    suivante.pred_opt().expect("a date"),
                    montant
                ],
            )?;
            periode = suivante;
        }
        Ok(())
    }

    fn insert_comptes(&self) -> anyhow::Result<()> {
        for compte in &self.membre.comptes {
            self.tx.execute(
                "INSERT INTO comptes_bancaires (beneficiaire_id, usage, titulaire, iban, bic, domiciliation, date_mise_a_jour)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    self.beneficiaires[self.rang(&compte.beneficiaire)],
                    compte.usage,
                    compte.titulaire,
                    compte.iban,
                    compte.bic,
                    compte.domiciliation,
                    self.il_y_a(compte.mis_a_jour_il_y_a),
                ],
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
            self.tx.execute(
                "INSERT INTO cartes_tp (numero_personne, numero_amc, type_convention, critere_aiguillage,
                    numero_adherent, date_debut, date_fin)
                 VALUES (?1, '775599118', 'IS', '01', ?2, ?3, ?4)",
                params![
                    self.membre.numero_personne,
                    format!("{:0>10}", self.membre.numero_personne),
                    debut,
                    fin
                ],
            )?;
            let carte_id = self.tx.last_insert_rowid();
            for (ordre, (code, libelle, taux)) in
                (0_i64..).zip(catalogue::domaines_carte(produit(&contrat.produit)))
            {
                self.tx.execute(
                    "INSERT INTO carte_tp_domaines (carte_id, code, libelle, taux, ordre) VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![carte_id, code, libelle, taux, ordre],
                )?;
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
                    self.tx.execute(
                        "INSERT INTO paiements (id, numero_personne, beneficiaire_id, date_paiement, destinataire, nom_destinataire)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                        params![
                            id,
                            self.membre.numero_personne,
                            self.beneficiaires[beneficiaire],
                            date_paiement,
                            destinataire,
                            nom
                        ],
                    )?;
                    paiements.insert(key, id.clone());
                    id
                }
            };
            let ligne =
                remboursement(produit, &soin.acte, soin.depense, beneficiaire, date_soins, &mut consomme);
            self.tx.execute(
                "INSERT INTO lignes_prestation (paiement_id, date_soins, code_acte, libelle_acte, professionnel_sante,
                    montant_depense, base_remboursement, taux_secu, montant_secu, montant_mutuelle, reste_a_charge,
                    tiers_payant, statut, motif_rejet)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
                params![
                    paiement_id,
                    date_soins,
                    acte.code,
                    acte.libelle,
                    soin.professionnel,
                    soin.depense,
                    ligne.base,
                    acte.taux_secu,
                    ligne.secu,
                    ligne.mutuelle,
                    soin.depense - ligne.secu - ligne.mutuelle,
                    tiers_payant,
                    ligne.statut(),
                    ligne.motif_rejet(),
                ],
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
            let type_demande = crate::member_api::rules::types_demande::par_type(&demande.type_demande)
                .expect("a known request type");
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
                    reclamation = Some(serde_json::to_string(&detail)?);
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
                    };
                    (Some(serde_json::to_string(&detail)?), None)
                }
                Some(Detail::Resiliation { numero_contrat, motif }) => {
                    let contrat = self.membre.contrats.iter().find(|c| c.numero == *numero_contrat);
                    let date_effet = contrat.and_then(|c| c.fin.as_ref()).map(|fin| self.date(fin.quand));
                    let libelle_produit: String = self.tx.query_row(
                        "SELECT p.libelle FROM contrats c JOIN produits p ON p.code = c.code_produit
                         WHERE c.numero_contrat = ?1",
                        [numero_contrat],
                        |row| row.get(0),
                    )?;
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
                    (None, Some(serde_json::to_string(&detail)?))
                }
            };
            self.tx.execute(
                "INSERT INTO demandes (numero_personne, type, type_code, objet, commentaire, beneficiaire_id, etat,
                    date_creation, date_mise_a_jour, hospitalisation, resiliation, reclamation)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                params![
                    self.membre.numero_personne,
                    type_demande.type_demande,
                    type_demande.code,
                    objet,
                    demande.commentaire,
                    demande.beneficiaire.as_deref().map(|prenom| self.beneficiaires[self.rang(prenom)]),
                    demande.etat,
                    creation,
                    self.il_y_a(demande.mise_a_jour_il_y_a),
                    hospitalisation,
                    resiliation,
                    reclamation,
                ],
            )?;
            let demande_id = self.tx.last_insert_rowid();
            // Read by the member the day it came: a past answer is no news.
            if let Some(reponse) = &demande.reponse {
                let envoyee_le =
                    a_10_heures(self.il_y_a(demande.mise_a_jour_il_y_a)).with_timezone(&chrono::Utc);
                let envoyee_le = crate::member_api::store::horodatage::horodatage(envoyee_le);
                self.tx.execute(
                    "INSERT INTO messages_demande (demande_id, auteur, texte, envoye_le, lu_le)
                     VALUES (?1, 'MUTUELLE', ?2, ?3, ?3)",
                    params![demande_id, reponse, envoyee_le],
                )?;
            }
            for nom in &demande.documents {
                let (_, contenu) = DOCUMENTS.iter().find(|(known, _)| known == nom).expect("a seed document");
                let type_mime = crate::member_api::rules::format_fichier::detecter(contenu)
                    .expect("a recognisable seed document")
                    .type_mime;
                self.tx.execute(
                    "INSERT INTO documents (numero_personne, demande_id, nom_fichier, type_mime, taille, contenu, date_depot)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![
                        self.membre.numero_personne,
                        demande_id,
                        nom,
                        type_mime,
                        i64::try_from(contenu.len())?,
                        contenu,
                        creation
                    ],
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

/// A payment's id: `PAI` and its rank among the mutual's payments, on eight digits.
pub fn paiement_id(rang: u32) -> String {
    format!("PAI{rang:08}")
}

/// What the mutual already paid under each guarantee with a ceiling, per beneficiary and period.
#[derive(Default)]
pub struct Consommation(HashMap<(usize, usize, i32), Cents>);

impl Consommation {
    /// What the statements already show paid to one beneficiary (counted as the first) under the
    /// guarantee of `produit` that pays `code_acte`, over its ceiling's period that holds on
    /// `date_soins`: `paye(actes, du, au)` reads what the mutual paid for these acts, for care
    /// between the two days.
    pub fn lue(
        produit: &Produit,
        code_acte: &str,
        date_soins: NaiveDate,
        paye: impl FnOnce(&[&str], NaiveDate, NaiveDate) -> rusqlite::Result<Cents>,
    ) -> rusqlite::Result<Self> {
        let mut consomme = Self::default();
        let garanties = produit.garanties();
        if let Some((index, garantie, plafond)) = garantie_plafonnee(&garanties, code_acte) {
            let periode = periode(date_soins, plafond);
            let premiere = periode * plafond.annees;
            let du = NaiveDate::from_ymd_opt(premiere, 1, 1).unwrap_or(NaiveDate::MIN);
            let au = NaiveDate::from_ymd_opt(premiere + plafond.annees - 1, 12, 31).unwrap_or(NaiveDate::MAX);
            consomme.0.insert((0, index, periode), paye(garantie.actes, du, au)?);
        }
        Ok(consomme)
    }
}

/// The guarantee that pays `code_acte`, with its position among the product's.
fn garantie_de<'a>(garanties: &'a [Garantie], code_acte: &str) -> Option<(usize, &'a Garantie)> {
    garanties.iter().enumerate().find(|(_, garantie)| garantie.actes.contains(&code_acte))
}

fn garantie_plafonnee<'a>(
    garanties: &'a [Garantie],
    code_acte: &str,
) -> Option<(usize, &'a Garantie, Plafond)> {
    garantie_de(garanties, code_acte).and_then(|(index, garantie)| Some((index, garantie, garantie.plafond?)))
}

/// The ceiling's period holding `date_soins`: ceilings run over calendar years, by blocks of
/// their length.
fn periode(date_soins: NaiveDate, plafond: Plafond) -> i32 {
    date_soins.year().div_euclid(plafond.annees)
}

/// The amounts of one reimbursement line.
pub struct Ligne {
    pub base: Cents,
    pub secu: Cents,
    pub mutuelle: Cents,
    /// Whether a guarantee pays the act at all: otherwise the line is rejected.
    pub couvert: bool,
}

impl Ligne {
    /// The `statut` of `lignes_prestation`.
    pub fn statut(&self) -> &'static str {
        if self.couvert { "PAYE" } else { "REJETE" }
    }

    pub fn motif_rejet(&self) -> Option<&'static str> {
        (!self.couvert).then_some("Acte non couvert par votre garantie")
    }
}

/// 10:00 in Paris on `day`: when the seeded notices and complaints were received.
fn a_10_heures(day: NaiveDate) -> chrono::DateTime<chrono_tz::Tz> {
    day.and_hms_opt(10, 0, 0)
        .and_then(|moment| moment.and_local_timezone(chrono_tz::Europe::Paris).single())
        .expect("10:00 exists every day in Paris")
}

/// One reimbursement line: the Sécurité sociale pays its rate of the base, minus the flat
/// contribution; the mutual pays what the guarantee allows, never more than what is left of
/// the expense once the Sécurité sociale's gross share is taken, nor beyond its ceiling.
/// `beneficiaire` counts the member's beneficiaries, for `consomme`; `code_acte` is one of
/// [`catalogue::ACTES`].
pub fn remboursement(
    produit: &Produit,
    code_acte: &str,
    depense: Cents,
    beneficiaire: usize,
    date_soins: NaiveDate,
    consomme: &mut Consommation,
) -> Ligne {
    let acte = acte_par_code(code_acte);
    let base = acte.base.unwrap_or(depense);
    let secu_brut = base * acte.taux_secu / 100;
    let secu = (secu_brut - acte.participation_forfaitaire).max(0);
    let reste = depense - secu_brut;
    let garanties = produit.garanties();
    let Some((index, garantie)) = garantie_de(&garanties, code_acte) else {
        return Ligne { base, secu, mutuelle: 0, couvert: false };
    };
    let mut mutuelle = garantie.couverture.part_mutuelle(base, secu_brut, reste, 1);
    if let Some(plafond) = garantie.plafond {
        let periode = periode(date_soins, plafond);
        let deja = consomme.0.entry((beneficiaire, index, periode)).or_default();
        mutuelle = mutuelle.min(plafond.montant - *deja).max(0);
        *deja += mutuelle;
    }
    Ligne { base, secu, mutuelle, couvert: true }
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

    #[test]
    fn a_consultation_leaves_the_flat_contribution_to_the_member() {
        let produit = produit(catalogue::SANTE_FAMILLE_CONFORT);
        let day = NaiveDate::from_ymd_opt(2025, 3, 1).unwrap();
        let ligne = remboursement(produit, "CS", 6_000, 0, day, &mut Default::default());
        // Base 30 €, 70 %: 21 € minus the 2 € contribution; the mutual tops up to 200 % BRSS.
        assert_eq!((ligne.secu, ligne.mutuelle), (1_900, 3_900));
        assert_eq!(6_000 - ligne.secu - ligne.mutuelle, 200);
    }

    #[test]
    fn a_yearly_ceiling_stops_the_mutual_share() {
        let produit = produit(catalogue::SANTE_FAMILLE_CONFORT);
        let mut consomme = Consommation::default();
        let day = NaiveDate::from_ymd_opt(2025, 6, 1).unwrap();
        let paid: Vec<Cents> =
            (0..5).map(|_| remboursement(produit, "OST", 6_000, 0, day, &mut consomme).mutuelle).collect();
        // 40 € a session, 150 € a year.
        assert_eq!(paid, [4_000, 4_000, 4_000, 3_000, 0]);
    }

    #[test]
    fn a_ceiling_counts_what_the_statements_already_show_for_its_period() {
        let produit = produit(catalogue::SANTE_FAMILLE_CONFORT);
        let day = NaiveDate::from_ymd_opt(2025, 6, 1).unwrap();
        let mut asked = None;
        let mut consomme = Consommation::lue(produit, "OST", day, |actes, du, au| {
            asked = Some((actes.contains(&"OST"), du, au));
            Ok(13_000)
        })
        .unwrap();
        let year =
            (NaiveDate::from_ymd_opt(2025, 1, 1).unwrap(), NaiveDate::from_ymd_opt(2025, 12, 31).unwrap());
        assert_eq!(asked, Some((true, year.0, year.1)));
        // 130 € of the 150 € a year already paid: 20 € left of the 40 € a session.
        assert_eq!(remboursement(produit, "OST", 6_000, 0, day, &mut consomme).mutuelle, 2_000);
    }

    #[test]
    fn an_act_without_guarantee_is_rejected() {
        let produit = produit(catalogue::SANTE_SENIOR_ESSENTIEL);
        let day = NaiveDate::from_ymd_opt(2025, 6, 1).unwrap();
        let ligne = remboursement(produit, "OST", 5_500, 0, day, &mut Default::default());
        assert!(!ligne.couvert);
        assert_eq!(ligne.mutuelle, 0);
        assert_eq!(
            (ligne.statut(), ligne.motif_rejet()),
            ("REJETE", Some("Acte non couvert par votre garantie"))
        );
    }
}
