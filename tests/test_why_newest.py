""""Why?" answers the newest judgement in front of the player (issue 46, items 7 and 12), through
the real service on fake devices (the why card tapped on the fake reader, as the page's Why?
does): at maunz. a correction (a booped kitten put on the wrong square), a beginner warning and
a hint; at Cats a wrong win claim; at Cat Attack a cat fight followed by the die's roll. Before,
each explained the move before it."""
from __future__ import annotations

from companion.games.maunz.board import SQUARE_BY_NAME
from companion.service.snapshot import snapshot

WHY = ("04:AA:00:00:00:00:09", "maunz:why")


def _maunz(state_dir, start, *, beginner=None, ai="off", ai_mode="replay"):
    from companion import games
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes
    from companion.service.journal import Journal

    j = Journal(state_dir, games.get("maunz"))
    j.begin_game(start)
    if beginner:
        j.set_setting("beginner:maunz", beginner)
    j.close()
    config = Config(source="<why test>").replace(
        game=GameConfig(game="maunz", settle=0.05, correction_delay=3.0, language="en", ai=ai),
        state_dir=state_dir, hardware=ALL_FAKE)
    return Companion(config, build_fakes(), state_dir=state_dir, clock=lambda: 0.0, ai_mode=ai_mode)


def _run(comp, t0, seconds):
    t = t0
    while t < t0 + seconds:
        comp.step(t)
        t += 0.01
    return t


def _mask(*names):
    return sum(1 << SQUARE_BY_NAME[n] for n in names)


def _why(comp, t):
    comp.devices.cards.tap(*WHY)
    t = _run(comp, t, 0.05)
    why = snapshot(comp.state())["why"]
    assert why is not None and comp.screen.screen.kind == "why"
    comp.devices.buttons.press("cat")   # a press reads it away
    return _run(comp, t, 0.05), why["lines"]


def test_a_booped_kitten_on_the_wrong_square_is_explained_with_what_to_do(tmp_path):
    comp = _maunz(tmp_path, "6/6/6/2o3/6/6 g 7k0c 8k0c")
    try:
        comp.devices.reed.set_mask(_mask("c3"))
        t = _run(comp, 0.0, 0.2)
        comp.devices.reed.set_mask(_mask("c3", "b2"))   # grey's kitten: c3 is booped to d4
        t = _run(comp, t, 0.2)
        comp.devices.reed.set_mask(_mask("b2", "e5"))   # ... but put on e5
        t = _run(comp, t, 0.3)
        assert comp.table.phase == "boops"   # (only the red light on e5 says it, for now)
        t, lines = _why(comp, t)
        assert lines == ["e5: no piece belongs there now", "Grey: kitten put on b2",
                         "c3: the orange kitten is booped up and right to d4",
                         "Now: Take the piece off e5"], lines
        t = _run(comp, t, 3.5)   # the correction screen: the same judgement
        assert comp.table.phase == "correction"
        t, again = _why(comp, t)
        assert again == lines
        comp.table.on_card("language", t, "de")
        t, german = _why(comp, t)
        assert german[0] == "e5: Dort gehört jetzt keine Figur hin" and german[-1] == "Jetzt: Nimm die Figur von e5"
    finally:
        comp.close()


def test_a_beginner_warning_is_explained_by_the_move_that_wins(tmp_path):
    comp = _maunz(tmp_path, "5o/6/6/6/6/GG4 o 7k0c 4k2c", beginner="on")
    try:
        comp.devices.reed.set_mask(_mask("f6", "a1", "b1"))
        t = _run(comp, 0.0, 0.3)
        comp.devices.reed.set_mask(_mask("f6", "a1", "b1", "d6"))
        t = _run(comp, t, 0.4)
        assert "Grey can win at once" in snapshot(comp.state())["instruction"]
        t, lines = _why(comp, t)
        assert lines[0] == "After this move Grey wins at once with a cat on c1", lines
        assert lines[1] == "Grey: cat put on c1"
        assert lines[-1].startswith("Three of Grey's cats in a row (a1, b1, c1)"), lines
    finally:
        comp.close()


def test_a_hint_is_explained_by_what_the_hinted_move_does(tmp_path):
    comp = _maunz(tmp_path, "6/6/6/6/6/GG4 o 8k0c 4k2c", ai_mode="inline")
    try:
        comp.devices.reed.set_mask(_mask("a1", "b1"))
        t = _run(comp, 0.0, 0.3)
        comp.devices.cards.tap("04:AA:00:00:00:00:0C", "maunz:hint")
        t = _run(comp, t, 0.5)
        hint = comp.table._suggestion
        assert hint is not None and not hint.ai
        square = comp.game.format_move(comp.table.position, hint.move)[1:3]
        t, lines = _why(comp, t)
        assert lines[0] == f"Why the hint kitten on {square}: what it does", lines
        assert lines[1] == f"Orange: kitten put on {square}"
        assert lines[-1] == "After it Grey cannot win at once", lines   # the hint blocks c1
    finally:
        comp.close()
