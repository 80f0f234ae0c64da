"""A maunz. puzzle at the table (companion/tables/maunz/puzzle.py): the bed set up from the LEDs,
a wrong move refuted and taken back, the right line answered by the defender's replies until
the win, the hint; and the whole of it through the service loop with fake devices: "Puzzle" in
the game menu, the attempt in the journal and the rating moved, the game in play untouched."""
from __future__ import annotations

import json

import pytest

from companion.ai import puzzles, solve
from companion.ai.movegen import move_of, state_of
from companion.games import native
from companion.games.maunz import notation
from companion.service.app import Companion
from companion.service.config import Config
from companion.service.devices import build_fakes
from companion.service.puzzle_store import PuzzleStore
from companion.tables.maunz.plan import bits
from companion.tables.maunz.puzzle import PuzzleTable
from companion.ui.render import WIDTH, text_width
from companion.tables.maunz.testing import GAME, Bed, sq
from tests.test_service_support import VirtualPlayer, move_actions

pytestmark = pytest.mark.skipif(native.kernel() is None, reason=f"no compiled kernel: {native.reason()}")
POSITION = "g1o2o/4o1/2oG1g/1G3o/1o4/6 g 2k0c 1k3c"   # grey wins in 2: cb4 ka1 cb2


def puzzle():
    pos = notation.parse_position(POSITION)
    return puzzles.make_puzzle(pos, solve.solve(state_of(pos)))


class PuzzleBed(Bed):
    def __init__(self, pz, language="en"):
        self.ref = PuzzleTable(GAME, puzzle=pz, language=language)
        self.t = 0.0
        self.occ = 0
        self.ref.on_scan(0, self.t)
        self.wait(0.3)

    def settle(self):
        for _ in range(4):
            self.wait(0.3)


def test_set_up_a_wrong_try_refuted_and_taken_back_then_solved():
    pz = puzzle()
    assert pz.solution == ["cb4", "ka1", "cb2"] and pz.refutations["ca3"] == "kb2"
    b = PuzzleBed(pz)
    # an empty bed: the LEDs and the OLED guide the pieces in, kitten or cat square by square
    view = b.view
    assert view.phase == "correction" and view.screen.header("en") == "Grey: win in 2"
    assert text_width("Orange: Sieg in 4") <= WIDTH   # the header bar holds it whole
    assert view.instruction == "Put the pieces on the lit squares · Cats on b3 d4, kittens elsewhere"
    # the LEDs: every square of the position at once, in its piece's colour (tests/test_puzzle_flow.py)
    def lit(v):
        return {s: cell.color for s, cell in enumerate(v.leds.cells) if cell.color != (0, 0, 0)}

    assert set(lit(view)) == set(bits(notation.parse_position(POSITION).occupied))
    b.place("b2")
    assert b.view.instruction == "Put the pieces on the lit squares · Cats on b3 d4, kittens elsewhere"
    assert sq("b2") not in lit(b.view) and lit(b.view)[sq("b3")] != lit(view)[sq("b2")]
    b.set(notation.parse_position(POSITION).occupied)
    b.settle()
    assert b.view.phase == "await_placement"
    # a wrong move: refuted on the LEDs and in words, the failed attempt committed
    b.play("ca3")
    assert b.view.instruction.startswith("Orange answers kitten on b2 and stops the win")
    [attempt] = b.ref.drain_commits()
    assert attempt.kind == "puzzle" and attempt.move == "failed"
    assert [m.text("en") for m in b.ref.drain_said()][0] == "Grey: cat on a3"   # the move, as in a game
    b.play("kb2")
    b.settle()
    # both moves go back: the bed is guided to the puzzle's position again
    assert b.ref.line.moves == [] and b.view.instruction.startswith("Try again: the position is back")
    b.set(notation.parse_position(POSITION).occupied)
    b.settle()
    assert b.view.phase == "await_placement"
    # the hint: the winning move's square (tests/test_puzzle_flow.py)
    b.card("hint")
    assert b.ref.state().suggestion.move == GAME.parse_move(b.ref.position, "cb4")
    assert b.ref.drain_commits() == []   # the wrong try counted already: the hint adds nothing
    b.play("cb4")
    assert b.view.instruction.startswith("Right! Orange answers kitten on a1")
    b.play("ka1")
    assert b.view.screen.header("en") == "Grey: win in 1"
    b.play("cb2")
    assert b.ref.solved and b.view.phase == "won" and b.view.instruction.startswith("Solved!")
    assert b.ref.drain_commits() == []   # the first result counted: no second attempt


