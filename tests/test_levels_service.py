"""The computer's level at the table (issue 44, items 2 and 4), through the service loop on fake
devices: the adaptive level follows the person's Glicko-2 rating, kept in the journal across
restarts (three wins in a row meet a stronger level); the level card steps through the levels and
is kept; its words name the level and its Elo in both languages; the hint plays at the level."""
from __future__ import annotations

from companion.ai.levels import LEVELS, elo
from companion.games.maunz.board import SQUARE_BY_NAME
from companion.service.app import Companion
from companion.service.config import Config, GameConfig
from companion.service.devices import build_fakes
from companion.service.journal import Journal
from companion.service.ratings import current, history
from companion.ui import i18n
from tests.test_service_support import VirtualPlayer

# Orange (the person) to move, its cats on a1 and b1: a cat on c1 wins at once.
WIN_IN_ONE = "6/6/6/6/6/OO4 o 5k1c 8k0c"


def _companion(state, level="adaptive", start=WIN_IN_ONE, name=None):
    from companion import games

    j = Journal(state, games.get("maunz"))
    try:
        if j.current is None or j.current.result != "unfinished" or j.current.moves:
            j.abandon(start)
        elif start is not None:
            j.switch_game(games.get("maunz"), start)
        if name:
            j.set_player(0, name)
    finally:
        j.close()
    cfg = Config(game=GameConfig(ai="grey", ai_level=level, ai_time=0.05, settle=0.05))
    return Companion(cfg, build_fakes(), state_dir=state, ai_mode="inline")


def _mask(*names):
    return sum(1 << SQUARE_BY_NAME[n] for n in names)


def _win(comp) -> None:
    p = VirtualPlayer(comp)
    comp.devices.reed.set_mask(_mask("a1", "b1"))
    p.run(0.3)
    p.play("cc1")
    p.run(0.2)


def test_three_wins_in_a_row_meet_a_stronger_level_and_the_rating_survives_restarts(tmp_path):
    picked, ratings = [], []
    for _ in range(3):
        comp = _companion(tmp_path, name="Mia")
        try:
            assert comp.table.level == "adaptive"
            picked.append(comp.ai.ratings.level())
            _win(comp)
            assert comp.journal.current.result == "orange"
            ratings.append(current(comp.journal.conn, "Mia").rating)
        finally:
            comp.close()
    comp = _companion(tmp_path, name="Mia")   # a fourth game: after a restart, as the others
    try:
        picked.append(comp.ai.ratings.level())
        rows = history(comp.journal.conn)["Mia"]
    finally:
        comp.close()
    order = list(LEVELS)
    assert order.index(picked[3]) > order.index(picked[0]), picked
    assert ratings == sorted(ratings) and len(set(ratings)) == 3   # each win raised it
    assert [r["score"] for r in rows] == [1.0, 1.0, 1.0] and [r["level"] for r in rows] == picked[:3]
    # the rating was read back from the journal: a restart changes nothing
    assert abs(rows[-1]["rating"] - ratings[-1]) < 1


def test_a_guest_is_rated_apart_and_a_game_is_rated_once(tmp_path):
    comp = _companion(tmp_path)
    try:
        _win(comp)
        comp.ai.ratings.after_move()   # asked again: the same game is not rated twice
        rows = history(comp.journal.conn)
        assert list(rows) == [""] and len(rows[""]) == 1
    finally:
        comp.close()


def test_the_level_card_steps_through_the_levels_and_is_kept(tmp_path):
    comp = _companion(tmp_path, level="medium")
    try:
        assert comp.table.level == "4" and comp.ai.ratings.level() == "4"
        comp.devices.cards.tap("0A0B0C01", "maunz:level")   # the next level: the one between 4 and 5
        VirtualPlayer(comp).run(0.1)
        assert comp.table.level == "4.5"
        words = comp.table.notice.text("en")
        assert words.startswith("Computer: Level 4.5")
        if elo("4.5") is not None:
            assert words == f"Computer: Level 4.5 · about {elo('4.5')}"
            assert comp.table.notice.text("de") == f"Computer: Stufe 4,5 · etwa {elo('4.5')}"
        comp.devices.cards.tap("0A0B0C02", "maunz:level:2")   # a named card: that level
        VirtualPlayer(comp).run(0.1)
        assert comp.table.level == "2"
    finally:
        comp.close()
    comp = _companion(tmp_path, level="medium", start=None)
    try:
        assert comp.table.level == "2" and comp.ai.ratings.level() == "2"   # kept in the journal
    finally:
        comp.close()


def test_the_pages_level_cards_show_name_and_elo():
    from companion.web.protocol import card_catalog

    cards = {c.id: dict(c.labels) for c in card_catalog()}
    assert cards["level-adaptive"] == {"de": "Stufe passt sich an", "en": "Adaptive level"}
    for name in LEVELS:
        e = elo(name)
        want = f"Level {name}" + ("" if e is None else f" · about {e}")
        assert cards[f"level-{name}"]["en"] == want
        assert cards[f"level-{name}"]["de"] == want.replace("Level", "Stufe").replace(".", ",").replace(
            "about", "etwa")
    assert i18n.text("level.rated", "de", n=4, elo=1200) == "Stufe 4 · etwa 1200"


def test_an_unknown_level_names_the_half_levels_too():
    from companion.tables.maunz.level import next_value

    level, notice = next_value("4", "10")
    assert level == "4"
    assert notice.text("en") == ("No level 10: Level 1 to 9, the halves 2.5 to 6.5 between them,"
                                 " or adaptive")
    assert notice.text("de") == ("Keine Stufe 10: Stufe 1 bis 9, dazwischen 2,5 bis 6,5 in halben"
                                 " Stufen, oder adaptive")
