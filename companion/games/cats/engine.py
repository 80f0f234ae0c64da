"""The judgements the companion makes in Cats: steps and hisses (counted, not placed: the board is
not sensed), the reaction window, the swap, the challenge and a claimed win.

`apply` returns the new position and the events a table announces (who draws a replacement, a
reshuffle, the challenge verdict, an extra turn, the winner) as (name, value) pairs.
"""
from __future__ import annotations

from dataclasses import replace

from companion.games.eventgame import Refusal
from companion.games.cats.state import (CHALLENGE, DEAL, HAND, LOT, MAX_OBJECT_STEPS, MAX_STEPS,
                                        MOVE, N_CATS, N_OBJECTS, N_ROOMS, OVER, OWN_FIRST_TURN,
                                        REACT, SWAP, UPTO4, Move, Position, DECK)
from companion.games.fields import next_seat

Events = list[tuple[str, object]]


def initial(seats: int) -> Position:
    return Position(secrets=(None,) * seats)


def deal_moves(pos: Position) -> list[Move]:
    """The next seat's secrets: every cat card and character card not dealt yet. Dealing seat by
    seat keeps each chance node small (at most 5 x 4 outcomes) and matches the table, where
    each player taps (or is shown) their two cards in turn."""
    cats = {s[0] for s in pos.secrets if s is not None}
    objs = {s[1] for s in pos.secrets if s is not None}
    return [Move("deal", a=c, b=o) for c in range(N_CATS) if c not in cats
            for o in range(N_OBJECTS) if o not in objs]


def quiet(pos: Position, rules: frozenset[str]) -> bool:
    """C10: no hissing, reaction cards or challenges yet (by default until all had a turn)."""
    if OWN_FIRST_TURN in rules:
        return not pos.had >> pos.active & 1
    return pos.had != (1 << pos.seats) - 1


# Legal moves ---------------------------------------------------------------------------------
def legal_moves(pos: Position, rules: frozenset[str]) -> list[Move]:
    if pos.phase == OVER:
        return []
    if pos.phase == DEAL:
        return deal_moves(pos)
    if pos.phase == LOT:
        return [Move("first", a=s) for s in range(pos.seats)]
    if pos.phase == MOVE:
        moves = move_phase_moves(pos, rules)
    elif pos.phase == REACT:
        moves = reaction_moves(pos, pos.turn) + [Move("pass")]
    elif pos.phase == SWAP:
        moves = [Move("swap"), Move("pass")]
    else:
        moves = challenge_moves(pos) + [Move("pass")]
    return moves + win_moves(pos)


def can_step(pos: Position, piece: int) -> bool:
    if pos.steps >= MAX_STEPS:
        return False
    if piece >= N_CATS:
        return pos.object_steps < MAX_OBJECT_STEPS
    bit = 1 << piece
    owner = pos.revealed[piece]
    return (not (pos.hissed | pos.stopped) & bit) and owner in (None, pos.active)


def can_hiss(pos: Position, rules: frozenset[str], hisser: int, target: int) -> Refusal | None:
    """None if `hisser` may hiss at `target` now, else why not (to raise)."""
    if quiet(pos, rules):
        return Refusal("nobody hisses in the first round", "quiet")
    if pos.last is None:
        return Refusal("no cat has moved yet: a cat hisses when it stops", "hiss_none")
    if pos.last != hisser:
        return Refusal(f"only the cat just moved (cat {_piece(pos.last)}) may hiss: a cat hisses"
                       f" when it stops", "hiss_last", cat=_piece(pos.last))
    if pos.hissed >> hisser & 1:
        return Refusal(f"cat {hisser + 1} was hissed at and is out of this turn", "hisser_hissed",
                       cat=hisser + 1)
    if target == hisser:
        return Refusal("a cat cannot hiss at itself", "hiss_self")
    if pos.revealed[target] is not None:
        return Refusal(f"cat {target + 1} is revealed and may not be hissed at", "hiss_revealed",
                       cat=target + 1)
    if pos.hissed >> target & 1:
        return Refusal(f"cat {target + 1} was already hissed at this turn", "hiss_again",
                       cat=target + 1)
    return None


