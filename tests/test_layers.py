"""The layers hold (docs/ARCHITECTURE.md): `lint-imports` checks the contracts in pyproject.toml,
and the pure table logic imports without Pillow or any device library."""
from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def lint_imports(*args: str, cwd: Path = ROOT, env_path: Path | None = None):
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if exe is None:
        pytest.fail("lint-imports is missing: pip install -e '.[test]' (import-linter is in the test extra)")
    env = None
    if env_path is not None:
        import os

        env = dict(os.environ, PYTHONPATH=f"{env_path}{os.pathsep}{ROOT}")
    return subprocess.run([exe, "--no-cache", *args], cwd=cwd, capture_output=True, text=True, env=env)


def test_the_import_contracts_hold():
    r = lint_imports()
    assert r.returncode == 0, r.stdout + r.stderr
    assert "0 broken" in r.stdout


def test_the_stdlib_contract_catches_a_lazy_import(tmp_path):
    # grimp leaves the standard library out of its graph; our contract type reads the source.
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "core.py").write_text("from pkg import helper\n")
    (pkg / "helper.py").write_text("def later():\n    import sqlite3\n    return sqlite3\n")
    (tmp_path / ".importlinter").write_text(textwrap.dedent("""\
        [importlinter]
        root_package = pkg
        contract_types =
            stdlib_forbidden: tests.importlinter_stdlib.StdlibForbiddenContract
        [importlinter:contract:pure]
        name = core is pure
        type = stdlib_forbidden
        source_modules = pkg.core
        forbidden_modules = sqlite3
        """))
    r = lint_imports("--config", str(tmp_path / ".importlinter"), cwd=tmp_path, env_path=tmp_path)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "pkg.helper imports sqlite3 (l.2) (imported by pkg.core)" in r.stdout


BLOCKED = ("PIL", "aiohttp", "sqlite3", "asyncio", "serial", "gpiozero", "luma", "hardware",
           "firmware_bridge")
PROBE = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {BLOCKED!r}:
            raise ImportError('blocked for the test: ' + name)
sys.meta_path.insert(0, Block())
import companion.tables, companion.ui, companion.words
from companion import tables
from companion.games import get
for name in tables.names():
    table = tables.make(get(name), language="en")
    table.on_scan(0, 0.0)
    table.tick(1.0)
    print(name, table.view().phase)
"""


def test_tables_import_without_pillow_or_devices():
    r = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert "maunz await_placement" in r.stdout.splitlines()


def test_no_module_is_over_500_lines():
    """A module holds one concern (the brief's bar; issue "One table framework")."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    long = {str(p.relative_to(root)): n for folder in ("companion", "hardware", "firmware_bridge", "wiring",
                                                        "benchmarks")
            for p in (root / folder).rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500}
    assert long == {}
