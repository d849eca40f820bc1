//! `cargo xtask layers`: fails when the files of `src/` import each other in a circle.
//!
//! ARCHITECTURE.md's "Layers" table says data flows down and a module never imports from a layer
//! above it. Two files that import each other, directly or through others, break that whatever
//! the table says, so this task builds the file-level import graph of the crate and lists every
//! strongly connected component of more than one file (Tarjan's algorithm), with the imports
//! that close it.
//!
//! How the graph is made, without a Rust parser (xtask depends on no crate):
//!
//! - Every `src/**/*.rs` is read and split into tokens; comments (doc comments and their
//!   intra-doc links included), string and character literals are dropped. The module tree is
//!   walked from `src/lib.rs` through `mod x;` (`x.rs` or `x/mod.rs` beside the declaring
//!   module, as rustc finds them; `#[path]` is not supported) and inline `mod x { .. }` blocks.
//! - Each module's names are collected: child modules, the items it defines (`fn`, `struct`,
//!   `enum`, `union`, `trait`, `type`, `const`, `static`, `macro_rules!`, also inside an
//!   item-level macro call such as `diagnostic::message! { pub trait .. }`) and its `use`
//!   declarations of any visibility (renames, groups, `self`, globs), so a path through a
//!   re-export (`crate::Tensor` through `src/lib.rs`'s `pub use`, a `pub(crate) use` elsewhere)
//!   resolves on to the file that defines the item. A name a module does not visibly define
//!   (items a macro generates) resolves to that module's own file.
//! - An edge `a -> b` is a name `a` uses that resolves to an item defined in `b`: a `use`
//!   declaration (at module level or in a block); a path in code starting with `crate::`,
//!   `$crate::`, `shaped::`, `::shaped::`, `self::`, `super::` or with a name the scope binds to a
//!   module (`use crate::layout;` then `layout::plan`); a name a glob import brings in; a bare
//!   `name!` call of a `macro_rules!` of an enclosing module. Importing a module itself is no
//!   edge: the items used through it are.
//! - Not an edge: a file naming an item of a module inside its own subtree (`mod x;` then
//!   `x::Item` or `pub use x::Item`: the child is part of the parent, not imported by it; the other
//!   way, a child using its parent's items, is an edge), a file naming itself, and anything in a
//!   `#[cfg(test)]` item (test modules, inline or in files of their own, may import what they
//!   test from anywhere).
//!
//! The graph part ([`Crate::build`], [`components`]) works on in-memory sources, so it is tested
//! without the file system; [`run`] only reads `src/`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Source files by path relative to the crate root (`src/lib.rs`, `src/a/b.rs`).
pub type Sources = BTreeMap<String, String>;

/// Builds the import graph of `root/src` and fails listing every circle in it that is not one
/// of the [`KNOWN`] ones (`--all`: lists every circle with its imports); with `--file src/x.rs`,
/// lists that file's imports both ways instead.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let mut sources = Sources::new();
    read_dir(root, Path::new("src"), &mut sources)?;
    let krate = Crate::build(&sources)?;
    if let Some(k) = args.iter().position(|a| a == "--file") {
        let file = args
            .get(k + 1)
            .ok_or("--file needs a path, e.g. src/view.rs")?;
        print!("{}", krate.imports_of(file)?);
        return Ok(());
    }
    for note in &krate.notes {
        println!("note: {note}");
    }
    let circles = krate.circles();
    let files = krate.files.len();
    let edges = krate.edges.len();
    let all = args.iter().any(|a| a == "--all");
    let known = known();
    match compare(&circles, &known) {
        Ok(()) => {
            if all {
                println!("{}", krate.report(&circles));
            }
            println!(
                "layers: {files} files, {edges} imports between them, no import circle but the \
                 {} known ones (`KNOWN` in xtask/src/layers.rs; `--all` lists their imports)",
                known.len()
            );
            Ok(())
        }
        Err(wrong) => {
            let wrong: Vec<Vec<String>> =
                wrong.into_iter().filter(|c| circles.contains(c)).collect();
            println!("{}", krate.report(if all { &circles } else { &wrong }));
            Err(
                "the import circles are not the known ones: move the shared items down a layer \
                 (ARCHITECTURE.md, \"Layers\"); when a known circle is broken or shrinks, update \
                 `KNOWN` in xtask/src/layers.rs"
                    .into(),
            )
        }
    }
}

/// The circles not yet broken (issue 46), each as the sorted files of its component. The check
/// fails on any circle not exactly in this list and on an entry no longer found, so the list only
/// shrinks: a circle broken or made smaller is taken off or rewritten in the same change.
///
/// - The crate's core: a shape's `Kind` (`src/shape/kind.rs`) is the switch between storages and
///   has the engine's `Run` as its supertrait, so the shape layer names storage, views, layout
///   and `ops/engine`, which all name shapes.
/// - `dynamic/plan`: the runner hands strided destinations to `strided.rs`, which hands their
///   packed case back to the runner's `assign`.
/// - `reduce`: `Reduce`'s default methods call the folds and the vector arg-reductions, which
///   are written over `Reduce`.
const KNOWN: &[&[&str]] = &[
    &[
        "src/dynamic/buffer.rs",
        "src/dynamic/layout.rs",
        "src/dynamic/plan/rows.rs",
        "src/error/dims.rs",
        "src/iter.rs",
        "src/layout/derive.rs",
        "src/layout/mod.rs",
        "src/layout/views.rs",
        "src/ops/axis_iter.rs",
        "src/ops/engine/leading.rs",
        "src/ops/engine/mod.rs",
        "src/ops/engine/run.rs",
        "src/ops/engine/runtime.rs",
        "src/ops/engine/shared.rs",
        "src/ops/engine/specialised.rs",
        "src/ops/mod.rs",
        "src/ops/views.rs",
        "src/shape/axis.rs",
        "src/shape/broadcast.rs",
        "src/shape/convert.rs",
        "src/shape/extent.rs",
        "src/shape/kind.rs",
        "src/shape/mod.rs",
        "src/storage/fixed.rs",
        "src/storage/holder.rs",
        "src/storage/runtime.rs",
        "src/tensor/from_shape.rs",
        "src/tensor/mod.rs",
        "src/view.rs",
    ],
    &["src/dynamic/plan/runner.rs", "src/dynamic/plan/strided.rs"],
    &[
        "src/reduce/element.rs",
        "src/reduce/fold.rs",
        "src/reduce/simd_arg.rs",
    ],
];

