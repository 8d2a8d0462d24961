//! Shell completions and manual pages, made from the definition of the command line, and the
//! copies the Debian package installs (`assets/man`, `assets/completions`), kept in step with it.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common;

use common::{qipu, TempFolder};

/// How the copies in `assets/` are made again when the command line changes.
const MAKE_AGAIN: &str = "make them again: rm -r assets/man && cargo run -- manpage assets/man; \
cargo run -- completions bash > assets/completions/qipu.bash (zsh > _qipu, fish > qipu.fish)";

/// The files of a folder by name, with their text.
fn pages_in(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .expect("a folder of pages")
        .map(|entry| {
            let path = entry.expect("an entry").path();
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, std::fs::read_to_string(&path).expect("a page"))
        })
        .collect()
}

#[test]
fn the_pages_and_completions_the_package_installs_are_the_programs_own() {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let dir = TempFolder::new("pages");
    let (code, _, err) = qipu(&["manpage", dir.to_str().expect("a text path")]);
    assert_eq!(code, 0, "{err}");
    let made = pages_in(&dir);
    let kept = pages_in(&assets.join("man"));
    assert_eq!(
        made.keys().collect::<Vec<_>>(),
        kept.keys().collect::<Vec<_>>(),
        "assets/man has other pages than the program makes: {MAKE_AGAIN}"
    );
    for (name, text) in &made {
        assert!(
            kept[name] == *text,
            "assets/man/{name} is out of date: {MAKE_AGAIN}"
        );
    }
    for (shell, file) in [
        ("bash", "qipu.bash"),
        ("zsh", "_qipu"),
        ("fish", "qipu.fish"),
    ] {
        let (code, script, err) = qipu(&["completions", shell]);
        assert_eq!(code, 0, "{err}");
        let kept = std::fs::read_to_string(assets.join("completions").join(file))
            .expect("the completions are kept");
        assert!(
            kept == script,
            "assets/completions/{file} is out of date: {MAKE_AGAIN}"
        );
    }
}

#[test]
fn completions_for_bash_name_the_subcommands_and_their_options() {
    let (code, script, err) = qipu(&["completions", "bash"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        script.contains("_qipu()"),
        "{}",
        &script[..script.len().min(400)]
    );
    for word in ["convert", "scoresheet", "--force", "--tandem", "import"] {
        assert!(
            script.contains(word),
            "{word} missing from the bash completions"
        );
    }
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        let (code, script, err) = qipu(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        assert!(script.contains("convert"), "{shell}");
    }
    let (code, _, err) = qipu(&["completions", "tcsh"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn the_manual_page_is_made_on_standard_output_and_as_files() {
    let (code, page, err) = qipu(&["manpage"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        page.contains(".TH qipu 1"),
        "{}",
        &page[..page.len().min(400)]
    );
    assert!(
        page.contains("convert") && page.contains("scoresheet"),
        "{page}"
    );
    let dir = TempFolder::new("manpages");
    let (code, listed, err) = qipu(&["manpage", dir.to_str().expect("a text path")]);
    assert_eq!(code, 0, "{err}");
    for name in [
        "qipu.1",
        "qipu-convert.1",
        "qipu-db-import.1",
        "qipu-event-result.1",
    ] {
        let path = dir.join(name);
        assert!(
            listed.contains(&path.display().to_string()),
            "{name}: {listed}"
        );
        let text = std::fs::read_to_string(&path).expect("the page is written");
        assert!(
            text.starts_with(".ie") || text.contains(".TH"),
            "{name}: {text}"
        );
    }
    let convert = std::fs::read_to_string(dir.join("qipu-convert.1")).expect("written");
    assert!(
        convert.contains("qipu convert") && convert.contains("force"),
        "{convert}"
    );
}
