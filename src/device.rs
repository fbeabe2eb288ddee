//! The browser and system a session was opened with, in the words « Mes connexions » shows
//! ("Firefox 133 sur Android"), read from the User-Agent at sign-in by woothee's rules.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Device {
    /// "Chrome 131", "Firefox 133", "Safari 18"; empty when unknown.
    pub browser: String,
    /// "Windows", "macOS", "Android", "iOS", "Linux"; empty when unknown.
    pub system: String,
}

const UNKNOWN: &str = "UNKNOWN";

impl Device {
    pub fn from_user_agent(user_agent: &str) -> Self {
        let Some(parsed) = woothee::parser::Parser::new().parse(user_agent) else { return Self::default() };
        let major = parsed.version.split('.').next().unwrap_or_default();
        let browser = match (parsed.name, major) {
            (UNKNOWN, _) => String::new(),
            (name, "" | UNKNOWN) => name.to_owned(),
            (name, major) => format!("{name} {major}"),
        };
        let system = match parsed.os {
            UNKNOWN => "",
            "Mac OSX" => "macOS",
            "iPhone" | "iPad" | "iPod" => "iOS",
            os if os.starts_with("Windows") => "Windows",
            os => os,
        };
        Self { browser, system: system.to_owned() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_browsers_are_named_with_their_major_version_and_system() {
        let firefox_android = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0";
        assert_eq!(
            Device::from_user_agent(firefox_android),
            Device { browser: "Firefox 133".into(), system: "Android".into() }
        );
        let chrome_windows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
        assert_eq!(
            Device::from_user_agent(chrome_windows),
            Device { browser: "Chrome 131".into(), system: "Windows".into() }
        );
        let safari_iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
        assert_eq!(
            Device::from_user_agent(safari_iphone),
            Device { browser: "Safari 18".into(), system: "iOS".into() }
        );
    }

    #[test]
    fn an_unknown_agent_is_left_blank() {
        assert_eq!(Device::from_user_agent("quelque-chose/1.0").browser, "");
        assert_eq!(Device::from_user_agent(""), Device::default());
    }
}
