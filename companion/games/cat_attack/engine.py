"""Applying Cat Attack events: lives, larders, shops, the car, the Mog piles, the cat fight, the
end-of-turn penalties, retirements and the win.

`apply` returns the new position and the events a table announces, as (name, value) pairs:
("life", (seat, lost, left)), ("retired", seat), ("home", seat), ("draw", (seat, cards)),
("reshuffle", True), ("swap_card", (by, with)), ("fight", (winner, loser)), ("ask", "raid"|"burglar"|"garden:<shop>"|"streets:<digits>"),
("car", streets), ("shop", (shop, open)), ("treat", (seat, treat, from)), ("win_check", seat),
("winner", seat), ("draw_game", True).
"""
from __future__ import annotations

from dataclasses import replace

from companion.games.eventgame import Refusal
from companion.games.cat_attack.moves import legal_moves, shop_treat, streets_passed
from companion.games.cat_attack.state import (CAME_HOME, CARD, CURIOUS, FIGHT, FIRST, FULL_LARDER,
                                              ON_FIELD,
                                              HAND, HITS, KIND_NAMES, KINDS, SPECIALS, LANDED, MAX_LIVES, MOG_DECK, MOVE, OVER,
                                              PENALTY, ROLL, SHOPS, WIN_BY_CARD,
                                              Move, Position, treat_count)
from companion.games.fields import next_seat

Events = list[tuple[str, object]]


#: what the young players' rules leave out, as the refusal names it
YOUNG_LEAVE_OUT = {"fight": "fights", "six": "six-cat magic", "raid": "raids", "trespass": "trespassing",
                   "loot": "looting"}

def initial(seats: int, lives: int = MAX_LIVES) -> Position:
    return Position(lives=(lives,) * seats, home=(True,) * seats, larders=(0,) * seats,
                    hands=(HAND,) * seats, pile=MOG_DECK - HAND * seats)


def _set(values: tuple, seat: int, value) -> tuple:
    return values[:seat] + (value,) + values[seat + 1:]


def apply(pos: Position, move: Move, rules: frozenset[str]) -> tuple[Position, Events]:
    if pos.phase == OVER:
        raise Refusal("the game is over", "over")
    if move not in legal_moves(pos, rules):
        raise _why_not(pos, move, rules)
    events: Events = []
    handler = {FIRST: _first, ROLL: _roll, CARD: _card, MOVE: _report, FIGHT: _fight,
               HITS: _hits, PENALTY: _penalty}[pos.phase]
    return handler(pos, move, rules, events), events


def _why_not(pos: Position, move: Move, rules: frozenset[str]) -> Refusal:
    """A short reason for an illegal event, naming the rule it breaks (key and values for the
    tables: seats 1-based, a card kind as its letter, a phase by name)."""
    a, k = pos.active, move.kind
    expected = {FIRST: "the start player is drawn (first:N)", ROLL: "the die is rolled (d6:N)",
                CARD: "the active player plays a Mog card, a cat fight or six-cats magic",
                MOVE: "the active player reports what the cat landed on, or done",
                FIGHT: f"the fight goes on with a {pos.fight and pos.fight[2]} card, or none",
                HITS: "the players say which cats were hit (hit:seats)",
                PENALTY: "the end-of-turn question is answered (stayed or left)"}[pos.phase]
    if pos.phase == MOVE and pos.used & LANDED and k in ("catch", "shop", "attack", "raid", "home",
                                                          "burgle", "jam"):
        return Refusal("the cat has already landed this move", "landed")
    victim = move.a if isinstance(move.a, int) and 0 <= move.a < pos.seats else None
    if k in ("fight", "six", "raid", "trespass", "loot") and "young" in rules:
        return Refusal(f"the young players' rules leave out {YOUNG_LEAVE_OUT[k]}", "young", kind=k)
    if k == "card" and pos.phase == FIGHT and move.card and move.card[0] != pos.fight[2]:
        kind = KIND_NAMES[KINDS.index(pos.fight[2])]
        return Refusal(f"{move.card} is not a {kind} card: this fight is fought with {kind} cards",
                       "fight_kind", card=move.card, kind=pos.fight[2])
    if victim is not None and k in ("attack", "fight", "trespass"):
        if victim == a:
            return Refusal("a cat cannot do that to itself", "self")
        if not pos.alive(victim):
            return Refusal(f"seat {victim + 1} has retired", "retired", seat=victim + 1)
        if pos.home[victim]:
            return Refusal(f"seat {victim + 1}'s cat is at home, where it cannot be attacked",
                           "at_home", seat=victim + 1)
    if k in ("raid", "six", "burgle", "loot") and victim is not None and move.b is not None:
        if not pos.larders[victim] >> move.b & 1:
            return Refusal(f"seat {victim + 1}'s larder holds no such treat", "no_treat",
                           seat=victim + 1)
        if pos.alive(victim) and pos.home[victim]:
            return Refusal(f"seat {victim + 1}'s cat is at home: its larder cannot be raided",
                           "larder_home", seat=victim + 1)
    if k in ("raid", "burgle", "shop", "catch", "loot") and move.b is not None and a is not None \
            and pos.larders[a] >> move.b & 1:
        return Refusal("a larder holds one treat of each kind, and this one is already there",
                       "has_treat")
    if k == "shop" and move.b is not None:
        return Refusal("that shop is closed: its garden cannot be entered", "shop_closed")
    if k == "done" and pos.phase == MOVE:
        return Refusal("under no-dead-special a Cat Attack or Cat Burglar card must hit"
                       " something", "dead_special")
    return Refusal(f"not possible now: {expected}", "not_now", phase=pos.phase,
                   kind=pos.fight[2] if pos.phase == FIGHT else "")


