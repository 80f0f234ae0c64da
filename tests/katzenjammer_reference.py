"""A second, deliberately plain Katzenjammer implementation, written from the rules document only,
to cross-check the engine's successor sets. Nothing here is shared with companion.games.katzenjammer.

A position is a dict: {"seats": "rg", "pieces": {"r": [locs], ...}, "fresh": set of seats,
"to_move": "r", "dice": (a, b, c) or None}. A loc is "n", an int ring field, or "s1".."s4".
Every action is simulated on a fresh copy, one field at a time.
"""
from __future__ import annotations


SEATS = "rbgk"
START = {"r": 0, "b": 10, "g": 20, "k": 30}
FACES = ({1, 2, 5, 6, 7, 9}, {1, 3, 4, 5, 8, 9}, {2, 3, 4, 6, 7, 8})


def parse(text: str) -> dict:
    fields = text.split()
    *groups, mover, dice = fields
    pos = {"seats": "", "pieces": {}, "fresh": set(), "to_move": mover,
           "dice": None if dice == "-" else tuple(int(ch) for ch in dice)}
    for g in groups:
        seat, rest = g.split(":")
        pos["seats"] += seat
        locs = []
        for tok in rest.split(","):
            if tok == "n" or tok.startswith("s"):
                locs.append(tok)
            elif tok.endswith("*"):
                locs.append(int(tok[:-1]))
                pos["fresh"].add(seat)
            else:
                locs.append(int(tok))
        pos["pieces"][seat] = locs
    pos["seats"] = "".join(s for s in SEATS if s in pos["seats"])
    return pos


def text(pos: dict) -> str:
    groups = []
    for seat in pos["seats"]:
        locs = pos["pieces"][seat]
        nest = [x for x in locs if x == "n"]
        ring = sorted(x for x in locs if isinstance(x, int))
        stall = sorted(x for x in locs if isinstance(x, str) and x.startswith("s"))
        ring_t = [f"{x}*" if seat in pos["fresh"] and x == START[seat] else str(x) for x in ring]
        groups.append(f"{seat}:" + ",".join(nest + ring_t + stall))
    dice = "-" if pos["dice"] is None else "".join(map(str, pos["dice"]))
    return " ".join(groups) + f" {pos['to_move']} {dice}"


def clone(pos: dict) -> dict:
    return {"seats": pos["seats"], "pieces": {s: list(v) for s, v in pos["pieces"].items()},
            "fresh": set(pos["fresh"]), "to_move": pos["to_move"], "dice": pos["dice"]}


def who_is_on(pos: dict, loc):
    """The seat of the piece on a ring field (None if empty)."""
    for seat in pos["seats"]:
        if loc in pos["pieces"][seat]:
            return seat
    return None


def fresh_on(pos: dict, field: int) -> bool:
    seat = who_is_on(pos, field)
    return seat is not None and seat in pos["fresh"] and START[seat] == field


def send_home(pos: dict, seat: str, loc) -> None:
    pos["pieces"][seat].remove(loc)
    pos["pieces"][seat].append("n")
    if loc == START[seat]:
        pos["fresh"].discard(seat)


def path_forward(pos: dict, seat: str, loc, n: int):
    """The fields a forward move enters, in order, or None if the move has no path."""
    mine = pos["pieces"][seat]
    if isinstance(loc, str):
        i = int(loc[1:])
        if i + n > 4:
            return None
        fields = [f"s{j}" for j in range(i + 1, i + n + 1)]
        return None if any(f in mine for f in fields) else fields
    steps_to_start = (START[seat] - loc) % 40
    if steps_to_start == 0:
        steps_to_start = 40
    if n > steps_to_start:
        into = n - steps_to_start
        stall = [f"s{j}" for j in range(1, into + 1)]
        if into <= 4 and not any(f in mine for f in stall):
            return [(loc + j) % 40 for j in range(1, steps_to_start + 1)] + stall
    return [(loc + j) % 40 for j in range(1, n + 1)]


def path_backward(pos: dict, seat: str, loc, n: int):
    if isinstance(loc, str):
        return None
    if n > (loc - START[seat]) % 40:
        return None
    return [(loc - j) % 40 for j in range(1, n + 1)]


def walk(pos: dict, seat: str, loc, path, seven: bool):
    """The position after the piece walks `path` one field at a time, or None if illegal."""
    if path is None:
        return None
    new = clone(pos)
    for i, field in enumerate(path):
        if isinstance(field, int):
            if fresh_on(new, field):
                return None
            last = i == len(path) - 1
            if (seven or last) and who_is_on(new, field) is not None and field != loc:
                send_home(new, who_is_on(new, field), field)
    new["pieces"][seat].remove(loc)
    if loc == START[seat]:
        new["fresh"].discard(seat)
    new["pieces"][seat].append(path[-1])
    return new


def key(pos: dict) -> tuple:
    """Identity of a position inside a seven (cheaper than its text)."""
    return (tuple(tuple(sorted(map(str, pos["pieces"][s]))) for s in pos["seats"]),
            tuple(sorted(pos["fresh"])))


