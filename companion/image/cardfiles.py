"""The SD card's FAT partition as firstboot must treat it (issue 42): any laptop reads it, a FAT
delete leaves the bytes, and a rename on FAT is not atomic.

- `shred_and_remove`: a file with a secret (wifi.txt) overwritten with zeros, on the disk, before
  it is removed.
- `replace_keeping_no_trace`: a card file rewritten without its secret (companion.toml without
  its token): the new text renamed into place, then the old file's clusters, still open,
  overwritten — the card never shows a half-written or zeroed file, and the secret's bytes go.
- `finish_replace`: the rewrite above completed at the next boot when a power cut stopped it
  between removing the old name and the rename.
- `without_token`: the [web] token line taken out of a companion.toml text (it moves to the
  root-only web-token file; the service reads it there).
- `secret_warnings`: secrets that cannot move (a password inside a broker's address, which the
  card's file must keep, as firstboot installs it at every boot): a line for the OLED.
- `no_card_text`: a problem line with every quoted fragment that comes from the card's own text
  replaced, so card-problem.txt (shown on the OLED and the page) never repeats a password typed
  into the wrong line.
- `fingerprint`: an ssh public key as `ssh-keygen -l` names it (SHA256:...).
"""
from __future__ import annotations

import base64
import hashlib
import os
import re
import tomllib
from pathlib import Path
from urllib.parse import urlsplit


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _zero(fd: int, size: int) -> None:
    os.lseek(fd, 0, os.SEEK_SET)
    left = size
    while left > 0:
        left -= os.write(fd, b"\0" * min(left, 1 << 16))
    os.fsync(fd)


def shred_and_remove(path: Path) -> None:
    fd = os.open(path, os.O_WRONLY)
    try:
        _zero(fd, os.fstat(fd).st_size)
    finally:
        os.close(fd)
    path.unlink()
    _fsync_dir(path.parent)


def pending(path: Path) -> Path:
    """Where `replace_keeping_no_trace` writes the new text before the rename."""
    return path.with_name(f".{path.name}.new")


def finish_replace(path: Path) -> None:
    """A rename on FAT cut short by a power cut can leave the old name gone and the new text
    under its temporary one: put it in place (the next boot's firstboot), so the card's file is
    not lost."""
    if not path.exists() and pending(path).exists():
        os.replace(pending(path), path)
        _fsync_dir(path.parent)


def replace_keeping_no_trace(path: Path, text: str) -> None:
    tmp = pending(path)
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    old = os.open(path, os.O_WRONLY)
    try:
        size = os.fstat(old).st_size
        os.replace(tmp, path)
        _fsync_dir(path.parent)
        _zero(old, size)  # the old file's clusters, freed when this descriptor closes
    finally:
        os.close(old)


_SECTION = re.compile(r"^\s*\[\s*([A-Za-z0-9_.-]+)\s*\]")
_TOKEN = re.compile(r"^\s*token\s*=")


def web_token(text: str) -> str:
    try:
        web = tomllib.loads(text).get("web", {})
    except tomllib.TOMLDecodeError:
        return ""
    token = web.get("token", "") if isinstance(web, dict) else ""
    return token if isinstance(token, str) else ""


def without_token(text: str, note: str) -> str:
    """`text` with the [web] section's `token = ...` line replaced by the comment `note`."""
    out, section = [], None
    for line in text.splitlines(keepends=True):
        m = _SECTION.match(line)
        if m:
            section = m.group(1)
        if section == "web" and _TOKEN.match(line):
            out.append(f"# {note}\n")
            continue
        out.append(line)
    return "".join(out)


def secret_warnings(text: str, name: str) -> list[str]:
    try:
        remote = tomllib.loads(text).get("remote", {})
    except tomllib.TOMLDecodeError:
        return []
    brokers = remote.get("brokers", []) if isinstance(remote, dict) else []
    for broker in brokers if isinstance(brokers, list) else []:
        if isinstance(broker, str) and urlsplit(broker).password:
            return [f"{name}: [remote] brokers: a broker address with a password in it can be read from the"
                    " card by any laptop; use a broker without an account, or keep the card out of other hands"]
    return []


def no_card_text(line: str, card_text: str, unknown_key: str | None = None) -> str:
    """`line` with every quoted fragment that is a value written in `card_text` replaced by
    '(...)', and `unknown_key` (a key the checker did not know: a password typed as a key) named
    by its place only."""
    def written(inner: str) -> bool:
        return bool(inner) and re.search(rf"(['\"]){re.escape(inner)}\1|=\s*{re.escape(inner)}\s*(#|$)",
                                         card_text, re.M) is not None

    def hide(m: re.Match) -> str:
        return "'(...)'" if written(m.group(0)[1:-1]) else m.group(0)
    if unknown_key:
        line = line.replace(f" {unknown_key}: ", " (a key it does not know): ", 1)
    return re.sub(r"'[^']*'|\"[^\"]*\"", hide, line)


def fingerprint(key_line: str) -> str:
    blob = base64.b64decode(key_line.split()[1])
    return "SHA256:" + base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")
