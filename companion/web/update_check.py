""""Check for updates" (issue 42; off unless the config has [update] url): the service fetches
the URL's latest.json {"version", "archive", "signature"} (archive and signature relative to
it, or absolute), and when the version is not the one running, downloads both into its state
directory's upload/ — where a release uploaded from the page goes. Root's
companion-update-upload.path then checks the signature and offers it; the family is asked on
the OLED and the page, and nothing installs without their OK. The service checks nothing of the
release itself (it could not install it anyway): an unsigned or tampered download is refused by
root and said on the OLED and the page."""
from __future__ import annotations

import json
import os
import re
from importlib import metadata
from pathlib import Path
from urllib.parse import urljoin, urlsplit

MAX_ARCHIVE = 64 << 20
MAX_SMALL = 64 << 10
TIMEOUT_S = 60.0
NAME = re.compile(r"^maunz-companion-[0-9][0-9A-Za-z.+-]*\.tar\.gz$")


class CheckError(RuntimeError):
    """One line: what went wrong (its addresses without a password or a query: `public`)."""

    def __init__(self, line: str) -> None:
        super().__init__(re.sub(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s'\"]*[^\s'\":,;.)]", lambda m: public(m.group()), line))


def public(url: str) -> str:
    """`url` as the OLED, the page and the log may show it: a user name, password, query or
    fragment (where a download's access token travels) left out."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return "(an address that cannot be read)"
    host = f"[{host}]" if ":" in host else host
    return f"{parts.scheme}://{host}{port}{parts.path}" + ("?…" if parts.query else "")


def running_version() -> str:
    try:
        return metadata.version("maunz-companion")
    except metadata.PackageNotFoundError:
        return "unknown"


async def _get(http, url: str, limit: int, out: Path | None = None) -> tuple[bytes, str]:
    async with http.get(url) as r:
        if r.status != 200:
            raise CheckError(f"{url}: HTTP {r.status}")
        size, chunks = 0, []
        f = open(out, "wb") if out else None
        try:
            async for chunk in r.content.iter_chunked(1 << 16):
                size += len(chunk)
                if size > limit:
                    raise CheckError(f"{url}: larger than {limit >> 10} KB: not what a release publishes")
                (f.write if f else chunks.append)(chunk)
            if f:
                f.flush()
                os.fsync(f.fileno())
        finally:
            if f:
                f.close()
        return b"".join(chunks), _base(url, [str(h.url) for h in r.history] + [str(r.url)])


def _base(asked: str, chain: list[str]) -> str:
    """What the names in a latest.json are relative to: the last address of the redirects still
    on the host that was asked. A release host moves its latest.json (GitHub: releases/latest ->
    releases/download/v0.2.0, the version's own folder) and then hands the bytes out from a
    storage host whose address is that one file's (a signed query): names joined to that are
    nothing there."""
    host = urlsplit(asked).hostname
    return next((u for u in reversed(chain) if urlsplit(u).hostname == host), asked)


async def check(url: str, state_dir: Path, running: str | None = None) -> str:
    """One line: up to date, or found (downloaded for root to check and offer), or why not
    (CheckError). The family reads the first two in words: `worded`."""
    import aiohttp

    if not url:
        raise CheckError("no [update] url in the config: checking for updates is off")
    running = running or running_version()
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=TIMEOUT_S)) as http:
            body, final = await _get(http, url, MAX_SMALL)
            try:
                latest = json.loads(body)
                version, archive, signature = latest["version"], latest["archive"], latest["signature"]
            except (ValueError, KeyError, TypeError):
                version = archive = signature = None
            if not all(isinstance(v, str) and v for v in (version, archive, signature)):
                raise CheckError(f"{url}: not a latest.json (version, archive, signature: three texts)")
            if version == running:
                return f"up to date: {running} is the newest at {public(url)}"
            name = Path(urlsplit(urljoin(final, archive)).path).name
            if not NAME.match(name):
                raise CheckError(f"{url}: the archive {name!r} is not a release archive's name")
            folder = Path(state_dir) / "upload"
            part = folder / ".part"
            sig, _ = await _get(http, urljoin(final, signature), MAX_SMALL)
            folder.mkdir(exist_ok=True)
            await _get(http, urljoin(final, archive), MAX_ARCHIVE, part)
        for old in folder.iterdir():
            if old.name != part.name:
                old.unlink()
        os.replace(part, folder / name)
        (folder / f".{name}.sig").write_bytes(sig)  # the .sig last: root's path unit starts on it
        os.replace(folder / f".{name}.sig", folder / f"{name}.sig")
    except aiohttp.ClientError as exc:
        raise CheckError(f"{url}: {exc.__class__.__name__}: {exc}") from None
    except TimeoutError:
        raise CheckError(f"{url}: no answer within {TIMEOUT_S:.0f} s") from None
    except OSError as exc:   # the SD card full or read-only: said, not a traceback
        raise CheckError(f"{Path(state_dir) / 'upload'}: cannot keep the download"
                         f" ({exc.strerror or exc}); free some space on the SD card and check again") from None
    return f"found {version} (running {running}): its signature is checked, then the companion asks"


def worded(line: str):
    """`check`'s line as the page and the notices word it in the table's language (a Msg), or
    None for a line that is not "up to date" or "found" (a maker's: said as it is)."""
    from companion.ui.screens import msg

    m = re.match(r"up to date: (\S+) is the newest", line)
    if m:
        return msg("page.update_current", version=m.group(1))
    m = re.match(r"found (\S+) \(running", line)
    return msg("page.update_found", version=m.group(1)) if m else None
