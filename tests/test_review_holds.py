"""A review whose marks hold (issue 45): its searches are bounded by node budgets, so the same
game gives the same verdicts whatever the clock says and on the compiled and the pure-Python
path alike; a candidate mistake is marked only once a search at CONFIRM_FACTOR times the deep
budget confirms it; a "better" move that loses by force is never offered; the computer's own
moves are not marked."""
from __future__ import annotations

import itertools
import time

import pytest

from companion.ai.review import CONFIRM_FACTOR, FORCED, MISTAKE_CATS, Review, value_after
from companion.games import get, native
from tests.test_service_support import scripted_game

SMALL = {"deep_nodes": 3000}
#: The bench's 60-ply game before its ply 60 (grey to move): the review of issue 45 marked kb5
#: there with the "better" move ke4, which loses by force too (orange wins after it).
PLY60 = "o2G2/o3G1/5O/O1O1G1/6/g4g g 0k3c 3k0c"


def verdicts(review: Review):
    return ({p: r.as_dict() for p, r in sorted(review.results.items())},
            [r.as_dict() for r in review.mistakes()])


@pytest.fixture(scope="module")
def script():
    game, moves = scripted_game(7)
    return game, tuple(moves[:24])


@pytest.fixture(scope="module")
def reviewed(script):
    game, moves = script
    return Review(game, game.initial_position(), moves, **SMALL).run()


def test_the_same_game_gives_the_same_verdicts_whatever_the_clock(script, reviewed, monkeypatch):
    game, moves = script
    first = verdicts(reviewed)
    # a machine a hundred times slower, or one under load: its clock races (each reading 0.1 s
    # later than the last); a search cut by the clock would stop at once and judge otherwise
    ticks = itertools.count()
    real = time.perf_counter
    monkeypatch.setattr(time, "perf_counter", lambda: real() + 0.1 * next(ticks))
    second = verdicts(Review(game, game.initial_position(), moves, **SMALL).run())
    monkeypatch.undo()
    assert second == first
    assert first[1], "the scripted game has mistakes to mark"


@pytest.mark.skipif(native.kernel() is None, reason=f"no compiled kernel: {native.reason()}")
def test_the_pure_python_path_gives_the_same_review(script):
    game, moves = script
    moves = moves[:10]
    fast = verdicts(Review(game, game.initial_position(), moves, deep_nodes=1000).run())
    with native.pure():
        slow = verdicts(Review(game, game.initial_position(), moves, deep_nodes=1000).run())
    assert slow == fast
    assert fast[1], "a mark, so the confirmation ran on both paths"


def test_a_mark_is_confirmed_at_four_times_the_deep_budget(script, reviewed):
    game, moves = script
    review = reviewed
    assert review.mistakes()
    for r in review.mistakes():
        assert r.confirmed and r.loss >= MISTAKE_CATS
        # the confirmation is a pure function of the position: searched again, the same loss
        pos = review.positions[r.ply]
        nodes = CONFIRM_FACTOR * SMALL["deep_nodes"]
        played, _ = value_after(game, pos, game.parse_move(pos, r.played), nodes)
        better, _ = value_after(game, pos, game.parse_move(pos, r.best), nodes)
        assert (played, better) == (r.played_value, r.best_value)
        assert better > -FORCED, "the better move offered does not lose by force"
    # every candidate the deep pass found and the confirmation refuted stays unmarked
    for r in review.results.values():
        if r.confirmed and r.loss < MISTAKE_CATS:
            assert r.ply not in {m.ply for m in review.mistakes()}


def test_a_better_move_that_loses_by_force_is_never_offered():
    game = get("maunz")
    start = game.parse_position(PLY60)
    review = Review(game, start, ("kb5",)).run()     # the real budgets: the loss is 8 plies deep
    r = review.results[0]
    assert review.mistakes() == []
    assert r.confirmed and r.lost and r.best_value <= -FORCED
    # at 4 x 450000 nodes no iteration proves every move lost (one of 4 x 1800000 does): the
    # words say what was found, not "already lost"
    assert not r.proven
    # ke4 loses by force: orange, to move after it, wins (the engine's own win, played out by
    # the search's line)
    after = game.apply(start, game.parse_move(start, "ke4/e3e4e5"))
    value, _ = value_after(game, start, game.parse_move(start, "ke4/e3e4e5"), 2_000_000)
    assert after.winner is None and value <= -FORCED


def test_the_computers_moves_are_not_marked(script, reviewed):
    game, moves = script
    movers = {r.mover for r in reviewed.mistakes()}
    for computer in sorted(movers)[:1]:
        review = Review(game, game.initial_position(), moves, computer=computer, **SMALL).run()
        assert review.mistakes() and all(r.mover != computer for r in review.mistakes())


def test_the_punishing_line_is_worded():
    """Orange's kitten on f1 lets grey's cat on b4 boop orange's kitten off the bed and make three
    cats in a row (b4 b5 b6); a cat on c5 holds (it boops b5 away). The review says so in both
    languages, on the OLED's step, the page and the command line."""
    from companion.tables.maunz.review import page_block, verdict

    game = get("maunz")
    review = Review(game, game.parse_position("1G4/1G4/o5/6/6/6 o 6k1c 5k1c"), ("kf1",),
                    **SMALL).run()
    assert [m.ply for m in review.mistakes()] == [0]
    assert [m.text("en") for m in verdict(review, 0)][1:] == [
        "Better: Orange: cat on c5",
        "After f1, Grey plays a cat on b4: it boops your kitten off the bed and makes three cats in"
        " a row — Grey wins."]
    assert verdict(review, 0)[-1].text("de") == (
        "Nach f1 setzt Grau eine Katze auf b4: sie stupst dein Kätzchen vom Bett und macht drei"
        " Katzen in einer Reihe – Grau gewinnt.")
    block = page_block(review, "en")
    assert block["mistakes"][0]["line"].startswith("After f1, Grey plays a cat on b4: it boops")
    # the page draws the bed before the move it talks about, the played and the better square
    assert block["boards"][0][6 * 3] == "o" and block["squares"] == [["f1", "c5"]]