def move_phase_moves(pos: Position, rules: frozenset[str]) -> list[Move]:
    moves = [Move("step", a=p) for p in range(N_CATS + N_OBJECTS) if can_step(pos, p)]
    if pos.last is not None and pos.last < N_CATS:
        moves += [Move("hiss", a=pos.last, b=t) for t in range(N_CATS)
                  if can_hiss(pos, rules, pos.last, t) is None]
    moves.append(Move("end") if pos.steps == MAX_STEPS or UPTO4 in rules else Move("blocked"))
    return moves


def eligible(pos: Position) -> int:
    """Cats a Miau may still send: moved by A, not hissed at, not revealed, not locked."""
    return pos.moved & ~pos.hissed & ~pos.revealed_mask() & ~pos.locked


def miau_problem(pos: Position, seat: int, cat: int, room: int) -> Refusal | None:
    if not eligible(pos) >> cat & 1:
        key, why = (("miau_revealed", "is revealed") if pos.revealed[cat] is not None else
                    ("miau_locked", "is locked by a Schnurr") if pos.locked >> cat & 1 else
                    ("miau_hissed", "was hissed at") if pos.hissed >> cat & 1 else
                    ("miau_unmoved", "was not moved this turn"))
        return Refusal(f"cat {cat + 1} {why}", key, cat=cat + 1)
    last = pos.miau[cat]
    if last is not None and last[0] == seat:
        return Refusal(f"seat {seat + 1} sent cat {cat + 1} last; another player must move it in"
                       f" between", "miau_again", seat=seat + 1, cat=cat + 1)
    if seat == pos.active and last is None:
        return Refusal(f"the active player may not play the first Miau on cat {cat + 1}",
                       "miau_active", cat=cat + 1)
    if last is not None and last[1] == room:
        return Refusal(f"cat {cat + 1} is already in room {room + 1}", "miau_room", cat=cat + 1,
                       room=room + 1)
    return None


def reaction_moves(pos: Position, seat: int) -> list[Move]:
    moves = [Move("miau", a=c, b=r) for c in range(N_CATS) for r in range(N_ROOMS)
             if miau_problem(pos, seat, c, r) is None]
    if pos.pending is not None:
        moves.append(Move("schnurr"))
    return moves


def challenge_moves(pos: Position) -> list[Move]:
    known = pos.revealed_mask()
    return [Move("challenge", a=s, b=c) for s in range(pos.seats)
            if s != pos.active and s not in pos.revealed
            for c in range(N_CATS) if not known >> c & 1]


def win_moves(pos: Position) -> list[Move]:
    return [Move("win", a=s[0], b=s[1]) for s in pos.secrets if s is not None]


# Applying moves --------------------------------------------------------------------------------
def apply(pos: Position, move: Move, rules: frozenset[str]) -> tuple[Position, Events]:
    """The position after `move` and the events to announce; Refusal (reason only)."""
    events: Events = []
    kind = move.kind
    if pos.phase == OVER:
        raise Refusal("the game is over", "over")
    if pos.phase in (DEAL, LOT):
        return _setup(pos, move), events
    if kind == "win":
        return _win(pos, move), [("winner", pos.owner_of(move.a))]
    handler = {MOVE: _move_phase, REACT: _react, SWAP: _swap, CHALLENGE: _challenge}[pos.phase]
    return handler(pos, move, rules, events), events


def _setup(pos: Position, move: Move) -> Position:
    if pos.phase == DEAL:
        if move.kind != "deal":
            raise Refusal("the secret cards must be dealt first (a deal:… chance move)", "deal_first")
        if move not in deal_moves(pos):
            raise Refusal("each cat card and each character card can be dealt only once", "deal_twice")
        seat = pos.secrets.index(None)
        secrets = pos.secrets[:seat] + ((move.a, move.b),) + pos.secrets[seat + 1:]
        if None in secrets:
            return replace(pos, secrets=secrets)
        return replace(pos, secrets=secrets, phase=LOT, pile=DECK - HAND * pos.seats)
    if move.kind != "first" or not 0 <= (move.a if move.a is not None else -1) < pos.seats:
        raise Refusal(f"the start player is drawn by lot next (first:1…first:{pos.seats})", "lot",
                      seats=pos.seats)
    return replace(pos, phase=MOVE, active=move.a, turn=move.a)


