"""Issue 32, remote play in the service (a real Companion, its real RemoteGame, sealed messages
from the other side as the broker hands them over — `RemoteGame._received`, the link's callback
— in virtual time; the broker itself is exercised in test_remote_play.py):

1. the remote player is a person: the page, the history and the voice never call them the AI;
2. a spectator's page never gets the pairing code, its QR, the OLED showing the code, the code
   as spoken, or the simulator's virtual hand; the controlling page does;
3. presence is fresh: a replayed "offline", or one left in a retained topic, changes nothing,
   and a live move shows the other side is there;
4. refused messages are counted, the first is logged, then one summary a minute."""
from __future__ import annotations

import asyncio
import json
import logging

from aiohttp.test_utils import TestClient, TestServer

from companion.remote import chain as ch
from companion.remote.messages import seal
from companion.service.app import Companion
from companion.service.config import Config, GameConfig, RemoteConfig
from companion.service.devices import build_fakes
from companion.web import make_app
from tests.test_service_support import VirtualPlayer

UID = "04a1b2c3d4e5f6"
TOKEN = "a-long-enough-test-token-0123456789"


def _companion(tmp_path, language="en"):
    config = Config(game=GameConfig(game="maunz", language=language),
                    remote=RemoteConfig(brokers=("mqtt://127.0.0.1:1",), name="Anna"))
    c = Companion(config, build_fakes(), state_dir=tmp_path, ai_mode="off")
    p = VirtualPlayer(c)
    p.run(0.3)
    return c, p


class Peer:
    """The other companion (grey, Ben), as its sealed messages reach ours through the broker."""

    def __init__(self, c, p) -> None:
        self.c, self.p = c, p
        self.remote = c.remote
        self.chain = ch.Chain(c.game, c.game.initial_position())
        self.epoch, self.n = 1_000, 1

    def send(self, kind: str, retained: bool = False, mark=None, **payload) -> bytes:
        body = dict(payload, kind=kind, **{"from": "grey"})
        body["mark"] = list(mark) if mark is not None else [self.epoch, self.n, 1 if kind == "presence"
                                                            and not payload.get("online") else 0]
        data = seal(self.remote.pairing, body)
        self.deliver(data, retained)
        return data

    def deliver(self, data: bytes, retained: bool = False) -> None:
        self.remote._received(data, retained, None)
        self.p.run(0.1)

    def hello(self):
        return self.send("hello", name="Ben")

    def took(self, move: str) -> None:
        """Our move, as their side takes it from our messages."""
        self.chain.add(self.chain.move_entry(0, move))

    def move(self, move: str) -> None:
        entry = self.chain.move_entry(1, move)
        self.chain.add(entry)
        self.send("entry", entry=entry.__dict__)


def _host(tmp_path, language="en"):
    c, p = _companion(tmp_path, language)
    c.devices.cards.tap(UID, "maunz:remote")
    p.run(0.2)
    peer = Peer(c, p)
    return c, p, peer


def test_the_remote_player_is_a_person_on_the_page_in_the_history_and_in_what_is_said(tmp_path, capsys):
    from companion.service.history_cli import history_main

    c, p, peer = _host(tmp_path)
    try:
        peer.hello()
        s = c.snapshot()
        assert s["remote"]["peer"] == "Ben"
        # not the AI: the page tags the seat as remote play, with the other player's name
        assert s["ai"] is None and s["ai_seats"] == [], (s["ai"], s["ai_seats"])
        assert s["remote_seat"] == "g" and s["players"]["g"] == "Ben"
        p.play("kc3")
        peer.took("kc3")
        peer.move("kd4")
        assert c.snapshot()["instruction"].startswith("Ben: "), c.snapshot()["instruction"]
        p.play("kd4")
        assert c.snapshot()["moves"] == ["kc3", "kd4"]
        said = " ".join(x["text"] for x in c.snapshot()["spoken"])
        assert "Ben" in said and "AI" not in said and "computer" not in said.lower(), said
        # a card that changes a setting (the language) keeps the history's "(remote)"
        c.devices.cards.tap(UID, "maunz:language")
        p.run(0.2)
        said = " ".join(x["text"] for x in c.snapshot()["spoken"])
        assert "KI" not in said and "Computer" not in said, said
    finally:
        c.close()
    capsys.readouterr()
    assert history_main(["--state", str(tmp_path), "--json"]) == 0
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (last["orange"], last["grey"]) == ("Anna", "Ben (remote)"), last


def _pages(c, go):
    async def run():
        client = TestClient(TestServer(make_app(c, control=True, token=TOKEN)))
        await client.start_server()
        try:
            return await go(client)
        finally:
            await client.close()
    return asyncio.run(run())


def _spectator_and_player(client):
    async def go():
        spectator = await (await client.get("/api/snapshot")).json()
        player = await (await client.get("/api/snapshot", headers={"X-Companion-Token": TOKEN})).json()
        ws = await client.ws_connect("/ws")
        hello = await ws.receive_json(timeout=5)
        ws_state = (await ws.receive_json(timeout=5))["state"]
        await ws.close()
        assert hello["control"] is False
        return spectator["state"], player["state"], ws_state
    return go()


