"""A deliberately naive second implementation of the maunz. rules, written straight from
docs/rules/maunz.md with coordinates and dicts, to cross-check the bitboard engine.
It shares no code with companion.games.maunz except nothing at all: not even square names.
"""
from __future__ import annotations

FILES = "abcdef"


def name(f, r):
    return f"{FILES[f]}{r + 1}"


def parse(text):
    bed_text, turn, opool, gpool = text.split(" ")
    bed = {}
    for i, row in enumerate(bed_text.split("/")):
        r = 5 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                bed[(f, r)] = ch
                f += 1
    pools = {}
    for colour, p in (("o", opool), ("g", gpool)):
        k, c = p[:-1].split("k")
        pools[colour] = [int(k), int(c)]
    return {"bed": bed, "turn": turn, "pools": pools}


def fmt(state):
    rows = []
    for r in range(5, -1, -1):
        row, gap = "", 0
        for f in range(6):
            ch = state["bed"].get((f, r))
            if ch is None:
                gap += 1
            else:
                row += (str(gap) if gap else "") + ch
                gap = 0
        rows.append(row + (str(gap) if gap else ""))
    pools = " ".join(f"{k}k{c}c" for k, c in (state["pools"]["o"], state["pools"]["g"]))
    return f"{'/'.join(rows)} {state['turn']} {pools}"


def lines_of_three():
    out = []
    for f in range(6):
        for r in range(6):
            for df, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                cells = [(f + i * df, r + i * dr) for i in range(3)]
                if all(0 <= x < 6 and 0 <= y < 6 for x, y in cells):
                    out.append(cells)
    return out


LINES = lines_of_three()


def moves(text, rules=None):
    """{canonical move text: resulting position text, winner} for every legal move."""
    state = parse(text)
    me = state["turn"]
    other = "g" if me == "o" else "o"
    result = {}
    for f in range(6):
        for r in range(6):
            if (f, r) in state["bed"]:
                continue
            for kind in ("k", "c"):
                idx = 0 if kind == "k" else 1
                if state["pools"][me][idx] == 0:
                    continue
                bed = dict(state["bed"])
                pools = {c: list(v) for c, v in state["pools"].items()}
                piece = me if kind == "k" else me.upper()
                bed[(f, r)] = piece
                pools[me][idx] -= 1
                pushes = []
                for df in (-1, 0, 1):
                    for dr in (-1, 0, 1):
                        if df == dr == 0:
                            continue
                        src = (f + df, r + dr)
                        if src not in bed:
                            continue
                        if kind == "k" and bed[src].isupper():
                            continue  # kittens cannot boop cats
                        dst = (f + 2 * df, r + 2 * dr)
                        on = 0 <= dst[0] < 6 and 0 <= dst[1] < 6
                        if on and dst in state["bed"]:
                            continue
                        pushes.append((src, dst if on else None))
                moved = {}
                for src, dst in pushes:
                    moved[src] = bed.pop(src)
                for src, dst in pushes:
                    p = moved[src]
                    if dst is None:
                        pools[p.lower()][1 if p.isupper() else 0] += 1
                    else:
                        bed[dst] = p
                mine = {sq for sq, p in bed.items() if p.lower() == me}
                my_cats = {sq for sq, p in bed.items() if p == me.upper()}
                my_kittens = mine - my_cats
                their_cats = {sq for sq, p in bed.items() if p == other.upper()}
                winner = None
                if rules == "kids":
                    if any(all(c in my_kittens for c in ln) for ln in LINES):
                        winner = me
                else:
                    if any(all(c in my_cats for c in ln) for ln in LINES) or len(my_cats) == 8:
                        winner = me
                    elif rules == "opponent-cats-win" and any(all(c in their_cats for c in ln) for ln in LINES):
                        winner = other
                base = f"{kind}{name(f, r)}"
                after = {"bed": bed, "turn": other, "pools": pools}
                if winner:
                    result[base] = (fmt(after), winner)
                    continue
                options = []
                if rules != "kids":
                    for ln in LINES:
                        if all(c in mine for c in ln) and any(c in my_kittens for c in ln):
                            options.append(ln)
                if sum(pools[me]) == 0:
                    for sq in sorted(my_kittens if rules == "kids" else mine):
                        options.append([sq])
                if not options:
                    result[base] = (fmt(after), None)
                for opt in options:
                    b2 = dict(bed)
                    p2 = {c: list(v) for c, v in pools.items()}
                    for sq in opt:
                        piece = b2.pop(sq)
                        if rules == "kids":
                            p2[me][0] += 1
                        else:
                            p2[me][1] += 1  # kitten graduates (cat from reserve) or cat returns
                    choice = "".join(name(*sq) for sq in sorted(opt))
                    result[f"{base}/{choice}"] = (fmt({"bed": b2, "turn": other, "pools": p2}), None)
    return result
