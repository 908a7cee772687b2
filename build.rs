//! Sets `JUNQI_BUILD_ID`, a hash of every source the page and the computer player's worker are
//! compiled from (this package's sources, the workspace crates' sources and data, the manifests
//! and the lock file). The page and its worker come from one build of these sources, so a worker
//! that reports another id is from another build (`src/ai/mod.rs`).

use std::fs;
use std::path::{Path, PathBuf};

/// 64-bit FNV-1a, twice with different starting points: stable across compilers and machines.
struct Fnv([u64; 2]);

impl Fnv {
    fn new() -> Fnv {
        Fnv([0xcbf2_9ce4_8422_2325, 0x6c62_272e_07bb_0142])
    }

    fn write(&mut self, bytes: &[u8]) {
        for h in &mut self.0 {
            for b in bytes {
                *h ^= u64::from(*b);
                *h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        for h in &mut self.0 {
            *h = (*h ^ 0xff).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// Every file under `path` (or `path` itself), sorted.
fn files(path: &Path, out: &mut Vec<PathBuf>) {
    match fs::read_dir(path) {
        Ok(entries) => {
            let mut entries: Vec<PathBuf> =
                entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            entries.sort();
            for e in entries {
                files(&e, out);
            }
        }
        Err(_) if path.is_file() => out.push(path.to_path_buf()),
        Err(_) => {}
    }
}

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let mut inputs = vec![
        root.join("Cargo.toml"),
        root.join("Cargo.lock"),
        root.join("src"),
    ];
    if let Ok(crates) = fs::read_dir(root.join("crates")) {
        let mut dirs: Vec<PathBuf> = crates.filter_map(|e| e.ok().map(|e| e.path())).collect();
        dirs.sort();
        for dir in dirs {
            for part in ["Cargo.toml", "src", "data"] {
                inputs.push(dir.join(part));
            }
        }
    }
    let mut hash = Fnv::new();
    for input in inputs.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", input.display());
        let mut found = Vec::new();
        files(input, &mut found);
        for file in found {
            let name = file.strip_prefix(&root).unwrap_or(&file);
            hash.write(name.to_string_lossy().as_bytes());
            hash.write(&fs::read(&file).unwrap_or_default());
        }
    }
    let [a, b] = hash.0;
    println!("cargo:rustc-env=JUNQI_BUILD_ID={a:016x}{b:016x}");
}
