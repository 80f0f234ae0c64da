"""Would this release install on a 64-bit Raspberry Pi? The `pi` extra, resolved by pip for
aarch64, CPython 3.11 and glibc 2.36 (Raspberry Pi OS bookworm), must come as real wheels, but
for the one source package that install.sh prepares a compiler for (spidev).

Asks PyPI (through pip's cache). Without PyPI the test skips, except under CI, where an
unreachable index is a failure like any other.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests.wheels import pip_platform_args, requirements

# Source packages that must build on the Pi, and what install.sh installs for them.
SDISTS = {"spidev": "python3-dev gcc libc6-dev"}
EM_AARCH64 = 183  # ELF e_machine
INSTALL_SH = Path(__file__).resolve().parents[1] / "systemd" / "install.sh"


def _name(req: str) -> str:
    return re.split(r"[<>=!~; \[]", req, 1)[0].lower().replace("_", "-")


@pytest.fixture(scope="module")
def pypi():
    try:
        urllib.request.urlopen("https://pypi.org/simple/lgpio/", timeout=15).close()
    except OSError as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"PyPI not reachable ({exc}); this check needs the index")


def pip_download(dest: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
                           "-d", str(dest), *args], capture_output=True, text=True, timeout=600)


def test_pi_extra_resolves_to_aarch64_wheels(pypi, tmp_path):
    reqs = requirements("pi", "aarch64")
    names = {_name(r) for r in reqs}
    assert {"lgpio", "spidev", "gpiozero", "luma.oled"} <= names  # the markers select the native ones
    wheels = [r for r in reqs if _name(r) not in SDISTS]
    proc = pip_download(tmp_path, *pip_platform_args("aarch64"), *wheels)
    assert proc.returncode == 0, ("the pi extra does not resolve to aarch64 wheels for CPython 3.11"
                                  f" (a release that would not install on a Pi): {proc.stderr.strip()[-1500:]}")
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files and all(f.endswith(".whl") for f in files), files
    # The real lgpio: its compiled module for aarch64, not the empty 0.0.0.2 placeholder.
    lgpio = [f for f in files if f.startswith("lgpio-")]
    assert len(lgpio) == 1 and not lgpio[0].startswith("lgpio-0.0."), files
    with zipfile.ZipFile(tmp_path / lgpio[0]) as z:
        ext = [n for n in z.namelist() if n.startswith("_lgpio") and n.endswith(".so")]
        assert ext, z.namelist()
        head = z.read(ext[0])[:20]
    assert head[:4] == b"\x7fELF" and int.from_bytes(head[18:20], "little") == EM_AARCH64


def test_the_one_sdist_builds_with_what_install_sh_installs(pypi, tmp_path):
    reqs = {_name(r): r for r in requirements("pi", "aarch64")}
    script = INSTALL_SH.read_text()
    for name, packages in SDISTS.items():
        proc = pip_download(tmp_path, "--no-deps", "--no-binary=:all:", reqs[name])
        assert proc.returncode == 0, proc.stderr[-1000:]
        sdist = [p.name for p in tmp_path.iterdir() if p.name.lower().startswith(name)]
        assert len(sdist) == 1 and sdist[0].endswith(".tar.gz"), sdist
        # install.sh installs the compiler and headers for it on ARM.
        # (the compiler is one list, $COMPILER, which the compiled game kernels use too)
        assert f'COMPILER="{packages}"' in script and 'PACKAGES="$PACKAGES $COMPILER"' in script, \
            f"install.sh must install {packages} for {name}"