def _win(pos: Position, move: Move) -> Position:
    owner = pos.owner_of(move.a)
    if owner is None or pos.secrets[owner][1] != move.b:
        raise Refusal(f"no player's cat {move.a + 1} loves that object; play on", "no_win",
                      cat=move.a + 1)
    return replace(pos, phase=OVER, turn=owner, win=(move.a, move.b))


def _move_phase(pos: Position, move: Move, rules, events: Events) -> Position:
    if move.kind == "step":
        piece = move.a
        if piece is None or not 0 <= piece < N_CATS + N_OBJECTS or not can_step(pos, piece):
            raise _step_problem(pos, piece)
        is_cat = piece < N_CATS
        stopped = pos.stopped
        if pos.last is not None and pos.last != piece and pos.last < N_CATS:
            stopped |= 1 << pos.last   # C4: moving another piece ends the last cat's movement
        return replace(pos, steps=pos.steps + 1, object_steps=pos.object_steps + (not is_cat),
                       moved=pos.moved | (1 << piece if is_cat else 0), stopped=stopped, last=piece)
    if move.kind == "hiss":
        why = can_hiss(pos, rules, move.a, move.b)
        if why:
            raise why
        return replace(pos, hissed=pos.hissed | 1 << move.b, stopped=pos.stopped | 1 << move.a)
    if move.kind in ("end", "blocked"):
        if Move(move.kind) not in move_phase_moves(pos, rules):
            if move.kind == "end":
                raise Refusal(f"{pos.steps} of {MAX_STEPS} steps taken: 'end' needs all four (or"
                              f" the upto4 rules); say 'blocked' if no further step is possible",
                              "end_early", steps=pos.steps, of=MAX_STEPS)
            raise Refusal("'blocked' is only for ending with fewer than four steps", "not_blocked")
        return _open_window(pos, rules, events)
    raise Refusal(f"'{move.kind}' is not possible while the active player moves"
                  f" (step, hiss, end, blocked or win)", "move_kind", kind=move.kind)


def _step_problem(pos: Position, piece) -> Refusal:
    if piece is None or not 0 <= piece < N_CATS + N_OBJECTS:
        return Refusal("no such piece (cats 1-5, objects b, c, m, p)", "no_piece")
    if pos.steps >= MAX_STEPS:
        return Refusal(f"all {MAX_STEPS} steps are taken", "all_steps", n=MAX_STEPS)
    if piece >= N_CATS:
        return Refusal(f"only {MAX_OBJECT_STEPS} steps may move objects", "object_steps",
                       n=MAX_OBJECT_STEPS)
    if pos.hissed >> piece & 1:
        return Refusal(f"cat {piece + 1} was hissed at and may not be moved this turn",
                       "step_hissed", cat=piece + 1)
    if pos.stopped >> piece & 1 and pos.last == piece:
        # stopped, yet still the cat moved last: no other piece moved since, so it stopped to hiss
        return Refusal(f"cat {piece + 1} has stopped: it stopped to hiss", "stopped_hiss", cat=piece + 1)
    if pos.stopped >> piece & 1:
        return Refusal(f"cat {piece + 1} has stopped: its movement ended when another piece moved",
                       "stopped", cat=piece + 1)
    return Refusal(f"cat {piece + 1} is revealed: only its owner may move it", "step_revealed",
                   cat=piece + 1)


def _piece(piece: int | None) -> str:
    return "-" if piece is None else str(piece + 1)


def _open_window(pos: Position, rules, events: Events) -> Position:
    if quiet(pos, rules) or not eligible(pos):
        events.append(("window", "none"))
        return _start_swap(pos)
    return _seek(replace(pos, phase=REACT, passes=0), next_seat(pos.active, pos.seats), events)


def _seek(pos: Position, seat: int, events: Events) -> Position:
    """C5: the next seat clockwise that could play a card; seats that could not count as passes.
    The window closes after a full round of passes."""
    passes = pos.passes
    while passes < pos.seats:
        if reaction_moves(pos, seat):
            return replace(pos, turn=seat, passes=passes)
        passes += 1
        seat = next_seat(seat, pos.seats)
    events.append(("window", "closed"))
    return _start_swap(pos)


