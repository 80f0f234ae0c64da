"""Cats' "why?" (issue 36), from the rules document's judgements (docs/rules/cats.md, "What the
companion judges"): the quiet first round, a Miau's rules, a Schnurr, the challenge right and
wrong, a claimed win right and wrong, worded by the table in both languages; never a secret
(two different deals explain the same public moves in the same words)."""
from __future__ import annotations

import ast
import inspect

from companion import games, tables
from companion.games.cats import engine, explain
from companion.games.reason import reason
from tests.eventgame_helpers import play
from tests.test_cats_rules import QUIET_TURN, after_first_round, reacting, started


def why(game, pos, text):
    return game.explain(pos, game.parse_move(pos, text))


def test_the_engine_declares_every_refusal_it_raises():
    raised = set()
    for node in ast.walk(ast.parse(inspect.getsource(engine))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refusal" and len(node.args) > 1 \
                and isinstance(node.args[1], ast.Constant):
            raised.add(node.args[1].value)
        if isinstance(node, ast.Tuple) and node.elts and isinstance(node.elts[0], ast.Constant) \
                and str(node.elts[0].value).startswith("miau_"):
            raised.add(node.elts[0].value)   # miau_problem's keys, chosen in a table of reasons
    assert raised == set(explain.REFUSALS)


def test_the_quiet_first_round_explains_the_closed_window():
    game, pos = started()
    assert why(game, play(game, pos, *QUIET_TURN[:4]), "end") == (
        reason("end", n=4, of=4), reason("window_quiet"))
    assert why(game, play(game, pos, "step:4"), "hiss:4>1") == (reason("refused.quiet"),)


def test_a_miau_sends_the_cat_the_player_draws_and_a_second_miau_to_that_room_is_refused():
    game, pos = reacting()
    assert why(game, pos, "miau:4@9") == (reason("miau", seat=1, cat=4, room=9), reason("drew", seat=1))
    pos = play(game, pos, "miau:4@9")
    assert why(game, pos, "miau:4@9") == (reason("refused.miau_room", cat=4, room=9),)
    assert why(game, pos, "schnurr")[0] == reason("schnurr", seat=2, cat=4)


def test_the_challenge_right_and_wrong():
    game, pos = after_first_round()
    pos = play(game, pos, *QUIET_TURN[:5], "pass", "pass", "pass", "pass", "pass")
    assert why(game, pos, "challenge:2=2")[0] == reason("challenge_right", seat=1, cat=2, other=0)
    game, pos = reacting()
    pos = play(game, pos, "pass", "pass", "pass", "pass", "pass")
    assert why(game, pos, "challenge:3=5")[0] == reason("challenge_wrong", seat=0, cat=1)


def test_a_claim_is_judged_against_the_secrets_and_a_wrong_one_says_only_no():
    game, pos = after_first_round()
    assert why(game, pos, "win:1m") == (reason("refused.no_win", cat=1),)
    assert why(game, pos, "win:1b") == (reason("win", seat=0, cat=1, obj=0),)


def test_the_table_words_a_refusal_and_a_verdict_and_no_secret():
    said = []
    for deal in ("1b,2c,3m", "1c,2m,3b"):
        game, pos = after_first_round(deal=deal)
        table = tables.make(game, pos, language="en")
        table.play("hiss:1>2", 0.0)                       # no cat moved: refused
        table.on_card("why", 0.5)
        refused = [m.text("en") for m in table.why_screen(table.view().screen).lines]
        table.on_button("ok", "press", 1.0)
        for event in ("step:1", "step:1", "step:4", "step:4", "end"):
            table.play(event, 2.0)
        table.on_card("why", 2.5)
        lines = [m.text("en") for m in table.why_screen(table.view().screen).lines]
        said.append((refused, lines))
    assert said[0] == said[1]
    refused, lines = said[0]
    assert refused == ["no cat has moved yet: a cat hisses when it stops"]   # not "(cat -)": issue 45
    assert lines == ["4 of 4 steps taken: now the others may react"]
    game, pos = after_first_round()
    table = tables.make(game, pos, language="de")
    table.play("win:1b", 0.0)
    table.on_card("why", 0.5)
    assert [m.text("de") for m in table.why_screen(table.view().screen).lines] == [
        "Katze 1 auf dem Futternapf, dem Lieblingsgegenstand ihres Besitzers: Spieler 1 gewinnt"]
