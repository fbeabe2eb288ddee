//! The Apple Wallet pass (`.pkpass`): a ZIP of `pass.json` (the card in Apple's `generic`
//! style, its 2D code as a QR code), the images Apple requires, `manifest.json` (each file's
//! SHA-1) and `signature`, a detached CMS SignedData over the manifest made with the partner's
//! Pass Type ID certificate and key, carrying that certificate and Apple's WWDR intermediate
//! (docs/operations/wallet.md). Built with RustCrypto's CMS builder, never by hand.

use std::io::{Cursor, Write as _};

use anyhow::Context as _;
use chrono::{NaiveTime, TimeZone as _};
use cms::builder::{SignedDataBuilder, SignerInfoBuilder, create_signing_time_attribute};
use cms::cert::CertificateChoices;
use cms::cert::x509::Certificate;
use cms::cert::x509::der::{self, DecodePem as _, Encode as _};
use cms::cert::x509::spki::{AlgorithmIdentifierOwned, EncodePublicKey as _};
use cms::signed_data::{EncapsulatedContentInfo, SignerIdentifier};
use rsa::sha2::{Digest as _, Sha256};
use serde_json::{Value, json};
use sha1::Sha1;
use zip::CompressionMethod;
use zip::write::{SimpleFileOptions, ZipWriter};

use super::carte::{Carte, DEMONSTRATION, Marque, date, libelles};
use crate::config::AppleWalletSettings;
use crate::error::ApiError;

pub const MEDIA_TYPE: &str = "application/vnd.apple.pkpass";

/// The Pass Type ID key: RSA as Apple issues it; ECDSA P-256 for the demo's test certificate.
enum PassKey {
    Rsa(Box<rsa::pkcs1v15::SigningKey<Sha256>>),
    P256(p256::ecdsa::SigningKey),
}

impl PassKey {
    fn from_pem(pem: &str) -> anyhow::Result<Self> {
        use p256::pkcs8::DecodePrivateKey as _;
        use rsa::pkcs1::DecodeRsaPrivateKey as _;
        if let Ok(key) =
            rsa::RsaPrivateKey::from_pkcs8_pem(pem).or_else(|_| rsa::RsaPrivateKey::from_pkcs1_pem(pem))
        {
            return Ok(Self::Rsa(Box::new(rsa::pkcs1v15::SigningKey::new(key))));
        }
        let key = p256::SecretKey::from_pkcs8_pem(pem)
            .or_else(|_| p256::SecretKey::from_sec1_pem(pem))
            .map_err(|_| anyhow::anyhow!("neither an RSA nor an ECDSA P-256 private key in PEM"))?;
        Ok(Self::P256(key.into()))
    }

    /// The public key, as a certificate holds it.
    fn public_der(&self) -> anyhow::Result<Vec<u8>> {
        Ok(match self {
            Self::Rsa(key) => rsa::RsaPublicKey::from(key.as_ref().as_ref()).to_public_key_der()?.into_vec(),
            Self::P256(key) => key.verifying_key().to_public_key_der()?.into_vec(),
        })
    }
}

