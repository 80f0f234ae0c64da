"""A maunz. puzzle at a real table, as a family member meets it (issue 43, item 3 and "Done
when"): the position set up from the lights all at once (the cats named on the OLED, a wrong
piece blinking red, a hall bed refusing the wrong kind), the hint one square glowing (asked
again: the whole move), "Why?" explaining the refutation and the reply, what counts as an
attempt (skipping before a move is none), and Puzzle chosen from the menu of any game with that
game kept as it was."""
from __future__ import annotations

import pytest

from companion.games import native
from companion.games.maunz import notation
from companion.games.maunz.board import SQUARE_NAMES
from companion.service.app import Companion
from companion.service.config import Config, GameConfig
from companion.service.devices import build_fakes
from companion.service.puzzle_store import PuzzleStore
from companion.tables.maunz.plan import bits
from companion.tables.maunz.puzzle import PuzzleTable
from companion.tables.maunz.testing import GAME, sq
from companion.ui import palette
from companion.words import Effect
from tests.test_puzzle_table import POSITION, PuzzleBed, puzzle
from tests.test_service_support import VirtualPlayer

pytestmark = pytest.mark.skipif(native.kernel() is None, reason=f"no compiled kernel: {native.reason()}")
OCC = notation.parse_position(POSITION).occupied   # cats: grey on b3 and d4


def lit(view) -> dict:
    return {s: cell for s, cell in enumerate(view.leds.cells) if cell.effect is not Effect.OFF}


def why(b) -> list[str]:
    b.card("why")
    return [m.text("en") for m in b.ref.why_screen(b.view.screen).lines]


def test_the_set_up_shows_the_whole_position_at_once_and_waits_for_it():
    b = PuzzleBed(puzzle())
    view = b.view
    # every square of the position at once, in its piece's colour: a kitten blinks, a cat pulses
    cells = lit(view)
    assert set(cells) == set(bits(OCC))
    assert cells[sq("b3")] == palette.place_here(1, "c") and cells[sq("d4")] == palette.place_here(1, "c")
    assert cells[sq("b2")] == palette.place_here(0, "k") and cells[sq("f4")] == palette.place_here(1, "k")
    assert view.instruction == "Put the pieces on the lit squares · Cats on b3 d4, kittens elsewhere"
    # a square goes dark once its piece stands there; the cats left are named
    b.place("b3")
    assert sq("b3") not in lit(b.view) and len(lit(b.view)) == 9
    assert b.view.instruction == "Put the pieces on the lit squares · Cats on d4, kittens elsewhere"
    # a piece where none belongs blinks red, and is named first
    b.place("e1")
    assert lit(b.view)[sq("e1")] == palette.leaves_bed()
    assert b.view.instruction.startswith("Take the piece off e1 · Put the pieces")
    b.lift("e1")
    b.set(OCC & ~(1 << sq("d4")))
    assert set(lit(b.view)) == {sq("d4")} and b.view.instruction.endswith("Cats on d4, kittens elsewhere")
    assert b.view.phase == "correction"   # nothing is played before the bed matches
    b.place("d4")
    b.settle()
    assert b.view.phase == "await_placement" and lit(b.view) == {}


def test_a_hall_bed_refuses_a_kitten_where_the_cat_belongs():
    b = PuzzleBed(puzzle())
    # the hall-effect bed reads each piece as it scans: a kitten (north down) on d4, where the
    # grey cat belongs
    b.ref.on_scan(OCC, b.t)
    b.ref.on_kinds(1 << sq("b3"), 0, b.t)
    b.occ = OCC
    b.settle()
    assert b.view.phase == "correction"
    assert lit(b.view)[sq("d4")] == palette.leaves_bed()
    assert "d4" in b.view.instruction and "kitten" in b.view.instruction
    b.ref.on_kinds(1 << sq("b3") | 1 << sq("d4"), 0, b.t)   # the cat put there instead
    b.settle()
    assert b.view.phase == "await_placement"


def test_pieces_known_on_the_bed_are_checked_against_the_puzzle():
    # the game before left a grey kitten on b2, where the puzzle wants an orange one: on a reed
    # bed the squares match, the pieces do not; the table knows it and says so
    on_bed = {s: GAME.parse_position(POSITION).piece_at(s) for s in bits(OCC)} | {sq("b2"): "g"}
    ref = PuzzleTable(GAME, puzzle=puzzle(), language="en", on_bed=on_bed)
    for t in (0.0, 0.3, 0.6, 0.9):
        ref.on_scan(OCC, t)
        ref.tick(t)
    assert ref.phase == "correction"
    assert lit(ref.view())[sq("b2")] == palette.leaves_bed()
    assert ref.view().instruction.startswith("Put the grey kitten from b2 back in the pool")


