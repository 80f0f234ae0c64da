"""Issue 10, web page: no other web site can drive the companion (Origin, Host, content type,
framing), malformed input is a clean 400, and the token stays out of logs and URLs."""
from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from companion.web import make_app
from tests.test_web_server import TOKEN, StandIn


def run(coro):
    return asyncio.run(coro)


async def _client(comp, token=None) -> TestClient:
    client = TestClient(TestServer(make_app(comp, control=True, token=token)))
    await client.start_server()
    return client


def _own(client) -> str:
    return f"http://127.0.0.1:{client.port}"


BODY = {"type": "button", "name": "ok"}


def test_cross_site_post_and_websocket_are_refused():
    async def go():
        comp = StandIn()
        client = await _client(comp)  # the simulator: control on, no token, loopback
        try:
            # a page from another origin, opened in the player's browser
            evil = {"Origin": "http://evil.example", "Content-Type": "application/json"}
            r = await client.post("/api/control", data=json.dumps(BODY), headers=evil)
            assert r.status == 403 and (await r.json())["input"] == "origin"
            r = await client.post("/api/control", data=json.dumps(BODY),
                                  headers={"Origin": "null", "Content-Type": "application/json"})
            assert r.status == 403
            # a simple (preflight-free) cross-site form post: text/plain is refused even same-origin
            r = await client.post("/api/control", data=json.dumps(BODY),
                                  headers={"Content-Type": "text/plain", "Origin": _own(client)})
            assert r.status == 415
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                await client.ws_connect("/ws", headers={"Origin": "http://evil.example"})
            assert e.value.status == 403
            assert comp.devices.buttons.poll() == []
            # the page's own origin (and scripts without Origin) still work
            r = await client.post("/api/control", json=BODY, headers={"Origin": _own(client)})
            assert r.status == 200
            ws = await client.ws_connect("/ws", headers={"Origin": _own(client)})
            await ws.close()
            assert [b.name for b in comp.devices.buttons.poll()] == ["ok"]
        finally:
            await client.close()
    run(go())


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8080", "127.0.0.1.nip.io"])
def test_foreign_host_header_dns_rebinding_is_refused(host):
    async def go():
        client = await _client(StandIn())
        try:
            for path in ("/", "/api/snapshot", "/static/app.js"):
                r = await client.get(path, headers={"Host": host})
                assert r.status == 421, path
            r = await client.post("/api/control", json=BODY, headers={"Host": host})
            assert r.status == 421
            for ok in ("127.0.0.1:8080", "localhost:8080", "[::1]:8080", "192.168.1.20"):
                r = await client.get("/api/snapshot", headers={"Host": ok})
                assert r.status == 200, ok
        finally:
            await client.close()
    run(go())


def test_no_framing_and_headers_on_errors_too():
    async def go():
        client = await _client(StandIn())
        try:
            for method, path in (("GET", "/"), ("GET", "/nope"), ("PUT", "/api/control"),
                                 ("GET", "/static/missing.js")):
                r = await client.request(method, path)
                assert r.status in (200, 404, 405), (method, path, r.status)
                assert r.headers["X-Frame-Options"] == "DENY", (method, path)
                assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"], (method, path)
                assert r.headers["X-Content-Type-Options"] == "nosniff"
            r = await client.post("/api/control", data="x" * 100_000, headers={"Content-Type": "application/json"})
            assert r.status == 413 and r.headers["X-Frame-Options"] == "DENY"
        finally:
            await client.close()
    run(go())


def test_deep_nesting_and_unencodable_token_are_clean_400s():
    async def go():
        comp = StandIn()
        client = await _client(comp, token=TOKEN)
        try:
            deep = "[" * 30000
            r = await client.post("/api/control", data=deep, headers={"Content-Type": "application/json"})
            assert r.status == 400 and "nested too deeply" in (await r.json())["error"]
            r = await client.post("/api/control", data='{"type": "button", "name": "ok", "token": "\\ud800"}',
                                  headers={"Content-Type": "application/json"})
            assert r.status == 400 and (await r.json())["input"] == "token"
            ws = await client.ws_connect("/ws")
            await ws.send_str(deep)
            while (msg := await ws.receive_json(timeout=5))["type"] != "error":
                pass
            assert "nested too deeply" in msg["error"]
            await ws.send_str('{"type": "button", "name": "ok", "token": "\\ud800"}')
            while (msg := await ws.receive_json(timeout=5))["type"] != "error":
                pass
            assert msg["input"] == "token"
            await ws.close()
            assert comp.devices.buttons.poll() == []
        finally:
            await client.close()
    run(go())


