"""The SQLite journal: WAL + synchronous=FULL, resume, undo, abandon, history, export, cards."""
import sqlite3

import pytest

from companion.games import get
from companion.games.maunz.record import read_record
from companion.service.cards import CardError, CardStore, normalise_uid, parse_text
from companion.service.cards_cli import enrol, main as cards_main
from companion.service.history_cli import export_main, history_main
from companion.service.journal import DB_NAME, Journal

INITIAL = "6/6/6/6/6/6 o 8k0c 8k0c"
MOVES = ["kc3", "kd4", "kb3", "ke5"]


@pytest.fixture
def game():
    return get("maunz")


def positions(game, moves):
    pos = game.initial_position()
    out = []
    for m in moves:
        pos = game.apply(pos, game.parse_move(pos, m))
        out.append(game.format_position(pos))
    return out


def test_wal_and_synchronous_full(tmp_path, game):
    j = Journal(tmp_path, game)
    assert j.journal_mode() == "wal"
    assert j.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    j.close()
    # WAL mode is persistent in the file: a plain connection sees it too.
    conn = sqlite3.connect(tmp_path / DB_NAME)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_resume_after_reopen(tmp_path, game):
    j = Journal(tmp_path, game)
    j.begin_game(INITIAL)
    for m, p in zip(MOVES, positions(game, MOVES)):
        j.apply_commit("move", m, p)
    j.set_player(0, "Anna")
    # no close(): a power loss does not close anything
    k = Journal(tmp_path, game)
    assert k.resumable and k.moves() == MOVES
    assert game.format_position(k.position()) == positions(game, MOVES)[-1]
    assert k.players() == {"o": "Anna", "g": ""}


def test_undo_and_illegal_commit(tmp_path, game):
    j = Journal(tmp_path, game)
    j.begin_game(INITIAL)
    for m in MOVES[:3]:
        j.apply_commit("move", m, "")
    j.apply_commit("undo", None, "")
    assert j.moves() == MOVES[:2]
    assert Journal(tmp_path, game).moves() == MOVES[:2]
    with pytest.raises(Exception):
        j.apply_commit("move", "kd4", "")  # d4 is occupied
    assert Journal(tmp_path, game).moves() == MOVES[:2]


def test_abandon_and_new_game(tmp_path, game):
    j = Journal(tmp_path, game)
    j.begin_game(INITIAL)
    j.apply_commit("move", "kc3", "")
    first = j.current.id
    j.abandon()
    assert j.current.id != first and j.moves() == []
    k = Journal(tmp_path, game)
    assert not k.resumable
    rows = dict(k.conn.execute("SELECT id, result FROM games"))
    assert rows[first] == "abandoned"
    # new_game on an empty game replaces it instead of piling up empty games
    k.apply_commit("new_game", None, INITIAL)
    k.apply_commit("new_game", None, INITIAL)
    assert k.conn.execute("SELECT count(*) FROM games").fetchone()[0] == 2


def play_random_game(tmp_path, game):
    import random

    rng = random.Random(4)
    pos = game.initial_position()
    moves = []
    while game.outcome(pos) is None:
        mv = rng.choice(game.legal_moves(pos))
        moves.append(game.format_move(pos, mv))
        pos = game.apply(pos, mv)
    j = Journal(tmp_path, game)
    j.begin_game(INITIAL)
    for m in moves:
        j.apply_commit("move", m, "")
    assert j.current.result == ("orange", "grey")[pos.winner]
    assert Journal(tmp_path, game).current is None  # nothing to resume
    return moves


def test_won_game_is_closed(tmp_path, game):
    play_random_game(tmp_path, game)


def test_history_and_export(tmp_path, game, capsys):
    moves = play_random_game(tmp_path, game)
    j = Journal(tmp_path, game)
    j.begin_game(INITIAL)
    j.apply_commit("move", "kc3", "")
    j.set_player(0, "Anna")
    j.set_player(1, "Ben")
    capsys.readouterr()
    assert history_main(["--state", str(tmp_path), "--moves"]) == 0
    out = capsys.readouterr().out
    assert "Anna" in out and "Ben" in out and "unfinished" in out and "won" in out
    assert "1. kc3" in out
    assert export_main(["--state", str(tmp_path), "--game", "1"]) == 0
    rec = read_record(capsys.readouterr().out)
    assert rec.moves == moves and rec.result in ("orange", "grey")
    assert export_main(["--state", str(tmp_path), "--all", "--out", str(tmp_path / "out")]) == 0
    files = sorted((tmp_path / "out").iterdir())
    assert len(files) == 2
    rec2 = read_record(files[1].read_text(), str(files[1]))
    assert rec2.moves == ["kc3"] and rec2.orange == "Anna" and rec2.grey == "Ben"
    assert export_main(["--state", str(tmp_path), "--game", "99"]) == 2


def test_history_columns_stay_straight_with_a_long_game_name(tmp_path, game, capsys):
    # QA: "monster-mau-mau" is wider than the game column and pushed its row out of line
    j = Journal(tmp_path, game)
    j.begin_game(INITIAL)
    j.apply_commit("move", "kc3", "")
    mmm = get("monster-mau-mau", players=2)
    j.switch_game(mmm, mmm.format_position(mmm.initial_position()))
    j.apply_commit("move", "up:s7", "")
    capsys.readouterr()
    assert history_main(["--state", str(tmp_path)]) == 0
    header, *rows = capsys.readouterr().out.splitlines()
    assert [r.split()[3] for r in rows] == ["maunz", "monster-mau-mau"]
    column = header.index("players")
    assert all(r[column - 1] == " " and r[column] != " " for r in rows)  # each row's players there


def test_history_without_journal(tmp_path, capsys):
    assert history_main(["--state", str(tmp_path / "none")]) == 2
    assert "no journal yet" in capsys.readouterr().err


def test_cards_store_and_cli(tmp_path, capsys):
    assert normalise_uid("04a1b2c3") == "04:A1:B2:C3"
    with pytest.raises(CardError):
        normalise_uid("zz")
    assert parse_text("maunz:player:Anna") == ("player", "Anna")
    assert parse_text("hello") is None
    st = ["--state", str(tmp_path)]
    assert cards_main(["add", "04:a1:b2:c3", "cat", *st]) == 0
    assert cards_main(["add", "04a1b2c3d4e5f6", "player", "Anna", *st]) == 0
    assert cards_main(["add", "01020304", "player", *st]) == 2
    assert "needs a name" in capsys.readouterr().err
    assert cards_main(["list", *st]) == 0
    out = capsys.readouterr().out
    assert "04:A1:B2:C3" in out and "cat" in out and "Anna" in out
    assert cards_main(["remove", "04A1B2C3", *st]) == 0
    assert cards_main(["remove", "04A1B2C3", *st]) == 1


def test_enrol_with_fake_reader(tmp_path):
    import io

    from hardware.fakes import FakeCardReader

    from companion.service.journal import connect

    reader = FakeCardReader()
    reader.tap("11223344")
    reader.tap("55667788")
    reader.tap("99aabbcc")
    store = CardStore(connect(tmp_path / DB_NAME))
    out = io.StringIO()
    n = enrol(store, reader, ["new_game", "undo", "player"], stdin=io.StringIO("Anna\n"), out=out, timeout=0.2)
    assert n == 3
    assert store.get("11223344").function == "new_game"
    assert store.get("55667788").function == "undo"
    assert store.get("99aabbcc").name == "Anna"
    assert "Tap the card for 'new_game'" in out.getvalue()