/// Makes the partner's passes.
pub struct PassSigner {
    pass_type_identifier: String,
    team_identifier: String,
    certificate: Certificate,
    wwdr: Certificate,
    key: PassKey,
    marque: Marque,
    /// icon.png, icon@2x.png, logo.png: drawn once in the brand's colour.
    images: Vec<(&'static str, Vec<u8>)>,
    /// The demo's passes say on their back that no iPhone takes them.
    demonstration: bool,
}

fn read(path: Option<&std::path::Path>, what: &str) -> anyhow::Result<String> {
    let path = path.with_context(|| format!("wallet.apple.{what}"))?;
    std::fs::read_to_string(path)
        .with_context(|| format!("wallet.apple.{what}: cannot read {}", path.display()))
}

impl PassSigner {
    pub fn from_settings(
        settings: &AppleWalletSettings,
        marque: Marque,
        demonstration: bool,
    ) -> anyhow::Result<Self> {
        let certificate =
            Certificate::from_pem(read(settings.certificate_file.as_deref(), "certificate_file")?).map_err(
                |error| anyhow::anyhow!("wallet.apple.certificate_file: not a certificate in PEM: {error}"),
            )?;
        let wwdr =
            Certificate::from_pem(read(settings.wwdr_certificate_file.as_deref(), "wwdr_certificate_file")?)
                .map_err(|error| {
                    anyhow::anyhow!("wallet.apple.wwdr_certificate_file: not a certificate in PEM: {error}")
                })?;
        let key = PassKey::from_pem(&read(settings.key_file.as_deref(), "key_file")?)
            .context("wallet.apple.key_file")?;
        let certified = certificate.tbs_certificate.subject_public_key_info.to_der()?;
        anyhow::ensure!(
            key.public_der()? == certified,
            "wallet.apple.key_file: not the key of wallet.apple.certificate_file"
        );
        let (red, green, blue) = marque.rgb();
        let images = vec![
            ("icon.png", png::square(29, (red, green, blue))),
            ("icon@2x.png", png::square(58, (red, green, blue))),
            ("logo.png", png::band(160, 50, (red, green, blue))),
        ];
        Ok(Self {
            pass_type_identifier: settings.pass_type_identifier.clone().unwrap_or_default(),
            team_identifier: settings.team_identifier.clone().unwrap_or_default(),
            certificate,
            wwdr,
            key,
            marque,
            images,
            demonstration,
        })
    }

    /// The `.pkpass` of `carte`.
    pub fn pass(&self, carte: &Carte) -> Result<Vec<u8>, ApiError> {
        let pass_json = serde_json::to_vec_pretty(&self.pass_json(carte)).expect("a pass serialises");
        let mut files: Vec<(&str, Vec<u8>)> = vec![("pass.json", pass_json)];
        files.extend(self.images.iter().map(|(name, bytes)| (*name, bytes.clone())));
        let manifest: serde_json::Map<String, Value> = files
            .iter()
            .map(|(name, bytes)| ((*name).to_owned(), Value::String(hex::encode(Sha1::digest(bytes)))))
            .collect();
        let manifest = serde_json::to_vec(&manifest).expect("a manifest serialises");
        let signature = self.sign(&manifest).map_err(ApiError::Internal)?;
        files.push(("manifest.json", manifest));
        files.push(("signature", signature));
        zipped(&files).map_err(ApiError::Internal)
    }

    /// `pass.json`: the card in Apple's `generic` style.
    pub fn pass_json(&self, carte: &Carte) -> Value {
        let (red, green, blue) = self.marque.rgb();
        let field =
            |key: &str, label: &str, value: &str| json!({ "key": key, "label": label, "value": value });
        let mut back: Vec<Value> = carte
            .personnes()
            .iter()
            .enumerate()
            .map(|(index, (nom, naissance))| {
                field(
                    &format!("beneficiaire{}", index + 1),
                    libelles::BENEFICIAIRE,
                    &format!("{nom}, né(e) le {naissance}"),
                )
            })
            .collect();
        back.push(field("domaines", libelles::DOMAINES, &carte.droits()));
        back.push(field("validite", libelles::VALIDITE, &carte.periode_de_validite()));
        if self.demonstration {
            back.insert(0, field("demonstration", "Démonstration", DEMONSTRATION));
        }
        // The last moment of the card's last day, in France.
        let fin = chrono_tz::Europe::Paris
            .from_local_datetime(
                &carte.date_fin_validite.and_time(NaiveTime::from_hms_opt(23, 59, 59).expect("a time")),
            )
            .earliest()
            .map(|fin| fin.to_rfc3339());
        let beneficiaires = carte.personnes().into_iter().map(|(nom, _)| nom).collect::<Vec<_>>().join(", ");
        json!({
            "formatVersion": 1,
            "passTypeIdentifier": self.pass_type_identifier,
            "teamIdentifier": self.team_identifier,
            "serialNumber": carte.serial(),
            "organizationName": self.marque.nom,
            "description": format!("{} — {}", libelles::CARTE, carte.libelle_amc),
            "logoText": libelles::CARTE,
            "backgroundColor": format!("rgb({red}, {green}, {blue})"),
            "foregroundColor": "rgb(255, 255, 255)",
            "labelColor": "rgb(255, 255, 255)",
            "expirationDate": fin,
            // Health data: not to be sent on from the phone.
            "sharingProhibited": true,
            "barcodes": [{
                "format": "PKBarcodeFormatQR",
                "message": carte.code(),
                "messageEncoding": "iso-8859-1",
                "altText": format!("{} {}", libelles::NUMERO_ADHERENT, carte.numero_adherent),
            }],
            "generic": {
                "headerFields": [field("fin", "Valable jusqu’au", &date(carte.date_fin_validite))],
                "primaryFields": [field("amc", "Mutuelle", &carte.libelle_amc)],
                "secondaryFields": [
                    field("numeroAmc", libelles::NUMERO_AMC, &carte.numero_amc),
                    field("typeConvention", libelles::TYPE_CONVENTION, &carte.type_convention),
                    field("critereAiguillage", libelles::CRITERE_AIGUILLAGE, &carte.critere_aiguillage),
                ],
                "auxiliaryFields": [
                    field("numeroAdherent", libelles::NUMERO_ADHERENT, &carte.numero_adherent),
                    field("beneficiaires", "Personnes couvertes", &beneficiaires),
                ],
                "backFields": back,
            },
        })
    }