def test_token_is_swapped_for_a_cookie_and_leaves_the_url():
    async def go():
        comp = StandIn()
        client = await _client(comp, token=TOKEN)
        try:
            r = await client.get(f"/?token={TOKEN}", allow_redirects=False)
            assert r.status == 303 and r.headers["Location"] == "/"
            cookie = r.cookies["companion_token"]
            assert cookie.value == TOKEN and cookie["httponly"] and cookie["samesite"] == "Strict"
            # the bare URL, with the cookie: control works without a token in any URL or message
            ws = await client.ws_connect("/ws", headers={"Origin": _own(client)})
            while (msg := await ws.receive_json(timeout=5))["type"] != "hello":
                pass
            assert msg["control"] is True
            await ws.send_json({"type": "button", "name": "cat"})
            while (msg := await ws.receive_json(timeout=5))["type"] not in ("ok", "error"):
                pass
            assert msg["type"] == "ok"
            await ws.close()
            # a wrong token in the URL is dropped too, and sets nothing
            client.session.cookie_jar.clear()
            r = await client.get("/?token=guess", allow_redirects=False)
            assert r.status == 303 and "companion_token" not in r.cookies
            js = ""   # the page's script and its connection part (app.js, connection.js)
            for part in ("app.js", "connection.js"):
                js += await (await client.get(f"/static/{part}")).text()
            assert "location.search" not in js and "msg.token" not in js and '"/ws"' in js
        finally:
            await client.close()
    run(go())


def test_a_pi_reached_by_its_own_dns_name_is_served_when_the_config_names_it(tmp_path):
    """A Pi behind a home router's DNS name (`companion.home.arpa`): refused with a message that
    names the fix, served once `[web] names` lists it; other foreign names stay refused."""
    from companion.service.config import Config

    conf = tmp_path / "companion.toml"
    conf.write_text('[web]\nnames = ["Companion.Home.Arpa."]\n')
    names = Config.load(conf).web.names
    assert names == ("companion.home.arpa",)

    async def go():
        plain = await _client(StandIn())
        named = TestClient(TestServer(make_app(StandIn(), control=True, token=None, names=names)))
        await named.start_server()
        try:
            r = await plain.get("/api/snapshot", headers={"Host": "companion.home.arpa"})
            assert r.status == 421 and "[web] names" in (await r.json())["error"]
            for host in ("companion.home.arpa", "companion.home.arpa:8080", "COMPANION.home.arpa."):
                r = await named.get("/api/snapshot", headers={"Host": host})
                assert r.status == 200, host
            own = "http://companion.home.arpa:8080"
            r = await named.post("/api/control", json=BODY,
                                 headers={"Host": "companion.home.arpa:8080", "Origin": own})
            assert r.status == 200
            r = await named.get("/api/snapshot", headers={"Host": "evil.example"})
            assert r.status == 421
        finally:
            await plain.close()
            await named.close()
    run(go())


def test_a_huge_integer_is_a_one_line_400_and_every_error_reply_is_json(caplog):
    """Issue 32 item 16: a JSON integer of over 4,300 digits (Python refuses to convert it) is a
    400 naming the number, with no traceback in the log and no token asked first; over the
    WebSocket the same line comes back and the connection stays. NaN and Infinity (which
    Python's json reads, and 1e999 becomes) are refused too, and no reply carries them: every
    error reply is strict JSON."""
    import logging

    def strict(text: str):
        def no_constant(name):
            raise AssertionError(f"not JSON: {name} in {text[:200]}")
        return json.loads(text, parse_constant=no_constant)

    huge = '{"type": "button", "name": ' + "9" * 5000 + "}"
    odd = ['{"type": "button", "name": Infinity}', '{"type": "button", "name": NaN, "id": NaN}',
           '{"type": "reed", "square": -Infinity, "occupied": true}', '{"type": "button", "name": 1e999}',
           '{"type": "button", "name": "ok", "id": Infinity}']

    async def go():
        comp = StandIn()
        client = await _client(comp, token=TOKEN)
        try:
            with caplog.at_level(logging.DEBUG):
                r = await client.post("/api/control", data=huge, headers={"Content-Type": "application/json"})
                body = strict(await r.text())
                assert r.status == 400, (r.status, body)
                assert "number" in body["error"] and "\n" not in body["error"], body
                for text in odd:
                    r = await client.post("/api/control", data=text, headers={"Content-Type": "application/json",
                                                                               "X-Companion-Token": TOKEN})
                    body = strict(await r.text())
                    assert r.status == 400 and "\n" not in body["error"], (text, body)
                ws = await client.ws_connect("/ws")
                for text in (huge, *odd):
                    await ws.send_str(text)
                    while True:
                        msg = await ws.receive(timeout=5)
                        assert msg.type == aiohttp.WSMsgType.TEXT, (text[:60], msg)  # not closed
                        if (reply := strict(msg.data))["type"] not in ("hello", "snapshot"):
                            break
                    assert reply["type"] == "error" and "\n" not in reply["error"], reply
                # the connection is still open: a good control still works on it
                await ws.send_json({"type": "button", "name": "ok", "token": TOKEN})
                while (msg := await ws.receive_json(timeout=5))["type"] not in ("ok", "error"):
                    pass
                assert msg["type"] == "ok", msg
                await ws.close()
            assert [b.name for b in comp.devices.buttons.poll()] == ["ok"]
            tracebacks = [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
            assert tracebacks == [], [r.getMessage() for r in tracebacks]
        finally:
            await client.close()
    run(go())
