"""The firmware's pure modules give the same results under CPython and real MicroPython
(the WebAssembly port, run by Node). The npm package is installed on first use with:

    npm install --prefix firmware_bridge/tests_mpy --no-audit --no-fund
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MPY_DIR = ROOT / "firmware_bridge" / "tests_mpy"
FW_DIR = ROOT / "firmware_bridge" / "firmware"
PKG = MPY_DIR / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"

NODE = shutil.which("node")
NPM = shutil.which("npm")
pytestmark = pytest.mark.skipif(not (NODE and NPM), reason="node/npm not installed: the MicroPython "
                                "(WebAssembly) comparison needs them (apt-get install nodejs npm)")


@pytest.fixture(scope="module")
def micropython():
    if not PKG.exists():
        proc = subprocess.run([NPM, "install", "--prefix", str(MPY_DIR), "--no-audit", "--no-fund"],
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0 and PKG.exists(), (
            "npm install of @micropython/micropython-webassembly-pyscript failed:\n" + proc.stderr[-2000:])

    def run(vectors: Path) -> list[str]:
        proc = subprocess.run([NODE, str(MPY_DIR / "run_vectors.mjs"), str(FW_DIR), str(vectors)],
                              capture_output=True, text=True, timeout=120, cwd=MPY_DIR)
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
        return proc.stdout.splitlines()

    return run


def cpython_lines(vectors: Path) -> list[str]:
    proc = subprocess.run([sys.executable, str(vectors)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def test_same_vectors_under_cpython_and_micropython(micropython):
    vectors = MPY_DIR / "vectors.py"
    mpy = micropython(vectors)
    cpy = cpython_lines(vectors)
    assert len(cpy) > 80
    assert mpy == cpy


def test_the_runner_really_is_micropython(micropython, tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("import sys\n\ndef lines():\n    from bridgefw import crc\n"
                     "    return [sys.implementation.name, hex(crc.crc16(b'123456789'))]\n")
    assert micropython(probe) == ["micropython", "0x29b1"]


def test_board_layer_compiles_under_micropython(micropython, tmp_path):
    """board.py, sweep.py and main.py need machine/rp2, so they cannot run here, but MicroPython's
    own compiler must accept them (no CPython-only syntax on the Pico)."""
    srcs = {name: (FW_DIR / name).read_text() for name in ("board.py", "board_pins.py", "main.py")}
    # sweep.py is viper, which this port cannot compile: the rest of its syntax is checked
    srcs["sweep.py"] = "\n".join(line for line in (FW_DIR / "sweep.py").read_text().split("\n")
                                  if not line.startswith("@micropython.viper"))
    probe = tmp_path / "probe.py"
    probe.write_text("SRCS = " + repr(srcs) + "\n\ndef lines():\n    out = []\n"
                     "    for name in sorted(SRCS):\n        compile(SRCS[name], name, 'exec')\n"
                     "        out.append(name + ' ok')\n    return out\n")
    assert micropython(probe) == ["board.py ok", "board_pins.py ok", "main.py ok", "sweep.py ok"]