    /// The detached CMS SignedData (DER) over `manifest`: SHA-256, with the signing time, the
    /// content type and the manifest's digest as signed attributes, the Pass Type ID
    /// certificate and the WWDR intermediate in its certificates.
    pub fn sign(&self, manifest: &[u8]) -> anyhow::Result<Vec<u8>> {
        let digest = Sha256::digest(manifest);
        let content =
            EncapsulatedContentInfo { econtent_type: der::oid::db::rfc5911::ID_DATA, econtent: None };
        let sha256 = AlgorithmIdentifierOwned { oid: der::oid::db::rfc5912::ID_SHA_256, parameters: None };
        let signer = SignerIdentifier::IssuerAndSerialNumber(cms::cert::IssuerAndSerialNumber {
            issuer: self.certificate.tbs_certificate.issuer.clone(),
            serial_number: self.certificate.tbs_certificate.serial_number.clone(),
        });
        fn failed(error: impl std::fmt::Display) -> anyhow::Error {
            anyhow::anyhow!("the pass's signature: {error}")
        }
        let mut signed = SignedDataBuilder::new(&content);
        signed
            .add_digest_algorithm(sha256.clone())
            .and_then(|signed| {
                signed.add_certificate(CertificateChoices::Certificate(self.certificate.clone()))
            })
            .and_then(|signed| signed.add_certificate(CertificateChoices::Certificate(self.wwdr.clone())))
            .map_err(failed)?;
        let signing_time = create_signing_time_attribute().map_err(failed)?;
        match &self.key {
            PassKey::Rsa(key) => signer_info::<_, rsa::pkcs1v15::Signature>(
                &mut signed,
                SignerInfoBuilder::new(key.as_ref(), signer, sha256, &content, Some(&digest))
                    .map_err(failed)?,
                signing_time,
            ),
            PassKey::P256(key) => signer_info::<_, p256::ecdsa::DerSignature>(
                &mut signed,
                SignerInfoBuilder::new(key, signer, sha256, &content, Some(&digest)).map_err(failed)?,
                signing_time,
            ),
        }
        .map_err(failed)?;
        signed.build().map_err(failed)?.to_der().map_err(failed)
    }
}

/// `info` with its signing time, added to `signed`: the same for either kind of key.
fn signer_info<'s, K, S>(
    signed: &mut SignedDataBuilder<'s>,
    mut info: SignerInfoBuilder<'s, K>,
    signing_time: cms::cert::x509::attr::Attribute,
) -> Result<(), cms::builder::Error>
where
    K: rsa::signature::Keypair
        + cms::cert::x509::spki::DynSignatureAlgorithmIdentifier
        + rsa::signature::Signer<S>,
    K::VerifyingKey: cms::cert::x509::spki::EncodePublicKey,
    S: cms::cert::x509::spki::SignatureBitStringEncoding,
{
    info.add_signed_attribute(signing_time)?;
    signed.add_signer_info::<K, S>(info)?;
    Ok(())
}

/// The files in a ZIP, deflated.
fn zipped(files: &[(&str, Vec<u8>)]) -> anyhow::Result<Vec<u8>> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    for (name, bytes) in files {
        zip.start_file(*name, options)?;
        zip.write_all(bytes)?;
    }
    Ok(zip.finish()?.into_inner())
}

