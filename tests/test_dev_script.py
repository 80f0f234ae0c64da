"""The README's two set-up commands (`./dev run`, `./dev test`), run against stubs: one venv
serves both (issue 11: `./dev run` right after `./dev test` reinstalled the package), and the
README says how to reach the `companion` command."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

STUB = """#!/bin/sh
echo "$(basename "$0") $*" >> "{log}"
"""


def make_tree(tmp_path: Path) -> tuple[Path, Path, dict]:
    tree = tmp_path / "repo"
    tree.mkdir()
    shutil.copy(ROOT / "dev", tree / "dev")
    shutil.copy(ROOT / "pyproject.toml", tree / "pyproject.toml")
    (tree / "firmware_bridge/tests_mpy/node_modules/@micropython").mkdir(parents=True)
    log = tmp_path / "calls.log"
    bins = tmp_path / "bin"
    bins.mkdir()
    # the venv's python and companion, and the tools `./dev test` looks for, all logging calls
    venv_bin = tree / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    for path in [venv_bin / "python", venv_bin / "companion"] + [
            bins / n for n in ("chromium", "chromedriver", "systemd-analyze", "node", "npm",
                               "apt-get", "sudo")]:
        path.write_text(STUB.format(log=log))
        path.chmod(0o755)
    env = dict(os.environ, PATH=f"{bins}:/usr/bin:/bin")
    return tree, log, env


def pip_installs(log: Path) -> list[str]:
    lines = log.read_text().splitlines() if log.exists() else []
    return [ln for ln in lines if ln.startswith("python -m pip install -q -e")]


def test_run_after_test_does_not_reinstall(tmp_path):
    tree, log, env = make_tree(tmp_path)
    run = lambda *a: subprocess.run(["bash", "./dev", *a], cwd=tree, env=env, capture_output=True,
                                    text=True, timeout=60)
    first = run("test", "-q")
    assert first.returncode == 0, first.stderr
    assert pip_installs(log) == ["python -m pip install -q -e .[test]"]
    assert "source .venv/bin/activate" in first.stderr  # where `companion` lives
    assert run("run").returncode == 0
    assert run("test").returncode == 0
    assert pip_installs(log) == ["python -m pip install -q -e .[test]"]  # nothing reinstalled
    calls = log.read_text().splitlines()
    # the whole suite: the emulated arm64 machine's tests in a second pytest beside the rest
    assert "companion sim" in calls
    assert "python -m pytest -q --ignore=tests/test_service_boot_arm64.py" in calls
    assert "python -m pytest -q tests/test_service_boot_arm64.py" in calls
    assert run("test", "tests/test_x.py", "-q").returncode == 0   # a named file: one pytest, as asked
    assert log.read_text().splitlines()[-1] == "python -m pytest tests/test_x.py -q"


def test_run_first_then_test_installs_the_larger_set_once(tmp_path):
    tree, log, env = make_tree(tmp_path)
    run = lambda *a: subprocess.run(["bash", "./dev", *a], cwd=tree, env=env, capture_output=True,
                                    text=True, timeout=60)
    for cmd in ("run", "run", "test", "run", "test"):
        assert run(cmd).returncode == 0
    assert pip_installs(log) == ["python -m pip install -q -e .[hw]",
                                 "python -m pip install -q -e .[test]"]


def test_readme_keeps_two_setup_commands_and_says_how_to_reach_companion():
    readme = (ROOT / "README.md").read_text()
    setup = readme.split("## Set-up")[1].split("\n## ")[0]
    assert re.findall(r"^    (\./dev .*)$", setup, re.M) == ["./dev run", "./dev test"]
    assert "source .venv/bin/activate" in setup
