"""The web page's server without a browser: HTTP routes, the WebSocket protocol, read-only mode
and token checks, driven through aiohttp's own test client against a small stand-in companion
(snapshot/subscribe/devices as in the contract) on the real fake devices."""
from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace

import pytest
from aiohttp.test_utils import TestClient, TestServer

from companion.web import make_app, start_web, web_url
from companion.web.protocol import ControlError, card_catalog, parse_square
from companion.web.server import WebState
from hardware.fakes import FakeButtons, FakeCardReader, FakeReedGrid
from hardware.interfaces import ReedGrid, square_name

TOKEN = "s3cret-token"


class StandIn:
    """The contract's Companion surface: devices, snapshot(), subscribe()/unsubscribe()."""

    def __init__(self, reed=None) -> None:
        self.devices = SimpleNamespace(reed=reed or FakeReedGrid(), cards=FakeCardReader(),
                                       buttons=FakeButtons(), leds=None, display=None)
        self.subscribers: list[asyncio.Queue] = []
        self.snapshots = 0
        self.sensed = 0
        self.steps = 0  # the loop iterations (the page shares one snapshot per iteration)

    def step(self) -> None:
        self.steps += 1
        mask = self.devices.reed.poll()
        if mask != self.sensed:
            self.sensed = mask
            self.notify()

    def notify(self) -> None:
        for q in self.subscribers:
            if q.empty():
                q.put_nowait(None)

    def snapshot(self) -> dict:
        self.snapshots += 1
        return {"position": "6/6/6/6/6/6 o 8k0c 8k0c", "to_move": "o", "phase": "await_placement",
                "sensed": [square_name(s) for s in range(36) if self.sensed >> s & 1],
                "bed": {}, "moves": [], "leds": [], "oled": "", "instruction": "", "winner": None,
                "language": "en", "ai": None, "players": {"o": "", "g": ""},
                "pools": {c: {"kittens": 8, "cats": 0, "reserve": 8, "boxed": 0} for c in "og"}}

    def subscribe(self) -> asyncio.Queue:
        q: asyncio.Queue = asyncio.Queue(maxsize=1)
        self.subscribers.append(q)
        return q

    def unsubscribe(self, q) -> None:
        self.subscribers.remove(q)


def run(coro):
    return asyncio.run(coro)


async def _client(companion, control=True, token=None) -> TestClient:
    client = TestClient(TestServer(make_app(companion, control=control, token=token)))
    await client.start_server()
    return client


async def _recv(ws, type_=None, timeout=5.0) -> dict:
    while True:
        msg = await asyncio.wait_for(ws.receive_json(), timeout)
        if type_ is None or msg["type"] == type_:
            return msg


async def _open(client, path="/ws"):
    ws = await client.ws_connect(path)
    hello = await _recv(ws, "hello")
    first = await _recv(ws, "snapshot")
    return ws, hello, first


# --------------------------------------------------------------------------- HTTP
def test_page_and_static_files_are_served():
    async def go():
        client = await _client(StandIn())
        try:
            r = await client.get("/")
            html = await r.text()
            assert r.status == 200 and 'id="bed"' in html and "/static/app.js" in html
            for part in ("app.js", "connection.js", "bed.js", "controls.js", "panels.js"):
                assert f"/static/{part}" in html   # the page's script and its parts, in order
                r = await client.get(f"/static/{part}")
                assert r.status == 200 and "javascript" in r.headers["Content-Type"]
            assert "new WebSocket" in await (await client.get("/static/connection.js")).text()
            r = await client.get("/static/style.css")
            assert r.status == 200 and "image-rendering: pixelated" in await r.text()
            r = await client.get("/static/../server.py")
            assert r.status in (403, 404)
        finally:
            await client.close()
    run(go())


