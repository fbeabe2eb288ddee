//! `[brand]`, `[accessibilite]` and `[mediateur]`: what the portal says of the mutual.

use std::path::Path;
use std::path::PathBuf;

use serde::Deserialize;
use url::Url;

use super::problems::Problems;

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BrandSettings {
    /// The mutual's name, as in "Retour au site de {name}".
    pub name: String,
    /// Name shown in "Remb. {provider}".
    pub provider: String,
    pub public_site_url: Url,
    pub feedback_url: Url,
    /// `#rgb` or `#rrggbb`; becomes the SPA's `--brand-primary`.
    pub primary_color: String,
    /// An SVG, PNG, JPEG or WebP file served at `/brand/logo`; the embedded logo when absent.
    pub logo: Option<PathBuf>,
    /// A JSON object of front-end catalogue keys and the partner's texts (see `messages`).
    pub messages_file: Option<PathBuf>,
}

impl Default for BrandSettings {
    fn default() -> Self {
        Self {
            name: "Mutuelle Cogévie".into(),
            provider: "Cogévie".into(),
            public_site_url: Url::parse("https://www.example.org/").expect("static URL"),
            feedback_url: Url::parse("https://www.example.org/avis").expect("static URL"),
            primary_color: "#0b5fa5".into(),
            logo: None,
            messages_file: None,
        }
    }
}

/// The accessibility statement (`/home/accessibilite`), whose parts French law (RGAA) requires:
/// the conformity state and the audit behind it, what does not conform or is exempted, and
/// whom to write to. The organisation is `brand.name`.
#[derive(Debug, Clone, Deserialize, serde::Serialize)]
#[serde(default, deny_unknown_fields, rename_all(serialize = "camelCase"))]
pub struct AccessibiliteSettings {
    /// "non conforme", "partiellement conforme" or "totalement conforme".
    pub etat: String,
    /// Share of the RGAA criteria met at the last audit, in percent; none before an audit.
    pub taux_conformite: Option<f64>,
    /// The last audit's date (YYYY-MM-DD) and who made it.
    pub date_audit: Option<chrono::NaiveDate>,
    pub auditeur: Option<String>,
    /// Criteria or contents that do not conform, one sentence each.
    pub non_conformites: Vec<String>,
    /// Contents exempted (disproportionate burden, third-party content, ...), one sentence each.
    pub derogations: Vec<String>,
    /// Where members report a problem or ask for an accessible alternative.
    pub contact_email: String,
    pub contact_url: Option<Url>,
}

impl Default for AccessibiliteSettings {
    fn default() -> Self {
        Self {
            // Until an audit says otherwise, the law's own wording for a site never audited.
            etat: "non conforme".into(),
            taux_conformite: None,
            date_audit: None,
            auditeur: None,
            non_conformites: Vec::new(),
            derogations: Vec::new(),
            contact_email: "accessibilite@example.org".into(),
            contact_url: None,
        }
    }
}

/// The consumer mediator a member may refer a complaint to once the mutual has refused it
/// (Code de la consommation, L612-1): named, with how to reach it, on a refused complaint.
#[derive(Debug, Clone, Deserialize, serde::Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct MediateurSettings {
    pub nom: String,
    /// The postal address, one line each.
    pub adresse: Vec<String>,
    /// Where a member refers a complaint online.
    pub site: Url,
}

impl Default for MediateurSettings {
    fn default() -> Self {
        Self {
            nom: "Médiateur de la Mutualité française".into(),
            adresse: vec!["FNMF".into(), "255 rue de Vaugirard".into(), "75719 Paris Cedex 15".into()],
            site: Url::parse("https://www.mediateur-mutualite.fr/").expect("static URL"),
        }
    }
}

/// The conformity states of the RGAA.
pub const ETATS_ACCESSIBILITE: [&str; 3] = ["non conforme", "partiellement conforme", "totalement conforme"];

impl BrandSettings {
    pub(super) fn validate(&self, problems: &mut Problems) {
        if !is_hex_colour(&self.primary_color) {
            problems.add(
                "brand.primary_color",
                format!("expected #rgb or #rrggbb, got \"{}\"", self.primary_color),
            );
        }
        if let Some(logo) = &self.logo
            && let Err(problem) = check_logo(logo)
        {
            problems.add("brand.logo", problem);
        }
        problems.http_url("brand.public_site_url", &self.public_site_url);
        problems.http_url("brand.feedback_url", &self.feedback_url);
        if let Some(Err(file_problems)) = self.messages_file.as_deref().map(crate::messages::read) {
            for problem in file_problems {
                problems.add("brand.messages_file", problem);
            }
        }
    }
}

impl AccessibiliteSettings {
    pub(super) fn validate(&self, problems: &mut Problems) {
        if !ETATS_ACCESSIBILITE.contains(&self.etat.as_str()) {
            problems.add(
                "accessibilite.etat",
                format!(
                    "expected one of {}, got \"{}\"",
                    ETATS_ACCESSIBILITE.map(|etat| format!("\"{etat}\"")).join(", "),
                    self.etat
                ),
            );
        }
        if self.taux_conformite.is_some_and(|taux| !(0.0..=100.0).contains(&taux)) {
            problems.add("accessibilite.taux_conformite", "a percentage, from 0 to 100");
        }
        if !self.contact_email.contains('@') {
            problems.add("accessibilite.contact_email", "an email address");
        }
    }
}

impl MediateurSettings {
    pub(super) fn validate(&self, problems: &mut Problems) {
        if self.nom.trim().is_empty() {
            problems.add("mediateur.nom", "the mediator's name");
        }
        if self.adresse.is_empty()
            || self.adresse.len() > 6
            || self.adresse.iter().any(|line| line.trim().is_empty())
        {
            problems.add("mediateur.adresse", "one to six lines of postal address, none empty");
        }
        problems.http_url("mediateur.site", &self.site);
    }
}

pub(super) const MAX_LOGO_BYTES: u64 = 1024 * 1024;

/// A logo's media type, from its extension.
pub fn logo_type(path: &Path) -> Option<&'static str> {
    match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
        "svg" => Some("image/svg+xml"),
        "png" => Some("image/png"),
        "jpg" | "jpeg" => Some("image/jpeg"),
        "webp" => Some("image/webp"),
        _ => None,
    }
}

/// Checked with the rest of the configuration, so that a wrong logo stops start-up early.
pub(super) fn check_logo(path: &Path) -> Result<(), String> {
    logo_type(path).ok_or("expected an .svg, .png, .jpg or .webp file")?;
    let metadata = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if metadata.len() > MAX_LOGO_BYTES {
        return Err(format!("{} is larger than 1 MiB", path.display()));
    }
    Ok(())
}

pub(super) fn is_hex_colour(value: &str) -> bool {
    value
        .strip_prefix('#')
        .is_some_and(|hex| matches!(hex.len(), 3 | 6) && hex.chars().all(|c| c.is_ascii_hexdigit()))
}