def single_moves(pos, seat, n, foreign_rules: bool):
    """Positions after moving one piece n fields (own: forward, and 4 also backward)."""
    out = []
    for loc in list(pos["pieces"][seat]):
        if loc == "n":
            continue
        if foreign_rules and (isinstance(loc, str) or fresh_on(pos, loc)):
            continue
        out.append(walk(pos, seat, loc, path_forward(pos, seat, loc, n), False))
        if foreign_rules or n == 4:
            out.append(walk(pos, seat, loc, path_backward(pos, seat, loc, n), False))
    return [p for p in out if p is not None]


def do_swap(pos, sa, a, sb, b):
    new = clone(pos)
    new["pieces"][sa].remove(a)
    new["pieces"][sb].remove(b)
    new["pieces"][sa].append(b)
    new["pieces"][sb].append(a)
    for seat, loc in ((sa, a), (sb, b)):
        if loc == START[seat]:  # only that seat's piece on its own Start was fresh
            new["fresh"].discard(seat)
    return new


def ring_pieces(pos, seats):
    return [(s, x) for s in seats for x in pos["pieces"][s] if isinstance(x, int)]


def sevens(pos, mover, own: bool, direction: int):
    """Final positions of a seven, explored step list by step list with an explicit memo."""
    results: dict[str, dict] = {}
    seen = set()

    def explore(p, last, left):
        k = (key(p), last, left)
        if k in seen:
            return
        seen.add(k)
        if left == 0:
            results[k[0]] = p
            return
        seats = [mover] if own else [s for s in p["seats"] if s != mover]
        for seat in seats:
            for loc in set(p["pieces"][seat]):
                if loc == "n" or (seat, loc) == last:
                    continue
                if not own and (isinstance(loc, str) or fresh_on(p, loc)):
                    continue
                for steps in range(1, left + 1):
                    path = (path_forward(p, seat, loc, steps) if direction > 0
                            else path_backward(p, seat, loc, steps))
                    after = walk(p, seat, loc, path, True)
                    if after is not None:
                        explore(after, (seat, path[-1]), left - steps)

    explore(pos, None, 7)
    return list(results.values())


def actions(pos, mover, choice: str):
    """All positions after one action; choice: a die '1'..'9' or a pair '11'..'99' (not 55)."""
    value = int(choice[0])
    others = [s for s in pos["seats"] if s != mover]
    out = []
    if len(choice) == 1:
        if value == 7:
            return sevens(pos, mover, True, 1)
        if value == 6:
            for a in ring_pieces(pos, [mover]):
                for b in ring_pieces(pos, others):
                    if not fresh_on(pos, b[1]):
                        out.append(do_swap(pos, a[0], a[1], b[0], b[1]))
            return out
        if value == 5 and "n" in pos["pieces"][mover] and not fresh_on(pos, START[mover]):
            new = clone(pos)
            there = who_is_on(new, START[mover])
            if there is not None:
                send_home(new, there, START[mover])
            new["pieces"][mover].remove("n")
            new["pieces"][mover].append(START[mover])
            new["fresh"].add(mover)
            out.append(new)
        return out + single_moves(pos, mover, value, False)
    if value == 7:
        return sevens(pos, mover, False, 1) + sevens(pos, mover, False, -1)
    if value == 6:
        pieces = [(s, x) for s, x in ring_pieces(pos, pos["seats"])
                  if not (s != mover and fresh_on(pos, x))]
        for i, a in enumerate(pieces):
            for b in pieces[i + 1:]:
                if a[0] != b[0] and (a[0] != mover or b[0] != mover):
                    out.append(do_swap(pos, a[0], a[1], b[0], b[1]))
        return out
    for seat in others:
        out += single_moves(pos, seat, value, True)
    return out


def complete(pos, seat) -> bool:
    return sorted(map(str, pos["pieces"][seat])) == ["s1", "s2", "s3", "s4"]


def successors(position_text: str, two_dice: bool = False) -> set[str]:
    pos = parse(position_text)
    if any(complete(pos, s) for s in pos["seats"]):
        return set()
    mover = pos["to_move"]
    dice = pos["dice"]
    pairs = [d for d in set(dice) if list(dice).count(d) == 2]
    if pairs and pairs[0] == 5:
        choices = [str(d) for d in range(1, 10)] + [f"{d}{d}" for d in range(1, 10) if d != 5]
    elif pairs:
        choices = [f"{pairs[0]}{pairs[0]}"]
    else:
        choices = [str(d) for d in set(dice)]
    finals = []
    for choice in choices:
        for after in actions(pos, mover, choice):
            finals.append(after)
            if two_dice and not pairs and not any(complete(after, s) for s in after["seats"]):
                for second in choices:
                    if second != choice:
                        finals += actions(after, mover, second)
    if not finals:
        finals = [pos]
    seats = pos["seats"]
    nxt = seats[(seats.index(mover) + 1) % len(seats)]
    out = set()
    for p in finals:
        p = clone(p)
        p["to_move"], p["dice"] = nxt, None
        out.add(text(p))
    return out
