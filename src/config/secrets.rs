//! Secrets from files. Each secret key `K` also accepts `K_file`, a file holding it (a
//! Kubernetes secret volume, a Docker or Podman secret), and, when neither is set, the systemd
//! credential named after the key (`oidc.client_secret`) in `$CREDENTIALS_DIRECTORY`
//! (`LoadCredential=` in the unit): a secret then sits neither in the configuration file nor in
//! the environment, which `/proc/PID/environ` and a container's description show.

use std::path::{Path, PathBuf};

use secrecy::SecretString;

use super::problems::Problems;
use super::settings::Settings;

/// What a secret file holds: its text, without the line break most editors and `echo` end
/// it with. An empty file is a mistake, not an empty secret.
fn read(path: &Path) -> Result<String, String> {
    let text =
        std::fs::read_to_string(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let text = text.strip_suffix('\n').map_or(text.as_str(), |text| text.strip_suffix('\r').unwrap_or(text));
    if text.is_empty() {
        return Err(format!("{} is empty", path.display()));
    }
    Ok(text.to_owned())
}

/// Where the secret of `key` comes from, if from a file: `K_file`, else its systemd credential.
fn source(
    key: &str,
    set: bool,
    file: Option<&Path>,
    credentials: Option<&Path>,
) -> Result<Option<PathBuf>, String> {
    match (set, file) {
        (true, Some(_)) => Err(format!("set either it or {key}_file, not both")),
        (false, Some(file)) => Ok(Some(file.to_owned())),
        (true, None) => Ok(None),
        (false, None) => Ok(credentials.map(|directory| directory.join(key)).filter(|path| path.is_file())),
    }
}

fn one(
    key: &str,
    value: &mut Option<SecretString>,
    file: Option<&Path>,
    credentials: Option<&Path>,
    problems: &mut Problems,
) {
    match source(key, value.is_some(), file, credentials)
        .and_then(|path| path.map(|path| read(&path)).transpose())
    {
        Ok(Some(secret)) => *value = Some(secret.into()),
        Ok(None) => {}
        Err(problem) => problems.add(key, problem),
    }
}

/// Reads every secret given as a file; `credentials` is `$CREDENTIALS_DIRECTORY`.
pub(super) fn read_files(settings: &mut Settings, credentials: Option<&Path>, problems: &mut Problems) {
    let Settings { server, oidc, session, upstream, captcha, mail, paiement, outbound, audit, .. } = settings;
    one(
        "server.metrics_token",
        &mut server.metrics_token,
        server.metrics_token_file.as_deref(),
        credentials,
        problems,
    );
    one(
        "oidc.client_secret",
        &mut oidc.client_secret,
        oidc.client_secret_file.as_deref(),
        credentials,
        problems,
    );
    one(
        "session.redis_url",
        &mut session.redis_url,
        session.redis_url_file.as_deref(),
        credentials,
        problems,
    );
    one(
        "session.redis_sentinel_password",
        &mut session.redis_sentinel_password,
        session.redis_sentinel_password_file.as_deref(),
        credentials,
        problems,
    );
    one(
        "session.cookie_key",
        &mut session.cookie_key,
        session.cookie_key_file.as_deref(),
        credentials,
        problems,
    );
    let cms = &mut upstream.cms;
    one("upstream.cms.api_token", &mut cms.api_token, cms.api_token_file.as_deref(), credentials, problems);
    one("captcha.secret", &mut captcha.secret, captcha.secret_file.as_deref(), credentials, problems);
    one("outbound.proxy", &mut outbound.proxy, outbound.proxy_file.as_deref(), credentials, problems);
    one("mail.smtp_url", &mut mail.smtp_url, mail.smtp_url_file.as_deref(), credentials, problems);
    one("paiement.key", &mut paiement.key, paiement.key_file.as_deref(), credentials, problems);
    if let Some(path) = &oidc.client_assertion_key_file {
        match read(path) {
            Ok(pem) => oidc.client_assertion_key = Some(pem.into()),
            Err(problem) => problems.add("oidc.client_assertion_key_file", problem),
        }
    }
    let key_file = audit.pseudonym_key_file.as_deref();
    one("audit.pseudonym_key", &mut audit.pseudonym_key, key_file, credentials, problems);
    // Several keys, one per line.
    let key = "session.encryption_keys";
    let path = source(
        key,
        !session.encryption_keys.is_empty(),
        session.encryption_keys_file.as_deref(),
        credentials,
    );
    match path.and_then(|path| path.map(|path| read(&path)).transpose()) {
        Ok(Some(lines)) => {
            session.encryption_keys = lines
                .lines()
                .map(str::trim)
                .filter(|line| !line.is_empty())
                .map(|line| line.to_owned().into())
                .collect();
        }
        Ok(None) => {}
        Err(problem) => problems.add(key, problem),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use secrecy::ExposeSecret;

    fn file(directory: &Path, name: &str, text: &str) -> PathBuf {
        let path = directory.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn a_secret_comes_from_its_file_without_the_final_line_break() {
        let directory = tempfile::tempdir().unwrap();
        let mut settings = Settings::default();
        settings.oidc.client_secret_file = Some(file(directory.path(), "secret", "s3cr3t\n"));
        settings.session.encryption_keys_file = Some(file(directory.path(), "keys", "first\r\n\nsecond\n"));
        let mut problems = Problems::default();
        read_files(&mut settings, None, &mut problems);
        assert!(problems.0.is_empty(), "{:?}", problems.0);
        assert_eq!(settings.oidc.client_secret.unwrap().expose_secret(), "s3cr3t");
        let keys: Vec<String> =
            settings.session.encryption_keys.iter().map(|key| key.expose_secret().to_owned()).collect();
        assert_eq!(keys, ["first", "second"]);
    }

    #[test]
    fn a_systemd_credential_is_read_when_the_key_is_not_set() {
        let credentials = tempfile::tempdir().unwrap();
        file(credentials.path(), "upstream.cms.api_token", "from-systemd");
        file(credentials.path(), "oidc.client_secret", "ignored");
        let mut settings = Settings::default();
        settings.oidc.client_secret = Some("from-the-file".to_owned().into());
        let mut problems = Problems::default();
        read_files(&mut settings, Some(credentials.path()), &mut problems);
        assert!(problems.0.is_empty(), "{:?}", problems.0);
        assert_eq!(settings.upstream.cms.api_token.unwrap().expose_secret(), "from-systemd");
        assert_eq!(settings.oidc.client_secret.unwrap().expose_secret(), "from-the-file", "a key set wins");
        assert!(settings.mail.smtp_url.is_none(), "no credential, nothing set");
    }

    #[test]
    fn a_missing_empty_or_doubly_given_secret_is_named() {
        let directory = tempfile::tempdir().unwrap();
        let mut settings = Settings::default();
        settings.oidc.client_secret_file = Some(directory.path().join("absent"));
        settings.captcha.secret_file = Some(file(directory.path(), "empty", "\n"));
        settings.server.metrics_token = Some("token-of-sixteen".to_owned().into());
        settings.server.metrics_token_file = Some(file(directory.path(), "token", "other"));
        let mut problems = Problems::default();
        read_files(&mut settings, None, &mut problems);
        let problems = problems.0.join("\n");
        assert!(problems.contains("oidc.client_secret: cannot read"), "{problems}");
        assert!(problems.contains("captcha.secret:") && problems.contains("is empty"), "{problems}");
        assert!(
            problems.contains("server.metrics_token: set either it or server.metrics_token_file, not both"),
            "{problems}"
        );
    }
}