def test_the_hint_is_one_square_then_the_whole_move_and_counts_as_help():
    b = PuzzleBed(puzzle())
    b.card("hint")   # while the bed is set up: nothing to show it on, and no help taken
    assert b.ref.drain_commits() == [] and b.ref.state().suggestion is None
    b.set(OCC)
    b.settle()
    b.card("hint")
    # one square, white and steady: where the winning piece goes, not which piece nor the rest
    assert lit(b.view) == {sq("b4"): palette.hint_square()}
    text = b.view.instruction
    assert text == "With a hint the puzzle counts as not solved · Hint: the square lit white, b4"
    assert "cat" not in text.lower()
    [attempt] = b.ref.drain_commits()
    assert attempt.move == "failed"
    # "Why?" as in a game: what the hint means, never the rest of the move
    assert why(b) == ["The winning move puts a piece on b4: kitten or cat, and what follows, is yours to find"]
    # asked again: the whole move, as a game's hint shows it
    b.card("hint")
    assert lit(b.view) == {sq("b4"): palette.place_here(1, "c")}
    assert "Hint: cat on b4" in b.view.instruction
    assert why(b)[0] == "Hint: cat on b4. What the move does:"
    for move in ("cb4", "ka1", "cb2"):
        b.play(move)
    assert b.ref.solved and b.ref.drain_commits() == []   # the help counted; no second attempt


def test_why_explains_the_refutation_and_the_reply():
    b = PuzzleBed(puzzle())
    b.set(OCC)
    b.settle()
    b.play("ca3")
    said = why(b)
    assert said[0] == "That does not win: Orange answers kitten on b2"
    assert said[-1] == "This way Grey does not win in 2 turns"
    assert "Orange: kitten put on b2" in said   # the engine's reasons of the reply
    b.play("kb2")
    b.settle()
    b.set(OCC)
    b.settle()
    assert b.view.phase == "await_placement" and not b.ref.moves
    assert why(b)[0] == "That does not win: Orange answers kitten on b2"   # still, after the take-back
    b.play("cb4")
    said = why(b)
    assert said[0] == "Right: Orange holds out longest with kitten on a1"
    assert said[-1] == "Grey still wins in 1 turn"


def test_skipping_before_a_move_is_no_attempt_giving_up_after_one_is():
    first, second = puzzle(), next(p for p in _shipped() if p.horizon == 1)
    queue = [second, first, second]
    b = PuzzleBed(first)
    b.ref._next = lambda: (queue.pop(0), None, False)
    b.set(OCC)
    b.settle()
    # skipped at once (OK held, OK): no attempt, no rating moves
    b.button("ok", "long")
    b.button("ok")
    assert b.ref.puzzle.id == second.id and b.ref.drain_commits() == []
    # the next one, set up, a right first move, then given up: a failed attempt
    b.set(notation.parse_position(second.position).occupied)
    b.settle()
    b.button("ok", "long")
    b.button("ok")
    assert b.ref.puzzle.id == first.id and b.ref.drain_commits() == []
    b.set(OCC)
    b.settle()
    b.play("cb4")
    b.button("ok", "long")
    b.button("ok")
    [attempt] = b.ref.drain_commits()
    assert attempt.move == "failed" and first.id in attempt.position


def _shipped():
    from companion.ai import puzzles

    return puzzles.load()


def _menu_to(c, p, name: str) -> list[str]:
    """OK held ("new game?"), CAT (the menu), CAT to `name`, OK, OK; the confirmation's lines."""
    c.devices.buttons.long("ok")
    p.run(0.05)
    c.devices.buttons.press("cat")
    p.run(0.05)
    for _ in range(len(c.switching.menu.choices)):
        if c.switching.menu.choice.name == name:
            break
        c.devices.buttons.press("cat")
        p.run(0.05)
    assert c.switching.menu.choice.name == name
    c.devices.buttons.press("ok")
    p.run(0.05)
    confirmation = [line.text("en") for line in c.screen.screen.lines]
    c.devices.buttons.press("ok")
    p.run(0.5)   # the new table reads the bed first
    return confirmation