def _draw(pos: Position, seat: int, cards: int, events: Events) -> Position:
    """`seat` puts `cards` on the discard pile and draws as many (C11: reshuffle when empty)."""
    pile, discard = pos.pile, pos.discard + cards
    for _ in range(cards):
        if pile == 0:
            pile, discard = discard, 0
            events.append(("reshuffle", True))
        pile -= 1
    events.append(("draw", seat))
    return replace(pos, pile=pile, discard=discard)


def _react(pos: Position, move: Move, rules, events: Events) -> Position:
    seat = pos.turn
    if move.kind == "pass":
        return _seek(replace(pos, passes=pos.passes + 1), next_seat(seat, pos.seats), events)
    if move.kind == "miau":
        if move.a is None or not (0 <= move.a < N_CATS and 0 <= move.b < N_ROOMS):
            raise Refusal("a Miau names a cat 1-5 and a room 1-10", "miau_names")
        why = miau_problem(pos, seat, move.a, move.b)
        if why:
            raise why
        miau = list(pos.miau)
        miau[move.a] = (seat, move.b)
        pos = replace(pos, miau=tuple(miau), pending=move.a, passes=0)
    elif move.kind == "schnurr":
        if pos.pending is None:
            raise Refusal("there is no Miau for a Schnurr to cancel", "no_miau")
        cat = pos.pending
        miau = list(pos.miau)
        miau[cat] = (miau[cat][0], None)   # back where it was before that Miau: room not known
        pos = replace(pos, miau=tuple(miau), pending=None, locked=pos.locked | 1 << cat, passes=0)
        events.append(("locked", cat))
    else:
        raise Refusal(f"'{move.kind}' is not possible in the reaction window"
                      f" (miau, schnurr, pass or win)", "react_kind", kind=move.kind)
    pos = _draw(pos, seat, 1, events)
    return _seek(pos, next_seat(seat, pos.seats), events)


def _start_swap(pos: Position) -> Position:
    return replace(pos, phase=SWAP, turn=next_seat(pos.active, pos.seats), pending=None, passes=0)


def _swap(pos: Position, move: Move, rules, events: Events) -> Position:
    if move.kind not in ("swap", "pass"):
        raise Refusal(f"'{move.kind}' is not possible while players swap (swap, pass or win)",
                      "swap_kind", kind=move.kind)
    if move.kind == "swap":
        pos = _draw(pos, pos.turn, 1, events)
    if pos.turn != pos.active:
        return replace(pos, turn=next_seat(pos.turn, pos.seats))
    if not quiet(pos, rules) and not pos.challenged >> pos.active & 1 and challenge_moves(pos):
        return replace(pos, phase=CHALLENGE, turn=pos.active)
    return _next_turn(pos, next_seat(pos.active, pos.seats))


def _challenge(pos: Position, move: Move, rules, events: Events) -> Position:
    if move.kind == "pass":
        return _next_turn(pos, next_seat(pos.active, pos.seats))
    if move.kind != "challenge" or move not in challenge_moves(pos):
        raise Refusal("a challenge names another player whose cat is not revealed and"
                      " a colour not yet revealed (or pass)", "challenge")
    seat, cat = move.a, move.b
    revealed = list(pos.revealed)
    pos = replace(pos, challenged=pos.challenged | 1 << pos.active)
    if pos.secrets[seat][0] == cat:
        revealed[cat] = seat
        events += [("challenge", "right"), ("revealed", (cat, seat)), ("extra_turn", pos.active)]
        return _next_turn(replace(pos, revealed=tuple(revealed)), pos.active)
    own = pos.secrets[pos.active][0]
    revealed[own] = pos.active
    events += [("challenge", "wrong"), ("revealed", (own, pos.active))]
    return _next_turn(replace(pos, revealed=tuple(revealed)), next_seat(pos.active, pos.seats))


def _next_turn(pos: Position, seat: int) -> Position:
    return replace(pos, phase=MOVE, active=seat, turn=seat, had=pos.had | 1 << pos.active,
                   steps=0, object_steps=0, moved=0, hissed=0, stopped=0, last=None, locked=0,
                   miau=(None,) * N_CATS, pending=None, passes=0)
