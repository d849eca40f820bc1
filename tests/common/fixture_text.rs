//! Fixture files cut into owned lines and blocks in one pass over their bytes.
//!
//! Why not `str::lines`: under Miri every call that takes a `&str` retags all of it, and
//! walking a 78 KB fixture line by line passes the rest of the file to each step, which made
//! one fixture test take over ten minutes. The file is instead copied a piece of whole lines at
//! a time, and each line is a short slice of its piece. Under Miri the work per byte and per
//! allocation is what costs: newlines are found eight bytes at a time, and a piece of about 1 KiB
//! is one allocation, not one per line (94 KB, 3,972 lines: 27.5 s as a `String` a line found byte
//! by byte, 20.8 s found by `str::find`, of which 6 s allocating the lines).

#![allow(dead_code)]

/// The whitespace-separated numbers of `s`; panics on anything else.
pub fn nums<T: std::str::FromStr>(s: &str) -> Vec<T>
where
    T::Err: std::fmt::Debug,
{
    s.split_whitespace().map(|x| x.parse().unwrap()).collect()
}

/// A fixture file's lines, owned: the text in pieces that end at a line's end, and where each
/// line lies in them.
pub struct Lines {
    pieces: Vec<String>,
    /// Each line: its piece, and its start and end in it.
    spans: Vec<(usize, usize, usize)>,
}

impl Lines {
    /// The lines of `text`, without their `\n`.
    pub fn new(text: &str) -> Self {
        let mut lines = Lines {
            pieces: Vec::new(),
            spans: Vec::new(),
        };
        let mut carry: Vec<u8> = Vec::new();
        let mut ends = Vec::new();
        for chunk in text.as_bytes().chunks(PIECE) {
            // The piece: what the last chunk left over, and this chunk to its last line's end.
            let Some(last) = chunk.iter().rposition(|&b| b == b'\n') else {
                carry.extend_from_slice(chunk);
                continue;
            };
            let mut piece = std::mem::take(&mut carry);
            piece.extend_from_slice(&chunk[..=last]);
            carry.extend_from_slice(&chunk[last + 1..]);
            ends.clear();
            newlines(&piece, &mut ends);
            lines.push(piece, &ends);
        }
        if !carry.is_empty() {
            let end = carry.len();
            lines.push(carry, &[end]);
        }
        lines
    }

    /// Adds `piece`, whose lines end at `ends`.
    fn push(&mut self, piece: Vec<u8>, ends: &[usize]) {
        let p = self.pieces.len();
        let mut start = 0;
        for &end in ends {
            self.spans.push((p, start, end));
            start = end + 1;
        }
        self.pieces
            .push(String::from_utf8(piece).expect("UTF-8 fixture"));
    }

    /// The lines in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.spans
            .iter()
            .map(|&(p, start, end)| &self.pieces[p][start..end])
    }
}

/// Bytes of a fixture file [`Lines::new`] takes at a time.
const PIECE: usize = 1024;

/// Appends to `out` the position of every `\n` in `bytes`, eight bytes at a time: a byte is a
/// newline where it is zero after an exclusive-or with `\n`s, found exactly (no carry from one
/// byte to the next) by setting its top bit where its low seven bits and the byte are both zero.
fn newlines(bytes: &[u8], out: &mut Vec<usize>) {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const NL: u64 = 0x0a0a_0a0a_0a0a_0a0a;
    let words = bytes.chunks_exact(8);
    let tail = words.remainder();
    for (w, word) in words.enumerate() {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes")) ^ NL;
        let mut zero = !(((x & LOW7) + LOW7) | x | LOW7);
        while zero != 0 {
            out.push(w * 8 + zero.trailing_zeros() as usize / 8);
            zero &= zero - 1;
        }
    }
    let base = bytes.len() - tail.len();
    out.extend(
        tail.iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'\n')
            .map(|(i, _)| base + i),
    );
}

