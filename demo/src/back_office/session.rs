//! The operator's sign-in and session. The session lives in its cookie, sealed (authenticated
//! encryption, the `cookie` crate's private jar) with a key made on first start in the demo data
//! folder, so that a restart keeps operators signed in and nobody can forge or read one. It
//! holds its own expiry and the anti-forgery token every form carries back; a sign-out is
//! remembered until the session would have expired anyway.

use std::io::Write;
use std::net::IpAddr;
use std::path::Path;
use std::time::{Duration, Instant};

use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, CookieJar, Key, SameSite};
use anyhow::Context as _;
use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;

use super::chemins::MOUNT;
use super::fermetures::Fermetures;

/// The demo operator, fictitious like the members, and printed on the sign-in page.
pub const IDENTIFIANT: &str = "gestionnaire";
pub const MOT_DE_PASSE: &str = "demo-gestion";

const COOKIE: &str = "back_office";
/// The sealing key's file in the demo data folder.
const KEY_FILE: &str = "back-office-cookie.key";
/// A session lasts a working half-day from its sign-in.
const DUREE: Duration = Duration::from_secs(4 * 60 * 60);
/// Wrong passwords one address may type before it waits [`ATTENTE`] after the last one.
const ECHECS_MAX: u32 = 5;
const ATTENTE: Duration = Duration::from_secs(15 * 60);
/// Addresses and signed-out sessions remembered at most: memory stays bounded whatever comes.
const ADRESSES_MAX: u64 = 10_000;
const SESSIONS_FERMEES_MAX: u64 = 10_000;

pub struct Sessions {
    key: Key,
    /// Over https the cookie is `Secure`; the plain-http demo on loopback could not send it.
    secure: bool,
    /// Sessions signed out before they expired: their cookie, if kept somewhere, opens nothing,
    /// after a restart too.
    fermees: Fermetures,
    /// Wrong passwords per address: how many, and when the last one was typed.
    echecs: moka::sync::Cache<IpAddr, (u32, Instant)>,
}

/// What the sealed cookie holds.
#[derive(Serialize, Deserialize)]
struct Contenu {
    id: String,
    jeton: String,
    /// Unix seconds.
    expire: i64,
}

/// A signed-in operator, from a valid session cookie.
pub struct Operateur {
    id: String,
    /// When the session ends (Unix seconds).
    expire: i64,
    /// The anti-forgery token of the session, which every form of its pages carries.
    pub jeton: String,
}

impl Sessions {
    pub fn open(data_dir: &Path, secure: bool) -> anyhow::Result<Self> {
        Ok(Self {
            key: load_or_create_key(&data_dir.join(KEY_FILE))?,
            secure,
            fermees: Fermetures::ouvrir(
                data_dir,
                SESSIONS_FERMEES_MAX,
                DUREE,
                chrono::Utc::now().timestamp(),
            )?,
            echecs: moka::sync::Cache::builder().max_capacity(ADRESSES_MAX).time_to_live(ATTENTE).build(),
        })
    }

