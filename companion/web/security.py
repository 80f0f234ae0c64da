"""Who may talk to the page's server, and the headers every response carries.

The companion listens on loopback (the simulator, or a Pi with control bound to 127.0.0.1) or on
the LAN with a token. Any web page the player's browser opens can send requests there, so:

- `Host` must name this machine (an IP literal, localhost, its host name): a foreign name is DNS
  rebinding (attacker.example resolving to 127.0.0.1), refused with 421 on every request.
- `Origin`, when the browser sends one (it always does for a cross-site POST and a WebSocket),
  must be this page's own origin: refused with 403 on control requests and WebSocket upgrades.
- POST /api/control accepts only `application/json` (a `text/plain` form post needs no CORS
  preflight, so it is the classic cross-site forgery).
- The token travels once, in the first URL: the server answers with an HttpOnly, SameSite=Strict
  cookie and a redirect to the bare URL, so it stays out of the address bar, the WebSocket URL,
  the browser history, Referer headers and logs.
- Refusals are counted, not logged one by one (`Refused`): anyone on the LAN can send junk at the
  network's rate. A request aiohttp cannot parse (raw non-ASCII bytes in its URL) is one of them,
  caught at the server's edge (`EdgeLog`) instead of an ERROR line with aiohttp's traceback.
"""
from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import time
from urllib.parse import urlsplit

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from companion.remote.refusals import Refusals

log = logging.getLogger("companion.web")

TOKEN_COOKIE = "companion_token"

HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Security-Policy": ("default-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:;"
                                " style-src 'self'; script-src 'self'; frame-ancestors 'none';"
                                " base-uri 'none'; form-action 'self'"),
}


def local_names(bound_host: str | None = None, extra: tuple[str, ...] = ()) -> frozenset[str]:
    """The host names the page answers to; `extra` is the config's `[web] names`."""
    names = {"localhost", "localhost.localdomain", *(n.lower().rstrip(".") for n in extra)}
    try:
        hostname = socket.gethostname().lower()
    except OSError:
        hostname = ""
    if hostname:
        names |= {hostname, hostname.split(".")[0], hostname.split(".")[0] + ".local"}
    if bound_host and not _is_ip(bound_host) and bound_host not in ("", "0.0.0.0", "::"):
        names.add(bound_host.lower())
    return frozenset(names)


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return False
    return True


def host_name(value: str) -> str:
    """'Example.org:8080' -> 'example.org'; '[::1]:8080' -> '::1'."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    if value.count(":") == 1:
        return value.split(":", 1)[0]
    return value


def host_ok(value: str | None, names: frozenset[str]) -> bool:
    """No Host header (HTTP/1.0, not a browser) is fine; an IP literal or one of our names too."""
    if value is None:
        return True
    name = host_name(value).rstrip(".")
    return _is_ip(name) or name in names


def origin_ok(request: web.Request) -> bool:
    """A browser's Origin must be this page's own; requests without Origin are not a browser's
    cross-site request (browsers send it on every cross-origin POST and WebSocket)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False  # "null" (sandboxed frames, file: pages) and other schemes
    host = request.headers.get("Host")
    if host is None:
        return False
    want = host.strip().lower()
    default = 443 if parts.scheme == "https" else 80
    got = (f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname)
    if port is not None and port != default:
        got += f":{port}"
    return got == want or (":" not in want.rsplit("]", 1)[-1] and got == f"{want}:{default}")


def _refuse(status: int, message: str, input_: str) -> web.Response:
    import json

    body = json.dumps({"type": "error", "error": message, "input": input_})
    return web.Response(text=body, status=status, content_type="application/json")


def guard(names: frozenset[str]):
    """The middleware: Host on every request, Origin on control requests and WebSocket upgrades."""

    @web.middleware
    async def middleware(request: web.Request, handler):
        if not host_ok(request.headers.get("Host"), names):
            return _refuse(421, "this companion does not serve that host name (DNS rebinding?): open"
                           " it by its IP address, localhost or its own host name, or add the name to [web] names",
                           "host")
        controls = request.method not in ("GET", "HEAD", "OPTIONS") or request.path == "/ws"
        if controls and not origin_ok(request):
            return _refuse(403, "control from another web site is refused: open the companion's own"
                           " page", "origin")
        return await handler(request)

    return middleware


async def add_headers(request: web.Request, response: web.StreamResponse) -> None:
    """on_response_prepare: every response, errors (404, 405, 413, refusals) included."""
    for key, value in HEADERS.items():
        response.headers.setdefault(key, value)


def token_cookie(response: web.StreamResponse, token: str, secure: bool) -> None:
    response.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="Strict", path="/", secure=secure)


class Refused:
    """The page's refusals (remote play's counter, companion/remote/refusals.py): the first
    logged, then at most one summary a minute, each reason cut to a few hundred characters. The
    summary is due on the event loop's clock (`loop.call_at`): the page has no step of its own."""

    def __init__(self) -> None:
        self.refusals = Refusals(lambda why: log.info("web: refused %s", why), log.warning,
                                 name="web page", what="requests")
        self._timer: asyncio.TimerHandle | None = None

    def __call__(self, why: str) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # called outside the server (a test, a script): the same clock, no timer
            self.refusals.refused(why, time.monotonic())
            return
        self.refusals.refused(why, loop.time())
        due = self.refusals.due
        if due is not None and self._timer is None:
            self._timer = loop.call_at(due, self._summary, loop)

    def _summary(self, loop) -> None:
        self._timer = None
        self.refusals.tick(loop.time())

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


class EdgeLog(logging.LoggerAdapter):
    """aiohttp's server logger for the page (AppRunner(logger=...)): a request its parser refuses
    (a bad URL, a header too long, not HTTP at all) is a refusal in one line, not an ERROR with
    a traceback; anything else reaches aiohttp's logger as it was."""

    def __init__(self, refused: Refused) -> None:
        super().__init__(logging.getLogger("aiohttp.server"), {})
        self.refused = refused

    def log(self, level, msg, *args, exc_info=None, **kwargs) -> None:
        if isinstance(exc_info, HttpProcessingError):
            what = (exc_info.message or type(exc_info).__name__).strip().splitlines()[0].rstrip(":")
            remote = args[0] if args else "?"
            self.refused(f"a malformed request from {remote}: {what} (HTTP {exc_info.code or 400})")
            return
        super().log(level, msg, *args, exc_info=exc_info, **kwargs)