fn known() -> Vec<Vec<String>> {
    KNOWN
        .iter()
        .map(|c| c.iter().map(|f| f.to_string()).collect())
        .collect()
}

/// `Ok` when `circles` are exactly `known`; else the circles that differ (found and not known,
/// or known and not found).
fn compare(circles: &[Vec<String>], known: &[Vec<String>]) -> Result<(), Vec<Vec<String>>> {
    let mut wrong: Vec<Vec<String>> = circles
        .iter()
        .filter(|c| !known.contains(c))
        .cloned()
        .collect();
    for k in known {
        if !circles.contains(k) {
            println!(
                "known circle not found as listed ({} files, first {}): broken or changed, \
                 update `KNOWN`",
                k.len(),
                k[0]
            );
            wrong.push(k.clone());
        }
    }
    if wrong.is_empty() { Ok(()) } else { Err(wrong) }
}

/// Reads every `.rs` file under `root/dir` into `out`, keyed by its path relative to `root`.
fn read_dir(root: &Path, dir: &Path, out: &mut Sources) -> Result<(), String> {
    let full = root.join(dir);
    let entries = fs::read_dir(&full).map_err(|e| format!("{}: {e}", full.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", full.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let relative = dir.join(&name);
        let kind = entry.file_type().map_err(|e| format!("{name}: {e}"))?;
        if kind.is_dir() {
            read_dir(root, &relative, out)?;
        } else if name.ends_with(".rs") {
            let text = fs::read_to_string(root.join(&relative))
                .map_err(|e| format!("{}: {e}", relative.display()))?;
            out.insert(relative.to_string_lossy().replace('\\', "/"), text);
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Tokens

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Punct(char),
    /// `::`
    PathSep,
    /// A string, character or number literal (its text never matters here).
    Literal,
    Lifetime,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    line: usize,
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Splits Rust source into tokens, dropping whitespace, comments and the contents of literals.
fn lex(text: &str) -> Vec<Token> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let at = |k: usize| c.get(k).copied().unwrap_or('\0');
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if c[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if let Some(end) = raw_string(&c, i) {
            line += c[i..end].iter().filter(|&&x| x == '\n').count();
            out.push(Token {
                tok: Tok::Literal,
                line,
            });
            i = end;
        } else if ch == '"' || ((ch == 'b' || ch == 'c') && at(i + 1) == '"') {
            let start_line = line;
            i += if ch == '"' { 1 } else { 2 };
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    i += 1;
                }
                if at(i) == '\n' {
                    line += 1;
                }
                i += 1;
            }
            i += 1;
            out.push(Token {
                tok: Tok::Literal,
                line: start_line,
            });
        } else if ch == '\'' || (ch == 'b' && at(i + 1) == '\'') {
            let q = if ch == '\'' { i } else { i + 1 };
            if at(q + 1) == '\\' {
                // An escaped character: up to the closing quote.
                let mut k = q + 2;
                while k < c.len() && c[k] != '\'' {
                    k += 1;
                }
                i = k + 1;
                out.push(Token {
                    tok: Tok::Literal,
                    line,
                });
            } else if at(q + 2) == '\'' {
                i = q + 3;
                out.push(Token {
                    tok: Tok::Literal,
                    line,
                });
            } else {
                // A lifetime or a label.
                let mut k = q + 1;
                while k < c.len() && is_ident_char(c[k]) {
                    k += 1;
                }
                i = k.max(q + 1);
                out.push(Token {
                    tok: Tok::Lifetime,
                    line,
                });
            }
        } else if ch == 'r' && at(i + 1) == '#' && is_ident_start(at(i + 2)) {
            let mut k = i + 2;
            while k < c.len() && is_ident_char(c[k]) {
                k += 1;
            }
            out.push(Token {
                tok: Tok::Ident(c[i + 2..k].iter().collect()),
                line,
            });
            i = k;
        } else if is_ident_start(ch) {
            let mut k = i;
            while k < c.len() && is_ident_char(c[k]) {
                k += 1;
            }
            out.push(Token {
                tok: Tok::Ident(c[i..k].iter().collect()),
                line,
            });
            i = k;
        } else if ch.is_ascii_digit() {
            let mut k = i;
            while k < c.len()
                && (is_ident_char(c[k]) || (c[k] == '.' && at(k + 1).is_ascii_digit()))
            {
                k += 1;
            }
            out.push(Token {
                tok: Tok::Literal,
                line,
            });
            i = k;
        } else if ch == ':' && at(i + 1) == ':' {
            out.push(Token {
                tok: Tok::PathSep,
                line,
            });
            i += 2;
        } else {
            out.push(Token {
                tok: Tok::Punct(ch),
                line,
            });
            i += 1;
        }
    }
    out
}

/// The end of a raw string (`r"..."`, `r#"..."#`, `br".."`, `cr".."`) starting at `i`, if one does.
fn raw_string(c: &[char], i: usize) -> Option<usize> {
    let mut k = i;
    if c.get(k) == Some(&'b') || c.get(k) == Some(&'c') {
        k += 1;
    }
    if c.get(k) != Some(&'r') {
        return None;
    }
    k += 1;
    let mut hashes = 0;
    while c.get(k) == Some(&'#') {
        hashes += 1;
        k += 1;
    }
    if c.get(k) != Some(&'"') {
        return None;
    }
    k += 1;
    while k < c.len() {
        if c[k] == '"' && (1..=hashes).all(|h| c.get(k + h) == Some(&'#')) {
            return Some(k + 1 + hashes);
        }
        k += 1;
    }
    Some(c.len())
}

// ---------------------------------------------------------------------------------------------
// Modules and the names they define

/// What a `use` binds: one name (its last segment or its `as` rename) or, for `*`, every name.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Bind {
    Name(String),
    Glob,
}

#[derive(Debug)]
struct Use {
    path: Vec<String>,
    bind: Bind,
    file: usize,
    line: usize,
}

#[derive(Debug)]
struct Module {
    parent: Option<usize>,
    /// The file the module's items are written in.
    file: usize,
    /// Where its `mod x;` children live.
    dir: String,
    children: BTreeMap<String, usize>,
    /// Items by name, each with the file defining it.
    items: BTreeMap<String, usize>,
    /// `macro_rules!` names, usable unqualified in the modules below (textual scope).
    macros: BTreeSet<String>,
    uses: Vec<Use>,
}

