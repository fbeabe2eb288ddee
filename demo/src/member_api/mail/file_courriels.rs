//! The demo member API's mail queue: the rows of `courriels` not yet sent become messages
//! (built by lettre, as the portal builds its own) written as `.eml` files to the demo's
//! outbox, which `/_demo/outbox` lists; a real member API would hand them to its relay. A
//! message that cannot be written is tried again at the next rounds, a few times, then left
//! for an operator.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use chrono::{DateTime, Utc};
use lettre::Address;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, Message, MultiPart, SinglePart};
use rusqlite::Connection;
use url::Url;

use super::courriels::Nature;
use super::jeton_desabonnement::{self, CleDesabonnement};
use super::redaction::{self, Redaction};
use crate::member_api::store::courriels::{self, EnAttente};
use crate::member_api::store::documents::{self, Fichier};

/// Attempts an email gets before it is left unsent.
pub const TENTATIVES_MAX: i64 = 5;
/// How long an alert waits for the changes made with it: an operator who answers a request,
/// then moves its state, does so within seconds.
pub const GROUPEMENT: chrono::TimeDelta = chrono::TimeDelta::seconds(10);
/// Emails tried at one round: a backlog is worked off over a few rounds rather than holding
/// the connection for long.
const PAR_TOURNEE: i64 = 50;

/// Turns queued emails into messages in the outbox.
#[derive(Clone)]
pub struct Facteur {
    outbox: PathBuf,
    expediteur: Mailbox,
    public_url: Url,
    mutuelle: String,
    cle: CleDesabonnement,
}

/// What one round did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Tournee {
    pub envoyes: usize,
    pub echecs: usize,
}

/// Writes `message` to the outbox as `<uuid>.eml`, whole or not at all: it is written under
/// another name first, then renamed, so that whoever lists the outbox (its page, a test) never
/// reads half a message. lettre's file transport writes the final name directly.
fn deposer(outbox: &Path, message: &Message) -> std::io::Result<()> {
    let nom = uuid::Uuid::new_v4();
    let en_cours = outbox.join(format!("{nom}.eml.part"));
    std::fs::write(&en_cours, message.formatted())?;
    std::fs::rename(&en_cours, outbox.join(format!("{nom}.eml"))).inspect_err(|_| {
        let _ = std::fs::remove_file(&en_cours);
    })
}

impl Facteur {
    /// `expediteur`: `Name <address>`; `public_url`, with its trailing slash, starts the links.
    pub fn new(
        outbox: &Path,
        expediteur: &str,
        public_url: Url,
        mutuelle: String,
        cle: CleDesabonnement,
    ) -> anyhow::Result<Self> {
        Ok(Self {
            outbox: outbox.to_owned(),
            expediteur: expediteur.parse().with_context(|| format!("the sender \"{expediteur}\""))?,
            public_url,
            mutuelle,
            cle,
        })
    }

    /// Sends what waits, oldest first, as of `maintenant`: each email sent is marked so, each
    /// one that fails counts one attempt more. An alert waits [`GROUPEMENT`] first, so that the
    /// changes the mutual makes together reach the member as one email (see
    /// `courriels::mettre_en_file`); a security email leaves at once.
    pub fn tournee(&self, db: &Connection, maintenant: DateTime<Utc>) -> rusqlite::Result<Tournee> {
        let en_attente = courriels::a_envoyer(db, TENTATIVES_MAX, PAR_TOURNEE, maintenant - GROUPEMENT)?;
        let mut tournee = Tournee::default();
        for courriel in en_attente {
            let message =
                piece_jointe(db, &courriel).and_then(|jointe| self.message(&courriel, jointe, maintenant));
            match message.and_then(|message| Ok(deposer(&self.outbox, &message)?)) {
                Ok(_) => {
                    courriels::envoye(db, courriel.id, maintenant)?;
                    tournee.envoyes += 1;
                }
                Err(error) => {
                    let tentatives = courriels::tentative_echouee(db, courriel.id)?;
                    // The error may quote the address: the log names the row only.
                    tracing::warn!(
                        courriel = courriel.id,
                        tentatives,
                        "a member API email could not be sent"
                    );
                    tracing::debug!(courriel = courriel.id, error = %format!("{error:#}"), "why it could not");
                    if tentatives >= TENTATIVES_MAX {
                        tracing::error!(courriel = courriel.id, "a member API email is given up");
                    }
                    tournee.echecs += 1;
                }
            }
        }
        Ok(tournee)
    }

