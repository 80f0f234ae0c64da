"""What pip would install from pyproject.toml on another machine: the requirements of an extra
for a platform_machine, and pip's options to download wheels for a bookworm system there."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GLIBC = (2, 36)  # Debian / Raspberry Pi OS bookworm


def _wheel_platforms(arch: str) -> list[str]:
    """pip's --platform list for a glibc-2.36 system: it does not expand manylinux_2_36 itself."""
    tags = [f"manylinux_2_{minor}_{arch}" for minor in range(GLIBC[1], 16, -1)]
    return tags + [f"manylinux2014_{arch}", f"linux_{arch}"]


def pip_platform_args(arch: str, python: str = "3.11") -> list[str]:
    args = ["--only-binary=:all:", "--python-version", python, "--implementation", "cp",
            "--abi", "cp" + python.replace(".", "")]
    for tag in _wheel_platforms(arch):
        args += ["--platform", tag]
    return args


def requirements(extra: str, machine: str) -> list[str]:
    """The project's requirements with `extra` for a machine, read from pyproject.toml."""
    from packaging.markers import Marker  # pip's vendored copy is not public; packaging comes with pytest

    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    out, todo, seen = list(project["dependencies"]), [extra], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for req in project["optional-dependencies"][name]:
            spec, _, marker = req.partition(";")
            if marker and not Marker(marker).evaluate({"platform_machine": machine}):
                continue
            m = re.fullmatch(r"\s*maunz-companion\[(\w+)\]\s*", spec)
            if m:
                todo.append(m.group(1))
            else:
                out.append(spec.strip())
    return out