/// The blocks of `text` that end with a line `end`, each with its lines joined by `\n` (the
/// `end` line left out).
pub fn blocks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut block = String::new();
    for line in Lines::new(text).iter() {
        if line == "end" {
            out.push(std::mem::take(&mut block));
        } else {
            block.push_str(line);
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
    store: &'static std::sync::OnceLock<Lines>,
    text: &str,
    openers: &[&str],
) -> Vec<Case<'static>> {
    let mut out: Vec<Case<'static>> = Vec::new();
    for line in store
        .get_or_init(|| Lines::new(text))
        .iter()
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

/// [`Lines`] gives what `str::lines` gives (without `\r` handling: the fixtures have none):
/// lines longer than a piece, empty ones, a last one with and without its `\n`, newlines at
/// every position of a word, and every fixture file. Natively only: every fixture test reads
/// its file through it under Miri.
#[cfg(not(miri))]
#[test]
fn fixture_lines_are_the_lines_of_the_text() {
    let long = "x".repeat(3000);
    let texts = [
        String::new(),
        "\n".into(),
        "a".into(),
        "a\n\nb\n".into(),
        "a\n\nb".into(),
        format!("{long}\n{long}\nend\n{long}"),
        (0..700)
            .map(|i| "ab\n".repeat(i % 5) + "c")
            .collect::<Vec<_>>()
            .join("\n"),
        include_str!("../fixtures/reductions.txt").into(),
        include_str!("../fixtures/views.txt").into(),
        include_str!("../fixtures/broadcast.txt").into(),
    ];
    for text in &texts {
        let lines = Lines::new(text);
        let got: Vec<&str> = lines.iter().collect();
        let want: Vec<&str> = text.lines().collect();
        assert!(got == want, "{} lines of {} bytes", want.len(), text.len());
    }
}

/// The cases of the fixture file `text` that `keep` takes (each with its position among the
/// cases), as a fixture file of their own: the file's leading comment lines, a line saying what
/// the sample is, then each kept case's lines verbatim, from its opening line to its `end`.
///
/// This is what a test reads under Miri (`tests/fixtures/miri/`, checked by [`check_sample`]):
/// there reading the whole file took most of a target's time (122 KB, about a minute), so the
/// sample is taken natively, once, and committed.
#[cfg(not(miri))]
pub fn sample(
    text: &str,
    openers: &[&str],
    rule: &str,
    mut keep: impl FnMut(usize, &Case<'_>) -> bool,
) -> String {
    let mut out: String = text
        .lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    out.push_str(&format!("# Miri's sample of it: {rule}.\n"));
    let mut block: Vec<&str> = Vec::new();
    let mut index = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        block.push(line);
        if line != "end" {
            continue;
        }
        let (opener, id) = block[0].split_once(' ').expect("an opening line");
        assert!(openers.contains(&opener), "{}: not a case", block[0]);
        let case = Case {
            title: block[0],
            id: id.trim().parse().expect("a case number"),
            lines: block[1..block.len() - 1]
                .iter()
                .map(|l| l.split_once(' ').unwrap_or((l, "")))
                .collect(),
        };
        if keep(index, &case) {
            for l in &block {
                out.push_str(l);
                out.push('\n');
            }
        }
        index += 1;
        block.clear();
    }
    assert!(block.is_empty(), "a case without its `end`");
    out
}

/// Checks that `tests/fixtures/miri/<name>` is `want` ([`sample`]'s output), or with
/// `SHAPED_BLESS=1` in the environment writes it (after `cargo xtask numpy` changed a fixture).
#[cfg(not(miri))]
pub fn check_sample(name: &str, want: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/miri")
        .join(name);
    if std::env::var_os("SHAPED_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, want).unwrap();
    }
    let got = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        got == want,
        "{} is not the sample of its fixture file: rewrite it with \
         `SHAPED_BLESS=1 cargo test --test <target> miri_sample`",
        path.display()
    );
}

/// [`check_sample`] of the sample that keeps the cases of `text` (`tests/fixtures/<name>`)
/// numbered a multiple of `step`.
#[cfg(not(miri))]
pub fn check_numbered_sample(name: &str, text: &str, openers: &[&str], step: usize) {
    let rule = format!("every case numbered a multiple of {step}");
    let sample = sample(text, openers, &rule, |_, c| c.id.is_multiple_of(step));
    check_sample(name, &sample);
}

/// `const FIXTURES`: the fixture file `tests/fixtures/<name>`, or under Miri its sample in
/// `tests/fixtures/miri/` ([`sample`]).
#[macro_export]
macro_rules! fixtures {
    ($name:literal) => {
        #[cfg(not(miri))]
        const FIXTURES: &str = include_str!(concat!("fixtures/", $name));
        /// Under Miri, the sample of the file this target's `miri_sample_is_up_to_date`
        /// checks: reading the whole file took a large part of the target's time there.
        #[cfg(miri)]
        const FIXTURES: &str = include_str!(concat!("fixtures/miri/", $name));
    };
}
