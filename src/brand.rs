//! The partner mutual's brand. It reaches the SPA inside `index.html` as a JSON data block
//! (not executed, so compatible with `script-src 'self'`): no extra round trip at start-up.

use serde::Serialize;

use crate::assets::ExtraFile;
use crate::config::{
    AccessibiliteSettings, BrandSettings, CaptchaProvider, MediateurSettings, Settings, logo_type,
};
use crate::messages::Overrides;

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
    mediateur: &'a MediateurSettings,
    /// The partner's rewordings of the front end's catalogue (`[brand] messages_file`).
    messages: &'a Overrides,
    captcha: CaptchaJson<'a>,
    /// Days without a sign-in on a device after which the card kept there is erased.
    kept_card_days: u32,
    /// Whether a member may pay what they owe by card (`[paiement]`): else no button offers it.
    paiement_en_ligne: bool,
    /// Which phone wallets take the card (`[wallet]`): else no button offers them.
    wallets: WalletsJson,
}

#[derive(Serialize)]
struct WalletsJson {
    apple: bool,
    google: bool,
}

/// What the SPA needs of `[captcha]`: the provider, and a hosted one's public site key.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CaptchaJson<'a> {
    provider: CaptchaProvider,
    #[serde(skip_serializing_if = "Option::is_none")]
    site_key: Option<&'a str>,
}

/// The `<script type="application/json" id="brand">` block inserted in `index.html`, with
/// the accessibility statement's parts and the mediator (public, shown to anyone).
pub fn index_head(settings: &Settings, messages: &Overrides) -> String {
    let brand = &settings.brand;
    let json = serde_json::to_string(&BrandJson {
        name: &brand.name,
        provider: &brand.provider,
        public_site_url: brand.public_site_url.as_str(),
        feedback_url: brand.feedback_url.as_str(),
        primary_color: &brand.primary_color,
        logo_url: if brand.logo.is_some() { LOGO_PATH } else { DEFAULT_LOGO_PATH },
        accessibilite: &settings.accessibilite,
        mediateur: &settings.mediateur,
        messages,
        captcha: CaptchaJson {
            provider: settings.captcha.provider,
            site_key: settings.captcha.site_key.as_deref().filter(|_| settings.captcha.provider.is_hosted()),
        },
        kept_card_days: settings.session.kept_card_days,
        paiement_en_ligne: settings.paiement.url.is_some(),
        wallets: WalletsJson {
            apple: settings.wallet.apple.is_set(),
            google: settings.wallet.google.is_set(),
        },
    })
    .expect("brand serialises");
    // `<` never appears outside strings in JSON; escaping it keeps `</script>` in a brand
    // name from closing the block.
    let json = json.replace('<', "\\u003c");
    // The colour is checked as `#rgb` or `#rrggbb` by the configuration: nothing to escape.
    format!(
        r#"<meta name="theme-color" content="{}"><script type="application/json" id="brand">{json}</script>"#,
        brand.primary_color
    )
}