    /// A new session's cookie.
    pub fn ouvrir(&self) -> Cookie<'static> {
        let expire = chrono::Utc::now() + DUREE;
        let contenu = Contenu {
            id: crate::random::random_token(),
            jeton: crate::random::random_token(),
            expire: expire.timestamp(),
        };
        let valeur = serde_json::to_string(&contenu).expect("plain fields serialise");
        let mut jar = CookieJar::new();
        jar.private_mut(&self.key).add(self.cookie(valeur, DUREE));
        jar.get(COOKIE).cloned().expect("the cookie just added")
    }

    /// Ends `operateur`'s session: the answer's cookie removes it from the browser.
    pub fn fermer(&self, operateur: &Operateur) -> Cookie<'static> {
        self.fermees.fermer(&operateur.id, operateur.expire);
        self.cookie(String::new(), Duration::ZERO)
    }

    fn cookie(&self, valeur: String, duree: Duration) -> Cookie<'static> {
        Cookie::build(COOKIE, valeur)
            .path(MOUNT)
            .http_only(true)
            .same_site(SameSite::Strict)
            .secure(self.secure)
            .max_age(actix_web::cookie::time::Duration::seconds(
                i64::try_from(duree.as_secs()).expect("hours, not eons"),
            ))
            .finish()
    }

    pub fn lire(&self, request: &HttpRequest) -> Option<Operateur> {
        let scelle = request.cookie(COOKIE)?;
        let ouvert = CookieJar::new().private(&self.key).decrypt(scelle)?;
        let contenu: Contenu = serde_json::from_str(ouvert.value()).ok()?;
        let valide = contenu.expire > chrono::Utc::now().timestamp() && !self.fermees.contient(&contenu.id);
        valide.then_some(Operateur { id: contenu.id, expire: contenu.expire, jeton: contenu.jeton })
    }

    /// Whether `adresse` may try a password now; if not, in how many seconds. An address over
    /// the bound is refused before its password is read, so that guessing gains nothing.
    pub fn admettre(&self, adresse: IpAddr) -> Result<(), u64> {
        match self.echecs.get(&adresse) {
            Some((echecs, dernier)) if echecs >= ECHECS_MAX => {
                let attente = ATTENTE.saturating_sub(dernier.elapsed());
                Err((attente.as_secs() + u64::from(attente.subsec_nanos() > 0)).max(1))
            }
            _ => Ok(()),
        }
    }

    /// Counts a wrong password from `adresse`.
    pub fn echec(&self, adresse: IpAddr) {
        self.echecs
            .entry(adresse)
            .and_upsert_with(|deja| (deja.map_or(0, |entree| entree.into_value().0) + 1, Instant::now()));
    }

    /// A right password clears the address's wrong ones.
    pub fn reussite(&self, adresse: IpAddr) {
        self.echecs.invalidate(&adresse);
    }
}

/// Both compared in full whatever differs, so that timing tells nothing (the demo's password
/// is public, but the habit is the mutual's).
pub fn identifiants_valides(identifiant: &str, mot_de_passe: &str) -> bool {
    let identifiant = identifiant.as_bytes().ct_eq(IDENTIFIANT.as_bytes());
    let mot_de_passe = mot_de_passe.as_bytes().ct_eq(MOT_DE_PASSE.as_bytes());
    (identifiant & mot_de_passe).into()
}

/// The address sign-in attempts are counted for: the peer, IPv6 by /64 (the block one
/// subscriber gets). The demo knows nothing of the portal's trusted proxies: behind one, every
/// operator shares its address, which only makes the bound stricter.
pub fn adresse(request: &HttpRequest) -> IpAddr {
    match request.peer_addr().map_or(IpAddr::from([0, 0, 0, 0]), |peer| peer.ip()) {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
        v4 => v4,
    }
}

/// The sealing key: read, or made and written with owner-only access on first start.
fn load_or_create_key(path: &Path) -> anyhow::Result<Key> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => create_key(path)?,
        Err(error) => {
            return Err(error).with_context(|| format!("cannot read the back office key {}", path.display()));
        }
    };
    Key::try_from(bytes.as_slice())
        .ok()
        .with_context(|| format!("{} is not a back office key (64 random bytes)", path.display()))
}

