"""Computer players in Katzenjammer from the table's cards (the real service on fake devices, its
state directory closed and opened again as after a power loss): the player card "Computer" makes
the seat to move a computer seat, "AI off" gives every seat back to people, both last through a
restart; the simulator's default puts the computer on every seat but the person's, and a round
of Cats in between does not lose it."""
from __future__ import annotations

import random

from companion.service.app import Companion
from companion.service.config import Config
from companion.service.devices import build_fakes
from companion.service.main import _sim_config
from companion.web.protocol import card_catalog
from tests.test_katzenjammer_settings import start, tap
from tests.test_katzenjammer_table import press
from tests.test_service_support import VirtualPlayer

KJ3 = 'game = "katzenjammer"\nplayers = 3\nlanguage = "en"\n'


def page_card(ident):
    """A card as the page taps it (its UID and NDEF text from the page's catalog)."""
    card = next(c for c in card_catalog(object()) if c.id == ident)
    return card.uid, card.text


def movers(c) -> list[int]:
    game, pos, out = c.game, c.game.initial_position(), []
    for text in c.journal.moves():
        if not text.startswith("roll:"):
            out.append(pos.to_move)
        pos = game.apply(pos, game.parse_move(pos, text))
    return out


def test_the_computer_card_takes_the_seat_to_move_and_ai_off_gives_it_back(tmp_path):
    c, p = start(tmp_path, KJ3, seed=3)
    assert c.table.session.computers == {} and c.table.session.seat == 0
    tap(c, p, page_card("player-Computer"))  # red is to move: red is the computer's now
    # the seat is Katzenjammer's computer seat (its own setting), not a player called Computer
    assert c.table.session.computers.keys() == {0} and c.journal.seat_players()[0] == ""
    assert c.journal.setting("ai:katzenjammer") == "1"
    p.run(0.5)
    assert 0 in movers(c) and c.table.session.seat == 1  # red played itself; blue's turn
    snap = c.snapshot()
    assert snap["ai_seats"] == ["1"] and snap["players"]["1"] == ""
    tap(c, p, page_card("player-Computer"))  # and blue
    p.run(0.5)
    assert c.table.session.computers.keys() == {0, 1} and c.table.session.seat == 2
    c.close()  # power loss: the computer seats come back (Katzenjammer's setting)

    again, p = start(tmp_path, KJ3, seed=5)
    assert again.resumed and again.table.session.computers.keys() == {0, 1}
    tap(again, p, page_card("ai_off"))  # every seat back to people
    assert again.table.session.computers == {} and again.journal.seat_players() == ("", "", "")
    assert again.table.view().screen.lines[0].text("en") == "AI off"  # the OLED answers the card
    assert not any("does nothing" in m for m in again.notices.messages)
    before = len(again.journal.moves())
    p.run(1.0)
    assert len(again.journal.moves()) == before  # nobody plays for the people now
    again.close()

    third, _ = start(tmp_path, KJ3)
    assert third.table.session.computers == {}
    third.close()


def test_ai_off_also_frees_the_configured_seats_and_that_lasts(tmp_path):
    text = KJ3 + 'ai = "2,3"\n'
    c, p = start(tmp_path, text)
    assert c.table.session.computers.keys() == {1, 2}
    tap(c, p, page_card("ai_off"))
    assert c.table.session.computers == {} and c.settings.ai_seats == ()
    assert c.journal.setting("ai:katzenjammer") == "off"
    assert c.snapshot()["ai_seats"] == []
    c.close()
    again, _ = start(tmp_path, text)  # the card's "off" wins over the configuration's seats
    assert again.table.session.computers == {} and again.settings.ai_seats == ()
    again.close()


def sim(tmp_path):
    c = Companion(_sim_config(), build_fakes(), state_dir=tmp_path, ai_mode="off",
                  chance_source=random.Random(7))
    p = VirtualPlayer(c)
    p.run(0.05)
    return c, p


def switch(c, p, game):
    for _ in range(2):  # a game card, and the same card again confirms
        tap(c, p, page_card(f"game-{game}"))
    assert c.game.info.name == game


def test_the_simulator_switched_to_katzenjammer_plays_the_other_seat(tmp_path):
    c, p = sim(tmp_path)
    assert c.game.info.name == "maunz" and c.settings.ai_seats == ()  # maunz.: the person plays both colours
    switch(c, p, "katzenjammer")
    assert c.table.session.computers.keys() == {1} and c.snapshot()["ai_seats"] == ["2"]
    for _ in range(40):  # the person plays red with OK; blue answers by itself
        press(c, p, "ok")
    assert len(set(movers(c))) == 2  # colours: red and the seat across
    switch(c, p, "cats")  # a game without the service's computers: the setting stays
    assert c.settings.ai_seats == ()
    tap(c, p, page_card("language"))
    switch(c, p, "katzenjammer")
    assert c.table.session.computers.keys() == {1}
    c.close()
    again, _ = sim(tmp_path)
    assert again.game.info.name == "katzenjammer" and again.table.session.computers.keys() == {1}
    again.close()


def test_ai_off_is_the_setting_of_the_game_in_play(tmp_path):
    """AI off at maunz. is maunz.'s: Katzenjammer keeps its own computer seat (a game's settings
    never change another game's, issue 19); AI off in Katzenjammer is kept for its next games."""
    c, p = sim(tmp_path)
    tap(c, p, page_card("ai_off"))  # at maunz.
    switch(c, p, "katzenjammer")
    assert c.table.session.computers.keys() == {1}
    tap(c, p, page_card("ai_off"))
    assert c.table.session.computers == {}
    switch(c, p, "maunz")
    switch(c, p, "katzenjammer")
    assert c.table.session.computers == {}
    c.close()


def test_a_config_names_the_ai_by_colour_for_maunz_and_katzenjammer_has_none(tmp_path):
    cfg = Config.from_text('[game]\nai = "grey"\n')
    c = Companion(cfg, build_fakes(), state_dir=tmp_path, ai_mode="off", chance_source=random.Random(1))
    p = VirtualPlayer(c)
    assert c.settings.ai_seats == (1,)
    switch(c, p, "katzenjammer")
    assert c.table.session.computers == {}
    c.close()
