//! What makes the trail tamper-evident: each line ends with the hash of the line before it
//! (`"prev"`), the first line of a new file with that of the previous file's last. A line
//! altered, removed or moved breaks the chain at the line after it, which `verify` names.

use std::io::BufRead;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// The `prev` of the very first line of a trail.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// SHA-256 of a line as written, without its line break, in lowercase hex.
pub fn hash(line: &str) -> String {
    hex::encode(Sha256::digest(line.as_bytes()))
}

/// Where the chain breaks: the first line that does not follow the one before it.
#[derive(Debug, PartialEq, Eq)]
pub struct Break {
    pub file: PathBuf,
    /// Counted from 1.
    pub line: usize,
    pub reason: &'static str,
}

impl std::fmt::Display for Break {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: line {}: {}", self.file.display(), self.line, self.reason)
    }
}

/// Reads `files` in order as one trail; how many lines hold, or the first break. The first
/// line of the first file is taken as it is (what came before it may have been deleted by
/// the retention); every other line must name the hash of the one before.
pub fn verify(files: &[PathBuf]) -> std::io::Result<Result<usize, Break>> {
    let mut previous: Option<String> = None;
    let mut count = 0;
    for file in files {
        let reader = std::io::BufReader::new(std::fs::File::open(file)?);
        for (index, line) in reader.lines().enumerate() {
            let line = line?;
            let broken = |reason| Ok(Err(Break { file: file.clone(), line: index + 1, reason }));
            let Some(prev) = prev_of(&line) else {
                return broken("not a line of the trail (altered)");
            };
            if previous.as_deref().is_some_and(|expected| expected != prev) {
                return broken(
                    "does not follow the line before it: that line was altered, or lines were removed or moved here",
                );
            }
            previous = Some(hash(&line));
            count += 1;
        }
    }
    Ok(Ok(count))
}

/// The `prev` a line names, when it is a JSON object that names one.
fn prev_of(line: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(line).ok()?;
    value.get("prev")?.as_str().map(str::to_owned)
}

/// The hash of the last line of `file`, to chain the next line to; `None` when it is empty or
/// missing.
pub fn last_hash(file: &Path) -> std::io::Result<Option<String>> {
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    Ok(text.lines().last().map(hash))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A trail of `count` lines, as the writer chains them.
    fn trail(count: usize) -> Vec<String> {
        let mut prev = GENESIS.to_owned();
        (0..count)
            .map(|n| {
                let line = format!(r#"{{"event":"read","n":{n},"prev":"{prev}"}}"#);
                prev = hash(&line);
                line
            })
            .collect()
    }

    fn verified(files: &[Vec<String>]) -> Result<usize, Break> {
        let folder = tempfile::tempdir().unwrap();
        let paths: Vec<PathBuf> = files
            .iter()
            .enumerate()
            .map(|(n, lines)| {
                let path = folder.path().join(format!("audit-{n}.jsonl"));
                std::fs::write(&path, lines.iter().map(|line| format!("{line}\n")).collect::<String>())
                    .unwrap();
                path
            })
            .collect();
        verify(&paths)
            .unwrap()
            .map_err(|broken| Break { file: broken.file.file_name().unwrap().into(), ..broken })
    }

    fn where_broken(result: Result<usize, Break>) -> Result<usize, (PathBuf, usize)> {
        result.map_err(|broken| (broken.file, broken.line))
    }

    fn at(file: &str, line: usize) -> Result<usize, (PathBuf, usize)> {
        Err((file.into(), line))
    }

    #[test]
    fn an_intact_trail_holds_across_files() {
        let lines = trail(5);
        assert_eq!(verified(std::slice::from_ref(&lines)), Ok(5));
        assert_eq!(
            verified(&[lines[..2].to_vec(), lines[2..].to_vec()]),
            Ok(5),
            "a rotation keeps the chain"
        );
        assert_eq!(verified(&[lines[3..].to_vec()]), Ok(2), "the retention deleted what came before");
    }

    #[test]
    fn an_altered_a_removed_and_a_moved_line_are_named() {
        let lines = trail(5);
        let mut altered = lines.clone();
        altered[1] = altered[1].replace(r#""n":1"#, r#""n":9"#);
        assert_eq!(where_broken(verified(&[altered])), at("audit-0.jsonl", 3));
        let mut removed = lines.clone();
        removed.remove(2);
        assert_eq!(where_broken(verified(&[removed])), at("audit-0.jsonl", 3));
        let mut moved = lines.clone();
        moved.swap(3, 4);
        assert_eq!(where_broken(verified(&[moved])), at("audit-0.jsonl", 4));
        let mut garbage = lines.clone();
        garbage[0] = "not json".into();
        assert_eq!(where_broken(verified(&[garbage])), at("audit-0.jsonl", 1));
        assert_eq!(
            where_broken(verified(&[lines[..2].to_vec(), lines[3..].to_vec()])),
            at("audit-1.jsonl", 1),
            "a line removed at a rotation"
        );
    }
}