fn create_key(path: &Path) -> anyhow::Result<Vec<u8>> {
    let bytes = Key::generate().master().to_vec();
    let mut options = std::fs::OpenOptions::new();
    // `create_new`: a key another process wrote meanwhile is the one to use.
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(mut file) => {
            file.write_all(&bytes)
                .and_then(|()| file.sync_all())
                .with_context(|| format!("cannot write the back office key {}", path.display()))?;
            Ok(bytes)
        }
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
            std::fs::read(path).with_context(|| format!("cannot read the back office key {}", path.display()))
        }
        Err(error) => {
            Err(error).with_context(|| format!("cannot create the back office key {}", path.display()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sessions(dir: &Path) -> Sessions {
        Sessions::open(dir, false).unwrap()
    }

    fn request_with(cookie: &Cookie<'static>) -> HttpRequest {
        actix_web::test::TestRequest::default()
            .cookie(Cookie::new(cookie.name().to_owned(), cookie.value().to_owned()))
            .to_http_request()
    }

    #[test]
    fn a_session_opens_on_the_key_of_the_data_folder_even_after_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let cookie = sessions(dir.path()).ouvrir();
        assert!(!cookie.value().contains("jeton"), "the content is sealed");
        let operateur = sessions(dir.path()).lire(&request_with(&cookie)).expect("the same key");
        assert_eq!(operateur.jeton.len(), 43);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(KEY_FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let other = tempfile::tempdir().unwrap();
        assert!(sessions(other.path()).lire(&request_with(&cookie)).is_none(), "another key opens nothing");
    }

    #[test]
    fn a_tampered_or_signed_out_session_opens_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let sessions = sessions(dir.path());
        let cookie = sessions.ouvrir();
        let mut tampered = cookie.value().to_owned();
        tampered.replace_range(10..11, if &tampered[10..11] == "A" { "B" } else { "A" });
        assert!(sessions.lire(&request_with(&Cookie::new(COOKIE, tampered))).is_none());

        let operateur = sessions.lire(&request_with(&cookie)).unwrap();
        let removal = sessions.fermer(&operateur);
        assert_eq!(removal.max_age(), Some(actix_web::cookie::time::Duration::ZERO));
        assert!(sessions.lire(&request_with(&cookie)).is_none());
        let restarted = Sessions::open(dir.path(), false).unwrap();
        assert!(restarted.lire(&request_with(&cookie)).is_none(), "a restart forgets no sign-out");
    }

    #[test]
    fn an_expired_session_opens_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let sessions = sessions(dir.path());
        let contenu =
            Contenu { id: "x".into(), jeton: "y".into(), expire: chrono::Utc::now().timestamp() - 1 };
        let mut jar = CookieJar::new();
        jar.private_mut(&sessions.key).add(sessions.cookie(serde_json::to_string(&contenu).unwrap(), DUREE));
        assert!(sessions.lire(&request_with(jar.get(COOKIE).unwrap())).is_none());
    }

    #[test]
    fn the_cookie_is_confined_to_the_back_office() {
        let dir = tempfile::tempdir().unwrap();
        let cookie = Sessions::open(dir.path(), true).unwrap().ouvrir();
        assert_eq!(cookie.path(), Some(MOUNT));
        assert_eq!(cookie.http_only(), Some(true));
        assert_eq!(cookie.same_site(), Some(SameSite::Strict));
        assert_eq!(cookie.secure(), Some(true));
        assert_eq!(cookie.max_age(), Some(actix_web::cookie::time::Duration::hours(4)));
    }

    #[test]
    fn an_address_waits_after_too_many_wrong_passwords_and_a_right_one_clears_them() {
        let dir = tempfile::tempdir().unwrap();
        let sessions = sessions(dir.path());
        let adresse = IpAddr::from([192, 0, 2, 1]);
        for _ in 0..ECHECS_MAX {
            assert!(sessions.admettre(adresse).is_ok());
            sessions.echec(adresse);
        }
        let attente = sessions.admettre(adresse).unwrap_err();
        assert!((899..=900).contains(&attente), "{attente}");
        assert!(sessions.admettre(IpAddr::from([192, 0, 2, 2])).is_ok(), "another address has its own count");
        sessions.reussite(adresse);
        assert!(sessions.admettre(adresse).is_ok());
    }

    #[test]
    fn only_the_demo_operator_s_credentials_are_valid() {
        assert!(identifiants_valides("gestionnaire", "demo-gestion"));
        assert!(!identifiants_valides("gestionnaire", "demo-gestion "));
        assert!(!identifiants_valides("gestionnaire", ""));
        assert!(!identifiants_valides("admin", "demo-gestion"));
    }

    #[test]
    fn ipv6_addresses_are_counted_by_block() {
        let request = |address: &str| {
            actix_web::test::TestRequest::default().peer_addr(address.parse().unwrap()).to_http_request()
        };
        assert_eq!(
            adresse(&request("[2001:db8:1:2:3:4:5:6]:443")),
            adresse(&request("[2001:db8:1:2::9]:80"))
        );
        assert_eq!(adresse(&request("[::ffff:192.0.2.7]:443")), IpAddr::from([192, 0, 2, 7]));
    }
}
