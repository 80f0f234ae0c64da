"""What the README tells a new user about the simulator and remote play (issue 32 item 19), held
to what the code does: maunz. on the laptop starts with no computer player and the page's card
that brings one; how a Cats game ends (a claimed win, checked against the secrets); the broker
addresses remote play accepts; one short part per game under "Playing on the simulator"."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.ui import i18n

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
GAMES = ("maunz.", "Monster Mau Mau", "Katzenjammer", "Cats", "Cat Attack")


def _section(title: str) -> str:
    return README.split(f"\n## {title}\n")[1].split("\n## ")[0]


def _part(game: str) -> str:
    return _section("Playing on the simulator").split(f"\n### {game}\n")[1].split("\n### ")[0]


def _words(game: str) -> str:
    """A part as one line: a phrase may wrap."""
    return " ".join(_part(game).split())


def test_playing_on_the_simulator_has_one_short_part_per_game():
    section = _section("Playing on the simulator")
    assert re.findall(r"^### (.+)$", section, re.M) == list(GAMES)
    for game in GAMES:
        lines = [line for line in _part(game).splitlines() if line.strip()]
        assert 0 < len(lines) <= 14, (game, len(lines))


def test_maunz_on_the_laptop_starts_without_a_computer_and_the_readme_says_how_to_get_one(tmp_path):
    from companion.service.app import Companion
    from companion.service.devices import build_fakes
    from companion.service.main import _sim_config
    from tests.test_service_support import VirtualPlayer

    c = Companion(_sim_config(), build_fakes(), state_dir=tmp_path, ai_mode="off")
    p = VirtualPlayer(c)
    try:
        p.run(0.1)
        assert c.game.info.name == "maunz" and c.settings.ai_seats == ()   # you play both colours
        c.devices.cards.tap("04a1b2c3d4e5f6", "maunz:ai_grey")
        p.run(0.1)
        assert c.settings.ai_seats == (1,)
    finally:
        c.close()
    part = _words("maunz.")
    assert "no computer player" in part and "both colours" in part
    # the card by the name the page gives it, in German and English
    assert f"**{i18n.STRINGS['card.ai_grey']['de']}**" in part
    assert i18n.STRINGS["card.ai_grey"]["en"] in part


def test_the_readme_says_how_a_cats_game_ends():
    from companion import tables  # noqa: F401 - registers the tables' phrases
    from companion.tables.cats import phrases

    part = _words("Cats")
    assert "claim" in part and "secrets" in part
    assert phrases.PHRASES["cats.group.win"]["de"].rstrip(" …") in part
    assert phrases.PHRASES["cats.no_win"]["de"] in part


@pytest.mark.parametrize("scheme", ["mqtt", "mqtts", "ws", "wss"])
def test_the_readme_names_every_broker_address_remote_play_accepts(scheme):
    from companion.service.mqtt_link import SCHEMES, parse_broker

    section = _section("Playing a friend in another house")
    written = re.findall(r"`((?:mqtts?|wss?)://[^`]+)`", section)
    assert {w.split("://")[0] for w in written} == set(SCHEMES)
    example = next(w for w in written if w.startswith(f"{scheme}://"))
    transport, host, port, tls, path = parse_broker(example.replace("[", "").replace("]", "").replace(
        ":port", ":1234").replace("host", "broker.example"))
    assert tls == (scheme in ("mqtts", "wss")) and transport == ("websockets" if scheme.startswith("ws") else "tcp")