    /// The message of a queued email. Alerts go where the member's preferences say; security
    /// emails to the address on file, always: a session able to change where alerts go must
    /// not be able to send the warning about itself elsewhere.
    fn message(
        &self,
        courriel: &EnAttente,
        piece_jointe: Option<Fichier>,
        maintenant: DateTime<Utc>,
    ) -> anyhow::Result<Message> {
        let nature = Nature::parse(&courriel.nature).context("an unknown nature")?;
        let destinataire = match nature {
            Nature::Alerte(_) => courriel.email_alertes.as_deref().unwrap_or(&courriel.email_contact),
            Nature::CoordonneesBancaires
            | Nature::NouvelAppareil
            | Nature::DelegationUtilisee
            | Nature::DelegationTerminee
            | Nature::CodeMandat => &courriel.email_contact,
            // The address replaced: whoever changed it cannot send the warning elsewhere.
            Nature::AdresseDesAlertes => courriel.destinataire.as_deref().unwrap_or(&courriel.email_contact),
            // The establishment's, never the member's.
            Nature::AccordPriseEnCharge => {
                courriel.destinataire.as_deref().context("the establishment's address")?
            }
        };
        let destinataire: Address = destinataire.parse().context("the member's address")?;
        let lien = self.public_url.join(courriel.lien.trim_start_matches('/')).context("the link")?;
        let mut desabonnement = self.public_url.join(jeton_desabonnement::CHEMIN.trim_start_matches('/'))?;
        desabonnement.query_pairs_mut().append_pair("jeton", &self.cle.jeton(courriel.id));
        let cree_le = DateTime::parse_from_rfc3339(&courriel.cree_le).context("cree_le")?.with_timezone(&Utc);
        let redige = redaction::rediger(&Redaction {
            nature,
            lien: &lien,
            appareil: courriel.appareil.as_deref(),
            code: courriel.code.as_deref(),
            cree_le,
            desabonnement: &desabonnement,
            mutuelle: &self.mutuelle,
        });
        let builder = Message::builder()
            .from(self.expediteur.clone())
            .to(Mailbox::new(None, destinataire))
            .subject(redige.objet)
            .date(maintenant.into());
        let mut message = match piece_jointe {
            None => builder.header(ContentType::TEXT_PLAIN).body(redige.texte)?,
            Some(fichier) => builder.multipart(
                MultiPart::mixed().singlepart(SinglePart::plain(redige.texte)).singlepart(
                    Attachment::new(fichier.nom)
                        .body(fichier.contenu, ContentType::parse(&fichier.type_mime)?),
                ),
            )?,
        };
        if let Nature::Alerte(_) = nature {
            // RFC 2369 and RFC 8058: mail clients show an unsubscribe button, which unsubscribes
            // with one POST to the link, without opening a page.
            let headers = message.headers_mut();
            headers.insert_raw(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{desabonnement}>"),
            ));
            headers.insert_raw(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_owned(),
            ));
        }
        Ok(message)
    }
}

