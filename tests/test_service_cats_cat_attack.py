"""Cats and Cat Attack on the real companion with fake devices, in virtual time: the service draws
the deal and the die, the journal keeps every event, the page never sees a secret, a game
resumes at boot, and the history exports it."""
from __future__ import annotations

import json
import random
import sqlite3

from companion.service.app import Companion
from companion.service.config import Config, GameConfig
from companion.service.devices import build_fakes
from companion.service.history_cli import export_main, history_main
from tests.test_service_support import VirtualPlayer


def start(tmp_path, game, seed=3):
    c = Companion(Config(game=GameConfig(game=game, language="en")), build_fakes(),
                  state_dir=tmp_path, ai_mode="off", chance_source=random.Random(seed))
    p = VirtualPlayer(c)
    p.run(0.1)
    return c, p


def press(c, p, name, kind="press"):
    (c.devices.buttons.long if kind == "long" else c.devices.buttons.press)(name)
    p.run(0.05)


def pick_last(c, p):
    """The last choice of the buttons' list: BACK (wraps round) then OK. Ending a turn, passing,
    'done' and 'cannot match' are last, so that OK alone never ends anything by accident."""
    if c.table.ack:
        press(c, p, "ok")                  # first read the verdict or refusal
    press(c, p, "back")
    press(c, p, "ok")


def tap(c, p, uid):
    c.devices.cards.tap(uid)
    p.run(0.05)


def test_a_cats_session_on_the_companion(tmp_path, capsys):
    c, p = start(tmp_path, "cats")
    moves = c.journal.moves()
    assert [m[:5] for m in moves] == ["deal:", "deal:", "first"]   # drawn and journaled at once
    secrets = c.table.position.secrets
    snap = c.snapshot()
    assert snap["game"] == "cats" and snap["view"] == "cats"      # drawn by the page (events.js)
    assert "??,??" in snap["position"] and snap["cats"]["reveal"]["seat"] == 1
    mine = f"{secrets[0][0] + 1}{'bcmp'[secrets[0][1]]}"
    assert mine not in snap["text"] and mine not in str(snap["cats"])
    assert snap["moves"][:2] == ["deal:??", "deal:??"]
    mine = f"Your cat: {secrets[0][0] + 1}"
    assert c.table.view().instruction == "Player 1: alone? Then press OK"
    press(c, p, "ok")
    assert c.table.view().instruction.startswith(mine)
    for _ in range(3):
        press(c, p, "ok")
    assert not c.table.reveal
    # the start player ends a quiet first turn with 'blocked' (the last choice), all pass
    first = c.table.position.active
    while c.table.position.had != 0b11:
        pick_last(c, p)
    assert c.table.position.active == first
    # reaction cards, enrolled as event cards
    c.cards.add("04:00:00:01", "event", "miau:1@3")
    c.cards.add("04:00:00:02", "event", "schnurr")
    for event in ("step:1", "step:1", "step:1", "step:1", "end"):
        c.table.play(event, p.t)
    p.run(0.05)
    tap(c, p, "04000001")
    assert c.journal.moves()[-1] == "miau:1@3"
    tap(c, p, "04000001")                  # the same card from the active player: same room
    assert c.journal.moves()[-1] == "miau:1@3"
    assert "No: cat 1 is already in room 3" in c.table.view().instruction
    tap(c, p, "04000002")                  # the active player purrs: cat 1 stays, locked
    assert c.journal.moves()[-1] == "schnurr" and c.table.position.locked == 1
    journaled = c.journal.moves()
    assert journaled == c.table.moves
    c.close()
    again, p2 = start(tmp_path, "cats", seed=99)    # resumes: no new deal, the same secrets
    assert again.journal.moves() == journaled and again.table.position.secrets == secrets
    again.close()
    conn = sqlite3.connect(tmp_path / "companion.db")
    assert conn.execute("SELECT game, result FROM games").fetchall() == [("cats", "unfinished")]
    assert history_main(["--state", str(tmp_path), "--json"]) == 0
    row = json.loads(capsys.readouterr().out.splitlines()[0])
    assert row["game"] == "cats" and row["result"] == "unfinished"
    assert row["moves"] == ["deal:??", "deal:??"] + journaled[2:]   # unfinished: the deal stays secret
    assert export_main(["--state", str(tmp_path), "--game", str(row["id"])]) == 0
    record = capsys.readouterr().out
    assert "schnurr" in record and "miau:1@3" in record


