//! The shared data folder, found by walking up from the crate root.

use std::path::PathBuf;

/// `shared/<relative>`; panics (failing the test) when the folder or file is missing.
pub fn path(relative: &str) -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shared = manifest
        .ancestors()
        .map(|dir| dir.join("shared"))
        .find(|dir| dir.is_dir())
        .unwrap_or_else(|| panic!("no shared/ folder above {}", manifest.display()));
    let file = shared.join(relative);
    assert!(file.exists(), "missing test data {}", file.display());
    file
}
