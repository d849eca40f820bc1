//! Fixture files cut into owned lines and blocks in one pass over their bytes.
//!
//! Why not `str::lines`: under Miri every call that takes a `&str` retags all of it, and
//! walking a 78 KB fixture line by line passes the rest of the file to each step, which made
//! one fixture test take over ten minutes. Copying each line out while walking the bytes once
//! keeps every `&str` the tests then slice short.

#![allow(dead_code)]

/// The lines of `text`, each copied.
pub fn lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = Vec::new();
    for &b in text.as_bytes() {
        if b == b'\n' {
            out.push(String::from_utf8(std::mem::take(&mut line)).expect("UTF-8 fixture"));
        } else {
            line.push(b);
        }
    }
    if !line.is_empty() {
        out.push(String::from_utf8(line).expect("UTF-8 fixture"));
    }
    out
}

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
