"""Why a Katzenjammer roll allows what it allows, and what a turn did (issue 36), as the engine
judged it: the roll's dice and what they act on (singles on own pieces, a pair on foreign ones,
55 the joker), for each die the own pieces it cannot move and the rule that stops each (the
board's own refusals: board.forward/backward/enter's `why`), a void roll (K2), and each action
of a turn with its captures and a win. Values are plain data: colours 0-3, board indices (a
stall field is 40 + 4*colour + i), die labels as the notation writes them. Pure."""
from __future__ import annotations

from companion.games.katzenjammer import board as bd
from companion.games.katzenjammer.engine import (PASS, Position, Roll, label_action, labels,
                                                 pair_value, part_moves, turn_moves_exist,
                                                 winner_among)
from companion.games.reason import Reason, reason

#: Every reason a Katzenjammer roll or turn can be explained by (the coverage test words each).
REASONS = (
    "roll",          # the dice rolled
    "singles",       # no pair: one die, own pieces
    "pair",          # a pair: foreign pieces, the third die ignored
    "joker",         # 55: any single die or any pair
    "void",          # no die allows an action: the turn passes (K2)
    "offered",       # a die allows this many actions
    # why a die does not move an own piece (board.py's refusals)
    "nest_empty", "fresh_start", "fresh_passed", "fresh_target", "stall_taken", "stall_over",
    "stall_back", "back_start",
    "in_nest",       # every own piece in the nest: only a 5 acts (it enters one)
    "swap_no_own",   # a single 6: no own piece on the ring to swap
    "swap_no_foreign",  # a single 6: no foreign ring piece that may be swapped (none, or fresh)
    "no_swap",       # a 66: no two ring pieces of different seats that may be swapped
    "no_foreign",    # a pair: no foreign ring piece that may be moved
    "no_seven",      # a 7: no way to move exactly seven steps
    # what a turn did
    "enter", "forward", "into_stall", "backward", "swap", "seven", "captured", "win",
)


def explain(pos: Position, move) -> tuple[Reason, ...]:
    """A roll (what it allows and does not), or a turn played (what it did)."""
    if isinstance(move, Roll):
        return explain_roll(pos._replace(dice=move.dice))
    if move == PASS:
        return (reason("void", colour=pos.to_move),) + _blocked_all(pos)
    out, b = [], pos.board
    for part in move:
        nb = next(nb for p, nb in part_moves(b, pos.to_move, part.label) if p == part) \
            if part.kind != "s" else _seven_board(b, pos.to_move, part)
        out.extend(_part(b, nb, pos.to_move, part))
        b = nb
    won = winner_among(pos.colours, b, pos.to_move)
    if won is not None:
        out.append(reason("win", colour=won))
    return tuple(out)


def explain_roll(pos: Position) -> tuple[Reason, ...]:
    """The roll in `pos` (its dice known): what it acts on, how many actions each die allows,
    and why a die leaves an own piece where it is."""
    dice = pos.dice
    v = pair_value(dice)
    out = [reason("roll", colour=pos.to_move, dice="".join(map(str, dice)))]
    out.append(reason("singles") if v is None else reason("joker") if v == 5 else
               reason("pair", label=f"{v}{v}"))
    if not turn_moves_exist(pos):
        return tuple(out) + (reason("void", colour=pos.to_move),) + _blocked_all(pos)
    if v == 5:   # the joker's 17 uses: what it offers, not every refusal
        return tuple(out)
    out.extend(_in_nest(pos))
    for label in labels(dice):
        n = sum(1 for _ in part_moves(pos.board, pos.to_move, label))
        if n:
            out.append(reason("offered", label=label, n=n))
        out.extend(_blocked(pos, label))
    return tuple(out)


def _blocked_all(pos: Position) -> tuple[Reason, ...]:
    if pair_value(pos.dice) == 5:
        return ()
    return _in_nest(pos) + tuple(r for label in labels(pos.dice) for r in _blocked(pos, label))


