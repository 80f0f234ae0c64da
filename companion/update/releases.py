"""The releases on disk: PREFIX/releases/<name> (each with its venv and a `.installed` stamp),
the `current` and `previous` symlinks, and the breadcrumb (update.json) an update writes before
it tries a release and clears when it is done. Every change is a rename, then an fsync of the
directory, so a power loss leaves the old state or the new one."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

DEFAULT_PREFIX = Path("/opt/maunz-companion")


class UpdateError(RuntimeError):
    """One line: what went wrong and what to do; `kind` as a SignatureError's (the family's words)."""

    def __init__(self, line: str = "", kind: str = "") -> None:
        super().__init__(line)
        self.kind = kind


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class Releases:
    def __init__(self, prefix: Path = DEFAULT_PREFIX) -> None:
        self.prefix = Path(prefix)
        self.dir = self.prefix / "releases"
        self.breadcrumb_path = self.prefix / "update.json"

    def path(self, name: str) -> Path:
        return self.dir / name

    def installed(self, name: str) -> bool:
        return bool(name) and "/" not in name and (self.path(name) / ".installed").is_file()

    def names(self) -> list[str]:
        if not self.dir.is_dir():
            return []
        return sorted(p.name for p in self.dir.iterdir() if self.installed(p.name))

    def _link(self, link: str) -> str | None:
        try:
            target = os.readlink(self.prefix / link)
        except OSError:
            return None
        return Path(target).name

    def current(self) -> str | None:
        return self._link("current")

    def previous(self) -> str | None:
        return self._link("previous")

    def point(self, link: str, name: str) -> None:
        """Make `link` name release `name`: a new symlink renamed over the old one."""
        tmp = self.prefix / f".{link}.new"
        tmp.unlink(missing_ok=True)
        os.symlink(f"releases/{name}", tmp)
        os.replace(tmp, self.prefix / link)
        _fsync_dir(self.prefix)

    def info(self, name: str) -> dict:
        try:
            return json.loads((self.path(name) / "release.json").read_text())
        except (OSError, ValueError):
            return {"name": name}

    # ------------------------------------------------------------------ the breadcrumb
    def breadcrumb(self) -> dict | None:
        try:
            return json.loads(self.breadcrumb_path.read_text())
        except FileNotFoundError:
            return None
        except ValueError:
            return {}  # cut short while written: an update was under way, nothing was switched yet

    def write_breadcrumb(self, crumb: dict) -> None:
        tmp = self.breadcrumb_path.with_suffix(".new")
        with open(tmp, "w") as f:
            json.dump(crumb, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.breadcrumb_path)
        _fsync_dir(self.prefix)

    def clear_breadcrumb(self) -> None:
        self.breadcrumb_path.unlink(missing_ok=True)
        _fsync_dir(self.prefix)

    def prune(self) -> list[str]:
        """Remove every release but the current and the previous one (and any cut short)."""
        keep = {self.current(), self.previous()}
        gone = []
        for p in sorted(self.dir.iterdir()) if self.dir.is_dir() else []:
            if p.is_dir() and p.name not in keep:
                shutil.rmtree(p, ignore_errors=True)
                gone.append(p.name)
        return gone
