""""Why?" answers the newest judgement in front of the player (issue 46, items 7 and 12), through
the real service on fake devices (the why card tapped on the fake reader, as the page's Why?
does): at maunz. a correction (a booped kitten put on the wrong square), a beginner warning and
a hint; at Cats a wrong win claim; at Cat Attack a cat fight followed by the die's roll. Before,
each explained the move before it."""
from __future__ import annotations

from companion.games.maunz.board import SQUARE_BY_NAME
from companion.service.snapshot import snapshot
from companion.ui import i18n

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


def _words(comp, reasons) -> list[str]:
    """Reasons as the table words them (the phrases' own words: another change may reword them)."""
    return [comp.table.why_msg(r).text("en") for r in reasons]


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
        # what is wrong, the move's rule (where c3's kitten goes), what to do now
        pos = comp.table.position
        rule = _words(comp, comp.game.explain(pos, comp.game.parse_move(pos, "kb2")))
        assert rule[1].startswith("c3: ") and "d4" in rule[1]
        assert lines == ["e5: no piece belongs there now", *rule,
                         "Now: " + i18n.text("take_off", "en", square="e5")], lines
        t = _run(comp, t, 3.5)   # the correction screen: the same judgement
        assert comp.table.phase == "correction"
        t, again = _why(comp, t)
        assert again == lines
        comp.table.on_card("language", t, "de")
        t, german = _why(comp, t)
        assert german[0] == "e5: Dort gehört jetzt keine Figur hin"
        assert german[-1] == "Jetzt: " + i18n.text("take_off", "de", square="e5")
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
        pos = comp.table.position   # grey's winning cat on c1, as the engine explains it
        win = comp.game.explain(pos, comp.game.parse_move(pos, "cc1"))
        assert win[-1].kind == "win_line"
        assert lines == ["After this move Grey wins at once: cat on c1", *_words(comp, win)], lines
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
        pos = comp.table.position
        does = _words(comp, comp.game.explain(pos, hint.move))
        assert lines == [f"Hint: kitten on {square}. What the move does:", *does,
                         "After it Grey cannot win at once"], lines   # the hint blocks c1
    finally:
        comp.close()


def test_a_bed_guided_back_after_an_undo_is_explained_with_its_next_step():
    from companion.tables.maunz.testing import Bed

    bed = Bed("6/6/6/2o3/6/6 g 7k0c 8k0c", language="en")
    bed.play("kb2")
    bed.card("undo")   # the kitten on b2 goes back to the pool, d4's back to c3
    assert bed.ref.phase == "correction"
    bed.card("why")
    lines = [m.text("en") for m in bed.ref.why_screen(bed.view.screen).lines]
    assert lines[0] == "The move is taken back: the bed goes back to how it was before it"
    shown = [m.text("en") for m in bed.view.screen.lines]   # the step the correction screen shows
    assert lines[1:] == ["Now: " + shown[0]], (lines, shown)


def test_a_hint_that_wins_is_explained_by_its_win():
    from companion.tables.maunz.testing import Bed

    bed = Bed("6/6/6/6/6/OO4 o 3k3c 8k0c", language="en")
    bed.card("hint")
    assert bed.ref.wants_hint
    bed.ref.on_ai_move("cc1")
    bed.card("why")
    reasons = bed.ref.judgement()
    kinds = [r.kind for r in reasons]
    assert kinds[0] == "hint" and kinds[-1] == "win_line" and "hint_safe" not in kinds, kinds


def _event_game(tmp_path, name, start=None, seed=3):
    import random

    from companion import games
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import build_fakes
    from companion.service.journal import Journal

    if start is not None:
        j = Journal(tmp_path, games.get(name, players=3))
        j.begin_game(start)
        j.close()
    return Companion(Config(game=GameConfig(game=name, language="en", players=3)), build_fakes(),
                     state_dir=tmp_path, ai_mode="off", chance_source=random.Random(seed))


def _pick(comp, t, event):
    """`event` chosen with the buttons as a player does: CAT to the item holding it, OK, down
    the groups to the event itself."""
    from companion.tables.choicemenu import holds

    for _ in range(4):
        items = comp.table.menu_items()
        target = next(i for i, item in enumerate(items) if holds(item, event))
        while comp.table.selected % len(items) != target:
            comp.devices.buttons.press("cat")
            t = _run(comp, t, 0.02)
        comp.devices.buttons.press("ok")
        t = _run(comp, t, 0.02)
        if items[target] == event:
            return t
    raise AssertionError(f"{event} not reached")


def test_a_wrong_cats_claim_is_explained_and_ok_goes_on_with_the_game(tmp_path):
    comp = _event_game(tmp_path, "cats")
    try:
        t = _run(comp, 0.0, 0.1)
        while comp.table.reveal:   # each player looks at their secret cards
            comp.devices.buttons.press("ok")
            t = _run(comp, t, 0.05)
        table = comp.table
        for event in ("step:1", "step:1"):   # a step or two first: the last move explains steps
            table.play(event, t)
        t = _run(comp, t, 0.05)
        legal = {table.game.format_move(table.position, m) for m in table.game.legal_moves(table.position)}
        wrong = next(c for c in ("win:1b", "win:1c", "win:1m", "win:1p") if c not in legal)
        moves = comp.journal.moves()
        t = _pick(comp, t, wrong)
        assert comp.journal.moves() == moves and "no win: play on" in table.view().instruction
        t, lines = _why(comp, t)
        assert lines == [i18n.text("cats.refuse.no_win", "en", cat=1)], lines   # not the steps
        comp.devices.buttons.press("ok")   # "OK: continue" reads the verdict ...
        t = _run(comp, t, 0.05)
        assert not table.opened and table.menu_items()[0] == "step:1"   # ... and play goes on
    finally:
        comp.close()


def test_why_after_a_cat_fight_explains_the_fight_not_the_roll_after_it(tmp_path):
    from companion import games

    game = games.get("cat-attack", players=3)
    start = ("cats=9H,9A,9H hands=6,6,6 shops=kfvc car=P phase=card active=1 turn=1 rolls=1 die=-"
             " seg=- raided=- burgled=0 fight=- hits=- deck=45/0 end=-")
    game.parse_position(start)
    comp = _event_game(tmp_path, "cat-attack", start=start)
    try:
        t = _run(comp, 0.0, 0.1)
        for i, event in enumerate(("fight:2:M", "M3", "M1", "M6", "none")):
            comp.cards.add(f"04:00:00:0{i}", "event", event)
            comp.devices.cards.tap(f"0400000{i}")
            t = _run(comp, t, 0.05)
        assert comp.journal.moves()[-2:-1] == ["none"] and comp.journal.moves()[-1].startswith("d6:")
        t, lines = _why(comp, t)   # the die was rolled by the companion after the fight: chance
        reasons = comp.table.judgement()
        kinds = [r.kind for r in reasons]
        assert kinds[0] == "fight_start" and "fight_lost" in kinds and "roll" not in kinds, kinds
        assert lines == _words(comp, reasons)
    finally:
        comp.close()