def test_the_command_line_reviews_a_record(tmp_path, capsys):
    """`companion maunz review RECORD --json` at the real budgets: the mark, its ply (1: the game's
    first move), the played and the better move, the loss, the line and the words."""
    import json

    from companion.cli import main

    record = tmp_path / "game.txt"
    record.write_text("# maunz. game record\nGame: maunz\nRules: rulebook\n"
                      "Start: 1G4/1G4/o5/6/6/6 o 6k1c 5k1c\n\n1. kf1 cb4\n", encoding="utf-8")
    assert main(["maunz", "review", str(record), "--json", "--lang", "de"]) == 0
    out = json.loads(capsys.readouterr().out)
    [mark] = out["marks"]
    assert (mark["ply"], mark["mover"], mark["played"], mark["better"], mark["line"]) == (
        1, "orange", "kf1", "cc5", ["cb4"])
    assert mark["loss"] >= 1 and mark["words"][-1].startswith("Nach f1 setzt Grau eine Katze auf b4")
    assert main(["maunz", "review", str(record)]) == 0
    assert "After f1, Grey plays a cat on b4" in capsys.readouterr().out
    # bad input: one line naming it and the fix
    assert main(["maunz", "review", str(tmp_path / "none.txt")]) == 2
    assert main(["maunz", "review"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("companion maunz review: ") for line in err)


def test_the_command_line_reviews_a_journal_game(tmp_path, capsys):
    """`companion maunz review --game ID`: the journal's game, the same marks as its record."""
    import json

    from companion.cli import main
    from companion.service.journal import Journal

    game = get("maunz")
    pos = game.parse_position("1G4/1G4/o5/6/6/6 o 6k1c 5k1c")
    journal = Journal(tmp_path, game)
    row = journal.begin_game(game.format_position(pos))
    for text in ("kf1", "cb4"):
        pos = game.apply(pos, game.parse_move(pos, text))
        journal.apply_commit("move", text, game.format_position(pos))
    journal.close()
    assert main(["maunz", "review", "--game", str(row.id), "--state", str(tmp_path), "--json",
                 "--computer", "grey"]) == 0
    [mark] = json.loads(capsys.readouterr().out)["marks"]
    assert (mark["ply"], mark["played"], mark["better"]) == (1, "kf1", "cc5")
    # the computer's colour: its moves are not marked
    assert main(["maunz", "review", "--game", str(row.id), "--state", str(tmp_path), "--json",
                 "--computer", "orange"]) == 0
    assert json.loads(capsys.readouterr().out)["marks"] == []
    assert main(["maunz", "review", "--game", "99", "--state", str(tmp_path)]) == 2
    assert "no game 99 in the journal" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["record not UTF-8", "journal not a database"])
def test_the_command_line_says_an_unreadable_record_or_journal_in_one_line(tmp_path, capsys, kind):
    """A record saved in another encoding, or a damaged journal: one line naming it and the way
    on (as `companion history` says a damaged journal), never a traceback."""
    from companion.cli import main

    if kind == "record not UTF-8":
        record = tmp_path / "game.txt"
        record.write_bytes("Game: maunz\nRules: rulebook\nPlayer: Jürgen\n".encode("latin-1"))
        args, want = [str(record)], f"{record}: not UTF-8 text; give a game record as `companion export` writes it"
    else:
        (tmp_path / "companion.db").write_text("not a database")
        args = ["--game", "1", "--state", str(tmp_path)]
        want = f"journal {tmp_path / 'companion.db'} cannot be read (file is not a database): run `companion recover"
    assert main(["maunz", "review", *args]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(f"companion maunz review: {want}"), line

#: Grey to move, every move lost by force (orange's row comes 5 plies on): a search of 4 x 20000
#: nodes proves it, one of 4 x 3000 nodes only finds the better move lost too.
ALL_LOST = "3G2/6/6/1O1O1O/G5/5g g 0k5c 3k2c"


def test_already_lost_is_said_only_when_every_move_is_proved_lost():
    """"Already lost" claims that every move loses: said only when the search proved it (issue
    45); a smaller search that only found the better move lost too says that, in both languages."""
    from companion.tables.maunz.review import verdict

    game = get("maunz")
    start = game.parse_position(ALL_LOST)
    small = Review(game, start, ("ca3",), deep_nodes=3000).run()
    r = small.results[0]
    assert r.lost and not r.proven and small.mistakes() == []
    [line] = verdict(small, 0)
    assert line.text("en") == "Loses too: Grey: cat on d4. No move found that holds at this budget"
    assert line.text("de") == ("Verliert auch: Grau: Katze auf d4. In dieser Suche fand sich kein"
                               " Zug, der hält")
    large = Review(game, start, ("ca3",), deep_nodes=20_000).run()
    r = large.results[0]
    assert r.lost and r.proven and r.best_value <= -FORCED
    [line] = verdict(large, 0)
    assert line.text("en") == "Already lost: every move loses by force. Longest resistance: Grey: cat on f2"
    assert line.text("de").startswith("Schon verloren: jeder Zug verliert zwingend. Am längsten hält:")
    # the proof is real: each of grey's moves, searched on its own, loses by force
    for move in game.legal_moves(start):
        value, _ = value_after(game, start, move, 80_000)
        assert value <= -FORCED, game.format_move(start, move)
