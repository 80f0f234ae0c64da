"""The repository never points outside itself: no file refers to the digests and rulebooks the
project was written from, which live beside the repository, not in it (docs/rules/ holds our own
words). The patterns are assembled here so this file does not match itself."""
from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE = [("..", "/shared"), ("/work", "/shared"), ("/work", "/wt/")]
SKIP_DIRS = {".git", ".venv", "node_modules", "__pycache__", ".pytest_cache"}


def _files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        names = [n for n in out.stdout.decode().split("\0") if n]
        if names:
            return [ROOT / n for n in names]
    except (OSError, subprocess.CalledProcessError):
        pass  # not a git checkout (an unpacked release): walk the tree instead
    return [p for p in ROOT.rglob("*") if p.is_file() and not SKIP_DIRS & set(p.relative_to(ROOT).parts)
            and not any(part.endswith(".egg-info") for part in p.relative_to(ROOT).parts)]


def test_no_file_points_outside_the_repository():
    needles = [("".join(parts)).encode() for parts in OUTSIDE]
    files = _files()
    assert len(files) > 50 and any(f.name == "README.md" for f in files)
    hits = [f"{f.relative_to(ROOT)}: {n.decode()}" for f in files if f.exists()
            for n in needles if n in f.read_bytes()]
    assert hits == [], "files pointing outside the repository: " + "; ".join(hits)


def test_the_rules_index_lists_every_game_document():
    index = (ROOT / "docs" / "rules" / "README.md").read_text()
    for doc in ("maunz.md", "maunz-notation.md", "monster-mau-mau.md", "katzenjammer.md", "cats.md",
                "cat-attack.md"):
        assert f"]({doc})" in index
    for doc in (ROOT / "docs" / "rules").glob("*.md"):
        assert doc.name == "README.md" or f"]({doc.name})" in index, f"{doc.name} is not indexed"