#[derive(Debug)]
struct File {
    path: String,
    tokens: Vec<Token>,
    /// The module the file is the body of.
    module: usize,
    /// Tokens not scanned for paths: `#[cfg(test)]` items and `use` declarations (resolved on
    /// their own).
    skipped: Vec<bool>,
    /// Inline modules: token range of the body, and the module.
    scopes: Vec<(usize, usize, usize)>,
}

/// Where a path leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Module(usize),
    /// An item, by the file defining it.
    Item(usize),
    /// Outside the crate (`core`, a dependency), or a local name.
    Outside,
}

/// Where one import is written: line and the path as written.
#[derive(Clone, Debug)]
struct Site {
    line: usize,
    path: String,
}

/// The crate's modules and the file-level import graph.
#[derive(Debug)]
pub struct Crate {
    files: Vec<File>,
    modules: Vec<Module>,
    /// Each import between two files, with where the first one is written and how many there are.
    edges: BTreeMap<(usize, usize), (Site, usize)>,
    /// Files under `src/` that are not in the module tree, and `mod` declarations with no file.
    notes: Vec<String>,
}

/// Nesting more than this many re-exports deep is taken as a loop of re-exports.
const MAX_DEPTH: usize = 32;

impl Crate {
    /// Parses `sources` from `src/lib.rs` down and builds the import graph.
    pub fn build(sources: &Sources) -> Result<Crate, String> {
        let lib = "src/lib.rs";
        if !sources.contains_key(lib) {
            return Err(format!("no {lib}"));
        }
        let mut krate = Crate {
            files: Vec::new(),
            modules: Vec::new(),
            edges: BTreeMap::new(),
            notes: Vec::new(),
        };
        let mut tests = BTreeSet::new();
        krate.modules.push(Module {
            parent: None,
            file: 0,
            dir: "src".into(),
            children: BTreeMap::new(),
            items: BTreeMap::new(),
            macros: BTreeSet::new(),
            uses: Vec::new(),
        });
        krate.parse_file(sources, &mut tests, lib, 0);
        for path in sources.keys() {
            if !krate.files.iter().any(|f| &f.path == path) && !tests.contains(path) {
                krate
                    .notes
                    .push(format!("{path} is not in the module tree: not checked"));
            }
        }
        krate.link();
        Ok(krate)
    }

    fn parse_file(
        &mut self,
        sources: &Sources,
        tests: &mut BTreeSet<String>,
        path: &str,
        m: usize,
    ) {
        let tokens = lex(&sources[path]);
        let f = self.files.len();
        self.files.push(File {
            path: path.into(),
            skipped: vec![false; tokens.len()],
            tokens,
            module: m,
            scopes: Vec::new(),
        });
        self.modules[m].file = f;
        let end = self.files[f].tokens.len();
        self.items(sources, tests, f, m, 0, end);
    }

    fn tok(&self, f: usize, i: usize) -> Option<&Tok> {
        self.files[f].tokens.get(i).map(|t| &t.tok)
    }

    fn ident(&self, f: usize, i: usize) -> Option<&str> {
        match self.tok(f, i) {
            Some(Tok::Ident(s)) => Some(s),
            _ => None,
        }
    }

    fn is_ident(&self, f: usize, i: usize, word: &str) -> bool {
        self.ident(f, i) == Some(word)
    }

    fn is_punct(&self, f: usize, i: usize, c: char) -> bool {
        self.tok(f, i) == Some(&Tok::Punct(c))
    }

    fn line(&self, f: usize, i: usize) -> usize {
        let tokens = &self.files[f].tokens;
        tokens.get(i).or(tokens.last()).map_or(0, |t| t.line)
    }

    /// The index of the bracket closing the one at `open` (or the end of the file).
    fn close(&self, f: usize, open: usize) -> usize {
        let tokens = &self.files[f].tokens;
        let mut depth = 0usize;
        for (k, t) in tokens.iter().enumerate().skip(open) {
            match t.tok {
                Tok::Punct('(' | '[' | '{') => depth += 1,
                Tok::Punct(')' | ']' | '}') => {
                    depth -= 1;
                    if depth == 0 {
                        return k;
                    }
                }
                _ => {}
            }
        }
        tokens.len()
    }

    /// The end of the item (or statement, field, argument) starting at `i`: past its `;` or its
    /// closing brace, or at the bracket closing the list it is in.
    fn item_end(&self, f: usize, i: usize, end: usize) -> usize {
        let mut depth = 0usize;
        let mut k = i;
        while k < end {
            match self.tok(f, k) {
                Some(Tok::Punct('(' | '[' | '{')) => depth += 1,
                Some(Tok::Punct(c @ (')' | ']' | '}'))) => {
                    if depth == 0 {
                        return k;
                    }
                    depth -= 1;
                    if depth == 0 && *c == '}' {
                        return k + 1;
                    }
                }
                Some(Tok::Punct(';')) if depth == 0 => return k + 1,
                _ => {}
            }
            k += 1;
        }
        end
    }

    /// Whether the attribute tokens `[lo, hi)` (inside `#[...]`) are `cfg(test)` or
    /// `cfg(all(test, ..))`.
    fn is_test_cfg(&self, f: usize, lo: usize, hi: usize) -> bool {
        if !self.is_ident(f, lo, "cfg") || !self.is_punct(f, lo + 1, '(') {
            return false;
        }
        if self.is_ident(f, lo + 2, "test") {
            return true;
        }
        if self.is_ident(f, lo + 2, "all") && self.is_punct(f, lo + 3, '(') {
            let close = self.close(f, lo + 3);
            let mut k = lo + 4;
            while k < close.min(hi) {
                if self.is_ident(f, k, "test") && (self.is_punct(f, k + 1, ',') || k + 1 == close) {
                    return true;
                }
                k = self.item_end_at_comma(f, k, close);
            }
        }
        false
    }

    /// Past the next top-level comma in `[k, close)`.
    fn item_end_at_comma(&self, f: usize, mut k: usize, close: usize) -> usize {
        let mut depth = 0usize;
        while k < close {
            match self.tok(f, k) {
                Some(Tok::Punct('(' | '[' | '{')) => depth += 1,
                Some(Tok::Punct(')' | ']' | '}')) => depth = depth.saturating_sub(1),
                Some(Tok::Punct(',')) if depth == 0 => return k + 1,
                _ => {}
            }
            k += 1;
        }
        close
    }

