"""Text forms of Cats positions and moves (docs/rules/cats.md, "Notation").

A position is 18 `key=value` fields in a fixed order; seats, cats and rooms are 1-based digits in
text. `observation` writes the same fields with the secrets the viewer may not know as `??`.
"""
from __future__ import annotations

import re

from companion.games.base import NotationError
from companion.games.cats.state import (DEAL, DECK, HAND, LOT, MAX_OBJECT_STEPS, MAX_STEPS,
                                        N_CATS, OBJECTS, OVER, PHASES, Move,
                                        Position)
from companion.games.fields import FieldReader, format_digits, seat_text

KEYS = ("secrets", "phase", "active", "turn", "had", "revealed", "challenged", "steps", "moved",
        "hissed", "stopped", "last", "locked", "miau", "pending", "passes", "deck", "win")


def _piece_text(piece: int | None) -> str:
    if piece is None:
        return "-"
    return str(piece + 1) if piece < N_CATS else OBJECTS[piece - N_CATS]


def _secret_text(secret, shown: bool) -> str:
    if secret is None:
        return "--"
    return f"{secret[0] + 1}{OBJECTS[secret[1]]}" if shown else "??"


def format_position(pos: Position, viewer: int | None | str = "all") -> str:
    """The position; `viewer` None (the table) or a seat hides every other seat's secrets."""
    secrets = ",".join(_secret_text(s, viewer == "all" or viewer == i)
                       for i, s in enumerate(pos.secrets))
    revealed = ",".join(f"{c + 1}:{o + 1}" for c, o in enumerate(pos.revealed) if o is not None)
    miau = ",".join(f"{c + 1}:{m[0] + 1}" + (f"@{m[1] + 1}" if m[1] is not None else "")
                    for c, m in enumerate(pos.miau) if m is not None)
    values = {
        "secrets": secrets, "phase": pos.phase, "active": seat_text(pos.active),
        "turn": seat_text(pos.turn), "had": format_digits(pos.had),
        "revealed": revealed or "-", "challenged": format_digits(pos.challenged),
        "steps": f"{pos.steps}/{pos.object_steps}", "moved": format_digits(pos.moved),
        "hissed": format_digits(pos.hissed), "stopped": format_digits(pos.stopped),
        "last": _piece_text(pos.last), "locked": format_digits(pos.locked), "miau": miau or "-",
        "pending": "-" if pos.pending is None else str(pos.pending + 1),
        "passes": str(pos.passes), "deck": f"{pos.pile}/{pos.discard}",
        "win": "-" if pos.win is None else f"{pos.win[0] + 1}{OBJECTS[pos.win[1]]}",
    }
    return " ".join(f"{k}={values[k]}" for k in KEYS)


_SECRET = re.compile(r"([1-5])([bcmp])")


