"""The review after a maunz. game (issue 36): the AI's verdicts (companion/ai/review.py), the
service running them after a game ends and the table's review mode walked with the buttons
(fake devices, virtual time, the review at a fixed depth so the verdicts are the same on
every machine)."""
from __future__ import annotations

import pytest

from companion.ai.puzzles import from_mistakes
from companion.ai.review import MARKED, MISTAKE_CATS, Review
from companion.service.app import Companion
from companion.service.config import Config
from companion.service.devices import build_fakes
from companion.service.puzzle_store import PuzzleStore
from companion.tables.maunz.review import BETTER, PLAYED
from companion.words import square_name
from tests.test_service_support import VirtualPlayer, scripted_game

FIXED = {"deep_nodes": 4000}   # a small node budget: fast, the same verdicts everywhere


@pytest.fixture(scope="module")
def script():
    return scripted_game(7)


@pytest.fixture(scope="module")
def reviewed(script):
    game, moves = script
    return Review(game, game.initial_position(), tuple(moves), **FIXED).run()


def loses_at_once(game, pos, move) -> bool:
    """After `move` the opponent wins with one placement (the engine's own verdict)."""
    after = game.apply(pos, move)
    return after.winner is None and any(game.apply(after, m).winner == after.turn
                                        for m in game.legal_moves(after))


def test_a_move_that_lets_the_opponent_win_at_once_is_a_mistake_with_the_better_move(script, reviewed):
    game, moves = script
    review = reviewed
    marked = review.mistakes()
    assert 1 <= len(marked) <= MARKED
    assert all(r.loss >= MISTAKE_CATS for r in marked)
    # each marked move either missed a win at once or handed the opponent one (the engine's own
    # verdict, not the search's), and its better move did not; the punishing line is the
    # opponent's best reply, which here wins at once
    for r in marked:
        pos = review.positions[r.ply]
        played, better = game.parse_move(pos, r.played), game.parse_move(pos, r.best)
        wins = game.apply(pos, better).winner == pos.turn
        assert wins and game.apply(pos, played).winner is None or (
            loses_at_once(game, pos, played) and not loses_at_once(game, pos, better)), r
        if not wins:
            after = game.apply(pos, played)
            assert r.played_value <= -990 and game.apply(after, game.parse_move(after, r.line[0])).winner == after.turn
    # the first move of the game that handed the opponent a win at once (while another did
    # not), in a record that ends with the opponent taking it: marked, with the better move
    # and the winning reply as the line that punishes it
    pos = game.initial_position()
    for k, text in enumerate(moves):
        move = game.parse_move(pos, text)
        if loses_at_once(game, pos, move) and any(not loses_at_once(game, pos, m)
                                                  for m in game.legal_moves(pos)):
            break
        pos = game.apply(pos, move)
    after = game.apply(pos, move)
    win = next(m for m in game.legal_moves(after) if game.apply(after, m).winner == after.turn)
    short = Review(game, game.initial_position(), (*moves[:k + 1], game.format_move(after, win)),
                   **FIXED).run()
    r = next(r for r in short.mistakes() if r.ply == k)
    assert not loses_at_once(game, pos, game.parse_move(pos, r.best))
    assert r.played_value <= -990 and game.apply(after, game.parse_move(after, r.line[0])).winner == after.turn
    # the graph: a value before every ply and the end (won by orange or grey: ±20)
    graph = review.graph()
    assert len(graph) == len(moves) + 1 and None not in graph and abs(graph[-1]) == 20