    fn skip(&mut self, f: usize, lo: usize, hi: usize) {
        for s in &mut self.files[f].skipped[lo..hi] {
            *s = true;
        }
    }

    fn new_module(&mut self, parent: usize, name: &str, file: usize) -> usize {
        let dir = format!("{}/{name}", self.modules[parent].dir);
        let m = self.modules.len();
        self.modules.push(Module {
            parent: Some(parent),
            file,
            dir,
            children: BTreeMap::new(),
            items: BTreeMap::new(),
            macros: BTreeSet::new(),
            uses: Vec::new(),
        });
        self.modules[parent].children.insert(name.into(), m);
        m
    }

    /// Reads the items of module `m` in tokens `[i, end)` of file `f`.
    fn items(
        &mut self,
        sources: &Sources,
        tests: &mut BTreeSet<String>,
        f: usize,
        m: usize,
        mut i: usize,
        end: usize,
    ) {
        while i < end {
            let start = i;
            let mut test = false;
            let mut export = false;
            loop {
                if self.is_punct(f, i, '#') && self.is_punct(f, i + 1, '!') {
                    i = self.close(f, i + 2) + 1;
                } else if self.is_punct(f, i, '#') && self.is_punct(f, i + 1, '[') {
                    let close = self.close(f, i + 1);
                    test |= self.is_test_cfg(f, i + 2, close);
                    export |= self.is_ident(f, i + 2, "macro_export");
                    i = close + 1;
                } else {
                    break;
                }
            }
            if i >= end {
                break;
            }
            if test {
                let e = self.item_end(f, i, end);
                // A test module in a file of its own is not read at all.
                if self.is_ident(f, i, "mod")
                    && self.is_punct(f, i + 2, ';')
                    && let Some(name) = self.ident(f, i + 1)
                {
                    let dir = &self.modules[m].dir;
                    tests.insert(format!("{dir}/{name}.rs"));
                    tests.insert(format!("{dir}/{name}/mod.rs"));
                }
                self.skip(f, start, e);
                i = e.max(i + 1);
                continue;
            }
            if self.is_ident(f, i, "pub") {
                i += 1;
                if self.is_punct(f, i, '(') {
                    i = self.close(f, i) + 1;
                }
            }
            // Qualifiers before the item's keyword.
            loop {
                let next = self.ident(f, i + 1);
                match self.ident(f, i) {
                    Some("unsafe" | "async" | "default" | "auto" | "safe") => i += 1,
                    Some("const") if matches!(next, Some("fn" | "unsafe" | "async" | "extern")) => {
                        i += 1
                    }
                    Some("extern") if self.tok(f, i + 1) == Some(&Tok::Literal) => i += 2,
                    _ => break,
                }
            }
            let keyword = self.ident(f, i).map(str::to_owned);
            match keyword.as_deref() {
                Some("mod") if self.ident(f, i + 1).is_some() => {
                    let name = self.ident(f, i + 1).unwrap_or_default().to_owned();
                    if self.is_punct(f, i + 2, '{') {
                        let close = self.close(f, i + 2);
                        let child = self.new_module(m, &name, f);
                        self.files[f].scopes.push((i + 2, close, child));
                        self.items(sources, tests, f, child, i + 3, close.min(end));
                        i = close + 1;
                    } else {
                        let dir = self.modules[m].dir.clone();
                        let child = self.new_module(m, &name, f);
                        let candidates =
                            [format!("{dir}/{name}.rs"), format!("{dir}/{name}/mod.rs")];
                        match candidates.iter().find(|p| sources.contains_key(*p)) {
                            Some(path) => self.parse_file(sources, tests, path, child),
                            None => self.notes.push(format!(
                                "{}:{}: `mod {name};` has no file ({} or {})",
                                self.files[f].path,
                                self.line(f, i),
                                candidates[0],
                                candidates[1]
                            )),
                        }
                        i = self.item_end(f, i, end).max(i + 1);
                    }
                }
                Some("use") => {
                    let e = self.use_decl(f, m, i, end);
                    self.skip(f, i, e);
                    i = e;
                }
                Some("macro_rules") if self.is_punct(f, i + 1, '!') => {
                    if let Some(name) = self.ident(f, i + 2).map(str::to_owned) {
                        self.modules[m].macros.insert(name.clone());
                        self.modules[m].items.insert(name.clone(), f);
                        if export {
                            self.modules[0].items.insert(name, f);
                        }
                    }
                    i = self.item_end(f, i, end).max(i + 1);
                }
                Some(
                    "fn" | "struct" | "enum" | "union" | "trait" | "type" | "const" | "static",
                ) => {
                    let mut k = i + 1;
                    if self.is_ident(f, k, "mut") {
                        k += 1;
                    }
                    if let Some(name) = self.ident(f, k)
                        && name != "_"
                    {
                        let name = name.to_owned();
                        self.modules[m].items.insert(name, f);
                    }
                    i = self.body(f, m, i, end);
                }
                Some(_) if self.macro_call(f, i).is_some() => {
                    // An item-level macro call: the items written in it are the module's too.
                    let open = self.macro_call(f, i).unwrap_or(i);
                    let close = self.close(f, open);
                    self.items(sources, tests, f, m, open + 1, close.min(end));
                    i = self.item_end(f, i, end).max(close + 1).max(i + 1);
                }
                _ => i = self.body(f, m, i, end),
            }
        }
    }

    /// If tokens at `i` are `a::b!(`, `a::b![` or `a::b! {`, the index of the bracket.
    fn macro_call(&self, f: usize, mut i: usize) -> Option<usize> {
        self.ident(f, i)?;
        while self.tok(f, i + 1) == Some(&Tok::PathSep) && self.ident(f, i + 2).is_some() {
            i += 2;
        }
        if !self.is_punct(f, i + 1, '!') {
            return None;
        }
        match self.tok(f, i + 2) {
            Some(Tok::Punct('(' | '[' | '{')) => Some(i + 2),
            _ => None,
        }
    }

