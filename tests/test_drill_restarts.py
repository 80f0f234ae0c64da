"""Restarts that must not change what the table already showed (issue 21): a kept roll after an
undo, the game chosen at the table before its first move, a game the journal cannot resume, and
the AI worker of a killed service. Each failed on the code before the fix."""
from __future__ import annotations

import random
import sqlite3
import subprocess
import sys

import pytest

from companion.service.app import Companion
from companion.service.config import Config, GameConfig
from companion.service.devices import build_fakes
from tests.drills import Sim, alive, children_of, journal, wait_until
from tests.test_service_cats_cat_attack import pick_last, press, start
from tests.test_service_support import VirtualPlayer


def test_a_kept_roll_is_the_same_roll_after_a_power_loss(tmp_path):
    """Cat Attack: 'done' rolls, an undo takes 'done' back and keeps the roll; the power goes
    (no close: the process is gone); the restarted companion, with another random source,
    gives the kept roll again instead of rolling."""
    c, p = start(tmp_path, "cat-attack", seed=5)
    c.cards.add("04:00:00:03", "event", "C3")
    c.devices.cards.tap("04000003")
    p.run(0.05)
    pick_last(c, p)                        # 'done': the companion rolls
    rolled = c.journal.moves()[3]
    assert rolled.startswith("d6:")
    press(c, p, "back", "long")            # 'done' goes, and the roll after it
    assert f"roll {rolled[3:]} stays for the next roll" in c.table.view().instruction
    del c, p                               # power loss: nothing closed, nothing flushed later
    for seed in range(20):                 # every other random source: the same roll
        state = tmp_path / f"copy{seed}"
        state.mkdir()
        for f in tmp_path.glob("companion.db*"):
            (state / f.name).write_bytes(f.read_bytes())
        again, p2 = start(state, "cat-attack", seed=100 + seed)
        assert f"roll {rolled[3:]} stays for the next roll" in again.table.view().instruction
        pick_last(again, p2)               # 'done' again
        assert again.journal.moves()[2:4] == ["done", rolled], f"re-rolled with source {100 + seed}"
        again.close()


def test_power_lost_between_the_event_and_its_kept_roll(tmp_path):
    """The event is journaled, the kept roll not yet: the restarted table gives the kept roll
    before the service could draw one."""
    c, p = start(tmp_path, "cat-attack", seed=5)
    c.cards.add("04:00:00:03", "event", "C3")
    c.devices.cards.tap("04000003")
    p.run(0.05)
    pick_last(c, p)
    rolled = c.journal.moves()[3]
    press(c, p, "back", "long")
    c.close()
    conn = sqlite3.connect(tmp_path / "companion.db")
    with conn:  # 'done' journaled, then the power went before its kept roll was
        gid, ply = conn.execute("SELECT game_id, MAX(ply) FROM moves").fetchone()
        pos = conn.execute("SELECT position FROM moves WHERE game_id=? AND ply=?", (gid, ply)).fetchone()[0]
    conn.close()
    from companion.games import get

    game = get("cat-attack", players=2)
    after = game.apply(game.parse_position(pos), game.parse_move(game.parse_position(pos), "done"))
    conn = sqlite3.connect(tmp_path / "companion.db")
    with conn:
        conn.execute("INSERT INTO moves(game_id, ply, move, position, at) VALUES (?,?,?,?,0)",
                     (gid, ply + 1, "done", game.format_position(after)))
    conn.close()
    (tmp_path / "companion.db.mark").unlink(missing_ok=True)
    again, p2 = start(tmp_path, "cat-attack", seed=77)
    assert again.journal.moves()[-2:] == ["done", rolled]
    again.close()