# Helpers --------------------------------------------------------------------------------------
def _draw(pos: Position, seat: int, cards: int, events: Events) -> Position:
    """`seat` draws `cards` Mog cards, reshuffling the discards when the pile runs out."""
    pile, discard = pos.pile, pos.discard
    drawn = 0
    for _ in range(cards):
        if pile == 0:
            if discard == 0:
                break
            pile, discard = discard, 0
            events.append(("reshuffle", True))
        pile -= 1
        drawn += 1
    events.append(("draw", (seat, drawn)))
    return replace(pos, pile=pile, discard=discard,
                   hands=_set(pos.hands, seat, pos.hands[seat] + drawn))


def _discard(pos: Position, seat: int, cards: int) -> Position:
    return replace(pos, discard=pos.discard + cards,
                   hands=_set(pos.hands, seat, pos.hands[seat] - cards))


def _refill(pos: Position, seat: int, events: Events) -> Position:
    if pos.alive(seat) and pos.hands[seat] < HAND:
        pos = _draw(pos, seat, HAND - pos.hands[seat], events)
    return pos


def _lose(pos: Position, seat: int, lives: int, events: Events) -> Position:
    """`seat` loses lives and goes home; at 0 it retires (its cards go face up on the discards)."""
    left = max(0, pos.lives[seat] - lives)
    events.append(("life", (seat, pos.lives[seat] - left, left)))
    pos = replace(pos, lives=_set(pos.lives, seat, left), home=_set(pos.home, seat, left > 0))
    if left == 0:
        events.append(("retired", seat))
        pos = _discard(pos, seat, pos.hands[seat])
    else:
        events.append(("home", seat))
    return pos


def _take(pos: Position, seat: int, treat: int, victim: int | None, events: Events) -> Position:
    larders = _set(pos.larders, seat, pos.larders[seat] | 1 << treat)
    if victim is not None:
        larders = _set(larders, victim, larders[victim] & ~(1 << treat))
    events.append(("treat", (seat, treat, victim)))
    if larders[seat] == FULL_LARDER:
        events.append(("win_check", seat))   # "6 of 6 — now roll home exactly"
    return replace(pos, larders=larders)


def _settle(pos: Position, events: Events, rules) -> Position | None:
    """After lives were lost: the game may be over (last cat standing, A12 all gone: a draw), or
    the active cat may have retired (its turn ends). None: play goes on as it was."""
    alive = pos.alive_seats()
    if len(alive) == 1:
        events.append(("winner", alive[0]))
        return _over(pos, alive[0], "last")
    if not alive:
        events.append(("draw_game", True))
        return _over(pos, None, "draw")
    if not pos.alive(pos.active):
        return _next_turn(pos, events)
    return None


