//! Fixture files cut into owned lines and blocks in one pass over their bytes.
//!
//! Why not `str::lines`: under Miri every call that takes a `&str` retags all of it, and
//! walking a 78 KB fixture line by line passes the rest of the file to each step, which made
//! one fixture test take over ten minutes. Copying each line out while walking the bytes once,
//! a piece of the file at a time, keeps every `&str` the tests then slice short.

#![allow(dead_code)]

/// The whitespace-separated numbers of `s`; panics on anything else.
pub fn nums<T: std::str::FromStr>(s: &str) -> Vec<T>
where
    T::Err: std::fmt::Debug,
{
    s.split_whitespace().map(|x| x.parse().unwrap()).collect()
}

/// The lines of `text`, each copied.
pub fn lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = Vec::new();
    // The file a piece at a time, each line copied out of its piece whole: slicing a piece
    // retags only the piece, where slicing the file retagged all of it (a few ms under Miri,
    // once per line), and copying byte by byte was most of a fixture test's time.
    for piece in text.as_bytes().chunks(PIECE) {
        let mut rest = piece;
        while let Some(end) = rest.iter().position(|&b| b == b'\n') {
            line.extend_from_slice(&rest[..end]);
            out.push(String::from_utf8(std::mem::take(&mut line)).expect("UTF-8 fixture"));
            rest = &rest[end + 1..];
        }
        line.extend_from_slice(rest);
    }
    if !line.is_empty() {
        out.push(String::from_utf8(line).expect("UTF-8 fixture"));
    }
    out
}

/// Bytes of a fixture file [`lines`] walks at a time.
const PIECE: usize = 1024;

/// The blocks of `text` that end with a line `end`, each with its lines joined by `\n` (the
/// `end` line left out).
pub fn blocks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut block = String::new();
    for line in lines(text) {
        if line == "end" {
            out.push(std::mem::take(&mut block));
        } else {
            block.push_str(&line);
            block.push('\n');
        }
    }
    out
}

/// One case of a fixture: its opening line and its `key rest` lines, up to its `end`.
pub struct Case<'a> {
    /// The opening line, whole (`case 12`, `pair 3`): what a failure names.
    pub title: &'a str,
    /// The number after the opening keyword.
    pub id: usize,
    /// The lines inside, split at their first space.
    pub lines: Vec<(&'a str, &'a str)>,
}

impl<'a> Case<'a> {
    /// The rest of the line `key`, if the case has one.
    pub fn find(&self, key: &str) -> Option<&'a str> {
        self.lines.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    /// The rest of the line `key`; panics naming the case when it has none.
    pub fn get(&self, key: &str) -> &'a str {
        self.find(key)
            .unwrap_or_else(|| panic!("{}: no `{key}` line", self.title))
    }
}

/// The cases of `text`, each opened by a line whose first word is one of `openers` and closed
/// by `end`; comment (`#`) and empty lines skipped. `store` keeps the owned lines for the
/// process (a `static` of the caller's, one per fixture file).
pub fn cases(
    store: &'static std::sync::OnceLock<Vec<String>>,
    text: &str,
    openers: &[&str],
) -> Vec<Case<'static>> {
    let mut out: Vec<Case<'static>> = Vec::new();
    for line in store
        .get_or_init(|| lines(text))
        .iter()
        .map(String::as_str)
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "end" => {}
            _ if openers.contains(&key) => out.push(Case {
                title: line,
                id: rest.trim().parse().expect("a case number"),
                lines: Vec::new(),
            }),
            _ => out
                .last_mut()
                .expect("a case's opening line first")
                .lines
                .push((key, rest)),
        }
    }
    out
}
