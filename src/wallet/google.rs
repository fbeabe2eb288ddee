//! The Google Wallet « Ajouter » link: `https://pay.google.com/gp/v/save/{jwt}`, the JWT signed
//! (RS256) with the issuer's service-account key and carrying the card as a generic object of the
//! partner's class, its 2D code as a QR code (docs/operations/wallet.md). Google makes the object
//! when the member saves it; the portal never calls Google.

use anyhow::Context as _;
use chrono::{DateTime, NaiveTime, TimeZone as _, Utc};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};

use super::carte::{Carte, Marque, libelles};
use crate::config::GoogleWalletSettings;
use crate::error::ApiError;

/// Where the browser goes with the token.
pub const SAVE_URL: &str = "https://pay.google.com/gp/v/save/";

/// What the demo's objects say, as the Apple pass says it on its back.
const DEMONSTRATION: &str = "Carte de démonstration : signée par une clé de test, refusée par Google Wallet";

/// Makes the partner's links.
pub struct LinkSigner {
    issuer_id: String,
    service_account_email: String,
    class_suffix: String,
    key: EncodingKey,
    /// The portal's origin, which Google checks the link came from.
    origin: String,
    marque: Marque,
    demonstration: bool,
}

/// The private key of `text`: Google's JSON key file (its `private_key`), or a PEM alone.
fn private_key_pem(text: &str) -> anyhow::Result<String> {
    if text.trim_start().starts_with('{') {
        let key: Value = serde_json::from_str(text).context("not a JSON key file")?;
        return key["private_key"].as_str().map(str::to_owned).context("a JSON key file without private_key");
    }
    Ok(text.to_owned())
}

impl LinkSigner {
    pub fn from_settings(
        settings: &GoogleWalletSettings,
        marque: Marque,
        public_url: &url::Url,
        demonstration: bool,
    ) -> anyhow::Result<Self> {
        let path = settings.key_file.as_deref().context("wallet.google.key_file")?;
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("wallet.google.key_file: cannot read {}", path.display()))?;
        let key = EncodingKey::from_rsa_pem(private_key_pem(&text)?.as_bytes())
            .context("wallet.google.key_file: not an RSA private key (Google signs with RS256)")?;
        Ok(Self {
            issuer_id: settings.issuer_id.clone().unwrap_or_default(),
            service_account_email: settings.service_account_email.clone().unwrap_or_default(),
            class_suffix: settings.class_suffix.clone().unwrap_or_default(),
            key,
            origin: public_url.origin().ascii_serialization(),
            marque,
            demonstration,
        })
    }

    /// The claims of `carte`'s link, issued `now`.
    pub fn claims(&self, carte: &Carte, now: DateTime<Utc>) -> Value {
        let text = |header: &str, body: &str, id: &str| json!({ "id": id, "header": header, "body": body });
        let mut modules = vec![
            text(libelles::NUMERO_AMC, &carte.numero_amc, "numero_amc"),
            text(libelles::TYPE_CONVENTION, &carte.type_convention, "type_convention"),
            text(libelles::CRITERE_AIGUILLAGE, &carte.critere_aiguillage, "critere_aiguillage"),
            text(libelles::NUMERO_ADHERENT, &carte.numero_adherent, "numero_adherent"),
            text(libelles::VALIDITE, &carte.periode_de_validite(), "validite"),
        ];
        for (index, (nom, naissance)) in carte.personnes().iter().enumerate() {
            let id = format!("beneficiaire_{}", index + 1);
            modules.push(text(libelles::BENEFICIAIRE, &format!("{nom}, né(e) le {naissance}"), &id));
        }
        modules.push(text(libelles::DOMAINES, &carte.droits(), "domaines"));
        if self.demonstration {
            modules.insert(0, text("Démonstration", DEMONSTRATION, "demonstration"));
        }
        let moment = |date: chrono::NaiveDate, time: NaiveTime| {
            chrono_tz::Europe::Paris
                .from_local_datetime(&date.and_time(time))
                .earliest()
                .map(|at| at.to_rfc3339())
        };
        let start = moment(carte.date_debut_validite, NaiveTime::MIN);
        let end = moment(carte.date_fin_validite, NaiveTime::from_hms_opt(23, 59, 59).expect("a time"));
        let localized = |value: &str| json!({ "defaultValue": { "language": "fr", "value": value } });
        json!({
            "iss": self.service_account_email,
            "aud": "google",
            "typ": "savetowallet",
            "iat": now.timestamp(),
            "origins": [self.origin],
            "payload": {
                "genericObjects": [{
                    "id": format!("{}.{}", self.issuer_id, carte.serial()),
                    "classId": format!("{}.{}", self.issuer_id, self.class_suffix),
                    "state": "ACTIVE",
                    "cardTitle": localized(&carte.libelle_amc),
                    "header": localized(libelles::CARTE),
                    "subheader": localized(&self.marque.nom),
                    "hexBackgroundColor": self.marque.couleur,
                    "textModulesData": modules,
                    "barcode": {
                        "type": "QR_CODE",
                        "value": carte.code(),
                        "alternateText": format!("{} {}", libelles::NUMERO_ADHERENT, carte.numero_adherent),
                    },
                    "validTimeInterval": { "start": { "date": start }, "end": { "date": end } },
                }],
            },
        })
    }

    /// The « Ajouter à Google Wallet » link of `carte`.
    pub fn link(&self, carte: &Carte, now: DateTime<Utc>) -> Result<String, ApiError> {
        let token = jsonwebtoken::encode(&Header::new(Algorithm::RS256), &self.claims(carte, now), &self.key)
            .map_err(|error| ApiError::Internal(anyhow::anyhow!("the Google Wallet link: {error}")))?;
        Ok(format!("{SAVE_URL}{token}"))
    }
}

