"""The aiohttp app behind the page.

    GET  /               the page (static/index.html; plain JS, no build step)
    GET  /static/...     its script, style and pictures
    GET  /views/<file>   the games' view scripts, as their lines in companion.catalogue name them,
                         and each one's stylesheet beside it (<file>.css for <file>.js)
    GET  /api/snapshot   the companion's snapshot() as JSON (+ "physical", see below)
    POST /api/control    one control message (protocol.py) as JSON; token in the body or the
                         X-Companion-Token header
    GET  /api/history... the past games (history.py: the list, one at a ply, its files)
    GET  /ws             WebSocket: the server pushes {"type": "hello", ...} then
                         {"type": "snapshot", "state": ..., "physical": ...} whenever the
                         companion's subscribe() queue says the state changed; the page sends
                         control messages and gets {"type": "ok"} or {"type": "error"} back.

Nothing polls: each WebSocket has one task that awaits its companion.subscribe() queue, and a
burst of changes is coalesced into one snapshot. "physical" is the fake reed grid's physical
occupancy (what the simulated hands did, before debounce) so the page can draw a click at once;
on the Pi (real reed grid) it is null and the page shows "sensed".

Access: control=False makes the page a read-only spectator view. With control=True a non-empty
token must come with every control (the page's cookie, set when it is first opened as
/?token=...; or the X-Companion-Token header, the message's "token", /ws?token=... for scripts);
without a token, control is accepted only from loopback addresses, and start_web refuses to serve
control on a non-loopback host without one. Host, Origin and content-type checks and the security
headers: security.py.
"""
from __future__ import annotations

import asyncio
import errno
import hmac
import importlib.resources
import ipaddress
import json
import socket
from pathlib import Path

from aiohttp import WSMsgType, web

from companion import catalogue
from companion.web import history, security, upload
from companion.web.phrases import page_words
from companion.web.privacy import for_spectators
from companion.web.protocol import (
    ControlError,
    HandAction,
    ReedAction,
    PuzzleAction,
    ReviewAction,
    apply_control,
    button_names,
    card_catalog,
    parse_control,
)
from companion.words import SQUARES, square_name

STATIC_DIR = Path(__file__).with_name("static")

COMPANION = web.AppKey("companion", object)
WEB = web.AppKey("web", object)
VIEWS = web.AppKey("views", object)   # file name -> path of each game's view script and stylesheet
PAGE = web.AppKey("page", object)     # index.html with the view scripts' and stylesheets' tags
#: Where index.html takes the games' view scripts (after app.js, which keeps their registry).
VIEW_SCRIPTS = "<!-- the games' view scripts -->"
#: Where index.html takes the games' view stylesheets (after style.css, in <head>).
VIEW_STYLES = "<!-- the games' view stylesheets -->"
#: What /views/ serves each kind of file as.
VIEW_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


def view_scripts() -> dict[str, Path]:
    """The games' view scripts by file name, in the catalogue's order, each once (Cats and Cat
    Attack share events.js), each followed by its stylesheet if it has one: the file of the
    script's name with .css, beside it (kj.js: kj.css). A script is served from its own
    package, so a game's drawing and its look need no line in index.html, style.css or here."""
    out: dict[str, Path] = {}
    for line in catalogue.GAMES:
        if line.script is None:
            continue
        package, _, file = line.script.partition(":")
        path = Path(str(importlib.resources.files(package) / file))
        style = path.with_suffix(".css")
        for p in (path, style) if style.is_file() else (path,):
            if out.setdefault(p.name, p) != p:
                raise ValueError(f"view files {out[p.name]} and {p} share the name {p.name}")
    return out


def page_html(views: dict[str, Path]) -> str:
    """index.html with a script tag per view script and a stylesheet link per view stylesheet:
    same-origin files, as the page's Content-Security-Policy (script-src 'self', style-src
    'self': no inline script or style) allows."""
    scripts = "\n  ".join(f'<script src="/views/{name}"></script>'
                          for name, path in views.items() if path.suffix == ".js")
    styles = "\n  ".join(f'<link rel="stylesheet" href="/views/{name}">'
                         for name, path in views.items() if path.suffix == ".css")
    html = (STATIC_DIR / "index.html").read_text(encoding="utf-8")
    return html.replace(VIEW_STYLES, styles).replace(VIEW_SCRIPTS, scripts)


def _json_default(value):
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    if isinstance(value, bytes):
        return value.hex()
    return str(value)


def dumps(obj) -> str:
    return json.dumps(obj, default=_json_default, separators=(",", ":"))


def is_loopback(host: str | None) -> bool:
    if not host:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