def test_the_games_view_scripts_and_stylesheets_are_served_from_views_not_static():
    """Each game's drawing and its look live in its table package: /views/ serves them (the
    page tags each), /static/ (the web layer's own files) no longer has them."""
    async def go():
        client = await _client(StandIn())
        try:
            html = await (await client.get("/")).text()
            for name, box in (("kj", "kjtable"), ("cards", "cardtable"), ("events", "eventtable")):
                r = await client.get(f"/views/{name}.js")
                assert r.status == 200 and r.headers["Content-Type"].startswith("text/javascript"), name
                assert box in await r.text(), name
                r = await client.get(f"/views/{name}.css")
                assert r.status == 200 and r.headers["Content-Type"].startswith("text/css"), name
                assert "." + box in await r.text(), name
                assert f'<script src="/views/{name}.js"></script>' in html, name
                assert f'<link rel="stylesheet" href="/views/{name}.css">' in html, name
                for ext in ("js", "css"):
                    assert (await client.get(f"/static/{name}.{ext}")).status == 404, (name, ext)
                assert box not in html, name   # the script builds its box
            assert (await client.get("/views/style.css")).status == 404
            assert (await client.get("/views/app.js")).status == 404
        finally:
            await client.close()
    run(go())


def test_snapshot_endpoint_has_state_and_physical_bed():
    async def go():
        comp = StandIn()
        comp.devices.reed.set("c3")
        comp.step()
        client = await _client(comp, control=False)
        try:
            data = await (await client.get("/api/snapshot")).json()
            assert data["type"] == "snapshot"
            assert data["state"]["sensed"] == ["c3"] and data["physical"] == ["c3"]
        finally:
            await client.close()
    run(go())


# --------------------------------------------------------------------------- WebSocket protocol
def test_websocket_hello_lists_cards_and_buttons_and_first_snapshot():
    async def go():
        comp = StandIn()
        client = await _client(comp)
        try:
            ws, hello, snap = await _open(client)
            assert hello["control"] is True and hello["simulated"] is True and hello["needs_token"] is False
            assert hello["buttons"] == ["ok", "back", "cat"]
            assert {"new_game", "undo", "cat", "hint", "language"} <= {c["function"] for c in hello["cards"]}
            assert snap["state"]["phase"] == "await_placement" and snap["physical"] == []
            assert len(comp.subscribers) == 1
            await ws.close()
            for _ in range(50):  # the server unsubscribes once it sees the close
                if not comp.subscribers:
                    break
                await asyncio.sleep(0.01)
            assert comp.subscribers == []
        finally:
            await client.close()
    run(go())


def test_click_becomes_reed_change_and_is_pushed_back():
    async def go():
        comp = StandIn()
        reed = comp.devices.reed
        client = await _client(comp)
        try:
            ws, _, _ = await _open(client)
            await ws.send_json({"type": "reed", "square": "c3", "occupied": True, "id": 7})
            assert await _recv(ws, "ok") == {"type": "ok", "id": 7}
            assert reed.physical == 1 << 14
            # the page's own change is pushed at once (physical), the sensed bed after a scan
            snap = await _recv(ws, "snapshot")
            assert snap["physical"] == ["c3"]
            comp.step()
            snap = await _recv(ws, "snapshot")
            assert snap["state"]["sensed"] == ["c3"] and reed.seen == 1 << 14
            # carrying a piece c3 -> d4 is one message: lift there, set here
            await ws.send_json({"type": "reed", "changes": [{"square": "c3", "occupied": False},
                                                            {"square": "d4", "occupied": True}]})
            await _recv(ws, "ok")
            assert reed.physical == 1 << 21
            await ws.send_json({"type": "reed", "square": "D4", "occupied": False})
            await _recv(ws, "ok")
            assert reed.physical == 0
        finally:
            await client.close()
    run(go())


def test_snapshot_pushed_when_companion_notifies_and_bursts_coalesce():
    async def go():
        comp = StandIn()
        client = await _client(comp, control=False)
        try:
            ws, _, _ = await _open(client)
            before = comp.snapshots
            comp.devices.reed.set("a1")
            comp.step()
            snap = await _recv(ws, "snapshot")
            assert snap["state"]["sensed"] == ["a1"]
            assert comp.snapshots == before + 1
            # nothing changed: nothing is sent (the server awaits the queue, it does not poll)
            with pytest.raises(asyncio.TimeoutError):
                await _recv(ws, timeout=0.3)
            assert comp.snapshots == before + 1
        finally:
            await client.close()
    run(go())