/// The document an email carries, read from the store.
fn piece_jointe(db: &Connection, courriel: &EnAttente) -> anyhow::Result<Option<Fichier>> {
    let Some(id) = courriel.piece_jointe else { return Ok(None) };
    documents::fichier(db, id)?.map(Some).context("the attached document is gone")
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, TimeZone};
    use mail_parser::MessageParser;

    use super::*;
    use crate::member_api::mail::courriels::{Courriel, INFORMATIONS_PERSONNELLES, mettre_en_file};
    use crate::member_api::store::database::testing;
    use crate::member_api::store::preferences::Alerte;

    const MARIE: &str = "100001";

    struct Banc {
        _dir: tempfile::TempDir,
        db: Connection,
        outbox: std::path::PathBuf,
        facteur: Facteur,
        cle: CleDesabonnement,
    }

    fn banc() -> Banc {
        let (dir, db) = testing::seeded(NaiveDate::from_ymd_opt(2026, 3, 15).unwrap());
        let outbox = dir.path().join("outbox");
        std::fs::create_dir(&outbox).unwrap();
        let cle = CleDesabonnement::charger_ou_creer(dir.path()).unwrap();
        let facteur = Facteur::new(
            &outbox,
            "Mutuelle Cogévie <ne-pas-repondre@mutuelle-cogevie.example>",
            "https://espace.example/".parse().unwrap(),
            "Mutuelle Cogévie".into(),
            cle.clone(),
        )
        .unwrap();
        Banc { _dir: dir, db, outbox, facteur, cle }
    }

    fn moment(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 15, 9, minute, 0).unwrap()
    }

    fn en_file(db: &Connection, nature: Nature, lien: &str) {
        assert!(
            mettre_en_file(
                db,
                MARIE,
                &Courriel { nature, lien, appareil: None, destinataire: None, piece_jointe: None },
                moment(0)
            )
            .unwrap()
        );
    }

    /// The messages in the outbox, as raw text.
    fn envoyes(outbox: &Path) -> Vec<String> {
        std::fs::read_dir(outbox)
            .unwrap()
            .map(|entry| std::fs::read_to_string(entry.unwrap().path()).unwrap())
            .collect()
    }

    #[test]
    fn an_alert_goes_to_the_alerts_address_with_its_one_click_unsubscribe() {
        let banc = banc();
        banc.db
            .execute(
                "INSERT INTO preferences (numero_personne, email_alertes) VALUES (?1, 'alertes@example.org')",
                [MARIE],
            )
            .unwrap();
        en_file(&banc.db, Nature::Alerte(Alerte::Remboursement), "/mutuelle/remboursements");
        assert_eq!(banc.facteur.tournee(&banc.db, moment(1)).unwrap(), Tournee { envoyes: 1, echecs: 0 });

        let [raw] = &envoyes(&banc.outbox)[..] else { panic!("one message") };
        let message = MessageParser::default().parse(raw.as_bytes()).unwrap();
        assert_eq!(
            message.subject(),
            Some("Un nouveau remboursement est disponible dans votre espace assuré")
        );
        assert_eq!(message.to().unwrap().first().unwrap().address(), Some("alertes@example.org"));
        assert_eq!(message.from().unwrap().first().unwrap().name(), Some("Mutuelle Cogévie"));
        let id: i64 = banc.db.query_row("SELECT id FROM courriels", [], |row| row.get(0)).unwrap();
        let lien = format!("https://espace.example/_demo/desabonnement?jeton={}", banc.cle.jeton(id));
        assert_eq!(message.header_raw("List-Unsubscribe").map(str::trim), Some(format!("<{lien}>").as_str()));
        assert_eq!(
            message.header_raw("List-Unsubscribe-Post").map(str::trim),
            Some("List-Unsubscribe=One-Click")
        );
        // Lines end in CRLF in a message, as MIME wants them.
        let texte = message.body_text(0).unwrap().replace("\r\n", "\n");
        assert!(texte.contains(&format!("Pour ne plus la recevoir :\n{lien}\n")), "{texte}");
        assert!(texte.contains("https://espace.example/mutuelle/remboursements\n"), "{texte}");
        assert!(texte.ends_with(&format!("{lien}\n")) && texte.contains("Cordialement,\nMutuelle Cogévie"));
        let envoye_le: Option<String> =
            banc.db.query_row("SELECT envoye_le FROM courriels", [], |row| row.get(0)).unwrap();
        assert_eq!(envoye_le.as_deref(), Some("2026-03-15T09:01:00Z"));
        assert_eq!(banc.facteur.tournee(&banc.db, moment(2)).unwrap(), Tournee::default(), "sent once");
    }

    #[test]
    fn a_security_email_goes_to_the_address_on_file_without_unsubscribe() {
        let banc = banc();
        banc.db
            .execute(
                "INSERT INTO preferences (numero_personne, email_alertes) VALUES (?1, 'alertes@example.org')",
                [MARIE],
            )
            .unwrap();
        en_file(&banc.db, Nature::CoordonneesBancaires, INFORMATIONS_PERSONNELLES);
        banc.facteur.tournee(&banc.db, moment(1)).unwrap();
        let [raw] = &envoyes(&banc.outbox)[..] else { panic!("one message") };
        let message = MessageParser::default().parse(raw.as_bytes()).unwrap();
        assert_eq!(message.subject(), Some("Vos coordonnées bancaires ont été modifiées"));
        assert_eq!(message.to().unwrap().first().unwrap().address(), Some("marie.dupont@example.org"));
        assert!(message.header_raw("List-Unsubscribe").is_none());
        assert!(message.header_raw("List-Unsubscribe-Post").is_none());
        assert!(!raw.contains("desabonnement"));
    }

    #[test]
    fn no_email_tells_an_amount_a_care_a_beneficiary_or_bank_details() {
        let banc = banc();
        for (nature, lien) in [
            (Nature::Alerte(Alerte::Remboursement), "/mutuelle/remboursements"),
            (Nature::Alerte(Alerte::Demande), "/mutuelle/demandes/1"),
            (Nature::Alerte(Alerte::Document), "/mutuelle/demandes/1"),
            (Nature::CoordonneesBancaires, INFORMATIONS_PERSONNELLES),
        ] {
            en_file(&banc.db, nature, lien);
        }
        assert_eq!(banc.facteur.tournee(&banc.db, moment(1)).unwrap().envoyes, 4);
        let secrets: Vec<String> = {
            let mut statement = banc
                .db
                .prepare(
                    "SELECT prenom FROM beneficiaires WHERE numero_personne = ?1
                     UNION SELECT libelle_acte FROM lignes_prestation l JOIN paiements p ON p.id = l.paiement_id
                        WHERE p.numero_personne = ?1
                     UNION SELECT substr(iban, 5) FROM comptes_bancaires c JOIN beneficiaires b ON b.id = c.beneficiaire_id
                        WHERE b.numero_personne = ?1",
                )
                .unwrap();
            statement.query_map([MARIE], |row| row.get(0)).unwrap().map(Result::unwrap).collect()
        };
        assert!(secrets.len() > 5);
        for raw in envoyes(&banc.outbox) {
            let texte =
                MessageParser::default().parse(raw.as_bytes()).unwrap().body_text(0).unwrap().into_owned();
            assert!(!texte.contains('€'), "{texte}");
            for secret in &secrets {
                assert!(!texte.contains(secret.as_str()), "{secret} in {texte}");
            }
        }
    }

    #[test]
    fn a_failure_counts_an_attempt_and_an_email_is_given_up_after_the_last() {
        let banc = banc();
        en_file(&banc.db, Nature::NouvelAppareil, INFORMATIONS_PERSONNELLES);
        std::fs::remove_dir(&banc.outbox).unwrap();
        for attempt in 1..=TENTATIVES_MAX {
            let tournee = banc.facteur.tournee(&banc.db, moment(attempt as u32)).unwrap();
            assert_eq!(tournee, Tournee { envoyes: 0, echecs: 1 }, "attempt {attempt}");
        }
        std::fs::create_dir(&banc.outbox).unwrap();
        assert_eq!(banc.facteur.tournee(&banc.db, moment(10)).unwrap(), Tournee::default(), "given up");
        let (tentatives, envoye_le): (i64, Option<String>) = banc
            .db
            .query_row("SELECT tentatives, envoye_le FROM courriels", [], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })
            .unwrap();
        assert_eq!((tentatives, envoye_le), (TENTATIVES_MAX, None));
    }

    #[test]
    fn changes_made_together_reach_the_member_as_one_alert_after_the_grouping_delay() {
        let banc = banc();
        let lien = "/mutuelle/demandes/1";
        en_file(&banc.db, Nature::Alerte(Alerte::Demande), lien);
        en_file(&banc.db, Nature::Alerte(Alerte::Demande), lien);
        en_file(&banc.db, Nature::NouvelAppareil, INFORMATIONS_PERSONNELLES);
        let avant = moment(0) + GROUPEMENT - chrono::TimeDelta::seconds(1);
        assert_eq!(banc.facteur.tournee(&banc.db, avant).unwrap().envoyes, 1, "the security email only");
        assert_eq!(banc.facteur.tournee(&banc.db, moment(0) + GROUPEMENT).unwrap().envoyes, 1, "one alert");
        assert_eq!(envoyes(&banc.outbox).len(), 2);
        en_file(&banc.db, Nature::Alerte(Alerte::Demande), lien);
        assert_eq!(banc.facteur.tournee(&banc.db, moment(1)).unwrap().envoyes, 1, "a later change is news");
    }

    #[test]
    fn an_email_that_failed_once_leaves_at_the_next_round() {
        let banc = banc();
        en_file(&banc.db, Nature::Alerte(Alerte::Demande), "/mutuelle/demandes/1");
        std::fs::remove_dir(&banc.outbox).unwrap();
        assert_eq!(banc.facteur.tournee(&banc.db, moment(1)).unwrap().echecs, 1);
        std::fs::create_dir(&banc.outbox).unwrap();
        assert_eq!(banc.facteur.tournee(&banc.db, moment(2)).unwrap(), Tournee { envoyes: 1, echecs: 0 });
        assert_eq!(envoyes(&banc.outbox).len(), 1);
    }
}