class WebState:
    """What the handlers share: the companion, the access policy and the open sockets."""

    def __init__(self, companion, control: bool, token: str | None) -> None:
        self.companion = companion
        self.control = bool(control)
        self.token = token or ""
        self.queues: set[asyncio.Queue] = set()
        self.sockets: set[web.WebSocketResponse] = set()
        self.cards = card_catalog(companion)
        self.buttons = button_names(companion.devices)
        self._messages: dict[bool, tuple] = {}  # control -> (when, the snapshot message)
        self.refused = security.Refused()        # counted; the first logged, then a summary a minute

    # ---- access
    def token_ok(self, supplied) -> bool:
        if not self.token:
            return True
        if not isinstance(supplied, str):
            return False
        try:
            given = supplied.encode()
        except UnicodeEncodeError:  # a lone surrogate ("\ud800") from JSON
            raise ControlError("the token is not valid text (UTF-8); give the [web] token from the"
                               " config", "token", status=400) from None
        return hmac.compare_digest(given, self.token.encode())

    def may_control(self, remote: str | None, supplied) -> bool:
        try:
            self.authorize(remote, supplied)
        except ControlError:
            return False
        return True

    @staticmethod
    def request_token(request: web.Request):
        """The token a request carries apart from the message: header, cookie, or ?token= (scripts)."""
        return (request.headers.get("X-Companion-Token") or request.cookies.get(security.TOKEN_COOKIE)
                or request.query.get("token"))

    def authorize(self, remote: str | None, supplied) -> None:
        if not self.control:
            raise ControlError("read-only: this page is a spectator view; set [web] control = true"
                               " in the config to play from the browser", "control", status=403)
        if self.token:
            if not self.token_ok(supplied):
                what = "no token" if not supplied else "a wrong token"
                raise ControlError(f"control with {what}: give the [web] token from the config"
                                   " (open the page as /?token=<token>)", "token", status=403)
        elif not is_loopback(remote):
            raise ControlError(f"control from {remote} needs a token: set [web] token in the config",
                               "token", status=403)

    # ---- state
    def physical(self):
        from hardware.fakes import FakeReedGrid

        reed = self.companion.devices.reed
        if not isinstance(reed, FakeReedGrid):  # a real bed: only the board knows where pieces are
            return None
        value = reed.physical
        return [square_name(sq) for sq in range(SQUARES) if value >> sq & 1]

    def snapshot_message(self, control: bool = False) -> str:
        """The snapshot for one page: a page that may not control the companion is a spectator
        and never gets a seat's secret from the OLED (snapshot.for_spectators). The controlling
        page (`companion sim` on a laptop: one person plays every seat) mirrors the OLED whole."""
        # One message per loop iteration, announced change and kind of page: a snapshot changes in
        # the service's step (counted by `steps`), by a change made between steps and announced
        # with notify() (`changes`: a notice, a remote link, a virtual hand) or on the fake bed
        # (`physical`), so 300 spectators' sockets share one snapshot instead of each building its
        # own (bench web).
        physical = self.physical()
        key = (self.companion.steps, self.companion.changes, None if physical is None else tuple(physical))
        cached = self._messages.get(control)
        if cached is None or cached[0] != key:
            state = self.companion.snapshot()
            if not control:
                state = for_spectators(state)
            cached = self._messages[control] = (key, dumps({"type": "snapshot", "state": state,
                                                            "physical": physical}))
        return cached[1]

    def hello(self, control: bool) -> dict:
        return {
            "type": "hello",
            "control": control,
            "needs_token": bool(self.control and self.token),
            "simulated": self.physical() is not None,
            "cards": [c.as_json() for c in self.cards],
            "buttons": list(self.buttons),
            # the page's own words, from the phrase registry (web/phrases.py): no second dictionary
            "words": page_words(),
        }

    def kick(self) -> None:
        """Wake every socket: the page's own change (the physical bed) is news even before the
        service has polled it."""
        for q in list(self.queues):
            try:
                q.put_nowait(None)
            except asyncio.QueueFull:
                pass  # a full queue already wakes its socket

    def control_message(self, msg, remote: str | None, connection_token=None) -> tuple[dict, int]:
        """Authorize, validate and apply one decoded control message; return the reply and its
        HTTP status."""
        msg_id = msg.get("id") if isinstance(msg, dict) else None
        try:
            supplied = msg.get("token", connection_token) if isinstance(msg, dict) else connection_token
            self.authorize(remote, supplied)
            action = parse_control(msg, self.cards, self.buttons)
            if isinstance(action, ReedAction) and self.companion.snapshot().get("senses_bed") is False:
                title = self.companion.snapshot().get("title", "this game")
                raise ControlError(f"{title} is not played on the bed: a reed switch does nothing in"
                                   " it; use its cards and buttons", "reed", status=409)
            if isinstance(action, HandAction):
                _virtual_hand(self.companion, action)
            elif isinstance(action, ReviewAction):
                _review(self.companion, action)
                self.companion.wake()   # (a fake device wakes the sleeping loop itself)
            elif isinstance(action, PuzzleAction):
                self.companion.switching.puzzle_theme(action.theme)
                self.companion.wake()
            else:
                apply_control(self.companion.devices, action)
        except ControlError as exc:
            self.refused(f"control from {remote}: {exc}")
            return exc.reply(msg_id), exc.status
        self.kick()
        out = {"type": "ok"}
        if msg_id is not None:
            out["id"] = msg_id
        return out, 200


