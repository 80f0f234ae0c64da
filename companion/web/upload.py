"""POST /api/update: a signed release uploaded from the page (control token required; issue 42).

The body is the archive (maunz-companion-<version>.tar.gz), streamed to the service's state
directory (upload/) with its own size limit, not the page's 64 KB one; the signature comes in the
header X-Companion-Signature (base64 of the .sig file, a few hundred bytes). Nothing is checked
or installed here: the service is unprivileged. Root's companion-update-upload.path sees the
upload, `companion update --find` checks the signature and offers it, and the family is asked as
for a release on the SD card (the OLED and the page: OK or BACK; docs/UPDATES.md). A bad
signature is said on the OLED and the page the same way.
"""
from __future__ import annotations

import base64
import binascii
import json
import os
import re
from pathlib import Path

from aiohttp import web

from companion.ui.screens import msg

MAX_BYTES = 64 << 20  # a release archive is ~2 MB
NAME = re.compile(r"^maunz-companion-[0-9][0-9A-Za-z.+-]*\.tar\.gz$")
UPLOAD_DIR = "upload"


def _error(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=json.dumps({"type": "error", "error": text}),
                        content_type="application/json")


async def _keep(request: web.Request, folder: Path, name: str, sig: bytes) -> int | None:
    """The body into `folder` as `name`, then its .sig; the size, or None when it is too large."""
    folder.mkdir(exist_ok=True)
    part = folder / ".part"
    size = 0
    with open(part, "wb") as f:
        async for chunk in request.content.iter_chunked(1 << 16):
            size += len(chunk)
            if size > MAX_BYTES:
                f.close()
                part.unlink(missing_ok=True)
                return None
            f.write(chunk)
        f.flush()
        os.fsync(f.fileno())
    for old in folder.iterdir():
        if old.name != part.name:
            old.unlink()  # one upload at a time: the newest
    os.replace(part, folder / name)
    # the .sig last: root's path unit starts on it, with the archive complete
    (folder / f".{name}.sig").write_bytes(sig)
    os.replace(folder / f".{name}.sig", folder / f"{name}.sig")
    return size


def add_routes(app: web.Application, companion, may_control) -> None:
    async def upload(request: web.Request) -> web.Response:
        if not may_control(request):
            return _error(403, "uploading a release needs control: open the page with its token (the QR code on the OLED)")
        name = request.headers.get("X-Companion-Filename", "")
        if not NAME.match(name):
            return _error(400, f"{name or 'the file'}: not a release archive; give maunz-companion-<version>.tar.gz"
                               " (and its .sig)")
        try:
            sig = base64.b64decode(request.headers.get("X-Companion-Signature", ""), validate=True)
            json.loads(sig)
        except (binascii.Error, ValueError):
            return _error(400, f"{name}: no signature with it; give the release's .sig file too")
        folder = Path(companion.state_dir) / UPLOAD_DIR
        try:
            size = await _keep(request, folder, name, sig)
        except OSError as exc:   # the SD card full or read-only: said, not a traceback
            return _error(507, f"{folder}: cannot keep {name} ({exc.strerror or exc}); free some space"
                               " on the SD card and send it again")
        if size is None:
            return _error(413, f"{name}: larger than {MAX_BYTES >> 20} MB: not a release archive")
        said = msg("page.update_received", name=name)
        companion.message(f"{name}: received; its signature is checked, then the companion asks", said)
        return web.Response(status=202, text=json.dumps({"type": "ok", "received": name, "bytes": size,
                                                         "words": said.text(companion.table.language)}),
                            content_type="application/json")

    async def check(request: web.Request) -> web.Response:
        """POST /api/update/check: "check for updates" at [update] url (off without it)."""
        from companion.web.update_check import CheckError, check as look, worded

        if not may_control(request):
            return _error(403, "checking for updates needs control: open the page with its token")
        try:
            line = await look(companion.config.update_url, companion.state_dir)
        except CheckError as exc:
            line = str(exc)
            companion.message(f"update check: {line}")
            return _error(409 if "is off" in line else 502, line)
        said = worded(line)
        companion.message(f"update check: {line}", said)
        words = line if said is None else said.text(companion.table.language)
        return web.Response(text=json.dumps({"type": "ok", "said": line, "words": words}),
                            content_type="application/json")

    app.router.add_post("/api/update", upload)
    app.router.add_post("/api/update/check", check)