def _over(pos: Position, winner: int | None, how: str) -> Position:
    return replace(pos, phase=OVER, turn=winner, end=how, segment=None, used=0, fight=None,
                   hits=None, rolls=0)


def _next_turn(pos: Position, events: Events) -> Position:
    seat = next_seat(pos.active, pos.seats)
    while not pos.alive(seat):
        seat = next_seat(seat, pos.seats)
    return replace(pos, phase=CARD, active=seat, turn=seat, rolls=1, die=None, segment=None,
                   used=0, raided=0, burgled=False, fight=None, hits=None)


def _after_movement(pos: Position, events: Events) -> Position:
    """A card or a segment is over: roll if a roll is still due, else the end of the turn."""
    pos = replace(pos, segment=None, used=0)
    if pos.rolls > 0:
        return replace(pos, phase=ROLL, turn=None)
    return _end_of_turn(pos, events)


def _end_of_turn(pos: Position, events: Events) -> Position:
    a = pos.active
    if pos.home[a]:
        pos = replace(pos, raided=0, burgled=False)   # back home: nobody is still standing there
    if pos.raided or pos.burgled:
        question = "raid" if pos.raided else "burglar"
        events.append(("ask", question))
        return replace(pos, phase=PENALTY, turn=a)
    return _next_turn(pos, events)


# Phases ---------------------------------------------------------------------------------------
def _first(pos: Position, move: Move, rules, events: Events) -> Position:
    return replace(pos, phase=CARD, active=move.a, turn=move.a, rolls=1)


def _roll(pos: Position, move: Move, rules, events: Events) -> Position:
    a = pos.active
    return replace(pos, phase=MOVE, turn=a, rolls=pos.rolls - 1, die=move.a, segment="die",
                   used=0, home=_set(pos.home, a, False))


def _card(pos: Position, move: Move, rules, events: Events) -> Position:
    a, k = pos.active, move.kind
    if k == "time":
        return _time_up(pos, events)
    if k == "fight":
        pos = replace(pos, phase=FIGHT, fight=(a, move.a, move.card), turn=a,
                      home=_set(pos.home, a, False))
        return pos
    if k == "six":
        pos = _discard(pos, a, HAND)
        pos = replace(pos, larders=_set(pos.larders, move.a, pos.larders[move.a] & ~(1 << move.b)))
        events.append(("treat", (None, move.b, move.a)))
        return _after_movement(_draw(pos, a, HAND, events), events)
    pos = _draw(_discard(pos, a, 1), a, 1, events)
    if k == "loot":
        return _after_movement(_take(pos, a, move.b, move.a, events), events)
    card = move.card
    if card == "SPEEDY":
        return _after_movement(replace(pos, rolls=pos.rolls + 3), events)
    if card not in SPECIALS and card[0] in "MB":
        return _after_movement(pos, events)   # a mouse or bird moves; the cat stays
    segment = {"ATTACK": "attack", "BURGLAR": "burglar"}.get(card, "card")
    return replace(pos, phase=MOVE, segment=segment, used=0, home=_set(pos.home, a, False),
                   burgled=pos.burgled or card == "BURGLAR")


def _time_up(pos: Position, events: Events) -> Position:
    best = max(_score(pos, s) for s in range(pos.seats))
    top = [s for s in range(pos.seats) if _score(pos, s) == best]
    winner = top[0] if len(top) == 1 else None
    events.append(("winner", winner) if winner is not None else ("draw_game", True))
    return _over(pos, winner, "time")


def _score(pos: Position, seat: int) -> tuple[int, int]:
    """The timed game: lives + treats, ties broken by treats."""
    treats = treat_count(pos.larders[seat])
    return pos.lives[seat] + treats, treats


def ranking(pos: Position) -> tuple[tuple[int, ...], ...]:
    scores = sorted({_score(pos, s) for s in range(pos.seats)}, reverse=True)
    return tuple(tuple(s for s in range(pos.seats) if _score(pos, s) == sc) for sc in scores)


