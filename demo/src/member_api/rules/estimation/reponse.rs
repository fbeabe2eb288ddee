//! A quote answered in writing (docs/product/member-api.md#quotes-answered-in-writing): each
//! line estimated by the estimate's own rules (`calcul::estimer`), in the order of the quote,
//! each line using what the lines before it took of a shared ceiling, with what the 100 %
//! Santé reform says of it: over the basket's price limit, or the basket's equivalent.

use chrono::{Days, NaiveDate};

use super::calcul::{self, Couverture, Devis, Historique, Situation};
use crate::member_api::store::formulaires::{
    Equivalent100Sante, ReponseDevis, ReponseLigneDevis, TotauxDevis,
};
use crate::member_api::store::montant::{Cents, Euros};

/// How long an answer holds: the mutual's choice, the usual validity of a quote.
pub const VALIDITE_JOURS: u64 = 90;

/// One line as the member typed it: the care and price, and the act's code on the quote.
pub struct Ligne {
    pub devis: Devis,
    pub code: Option<String>,
}

/// The answer to `lignes` for the person of `situation`, on `situation.aujourdhui`, from what
/// `historique` says they were already paid. Each line is checked first: a refusal names it.
pub fn repondre(
    lignes: &[Ligne],
    situation: &Situation,
    historique: &dyn Historique,
) -> Result<ReponseDevis, LigneRefusee> {
    for (rang, ligne) in lignes.iter().enumerate() {
        calcul::verifier(&ligne.devis, &ligne.devis.soin.definition(situation.age))
            .map_err(|refus| LigneRefusee { numero: rang + 1, motif: refus.0 })?;
    }
    let mut cumul = AvecLesLignesPrecedentes { historique, prises: Vec::new() };
    let mut reponses = Vec::with_capacity(lignes.len());
    for ligne in lignes {
        let estimation = calcul::estimer(&ligne.devis, situation, &cumul).map_err(LigneRefusee::base)?;
        let definition = ligne.devis.soin.definition(situation.age);
        let limite = definition.panier.map(|panier| panier.limite * ligne.devis.quantite);
        let equivalent = match (limite, ligne.devis.cent_pour_cent_sante) {
            (Some(limite), false) => {
                let panier =
                    Devis { cent_pour_cent_sante: true, prix: limite, base: None, taux: None, ..ligne.devis };
                let estimation = calcul::estimer(&panier, situation, &cumul).map_err(LigneRefusee::base)?;
                Some(Equivalent100Sante { limite: Euros(limite), reste_a_charge: Euros(estimation.reste) })
            }
            _ => None,
        };
        if let Some(actes) = actes_de(&estimation, situation) {
            cumul.prises.push((actes, estimation.mutuelle));
        }
        reponses.push(ReponseLigneDevis {
            soin: serde_json::to_value(ligne.devis.soin)
                .ok()
                .and_then(|soin| soin.as_str().map(str::to_owned))
                .unwrap_or_default(),
            libelle_soin: estimation.libelle_soin.to_owned(),
            code: ligne.code.clone(),
            cent_pour_cent_sante: ligne.devis.cent_pour_cent_sante,
            prix: Euros(ligne.devis.prix),
            quantite: ligne.devis.quantite,
            base_secu: Euros(estimation.base),
            taux_secu: estimation.taux,
            montant_secu: Euros(estimation.secu),
            montant_mutuelle: Euros(estimation.mutuelle),
            reste_a_charge: Euros(estimation.reste),
            plafond_restant: estimation
                .plafond
                .as_ref()
                .map(|plafond| Euros(plafond.disponible - estimation.mutuelle)),
            depasse_limite: ligne.devis.cent_pour_cent_sante
                && limite.is_some_and(|limite| ligne.devis.prix > limite),
            limite: limite.filter(|_| ligne.devis.cent_pour_cent_sante).map(Euros),
            equivalent_100_sante: equivalent,
            regles: estimation.regles,
        });
    }
    let total =
        |part: fn(&ReponseLigneDevis) -> Euros| Euros(reponses.iter().map(|ligne| part(ligne).0).sum());
    let totaux = TotauxDevis {
        prix: total(|ligne| ligne.prix),
        montant_secu: total(|ligne| ligne.montant_secu),
        montant_mutuelle: total(|ligne| ligne.montant_mutuelle),
        reste_a_charge: total(|ligne| ligne.reste_a_charge),
    };
    Ok(ReponseDevis {
        repondu_le: situation.aujourdhui,
        valable_jusquau: situation.aujourdhui + Days::new(VALIDITE_JOURS),
        lignes: reponses,
        totaux,
        document_reponse: None,
    })
}

