//! The house rules Cargo cannot see: which crate of the workspace may depend on which
//! (the layers of ARCHITECTURE.md, read from the manifests); inside the library's own
//! crate (`crates/boardpress/src/`), imports run one way only (no circle between files,
//! nor between the folders and files of any one folder); and no file of any crate, nor
//! of its tests, benches, web page or fuzz targets, is longer than a person reads in one
//! sitting. How source is read for paths is in `architecture/lexing.rs`.
//!
//! An import is every `crate::`, `super::` and `self::` path outside test modules and
//! comments (`use` lines and paths written inline alike), resolved to the file that
//! defines the module it names. `cargo test --test architecture -- --nocapture` prints
//! the graph's figures.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use toml::de::DeTable;

#[path = "architecture/lexing.rs"]
mod lexing;
use lexing::{code_only, named_paths};

/// Each crate of the workspace and the workspace crates it may depend on: the crate
/// graph of ARCHITECTURE.md. A game depends on the core and the contract alone; the
/// backends and the layout on the core alone; the rulebooks on the core and the contract
/// (the games are handed to them); only the command line and the web page on the
/// library.
const ALLOWED: &[(&str, &[&str])] = &[
    ("crates/core", &[]),
    ("crates/game", &["boardpress-core"]),
    ("crates/el", &["boardpress-core", "boardpress-game"]),
    ("crates/kamon", &["boardpress-core", "boardpress-game"]),
    ("crates/six", &["boardpress-core", "boardpress-game"]),
    ("crates/gosforth", &["boardpress-core", "boardpress-game"]),
    ("crates/layout", &["boardpress-core"]),
    ("crates/render", &["boardpress-core"]),
    ("crates/rulebook", &["boardpress-core", "boardpress-game"]),
    (
        "crates/boardpress",
        &[
            "boardpress-core",
            "boardpress-game",
            "boardpress-el",
            "boardpress-kamon",
            "boardpress-six",
            "boardpress-gosforth",
            "boardpress-layout",
            "boardpress-render",
            "boardpress-rulebook",
        ],
    ),
    (".", &["boardpress"]),
    ("web", &["boardpress", "boardpress-cli"]),
];

/// The table under `key` in a manifest's table, if there is one.
fn table<'a, 'i>(t: &'a DeTable<'i>, key: &str) -> Option<&'a DeTable<'i>> {
    t.iter().find(|(k, _)| k.get_ref() == key).and_then(|(_, v)| v.get_ref().as_table())
}

/// The dependencies a manifest names (`[dependencies]`, target-specific ones too).
fn dependencies(manifest: &str) -> BTreeSet<String> {
    let doc = DeTable::parse(manifest).unwrap();
    let doc = doc.get_ref();
    let mut out = BTreeSet::new();
    let mut add =
        |deps: Option<&DeTable<'_>>| out.extend(deps.into_iter().flatten().map(|(k, _)| k.get_ref().to_string()));
    add(table(doc, "dependencies"));
    for (_, target) in table(doc, "target").into_iter().flatten() {
        add(target.get_ref().as_table().and_then(|t| table(t, "dependencies")));
    }
    out
}

