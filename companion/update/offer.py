"""Updates a family starts (issue 42): a signed release found on the SD card's FAT partition or
a USB stick is offered, and installed only after the family's OK at the table or on the page.

The service runs unprivileged; an update needs root. So the two meet in files:

  root: `companion update --find DIR...` (at boot for the card, when a stick is plugged in)
        checks every maunz-companion-*.tar.gz with its .sig in DIR, copies the newest good one,
        if it is newer than the one running (an offer never goes back), into SPOOL (the checked
        copy, never the original), and writes SPOOL/offer.json {version, sha256, key, found}
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
OLDER = "older than the one running"
NAME = re.compile(r"^maunz-companion-(\d+(?:\.\d+)*[0-9A-Za-z.+-]*)\.tar\.gz$")


def _write_json(path: Path, data: dict) -> None:
    tmp = path.with_name(f".{path.name}.new")
    with open(tmp, "w") as f:
        json.dump(data, f)
        f.flush()
        os.fsync(f.fileno())
    os.chmod(tmp, 0o644)  # the service reads it
    os.replace(tmp, path)


# a release's version as the project writes it (pyproject.toml): 0.2.0, 0.2.0rc1, 0.2.0.dev3,
# 0.2.0.post1, 0.2.0+local; the order is PEP 440's (dev < a < b < rc < the release < post).
# packaging.version would do it, but it is not a dependency of the companion (the image has
# only what pyproject.toml lists), and this is all of it a release name needs.
_VERSION = re.compile(r"^v?(\d+(?:\.\d+)*)(?:[-_.]?(dev|a|alpha|b|beta|c|rc|pre|preview|post)[-_.]?(\d*))?"
                      r"(?:\+[0-9A-Za-z.]+)?$", re.I)
_PHASE = {"dev": 0, "a": 1, "alpha": 1, "b": 2, "beta": 2, "c": 3, "rc": 3, "pre": 3, "preview": 3, None: 4,
          "post": 5}


def version_key(version: str) -> tuple | None:
    """A key that orders release versions (None: not a version this can order)."""
    m = _VERSION.match(version.strip()) if isinstance(version, str) else None
    if not m:
        return None
    release = [int(n) for n in m.group(1).split(".")]
    while len(release) > 1 and release[-1] == 0:  # 0.2 == 0.2.0
        release.pop()
    phase = m.group(2).lower() if m.group(2) else None
    return tuple(release), _PHASE[phase], int(m.group(3) or 0)


def newer(version: str, running: str) -> bool | None:
    """Whether `version` is newer than `running`; None when either is not a version (a checkout
    whose version reads "unknown"): then only "not the one running" can be said."""
    a, b = version_key(version), version_key(running)
    return None if a is None or b is None else a > b


def _order(version: str) -> tuple:
    key = version_key(version)
    return (0, (), 0, 0) if key is None else (1, *key)


def find(dirs: list[Path], keys: Path, spool: Path, running: str,
         explicit: bool = False) -> tuple[dict | None, list[str]]:
    """The offer made (None: nothing to offer) and a line for each release file not offered.
    A file refused for its signature is also said on the OLED and the page (status.json); one
    older than the running version only when the family chose it (`explicit`: an upload from
    the page): an old archive left on the card or a stick is no news at every start."""
    kinds: dict[str, str] = {}  # a refusal's line -> its kind (SignatureError.kind, "older")
    offer, said = _find(dirs, keys, spool, running, kinds)
    refused = [line for line in said if "nothing to update" not in line and (explicit or OLDER not in line)]
    if offer is None and refused:
        # no key at all: that one reason, first, for every file (not a generic refusal per file)
        if any(signing.NO_KEY in r for r in refused):
            Status(spool, "?").outcome(False, signing.NO_KEY, what="not_offered", reason="no_key")
        else:
            Status(spool, "?").outcome(False, f"not offered: {refused[0]}", what="not_offered",
                                       reason=kinds.get(refused[0], ""))
    return offer, said


def _find(dirs: list[Path], keys: Path, spool: Path, running: str,
          kinds: dict[str, str]) -> tuple[dict | None, list[str]]:
    said, good = [], []
    for d in dirs:
        for path in sorted(Path(d).glob("maunz-companion-*.tar.gz")) if Path(d).is_dir() else []:
            if not NAME.match(path.name):
                continue
            try:
                sig = signing.read_signature(path)
                good.append((_order(sig["version"]), path))
            except signing.SignatureError as exc:
                said.append(str(exc))
                kinds[str(exc)] = exc.kind
    spool.mkdir(parents=True, exist_ok=True)
    for _, path in sorted(good, reverse=True):
        copy = spool / f".{ARCHIVE}.new"
        try:
            signed = signing.verify(path, keys, copy_to=copy)
        except signing.SignatureError as exc:
            said.append(str(exc))
            kinds[str(exc)] = exc.kind
            continue
        if signed.version == running:
            copy.unlink(missing_ok=True)
            said.append(f"{path}: version {running} is the one running; nothing to update")
            return None, said
        if newer(signed.version, running) is False:  # the newest good one: the others are older still
            copy.unlink(missing_ok=True)
            said.append(f"{path}: version {signed.version} is {OLDER} ({running}): an update only goes"
                        " forward; take a newer release (going back: `sudo companion update FILE`)")
            kinds[said[-1]] = "older"
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

    def outcome(self, ok: bool, line: str, what: str = "", reason: str = "", back: str = "") -> None:
        """`line` is root's own (English, for the log); the family's words are made from the fields:
        `what` happened (installed, rolled_back, not_installed, not_offered), the `reason`'s kind
        (Health.kind, SignatureError.kind, no_space, older; "" unknown: "details in the log") and
        the version it went `back` to (companion/service/updates.py, outcome_msg)."""
        _write_json(self.path, {"version": self.version, "step": "done" if ok else "failed", "text": line,
                                "outcome": line, "ok": ok, "what": what, "reason": reason, "back": back})
