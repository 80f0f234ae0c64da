"""Cats' secrets stay off every spectator's screen: the page mirrored to a phone never gets the
OLED image or caption while a seat's cards are on the OLED, and `companion history`/`export` show
an unfinished hidden-information game only as the table sees it (`deal:?`)."""
from __future__ import annotations

import asyncio
import json
import sqlite3

from aiohttp.test_utils import TestClient, TestServer

from companion.web import make_app
from companion.ui.i18n import text
from tests.test_service_cats_cat_attack import pick_last, press, start


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
        assert not asked["private"] and asked["instruction"] == "Player 1: alone? Then press OK"
        for page in asyncio.run(_pages(c, control=False)):   # the "alone?" screen is public
            assert page["oled"] == asked["oled"] and page["instruction"] == asked["instruction"]
        press(c, p, "ok")
        cat = c.table.position.secrets[0][0] + 1
        real = c.snapshot()
        assert real["private"] and real["instruction"].startswith(f"Your cat: {cat}")
        for page in asyncio.run(_pages(c, control=False)):
            assert page["oled"] and page["oled"] != real["oled"]
            assert page["instruction"] == text("private.caption", "en")
            assert "Your cat" not in str(page) and "??,??" in page["position"]
            assert page["moves"][:2] == ["deal:??", "deal:??"]
        # the controlling page (companion sim on a laptop: one person plays every seat) mirrors it
        for page in asyncio.run(_pages(c, control=True)):
            assert page["oled"] == real["oled"] and page["instruction"] == real["instruction"]
        press(c, p, "ok")   # hidden again: the next "alone?" screen is public once more
        after = c.snapshot()
        assert not after["private"] and "Player 2: alone?" in after["instruction"]
        http, ws = asyncio.run(_pages(c, control=False))
        assert http["oled"] == after["oled"] == ws["oled"]
    finally:
        c.close()


def _history(capsys, tmp_path, *extra) -> tuple[str, dict, str]:
    from companion.service.history_cli import export_main, history_main

    state = ["--state", str(tmp_path)]
    assert history_main(state + ["--moves", *extra]) == 0
    table = capsys.readouterr().out
    assert history_main(state + ["--json", *extra]) == 0
    row = json.loads(capsys.readouterr().out.splitlines()[0])
    assert export_main(state + ["--game", str(row["id"]), *extra]) == 0
    return table, row, capsys.readouterr().out


def test_history_and_export_hide_the_deal_of_an_unfinished_game(tmp_path, capsys):
    c, p = start(tmp_path, "cats")
    journaled = c.journal.moves()
    c.close()
    deals = [m for m in journaled if m.startswith("deal:")]
    assert len(deals) == 2 and all(m != "deal:??" for m in deals)
    table, row, record = _history(capsys, tmp_path)
    for shown in (table, json.dumps(row), record):
        assert not any(d in shown for d in deals), shown
    assert row["moves"] == ["deal:??", "deal:??"] + journaled[2:] and row["hidden"]
    assert "1. deal:?? deal:??" in table and "--reveal" in table
    assert "1. deal:??\n2. deal:??\n3. first:" in record and "Hidden: secrets hidden" in record
    assert "??,??" in row["start"] or "--,--" in row["start"]
    # --reveal says what it does and shows the whole record of the unfinished game
    table, row, record = _history(capsys, tmp_path, "--reveal")
    assert row["moves"] == journaled and "hidden" not in row and "Hidden:" not in record
    assert all(d in record for d in deals)
    # once the game is over (here: closed with a result) the full record is everybody's
    conn = sqlite3.connect(tmp_path / "companion.db")
    with conn:
        conn.execute("UPDATE games SET result='0', ended=started+60")
    conn.close()
    table, row, record = _history(capsys, tmp_path)
    assert row["moves"] == journaled and all(d in table and d in record for d in deals)


def test_a_game_without_hidden_information_is_shown_whole(tmp_path, capsys):
    c, p = start(tmp_path, "cat-attack")
    journaled = c.journal.moves()
    c.close()
    assert journaled   # the first die, drawn by the service
    table, row, record = _history(capsys, tmp_path)
    assert row["moves"] == journaled and "hidden" not in row and "Hidden:" not in record


def test_the_log_never_names_a_dealt_card(tmp_path, caplog):
    import logging

    caplog.set_level(logging.DEBUG, logger="companion")
    c, p = start(tmp_path, "cats")
    secrets = ",".join(f"{cat + 1}{'bcmp'[obj]}" for cat, obj in c.table.position.secrets)
    for _ in range(4):
        press(c, p, "ok")                 # both seats look at their cards
    while c.table.position.had != 0b11:   # the quiet first round: 'blocked', passes (last)
        pick_last(c, p)
    c.close()
    again, _ = start(tmp_path, "cats")   # resumes: logs the position it resumes at
    again.close()
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "journaled ply" in logged and "resumed cats game" in logged
    assert "secrets=??,??" in logged and f"secrets={secrets}" not in logged


def test_a_deal_is_seen_only_by_the_seat_it_is_dealt_to():
    from companion import games

    game = games.get("cats", players=3)
    pos = game.initial_position()
    move = game.parse_move(pos, "deal:3b")
    assert game.observe_move(pos, move, None) == "deal:??" == game.observe_move(pos, move, 1)
    assert game.observe_move(pos, move, 0) == "deal:3b"
    after = game.apply(pos, move)
    second = game.parse_move(after, "deal:1c")
    assert game.observe_move(after, second, 1) == "deal:1c" and game.observe_move(after, second, 0) == "deal:??"
    ca = games.get("cat-attack", players=2)   # public: every move as it is
    first = ca.legal_moves(ca.initial_position())[0]
    assert ca.observe_move(ca.initial_position(), first) == ca.format_move(ca.initial_position(), first)