#[test]
fn each_crate_depends_only_on_the_layers_below_it() {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let members: Vec<String> = std::fs::read_dir(here.join("crates"))
        .unwrap()
        .map(|e| format!("crates/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    for member in &members {
        assert!(ALLOWED.iter().any(|(m, _)| m == member), "{member} is not in the crate graph of this test");
    }
    let mut problems = Vec::new();
    for (member, allowed) in ALLOWED {
        let deps = dependencies(&std::fs::read_to_string(here.join(member).join("Cargo.toml")).unwrap());
        let ours: BTreeSet<&str> = deps.iter().map(String::as_str).filter(|d| d.starts_with("boardpress")).collect();
        for dep in &ours {
            if !allowed.contains(dep) {
                problems.push(format!("{member} depends on {dep}, which the crate graph does not allow"));
            }
        }
        let parses_flags = deps.iter().any(|d| d.starts_with("clap"));
        if parses_flags && *member != "." && *member != "web" {
            problems.push(format!("{member} depends on clap: only the command line and the web page parse flags"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Each package the command line builds on, with its features (`flate2 v1.1.10` →
/// `any_impl,any_zlib,zlib-rs`), as `cargo tree` resolves them for the given kinds of edges.
fn resolved_features(edges: &str) -> BTreeMap<String, String> {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["tree", "--quiet", "-p", "boardpress-cli", "--prefix", "none", "-f", "{p}|{f}", "-e", edges])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "cargo tree -e {edges}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| line.trim_end_matches(" (*)").split_once('|'))
        .map(|(package, features)| (package.to_string(), features.to_string()))
        .collect()
}

/// The command line's tests switch on no feature of any package that its own build
/// lacks. Otherwise `cargo test --release` (the grade checks) and `cargo build --release`
/// (the README's first command) each build the whole library, and CI pays for two
/// release builds (170 s on two processors, when divan and proptest were dev-dependencies
/// here). A dev-dependency that must have other features belongs in a package of its own,
/// as the benches are.
#[test]
fn test_and_release_builds_share_one_build_of_the_library() {
    let build = resolved_features("normal,build");
    let test = resolved_features("normal,build,dev");
    let differ: Vec<String> = build
        .iter()
        .filter_map(|(package, features)| {
            let tested = test.get(package)?;
            (tested != features).then(|| format!("{package}: [{features}] built, [{tested}] tested"))
        })
        .collect();
    assert!(!build.is_empty(), "cargo tree listed no package");
    assert!(differ.is_empty(), "the command line's dev-dependencies change features:\n{}", differ.join("\n"));
}

/// The longest a file of any crate may be, in lines (comments and tests included).
const MOST_LINES: usize = 600;

/// Every `.rs` file under `dir`, as paths relative to `src/` (`games/el/verify.rs`).
fn rust_files(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The module path of a file: `games/el/mod.rs` → `[games, el]`, `lib.rs` → `[]`.
fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file.trim_end_matches(".rs").split('/').map(String::from).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// The file defining the longest prefix of `path` that is a module with a file.
fn file_of(path: &[String], files: &BTreeSet<String>) -> String {
    for n in (0..=path.len()).rev() {
        let prefix = path[..n].join("/");
        if n == 0 {
            return "lib.rs".into();
        }
        for candidate in [format!("{prefix}.rs"), format!("{prefix}/mod.rs")] {
            if files.contains(&candidate) {
                return candidate;
            }
        }
    }
    "lib.rs".into()
}

/// The library's sources, whose layers inside one crate Cargo cannot see.
fn library_src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("crates/boardpress/src")
}

/// The import graph between the files of the library's `src/`.
fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = library_src();
    let mut list = Vec::new();
    rust_files(&root, &root, &mut list);
    list.retain(|f| f != "main.rs");
    let files: BTreeSet<String> = list.iter().cloned().collect();
    let mut graph = BTreeMap::new();
    for file in &list {
        let code = code_only(&std::fs::read_to_string(root.join(file)).unwrap());
        let here = module_of(file);
        let targets: BTreeSet<String> =
            named_paths(&code, &here).iter().map(|p| file_of(p, &files)).filter(|t| t != file).collect();
        graph.insert(file.clone(), targets);
    }
    graph
}

/// The strongly connected parts of more than one node (Tarjan's algorithm).
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.on_stack.contains(w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut part = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    part.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

/// The graph between the children (files and folders) of every folder: a folder's
/// child imports another when any file under the one imports any file under the other.
fn folder_graphs(files: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let mut folders: BTreeSet<String> = BTreeSet::from([String::new()]);
    for f in files.keys() {
        let mut parts: Vec<&str> = f.split('/').collect();
        parts.pop();
        for n in 1..=parts.len() {
            folders.insert(parts[..n].join("/"));
        }
    }
    // The child of `folder` that holds `file`, if `file` is under `folder`; a module's
    // file beside its folder (`cli.rs` beside `cli/`) is part of the folder.
    let child_of = |folder: &str, file: &str| -> Option<String> {
        let rest = if folder.is_empty() { file } else { file.strip_prefix(folder)?.strip_prefix('/')? };
        Some(match rest.split_once('/') {
            Some((dir, _)) => format!("{dir}/"),
            None => {
                let beside = rest.trim_end_matches(".rs");
                let as_folder = if folder.is_empty() { beside.to_string() } else { format!("{folder}/{beside}") };
                if folders.contains(&as_folder) {
                    format!("{beside}/")
                } else {
                    rest.to_string()
                }
            }
        })
    };
    let mut out = BTreeMap::new();
    for folder in &folders {
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, targets) in files {
            let Some(a) = child_of(folder, from) else { continue };
            for to in targets {
                if let Some(b) = child_of(folder, to) {
                    if a != b {
                        graph.entry(a.clone()).or_default().insert(b);
                    }
                }
            }
        }
        out.insert(if folder.is_empty() { "src".into() } else { format!("src/{folder}") }, graph);
    }
    out
}

#[test]
fn the_path_reader_finds_what_the_code_names() {
    let code = code_only(
        "use crate::{a::B, c::{d, e::F as G}};\n// crate::comment::X\nlet s = \"crate::string\";\n\
         fn f() { super::h::i(); self::j::K }\n#[cfg(test)]\nmod tests { use crate::tested; }\n",
    );
    let here = vec!["x".to_string(), "y".to_string()];
    let found: Vec<String> = named_paths(&code, &here).iter().map(|p| p.join("::")).collect();
    assert_eq!(found, ["a::B", "c::d", "c::e::F", "x::h::i", "x::y::j::K"]);
}

#[test]
fn imports_run_one_way() {
    let files = import_graph();
    let edges: usize = files.values().map(BTreeSet::len).sum();
    println!("{} files, {edges} imports between them", files.len());
    let mut problems = Vec::new();
    for part in circles(&files) {
        problems.push(format!("files import each other in a circle: {}", part.join(", ")));
    }
    for (folder, graph) in folder_graphs(&files) {
        for part in circles(&graph) {
            problems.push(format!("in {folder}, these import each other in a circle: {}", part.join(", ")));
        }
    }
    for p in &problems {
        println!("{p}");
    }
    assert!(problems.is_empty(), "{} circles in the imports of src/ (listed above)", problems.len());
}

#[test]
fn every_file_is_read_in_one_sitting() {
    // Every crate's sources, the command line's, and the tests, benches, web page and
    // fuzz targets beside them (not what a build writes).
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut list = Vec::new();
    for dir in ["src", "crates", "tests", "benches", "web/src", "fuzz/src", "fuzz/fuzz_targets"] {
        rust_files(&here, &here.join(dir), &mut list);
    }
    let mut long: Vec<(usize, String)> = list
        .iter()
        .map(|f| (std::fs::read_to_string(here.join(f)).unwrap().lines().count(), f.clone()))
        .filter(|(n, _)| *n > MOST_LINES)
        .collect();
    long.sort();
    assert!(list.iter().any(|f| f.starts_with("crates/el/src/")), "the crates' sources were read");
    assert!(list.iter().any(|f| f == "tests/architecture/lexing.rs"), "the tests were read");
    assert!(long.is_empty(), "files over {MOST_LINES} lines: {long:?}");
}

/// The layers of ARCHITECTURE.md ("Layers, top to bottom"): each child of `src/` (a
/// folder as `name/`) and its layer, 1 at the top.
fn documented_layers() -> BTreeMap<String, usize> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let section = text.split("## Layers, top to bottom").nth(1).expect("ARCHITECTURE.md lists the layers");
    let section = section.split("\n## ").next().unwrap();
    let mut layers = BTreeMap::new();
    for line in section.lines() {
        let Some((number, rest)) = line.split_once(". ") else { continue };
        let Ok(layer) = number.parse::<usize>() else { continue };
        let names = rest.split(" — ").next().unwrap();
        for name in names.split('`').skip(1).step_by(2) {
            let child = if name.ends_with(".rs") { name.to_string() } else { format!("{name}/") };
            assert!(layers.insert(child, layer).is_none(), "ARCHITECTURE.md lists {name} twice");
        }
    }
    layers
}

#[test]
fn imports_run_down_the_documented_layers() {
    let layers = documented_layers();
    let files = import_graph();
    let top = folder_graphs(&files).remove("src").unwrap();
    let root = library_src();
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let child = if path.is_dir() { format!("{name}/") } else { name };
        let beside_folder = child.strip_suffix(".rs").is_some_and(|stem| root.join(stem).is_dir());
        if child != "main.rs"
            && !beside_folder
            && (child.ends_with(".rs") || path.is_dir())
            && !layers.contains_key(&child)
        {
            problems.push(format!("crates/boardpress/src/{child} is in no layer of ARCHITECTURE.md"));
        }
    }
    for (from, targets) in &top {
        for to in targets {
            match (layers.get(from), layers.get(to)) {
                (Some(a), Some(b)) if b < a => {
                    problems.push(format!("{from} (layer {a}) imports {to}, a layer above it ({b})"))
                }
                _ => {}
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Prints the import graph: between the children of one folder (`FOLDER=src/games`,
/// `src` by default), and between files with `FILES=1`:
/// `cargo test --test architecture print_graph -- --ignored --nocapture`.
#[test]
#[ignore = "a tool: prints the graph"]
fn print_graph() {
    let files = import_graph();
    let wanted = std::env::var("FOLDER").unwrap_or_else(|_| "src".into());
    for (folder, graph) in folder_graphs(&files) {
        if folder == wanted {
            for (a, bs) in graph {
                println!("{a} -> {}", bs.into_iter().collect::<Vec<_>>().join(" "));
            }
        }
    }
    if std::env::var("FILES").is_ok() {
        for (a, bs) in &files {
            println!("{a} -> {}", bs.iter().cloned().collect::<Vec<_>>().join(" "));
        }
    }
}