@pytest.mark.parametrize("msg, needle, input_", [
    ({"type": "reed", "square": "g7", "occupied": True}, "unknown square 'g7'", "g7"),
    ({"type": "reed", "square": 36, "occupied": True}, "unknown square 36", 36),
    ({"type": "reed", "square": "c3"}, "\"occupied\" must be true or false", {"type": "reed", "square": "c3"}),
    ({"type": "reed", "square": "c3", "occupied": "yes"}, "c3: \"occupied\"", None),
    ({"type": "reed", "changes": []}, "reed changes must be a list", []),
    ({"type": "reed", "occupied": True}, "without \"square\"", None),
    ({"type": "button", "name": "play"}, "unknown button 'play'", "play"),
    ({"type": "button", "name": "ok", "kind": "double"}, "unknown kind 'double'", "double"),
    ({"type": "card", "card": "joker"}, "unknown card 'joker'", "joker"),
    ({"type": "jump"}, "unknown message type 'jump'", "jump"),
    ([1, 2], "must be a JSON object", [1, 2]),
])
def test_bad_messages_get_a_clear_error_and_change_nothing(msg, needle, input_):
    async def go():
        comp = StandIn()
        comp.devices.reed.set("a1")
        client = await _client(comp)
        try:
            ws, _, _ = await _open(client)
            await ws.send_json(msg)
            err = await _recv(ws, "error")
            assert needle in err["error"], err
            if input_ is not None:
                assert err["input"] == input_
            assert comp.devices.reed.physical == 1
            assert comp.devices.buttons.poll() == [] and comp.devices.cards.taps == []
        finally:
            await client.close()
    run(go())


def test_malformed_and_binary_frames_are_errors_and_the_socket_stays_usable():
    async def go():
        comp = StandIn()
        client = await _client(comp)
        try:
            ws, _, _ = await _open(client)
            await ws.send_str("{not json")
            err = await _recv(ws, "error")
            assert err["error"].startswith("malformed message: not JSON") and err["input"] == "{not json"
            await ws.send_bytes(b"\x00\x01")
            err = await _recv(ws, "error")
            assert "binary" in err["error"]
            await ws.send_json({"type": "reed", "square": "f6", "occupied": True})
            await _recv(ws, "ok")
            assert comp.devices.reed.physical == 1 << 35
        finally:
            await client.close()
    run(go())


def test_a_move_with_one_bad_square_applies_nothing():
    async def go():
        comp = StandIn()
        comp.devices.reed.set("c3")
        client = await _client(comp)
        try:
            ws, _, _ = await _open(client)
            await ws.send_json({"type": "reed", "changes": [{"square": "c3", "occupied": False},
                                                            {"square": "z9", "occupied": True}]})
            err = await _recv(ws, "error")
            assert "unknown square 'z9'" in err["error"]
            assert comp.devices.reed.physical == 1 << 14
        finally:
            await client.close()
    run(go())


def test_buttons_and_cards_reach_the_fake_devices():
    async def go():
        comp = StandIn()
        client = await _client(comp)
        try:
            ws, hello, _ = await _open(client)
            await ws.send_json({"type": "button", "name": "ok", "kind": "press"})
            await _recv(ws, "ok")
            await ws.send_json({"type": "button", "name": "back", "kind": "long"})
            await _recv(ws, "ok")
            assert [(e.name, e.kind) for e in comp.devices.buttons.poll()] == [("ok", "press"), ("back", "long")]
            undo = next(c for c in hello["cards"] if c["function"] == "undo")
            await ws.send_json({"type": "card", "card": undo["id"]})
            await _recv(ws, "ok")
            tap = comp.devices.cards.taps[-1]
            assert tap.text == "maunz:undo" and tap.uid.hex() == undo["uid"]
            anna = next(c for c in hello["cards"] if c["function"] == "player")
            await ws.send_json({"type": "card", "card": anna["id"]})
            await _recv(ws, "ok")
            assert comp.devices.cards.taps[-1].text == "maunz:player:Anna"
        finally:
            await client.close()
    run(go())


