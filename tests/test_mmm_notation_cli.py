"""Monster Mau Mau notation errors and the command line as a real subprocess (exit status 2 with one
line naming the event, the position and why)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.games import GameError, get

G = get("monster-mau-mau")
GOOD = "hands=7,6,7,7 turn=2 dir=cw top=p3 wish=- pending=0 phase=play pile=77 discard=6 mau=0"
NEW4 = "hands=7,7,7,7 turn=1 dir=cw top=- wish=- pending=0 phase=start pile=82 discard=0 mau=0"


def companion(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True)


def swap(field: str, value: str | None, text: str = GOOD) -> str:
    """GOOD with `field` set to `value` (None: removed)."""
    parts = []
    for f in text.split():
        key = f.split("=")[0]
        if key != field:
            parts.append(f)
        elif value is not None:
            parts.append(f"{key}={value}")
    return " ".join(parts)


@pytest.mark.parametrize("text,needle", [
    (swap("mau", None), "key 'mau' is missing"),
    (swap("hands", None), "key 'hands' is missing"),
    (GOOD + " extra=1", "unknown key 'extra'"),
    (GOOD + " mau=0", "key 'mau' is repeated"),
    (GOOD.replace("turn=2 dir=cw", "dir=cw turn=2"), "keys out of order"),
    (GOOD + " junk", "field 'junk' is not key=value"),
    (swap("hands", "7,6,x,7"), "hands='7,6,x,7' must be card counts"),
    (swap("hands", "101"), "hands lists 1 player; Monster Mau Mau is for 2-10"),
    (swap("hands", ",".join(["1"] * 11), GOOD.replace("pile=77", "pile=93")), "hands lists 11 players"),
    (swap("turn", "5"), "turn='5' must be a seat 1-4"),
    (swap("turn", "0"), "turn='0' must be a seat 1-4"),
    (swap("dir", "left"), "dir='left' must be cw or ccw"),
    (swap("top", "x3"), "top='x3' is not a card"),
    (swap("top", "MW>s"), "top='MW>s' is not a card"),
    (swap("wish", "q"), "wish='q' must be s, p, z, g or -"),
    (swap("pending", "2"), "pending='2' must be 0, 3 or 4"),
    (swap("phase", "playing"), "phase='playing' must be one of start, play, drawn, penalty, over"),
    (swap("pile", "-1"), "pile='-1' is not a count"),
    (swap("discard", "many"), "discard='many' is not a count"),
    (swap("mau", "2"), "mau='2' must be 0 or 1"),
    (swap("pile", "78"), "hands 27 + pile 78 + discard 6 = 111 cards, not 110"),
    (swap("wish", "s"), "wish=s under top=p3, which is not a wild card"),
    (swap("pending", "3"), "pending=3 outside phase penalty (phase=play)"),
    (swap("phase", "penalty"), "phase=penalty needs pending=3 or pending=4"),
    (NEW4.replace("discard=0", "discard=1").replace("pile=82", "pile=81"), "top=- with discard=1"),
    (NEW4.replace("phase=start", "phase=play"), "top=- in phase play"),
    (swap("phase", "over"), "phase=over names seat 2 as the winner, but it holds 6 cards"),
    (swap("hands", "7,0,7,7", GOOD.replace("pile=77", "pile=83")), "seat 2 holds no cards"),
])
def test_invalid_positions_name_the_field_and_the_problem(text, needle):
    with pytest.raises(GameError) as err:
        G.parse_position(text)
    msg = str(err.value)
    assert needle in msg and repr(text) in msg and "\n" not in msg


@pytest.mark.parametrize("event,needle", [
    ("x7", "malformed event 'x7' in '" + GOOD + "': not a card, up:<card>, draw, pass or mau"),
    ("MW", "a wild card names the wished pattern, as MW>s, MW>p, MW>z or MW>g"),
    ("+4>x", "the wish 'x' must be s, p, z or g"),
    ("p5>s", "only the wild cards MW, +4 and KK take a wish"),
    ("up:q1", "'q1' is not a card"),
    ("Draw", "malformed event 'Draw'"),
    ("s7", "illegal event 's7' in '" + GOOD + "': s7 does not fit on p3"),
])
def test_bad_events_name_the_input_the_position_and_why(event, needle):
    with pytest.raises(GameError) as err:
        G.parse_move(G.parse_position(GOOD), event)
    assert needle in str(err.value)


def test_round_trip_of_every_example_position():
    for text in (GOOD, NEW4, swap("top", "+4", swap("wish", "g")),
                 "hands=0,9,3 turn=1 dir=ccw top=KK wish=z pending=0 phase=over pile=80 discard=18 mau=0"):
        assert G.format_position(G.parse_position(text)) == text


def test_cli_new_moves_apply_and_aliases():
    r = companion("monster-mau-mau", "new", "--players", "4")
    assert r.returncode == 0 and r.stdout == NEW4 + "\n"
    r = companion("mau-mau", "new", "--players", "3", "--deal", "5", "--rules", "plus3-play,first-action")
    assert r.stdout == "hands=5,5,5 turn=1 dir=cw top=- wish=- pending=0 phase=start pile=95 discard=0 mau=0\n"
    r = companion("mmm", "moves", "--position", NEW4)
    lines = r.stdout.splitlines()
    assert r.returncode == 0 and len(lines) == 55 and lines == sorted(lines) and lines[0] == "up:+4"
    r = companion("mmm", "apply", "--position", NEW4, "up:sR", "up:p3", "p5", "draw")
    assert r.returncode == 0 and r.stdout == (
        "hands=6,8,7,7 turn=2 dir=cw top=p5 wish=- pending=0 phase=drawn pile=79 discard=3 mau=0\n")


def test_cli_apply_json_one_object_per_event_keys_in_order():
    r = companion("mmm", "apply", "--json", "--position", GOOD, "+4>z", "draw")
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert r.returncode == 0 and len(objs) == 2
    assert list(objs[0]) == ["event", "position", "drawn", "reshuffled", "mau_penalty", "winner"]
    assert objs[0]["position"] == ("hands=7,5,7,7 turn=3 dir=cw top=+4 wish=z pending=4 phase=penalty"
                                   " pile=77 discard=7 mau=0")
    assert objs[1] == {"event": "draw", "position": "hands=7,5,11,7 turn=4 dir=cw top=+4 wish=z pending=0"
                       " phase=play pile=73 discard=7 mau=0", "drawn": 4, "reshuffled": False,
                       "mau_penalty": False, "winner": None}
    assert r.stdout.splitlines()[1].startswith('{"event": "draw", "position": "hands=7,5,11,7 ')


def test_cli_json_winner_is_the_seat_number():
    pos = GOOD.replace("hands=7,6,7,7", "hands=7,1,7,7").replace("pile=77", "pile=82")
    r = companion("mmm", "apply", "--json", "--position", pos, "pA")
    assert json.loads(r.stdout)["winner"] == 2


@pytest.mark.parametrize("args,needle", [
    (["apply", "--position", GOOD, "s7"], f"illegal event 's7' in '{GOOD}': s7 does not fit on p3"),
    (["apply", "--position", GOOD, "p4", "x"], "malformed event 'x' in 'hands=7,5,7,7 turn=3 "),
    (["apply", "--position", GOOD, "--json", "p4", "pass"], "illegal event 'pass' in 'hands=7,5,7,7"),
    (["apply", "--position", "nonsense", "draw"], "invalid position 'nonsense'"),
    (["moves", "--position", swap("pile", "1")], "cards, not 110"),
    (["moves", "--position", GOOD, "--rules", "chaos"], "unknown rules option 'chaos' for monster-mau-mau"),
    (["new", "--players", "11"], "--players 11: 11 players: Monster Mau Mau is for 2-10 players"),
    (["new", "--players", "7", "--deal", "15"], "at most 100 may be dealt"),
    (["new"], "the following arguments are required: --players"),
    (["apply", "--position", GOOD], "the following arguments are required: EVENT"),
])
def test_cli_bad_input_exits_2_with_one_line_and_no_output(args, needle):
    r = companion("monster-mau-mau", *args)
    assert r.returncode == 2 and r.stdout == ""
    assert needle in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