    /// Skips the item at `i`, reading the `use` declarations in its blocks as module `m`'s.
    fn body(&mut self, f: usize, m: usize, i: usize, end: usize) -> usize {
        let e = self.item_end(f, i, end).max(i + 1);
        let mut k = i + 1;
        while k < e {
            if self.is_ident(f, k, "use")
                && !self.is_punct(f, k + 1, '<')
                && !matches!(self.tok(f, k - 1), Some(Tok::PathSep | Tok::Punct('$')))
                && !self.files[f].skipped[k]
            {
                let u = self.use_decl(f, m, k, e);
                self.skip(f, k, u);
                k = u;
            } else {
                k += 1;
            }
        }
        e
    }

    /// Reads the `use` declaration at `i` into module `m`; returns the index past it.
    fn use_decl(&mut self, f: usize, m: usize, i: usize, end: usize) -> usize {
        let mut out = Vec::new();
        let after = self.use_tree(f, i + 1, Vec::new(), &mut out);
        let line = self.line(f, i);
        for (path, bind) in out {
            self.modules[m].uses.push(Use {
                path,
                bind,
                file: f,
                line,
            });
        }
        let mut k = after;
        while k < end && !self.is_punct(f, k, ';') {
            k += 1;
        }
        (k + 1).min(end.max(k))
    }

    /// Reads one use tree at `j` under `prefix` into `out`; returns the index past it.
    fn use_tree(
        &self,
        f: usize,
        mut j: usize,
        mut path: Vec<String>,
        out: &mut Vec<(Vec<String>, Bind)>,
    ) -> usize {
        if self.tok(f, j) == Some(&Tok::PathSep) {
            if path.is_empty() {
                path.push("::".into());
            }
            j += 1;
        }
        loop {
            match self.tok(f, j) {
                Some(Tok::Punct('*')) => {
                    out.push((path, Bind::Glob));
                    return j + 1;
                }
                Some(Tok::Punct('{')) => {
                    j += 1;
                    loop {
                        match self.tok(f, j) {
                            Some(Tok::Punct('}')) => return j + 1,
                            None => return j,
                            _ => {}
                        }
                        let next = self.use_tree(f, j, path.clone(), out);
                        j = if next == j { j + 1 } else { next };
                        if self.is_punct(f, j, ',') {
                            j += 1;
                        }
                    }
                }
                Some(Tok::Punct('$')) if self.is_ident(f, j + 1, "crate") => {
                    path.push("crate".into());
                    j += 2;
                    if self.tok(f, j) == Some(&Tok::PathSep) {
                        j += 1;
                    }
                }
                Some(Tok::Ident(s)) => {
                    let s = s.clone();
                    let follows = self.tok(f, j + 1) == Some(&Tok::PathSep);
                    if s == "self" && !path.is_empty() && !follows {
                        // `a::{self}`: the module `a` itself.
                        let (alias, next) = self.rename(f, j + 1, path.last().cloned());
                        if let Some(alias) = alias {
                            out.push((path, Bind::Name(alias)));
                        }
                        return next;
                    }
                    path.push(s.clone());
                    j += 1;
                    if follows {
                        j += 1;
                        continue;
                    }
                    let (alias, next) = self.rename(f, j, Some(s));
                    if let Some(alias) = alias {
                        out.push((path, Bind::Name(alias)));
                    }
                    return next;
                }
                _ => return j,
            }
        }
    }

    /// `as name` at `j`, or `default`.
    fn rename(&self, f: usize, j: usize, default: Option<String>) -> (Option<String>, usize) {
        if self.is_ident(f, j, "as") {
            (self.ident(f, j + 1).map(str::to_owned), j + 2)
        } else {
            (default, j)
        }
    }

    // -----------------------------------------------------------------------------------------
    // Resolution

    /// What `name` means inside module `m`: a child, an item, an import; `None` if nothing there
    /// has that name.
    fn lookup(&self, m: usize, name: &str, depth: usize) -> Option<Target> {
        if depth > MAX_DEPTH {
            return Some(Target::Outside);
        }
        let module = &self.modules[m];
        if let Some(&c) = module.children.get(name) {
            return Some(Target::Module(c));
        }
        if let Some(&file) = module.items.get(name) {
            return Some(Target::Item(file));
        }
        for u in &module.uses {
            if u.bind == Bind::Name(name.into()) {
                return Some(self.resolve(m, &u.path, depth + 1));
            }
        }
        for u in &module.uses {
            if u.bind == Bind::Glob
                && self.explicit_start(m, &u.path)
                && let Target::Module(g) = self.resolve(m, &u.path, depth + 1)
                && g != m
                && let Some(t) = self.lookup(g, name, depth + 1)
            {
                return Some(t);
            }
        }
        None
    }

    /// Whether `path` starts at a keyword or at a name module `m` binds other than through a glob
    /// (so that `use core::arch::x86_64::*;` is not searched for `core` itself).
    fn explicit_start(&self, m: usize, path: &[String]) -> bool {
        match path.first().map(String::as_str) {
            None | Some("::" | "crate" | "self" | "super") => true,
            Some(name) => {
                let module = &self.modules[m];
                module.children.contains_key(name)
                    || module.items.contains_key(name)
                    || module
                        .uses
                        .iter()
                        .any(|u| u.bind == Bind::Name(name.into()))
            }
        }
    }

    /// Where `path`, written in module `m`, leads.
    fn resolve(&self, m: usize, path: &[String], depth: usize) -> Target {
        let Some(first) = path.first() else {
            return Target::Module(m);
        };
        let (mut at, rest) = match first.as_str() {
            "::" => match path.get(1).map(String::as_str) {
                Some("shaped") => (0, &path[2..]),
                _ => return Target::Outside,
            },
            "crate" => (0, &path[1..]),
            "self" => (m, &path[1..]),
            "super" => {
                let mut at = m;
                let mut k = 0;
                while path.get(k).map(String::as_str) == Some("super") {
                    match self.modules[at].parent {
                        Some(p) => at = p,
                        None => return Target::Outside,
                    }
                    k += 1;
                }
                (at, &path[k..])
            }
            name => match self.lookup(m, name, depth) {
                Some(Target::Module(c)) => (c, &path[1..]),
                Some(t) => return t,
                // `shaped::` names the crate (`extern crate self as shaped`) unless shadowed.
                None if name == "shaped" => (0, &path[1..]),
                None => return Target::Outside,
            },
        };
        for segment in rest {
            match self.lookup(at, segment, depth + 1) {
                Some(Target::Module(c)) => at = c,
                Some(t) => return t,
                // Not written in the module (a macro makes it): the module's own file.
                None => return Target::Item(self.modules[at].file),
            }
        }
        Target::Module(at)
    }