def _review(companion, action) -> None:
    """Open a journal game's review, or leave the review (companion/service/review.py)."""
    if action.game is None:
        companion.review.close()
        return
    try:
        companion.review.open(action.game)
    except ValueError as exc:
        raise ControlError(str(exc), action.game, status=404) from None


def _virtual_hand(companion, action) -> None:
    """A hand action for the simulator's virtual card table; ControlError when refused."""
    virtual = companion.virtual
    if virtual is None or not virtual.wants(companion.table):
        raise ControlError("no virtual card table here: hand actions are for a card game in"
                           " `companion sim`", "hand", status=409)
    why = virtual.person(companion.table, companion.devices, action.action, action.card, action.wish)
    companion.wake()   # a refused hand flashes the table's ring: the sleeping loop shows it
    if why is not None:
        raise ControlError(why, action.card or action.action, status=409)


def _not_a_number(name: str):
    # Python's json reads NaN and Infinity, which JSON has not (and no control takes)
    raise ControlError(f"malformed message: {name} is not a JSON number; send a number or a string", name)


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):  # 1e999: valid JSON, but no float holds it
        raise ControlError(f"malformed message: the number {text[:40]} is too large; no control takes a"
                           " number that large", text[:40])
    return value


def _decode(text: str):
    try:
        return json.loads(text, parse_constant=_not_a_number, parse_float=_finite)
    except ControlError:
        raise  # NaN, Infinity, 1e999: said above (a ControlError is a ValueError too)
    except RecursionError:
        raise ControlError("malformed message: JSON nested too deeply; send one flat control object",
                           text[:40]) from None
    except json.JSONDecodeError as exc:
        raise ControlError(f"malformed message: not JSON ({exc.msg} at character {exc.pos})",
                           text[:200]) from None
    except ValueError:
        # int() refuses a number of over 4,300 digits (CPython's guard against slow conversion)
        raise ControlError("malformed message: a number has too many digits; no control takes a number"
                           " that long", text[:40]) from None


# --------------------------------------------------------------------------- handlers
async def _index(request: web.Request) -> web.StreamResponse:
    if "token" in request.query:
        # The token's only trip through a URL: swap it for a cookie and drop it from the address bar.
        st: WebState = request.app[WEB]
        resp = web.Response(status=303, headers={"Location": "/", "Cache-Control": "no-store"})
        try:
            valid = bool(st.token) and st.token_ok(request.query["token"])
        except ControlError:
            valid = False
        if valid:
            security.token_cookie(resp, st.token, secure=request.secure)
        return resp
    return web.Response(text=request.app[PAGE], content_type="text/html",
                        headers={"Cache-Control": "no-cache"})


async def _view_script(request: web.Request) -> web.StreamResponse:
    path = request.app[VIEWS].get(request.match_info["file"])
    if path is None:
        raise web.HTTPNotFound()
    return web.FileResponse(path, headers={"Content-Type": VIEW_TYPES[path.suffix]})


async def _snapshot(request: web.Request) -> web.Response:
    st: WebState = request.app[WEB]
    control = st.may_control(request.remote, st.request_token(request))
    return web.Response(text=st.snapshot_message(control), content_type="application/json")


async def _control(request: web.Request) -> web.Response:
    st: WebState = request.app[WEB]
    if request.content_type != "application/json":
        exc = ControlError(f"control messages are JSON: send Content-Type: application/json, not"
                           f" {request.content_type!r}", "content-type", status=415)
        return web.Response(text=dumps(exc.reply()), status=415, content_type="application/json")
    try:
        msg = _decode(await request.text())
    except (ControlError, UnicodeDecodeError) as exc:
        if not isinstance(exc, ControlError):
            exc = ControlError("malformed message: the body is not UTF-8 text", None)
        st.refused(f"control from {request.remote}: {exc}")
        return web.Response(text=dumps(exc.reply()), status=400, content_type="application/json")
    reply, status = st.control_message(msg, request.remote, st.request_token(request))
    return web.Response(text=dumps(reply), status=status, content_type="application/json")


async def _pump(st: WebState, ws: web.WebSocketResponse, queue: asyncio.Queue, lock: asyncio.Lock,
                control: bool) -> None:
    while True:
        await queue.get()
        while not queue.empty():  # coalesce a burst into one snapshot
            queue.get_nowait()
        async with lock:
            if ws.closed:
                return
            await ws.send_str(st.snapshot_message(control))


