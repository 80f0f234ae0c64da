"""Remote play started at the table, in the service (no broker needed to start): the remote card
hosts and shows the pairing code on the OLED, a card named with a code joins, and what cannot
be done is one line on the page."""
from __future__ import annotations

import re

from companion.service.app import Companion
from companion.service.config import Config, GameConfig, RemoteConfig
from companion.service.devices import build_fakes
from tests.test_service_support import VirtualPlayer

UID = "04a1b2c3d4e5f6"


def _companion(tmp_path, game="maunz"):
    config = Config(game=GameConfig(game=game, language="en"),
                    remote=RemoteConfig(brokers=("mqtt://127.0.0.1:1",), name="Anna"))
    c = Companion(config, build_fakes(), state_dir=tmp_path, ai_mode="off")
    p = VirtualPlayer(c)
    p.run(0.3)
    return c, p


def test_the_remote_card_hosts_and_the_oled_shows_the_code(tmp_path):
    c, p = _companion(tmp_path)
    try:
        c.devices.cards.tap(UID, "maunz:remote")
        p.run(0.2)
        r = c.snapshot()["remote"]
        assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}", r["code"]) and r["side"] == "orange"
        assert r["qr"].startswith("data:image/svg+xml") and r["peer"] == ""
        # the OLED says the code until the other companion joins; spoken too
        spoken = [x["text"] for x in c.snapshot()["spoken"]]
        said = "Code: " + ", ".join(" ".join(half) for half in r["code"].split("-"))   # spelled
        assert said in spoken and "Remote: Grey" in spoken, spoken
        # the undo and the AI cards are the remote game's now
        c.devices.cards.tap(UID, "maunz:hint")
        p.run(0.1)
        assert "does not apply in a remote game" in c.notices.messages[-1]
    finally:
        c.close()


def test_a_card_named_with_a_code_joins_and_a_bad_code_is_one_line(tmp_path):
    c, p = _companion(tmp_path)
    try:
        c.devices.cards.tap(UID, "maunz:remote:K7QM-2XPO")      # typed O: read as 0
        p.run(0.1)
        r = c.snapshot()["remote"]
        assert (r["code"], r["side"]) == ("K7QM-2XP0", "grey")
        c.devices.cards.tap(UID, "maunz:remote:K7QM")
        p.run(0.1)
        assert c.notices.messages[-1] == ("remote: pairing code 'K7QM': 8 letters and digits as the other"
                                  " companion shows them, like K7QM-2XPD")
        assert c.snapshot()["remote"]["code"] == "K7QM-2XP0"       # the game in play stays
    finally:
        c.close()


def test_remote_play_is_for_maunz(tmp_path):
    c, p = _companion(tmp_path, game="cats")
    try:
        c.devices.cards.tap(UID, "maunz:remote")
        p.run(0.1)
        assert "remote play is for maunz." in c.notices.messages[-1] and c.snapshot()["remote"] is None
    finally:
        c.close()


def test_a_restart_resumes_the_remote_game_it_kept(tmp_path):
    from companion.service.remote import attach

    c, p = _companion(tmp_path)
    c.devices.cards.tap(UID, "maunz:remote")
    p.run(0.1)
    code = c.snapshot()["remote"]["code"]
    p.play("kc3")
    c.close()
    again, _ = _companion(tmp_path)
    try:
        attach(again, config=again.config)    # what `companion run` does at start
        r = again.snapshot()["remote"]
        assert (r["code"], r["side"], r["entries"]) == (code, "orange", 1)
        assert again.snapshot()["moves"] == ["kc3"]
    finally:
        again.close()