def test_a_right_move_off_the_stored_line_is_answered_by_the_solver():
    # a shipped win in 3 whose second winning turn has another winning move than the stored one
    for pz in puzzles.load():
        if pz.horizon != 3:
            continue
        pos = notation.parse_position(pz.position)
        for text in pz.solution[:2]:
            pos = GAME.apply(pos, GAME.parse_move(pos, text))
        others = [c for c, v, _r in solve.verdicts(state_of(pos), 2) if v == 1
                  and notation.format_move(move_of(c)) != pz.solution[2]]
        if others:
            break
    else:
        pytest.fail("no shipped win in 3 with a second way at its second turn")
    b = PuzzleBed(pz, language="de")
    b.set(notation.parse_position(pz.position).occupied)
    b.settle()
    b.play(pz.solution[0])
    b.play(pz.solution[1])
    b.play(notation.format_move(move_of(others[0])))
    reply = b.ref.state().suggestion.move
    expected = solve.defence(state_of(b.ref.position), 1)
    assert GAME.format_move(b.ref.position, reply) == notation.format_move(move_of(expected[0]))
    b.play(reply)
    win = next(c for c, v, _r in solve.verdicts(state_of(b.ref.position), 1) if v == 1)
    b.play(notation.format_move(move_of(win)))
    assert b.ref.solved and b.view.instruction.startswith("Gelöst!")
    [attempt] = b.ref.drain_commits()
    assert attempt.move == "solved"


def test_puzzles_from_the_game_menu_through_the_service_loop(tmp_path):
    c = Companion(Config(), build_fakes(), state_dir=tmp_path, ai_mode="inline")
    p = VirtualPlayer(c)
    p.run(0.5)
    p.play("kc3")   # a game in play, which the puzzles leave as it is
    pz = puzzle()
    store = PuzzleStore(c.journal.conn)
    store.add_personal("", pz, game_id=None, now=1_700_000_000.0)   # offered first
    before = store.player_rating("").rating
    # long OK: "new game?"; CAT: the menu; CAT to "maunz. Puzzle" (the last entry); OK, OK
    c.devices.buttons.long("ok")
    p.run(0.05)
    c.devices.buttons.press("cat")
    p.run(0.05)
    while c.switching.menu.choice.name != "maunz-puzzle":
        c.devices.buttons.press("cat")
        p.run(0.05)
    c.devices.buttons.press("ok")
    p.run(0.05)
    c.devices.buttons.press("ok")
    p.run(0.05)
    assert isinstance(c.table, PuzzleTable) and c.table.puzzle.id == pz.id
    assert c.screen.screen.header("de") == "Grau: Sieg in 2"
    # the page shows the puzzle, never its solution before it is solved
    block = c.snapshot()["puzzle"]
    assert block["id"] == pz.id and block["horizon"] == 2 and "solution" not in block
    # no attempt yet: the chart's place says when it begins
    assert block["history"] == [] and block["words"]["chart_empty"] == "Die Kurve beginnt mit deinem ersten Puzzle."
    assert "cb4" not in json.dumps(c.snapshot())
    # the bed as the LEDs show it (the kc3 of the game in play is taken off too)
    c.devices.reed.set_mask(notation.parse_position(POSITION).occupied)
    assert p.run_until(lambda: c.table.phase == "await_placement", 5.0)
    assert c.table.view().instruction.startswith("Aus deinem Spiel vom 14. November")   # its day
    p.play("ca3")
    assert p.run_until(lambda: store.history("") != [], 2.0)   # journaled at once
    assert store.player_rating("").rating < before
    # the table shows and says how far the rating moved
    after = store.player_rating("").rating
    rated = f"Deine Wertung: {round(after)}, {round(before - after)} weniger"
    assert p.run_until(lambda: rated in c.table.view().instruction, 1.0), c.table.view().instruction
    said = [line.text for line in c.speech.announcer.recent]
    assert said.count("Orange antwortet Kätzchen auf b2 und verhindert den Sieg") == 1, repr(said)
    assert rated in said, repr(said)
    # the player carries the refutation out; both moves go back at once
    for action in move_actions(c.game, c.table.position, "kb2"):
        if action[0] == "scan":
            c.devices.reed.set_mask(action[1])
            p.run(p.hold)
    assert p.run_until(lambda: not c.table.moves and c.table.phase == "correction", 2.0)
    c.devices.reed.set_mask(notation.parse_position(POSITION).occupied)
    assert p.run_until(lambda: c.table.phase == "await_placement" and not c.table.moves, 5.0)
    for move in ("cb4", "ka1", "cb2"):
        p.play(move)
    assert c.table.solved
    block = c.snapshot()["puzzle"]
    # the main line in the table's words, as the move list has them
    assert block["solution"] == ["Grau: Katze auf b4", "Orange: Kätzchen auf a1, stupst b2 nach c3",
                                 "Grau: Katze auf b2, stupst a1 vom Bett"]
    assert pz.id not in json.dumps(block["solved_list"])   # a person's words, not the hash
    # the game in play kept its move; the puzzle's moves are no game in the journal
    assert c.journal.moves() == ["kc3"]
    assert len(store.history("")) == 1
