//! The partner mutual's brand. It reaches the SPA inside `index.html` as a JSON data block
//! (not executed, so compatible with `script-src 'self'`): no extra round trip at start-up.

use serde::Serialize;

use crate::assets::ExtraFile;
use crate::config::{AccessibiliteSettings, BrandSettings, logo_type};

/// Where a configured logo is served; the build's own logo otherwise.
const LOGO_PATH: &str = "/brand/logo";
const DEFAULT_LOGO_PATH: &str = "/logo.svg";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BrandJson<'a> {
    name: &'a str,
    provider: &'a str,
    public_site_url: &'a str,
    feedback_url: &'a str,
    primary_color: &'a str,
    logo_url: &'a str,
    accessibilite: &'a AccessibiliteSettings,
}

/// The `<script type="application/json" id="brand">` block inserted in `index.html`, with
/// the accessibility statement's parts (public, shown to anyone).
pub fn index_head(brand: &BrandSettings, accessibilite: &AccessibiliteSettings) -> String {
    let json = serde_json::to_string(&BrandJson {
        name: &brand.name,
        provider: &brand.provider,
        public_site_url: brand.public_site_url.as_str(),
        feedback_url: brand.feedback_url.as_str(),
        primary_color: &brand.primary_color,
        logo_url: if brand.logo.is_some() { LOGO_PATH } else { DEFAULT_LOGO_PATH },
        accessibilite,
    })
    .expect("brand serialises");
    // `<` never appears outside strings in JSON; escaping it keeps `</script>` in a brand
    // name from closing the block.
    let json = json.replace('<', "\\u003c");
    format!(r#"<script type="application/json" id="brand">{json}</script>"#)
}

/// The configured logo, to be served beside the build.
pub fn logo_file(brand: &BrandSettings) -> anyhow::Result<Option<ExtraFile>> {
    let Some(path) = &brand.logo else { return Ok(None) };
    Ok(Some(ExtraFile {
        path: LOGO_PATH.into(),
        content_type: logo_type(path).unwrap_or("application/octet-stream").into(),
        body: std::fs::read(path)?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_brand_name_cannot_close_the_script_block() {
        let brand = BrandSettings { name: "</script><script>alert(1)</script>".into(), ..Default::default() };
        let head = index_head(&brand, &AccessibiliteSettings::default());
        assert_eq!(head.matches("</script>").count(), 1, "{head}");
        let json = head
            .trim_start_matches(r#"<script type="application/json" id="brand">"#)
            .trim_end_matches("</script>");
        let parsed: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(parsed["name"], "</script><script>alert(1)</script>");
    }

    #[test]
    fn the_accessibility_statement_reaches_the_spa_in_camel_case() {
        let statement = AccessibiliteSettings {
            etat: "partiellement conforme".into(),
            taux_conformite: Some(87.5),
            date_audit: "2026-09-15".parse().ok(),
            ..Default::default()
        };
        let head = index_head(&BrandSettings::default(), &statement);
        assert!(head.contains(r#""accessibilite":{"etat":"partiellement conforme","tauxConformite":87.5,"dateAudit":"2026-09-15""#), "{head}");
        assert!(head.contains(r#""contactEmail":"accessibilite@example.org""#), "{head}");
    }
}