/// Why a line cannot be answered: its number (from 1) and the estimate's reason.
#[derive(Debug, PartialEq, Eq)]
pub struct LigneRefusee {
    pub numero: usize,
    pub motif: &'static str,
}

impl LigneRefusee {
    /// The history could not be read: no line is at fault.
    fn base(_: rusqlite::Error) -> Self {
        Self { numero: 0, motif: "L’historique des remboursements n’a pas pu être lu." }
    }
}

/// The acts of the guarantee a line was paid under, whose ceiling the next lines share.
fn actes_de(estimation: &calcul::Estimation, situation: &Situation) -> Option<&'static [&'static str]> {
    let Couverture::Contrat { produit, .. } = &situation.couverture else { return None };
    let garantie = estimation.garantie.as_ref()?;
    produit
        .garanties()
        .into_iter()
        .find(|appliquee| appliquee.libelle == garantie.libelle)
        .map(|appliquee| appliquee.actes)
}

/// The beneficiary's history, plus what the quote's earlier lines take: each line is answered
/// as if those before it were paid, so that two lines never spend one allowance twice.
struct AvecLesLignesPrecedentes<'a> {
    historique: &'a dyn Historique,
    prises: Vec<(&'static [&'static str], Cents)>,
}

impl Historique for AvecLesLignesPrecedentes<'_> {
    fn rembourse_depuis(&self, actes: &[&str], depuis: NaiveDate) -> rusqlite::Result<Cents> {
        let precedentes: Cents =
            self.prises.iter().filter(|(prises, _)| *prises == actes).map(|(_, montant)| montant).sum();
        Ok(self.historique.rembourse_depuis(actes, depuis)? + precedentes)
    }

    fn dernier_soin_depuis(&self, actes: &[&str], depuis: NaiveDate) -> rusqlite::Result<Option<NaiveDate>> {
        self.historique.dernier_soin_depuis(actes, depuis)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_api::rules::catalogue::{SANTE_FAMILLE_CONFORT, produit};
    use crate::member_api::rules::estimation::soins::Soin;

    struct Rien;

    impl Historique for Rien {
        fn rembourse_depuis(&self, _: &[&str], _: NaiveDate) -> rusqlite::Result<Cents> {
            Ok(0)
        }

        fn dernier_soin_depuis(&self, _: &[&str], _: NaiveDate) -> rusqlite::Result<Option<NaiveDate>> {
            Ok(None)
        }
    }

    fn situation() -> Situation {
        Situation {
            aujourdhui: "2027-01-11".parse().unwrap(),
            age: 41,
            nom: "Marie DUPONT".into(),
            couverture: Couverture::Contrat {
                numero: "IND-004512".into(),
                libelle_produit: "Santé Famille Confort".into(),
                produit: produit(SANTE_FAMILLE_CONFORT),
            },
        }
    }

    fn ligne(soin: Soin, cent_pour_cent_sante: bool, prix: Cents) -> Ligne {
        Ligne {
            devis: Devis { soin, cent_pour_cent_sante, prix, quantite: 1, base: None, taux: None },
            code: Some("HBLD036".into()),
        }
    }

    #[test]
    fn each_line_is_the_estimate_of_its_care_and_the_totals_add_them_up() {
        let lignes =
            [ligne(Soin::DentaireCouronne, false, 65_000), ligne(Soin::DentaireCouronne, true, 50_000)];
        let reponse = repondre(&lignes, &situation(), &Rien).unwrap();
        for (ligne, repondue) in lignes.iter().zip(&reponse.lignes) {
            let seule = calcul::estimer(&ligne.devis, &situation(), &Rien).unwrap();
            assert_eq!((repondue.montant_secu.0, repondue.reste_a_charge.0), (seule.secu, seule.reste));
        }
        let somme = |part: fn(&ReponseLigneDevis) -> Cents| reponse.lignes.iter().map(part).sum::<Cents>();
        assert_eq!(reponse.totaux.montant_mutuelle.0, somme(|ligne| ligne.montant_mutuelle.0));
        assert_eq!(reponse.totaux.prix, Euros(115_000));
        assert_eq!(reponse.valable_jusquau, "2027-04-11".parse().unwrap());
        assert_eq!(reponse.lignes[0].soin, "DENTAIRE_COURONNE");
        assert_eq!(reponse.lignes[0].code.as_deref(), Some("HBLD036"));
    }

    #[test]
    fn a_line_outside_the_basket_gets_its_equivalent_and_one_over_the_price_limit_is_flagged() {
        let couronne = Soin::DentaireCouronne.definition(41).panier.unwrap();
        let lignes = [
            ligne(Soin::DentaireCouronne, false, 65_000),
            ligne(Soin::DentaireCouronne, true, couronne.limite + 1),
            ligne(Soin::DentaireCouronne, true, couronne.limite),
        ];
        let reponse = repondre(&lignes, &situation(), &Rien).unwrap();
        let equivalent = reponse.lignes[0].equivalent_100_sante.as_ref().unwrap();
        assert_eq!((equivalent.limite, equivalent.reste_a_charge), (Euros(couronne.limite), Euros(0)));
        assert!(!reponse.lignes[0].depasse_limite && reponse.lignes[0].limite.is_none());
        assert!(reponse.lignes[1].depasse_limite, "one cent over the limit");
        assert_eq!(reponse.lignes[1].limite, Some(Euros(couronne.limite)));
        assert!(!reponse.lignes[2].depasse_limite, "at the limit");
        assert!(reponse.lignes[2].equivalent_100_sante.is_none());
    }

    #[test]
    fn two_lines_under_one_ceiling_share_it_and_the_second_gets_what_the_first_left() {
        // Two pairs of glasses outside the basket: the optical allowance is spent once.
        let lignes = [
            ligne(Soin::OptiqueVerresComplexes, false, 60_000),
            ligne(Soin::OptiqueVerresComplexes, false, 60_000),
        ];
        let reponse = repondre(&lignes, &situation(), &Rien).unwrap();
        let (premiere, seconde) = (&reponse.lignes[0], &reponse.lignes[1]);
        let restant = premiere.plafond_restant.unwrap().0;
        assert!(seconde.montant_mutuelle.0 <= restant, "{seconde:?}");
        assert_eq!(seconde.plafond_restant, Some(Euros(restant - seconde.montant_mutuelle.0)));
        let seule = calcul::estimer(&lignes[1].devis, &situation(), &Rien).unwrap();
        assert!(
            seconde.montant_mutuelle.0 < seule.mutuelle,
            "less than alone: the first line used the allowance"
        );
    }

    #[test]
    fn a_line_the_estimate_refuses_is_named_by_its_number() {
        let lignes =
            [ligne(Soin::DentaireCouronne, false, 65_000), ligne(Soin::DentaireImplant, true, 10_000)];
        let refus = repondre(&lignes, &situation(), &Rien).unwrap_err();
        assert_eq!(refus.numero, 2);
        assert!(refus.motif.contains("100 % Santé"), "{}", refus.motif);
    }
}
