"""Cats' secrets stay off every spectator's screen: the page mirrored to a phone never gets the
OLED image or caption while a seat's cards are on the OLED, and `companion history`/`export` show
an unfinished hidden-information game only as the table sees it (`deal:?`)."""
from __future__ import annotations

import asyncio

from aiohttp.test_utils import TestClient, TestServer

from companion.web import make_app
from companion.web.privacy import PRIVATE_CAPTION
from tests.test_service_cats_cat_attack import press, start


async def _pages(companion, control: bool) -> tuple[dict, dict]:
    """The snapshot a page gets over HTTP and over its WebSocket."""
    client = TestClient(TestServer(make_app(companion, control=control, token=None)))
    await client.start_server()
    try:
        http = (await (await client.get("/api/snapshot")).json())["state"]
        ws = await client.ws_connect("/ws")
        while True:
            msg = await asyncio.wait_for(ws.receive_json(), 5)
            if msg["type"] == "snapshot":
                break
        await ws.close()
        return http, msg["state"]
    finally:
        await client.close()


def test_the_spectator_page_never_gets_a_secret_from_the_oled(tmp_path):
    c, p = start(tmp_path, "cats")
    try:
        asked = c.snapshot()
        assert not asked["private"] and asked["instruction"] == "seat 1: alone? Then press OK"
        for page in asyncio.run(_pages(c, control=False)):   # the "alone?" screen is public
            assert page["oled"] == asked["oled"] and page["instruction"] == asked["instruction"]
        press(c, p, "ok")
        cat = c.table.position.secrets[0][0] + 1
        real = c.snapshot()
        assert real["private"] and real["instruction"].startswith(f"Your cat: {cat}")
        for page in asyncio.run(_pages(c, control=False)):
            assert page["oled"] and page["oled"] != real["oled"]
            assert page["instruction"] == PRIVATE_CAPTION["en"]
            assert "Your cat" not in str(page) and "??,??" in page["position"]
            assert page["moves"][:2] == ["deal:??", "deal:??"]
        # the controlling page (companion sim on a laptop: one person plays every seat) mirrors it
        for page in asyncio.run(_pages(c, control=True)):
            assert page["oled"] == real["oled"] and page["instruction"] == real["instruction"]
        press(c, p, "ok")   # hidden again: the next "alone?" screen is public once more
        after = c.snapshot()
        assert not after["private"] and "seat 2: alone?" in after["instruction"]
        http, ws = asyncio.run(_pages(c, control=False))
        assert http["oled"] == after["oled"] == ws["oled"]
    finally:
        c.close()
