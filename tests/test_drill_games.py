"""Power loss in every game (issue 21): `companion sim` killed with SIGKILL at seeded random
moments, 12 times per game, restarted on the same state directory each time (tests/drills.py
checks every kill: nothing the page showed is lost, the restart shows the journal's position
and, where nothing was journaled after the last snapshot, exactly what the page showed before;
no process of the companion outlives it).

The games are the catalogue's (issue 33, 3): each is played as its table declares it is
played — on the bed (its engine's `bed`), with the simulator's virtual hand (`virtual_hands`), else
with the three buttons — with as many players as it takes up to three and, where the table
plays computer seats itself (`several_ai_seats`), the seats after the first as computers. A game
added to the catalogue is drilled here without a line of this file changing; `drill(...)` runs
one for a test that adds a game of its own (tests/test_example_game.py)."""
from __future__ import annotations

import pytest

import companion.games as games
from companion import tables
from tests.drills import Drill

KILLS = 12  # 20 took ~5 of the suite's 30 minutes; kills land at seeded random moments either way
# the drill must have played between kills, not only restarted; how much depends on the machine's
# speed (a loaded 2-core CI box acknowledged 10 Cats moves in 20 kills), so the bar is low
PLAYED = 5

PRESSES = ("ok",) * 10 + ("cat",) * 7 + ("back",) * 3  # short presses only: a drill never undoes


def config(tmp_path, **game) -> str:
    path = tmp_path / "companion.toml"
    lines = ["[game]"] + [f"{k} = {v!r}" if isinstance(v, str) else f"{k} = {v}" for k, v in game.items()]
    path.write_text("\n".join(lines).replace("'", '"') + "\n")
    return path


def press_randomly(sim, rng, seen) -> None:
    sim.press(rng.choice(PRESSES))
    sim.changed(seen, timeout=0.3)


def report(name: str, drill: Drill) -> None:
    print(f"\n{name}: {drill.kills} kills, {drill.acknowledged} moves acknowledged, 0 lost,"
          f" {drill.compared} restarts compared with the page before the kill; killed in {drill.killed_in}")


def on_the_bed(sim, rng, seen) -> None:
    """A person at a bed game: a piece put down on an empty square of the game's bed (one with
    no piece beside it first, so nothing is pushed), answering the table's question with OK;
    whatever else the table asks of the bed (a push, a correction), the bed is put back as the
    game stands (the committed pieces), as the guidance asks."""
    squares = seen.get("bed_squares") or [f + r for r in "123456" for f in "abcdef"]
    bed, sensed = set(seen.get("bed") or {}), set(seen.get("sensed") or ())
    if seen.get("phase") == "ask_kind":
        sim.press("ok")
    elif sensed != bed:
        sim.control(type="reed", changes=[{"square": sq, "occupied": sq in bed} for sq in sorted(sensed ^ bed)])
    else:
        empty = [sq for sq in squares if sq not in sensed]
        alone = [sq for sq in empty if not _neighbours(sq) & sensed]
        if not empty or seen.get("winner"):
            sim.press("ok")      # the game is over: "new game?" ... OK
        else:
            sim.control(type="reed", square=rng.choice(alone or empty), occupied=True)
    sim.changed(seen, timeout=0.6)


def _neighbours(square: str) -> set[str]:
    f, r = "abcdef".index(square[0]), int(square[1:])
    return {"abcdef"[f + df] + str(r + dr) for df in (-1, 0, 1) for dr in (-1, 0, 1)
            if (df or dr) and 0 <= f + df < 6 and 1 <= r + dr <= 6}


def mau_mau(sim, rng, seen) -> None:
    """Seat 1 on the simulator's virtual deck: set up with OK, then a card that fits, a draw, a
    pass or a Mau, as a person clicks; the computers play the other seats."""
    v = seen.get("virtual") or {}
    if seen.get("phase") not in ("play", "first_card") or not v.get("hand"):
        sim.press("ok")
    elif seen.get("turn") == v.get("seat"):
        if v.get("playable") and rng.random() < 0.8:
            card = rng.choice(v["playable"])
            sim.control(type="hand", action="play", card=card, wish=rng.choice("spzg"))
        else:
            sim.control(type="hand", action=rng.choice(("draw", "pass", "mau")))
    sim.changed(seen, timeout=0.5)


def same_hand(before: dict, after: dict) -> None:
    """The simulator's shuffle is journaled: the person's hand after a restart is the hand the
    page showed before the kill (a fresh shuffle could not even follow the journal)."""
    assert (after.get("virtual") or {}).get("hand") == (before.get("virtual") or {}).get("hand")




def plan(name: str) -> dict:
    """How the drill plays `name`, from what its engine and table declare."""
    info, table = games.info(name), tables.factory(name)
    players = max(info.min_players, min(3, info.max_players))
    config = {"game": name, "players": players}
    if table.several_ai_seats and players > 1:
        config["ai"] = ",".join(str(seat) for seat in range(2, players + 1))
    if info.bed is not None:   # played on the bed: the table senses it
        return {"config": config | {"settle": 0.05}, "act": on_the_bed}
    if table.virtual_hands:   # paced computers: 1 s a move
        return {"config": config, "act": mau_mau, "same": same_hand, "max_kill_after": 3.5}
    # Cats shows every player their cards again after a cut before the first event: more time
    return {"config": config, "act": press_randomly, "max_kill_after": 3.0 if info.hidden_information else 1.5}


def drill(tmp_path, name: str, *, kills: int = KILLS, seed: int = 21, lines=(), **settings) -> Drill:
    """The power-loss drill of `name` (`settings`: its own settings for the config; `lines`:
    catalogue lines a test adds, "module:ENTRY", for the simulator process to register too)."""
    how = plan(name)
    drill = Drill(tmp_path / "state", config(tmp_path, **how["config"], **settings), seed=seed, kills=kills,
                  act=how["act"], same=how.get("same"), max_kill_after=how.get("max_kill_after", 1.5),
                  lines=lines).run()
    report(" ".join([name, *(f"{k}={v}" for k, v in settings.items())]), drill)
    return drill


@pytest.mark.parametrize("name", tables.names())
def test_every_game_survives_power_loss(tmp_path, name):
    seed = 21 + tables.names().index(name)
    assert drill(tmp_path, name, seed=seed).acknowledged >= PLAYED  # it played, not only restarted


#: Each own setting's other values, drilled too where the table changes how the game is played
#: by it without a person's cards (Katzenjammer's players' own dice: entered with the buttons)
@pytest.mark.parametrize("name,settings", [("katzenjammer", {"dice": "players"})])
def test_a_games_own_settings_survive_power_loss(tmp_path, name, settings):
    assert drill(tmp_path, name, seed=40, kills=8, **settings).acknowledged >= PLAYED
