//! The folders of `src/ui` import one way: a file names only its own folder and the folders
//! listed before it in `src/ui/mod.rs`, and no modules of `src/ui` import each other in a
//! circle. Read from the source, as a newcomer reads it (unit tests may look anywhere).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The folders in the order `src/ui/mod.rs` lists them, bottom first (`//! 1. `base`: …`, the
/// name as code or as a link).
fn folder_order(ui: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(ui.join("mod.rs")).expect("src/ui/mod.rs");
    text.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("//! ")?;
            let (number, rest) = rest.split_once(". ")?;
            number.parse::<u32>().ok()?;
            let rest = rest.strip_prefix('[').unwrap_or(rest).strip_prefix('`')?;
            Some(rest.split_once('`')?.0.to_owned())
        })
        .collect()
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a file is (`base::session` for `base/session/mod.rs`).
fn module_of(ui: &Path, file: &Path) -> String {
    let rel = file
        .strip_prefix(ui)
        .expect("under src/ui")
        .with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts.join("::")
}

/// The source of a file without its unit tests.
fn without_tests(text: &str) -> &str {
    text.find("#[cfg(test)]\nmod tests")
        .map_or(text, |at| &text[..at])
}

/// The modules `text`, the source of `me`, names by a path (`crate::ui::…` or `super::…`): at
/// each place, the longest module of `modules` the path goes through.
fn named_modules(me: &str, text: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let parent: Vec<&str> = me.split("::").collect();
    let parent = &parent[..parent.len().saturating_sub(1)];
    let mut found = BTreeSet::new();
    for (at, start) in text
        .match_indices("crate::ui::")
        .chain(text.match_indices("super::"))
    {
        // A `super::` inside `crate::ui::…` or after another `super::` is part of that path.
        if start == "super::" && text[..at].ends_with("::") {
            continue;
        }
        let path: String = text[at + start.len()..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        let mut parts: Vec<&str> = if start == "super::" {
            parent.to_vec()
        } else {
            Vec::new()
        };
        for part in path.split("::") {
            if part == "super" {
                parts.pop();
            } else {
                parts.push(part);
            }
        }
        if let Some(module) = (1..=parts.len())
            .rev()
            .map(|n| parts[..n].join("::"))
            .find(|m| modules.contains(m))
        {
            found.insert(module);
        }
    }
    found
}

/// The modules of `src/ui` and those each names.
fn imports(ui: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    sources(ui, &mut files);
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(ui, f)).collect();
    files
        .iter()
        .map(|file| {
            let text = std::fs::read_to_string(file).expect("source file");
            let me = module_of(ui, file);
            let named = named_modules(&me, without_tests(&text), &modules)
                .into_iter()
                .filter(|m| *m != me && !me.starts_with(&format!("{m}::")))
                .collect();
            (me, named)
        })
        .collect()
}

fn ui_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui")
}

#[test]
fn a_file_imports_only_from_its_own_folder_and_those_below() {
    let ui = ui_dir();
    let order = folder_order(&ui);
    assert!(
        order.len() >= 5,
        "src/ui/mod.rs lists its folders in order: {order:?}"
    );
    let rank = |module: &str| {
        let folder = module.split("::").next().unwrap_or_default();
        order.iter().position(|f| f == folder)
    };
    let mut upward = Vec::new();
    for (module, named) in imports(&ui) {
        if module.is_empty() {
            continue;
        }
        let mine = rank(&module).unwrap_or_else(|| panic!("{module} is in no listed folder"));
        for other in named {
            if rank(&other).is_some_and(|theirs| theirs > mine) {
                upward.push(format!("{module} -> {other}"));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports from a folder above: {upward:#?}"
    );
}

#[test]
fn no_modules_of_the_window_import_each_other_in_a_circle() {
    let graph = imports(&ui_dir());
    // Depth-first, each module once: a module met again while still open closes a circle.
    fn visit<'a>(
        module: &'a str,
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        open: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
        circles: &mut Vec<String>,
    ) {
        if done.contains(module) {
            return;
        }
        if let Some(at) = open.iter().position(|m| *m == module) {
            circles.push(format!("{} -> {module}", open[at..].join(" -> ")));
            return;
        }
        open.push(module);
        for next in graph.get(module).into_iter().flatten() {
            visit(next, graph, open, done, circles);
        }
        open.pop();
        done.insert(module);
    }
    let (mut open, mut done, mut circles) = (Vec::new(), BTreeSet::new(), Vec::new());
    for module in graph.keys() {
        visit(module, &graph, &mut open, &mut done, &mut circles);
    }
    assert!(circles.is_empty(), "import circles: {circles:#?}");
}
