//! Shell completions and manual pages, made from the definition of the command line.

use crate::common;

use common::qipu;

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
    let dir = std::env::temp_dir().join(format!("qipu-manpages-{}", std::process::id()));
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
    std::fs::remove_dir_all(&dir).expect("clean up");
}