def _in_nest(pos: Position) -> tuple[Reason, ...]:
    """Singles while every own piece is still in the nest: one reason for all the dice (only a
    5 acts, by entering), instead of a rule per die that had nothing to act on."""
    if pair_value(pos.dice) is None and not bd.pieces(pos.board, pos.to_move):
        return (reason("in_nest", colour=pos.to_move),)
    return ()


def _blocked(pos: Position, label: str) -> list[Reason]:
    """Why die `label` does not move each own piece it could have moved (a single die), or why
    it offers nothing at all (a pair, a 6, a 7)."""
    b, colour = pos.board, pos.to_move
    own, v = label_action(label)
    if own and v != 5 and not bd.pieces(b, colour):
        return []   # nothing of theirs out of the nest: said once (`_in_nest`)
    if own and v == 6 and not any(True for _ in part_moves(b, colour, label)):
        # what is missing, as it is: no own piece on the ring, or no foreign one it may swap with
        ring = any(b[i] and (b[i] - 1) & 3 == colour for i in range(bd.RING))
        return [reason("swap_no_foreign" if ring else "swap_no_own", label=label)]
    if v == 7:
        return [] if any(True for _ in part_moves(b, colour, label)) else [reason("no_seven", label=label)]
    if v == 6:
        return [] if any(True for _ in part_moves(b, colour, label)) else [reason("no_swap", label=label)]
    if not own:
        return [] if any(True for _ in part_moves(b, colour, label)) else [reason("no_foreign", label=label)]
    out = []
    if v == 5:
        why: list = []
        if bd.enter(b, colour, why) is None:
            out.append(reason(why[0][0], label=label, field=why[0][1], colour=colour))
    for a in bd.pieces(b, colour):
        why = []
        if bd.forward(b, a, v, False, why) is None:
            kind, at = why[0]
            out.append(reason(kind, label=label, src=a, field=at, colour=colour,
                              owner=bd.owner(b, at) if kind.startswith("fresh") else colour))
    return out


def _seven_board(b: bytes, colour: int, part) -> bytes:
    for a, k in part.args:
        b = (bd.forward if k > 0 else bd.backward)(b, a, abs(k), True)[0]
    return b


def _part(b: bytes, nb: bytes, colour: int, part) -> list[Reason]:
    label = part.label
    if part.kind == "e":
        start = bd.START[colour]
        out = [reason("enter", label=label, colour=colour, field=start)]
        if b[start]:
            out.append(reason("captured", field=start, owner=(b[start] - 1) & 3))
        return out
    if part.kind == "x":
        a, x = part.args
        return [reason("swap", label=label, src=a, dst=x, colour=bd.owner(b, a), owner=bd.owner(b, x))]
    if part.kind in "fb":
        (a,) = part.args
        steps = label_action(label)[1]
        dest = (bd.forward if part.kind == "f" else bd.backward)(b, a, steps)[1]
        piece = bd.owner(b, a)
        kind = "into_stall" if dest >= bd.STALL and a < bd.RING else \
            "forward" if part.kind == "f" else "backward"
        out = [reason(kind, label=label, src=a, dst=dest, colour=piece)]
        if dest < bd.RING and b[dest]:
            out.append(reason("captured", field=dest, owner=(b[dest] - 1) & 3))
        return out
    out = [reason("seven", label=label, n=len(part.args))]
    cur = b
    for a, k in part.args:
        piece = bd.owner(cur, a)
        step = bd.forward if k > 0 else bd.backward
        nxt, dest = step(cur, a, abs(k), True)
        kind = "into_stall" if dest >= bd.STALL and a < bd.RING else "forward" if k > 0 else "backward"
        out.append(reason(kind, label=label, src=a, dst=dest, colour=piece))
        path = {(a + (t if k > 0 else -t)) % bd.RING for t in range(1, abs(k) + 1)} if a < bd.RING else set()
        for i in sorted(path):   # every field a seven steps on captures (the mover's own too)
            if cur[i] and i != a and (i == dest or nxt[i] == 0):
                out.append(reason("captured", field=i, owner=(cur[i] - 1) & 3))
        cur = nxt
    return out