def test_puzzle_from_the_menu_of_another_game_which_waits_as_it_was(tmp_path):
    config = Config(game=GameConfig(game="katzenjammer", ai="off"))
    c = Companion(config, build_fakes(), state_dir=tmp_path, ai_mode="off")
    p = VirtualPlayer(c)
    p.run(0.5)
    # a Katzenjammer game in progress: the person takes the first choice a few times
    for _ in range(3):
        c.devices.buttons.press("ok")
        p.run(1.0)
    game_id, moves = c.journal.current.id, list(c.journal.moves())
    assert moves, c.table.view().instruction
    PuzzleStore(c.journal.conn).add_personal("", puzzle(), game_id=None, now=1_700_000_000.0)
    # the confirmation says the game waits (never "ends the game in play")
    assert _menu_to(c, p, "maunz-puzzle") == ["maunz. Puzzle", "the game in play waits", "OK = yes · BACK = no"]
    assert isinstance(c.table, PuzzleTable) and c.game.info.name == "maunz"
    assert c.snapshot()["puzzle"]["horizon"] == 2 and c.snapshot()["game"] == "maunz"
    # a name card at the puzzle names its solver, and changes no game's seats or computer
    c.cards.add("04:A1:B2:C3", "player", "Anna")
    c.devices.cards.tap("04a1b2c3")
    p.run(0.1)
    assert c.table.solver == "Anna"
    # OK held in a puzzle asks for the next one, not a new game
    c.devices.buttons.long("ok")
    p.run(0.05)
    assert c.screen.screen.lines[0].text("en") == "Next puzzle"
    c.devices.buttons.press("back")
    p.run(0.05)
    # left before any move: no attempt; the game is back as it was, in the journal and at the table
    assert _menu_to(c, p, "katzenjammer") == ["Katzenjammer", "back to the game as it was", "OK = yes · BACK = no"]
    assert c.game.info.name == "katzenjammer" and c.journal.current.id == game_id
    assert list(c.journal.moves()) == moves and list(c.table.moves) == moves
    assert PuzzleStore(c.journal.conn).history("Anna") == [] and PuzzleStore(c.journal.conn).history("") == []
    assert c.journal.setting("ai:maunz") is None and c.journal.seat_players()[0] != "Anna"


def test_from_a_puzzle_another_game_is_that_game(tmp_path):
    c = Companion(Config(), build_fakes(), state_dir=tmp_path, ai_mode="inline")
    p = VirtualPlayer(c)
    p.run(0.5)
    p.play("kc3")
    PuzzleStore(c.journal.conn).add_personal("", puzzle(), game_id=None, now=1_700_000_000.0)
    _menu_to(c, p, "maunz-puzzle")
    assert isinstance(c.table, PuzzleTable)
    # a move in the puzzle, then Monster Mau Mau chosen: the attempt counts, and it is Monster Mau Mau
    c.devices.reed.set_mask(OCC)
    assert p.run_until(lambda: c.table.phase == "await_placement", 5.0)
    p.play("cb4")
    # another game than the one waiting: that one ends, and says so
    assert "ends the game in play" in _menu_to(c, p, "monster-mau-mau")
    assert c.game.info.name == "monster-mau-mau" and c.table.puzzle is None
    assert [solved for _at, solved in _attempts(c)] == [0]


def _attempts(c):
    return list(c.journal.conn.execute("SELECT at, solved FROM puzzle_attempts"))


def test_the_set_up_benchmark_runs_through_the_service():
    # `companion bench puzzles`'s puzzle_setup_to_ready_s: two puzzles set up on the simulated
    # bed (the second after the first's pieces, which the table knows: those that differ lifted)
    from benchmarks.puzzles import _setup_to_ready

    assert len(_setup_to_ready(2)) == 2


def test_a_puzzle_card_and_the_game_card_back(tmp_path):
    c = Companion(Config(), build_fakes(), state_dir=tmp_path, ai_mode="inline")
    p = VirtualPlayer(c)
    p.run(0.5)
    p.play("kc3")
    c.cards.add("04:00:00:01", "game", "Puzzle")
    c.cards.add("04:00:00:02", "game", "maunz")
    for _ in range(2):   # the card, and again to confirm (as every game card)
        c.devices.cards.tap("04000001")
        p.run(0.1)
    assert isinstance(c.table, PuzzleTable)
    for _ in range(2):
        c.devices.cards.tap("04000002")
        p.run(0.1)
    assert c.table.puzzle is None and c.journal.moves() == ["kc3"] and list(c.table.moves) == ["kc3"]


