//! What each email of the mutual says, in plain French text. Like ameli's, they say that
//! something is waiting in the space and where, never what: no amount, no care, no
//! beneficiary, no bank details, since an email is read on a lock screen or by whoever shares
//! the mailbox. Alerts end with their unsubscribe link; security emails have none.

use chrono::{DateTime, Utc};
use url::Url;

use super::courriels::Nature;
use crate::member_api::pdf::impression;
use crate::member_api::store::preferences::Alerte;

/// An email's subject and text.
#[derive(Debug, PartialEq, Eq)]
pub struct Redige {
    pub objet: &'static str,
    pub texte: String,
}

/// What an email is written from.
pub struct Redaction<'a> {
    pub nature: Nature,
    /// The portal's page it links to.
    pub lien: &'a Url,
    /// For a new device: "Firefox sur Android".
    pub appareil: Option<&'a str>,
    /// For a mandate's signature: its one-time code.
    pub code: Option<&'a str>,
    /// When the change happened.
    pub cree_le: DateTime<Utc>,
    /// The email's unsubscribe link, which only an alert shows.
    pub desabonnement: &'a Url,
    /// Who signs it.
    pub mutuelle: &'a str,
}

pub fn rediger(courriel: &Redaction<'_>) -> Redige {
    let Redaction { lien, mutuelle, .. } = courriel;
    let signature = format!("Cordialement,\n{mutuelle}");
    match courriel.nature {
        Nature::Alerte(alerte) => {
            let (objet, invitation) = match alerte {
                Alerte::Remboursement => (
                    "Un nouveau remboursement est disponible dans votre espace assuré",
                    "Pour le consulter, connectez-vous à votre espace assuré",
                ),
                Alerte::Demande => (
                    "Votre demande a été mise à jour dans votre espace assuré",
                    "Pour la consulter, connectez-vous à votre espace assuré",
                ),
                Alerte::Document => (
                    "Un nouveau document est disponible dans votre espace assuré",
                    "Pour le consulter, connectez-vous à votre espace assuré",
                ),
            };
            let texte = format!(
                "Bonjour,\n\n{objet}.\n\n{invitation} :\n{lien}\n\n{signature}\n\n--\n\
                 Vous recevez ce courriel parce que l’alerte « {} » est activée dans vos préférences. \
                 Pour ne plus la recevoir :\n{}\n",
                alerte.nom(),
                courriel.desabonnement
            );
            Redige { objet, texte }
        }
        Nature::CoordonneesBancaires => modification(
            "Vos coordonnées bancaires ont été modifiées",
            &format!(
                "Les coordonnées bancaires de votre espace assuré ont été modifiées {}.",
                moment(courriel.cree_le)
            ),
            lien,
            &signature,
        ),
        Nature::AdresseDesAlertes => modification(
            "L’adresse de vos alertes a été modifiée",
            &format!(
                "L’adresse électronique à laquelle votre espace assuré envoie vos alertes a été modifiée {} : \
                 cette adresse-ci ne les recevra plus.",
                moment(courriel.cree_le)
            ),
            lien,
            &signature,
        ),
        Nature::NouvelAppareil => Redige {
            objet: "Nouvelle connexion à votre espace assuré",
            texte: format!(
                "Bonjour,\n\nUne connexion à votre espace assuré a eu lieu {} depuis un appareil que vous \
                 n’aviez encore jamais utilisé : {}.\n\n\
                 Si c’est vous, vous n’avez rien à faire.\n\n\
                 Si ce n’est pas vous, fermez cette connexion dans « Mes connexions » et contactez-nous \
                 sans attendre :\n{lien}\n\n{signature}\n\n--\n{SECURITE}\n",
                moment(courriel.cree_le),
                courriel.appareil.unwrap_or("un appareil inconnu")
            ),
        },
        Nature::DelegationUtilisee => Redige {
            objet: "Une personne a agi pour vous dans votre espace assuré",
            texte: format!(
                "Bonjour,\n\nUne personne à qui vous avez donné une délégation a agi pour vous dans votre \
                 espace assuré pour la première fois {}.\n\n\
                 Vous pouvez voir ce qu’elle fait pour vous, et lui retirer cette délégation à tout moment, \
                 dans « Agir pour un proche » :\n{lien}\n\n{signature}\n\n--\n{SECURITE}\n",
                moment(courriel.cree_le)
            ),
        },
        Nature::DelegationTerminee => Redige {
            objet: "Une délégation de votre espace assuré a pris fin",
            texte: format!(
                "Bonjour,\n\nUne délégation que vous aviez donnée pour agir dans votre espace assuré a pris \
                 fin {} : la personne ne peut plus agir pour vous.\n\n\
                 Vous retrouvez vos délégations dans « Agir pour un proche » :\n{lien}\n\n{signature}\n\n--\n{SECURITE}\n",
                moment(courriel.cree_le)
            ),
        },
        // The code is what the email is for; it says nothing of the account it signs for.
        Nature::CodeMandat => Redige {
            objet: "Votre code de signature du mandat de prélèvement",
            texte: format!(
                "Bonjour,\n\nVoici le code qui signe votre mandat de prélèvement SEPA dans votre espace assuré : {}\n\n\
                 Il est valable 10 minutes et ne sert qu’une fois. Ne le communiquez à personne : la mutuelle ne \
                 vous le demandera jamais par téléphone.\n\n\
                 Si vous n’avez pas demandé à signer un mandat, ne faites rien et contactez-nous :\n{lien}\n\n{signature}\n\n--\n{SECURITE}\n",
                courriel.code.unwrap_or_default()
            ),
        },
        // To the establishment's admissions office: what the agreement says is in its PDF,
        // which names the patient; the email itself names no one.
        Nature::AccordPriseEnCharge => Redige {
            objet: "Accord de prise en charge hospitalière",
            texte: format!(
                "Madame, Monsieur,

Veuillez trouver ci-joint l’accord de prise en charge hospitalière que {mutuelle}                  a délivré pour un séjour dans votre établissement.

                 Le numéro d’accord qu’il porte est à rappeler sur votre facture, que vous adressez directement à                  la mutuelle pour la part qu’elle prend en charge.

{signature}
"
            ),
        },
    }
}