def test_a_spectator_never_gets_the_pairing_code(tmp_path):
    c, p, peer = _host(tmp_path)
    try:
        code = c.remote.pairing.code
        spelled = ", ".join(" ".join(half) for half in code.split("-"))

        async def go(client):
            spectator, player, ws_state = await _spectator_and_player(client)
            # the controlling page shows the code and its QR, the OLED shows it, the Pi says it
            assert player["remote"]["code"] == code and player["remote"]["qr"].startswith("data:image")
            assert any(spelled in x["text"] for x in player["spoken"])
            for seen in (spectator, ws_state):
                text = json.dumps(seen)
                assert code not in text and spelled not in text and "qr" not in seen["remote"], seen["remote"]
                assert seen["oled"] != player["oled"]          # the OLED shows the code: a stand-in
                assert seen["remote"]["side"] == "orange" and seen["remote"]["name"] == "Anna"
            return spectator
        _pages(c, go)
        peer.hello()       # Ben joins: a spectator sees who plays whom, still without the code

        async def joined(client):
            spectator, player, _ = await _spectator_and_player(client)
            assert spectator["remote"]["peer"] == "Ben" and code not in json.dumps(spectator)
            assert spectator["remote"]["labels"]["match"] == "Anna (orange) against Ben (grey)"
            assert spectator["oled"] == player["oled"]         # the code has gone from the OLED
        _pages(c, joined)
    finally:
        c.close()


def test_a_spectator_never_gets_the_simulators_virtual_hand(tmp_path):
    from companion.service.virtual_cards import VirtualCards
    from tests.test_mmm_service import Clock, companion, press, step

    clock = Clock()
    c = companion(tmp_path, clock)
    c.virtual = VirtualCards(5, delay=0.0)
    step(c, clock)
    press(c, clock, "ok")
    press(c, clock, "ok")
    step(c, clock, 6)
    try:
        async def go(client):
            spectator, player, ws_state = await _spectator_and_player(client)
            assert player["virtual"]["hand"]
            assert "virtual" not in spectator and "virtual" not in ws_state
        _pages(c, go)
    finally:
        c.close()


def test_presence_is_fresh_a_replayed_offline_changes_nothing_and_a_live_move_shows_them_there(tmp_path):
    from companion.service.remote import attach

    c, p, peer = _host(tmp_path)
    try:
        peer.hello()
        assert c.remote.peer_online is True
        p.play("kc3")
        peer.took("kc3")
        # Ben's connection drops: the broker publishes his last will, sealed for that connection
        offline = peer.send("presence", retained=True, online=False)
        assert c.remote.peer_online is False
        assert "not connected" in c.snapshot()["instruction"] or c.snapshot()["remote"]["peer_online"] is False
        peer.n += 1                      # he is back: a new connection, a newer mark
        peer.send("presence", retained=True, online=True)
        assert c.remote.peer_online is True
        refused = c.remote.refused
        peer.deliver(offline)            # a stranger replays the captured "offline"
        peer.deliver(offline, retained=True)
        assert c.remote.peer_online is True and c.remote.refused == refused + 2
    finally:
        c.close()
    # after a restart, the "offline" left in the retained topic is still old news
    again, p2 = _companion(tmp_path)
    try:
        attach(again, config=again.config)
        again.devices.reed.set_mask(1 << 14)     # the real bed kept orange's kitten on c3
        p2.run(1.0)
        peer2 = Peer(again, p2)
        peer2.deliver(offline, retained=True)
        assert again.remote.peer_online is not False, again.remote.snapshot()
        # his connection really drops now (a newer will): gone; then a live move of his shows him there
        peer2.n = 2
        peer2.send("presence", retained=True, online=False)
        assert again.remote.peer_online is False
        peer2.took("kc3")
        peer2.move("kd4")
        assert again.remote.peer_online is True
        assert again.snapshot()["instruction"].startswith("Ben: "), again.snapshot()["instruction"]
    finally:
        again.close()


def test_refusals_are_counted_the_first_logged_then_one_summary_a_minute(tmp_path, caplog):
    # every level counts (an INFO or DEBUG line per junk message would fill the journal as well),
    # and the link's callback queues at most INBOX_MAX messages between two loop steps
    from companion.service.remote import INBOX_MAX

    c, p, peer = _host(tmp_path)
    try:
        peer.hello()
        with caplog.at_level(logging.DEBUG):
            caplog.clear()
            lines = lambda: [r.getMessage() for r in caplog.records]  # noqa: E731
            for i in range(10_000):          # junk on the room's topic, at the broker's rate
                c.remote._received(b"junk %d" % i, False, None)
            assert len(c.remote.inbox) == INBOX_MAX
            p.run(0.1)
            assert c.remote.refused == 10_000
            assert len(lines()) == 1 and "does not open" in lines()[0], lines()[:3]
            assert c.snapshot()["remote"]["refused"] == 10_000
            p.run(30)                        # half a minute of the loop (virtual time): nothing more
            assert len(lines()) == 1, lines()[:3]
            p.run(31)                        # a minute after the first: one summary
            assert len(lines()) == 2 and "9999 more messages refused" in lines()[1], lines()
            p.run(120)                       # quiet: no more lines
            assert len(lines()) == 2, lines()[:3]
            c.remote._received(b"junk again", False, None)   # after a quiet minute: logged again
            p.run(0.1)
            assert len(lines()) == 3 and "does not open" in lines()[2], lines()
    finally:
        c.close()