def test_a_known_wrong_piece_lifted_and_put_back_is_a_new_piece():
    # the grey kitten of the game before on b2, where the puzzle wants an orange kitten: lifted
    # and a piece put there, the table takes it for the right one (a reed bed cannot tell), also
    # after the set-up and a restart of the bed's device
    on_bed = {s: GAME.parse_position(POSITION).piece_at(s) for s in bits(OCC)} | {sq("b2"): "g"}
    ref = PuzzleTable(GAME, puzzle=puzzle(), language="en", on_bed=on_bed)
    t = 0.0
    for occ in (OCC, OCC & ~(1 << sq("b2")), OCC):
        for _ in range(4):
            ref.on_scan(occ, t)
            ref.tick(t)
            t += 0.3
    assert ref.phase == "await_placement"
    from companion.words import DeviceEvent

    ref.on_device_event(DeviceEvent("reset", "bridge", ""), t)
    for _ in range(4):
        ref.on_scan(OCC, t)
        ref.tick(t)
        t += 0.3
    assert ref.phase == "await_placement"


@pytest.mark.parametrize("effect, words", [
    ("win", "and wins"), ("line", "and makes three in a row"), ("off", "and boops the "),
    ("push", "and boops the "), ("stops", "and stops the win")])
def test_a_refutation_is_worded_by_what_it_does(effect, words):
    # the first shipped puzzle with a stored refutation of each kind (the set may be made again)
    from companion.tables.maunz.puzzle import _effect

    found = None
    for pz in _shipped():
        pos = notation.parse_position(pz.position)
        for wrong, reply in pz.refutations.items():
            after = GAME.apply(pos, GAME.parse_move(pos, wrong))
            if after.winner is None and _effect(tuple(GAME.explain(after, GAME.parse_move(after, reply))),
                                                pos.turn)[0] == effect:
                found = pz, wrong, reply
                break
        if found:
            break
    assert found, effect
    pz, wrong, reply = found
    b = PuzzleBed(pz)
    b.set(notation.parse_position(pz.position).occupied)
    b.settle()
    b.play(wrong)
    move = GAME.parse_move(b.ref.position, reply)
    kind = {"k": "kitten", "c": "cat"}[move.kind]
    colour = ("Orange", "Grey")[b.ref.position.turn]
    assert b.view.instruction.startswith(f"{colour} answers {kind} on {SQUARE_NAMES[move.square]} {words}")
    assert lit(b.view)[move.square] == palette.place_here(b.ref.position.turn, move.kind)   # on the LEDs


def test_why_while_the_puzzle_is_set_up():
    b = PuzzleBed(puzzle())
    assert why(b) == ["The position of the puzzle is set up: each piece on its lit square",
                      "Now: Put the orange kitten on b2"]


def test_a_hall_bed_reads_the_kinds_for_the_puzzle_as_it_takes_over(tmp_path):
    # the puzzle's squares already filled on a hall-effect bed, a kitten on d4 where the grey
    # cat belongs: the puzzle's table, new, is told the kinds the bed reads (not only after a change)
    c = Companion(Config(), build_fakes("hall"), state_dir=tmp_path, ai_mode="off")
    p = VirtualPlayer(c)
    pos = notation.parse_position(POSITION)
    for s in bits(OCC):
        c.devices.reed.put(SQUARE_NAMES[s], "c" if pos.piece_at(s).isupper() and SQUARE_NAMES[s] != "d4" else "k")
    p.run(0.5)
    PuzzleStore(c.journal.conn).add_personal("", puzzle(), game_id=None, now=1_700_000_000.0)
    c.switching.start_game("maunz-puzzle", p.t)
    p.run(1.0)
    assert c.table.phase == "correction" and lit(c.table.view())[sq("d4")] == palette.leaves_bed()
    c.devices.reed.put("d4", "c")   # the cat put there instead
    assert p.run_until(lambda: c.table.phase == "await_placement", 2.0)


def test_the_pages_puzzle_card(tmp_path):
    # the simulator's card strip has a puzzle card (an NDEF text card, no enrolment needed)
    from companion.web.protocol import card_catalog

    [card] = [c for c in card_catalog() if c.text == "maunz:game:puzzle"]
    assert card.label == "Game: maunz. puzzle"
    c = Companion(Config(), build_fakes(), state_dir=tmp_path, ai_mode="off")
    p = VirtualPlayer(c)
    p.run(0.3)
    for _ in range(2):
        c.devices.cards.tap(card.uid, card.text)
        p.run(0.1)
    assert isinstance(c.table, PuzzleTable)