/// A security email about a change: what changed, then what to do if the member did not make it.
fn modification(objet: &'static str, constat: &str, lien: &Url, signature: &str) -> Redige {
    let texte = format!(
        "Bonjour,\n\n{constat}\n\n\
         Si vous êtes à l’origine de cette modification, vous n’avez rien à faire.\n\n\
         Si ce n’est pas vous, contactez-nous sans attendre, et fermez dans « Mes connexions » \
         les connexions que vous ne reconnaissez pas :\n{lien}\n\n{signature}\n\n--\n{SECURITE}\n"
    );
    Redige { objet, texte }
}

const SECURITE: &str =
    "Ce courriel de sécurité vous est toujours envoyé, quelles que soient vos préférences.";

/// "le 15/03/2026 à 10:41 (heure de Paris)".
fn moment(at: DateTime<Utc>) -> String {
    format!("le {}", impression::moment(at))
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn rediges(nature: Nature, lien: &str) -> Redige {
        let lien: Url = format!("https://espace.example/{lien}").parse().unwrap();
        let desabonnement: Url = "https://espace.example/_demo/desabonnement?jeton=7.abc".parse().unwrap();
        rediger(&Redaction {
            nature,
            lien: &lien,
            appareil: Some("Firefox sur Android"),
            code: Some("482913"),
            // 09:41 in UTC is 10:41 in Paris in winter.
            cree_le: Utc.with_ymd_and_hms(2026, 3, 15, 9, 41, 5).unwrap(),
            desabonnement: &desabonnement,
            mutuelle: "Mutuelle Cogévie",
        })
    }

    #[test]
    fn the_mandates_code_email_gives_the_code_and_nothing_of_the_account() {
        let redige = rediges(Nature::CodeMandat, "mutuelle/contrats-garanties");
        assert_eq!(redige.objet, "Votre code de signature du mandat de prélèvement");
        assert!(redige.texte.contains("mandat de prélèvement SEPA dans votre espace assuré : 482913"));
        assert!(redige.texte.contains("valable 10 minutes"));
        assert!(!redige.texte.contains("FR76"), "no bank details");
    }

    #[test]
    fn a_payment_alert_says_only_that_one_is_waiting_and_where() {
        let redige = rediges(Nature::Alerte(Alerte::Remboursement), "mutuelle/remboursements");
        assert_eq!(redige.objet, "Un nouveau remboursement est disponible dans votre espace assuré");
        assert_eq!(
            redige.texte,
            "Bonjour,\n\n\
             Un nouveau remboursement est disponible dans votre espace assuré.\n\n\
             Pour le consulter, connectez-vous à votre espace assuré :\n\
             https://espace.example/mutuelle/remboursements\n\n\
             Cordialement,\nMutuelle Cogévie\n\n--\n\
             Vous recevez ce courriel parce que l’alerte « Nouveau remboursement » est activée dans vos préférences. \
             Pour ne plus la recevoir :\nhttps://espace.example/_demo/desabonnement?jeton=7.abc\n"
        );
    }

    #[test]
    fn a_request_alert_and_a_document_alert_link_to_the_request() {
        let demande = rediges(Nature::Alerte(Alerte::Demande), "mutuelle/demandes/12");
        assert_eq!(demande.objet, "Votre demande a été mise à jour dans votre espace assuré");
        assert!(demande.texte.contains(
            "Votre demande a été mise à jour dans votre espace assuré.\n\n\
             Pour la consulter, connectez-vous à votre espace assuré :\nhttps://espace.example/mutuelle/demandes/12\n"
        ));
        assert!(demande.texte.contains("l’alerte « Mise à jour d’une demande »"));
        let document = rediges(Nature::Alerte(Alerte::Document), "mutuelle/demandes/12");
        assert_eq!(document.objet, "Un nouveau document est disponible dans votre espace assuré");
        assert!(document.texte.contains("https://espace.example/mutuelle/demandes/12\n"));
        assert!(document.texte.contains("l’alerte « Nouveau document »"));
    }

    #[test]
    fn the_bank_details_email_says_when_in_paris_time_and_what_to_do() {
        let redige = rediges(Nature::CoordonneesBancaires, "compte/informations-personnelles");
        assert_eq!(redige.objet, "Vos coordonnées bancaires ont été modifiées");
        assert_eq!(
            redige.texte,
            "Bonjour,\n\n\
             Les coordonnées bancaires de votre espace assuré ont été modifiées le 15/03/2026 à 10:41 (heure de Paris).\n\n\
             Si vous êtes à l’origine de cette modification, vous n’avez rien à faire.\n\n\
             Si ce n’est pas vous, contactez-nous sans attendre, et fermez dans « Mes connexions » les connexions \
             que vous ne reconnaissez pas :\nhttps://espace.example/compte/informations-personnelles\n\n\
             Cordialement,\nMutuelle Cogévie\n\n--\n\
             Ce courriel de sécurité vous est toujours envoyé, quelles que soient vos préférences.\n"
        );
    }

    #[test]
    fn the_new_device_email_names_the_device_and_the_moment() {
        let redige = rediges(Nature::NouvelAppareil, "compte/informations-personnelles");
        assert_eq!(redige.objet, "Nouvelle connexion à votre espace assuré");
        assert_eq!(
            redige.texte,
            "Bonjour,\n\n\
             Une connexion à votre espace assuré a eu lieu le 15/03/2026 à 10:41 (heure de Paris) depuis un appareil \
             que vous n’aviez encore jamais utilisé : Firefox sur Android.\n\n\
             Si c’est vous, vous n’avez rien à faire.\n\n\
             Si ce n’est pas vous, fermez cette connexion dans « Mes connexions » et contactez-nous sans attendre :\n\
             https://espace.example/compte/informations-personnelles\n\n\
             Cordialement,\nMutuelle Cogévie\n\n--\n\
             Ce courriel de sécurité vous est toujours envoyé, quelles que soient vos préférences.\n"
        );
    }

    #[test]
    fn the_agreement_email_to_the_establishment_names_no_patient_and_asks_for_the_number_on_the_invoice() {
        let redige = rediges(Nature::AccordPriseEnCharge, "mutuelle/demandes/12");
        assert_eq!(redige.objet, "Accord de prise en charge hospitalière");
        assert!(
            redige.texte.starts_with("Madame, Monsieur,\n\nVeuillez trouver ci-joint l’accord"),
            "{}",
            redige.texte
        );
        assert!(redige.texte.contains("à rappeler sur votre facture"));
        assert!(!redige.texte.contains("espace.example"), "no link to the members' space");
    }

    #[test]
    fn the_alerts_address_email_tells_the_address_replaced_when_and_what_to_do() {
        let redige = rediges(Nature::AdresseDesAlertes, "compte/informations-personnelles");
        assert_eq!(redige.objet, "L’adresse de vos alertes a été modifiée");
        assert!(redige.texte.starts_with(
            "Bonjour,\n\nL’adresse électronique à laquelle votre espace assuré envoie vos alertes a été modifiée \
             le 15/03/2026 à 10:41 (heure de Paris) : cette adresse-ci ne les recevra plus.\n\n\
             Si vous êtes à l’origine de cette modification, vous n’avez rien à faire."
        ), "{}", redige.texte);
        assert!(redige.texte.ends_with("quelles que soient vos préférences.\n"));
    }

    #[test]
    fn summer_time_is_paris_time_too() {
        assert_eq!(
            moment(Utc.with_ymd_and_hms(2026, 7, 1, 22, 30, 0).unwrap()),
            "le 02/07/2026 à 00:30 (heure de Paris)"
        );
    }

    #[test]
    fn only_alerts_carry_the_unsubscribe_link() {
        for nature in [Nature::CoordonneesBancaires, Nature::NouvelAppareil] {
            assert!(!rediges(nature, "compte/informations-personnelles").texte.contains("desabonnement"));
        }
    }
}