def test_a_cat_attack_session_to_the_end(tmp_path):
    c, p = start(tmp_path, "cat-attack", seed=1)
    assert c.journal.moves()[0].startswith("first:")
    c.cards.add("04:00:00:03", "event", "C2")
    turns = 0
    while c.journal.current.result == "unfinished" and turns < 200:
        turns += 1
        seat = c.table.position.active
        phase = c.table.position.phase
        if phase == "card":
            tap(c, p, "04000003")
        elif phase == "move" and c.table.position.segment == "die":
            others = [s for s in range(c.table.position.seats) if s != seat]
            victim = others[0]
            if not c.table.position.home[victim]:
                c.table.play(f"attack:{victim + 1}", p.t)
            c.table.play("done", p.t)
            p.run(0.05)
        elif phase == "move":
            pick_last(c, p)                # 'done'
        else:
            if c.table.ack:
                press(c, p, "ok")
            press(c, p, "ok")              # the first choice: no, gone / nobody hit
    assert c.journal.current.result in ("1", "2")
    assert c.snapshot()["winner"] in ("1", "2")
    rolls = [m for m in c.journal.moves() if m.startswith("d6:")]
    assert rolls and all(m in c.journal.moves() for m in rolls)
    c.close()


def test_the_number_of_seats_comes_from_the_config(tmp_path):
    import pytest

    from companion.service.config import ConfigError

    cfg = Config.from_text('[game]\ngame = "cats"\nplayers = 4\n')
    assert cfg.game.players == 4
    with pytest.raises(ConfigError) as err:
        Config.from_text('[game]\ngame = "cats"\nplayers = 5\n', "c.toml")
    assert str(err.value) == ("c.toml: [game] players: bad value 5 for cats;"
                              " Cats is for 2-4 players")
    c = Companion(Config(game=GameConfig(game="cat-attack", players=5, language="en")),
                  build_fakes(), state_dir=tmp_path, ai_mode="off", chance_source=random.Random(4))
    p = VirtualPlayer(c)
    p.run(0.1)
    assert c.table.position.seats == 5 and c.snapshot()["position"].startswith("cats=9H,9H,9H,9H,9H ")
    assert len(c.snapshot()["catattack"]["seats"]) == 5
    assert len(c.journal.players()) == 5
    c.close()


def test_undo_on_the_companion_keeps_the_roll_and_survives_a_restart(tmp_path):
    c, p = start(tmp_path, "cat-attack", seed=5)
    c.cards.add("04:00:00:03", "event", "C3")
    c.cards.add("04:00:00:09", "undo")
    tap(c, p, "04000003")
    pick_last(c, p)                        # 'done' (the last choice): the companion rolls
    moves = c.journal.moves()
    assert moves[1:3] == ["C3", "done"] and moves[3].startswith("d6:") and len(moves) == 4
    press(c, p, "back", "long")            # 'done' goes, and the roll after it: two undos
    assert c.journal.moves() == moves[:2] == c.table.moves
    assert f"roll {moves[3][3:]} stays for the next roll" in c.table.view().instruction
    pick_last(c, p)                        # 'done' again: the same roll, not a new one
    assert c.journal.moves() == moves == c.table.moves
    tap(c, p, "04000009")                  # the undo card: the roll's 'done' again
    press(c, p, "back", "long")            # and the card
    assert c.journal.moves() == moves[:1]
    position = c.table.position
    c.close()
    again, p2 = start(tmp_path, "cat-attack", seed=99)   # resumes at the undone position
    assert again.journal.moves() == moves[:1] == again.table.moves
    assert again.table.position == position
    press(again, p2, "back", "long")       # the start player's lot is not taken back
    assert again.journal.moves() == moves[:1]
    assert "nothing to take back" in again.table.view().instruction
    again.close()
    conn = sqlite3.connect(tmp_path / "companion.db")
    assert conn.execute("SELECT COUNT(*) FROM moves").fetchone() == (1,)


def test_undo_card_in_cats_and_a_restart(tmp_path):
    c, p = start(tmp_path, "cats")
    c.cards.add("04:00:00:09", "undo")
    for _ in range(4):
        press(c, p, "ok")                  # both players see their cards
    pick_last(c, p)                        # 'blocked': the quiet first turn ends
    dealt = c.journal.moves()[:3]
    assert c.journal.moves()[3:] == ["blocked"]
    tap(c, p, "04000009")
    assert c.journal.moves() == dealt == c.table.moves
    assert c.table.view().instruction.startswith("taken back: no further step possible")
    tap(c, p, "04000009")                  # the deal and the lot stay
    assert c.journal.moves() == dealt and "nothing to take back" in c.table.view().instruction
    secrets = c.table.position.secrets
    c.close()
    again, p2 = start(tmp_path, "cats", seed=42)
    assert again.journal.moves() == dealt and again.table.position.secrets == secrets
    assert again.table.position.phase == "move" and again.table.position.steps == 0
    again.close()