def test_card_texts_are_understood_by_the_service():
    cards_mod = pytest.importorskip("companion.service.cards")
    for card in card_catalog(StandIn()):
        assert cards_mod.parse_text(card.text) == (card.function, card.name)
        assert card.text == f"maunz:{card.function}" + (f":{card.name}" if card.name else "")
        cards_mod.normalise_uid(card.uid)  # a valid 7-byte UID


# --------------------------------------------------------------------------- access
def test_read_only_page_refuses_every_control():
    async def go():
        comp = StandIn()
        client = await _client(comp, control=False)
        try:
            ws, hello, _ = await _open(client)
            assert hello["control"] is False
            for msg in ({"type": "reed", "square": "c3", "occupied": True},
                        {"type": "button", "name": "ok"}, {"type": "card", "card": "undo"}):
                await ws.send_json(msg)
                err = await _recv(ws, "error")
                assert err["error"].startswith("read-only") and err["input"] == "control"
            r = await client.post("/api/control", json={"type": "reed", "square": "c3", "occupied": True})
            assert r.status == 403 and (await r.json())["input"] == "control"
            assert comp.devices.reed.physical == 0 and comp.devices.buttons.poll() == []
            assert comp.devices.cards.taps == []
        finally:
            await client.close()
    run(go())


def test_token_is_needed_for_control_and_never_echoed():
    async def go():
        comp = StandIn()
        client = await _client(comp, control=True, token=TOKEN)
        try:
            ws, hello, _ = await _open(client)
            assert hello["control"] is False and hello["needs_token"] is True
            await ws.send_json({"type": "reed", "square": "c3", "occupied": True})
            err = await _recv(ws, "error")
            assert "no token" in err["error"] and err["input"] == "token"
            await ws.send_json({"type": "reed", "square": "c3", "occupied": True, "token": "guess"})
            err = await _recv(ws, "error")
            assert "wrong token" in err["error"] and "guess" not in json.dumps(err)
            assert comp.devices.reed.physical == 0
            await ws.send_json({"type": "reed", "square": "c3", "occupied": True, "token": TOKEN})
            await _recv(ws, "ok")
            assert comp.devices.reed.physical == 1 << 14
            await ws.close()

            ws, hello, _ = await _open(client, f"/ws?token={TOKEN}")
            assert hello["control"] is True
            await ws.send_json({"type": "button", "name": "cat"})
            await _recv(ws, "ok")
            ws2, hello2, _ = await _open(client, "/ws?token=nope")
            assert hello2["control"] is False

            body = {"type": "button", "name": "ok"}
            r = await client.post("/api/control", json=body)
            assert r.status == 403 and (await r.json())["input"] == "token"
            r = await client.post("/api/control", json=body, headers={"X-Companion-Token": TOKEN})
            assert r.status == 200 and (await r.json()) == {"type": "ok"}
            r = await client.post("/api/control", json=dict(body, token=TOKEN))
            assert r.status == 200
            r = await client.post("/api/control", data="{oops",
                                  headers={"X-Companion-Token": TOKEN, "Content-Type": "application/json"})
            assert r.status == 400 and "not JSON" in (await r.json())["error"]
            assert [e.name for e in comp.devices.buttons.poll()] == ["cat", "ok", "ok"]
        finally:
            await client.close()
    run(go())


def test_control_without_token_only_from_loopback():
    st = WebState(StandIn(), control=True, token=None)
    st.authorize("127.0.0.1", None)
    st.authorize("::1", None)
    with pytest.raises(ControlError, match="control from 192.168.1.20 needs a token") as e:
        st.authorize("192.168.1.20", None)
    assert e.value.status == 403
    reply, status = st.control_message({"type": "button", "name": "ok"}, "10.0.0.5")
    assert status == 403 and reply["input"] == "token"