#[cfg(test)]
mod tests {
    use jsonwebtoken::{DecodingKey, Validation};
    use rsa::pkcs8::{EncodePrivateKey as _, EncodePublicKey as _, LineEnding};

    use super::*;
    use crate::wallet::carte::tests::carte;

    #[test]
    fn the_link_is_signed_with_the_issuers_key_and_carries_the_card() {
        let key = rsa::RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048).unwrap();
        let folder = tempfile::tempdir().unwrap();
        // As Google gives it: a JSON key file.
        let file = folder.path().join("key.json");
        let pem = key.to_pkcs8_pem(LineEnding::LF).unwrap().to_string();
        std::fs::write(&file, json!({ "type": "service_account", "private_key": pem }).to_string()).unwrap();
        let settings = GoogleWalletSettings {
            issuer_id: Some("3388000000012345678".into()),
            service_account_email: Some("wallet@partner.iam.gserviceaccount.com".into()),
            key_file: Some(file),
            class_suffix: Some("carte_tp".into()),
            test_material: false,
        };
        let marque = Marque { nom: "Mutuelle Cogévie".into(), couleur: "#0b5fa5".into() };
        let public_url = url::Url::parse("https://adherent.example.org/espace/").unwrap();
        let signer = LinkSigner::from_settings(&settings, marque, &public_url, false).unwrap();
        let link = signer.link(&carte(), Utc::now()).unwrap();
        let token = link.strip_prefix(SAVE_URL).unwrap();
        let public = key.to_public_key().to_public_key_pem(LineEnding::LF).unwrap();
        let mut validation = Validation::new(Algorithm::RS256);
        validation.set_audience(&["google"]);
        validation.set_required_spec_claims(&["aud"]);
        let claims = jsonwebtoken::decode::<Value>(
            token,
            &DecodingKey::from_rsa_pem(public.as_bytes()).unwrap(),
            &validation,
        )
        .unwrap()
        .claims;
        assert_eq!(claims["iss"], "wallet@partner.iam.gserviceaccount.com");
        assert_eq!(claims["typ"], "savetowallet");
        assert_eq!(claims["origins"], json!(["https://adherent.example.org"]));
        let object = &claims["payload"]["genericObjects"][0];
        assert_eq!(object["id"], format!("3388000000012345678.{}", carte().serial()));
        assert_eq!(object["classId"], "3388000000012345678.carte_tp");
        assert_eq!(
            object["barcode"],
            json!({ "type": "QR_CODE", "value": carte().code(), "alternateText": "Numéro d’adhérent 100001" })
        );
        assert_eq!(object["validTimeInterval"]["end"]["date"], "2026-12-31T23:59:59+01:00");
        assert_eq!(object["cardTitle"]["defaultValue"]["value"], "Mutuelle Cogévie");
        let modules = object["textModulesData"].to_string();
        assert!(modules.contains("Marie DUPONT, né(e) le 12/04/1980"), "{modules}");
        assert!(!modules.contains("monstration"), "{modules}");
        let wrong = rsa::RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048).unwrap().to_public_key();
        let wrong = wrong.to_public_key_pem(LineEnding::LF).unwrap();
        assert!(
            jsonwebtoken::decode::<Value>(
                token,
                &DecodingKey::from_rsa_pem(wrong.as_bytes()).unwrap(),
                &validation
            )
            .is_err()
        );
    }
}
