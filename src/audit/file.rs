//! The trail's file: appended to, synced to disk once per batch, reopened when a rotation moved
//! it (logrotate's `create`), and the rotated files past the retention deleted then.

use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::chain::{self, GENESIS};
use super::event::Event;

pub struct TrailFile {
    path: PathBuf,
    file: File,
    /// The inode the path had when opened: another one means the file was rotated.
    inode: u64,
    /// The hash the next line chains to.
    last: String,
    retention: Duration,
}

impl TrailFile {
    /// Opens `path` for appending, creating it (readable by its owner only), and chains on from
    /// its last line.
    pub fn open(path: &Path, retention_days: u32) -> std::io::Result<Self> {
        let last = chain::last_hash(path)?.unwrap_or_else(|| GENESIS.to_owned());
        let retention = Duration::from_secs(u64::from(retention_days) * 24 * 3600);
        let (file, inode) = open_append(path)?;
        let trail = Self { path: path.to_owned(), file, inode, last, retention };
        trail.delete_expired();
        Ok(trail)
    }

    /// Writes `events` at `time` and syncs them to disk. On failure the chain does not move: a
    /// line written in part breaks it visibly, never silently.
    pub fn append(&mut self, events: &[Event], time: &str) -> std::io::Result<()> {
        self.follow_rotation()?;
        let mut last = self.last.clone();
        let mut text = String::new();
        for event in events {
            let line = Event { time: time.to_owned(), ..event.clone() }.line(&last);
            last = chain::hash(&line);
            text.push_str(&line);
            text.push('\n');
        }
        self.file.write_all(text.as_bytes())?;
        self.file.sync_data()?;
        self.last = last;
        Ok(())
    }

    /// After a rotation the path names a new file: the chain goes on in it, from the last line
    /// of the rotated one.
    fn follow_rotation(&mut self) -> std::io::Result<()> {
        let current = std::fs::metadata(&self.path).map(|metadata| metadata.ino()).ok();
        if current == Some(self.inode) {
            return Ok(());
        }
        (self.file, self.inode) = open_append(&self.path)?;
        self.delete_expired();
        Ok(())
    }

    /// Deletes the rotated files (`NAME.…`, `NAME-…` beside it) last written before the
    /// retention; a file that cannot be read or deleted is left for the next time.
    fn delete_expired(&self) {
        let (Some(folder), Some(name)) = (self.path.parent(), self.path.file_name()) else { return };
        let folder = if folder.as_os_str().is_empty() { Path::new(".") } else { folder };
        let Ok(entries) = std::fs::read_dir(folder) else { return };
        let name = name.to_string_lossy();
        let oldest_kept = SystemTime::now() - self.retention;
        for entry in entries.flatten() {
            let entry_name = entry.file_name();
            let entry_name = entry_name.to_string_lossy();
            let rotated = entry_name
                .strip_prefix(name.as_ref())
                .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('-'));
            let expired = entry.metadata().is_ok_and(|metadata| {
                metadata.is_file() && metadata.modified().is_ok_and(|at| at < oldest_kept)
            });
            if rotated && expired {
                match std::fs::remove_file(entry.path()) {
                    Ok(()) => tracing::info!(file = %entry_name, "audit file past its retention deleted"),
                    Err(error) => {
                        tracing::warn!(file = %entry_name, %error, "audit file past its retention not deleted")
                    }
                }
            }
        }
    }
}

fn open_append(path: &Path) -> std::io::Result<(File, u64)> {
    use std::os::unix::fs::OpenOptionsExt as _;
    let file = OpenOptions::new().create(true).append(true).mode(0o600).open(path)?;
    let inode = file.metadata()?.ino();
    Ok((file, inode))
}

#[cfg(test)]
mod tests {
    use super::super::event::Kind;
    use super::*;

    fn event(n: u16) -> Event {
        Event::new(Kind::Read, n, "192.0.2.1".into())
    }

    #[test]
    fn the_chain_goes_on_across_a_restart_and_a_rotation() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("audit.jsonl");
        TrailFile::open(&path, 365)
            .unwrap()
            .append(&[event(200), event(201)], "2026-12-06T00:00:00Z")
            .unwrap();
        let mut reopened = TrailFile::open(&path, 365).unwrap();
        reopened.append(&[event(202)], "2026-12-06T00:00:01Z").unwrap();
        let rotated = folder.path().join("audit.jsonl.1");
        std::fs::rename(&path, &rotated).unwrap();
        reopened.append(&[event(203)], "2026-12-06T00:00:02Z").unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap().lines().count(),
            1,
            "a new file after the rotation"
        );
        assert_eq!(chain::verify(&[rotated, path]).unwrap(), Ok(4));
    }

    #[test]
    fn rotated_files_past_the_retention_are_deleted_and_nothing_else() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("audit.jsonl");
        let old = SystemTime::now() - Duration::from_secs(40 * 24 * 3600);
        for name in ["audit.jsonl.1", "audit.jsonl-20261001", "audit.jsonlx", "other.jsonl", "audit.jsonl.2"]
        {
            let file = File::create(folder.path().join(name)).unwrap();
            if name != "audit.jsonl.2" {
                file.set_modified(old).unwrap();
            }
        }
        TrailFile::open(&path, 30).unwrap();
        let mut left: Vec<String> = std::fs::read_dir(folder.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["audit.jsonl", "audit.jsonl.2", "audit.jsonlx", "other.jsonl"]);
    }
}