def parse_position(text: str) -> Position:
    f = FieldReader("Cats", text, KEYS)
    entries = f["secrets"].split(",")
    if not 2 <= len(entries) <= 4:
        raise f.bad("secrets", f"{len(entries)} seats; Cats is for 2-4 players")
    n = len(entries)
    phase = f.choice("phase", PHASES)
    secrets = []
    for entry in entries:
        if entry == "??":
            raise f.bad("secrets", "'??' is a hidden secret (an observation), not a position")
        if entry == "--":
            secrets.append(None)
            continue
        m = _SECRET.fullmatch(entry)
        if not m:
            raise f.bad("secrets", f"{entry!r} must be a cat 1-5 and an object b, c, m or p, or '--'")
        secrets.append((int(m[1]) - 1, OBJECTS.index(m[2])))
    dealt = [s for s in secrets if s is not None]
    if secrets[:len(dealt)] != dealt or (phase != DEAL and len(dealt) != n) or (
            phase == DEAL and len(dealt) == n):
        raise f.bad("secrets", "seats are dealt in order; every seat has its secrets after the deal")
    if len({s[0] for s in dealt}) != len(dealt) or len({s[1] for s in dealt}) != len(dealt):
        raise f.bad("secrets", "a cat card or character card is dealt twice")
    setup = phase in (DEAL, LOT)
    active, turn = f.seat("active", n), f.seat("turn", n)
    if setup != (active is None) or setup != (turn is None):
        raise f.fail("active and turn are '-' exactly during the deal and the lot")
    revealed: list[int | None] = [None] * N_CATS
    for item in ([] if f["revealed"] == "-" else f["revealed"].split(",")):
        m = re.fullmatch(r"([1-5]):([1-4])", item)
        if not m or int(m[2]) > n or revealed[int(m[1]) - 1] is not None:
            raise f.bad("revealed", f"{item!r} must be cat:seat, each cat once")
        cat, seat = int(m[1]) - 1, int(m[2]) - 1
        if secrets[seat] is None or secrets[seat][0] != cat:
            raise f.bad("revealed", f"seat {seat + 1} does not own cat {cat + 1}")
        revealed[cat] = seat
    steps, objs = (f.int("steps", 0, MAX_STEPS, t) for t in f.pair("steps"))
    if objs > min(steps, MAX_OBJECT_STEPS):
        raise f.bad("steps", f"at most {MAX_OBJECT_STEPS} of the steps move objects")
    moved, hissed, stopped, locked = (f.digits(k, 1, N_CATS) for k in ("moved", "hissed", "stopped", "locked"))
    last = None if f["last"] == "-" else _parse_piece(f["last"])
    if f["last"] != "-" and last is None:
        raise f.bad("last", "must be a cat 1-5, an object b, c, m, p, or '-'")
    if last is not None and last < N_CATS and not moved >> last & 1:
        raise f.bad("last", "the last piece moved must be among the moved cats")
    miau: list = [None] * N_CATS
    for item in ([] if f["miau"] == "-" else f["miau"].split(",")):
        m = re.fullmatch(r"([1-5]):([1-4])(?:@(10|[1-9]))?", item)
        if not m or int(m[2]) > n or miau[int(m[1]) - 1] is not None:
            raise f.bad("miau", f"{item!r} must be cat:seat or cat:seat@room, each cat once")
        miau[int(m[1]) - 1] = (int(m[2]) - 1, None if m[3] is None else int(m[3]) - 1)
    pending = None if f["pending"] == "-" else f.int("pending", 1, N_CATS) - 1
    if pending is not None and miau[pending] is None:
        raise f.bad("pending", f"cat {pending + 1} has no Miau to cancel")
    pile, discard = (f.int("deck", 0, DECK, t) for t in f.pair("deck"))
    if pile + discard != DECK - (HAND * n if not phase == DEAL else 0):
        raise f.bad("deck", f"draw pile + discard pile must be {DECK} minus {HAND} cards per"
                            f" hand dealt")
    win = None
    if f["win"] != "-":
        m = _SECRET.fullmatch(f["win"])
        if not m:
            raise f.bad("win", "must be a cat 1-5 and an object b, c, m or p, or '-'")
        win = (int(m[1]) - 1, OBJECTS.index(m[2]))
    if (phase == OVER) != (win is not None) or (win is not None and secrets[turn] != win):
        raise f.bad("win", "names the cat and object of the winner (turn) exactly when over")
    return Position(secrets=tuple(secrets), phase=phase, active=active, turn=turn,
                    had=f.seats("had", n), revealed=tuple(revealed),
                    challenged=f.seats("challenged", n), steps=steps, object_steps=objs,
                    moved=moved, hissed=hissed, stopped=stopped, last=last, locked=locked,
                    miau=tuple(miau), pending=pending, passes=f.int("passes", 0, n), pile=pile,
                    discard=discard, win=win)


def _parse_piece(text: str) -> int | None:
    if text in ("1", "2", "3", "4", "5"):
        return int(text) - 1
    if len(text) == 1 and text in OBJECTS:
        return N_CATS + OBJECTS.index(text)
    return None


# Moves ------------------------------------------------------------------------------------------
def format_move(move: Move) -> str:
    k, a, b = move.kind, move.a, move.b
    if k in ("deal", "win"):
        return f"{k}:{a + 1}{OBJECTS[b]}"
    if k == "first":
        return f"first:{a + 1}"
    if k == "step":
        return f"step:{_piece_text(a)}"
    if k == "hiss":
        return f"hiss:{a + 1}>{b + 1}"
    if k == "miau":
        return f"miau:{a + 1}@{b + 1}"
    if k == "challenge":
        return f"challenge:{a + 1}={b + 1}"
    return k


_MOVES = [
    (re.compile(r"first:([1-4])"), "first"),
    (re.compile(r"step:([1-5bcmp])"), "step"),
    (re.compile(r"hiss:([1-5])>([1-5])"), "hiss"),
    (re.compile(r"miau:([1-5])@(10|[1-9])"), "miau"),
    (re.compile(r"challenge:([1-4])=([1-5])"), "challenge"),
    (re.compile(r"(win|deal):([1-5])([bcmp])"), "secret"),
    (re.compile(r"(end|blocked|schnurr|pass|swap)"), "word"),
]


def parse_move(text: str, where: str) -> Move:
    """A move from text (well-formed only; legality is the engine's). `where` names the position
    in the error message."""
    for pattern, kind in _MOVES:
        m = pattern.fullmatch(text.strip()) if isinstance(text, str) else None
        if not m:
            continue
        if kind == "word":
            return Move(m[1])
        if kind == "step":
            return Move("step", a=_parse_piece(m[1]))
        if kind == "secret":
            return Move(m[1], a=int(m[2]) - 1, b=OBJECTS.index(m[3]))
        nums = [int(g) - 1 for g in m.groups()]
        return Move(kind, a=nums[0], b=nums[1] if len(nums) > 1 else None)
    raise NotationError(f"malformed move {text!r} in {where!r}: expected deal:3b, first:N,"
                        f" step:P, hiss:X>Y, end, blocked, miau:X@R, schnurr, pass, swap,"
                        f" challenge:S=C or win:Xo")