async def _websocket(request: web.Request) -> web.WebSocketResponse:
    st: WebState = request.app[WEB]
    ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=64 * 1024)
    await ws.prepare(request)
    conn_token = st.request_token(request)
    lock = asyncio.Lock()
    queue = st.companion.subscribe()
    st.queues.add(queue)
    st.sockets.add(ws)
    pump = None
    try:
        control = st.may_control(request.remote, conn_token)
        async with lock:
            await ws.send_str(dumps(st.hello(control)))
            await ws.send_str(st.snapshot_message(control))
        pump = asyncio.create_task(_pump(st, ws, queue, lock, control))
        async for msg in ws:
            if msg.type == WSMsgType.TEXT:
                try:
                    decoded = _decode(msg.data)
                except ControlError as exc:
                    st.refused(f"control from {request.remote}: {exc}")
                    reply = exc.reply()
                else:
                    reply, _ = st.control_message(decoded, request.remote, conn_token)
            elif msg.type == WSMsgType.BINARY:
                reply = ControlError("malformed message: send JSON text, not binary", None).reply()
            else:
                break
            async with lock:
                await ws.send_str(dumps(reply))
    except ConnectionError:
        pass  # the browser went away mid-send (a closed tab): nothing to answer, not an error
    finally:
        if pump is not None:
            pump.cancel()
            try:
                await pump
            except (asyncio.CancelledError, ConnectionError):
                pass
        st.queues.discard(queue)
        st.sockets.discard(ws)
        st.companion.unsubscribe(queue)
    return ws


async def _on_shutdown(app: web.Application) -> None:
    st: WebState = app[WEB]
    st.refused.close()
    for ws in list(st.sockets):
        await ws.close(code=1001, message=b"companion stopping")


def make_app(companion, *, control: bool, token: str | None, host: str | None = None,
             names: tuple[str, ...] = ()) -> web.Application:
    app = web.Application(middlewares=[security.guard(security.local_names(host, names))],
                          client_max_size=64 * 1024)
    app.on_response_prepare.append(security.add_headers)
    app[COMPANION] = companion
    app[WEB] = WebState(companion, control, token)
    app.router.add_get("/", _index)
    app.router.add_get("/api/snapshot", _snapshot)
    app.router.add_post("/api/control", _control)
    app.router.add_get("/ws", _websocket)
    app.router.add_static("/static", STATIC_DIR)
    app[VIEWS] = view_scripts()
    app[PAGE] = page_html(app[VIEWS])
    app.router.add_get("/views/{file}", _view_script)
    web_state = app[WEB]
    history.add_routes(app, companion, lambda request: web_state.may_control(
        request.remote, web_state.request_token(request)), dumps)
    upload.add_routes(app, companion, lambda request: web_state.may_control(  # a release, for the OK
        request.remote, web_state.request_token(request)))
    app.on_shutdown.append(_on_shutdown)
    return app


async def start_web(companion, host: str = "127.0.0.1", port: int = 8080, control: bool = False,
                    token: str | None = None,
                    fix: str = "set [web] port to a free port or stop the program using it",
                    names: tuple[str, ...] = ()) -> web.AppRunner:
    """Serve the page; returns the started runner (``await runner.cleanup()`` stops it)."""
    if control and not token and not is_loopback(host):
        raise ValueError(f"[web] host = {host!r} with control = true needs a token: set [web] token"
                         " or keep host = \"127.0.0.1\"")
    app = make_app(companion, control=control, token=token, host=host, names=names)
    runner = web.AppRunner(app, access_log=None, logger=security.EdgeLog(app[WEB].refused))
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    try:
        await site.start()
    except OSError as exc:
        await runner.cleanup()
        # one line in words (not "[Errno 98] ..."): OSError's str shows the errno only when given one
        refused = OSError(f"web page: cannot listen on {host}:{port}: {_listen_problem(exc, host, port)}; {fix}")
        refused.errno = exc.errno
        raise refused from None
    return runner


def _listen_problem(exc: OSError, host: str, port: int) -> str:
    if exc.errno == errno.EADDRINUSE:
        return f"port {port} is in use by another program"
    if exc.errno == errno.EACCES:
        return f"port {port} needs more privileges (ports below 1024 are the system's)"
    if exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT) or isinstance(exc, socket.gaierror):
        return f"this computer has no address {host}"
    return (exc.strerror or str(exc)).rstrip(".")


def web_url(runner: web.AppRunner, token: str | None = None) -> str:
    """The page's address, e.g. http://127.0.0.1:8080/ (the real port when port 0 was asked)."""
    host, port = runner.addresses[0][:2]
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/" + (f"?token={token}" if token else "")