def test_real_reed_grid_cannot_be_clicked():
    class RealReed(ReedGrid):
        def poll(self) -> int:
            return 0

    comp = StandIn(reed=RealReed())
    st = WebState(comp, control=True, token=None)
    assert st.physical() is None
    reply, status = st.control_message({"type": "reed", "square": "a1", "occupied": True}, "127.0.0.1")
    assert status == 409 and "real reed grid" in reply["error"]


def test_parse_square_names():
    assert parse_square("a1") == 0 and parse_square("f1") == 5 and parse_square("a2") == 6
    assert parse_square(" F6 ") == 35 and parse_square(14) == 14
    for bad in ("a0", "g1", "", "a10", True, None, -1, 1.5):
        with pytest.raises(ControlError, match="unknown square"):
            parse_square(bad)


# --------------------------------------------------------------------------- start_web
def test_start_web_serves_on_a_port_and_refuses_unsafe_lan_control():
    async def go():
        comp = StandIn()
        with pytest.raises(ValueError, match=r"\[web\] host = '0.0.0.0' with control = true needs a token"):
            await start_web(comp, "0.0.0.0", 0, control=True, token=None)
        runner = await start_web(comp, "127.0.0.1", 0, control=True, token=None)
        try:
            url = web_url(runner)
            assert url.startswith("http://127.0.0.1:") and url.endswith("/")
            port = runner.addresses[0][1]
            assert web_url(runner, "t0k") == f"http://127.0.0.1:{port}/?token=t0k"
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /api/snapshot HTTP/1.0\r\n\r\n")
            data = await reader.read()
            writer.close()
            assert b"200 OK" in data.split(b"\r\n")[0] and b'"type":"snapshot"' in data
            # the port is taken: one line naming host:port and the fix
            with pytest.raises(OSError, match=rf"cannot listen on 127.0.0.1:{port}.*\[web\] port"):
                await start_web(comp, "127.0.0.1", port, control=False)
        finally:
            await runner.cleanup()
        # LAN spectator view with a token is allowed
        runner = await start_web(comp, "127.0.0.1", 0, control=True, token=TOKEN)
        await runner.cleanup()
    run(go())


# --------------------------------------------------------------------------- the real service
def test_clicks_drive_the_real_referee(tmp_path):
    """The page's protocol against the real Companion (stepped by hand, virtual time): a click
    becomes a reed change, the referee commits the move, and the push carries its snapshot."""
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes

    config = Config(source="<test>").replace(game=GameConfig(settle=0.05, language="en"),
                                             state_dir=tmp_path, hardware=ALL_FAKE)
    now = [100.0]
    comp = Companion(config, build_fakes(), state_dir=tmp_path, clock=lambda: now[0], ai_mode="off")

    def steps(n=10):
        for _ in range(n):
            now[0] += 0.02
            comp.step()

    async def go():
        steps()
        client = await _client(comp)
        try:
            ws, hello, snap = await _open(client)
            assert snap["state"]["phase"] == "await_placement" and snap["state"]["moves"] == []
            await ws.send_json({"type": "reed", "square": "c3", "occupied": True})
            await _recv(ws, "ok")
            steps()
            for _ in range(10):
                snap = await _recv(ws, "snapshot")
                if snap["state"]["moves"]:
                    break
            assert snap["state"]["moves"] == ["kc3"] and snap["state"]["bed"] == {"c3": "o"}
            assert snap["state"]["to_move"] == "g" and snap["physical"] == ["c3"]
            assert comp.journal.moves() == ["kc3"]
            # a bad square on the real service changes nothing either
            await ws.send_json({"type": "reed", "square": "c7", "occupied": True})
            assert "unknown square 'c7'" in (await _recv(ws, "error"))["error"]
            steps()
            assert comp.table.moves == ["kc3"] and comp.devices.reed.physical == 1 << 14
        finally:
            await client.close()
            comp.close()
    run(go())
