//! The operator sessions signed out before their expiry, kept beside the sealing key in the
//! demo data folder: a cookie copied before a sign-out opens nothing after a restart either,
//! for as long as it would have lasted. One line a session, `id expiry`; the file is rewritten
//! without the expired ones at each start, and holds at most a bounded number.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::Context as _;

/// The file's name in the demo data folder.
const FICHIER: &str = "back-office-sessions-fermees";

pub struct Fermetures {
    chemin: PathBuf,
    /// The signed-out sessions by id, with their expiry (Unix seconds).
    memoire: moka::sync::Cache<String, i64>,
    /// Appends to the file one at a time.
    ecriture: Mutex<()>,
}

impl Fermetures {
    /// Reads the sessions signed out before a restart, drops those expired since, and keeps at
    /// most `max` (the latest written) for at most `duree`, the longest a session lasts.
    pub fn ouvrir(data_dir: &Path, max: u64, duree: Duration, maintenant: i64) -> anyhow::Result<Self> {
        let chemin = data_dir.join(FICHIER);
        let texte = match std::fs::read_to_string(&chemin) {
            Ok(texte) => texte,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(error) => return Err(error).with_context(|| format!("cannot read {}", chemin.display())),
        };
        let vivantes: Vec<(String, i64)> = texte
            .lines()
            .filter_map(|ligne| {
                let (id, expire) = ligne.split_once(' ')?;
                Some((id.to_owned(), expire.parse().ok()?))
            })
            .filter(|(_, expire)| *expire > maintenant)
            .collect();
        let garder = usize::try_from(max).unwrap_or(usize::MAX);
        let vivantes = &vivantes[vivantes.len().saturating_sub(garder)..];
        let memoire = moka::sync::Cache::builder().max_capacity(max).time_to_live(duree).build();
        let mut reecrit = String::new();
        for (id, expire) in vivantes {
            memoire.insert(id.clone(), *expire);
            reecrit.push_str(&format!("{id} {expire}\n"));
        }
        ecrire(&chemin, reecrit.as_bytes(), false)?;
        Ok(Self { chemin, memoire, ecriture: Mutex::new(()) })
    }

    /// Remembers the session `id`, valid until `expire`, as signed out, here and in the file.
    /// The file failing to take it is logged: the sign-out still holds until the next restart.
    pub fn fermer(&self, id: &str, expire: i64) {
        self.memoire.insert(id.to_owned(), expire);
        let _tour = self.ecriture.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Err(error) = ecrire(&self.chemin, format!("{id} {expire}\n").as_bytes(), true) {
            tracing::warn!(error = %format!("{error:#}"), "a back office sign-out is not kept across a restart");
        }
    }

    pub fn contient(&self, id: &str) -> bool {
        self.memoire.contains_key(id)
    }
}

/// Writes `octets` to `chemin` (appended, or in place of its content), readable by its owner only.
fn ecrire(chemin: &Path, octets: &[u8], ajout: bool) -> anyhow::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.create(true);
    if ajout {
        options.append(true)
    } else {
        options.write(true).truncate(true)
    };
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut fichier = options.open(chemin).with_context(|| format!("cannot open {}", chemin.display()))?;
    fichier
        .write_all(octets)
        .and_then(|()| fichier.sync_data())
        .with_context(|| format!("cannot write {}", chemin.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEURE: Duration = Duration::from_secs(3600);

    #[test]
    fn a_sign_out_is_remembered_after_a_restart_until_the_session_would_have_expired() {
        let dir = tempfile::tempdir().unwrap();
        let avant = Fermetures::ouvrir(dir.path(), 10, HEURE, 1_000).unwrap();
        avant.fermer("ouverte", 5_000);
        avant.fermer("bientot-expiree", 1_500);
        let apres = Fermetures::ouvrir(dir.path(), 10, HEURE, 2_000).unwrap();
        assert!(apres.contient("ouverte"));
        assert!(!apres.contient("bientot-expiree"), "expired since: its cookie opens nothing anyway");
        assert_eq!(std::fs::read_to_string(dir.path().join(FICHIER)).unwrap(), "ouverte 5000\n", "rewritten");
    }

    #[test]
    fn a_file_holds_a_bounded_number_and_ignores_what_it_cannot_read() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FICHIER), "a 9000\nnot a line\nb pas-un-nombre\nc 9000\nd 9000\n")
            .unwrap();
        let fermetures = Fermetures::ouvrir(dir.path(), 2, HEURE, 1_000).unwrap();
        assert!(!fermetures.contient("a") && fermetures.contient("c") && fermetures.contient("d"));
    }
}