    /// Whether module `m` is `ancestor` or inside it.
    fn within(&self, mut m: usize, ancestor: usize) -> bool {
        loop {
            if m == ancestor {
                return true;
            }
            match self.modules[m].parent {
                Some(p) => m = p,
                None => return false,
            }
        }
    }

    fn edge(&mut self, from: usize, target: Target, line: usize, path: &[String]) {
        let Target::Item(to) = target else {
            return;
        };
        if from == to || self.within(self.files[to].module, self.files[from].module) {
            return;
        }
        let site = Site {
            line,
            path: path.join("::").replace("::::", "::"),
        };
        self.edges
            .entry((from, to))
            .and_modify(|(_, n)| *n += 1)
            .or_insert((site, 1));
    }

    /// The innermost module around token `i` of file `f`.
    fn scope(&self, f: usize, i: usize) -> usize {
        let file = &self.files[f];
        file.scopes
            .iter()
            .filter(|(lo, hi, _)| *lo < i && i < *hi)
            .min_by_key(|(lo, hi, _)| hi - lo)
            .map_or(file.module, |s| s.2)
    }

    /// Adds every edge: the `use` declarations, then the paths in each file's code.
    fn link(&mut self) {
        let mut found = Vec::new();
        for m in 0..self.modules.len() {
            for u in &self.modules[m].uses {
                match &u.bind {
                    Bind::Name(_) => {
                        found.push((u.file, self.resolve(m, &u.path, 0), u.line, u.path.clone()))
                    }
                    Bind::Glob => {
                        if let Target::Module(g) = self.resolve(m, &u.path, 0) {
                            for name in self.identifiers(u.file) {
                                if let Some(t) = self.lookup(g, &name, 0) {
                                    let mut path = u.path.clone();
                                    path.push(name);
                                    found.push((u.file, t, u.line, path));
                                }
                            }
                        }
                    }
                }
            }
        }
        for f in 0..self.files.len() {
            found.extend(self.paths(f));
        }
        for (from, target, line, path) in found {
            self.edge(from, target, line, &path);
        }
    }

    /// The identifiers of file `f` outside skipped tokens.
    fn identifiers(&self, f: usize) -> BTreeSet<String> {
        let file = &self.files[f];
        file.tokens
            .iter()
            .zip(&file.skipped)
            .filter(|(_, s)| !**s)
            .filter_map(|(t, _)| match &t.tok {
                Tok::Ident(s) => Some(s.clone()),
                _ => None,
            })
            .collect()
    }

    /// The crate paths in the code of file `f`: (file, target, line, path).
    fn paths(&self, f: usize) -> Vec<(usize, Target, usize, Vec<String>)> {
        let tokens = &self.files[f].tokens;
        let skipped = &self.files[f].skipped;
        let mut out = Vec::new();
        let mut i = 0;
        while i < tokens.len() {
            if skipped[i] {
                i += 1;
                continue;
            }
            let prev = if i > 0 {
                Some(&tokens[i - 1].tok)
            } else {
                None
            };
            let (mut segments, mut j) = match &tokens[i].tok {
                Tok::PathSep
                    if !matches!(prev, Some(Tok::Ident(_) | Tok::Punct('>')))
                        && self.is_ident(f, i + 1, "shaped") =>
                {
                    (vec!["crate".to_owned()], i + 2)
                }
                Tok::Punct('$') if self.is_ident(f, i + 1, "crate") => {
                    (vec!["crate".to_owned()], i + 2)
                }
                Tok::Ident(s)
                    if !matches!(prev, Some(Tok::PathSep | Tok::Punct('.' | '$' | '\''))) =>
                {
                    (vec![s.clone()], i + 1)
                }
                _ => {
                    i += 1;
                    continue;
                }
            };
            while tokens.get(j).map(|t| &t.tok) == Some(&Tok::PathSep) {
                match self.ident(f, j + 1) {
                    Some(s) => {
                        segments.push(s.to_owned());
                        j += 2;
                    }
                    None => break,
                }
            }
            // `a::b::$name` in a macro: some item of `a::b`, whichever the caller names.
            let metavariable = tokens.get(j).map(|t| &t.tok) == Some(&Tok::PathSep)
                && self.is_punct(f, j + 1, '$')
                && self.ident(f, j + 2).is_some_and(|s| s != "crate");
            if metavariable {
                segments.push("$".into());
            }
            let m = self.scope(f, i);
            let line = tokens[i].line;
            let keyword = matches!(segments[0].as_str(), "crate" | "self" | "super" | "shaped");
            if segments.len() == 1 && !keyword && self.is_punct(f, j, '!') {
                // `name!`: imported or defined here, else a `macro_rules!` of a module above.
                let name = &segments[0];
                let target = self.lookup(m, name, 0).or_else(|| {
                    let mut at = self.modules[m].parent;
                    while let Some(a) = at {
                        if self.modules[a].macros.contains(name) {
                            return Some(Target::Item(self.modules[a].file));
                        }
                        at = self.modules[a].parent;
                    }
                    None
                });
                if let Some(t) = target {
                    out.push((f, t, line, segments.clone()));
                }
            } else if segments.len() > 1 || keyword {
                out.push((f, self.resolve(m, &segments, 0), line, segments.clone()));
            }
            i = j.max(i + 1);
        }
        out
    }

    // -----------------------------------------------------------------------------------------
    // Circles

    /// Every circle of imports: the files of each strongly connected component of more than one
    /// file, sorted.
    pub fn circles(&self) -> Vec<Vec<String>> {
        let edges: BTreeSet<(usize, usize)> = self.edges.keys().copied().collect();
        let mut circles: Vec<Vec<String>> = components(self.files.len(), &edges)
            .into_iter()
            .map(|c| {
                let mut paths: Vec<String> =
                    c.iter().map(|&f| self.files[f].path.clone()).collect();
                paths.sort();
                paths
            })
            .collect();
        circles.sort();
        circles
    }