/// The pass's images: plain shapes in the brand's colour, drawn at start (Apple requires an
/// icon; a partner wanting its own artwork is docs/operations/wallet.md's « later »).
mod png {
    use std::io::Write as _;

    /// An RGBA image as PNG: signature, header, one zlib stream of filtered rows, end.
    fn encode(width: u32, height: u32, pixel: impl Fn(u32, u32) -> [u8; 4]) -> Vec<u8> {
        let mut raw = Vec::with_capacity(((width * 4 + 1) * height) as usize);
        for y in 0..height {
            raw.push(0); // filter: none
            for x in 0..width {
                raw.extend_from_slice(&pixel(x, y));
            }
        }
        let mut deflate = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        deflate.write_all(&raw).expect("in memory");
        let data = deflate.finish().expect("in memory");
        let mut header = Vec::new();
        header.extend_from_slice(&width.to_be_bytes());
        header.extend_from_slice(&height.to_be_bytes());
        header.extend_from_slice(&[8, 6, 0, 0, 0]); // 8 bits, RGBA, deflate, filter 0, no interlace
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        for (kind, body) in [(b"IHDR", header.as_slice()), (b"IDAT", &data), (b"IEND", &[])] {
            png.extend_from_slice(&u32::try_from(body.len()).expect("small").to_be_bytes());
            let mut crc = flate2::Crc::new();
            crc.update(kind);
            crc.update(body);
            png.extend_from_slice(kind);
            png.extend_from_slice(body);
            png.extend_from_slice(&crc.sum().to_be_bytes());
        }
        png
    }

    /// A square of the colour with a white band across: a card, at icon size.
    pub fn square(side: u32, (red, green, blue): (u8, u8, u8)) -> Vec<u8> {
        encode(side, side, |_, y| {
            if (side * 3 / 5..side * 4 / 5).contains(&y) {
                [255, 255, 255, 255]
            } else {
                [red, green, blue, 255]
            }
        })
    }

