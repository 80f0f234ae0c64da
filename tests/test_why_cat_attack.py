"""Cat Attack's "why?" (issue 36), from the rules document (docs/rules/cat-attack.md, "Cat
fight"; tests/test_cat_attack_rules.py's positions): the fight's verdict step by step -- who
started it with which kind, each card that kept up, the loser who could not match, the life
lost, the refill and the swap earned --, a refused card with the rule it broke, worded by the
table in both languages."""
from __future__ import annotations

import ast
import inspect

from companion import tables
from companion.games.cat_attack import engine, explain
from companion.games.reason import reason
from tests.eventgame_helpers import play
from tests.test_cat_attack_rules import at, game_

CAT, MOUSE, BIRD = 0, 1, 2


def why(game, pos, text):
    return game.explain(pos, game.parse_move(pos, text))


def test_the_engine_declares_every_refusal_it_raises():
    raised = {node.args[1].value for node in ast.walk(ast.parse(inspect.getsource(engine)))
              if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refusal"
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)}
    assert raised == set(explain.REFUSALS)


def test_the_fight_card_by_card_and_its_verdict():
    game = game_()
    pos = at(game, cats="9H,9A,9H")
    assert why(game, pos, "fight:3:C") == (reason("refused.at_home", seat=3),)
    assert why(game, pos, "fight:2:M") == (reason("fight_start", seat=0, other=1, suit=MOUSE),)
    pos = play(game, pos, "fight:2:M", "M3")
    assert why(game, pos, "C2") == (reason("refused.fight_kind", card="C2", kind="M"),)
    assert why(game, pos, "M1") == (reason("fight_card", seat=1, suit=MOUSE, token="M1"),)
    pos = play(game, pos, "M1", "M6")
    assert why(game, pos, "none") == (
        reason("fight_lost", seat=1, other=0, suit=MOUSE), reason("life", seat=1, n=1, left=8),
        reason("sent_home", seat=1), reason("drew", seat=0, n=2), reason("drew", seat=1, n=1), reason("swap_card", seat=0, other=1))


def test_both_run_out_both_draw_six():
    game = game_()
    pos = play(game, at(game, cats="9H,9A,9H"), "fight:2:B", *["B1"] * 11)
    assert why(game, pos, "B1") == (reason("fight_card", seat=1, suit=BIRD, token="B1"),
                                    reason("fight_refill"), reason("drew", seat=0, n=6),
                                    reason("drew", seat=1, n=6))


def test_the_table_explains_the_whole_fight_and_a_refused_card():
    game = game_()
    table = tables.make(game, at(game, cats="9H,9A,9H"), players=("Anna", "Ben", "Cleo"), language="en")
    for event in ("fight:2:M", "M3"):
        assert table.play(event, 0.0)
    table.play("C2", 1.0)
    table.on_card("why", 1.5)
    assert [m.text("en") for m in table.why_screen(table.view().screen).lines] == [
        "cat 2 is not a mouse card: this fight is fought with mouse cards"]   # not "C2" (issue 45)
    table.on_button("ok", "press", 2.0)
    for event in ("M1", "M6", "none"):
        assert table.play(event, 3.0)
    table.on_card("why", 3.5)
    lines = [m.text("en") for m in table.why_screen(table.view().screen).lines]
    assert lines[:5] == ["Anna fights Ben with mouse cards: each plays one in turn, whoever cannot, loses",
                         "Anna plays a mouse card (mouse 3) and keeps up",
                         "Ben plays a mouse card (mouse 1) and keeps up",
                         "Anna plays a mouse card (mouse 6) and keeps up",
                         "Ben has no mouse card left: Anna wins the fight"]
    assert "Ben loses 1 life, 8 left" in lines and "Anna may swap a card with Ben" in lines
    # the rulebook's "muss ab nach Hause": the loser's cat goes home (issue 45)
    assert lines[lines.index("Ben loses 1 life, 8 left") + 1] == "Ben's cat must go home: back to its home field"
    de = [m.text("de") for m in table.why_screen(table.view().screen).lines]
    assert de[4] == "Ben hat keine Maus-Karte mehr: Anna gewinnt die Rauferei"
