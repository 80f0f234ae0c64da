"""Beginner mode (issue 36, item 5) through the service on fake devices: at maunz. a person's
move that lets the other player win at once is said on the OLED, the page and the voice's lines
(de and en), with the way to the hint; at Katzenjammer a beginner table's chooser starts on the
computer's choice; the setting is the beginner card's, kept in the journal across a restart."""
from __future__ import annotations

import random

from companion.games.maunz.board import SQUARE_BY_NAME
from companion.service.snapshot import snapshot

# Grey's cats on a1 and b1, c1 open: whatever orange does far away, grey wins with a cat on c1.
OPEN_LINE = "5o/6/6/6/6/GG4 o 7k0c 4k2c"


def _companion(state_dir, game="maunz", language="de", beginner="on", start=None):
    from companion import games
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes
    from companion.service.journal import Journal

    if start is not None or beginner is not None:
        g = games.get(game)
        j = Journal(state_dir, g)
        try:
            if start is not None:
                j.begin_game(start)
            if beginner is not None:
                j.set_setting(f"beginner:{game}", beginner)
            j.set_setting("language", language)
        finally:
            j.close()
    config = Config(source="<beginner test>").replace(
        game=GameConfig(game=game, settle=0.05, correction_delay=3.0, language=language, ai="off"),
        state_dir=state_dir, hardware=ALL_FAKE)
    return Companion(config, build_fakes(), state_dir=state_dir, clock=lambda: 0.0, ai_mode="replay")


def _run(comp, t0, seconds):
    t = t0
    while t < t0 + seconds:
        comp.step(t)
        t += 0.01
    return t


def _mask(*names):
    return sum(1 << SQUARE_BY_NAME[n] for n in names)


def test_a_move_that_lets_grey_win_is_said_in_both_languages(tmp_path):
    for language, words in (("de", "Grau kann jetzt sofort gewinnen"), ("en", "Grey can win at once")):
        state = tmp_path / language
        comp = _companion(state, language=language, start=OPEN_LINE)
        try:
            comp.devices.reed.set_mask(_mask("f6", "a1", "b1"))
            t = _run(comp, 0.0, 0.3)
            assert "Vorsicht" not in str(snapshot(comp.state())["instruction"])
            comp.devices.reed.set_mask(_mask("f6", "a1", "b1", "d6"))   # orange's kitten, far off
            _run(comp, t, 0.4)
            assert comp.journal.moves() == ["kd6"]
            snap = snapshot(comp.state())
            assert words.lower() in snap["instruction"].lower(), snap["instruction"]
            assert ("Tipp" if language == "de" else "hint") in snap["instruction"]
            assert not comp.table.wants_hint
            screen = comp.state().screen   # the OLED's lines: the warning is the first
            assert words.lower() in screen.lines[0].text(language).lower()
            spoken = " ".join(line["text"] for line in snap["spoken"])
            assert words.lower() in spoken.lower(), snap["spoken"]
            # the hint offered: the move undone (the undo card), the table asks the hint at once
            comp.table.on_card("undo", 1.0)
            assert comp.table.wants_hint and comp.table.moves == []
        finally:
            comp.close()


def test_without_beginner_mode_nothing_is_said_and_the_card_turns_it_on_for_good(tmp_path):
    comp = _companion(tmp_path, language="en", beginner=None, start=OPEN_LINE)
    try:
        comp.devices.reed.set_mask(_mask("f6", "a1", "b1"))
        t = _run(comp, 0.0, 0.3)
        comp.devices.reed.set_mask(_mask("f6", "a1", "b1", "d6"))
        t = _run(comp, t, 0.4)
        assert comp.journal.moves() == ["kd6"]
        assert "Careful" not in snapshot(comp.state())["instruction"]
        assert comp.table.setting_values["beginner"] == "off"
        comp.table.on_card("beginner", t)   # the card (the page's toggle taps it)
        _run(comp, t, 0.1)
        assert comp.journal.setting("beginner:maunz") == "on"
    finally:
        comp.close()
    again = _companion(tmp_path, language="en", beginner=None)   # a restart: the journal kept it
    try:
        assert again.table.setting_values["beginner"] == "on" and again.table.beginner
        assert snapshot(again.state())["beginner"] == "on"
    finally:
        again.close()


def test_a_beginner_katzenjammer_chooser_starts_on_the_computers_choice():
    from companion import games
    from companion.games.katzenjammer.players import player_by_name
    from companion.tables import make
    from companion.tables.katzenjammer.session import COMPUTER
    from tests.history_games import seeded_moves

    game = games.get("katzenjammer")
    moves = seeded_moves(game, 5, 40)
    checked = differs = 0
    for ply in range(len(moves)):
        if not moves[ply].startswith("roll:"):
            continue
        table = make(game, None, moves=moves[:ply + 1], language="en", beginner="on")
        cursor = table.session.cursor
        if cursor is None or len(cursor.options) < 2:
            continue
        pos = table.position
        best = player_by_name(COMPUTER).choose(pos, random.Random(game.format_position(pos)), game.two_dice)
        while cursor.turn is None:    # OK pressed at every menu: the default way
            cursor.press("choose")
        assert cursor.turn == best, moves[:ply + 1]
        plain = make(game, None, moves=moves[:ply + 1], language="en").session.cursor
        plain_default = plain.options[plain.index].key
        assert plain.index == 0 and plain_default == plain.options[0].key   # not a beginner: the first
        while plain.turn is None:
            plain.press("choose")
        differs += plain.turn != best
        checked += 1
    assert checked >= 3 and differs >= 1, (checked, differs)


def test_the_computer_waits_while_the_warning_stands_until_undo_or_ok(tmp_path):
    """Issue 46, item 5: the warning came with the computer's reply already shown ("AI: kitten
    on ..."), so it was read after the fact. The computer (grey) now waits while it stands: the
    person undoes (the hint, as before) or keeps the move with OK, and only then it answers."""
    from companion.games import get
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes
    from companion.service.journal import Journal

    j = Journal(tmp_path, get("maunz"))
    j.begin_game(OPEN_LINE)
    j.set_setting("beginner:maunz", "on")
    j.close()
    config = Config(source="<beginner test>").replace(
        game=GameConfig(game="maunz", settle=0.05, correction_delay=3.0, language="en", ai="grey"),
        state_dir=tmp_path, hardware=ALL_FAKE)
    comp = Companion(config, build_fakes(), state_dir=tmp_path, clock=lambda: 0.0, ai_mode="inline")
    try:
        comp.devices.reed.set_mask(_mask("f6", "a1", "b1"))
        t = _run(comp, 0.0, 0.3)
        comp.devices.reed.set_mask(_mask("f6", "a1", "b1", "d6"))   # orange's kitten, far off
        t = _run(comp, t, 2.0)   # the computer had two seconds to answer
        assert comp.journal.moves() == ["kd6"]
        instruction = snapshot(comp.state())["instruction"]
        assert "Grey can win at once" in instruction and "OK: keep the move" in instruction
        assert "AI:" not in instruction and not comp.table.wants_ai
        comp.devices.buttons.press("ok")   # the move is kept: now the computer answers it
        t = _run(comp, t, 0.5)
        instruction = snapshot(comp.state())["instruction"]
        assert "AI:" in instruction and "Careful" not in instruction, instruction
    finally:
        comp.close()