    /// A rounded-off band of the colour: the logo's place.
    pub fn band(width: u32, height: u32, (red, green, blue): (u8, u8, u8)) -> Vec<u8> {
        encode(width, height, |x, y| {
            let inside = (4..height - 4).contains(&y) && (4..width - 4).contains(&x);
            if inside { [red, green, blue, 255] } else { [0, 0, 0, 0] }
        })
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read as _;

    use cms::cert::x509::der::Decode as _;

    use super::*;
    use crate::wallet::carte::tests::carte;

    /// Test files: an authority, a Pass Type ID certificate it issued and that certificate's
    /// key (ECDSA P-256, as the demo's), and a second key of no certificate.
    pub(crate) struct Material {
        pub folder: tempfile::TempDir,
        pub authority: std::path::PathBuf,
        pub certificate: std::path::PathBuf,
        pub key: std::path::PathBuf,
        pub other_key: std::path::PathBuf,
    }

    pub(crate) fn material() -> Material {
        let folder = tempfile::tempdir().unwrap();
        let write = |name: &str, text: String| {
            let path = folder.path().join(name);
            std::fs::write(&path, text).unwrap();
            path
        };
        let authority_key = rcgen::KeyPair::generate().unwrap();
        let mut authority = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        authority.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        authority.distinguished_name.push(rcgen::DnType::CommonName, "Autorité de test");
        let authority_file = write("ca.pem", authority.self_signed(&authority_key).unwrap().pem());
        let issuer = rcgen::Issuer::from_params(&authority, &authority_key);
        let key = rcgen::KeyPair::generate().unwrap();
        let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        params.distinguished_name.push(rcgen::DnType::CommonName, "Pass Type ID: pass.org.example.test");
        let certificate = write("pass.pem", params.signed_by(&key, &issuer).unwrap().pem());
        Material {
            authority: authority_file,
            certificate,
            key: write("pass.key", key.serialize_pem()),
            other_key: write("other.key", rcgen::KeyPair::generate().unwrap().serialize_pem()),
            folder,
        }
    }

    fn settings(material: &Material, key: &std::path::Path) -> AppleWalletSettings {
        AppleWalletSettings {
            pass_type_identifier: Some("pass.org.example.test".into()),
            team_identifier: Some("TEAM000000".into()),
            certificate_file: Some(material.certificate.clone()),
            key_file: Some(key.to_owned()),
            wwdr_certificate_file: Some(material.authority.clone()),
            test_material: false,
        }
    }

    fn pass_signer(demonstration: bool) -> (PassSigner, Material) {
        let material = material();
        let marque = Marque { nom: "Mutuelle Cogévie".into(), couleur: "#0b5fa5".into() };
        let signer =
            PassSigner::from_settings(&settings(&material, &material.key), marque, demonstration).unwrap();
        (signer, material)
    }

    #[test]
    fn the_pass_shows_the_cards_fields_and_its_code() {
        let (signer, _folder) = pass_signer(true);
        let pass = signer.pass_json(&carte());
        assert_eq!(pass["formatVersion"], 1);
        assert_eq!(pass["passTypeIdentifier"], "pass.org.example.test");
        assert_eq!(pass["teamIdentifier"], "TEAM000000");
        assert_eq!(pass["serialNumber"], carte().serial());
        assert_eq!(pass["organizationName"], "Mutuelle Cogévie");
        assert_eq!(pass["backgroundColor"], "rgb(11, 95, 165)");
        assert_eq!(pass["expirationDate"], "2026-12-31T23:59:59+01:00");
        assert_eq!(pass["barcodes"][0]["format"], "PKBarcodeFormatQR");
        assert_eq!(pass["barcodes"][0]["message"], carte().code());
        assert_eq!(pass["barcodes"][0]["messageEncoding"], "iso-8859-1");
        let text = pass["generic"].to_string();
        for shown in [
            "77553311",
            "SP",
            "01",
            "100001",
            "Mutuelle Cogévie",
            "Marie DUPONT, né(e) le 12/04/1980",
            "PHAR (Pharmacie) : 100 %",
        ] {
            assert!(text.contains(shown), "{shown} in {text}");
        }
        assert_eq!(pass["generic"]["backFields"][0]["value"], DEMONSTRATION);
        let (partner, _folder) = pass_signer(false);
        assert!(!partner.pass_json(&carte()).to_string().contains("démonstration"));
    }

    #[test]
    fn the_manifest_holds_each_files_sha1_and_the_signature_its_own() {
        let (signer, _folder) = pass_signer(true);
        let pass = signer.pass(&carte()).unwrap();
        let mut archive = zip::ZipArchive::new(Cursor::new(pass)).unwrap();
        let mut read = |name: &str| {
            let mut bytes = Vec::new();
            archive.by_name(name).unwrap().read_to_end(&mut bytes).unwrap();
            bytes
        };
        let manifest: serde_json::Map<String, Value> =
            serde_json::from_slice(&read("manifest.json")).unwrap();
        assert_eq!(manifest.len(), 4, "{manifest:?}");
        for (name, sha1) in &manifest {
            assert_eq!(sha1.as_str().unwrap(), hex::encode(Sha1::digest(read(name))), "{name}");
        }
        assert!(read("icon.png").starts_with(b"\x89PNG"));
        let signature = read("signature");
        let content = cms::content_info::ContentInfo::from_der(&signature).unwrap();
        assert_eq!(content.content_type, der::oid::db::rfc5911::ID_SIGNED_DATA);
        let signed: cms::signed_data::SignedData = content.content.decode_as().unwrap();
        assert!(signed.encap_content_info.econtent.is_none(), "detached");
        assert_eq!(signed.certificates.unwrap().0.len(), 2, "the pass certificate and the WWDR");
        let info = signed.signer_infos.0.get(0).unwrap();
        let attributes = info.signed_attrs.as_ref().unwrap();
        assert!(attributes.iter().any(|attribute| attribute.oid == der::oid::db::rfc5911::ID_SIGNING_TIME));
    }

    #[test]
    fn a_key_that_is_not_the_certificates_is_refused_at_start() {
        let material = material();
        let marque = Marque { nom: "M".into(), couleur: "#000".into() };
        let refused = PassSigner::from_settings(&settings(&material, &material.other_key), marque, false)
            .err()
            .unwrap();
        assert!(refused.to_string().contains("not the key of"), "{refused:#}");
        let _ = &material.folder;
    }
}
