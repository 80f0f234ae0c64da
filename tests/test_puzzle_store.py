"""The puzzles' ratings and attempts in the journal (companion/service/puzzle_store.py): Glicko-2
after each attempt, kept across a reopen, the next puzzle near the rating, personal puzzles from
reviewed mistakes first, the puzzle of the day, and a journal from before the puzzles."""
from __future__ import annotations

import random
import sqlite3

from companion.ai import puzzles
from companion.ai.movegen import state_of
from companion.ai.review import PlyResult
from companion.games.maunz import engine, notation
from companion.service.journal_schema import SCHEMA_VERSION, connect
from companion.service.puzzle_store import PuzzleStore

SHIPPED = puzzles.load()


def test_attempts_move_both_ratings_and_survive_a_reopen(tmp_path):
    conn = connect(tmp_path / "companion.db")
    store = PuzzleStore(conn, SHIPPED)
    pz = SHIPPED[0]
    assert store.player_rating("Anna").rating == 1500
    after = store.record("Anna", pz, True, now=1000.0)
    assert after.rating > 1500 and store.puzzle_rating(pz).rating < pz.rating
    store.record("Anna", SHIPPED[1], False, now=1001.0)
    store.record(None, pz, True, now=1002.0)  # the guest
    conn.close()
    store = PuzzleStore(connect(tmp_path / "companion.db"), SHIPPED)
    assert [r for _t, r in store.history("Anna")][0] == after.rating
    assert len(store.history("Anna")) == 2 and len(store.history("")) == 1
    assert store.solved("Anna") == [pz.id]


def test_the_next_puzzle_is_near_the_rating_and_new():
    conn = sqlite3.connect(":memory:", isolation_level=None)
    from companion.service.journal_schema import _SCHEMA
    conn.executescript(_SCHEMA)
    store = PuzzleStore(conn, SHIPPED)
    rng = random.Random(4)
    picks = [store.next_for("Ben", rng)[0] for _ in range(20)]
    assert all(abs(p.rating - 1500) <= 150 for p in picks)
    store.record("Ben", picks[0], True, now=5.0)
    for _ in range(30):
        assert store.next_for("Ben", rng)[0].id != picks[0].id
    day = store.of_the_day(86400 * 20000 + 5)
    assert day == store.of_the_day(86400 * 20000 + 70000)


def test_a_reviewed_mistake_becomes_a_personal_puzzle_offered_first(tmp_path):
    pz = next(p for p in SHIPPED if p.horizon == 2)
    before = notation.parse_position(pz.position)
    # The mover played something else than the winning move: the review marked it.
    wrong = next(iter(pz.refutations)) if pz.refutations else None
    wrong_move = notation.parse_move(before, wrong) if wrong else engine.legal_moves(before)[0]
    after = engine.apply(before, wrong_move)
    mistake = PlyResult(ply=0, mover=before.turn, played=notation.format_move(wrong_move),
                        best=pz.solution[0], best_value=900.0, played_value=0.0, line=(), depth=4, deep=True)
    made = puzzles.from_mistakes([before, after], [mistake])
    assert [(who, p.id) for who, p in made] == [(before.turn, pz.id)]
    assert puzzles.from_mistakes([before, after], [PlyResult(**{**mistake.__dict__, "deep": False})]) == []
    store = PuzzleStore(connect(tmp_path / "companion.db"), SHIPPED)
    store.add_personal("Cleo", made[0][1], game_id=7, now=3.0)
    assert store.next_for("Cleo", random.Random(1), now=86400.0 * 20000) == (made[0][1], 3.0, False)
    store.record("Cleo", made[0][1], True, now=4.0)
    # solved: then the puzzle of the day until it is tried, then the set near the rating
    daily = store.of_the_day(86400.0 * 20000)
    assert store.next_for("Cleo", random.Random(1), now=86400.0 * 20000) == (daily, None, True)
    # the puzzle just left is never offered again at once (its attempt may not be written yet)
    assert store.next_for("Cleo", random.Random(1), now=86400.0 * 20000, skip=daily.id)[0] != daily
    store.record("Cleo", daily, False, now=5.0)
    assert store.next_for("Cleo", random.Random(1), now=86400.0 * 20000)[1:] == (None, False)
    assert state_of(before)  # the position is a real one


def test_a_journal_from_before_the_puzzles_gains_their_tables(tmp_path):
    path = tmp_path / "companion.db"
    conn = connect(path)
    for table in ("puzzle_ratings", "puzzle_attempts", "personal_puzzles"):
        conn.execute(f"DROP TABLE {table}")
    conn.close()
    conn = connect(path)   # tables only: created on open, the schema's version stays
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    PuzzleStore(conn, SHIPPED).record("Dora", SHIPPED[2], True, now=1.0)
    assert PuzzleStore(conn, SHIPPED).history("Dora") != []


def test_the_page_names_the_guest_in_the_tables_words(tmp_path):
    """Nobody named at the table solves as the guest: the puzzle panel says "Gast" in German
    (it said the journal's key "guest")."""
    from companion.tables.maunz.page import puzzle_block
    from companion.tables.maunz.puzzle import PuzzleTable
    from companion.tables.maunz.testing import GAME

    store = PuzzleStore(connect(tmp_path / "companion.db"), SHIPPED)
    table = PuzzleTable(GAME, puzzle=SHIPPED[0], stats=lambda: store.stats(table.solver), language="de")
    assert table.solver == "" and puzzle_block(table)["player"] == "Gast"
    named = PuzzleTable(GAME, puzzle=SHIPPED[0], stats=lambda: store.stats("Anna"), language="de",
                        players=("Anna", ""))
    assert puzzle_block(named)["player"] == "Anna"