def _report(pos: Position, move: Move, rules, events: Events) -> Position:
    a, k, seg = pos.active, move.kind, pos.segment
    if k == "done":
        return _after_movement(pos, events)
    if k == "curiosity":
        return _curiosity(replace(pos, used=pos.used | CURIOUS), move, events)
    if k == "trespass":
        pos = _attacked(pos, move.a, events)
        return _settle(pos, events, rules) or pos
    on_field = ON_FIELD if k in ("shop", "raid", "burgle", "home") else 0
    pos = replace(pos, used=pos.used | LANDED | on_field)
    if k in ("catch", "shop"):
        return _take(pos, a, move.b, None, events)
    if k in ("raid", "burgle"):
        if move.a is not None and k == "raid" and pos.alive(move.a):
            pos = replace(pos, raided=pos.raided | 1 << move.a)
        return _take(pos, a, move.b, move.a, events)
    if k == "attack":
        pos = _attacked(pos, move.a, events)
        return _settle(pos, events, rules) or pos
    if k == "home":
        pos = replace(pos, home=_set(pos.home, a, True), used=pos.used | CAME_HOME)
        if pos.larders[a] == FULL_LARDER and (seg == "die" or WIN_BY_CARD in rules):
            events.append(("winner", a))
            return _over(pos, a, "home")
        return pos
    # jam: -1 life per obstacle and home; the movement is over
    pos = _lose(pos, a, move.a, events)
    return _settle(pos, events, rules) or _after_movement(pos, events)


def _attacked(pos: Position, victim: int, events: Events) -> Position:
    """An attack by the active cat: -1 life and home; A8: the attacker may swap one card."""
    pos = _lose(pos, victim, 1, events)
    if pos.alive(victim):
        events.append(("swap_card", (pos.active, victim)))
    return pos


def _curiosity(pos: Position, move: Move, events: Events) -> Position:
    what = move.card
    if what in ("close", "open"):
        pos = replace(pos, shops=pos.shops ^ 1 << move.a)
        events.append(("shop", (move.a, what == "open")))
        if what == "close" and pos.away():
            events.append(("ask", f"garden:{SHOPS[move.a]}"))
            return replace(pos, phase=HITS, hits=f"close:{SHOPS[move.a]}")
        return pos
    if what == "car":
        streets = streets_passed(pos.car, move.a)
        pos = replace(pos, car=move.a)
        events.append(("car", streets))
        if pos.away():
            events.append(("ask", "streets:" + "".join(map(str, streets))))
            return replace(pos, phase=HITS, hits="car:" + "".join(map(str, streets)))
        return pos
    if what == "again":
        return replace(pos, phase=CARD, segment=None, used=0)
    return pos


def _hits(pos: Position, move: Move, rules, events: Events) -> Position:
    for seat in range(pos.seats):
        if move.a >> seat & 1:
            pos = _lose(pos, seat, 1, events)
    pos = replace(pos, phase=MOVE, turn=pos.active, hits=None)
    return _settle(pos, events, rules) or pos


def _fight(pos: Position, move: Move, rules, events: Events) -> Position:
    attacker, defender, kind = pos.fight
    seat = pos.turn
    if move.kind == "none":
        winner = defender if seat == attacker else attacker
        events.append(("fight", (winner, seat)))
        pos = _lose(replace(pos, fight=None), seat, 1, events)
        pos = _refill(_refill(pos, attacker, events), defender, events)
        if pos.alive(seat):
            events.append(("swap_card", (winner, seat)))
        return _settle(pos, events, rules) or _after_movement(replace(pos, turn=attacker), events)
    pos = _discard(pos, seat, 1)
    if seat == attacker:
        return replace(pos, turn=defender)
    if pos.hands[attacker] == 0 and pos.hands[defender] == 0:
        # both ran out: both draw six, the attacker first, and the fight goes on
        pos = _draw(_draw(pos, attacker, HAND, events), defender, HAND, events)
    return replace(pos, turn=attacker)


def _penalty(pos: Position, move: Move, rules, events: Events) -> Position:
    a = pos.active
    raid = bool(pos.raided)
    pos = replace(pos, raided=0) if raid else replace(pos, burgled=False)
    if move.kind == "stayed":
        pos = _lose(pos, a, 2 if raid else 1, events)
        settled = _settle(pos, events, rules)
        if settled is not None:
            return settled
    return _end_of_turn(pos, events)
