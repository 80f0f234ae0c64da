"""Building the compiled kernels is optional (setup.py): without a working C compiler the wheel
is still built -- without the extensions, with one line for each -- and the companion then runs
the pure-Python kernels and says that in one line too (the service logs it at start).
With the compiler, `pip wheel` builds the extension in (the development install, which the
cross-check tests use, is one such build)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _source_tree(dest: Path) -> Path:
    # the committed files and the working copy of each (no build products, no .so)
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, files.decode().split("\0")):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    return dest


def test_without_a_compiler_the_wheel_is_built_without_the_kernel_and_says_so(tmp_path):
    proc, names = _wheel(tmp_path, CC="/bin/false")
    said = [ln.strip() for ln in (proc.stdout + proc.stderr).splitlines() if ln.strip().startswith("maunz-companion: ")]
    assert [ln.split(" was not built")[0] for ln in said] == [
        "maunz-companion: companion.games.maunz.csrc._native",
        "maunz-companion: companion.games.katzenjammer.csrc._native"]  # one line each
    assert all(ln.endswith("returned non-zero exit status 1.); the pure-Python kernel will run") for ln in said)
    assert "companion/games/native.py" in names and not any(n.endswith(".so") for n in names)


def _wheel(tmp_path: Path, **env: str) -> tuple[subprocess.CompletedProcess, list[str]]:
    tree = _source_tree(tmp_path / "src")
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", **env)
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(tmp_path / "dist"),
                           str(tree)], capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    (wheel,) = (tmp_path / "dist").glob("maunz_companion-*.whl")
    return proc, zipfile.ZipFile(wheel).namelist()


def test_with_a_compiler_the_wheel_holds_both_kernels(tmp_path):
    # from the committed sources alone (no .so in the tree): pip wheel compiles both extensions
    proc, names = _wheel(tmp_path)
    built = sorted(n for n in names if n.endswith(".so"))
    assert [n.rsplit("/", 1)[0] for n in built] == ["companion/games/katzenjammer/csrc", "companion/games/maunz/csrc"]
    assert "was not built" not in proc.stdout + proc.stderr


def test_a_missing_kernel_means_the_pure_path_and_one_line():
    code = ("import sys; sys.modules['companion.games.maunz.csrc._native'] = None\n"
            "from companion.games import native\nfrom companion.games.maunz import engine\n"
            "print(native.name()); print(native.describe())\n"
            "print(engine.perft(engine.initial(), 2))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    name, line, perft = out.stdout.splitlines()
    assert name == "pure" and perft == "1260"
    assert line.startswith("kernels: maunz pure Python, much slower: the compiled kernel is not built")
    assert "apt-get install gcc python3-dev" in line and "; katzenjammer " in line


def test_the_environment_forces_the_pure_path():
    code = "from companion.games import native; print(native.name(), native.reason())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         env=dict(os.environ, COMPANION_PURE="1"))
    assert out.stdout.strip() == "pure COMPANION_PURE is set"