def test_a_whole_game_reviewed_through_the_service_and_walked_with_the_buttons(tmp_path, script, reviewed):
    game, moves = script
    c = Companion(Config(), build_fakes(), state_dir=tmp_path, ai_mode="inline")
    c.review.settings = FIXED
    p = VirtualPlayer(c)
    p.run(0.5)
    for m in moves:
        p.play(m)
    assert c.table.phase == "won"
    # the review (and its puzzles) end three days later than the game began (issue 43): a
    # personal puzzle is "from your game on" the game's day, not the review's
    started = c.journal.conn.execute("SELECT started FROM games WHERE game='maunz' ORDER BY id DESC").fetchone()[0]
    c.journal.clock = lambda: started + 3 * 86400.0
    # the end screen offers the review at once, on the OLED and in the page's caption under it;
    # the voice says the offer, and the win only once
    p.run(0.05)
    assert c.screen.screen.kind == "won"
    assert [m.text("de") for m in c.screen.screen.lines] == [
        "Drei Katzen in einer Reihe!", "Neues Spiel: OK drücken", "Rückblick: Katze drücken"]
    assert c.snapshot()["instruction"].endswith(" · Rückblick: Katze drücken")
    said = [line.text for line in c.speech.announcer.recent]
    assert said.count("Drei Katzen in einer Reihe!") == 1 and said.count("Rückblick: Katze drücken") == 1
    # the review starts at the game's end: the quick pass marks mistakes at once, the page
    # sees the progress grow
    assert p.run_until(lambda: c.snapshot()["review"] is not None
                       and c.snapshot()["review"]["mistakes"], 2.0)
    first = c.snapshot()["review"]
    assert not first["done"] and first["progress"][0] < first["progress"][1]
    assert p.run_until(lambda: c.snapshot()["review"]["done"], 30.0)
    block = c.snapshot()["review"]
    expected = reviewed
    # the confirmed mistakes that form proven puzzles are the players' own puzzles now (the
    # seats have no names: the guest's), offered first next time
    assert p.run_until(lambda: c.review.harvested is not None, 30.0)
    made = from_mistakes(expected.positions, expected.mistakes())
    mine = PuzzleStore(c.journal.conn, []).personal("")
    assert made and [pz.id for pz, _at in mine] == [pz.id for _mover, pz in made]
    import datetime

    from companion.service.switching import _dated

    assert {at for _pz, at in mine} == {started}
    first = _dated(PuzzleStore(c.journal.conn, []).next_for("", None))
    assert first[1] == datetime.date.fromtimestamp(started).isoformat() != \
        datetime.date.fromtimestamp(c.journal.clock()).isoformat()
    assert [m["ply"] for m in block["mistakes"]] == [r.ply for r in expected.mistakes()]
    assert all(m["better"].startswith("Besser: ") for m in block["mistakes"])
    # the table's review mode: CAT opens it at the first move
    c.devices.buttons.press("cat")
    p.run(0.05)
    screen = c.screen.screen
    assert screen.kind == "review"
    assert screen.header("de") == f"Rückblick 1/{len(moves)}"
    assert screen.lines[0].text("de") == "Orange: Kätzchen auf " + moves[0][1:3]
    # walk to the first marked mistake with CAT, one step back with BACK and forth again
    target = expected.mistakes()[0]
    for _ in range(target.ply):
        c.devices.buttons.press("cat")
        p.run(0.03)
    c.devices.buttons.press("back")
    p.run(0.03)
    assert c.screen.screen.header("en") == f"Review {target.ply}/{len(moves)}"
    c.devices.buttons.press("cat")
    p.run(0.03)
    lines = [m.text("en") for m in c.screen.screen.lines]
    pos = expected.positions[target.ply]
    better = game.parse_move(pos, target.best)
    assert lines[1].startswith("Mistake (−") or lines[1] == "Mistake: it throws the game away"
    assert lines[2].endswith(f"on {square_name(better.square)}") and lines[2].startswith("Better: ")
    # the punishing line worded (issue 45): after the played move, the opponent's reply and
    # what it does, then the rest of the line with whose moves they are
    played_sq = square_name(game.parse_move(pos, target.played).square)
    assert lines[3].startswith(f"After {played_sq}, ") and " plays a" in lines[3]
    assert lines[-1] == "CAT = next · BACK = back · OK = leave"
    # the LEDs: the played move blinks yellow, the better one breathes green
    frame = c.devices.leds.frames[-1]
    assert frame.cells[game.parse_move(pos, target.played).square] == PLAYED
    assert frame.cells[better.square] == BETTER
    # OK leaves: the table's own screen and LEDs again, and the review is gone (its work
    # stopped), so is its offer
    c.devices.buttons.press("ok")
    p.run(0.05)
    assert c.screen.screen.kind == "won" and c.snapshot()["review"] is None
    assert c.screen.screen == c.table.view().screen
    assert c.devices.leds.frames[-1] == c.table.view().leds
    c.close()
