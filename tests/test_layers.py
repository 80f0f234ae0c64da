"""The layers hold (docs/ARCHITECTURE.md): `lint-imports` checks the contracts in pyproject.toml
(among them: no import cycles), and the pure table logic imports without Pillow or any device
library."""
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
    # the cycle contract (tests/importlinter_acyclic.py) is among those checked
    assert "no import cycles between our modules (lazy imports count) KEPT" in r.stdout


def test_the_cycle_contract_catches_a_cycle_through_a_lazy_import(tmp_path):
    # a -> b -> c -> a, the last import inside a function; d -> a closes no cycle.
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("import pkg.c\n")
    (pkg / "c.py").write_text("def later():\n    from pkg.a import b\n    return b\n")
    (pkg / "d.py").write_text("from pkg import a\n")
    (tmp_path / ".importlinter").write_text(textwrap.dedent("""\
        [importlinter]
        root_package = pkg
        contract_types =
            acyclic_modules: tests.importlinter_acyclic.AcyclicModulesContract
        [importlinter:contract:acyclic]
        name = no cycles
        type = acyclic_modules
        packages = pkg
        """))
    r = lint_imports("--config", str(tmp_path / ".importlinter"), cwd=tmp_path, env_path=tmp_path)
    assert r.returncode == 1, r.stdout + r.stderr
    out = " ".join(r.stdout.split())  # lint-imports wraps long lines
    assert "Import cycle between pkg.a, pkg.b, pkg.c:" in out
    assert "- pkg.a -> pkg.b (l.1) - pkg.b -> pkg.c (l.1) - pkg.c -> pkg.a (l.2)" in out
    assert "pkg.d" not in out
    # and without the lazy import the package is acyclic: the contract is kept
    (pkg / "c.py").write_text("def later():\n    return None\n")
    r = lint_imports("--config", str(tmp_path / ".importlinter"), cwd=tmp_path, env_path=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no cycles KEPT" in r.stdout


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