    /// The imports from file `from` to file `to`, if any: the first one's line and path, and how
    /// many there are.
    fn imports(&self, from: &str, to: &str) -> Option<(&Site, usize)> {
        let from = self.files.iter().position(|f| f.path == from)?;
        let to = self.files.iter().position(|f| f.path == to)?;
        self.edges.get(&(from, to)).map(|(site, n)| (site, *n))
    }

    /// Every import from and to `file`, one a line.
    fn imports_of(&self, file: &str) -> Result<String, String> {
        let f = self
            .files
            .iter()
            .position(|x| x.path == file)
            .ok_or_else(|| format!("{file} is not in the module tree"))?;
        let mut out = String::new();
        for (&(a, b), (site, n)) in &self.edges {
            if a == f || b == f {
                out.push_str(&format!(
                    "{}:{} -> {}: {} ({n})\n",
                    self.files[a].path, site.line, self.files[b].path, site.path
                ));
            }
        }
        Ok(out)
    }

    /// The circles with the imports inside each.
    pub fn report(&self, circles: &[Vec<String>]) -> String {
        let mut out = format!("{} import circle(s):\n", circles.len());
        for (k, circle) in circles.iter().enumerate() {
            out.push_str(&format!("\ncircle {} ({} files):\n", k + 1, circle.len()));
            for file in circle {
                out.push_str(&format!("  {file}\n"));
            }
            out.push_str("  imports inside it:\n");
            for from in circle {
                for to in circle {
                    if let Some((site, n)) = self.imports(from, to) {
                        let more = if n > 1 {
                            format!(" (+{} more)", n - 1)
                        } else {
                            String::new()
                        };
                        out.push_str(&format!(
                            "    {from}:{} -> {to}: {}{more}\n",
                            site.line, site.path
                        ));
                    }
                }
            }
        }
        out
    }
}

