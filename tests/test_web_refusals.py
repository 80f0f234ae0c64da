"""Issue 46 item 14 and issue 42 item 4: what the page's server says and logs when it refuses.

- NaN, Infinity and 1e999 are refused saying what is wrong with them (not "too many digits");
- a request with raw non-ASCII bytes in its URL is one line in the log, not aiohttp's ERROR with
  a traceback (caught at the server's edge, through the real start_web);
- a flood of refused controls is counted: the first logged, then one summary a minute on the
  event loop's clock (stepped here, no sleeping), every logged reason cut to a few hundred
  characters (a refused input may be 64 KB)."""
from __future__ import annotations

import asyncio
import json
import logging

import aiohttp
from aiohttp.test_utils import TestClient, TestServer

from companion.remote.refusals import MAX_WHY
from companion.web import make_app, start_web, web_url
from companion.web.server import WEB
from tests.test_web_server import TOKEN, StandIn

JSON = {"Content-Type": "application/json", "X-Companion-Token": TOKEN}


def test_nan_infinity_and_a_huge_float_say_what_is_wrong():
    async def go():
        client = TestClient(TestServer(make_app(StandIn(), control=True, token=TOKEN)))
        await client.start_server()
        try:
            said = {}
            for text in ('{"type": "button", "name": NaN}', '{"type": "button", "name": -Infinity}',
                         '{"type": "button", "name": 1e999}', '{"type": "button", "name": -1E+400}'):
                r = await client.post("/api/control", data=text, headers=JSON)
                assert r.status == 400, text
                said[text] = (await r.json())["error"]
            ws = await client.ws_connect("/ws")
            await ws.send_str('{"type": "button", "name": Infinity}')
            while (reply := await ws.receive_json(timeout=5))["type"] != "error":
                pass
            said["ws"] = reply["error"]
            await ws.close()
        finally:
            await client.close()
        for text, error in said.items():
            assert "digits" not in error, (text, error)
        assert "NaN is not a JSON number" in said['{"type": "button", "name": NaN}']
        assert "-Infinity is not a JSON number" in said['{"type": "button", "name": -Infinity}']
        assert "1e999 is too large" in said['{"type": "button", "name": 1e999}']
        assert "-1E+400 is too large" in said['{"type": "button", "name": -1E+400}']
        assert "Infinity is not a JSON number" in said["ws"]
    asyncio.run(go())


def test_raw_non_ascii_bytes_in_a_url_are_one_line_in_the_log(caplog):
    async def go():
        runner = await start_web(StandIn(), "127.0.0.1", 0, control=True, token=TOKEN)
        port = int(web_url(runner).rsplit(":", 1)[1].strip("/"))
        replies = []
        try:
            for raw in (b"GET /\xff\xfe HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                        b"GET /?token=\xc3\xa4 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"):
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(raw)
                replies.append(await reader.read())     # the server closes after its 400
                writer.close()
            # the page still answers
            async with aiohttp.ClientSession() as s, s.get(f"http://127.0.0.1:{port}/") as r:
                assert r.status == 200
        finally:
            await runner.cleanup()
        return replies

    with caplog.at_level(logging.DEBUG):
        replies = asyncio.run(go())
    assert all(r.startswith(b"HTTP/1.") and b" 400 " in r.split(b"\r\n")[0] for r in replies), replies
    lines = [r for r in caplog.records if r.name.startswith(("aiohttp", "companion"))]
    assert [r for r in lines if r.exc_info or r.levelno >= logging.ERROR] == [], [r.getMessage() for r in lines]
    said = [r.getMessage() for r in lines]
    assert len(said) == 1 and "malformed request from 127.0.0.1" in said[0] and "url path" in said[0], said
    assert "\n" not in said[0]


def test_a_flood_of_refused_controls_is_the_first_line_then_one_summary_a_minute(caplog):
    long_name = "x" * 60_000                    # a refused input near the 64 KB frame limit
    # the companion's own lines at every level (the test client's access log is not the Pi's)
    ours = lambda: [r.getMessage() for r in caplog.records if r.name.startswith("companion")]  # noqa: E731

    async def go():
        app = make_app(StandIn(), control=True, token=TOKEN)
        client = TestClient(TestServer(app))
        await client.start_server()
        loop = asyncio.get_running_loop()
        real_time = loop.time
        try:
            # where control is allowed: a 60 KB name is refused, and logged cut short
            ws = await client.ws_connect("/ws", headers={"X-Companion-Token": TOKEN})
            await ws.send_json({"type": "button", "name": long_name})
            while (reply := await ws.receive_json(timeout=5))["type"] != "error":
                pass
            await ws.close()
            # 5,000 token-less frames, then a few malformed ones
            ws = await client.ws_connect("/ws")
            for _ in range(5_000):
                await ws.send_json({"type": "button", "name": "ok"})
            for _ in range(3):
                await ws.send_str("{not json")
            errors = 0
            while errors < 5_003:
                if (await ws.receive_json(timeout=5))["type"] == "error":
                    errors += 1
            await ws.close()
            assert app[WEB].refused.refusals.count == 5_004
            before = ours()
            # the loop's clock a minute on: the summary comes by itself, on its timer
            loop.time = lambda: real_time() + 61
            for _ in range(1_000):
                if len(ours()) > len(before):
                    break
                await asyncio.sleep(0)
            return before, ours()
        finally:
            loop.time = real_time
            await client.close()

    with caplog.at_level(logging.DEBUG):
        before, after = asyncio.run(go())
    assert len(before) == 1, before[:5]
    assert before[0].startswith("web: refused control from 127.0.0.1") and len(before[0]) <= MAX_WHY + 20, before
    assert len(after) == 2, after[:5]
    assert "5003 more requests refused" in after[1] and "not JSON" in after[1], after[1]
    assert len(after[1]) <= MAX_WHY + 100