/// The web app manifest (`/manifest.webmanifest`), from the partner's brand: installed on a
/// phone, the space opens on the home page, with a shortcut to the card kept for offline use.
pub fn manifest_file(brand: &BrandSettings) -> ExtraFile {
    let (logo_url, logo_type) = match &brand.logo {
        Some(path) => (LOGO_PATH, logo_type(path).unwrap_or("application/octet-stream")),
        None => (DEFAULT_LOGO_PATH, "image/svg+xml"),
    };
    let manifest = serde_json::json!({
        "name": format!("Espace assuré — {}", brand.name),
        "short_name": brand.provider,
        "lang": "fr",
        "start_url": "/home",
        "scope": "/",
        "display": "standalone",
        "theme_color": brand.primary_color,
        "background_color": "#ffffff",
        "icons": [{"src": logo_url, "sizes": "any", "type": logo_type, "purpose": "any"}],
        "shortcuts": [{"name": "Ma carte de Tiers Payant", "url": "/mutuelle/smart-carte"}],
    });
    ExtraFile {
        path: "/manifest.webmanifest".into(),
        content_type: "application/manifest+json".into(),
        body: serde_json::to_vec(&manifest).expect("a manifest serialises"),
    }
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
        let mut settings = Settings::default();
        settings.brand.name = "</script><script>alert(1)</script>".into();
        let head = index_head(&settings, &Overrides::new());
        assert_eq!(head.matches("</script>").count(), 1, "{head}");
        let json = head
            .split_once(r#"<script type="application/json" id="brand">"#)
            .unwrap()
            .1
            .trim_end_matches("</script>");
        let parsed: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(parsed["name"], "</script><script>alert(1)</script>");
    }

    #[test]
    fn the_manifest_carries_the_partner_s_name_and_colour() {
        let brand = BrandSettings {
            name: "Mutuelle Horizon".into(),
            primary_color: "#224466".into(),
            ..Default::default()
        };
        let file = manifest_file(&brand);
        let manifest: serde_json::Value = serde_json::from_slice(&file.body).unwrap();
        assert_eq!(manifest["name"], "Espace assuré — Mutuelle Horizon");
        assert_eq!(manifest["theme_color"], "#224466");
        assert_eq!(manifest["start_url"], "/home");
        assert!(
            index_head(&Settings { brand, ..Default::default() }, &Overrides::new())
                .starts_with(r##"<meta name="theme-color" content="#224466">"##)
        );
    }

    #[test]
    fn the_accessibility_statement_reaches_the_spa_in_camel_case() {
        let settings = Settings {
            accessibilite: AccessibiliteSettings {
                etat: "partiellement conforme".into(),
                taux_conformite: Some(87.5),
                date_audit: "2026-09-15".parse().ok(),
                ..Default::default()
            },
            ..Default::default()
        };
        let head = index_head(&settings, &Overrides::new());
        assert!(head.contains(r#""accessibilite":{"etat":"partiellement conforme","tauxConformite":87.5,"dateAudit":"2026-09-15""#), "{head}");
        assert!(head.contains(r#""contactEmail":"accessibilite@example.org""#), "{head}");
        assert!(
            head.contains(r#""mediateur":{"nom":"Médiateur de la Mutualité française","adresse":["FNMF","#),
            "{head}"
        );
    }

    #[test]
    fn the_rewordings_and_the_captcha_reach_the_spa_without_the_secret() {
        let mut settings = Settings::default();
        settings.captcha.provider = CaptchaProvider::Hcaptcha;
        settings.captcha.site_key = Some("10000000-ffff-ffff-ffff-000000000001".into());
        settings.captcha.secret = Some("0x-very-secret".to_owned().into());
        let messages = Overrides::from([("app.name".to_owned(), "Mon espace adhérent".to_owned())]);
        let head = index_head(&settings, &messages);
        assert!(head.contains(r#""messages":{"app.name":"Mon espace adhérent"}"#), "{head}");
        assert!(
            head.contains(
                r#""captcha":{"provider":"hcaptcha","siteKey":"10000000-ffff-ffff-ffff-000000000001"}"#
            ),
            "{head}"
        );
        assert!(!head.contains("very-secret"));
        assert!(index_head(&Settings::default(), &messages).contains(r#""captcha":{"provider":"altcha"}"#));
    }

    #[test]
    fn the_spa_offers_to_pay_online_only_with_a_provider_and_never_learns_its_key() {
        let mut settings = Settings::default();
        assert!(index_head(&settings, &Overrides::new()).contains(r#""paiementEnLigne":false"#));
        settings.paiement.url = Some("https://secure.payzen.eu/vads-payment/".parse().unwrap());
        settings.paiement.key = Some("the shop's secret key".to_owned().into());
        let head = index_head(&settings, &Overrides::new());
        assert!(head.contains(r#""paiementEnLigne":true"#), "{head}");
    }

    #[test]
    fn the_brand_says_which_wallets_take_the_card() {
        let mut settings = Settings::default();
        let head = index_head(&settings, &Overrides::new());
        assert!(head.contains(r#""wallets":{"apple":false,"google":false}"#), "{head}");
        settings.wallet.google.issuer_id = Some("3388000000012345678".into());
        let head = index_head(&settings, &Overrides::new());
        assert!(head.contains(r#""wallets":{"apple":false,"google":true}"#), "{head}");
        assert!(!head.contains("secret key"));
    }
}