/// The strongly connected components of more than one node of the graph on `0..n` with `edges`
/// (Tarjan's algorithm), each sorted, in order of their smallest node.
pub fn components(n: usize, edges: &BTreeSet<(usize, usize)>) -> Vec<Vec<usize>> {
    struct Tarjan<'a> {
        next: Vec<Vec<usize>>,
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        out: &'a mut Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.counter);
            self.low[v] = self.counter;
            self.counter += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for k in 0..self.next[v].len() {
                let w = self.next[v][k];
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(iw) if self.on_stack[w] => self.low[v] = self.low[v].min(iw),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort_unstable();
                    self.out.push(component);
                }
            }
        }
    }
    let mut next = vec![Vec::new(); n];
    for &(a, b) in edges {
        next[a].push(b);
    }
    let mut out = Vec::new();
    let mut t = Tarjan {
        next,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        counter: 0,
        out: &mut out,
    };
    for v in 0..n {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sources(files: &[(&str, &str)]) -> Sources {
        files
            .iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect()
    }

    fn circles(files: &[(&str, &str)]) -> Vec<Vec<String>> {
        Crate::build(&sources(files)).unwrap().circles()
    }

    fn edges(files: &[(&str, &str)]) -> Vec<(String, String)> {
        let krate = Crate::build(&sources(files)).unwrap();
        krate
            .edges
            .keys()
            .map(|&(a, b)| (krate.files[a].path.clone(), krate.files[b].path.clone()))
            .collect()
    }

    fn pair(a: &str, b: &str) -> (String, String) {
        (a.into(), b.into())
    }

    #[test]
    fn only_the_known_circles_pass() {
        let c = |files: &[&str]| files.iter().map(|f| f.to_string()).collect::<Vec<_>>();
        let known = vec![c(&["src/a.rs", "src/b.rs"])];
        assert!(compare(&known, &known).is_ok());
        // A new circle, a known one grown, a known one broken.
        let new = vec![known[0].clone(), c(&["src/x.rs", "src/y.rs"])];
        assert_eq!(
            compare(&new, &known),
            Err(vec![c(&["src/x.rs", "src/y.rs"])])
        );
        let grown = vec![c(&["src/a.rs", "src/b.rs", "src/c.rs"])];
        assert_eq!(compare(&grown, &known).unwrap_err().len(), 2);
        assert_eq!(compare(&[], &known), Err(known.clone()));
    }

    #[test]
    fn the_known_circles_are_the_repositorys() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .unwrap()
            .to_path_buf();
        let mut sources = Sources::new();
        read_dir(&root, Path::new("src"), &mut sources).unwrap();
        let circles = Crate::build(&sources).unwrap().circles();
        assert_eq!(compare(&circles, &known()), Ok(()));
    }

    #[test]
    fn tarjan_finds_every_component_and_no_more() {
        let e = |list: &[(usize, usize)]| list.iter().copied().collect::<BTreeSet<_>>();
        assert_eq!(
            components(3, &e(&[(0, 1), (1, 2)])),
            Vec::<Vec<usize>>::new()
        );
        assert_eq!(components(2, &e(&[(0, 1), (1, 0)])), vec![vec![0, 1]]);
        // Two circles joined by one edge stay two; a self-loop is none.
        assert_eq!(
            components(
                7,
                &e(&[
                    (0, 1),
                    (1, 2),
                    (2, 0),
                    (2, 3),
                    (3, 4),
                    (4, 3),
                    (5, 5),
                    (6, 0)
                ])
            ),
            vec![vec![0, 1, 2], vec![3, 4]]
        );
        // The back edge closes the whole chain.
        assert_eq!(
            components(5, &e(&[(0, 1), (1, 2), (2, 3), (3, 4), (4, 1)])),
            vec![vec![1, 2, 3, 4]]
        );
    }

    #[test]
    fn two_files_importing_each_other_are_a_circle() {
        let found = circles(&[
            ("src/lib.rs", "mod a;\nmod b;\n"),
            ("src/a.rs", "use crate::b::B;\npub struct A;\n"),
            ("src/b.rs", "use super::a::A;\npub struct B;\n"),
        ]);
        assert_eq!(found, vec![vec!["src/a.rs".to_string(), "src/b.rs".into()]]);
    }

    #[test]
    fn a_circle_through_three_files_and_paths_in_code() {
        let found = circles(&[
            ("src/lib.rs", "pub mod x;\n"),
            ("src/x/mod.rs", "mod a;\nmod b;\nmod c;\n"),
            ("src/x/a.rs", "pub fn a() { super::b::b() }\n"),
            ("src/x/b.rs", "pub fn b() -> u8 { crate::x::c::C }\n"),
            (
                "src/x/c.rs",
                "pub const C: u8 = 1;\nfn f() { let _ = $crate::x::a::a; }\n",
            ),
        ]);
        assert_eq!(
            found,
            vec![vec![
                "src/x/a.rs".to_string(),
                "src/x/b.rs".into(),
                "src/x/c.rs".into()
            ]]
        );
    }

    #[test]
    fn root_re_exports_resolve_to_the_defining_file() {
        let files = [
            (
                "src/lib.rs",
                "mod a;\nmod b;\npub use a::A;\npub use b::{B as Bee};\n",
            ),
            ("src/a.rs", "use crate::Bee;\npub struct A;\n"),
            (
                "src/b.rs",
                "pub struct B;\nimpl B { fn f(_: crate::A) {} }\n",
            ),
        ];
        assert_eq!(
            edges(&files),
            vec![pair("src/a.rs", "src/b.rs"), pair("src/b.rs", "src/a.rs")]
        );
        assert_eq!(circles(&files).len(), 1);
    }

    #[test]
    fn re_exports_elsewhere_and_module_aliases_resolve_through() {
        let files = [
            ("src/lib.rs", "mod a;\nmod b;\nmod c;\n"),
            // `a` re-exports `c`'s item; `b` reaches it through `a` and through a module alias.
            ("src/a.rs", "pub(crate) use crate::c::C;\n"),
            (
                "src/b.rs",
                "use crate::c;\nuse crate::a::C as Sea;\nfn f() { c::g(); }\n",
            ),
            ("src/c.rs", "pub struct C;\npub fn g() {}\n"),
        ];
        assert_eq!(
            edges(&files),
            vec![pair("src/a.rs", "src/c.rs"), pair("src/b.rs", "src/c.rs")]
        );
    }

    #[test]
    fn a_parent_using_its_children_is_no_circle() {
        let files = [
            ("src/lib.rs", "pub mod p;\npub use p::Child;\n"),
            (
                "src/p/mod.rs",
                "mod child;\npub use child::Child;\npub trait T {}\nfn f(_: child::Child) {}\n",
            ),
            (
                "src/p/child.rs",
                "use super::T;\npub struct Child;\nimpl T for Child {}\n",
            ),
        ];
        assert_eq!(edges(&files), vec![pair("src/p/child.rs", "src/p/mod.rs")]);
        assert!(circles(&files).is_empty());
    }

    #[test]
    fn test_code_comments_and_strings_are_not_imports() {
        let files = [
            ("src/lib.rs", "mod a;\nmod b;\n#[cfg(test)]\nmod tests;\n"),
            (
                "src/a.rs",
                "pub struct A;\n/// [`crate::b::B`]\n// crate::b::B\nconst S: &str = \"crate::b::B\";\n\
                 #[cfg(test)]\nmod tests { use crate::b::B; }\n\
                 #[cfg(all(test, feature = \"x\"))]\nuse crate::b::B;\n",
            ),
            ("src/b.rs", "use crate::a::A;\npub struct B;\n"),
            ("src/tests.rs", "use crate::b::B;\nuse crate::a::A;\n"),
        ];
        assert_eq!(edges(&files), vec![pair("src/b.rs", "src/a.rs")]);
        let krate = Crate::build(&sources(&files)).unwrap();
        assert!(krate.notes.is_empty(), "{:?}", krate.notes);
    }

    #[test]
    fn macros_and_items_made_by_macros_are_found() {
        let files = [
            ("src/lib.rs", "mod m;\nmod gen;\nmod user;\n"),
            // A `macro_rules!` re-exported by `use`, an item inside a macro call, and items a
            // macro generates (resolved to the module's file).
            (
                "src/m.rs",
                "macro_rules! declare { ($($t:tt)*) => { $($t)* } }\npub(crate) use declare;\n",
            ),
            (
                "src/gen.rs",
                "crate::m::declare! { pub trait Made {} }\nmake_all!();\n",
            ),
            (
                "src/user.rs",
                "use crate::gen::Made;\nfn f() { crate::gen::made_by_macro(); }\n",
            ),
        ];
        assert_eq!(
            edges(&files),
            vec![
                pair("src/gen.rs", "src/m.rs"),
                pair("src/user.rs", "src/gen.rs")
            ]
        );
    }

    #[test]
    fn a_path_ending_in_a_metavariable_imports_its_module() {
        let files = [
            ("src/lib.rs", "mod a;\nmod b;\n"),
            ("src/a.rs", "pub fn one() {}\n"),
            (
                "src/b.rs",
                "macro_rules! call { ($f:ident) => { crate::a::$f() } }\n",
            ),
        ];
        assert_eq!(edges(&files), vec![pair("src/b.rs", "src/a.rs")]);
    }

    #[test]
    fn a_parent_macro_used_bare_is_an_import() {
        let files = [
            ("src/lib.rs", "mod p;\n"),
            ("src/p/mod.rs", "macro_rules! helper { () => {} }\nmod c;\n"),
            ("src/p/c.rs", "helper!();\n"),
        ];
        assert_eq!(edges(&files), vec![pair("src/p/c.rs", "src/p/mod.rs")]);
    }

    #[test]
    fn globs_bring_in_only_the_names_used() {
        let files = [
            ("src/lib.rs", "mod a;\nmod b;\nmod c;\n"),
            ("src/a.rs", "pub use crate::b::B;\npub use crate::c::C;\n"),
            ("src/b.rs", "pub struct B;\n"),
            (
                "src/c.rs",
                "pub struct C;\nmod inner { use crate::a::*; fn f(_: B) {} }\n",
            ),
        ];
        let found = edges(&files);
        assert!(found.contains(&pair("src/c.rs", "src/b.rs")), "{found:?}");
        assert!(!found.contains(&pair("src/c.rs", "src/a.rs")), "{found:?}");
    }

    #[test]
    fn the_lexer_skips_literals_and_keeps_lifetimes_apart() {
        let tokens = lex("r#\"a\"b\"# 'a' '\\n' 'x b\"\\\"\" /* /* */ */ c");
        let kinds: Vec<Tok> = tokens.into_iter().map(|t| t.tok).collect();
        assert_eq!(
            kinds,
            vec![
                Tok::Literal,
                Tok::Literal,
                Tok::Literal,
                Tok::Lifetime,
                Tok::Literal,
                Tok::Ident("c".into())
            ]
        );
    }
}