def test_the_game_chosen_at_the_table_survives_a_kill_before_its_first_move(tmp_path):
    """Switch to Monster Mau Mau with its game card (tapped twice: choose, confirm) on a real
    `companion sim`, kill it in its set-up, before anything is journaled as played: it comes
    back in Monster Mau Mau, not the configured maunz. (Cats deals at once: its deal is a move.)"""
    state = tmp_path / "state"
    sim = Sim(state, seed=1)
    snap = sim.ready()
    assert snap["game"] == "maunz"
    for _ in range(2):
        sim.control(type="card", card="game-monster-mau-mau")
    wait_until(lambda: (sim.snapshot() or {}).get("game") == "monster-mau-mau", 20, "the switch")
    assert journal(state)[1:] == ("monster-mau-mau", [])
    sim.kill()
    sim = Sim(state, seed=2)
    snap = sim.ready()
    sim.kill()
    assert snap["game"] == "monster-mau-mau", f"came back as {snap['game']}"


def test_a_game_that_cannot_be_resumed_is_one_line_and_the_journal_is_kept(tmp_path):
    state = tmp_path / "state"
    c, p = start(state, "cat-attack", seed=5)
    c.close()
    conn = sqlite3.connect(state / "companion.db")
    with conn:  # a move no engine accepts (a hand-edited or future journal)
        conn.execute("UPDATE moves SET move='d6:9' WHERE ply=0")
    conn.close()
    before = rows(state)
    for _ in range(2):  # never a crash loop: the same one line every start
        run = subprocess.run([sys.executable, "-m", "companion", "sim", "--state", str(state), "--no-web",
                              "--config", str(_config(tmp_path, "cat-attack"))],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 2
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
        assert "cat-attack game 1 cannot be resumed" in lines[0] and str(state / "companion.db") in lines[0]
        assert "companion recover --abandon" in lines[0]
    assert rows(state) == before  # its games and moves as they were (start-up probes write)
    out = subprocess.run([sys.executable, "-m", "companion", "recover", "--abandon", "--state", str(state)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "cat-attack game 1 marked abandoned" in out.stdout, out.stderr
    again, p = start(state, "cat-attack", seed=6)   # a fresh game; the old one is history
    assert again.journal.current.id == 2
    again.close()
    gid, game, moves = journal(state)
    conn = sqlite3.connect(state / "companion.db")
    assert conn.execute("SELECT result FROM games WHERE id=1").fetchone() == ("abandoned",)


def rows(state):
    conn = sqlite3.connect(state / "companion.db")
    try:
        return [conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in ("games", "moves")]
    finally:
        conn.close()


def _config(tmp_path, game):
    path = tmp_path / "c.toml"
    path.write_text(f'[game]\ngame = "{game}"\n')
    return path


def test_the_ai_worker_ends_with_a_killed_service(tmp_path):
    """maunz. with the AI on grey: its worker process (and multiprocessing's helpers) end by
    themselves when the service is SIGKILLed, outside systemd's cgroup too."""
    config = tmp_path / "c.toml"
    config.write_text('[game]\ngame = "maunz"\nai = "grey"\n')
    sim = Sim(tmp_path / "state", config, seed=1)
    sim.ready()
    kids = wait_until(lambda: children_of(sim.p.pid), 60, "the AI worker to start")
    sim.kill()
    wait_until(lambda: not any(alive(k) for k in kids), 15, f"the worker processes {kids} to end")


def _power_cut_copy(src, dst):
    """The journal files as a power cut leaves them (the service still holds them open)."""
    dst.mkdir()
    for f in src.glob("companion.db*"):
        (dst / f.name).write_bytes(f.read_bytes())
    return dst


def _shown(c):
    v = c.table.view()
    return c.journal.moves(), v.position, v.phase, v.instruction


def _play_until(c, p, rng, wanted, limit=400):
    """Random legal events through the table (the service draws every die and deal), until
    `wanted(position)`: the phases the issue names, reached as players would reach them."""
    for _ in range(limit):
        if wanted(c.table.position):
            return True
        if c.game.outcome(c.table.position) is not None:
            return False
        # a random win claim ends Cats at once: the claims are left to the game's end
        choices = [e for e in c.table.choices() if not e.startswith("win:") and e != "secret"]
        if choices and not c.table.ack and not getattr(c.table, "reveal", None):
            c.table.play(rng.choice(choices), p.t)
        else:  # a verdict to read, or the cards shown one player at a time: OK
            c.devices.buttons.press("ok")
        p.run(0.05)
    return False


@pytest.mark.parametrize("game,phase,players", [
    ("cats", "deal", 3), ("cats", "react", 3), ("cats", "challenge", 3), ("cats", "swap", 3),
    ("cat-attack", "fight", 3), ("cat-attack", "hits", 3), ("cat-attack", "penalty", 3)])
def test_a_power_cut_in_every_phase_resumes_as_shown(tmp_path, game, phase, players):
    """Cats in the deal, a reaction round, after a challenge; Cat Attack in a fight: the power
    goes while the table shows that phase; the companion comes back (with another random
    source) showing exactly the same moves, position, phase and instruction."""
    rng = random.Random(phase)
    for attempt in range(40):
        state = tmp_path / f"run{attempt}"
        c = Companion(Config(game=GameConfig(game=game, players=players, language="en")), build_fakes(),
                      state_dir=state, ai_mode="off", chance_source=random.Random(attempt))
        p = VirtualPlayer(c)
        p.run(0.1)
        if phase == "deal":  # the deal is drawn at once: cut right after it, before OK
            reached = c.journal.moves()[0].startswith("deal:")
        else:
            reached = _play_until(c, p, rng, lambda pos: pos.phase == phase)
        if reached:
            break
        c.close()
    else:
        raise AssertionError(f"{game}: no game reached {phase} in 40 tries")
    before = _shown(c)
    copy = _power_cut_copy(state, tmp_path / "cut")
    c.close()
    again = Companion(Config(game=GameConfig(game=game, players=players, language="en")), build_fakes(),
                      state_dir=copy, ai_mode="off", chance_source=random.Random(999))
    VirtualPlayer(again).run(0.1)
    assert _shown(again) == before
    again.close()


def test_monster_mau_mau_with_tapped_cards_survives_twenty_power_cuts(tmp_path):
    """Cards tapped on the (fake) reader, the turned-up card committed by the table itself: 20
    power cuts at random moments of a 2-seat game, each restart (on the journal as the cut left
    it) shows the same moves, position, phase and instruction, and the game plays on."""
    from companion.games.monster_mau_mau import notation
    from companion.games.monster_mau_mau.cards import PATTERNS
    from companion.games.monster_mau_mau.deck import card_text

    rng = random.Random(2113)
    state = tmp_path / "state"
    c = Companion(Config(game=GameConfig(game="monster-mau-mau", language="en")), build_fakes(),
                  state_dir=state, ai_mode="off")
    p = VirtualPlayer(c)
    p.run(0.2)
    for name in ("back", "back", "ok", "ok"):  # 2 players, the default deal
        c.devices.buttons.press(name)
        p.run(0.1)
    uid = 0
    cuts = 0
    while cuts < 20:
        for _ in range(rng.randint(1, 6)):
            pos = c.table.position
            if c.game.outcome(pos) is not None:
                break
            event = notation.parse_event(c.game.format_move(pos, rng.choice(c.game.legal_moves(pos))))
            if event.card is not None:
                uid += 1
                c.devices.cards.tap(f"04{uid:012x}", card_text(event.card))
                p.run(0.1)
                if event.wish is not None:
                    for _ in range(PATTERNS.index(event.wish)):
                        c.devices.buttons.press("cat")
                        p.run(0.05)
                    c.devices.buttons.press("ok")
            else:
                c.devices.buttons.press("cat" if event.kind == "mau" else "ok")
            p.run(0.1)
        before = _shown(c)
        copy = _power_cut_copy(state, tmp_path / f"cut{cuts}")
        again = Companion(Config(game=GameConfig(game="monster-mau-mau", language="en")), build_fakes(),
                          state_dir=copy, ai_mode="off")
        VirtualPlayer(again).run(0.2)
        assert _shown(again) == before, f"cut {cuts + 1}"
        again.close()
        cuts += 1
    assert len(c.journal.moves()) >= 20
    c.close()
