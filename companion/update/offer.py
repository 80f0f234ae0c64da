"""Updates a family starts (issue 42): a signed release found on the SD card's FAT partition or
a USB stick is offered, and installed only after the family's OK at the table or on the page.

The service runs unprivileged; an update needs root. So the two meet in files:

  root: `companion update --find DIR...` (at boot for the card, when a stick is plugged in)
        checks every maunz-companion-*.tar.gz with its .sig in DIR, copies the newest good one
        whose version is not the one running into SPOOL (the checked copy, never the original),
        and writes SPOOL/offer.json {version, sha256, key, found}
  service: shows "Update to 0.2.0? OK" (the OLED, the page); the OK writes
        STATE/update-ok.json {version, sha256}
  root: companion-update.path sees that file and starts companion-update.service:
        `companion update --offered` checks it names the offer, removes both, and runs the
        update of the spooled copy (checked again), writing each step to SPOOL/status.json
        {step, text, outcome, ok}; the service shows them, and the outcome's one line.

The file on the card or stick is left where it is: it is read, never changed (the FAT partition
is not rewritten, a stick may be read-only), and a release already running is not offered again.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

from companion.service.updates import OFFER, OK_FILE, SPOOL, STATUS, read_json
from companion.update import signing

ARCHIVE = "release.tar.gz"
NAME = re.compile(r"^maunz-companion-(\d+(?:\.\d+)*[0-9A-Za-z.+-]*)\.tar\.gz$")


def _write_json(path: Path, data: dict) -> None:
    tmp = path.with_name(f".{path.name}.new")
    with open(tmp, "w") as f:
        json.dump(data, f)
        f.flush()
        os.fsync(f.fileno())
    os.chmod(tmp, 0o644)  # the service reads it
    os.replace(tmp, path)


def _version_key(version: str) -> tuple:
    return tuple(int(n) if n.isdigit() else -1 for n in re.split(r"[.+-]", version))


def find(dirs: list[Path], keys: Path, spool: Path, running: str) -> tuple[dict | None, list[str]]:
    """The offer made (None: nothing to offer) and a line for each release file not offered.
    A file refused for its signature is also said on the OLED and the page (status.json)."""
    offer, said = _find(dirs, keys, spool, running)
    refused = [line for line in said if "nothing to update" not in line]
    if offer is None and refused:
        # no key at all: that one reason, first, for every file (not a generic refusal per file)
        line = signing.NO_KEY if any(signing.NO_KEY in r for r in refused) else f"not offered: {refused[0]}"
        Status(spool, "?").outcome(False, line)
    return offer, said


def _find(dirs: list[Path], keys: Path, spool: Path, running: str) -> tuple[dict | None, list[str]]:
    said, good = [], []
    for d in dirs:
        for path in sorted(Path(d).glob("maunz-companion-*.tar.gz")) if Path(d).is_dir() else []:
            if not NAME.match(path.name):
                continue
            try:
                sig = signing.read_signature(path)
                good.append((_version_key(sig["version"]), path))
            except signing.SignatureError as exc:
                said.append(str(exc))
    spool.mkdir(parents=True, exist_ok=True)
    for _, path in sorted(good, reverse=True):
        copy = spool / f".{ARCHIVE}.new"
        try:
            signed = signing.verify(path, keys, copy_to=copy)
        except signing.SignatureError as exc:
            said.append(str(exc))
            continue
        if signed.version == running:
            copy.unlink(missing_ok=True)
            said.append(f"{path}: version {running} is the one running; nothing to update")
            return None, said
        shutil.copyfile(signing.signature_path(path), spool / f"{ARCHIVE}.sig")
        os.replace(copy, spool / ARCHIVE)
        offer = {"version": signed.version, "sha256": signed.sha256, "key": signed.key, "found": str(path),
                 "at": time.time()}
        _write_json(spool / OFFER, offer)
        (spool / STATUS).unlink(missing_ok=True)
        return offer, said
    return None, said


def accepted(spool: Path, state: Path) -> dict | None:
    """The offer, if the family's OK names it (the OK file is removed either way)."""
    ok = read_json(state / OK_FILE)
    (state / OK_FILE).unlink(missing_ok=True)
    offer = read_json(spool / OFFER)
    if not ok or not offer or ok.get("sha256") != offer.get("sha256") or not (spool / ARCHIVE).exists():
        return None
    (spool / OFFER).unlink()
    return offer


class Status:
    """The steps of an update the family started, as the service shows them."""

    def __init__(self, spool: Path, version: str) -> None:
        self.path, self.version = spool / STATUS, version

    def step(self, step: str, text: str) -> None:
        _write_json(self.path, {"version": self.version, "step": step, "text": text, "outcome": None})

    def outcome(self, ok: bool, line: str) -> None:
        _write_json(self.path, {"version": self.version, "step": "done" if ok else "failed", "text": line,
                                "outcome": line, "ok": ok})
