"""Which events are legal in a Cat Attack position: the checks the scorekeeper makes on what the
players tap and report (the board itself stays on the honour system)."""
from __future__ import annotations

from companion.games.cat_attack.state import (BIRD, CAME_HOME, CARD, CURIOUS, DIE, FIGHT, FIRST,
                                              HITS, KINDS, LANDED, MOUSE, MOVE, NO_DEAD_SPECIAL,
                                              ON_FIELD,
                                              OVER, PENALTY, ROLL, SHOPS, SPECIALS, STREETS,
                                              TIMED, TREATS, YOUNG, Move, Position)
from companion.games.fields import bits

CARDS = tuple(f"{k}{v}" for k in KINDS for v in range(1, 7)) + SPECIALS
MAX_JAM = 4


def shop_treat(shop: int) -> int:
    return TREATS.index(SHOPS[shop])


def legal_moves(pos: Position, rules: frozenset[str]) -> list[Move]:
    phase = pos.phase
    if phase == OVER:
        return []
    if phase == FIRST:
        return [Move("first", a=s) for s in range(pos.seats)]
    if phase == ROLL:
        return [Move("d6", a=v) for v in range(1, DIE + 1)]
    if phase == CARD:
        return card_moves(pos, rules)
    if phase == MOVE:
        return report_moves(pos, rules)
    if phase == FIGHT:
        kind = pos.fight[2]
        return [Move("card", card=f"{kind}{v}") for v in range(1, 7)] + [Move("none")]
    if phase == HITS:
        away = bits(pos.away())
        return [Move("hit", a=sum(1 << away[i] for i in range(len(away)) if m >> i & 1))
                for m in range(1 << len(away))]
    return [Move("stayed"), Move("left")]


def lacks(pos: Position, seat: int, treat: int) -> bool:
    return not pos.larders[seat] >> treat & 1


def can_take_from(pos: Position, victim: int, treat: int) -> bool:
    """The victim's larder holds the treat and the active cat's does not (one of each kind)."""
    return (victim != pos.active and pos.larders[victim] >> treat & 1
            and lacks(pos, pos.active, treat))


def raidable(pos: Position, victim: int) -> bool:
    """A larder may be raided unless its cat is at home; a retired cat's always may."""
    return not pos.alive(victim) or not pos.home[victim]


def card_moves(pos: Position, rules: frozenset[str]) -> list[Move]:
    a = pos.active
    moves = [Move("card", card=c) for c in CARDS
             if NO_DEAD_SPECIAL not in rules or c not in ("ATTACK", "BURGLAR")
             or landing_moves(pos, c.lower(), rules)]
    if YOUNG not in rules:
        moves += [Move("fight", a=x, card=k) for x in bits(pos.away()) if x != a for k in KINDS]
        moves += [Move("six", a=x, b=t) for t in (BIRD, MOUSE) for x in range(pos.seats)
                  if raidable(pos, x) and x != a and pos.larders[x] >> t & 1]
        moves += [Move("loot", a=x, b=t) for t in (BIRD, MOUSE) for x in range(pos.seats)
                  if not pos.alive(x) and can_take_from(pos, x, t)]
    if TIMED in rules:
        moves.append(Move("time"))
    return moves


def report_moves(pos: Position, rules: frozenset[str]) -> list[Move]:
    """What the active player may report after a movement segment."""
    landings = [] if pos.used & LANDED else landing_moves(pos, pos.segment, rules)
    if pos.used & CURIOUS:
        # the cat stands on a Curiosity field: it may only have jumped on a cat, bird or mouse there
        landings = [m for m in landings if m.kind in ("attack", "catch")]
    moves = list(landings)
    if pos.used & CAME_HOME and YOUNG not in rules:
        moves += [Move("trespass", a=x) for x in bits(pos.away()) if x != pos.active]
    if not pos.used & (CURIOUS | ON_FIELD) and pos.segment != "burglar":
        moves += curiosity_moves(pos)
    # A3: a Cat Attack or Cat Burglar that hit nothing is a dead card, unless no-dead-special
    # (then it must hit something while a target is left)
    if (pos.used & LANDED or pos.segment in ("card", "die") or NO_DEAD_SPECIAL not in rules
            or not landings):
        moves.append(Move("done"))
    return moves


def landing_moves(pos: Position, seg: str, rules: frozenset[str]) -> list[Move]:
    """What a cat may report landing on after a movement of kind `seg` (one landing a move)."""
    a, young = pos.active, YOUNG in rules
    away_others = [x for x in bits(pos.away()) if x != a]
    moves: list[Move] = []
    if seg in ("card", "die", "attack"):
        moves += [Move("catch", b=t) for t in (BIRD, MOUSE) if lacks(pos, a, t)]
        moves += [Move("attack", a=x) for x in away_others]
    if seg in ("card", "die"):
        moves += [Move("shop", b=shop_treat(s)) for s in range(len(SHOPS))
                  if pos.shops >> s & 1 and lacks(pos, a, shop_treat(s))]
        if not young:
            moves += [Move("raid", a=x, b=t) for x in range(pos.seats) if raidable(pos, x)
                      for t in range(len(TREATS)) if can_take_from(pos, x, t)]
        moves.append(Move("home"))
        moves += [Move("jam", a=n) for n in range(1, MAX_JAM + 1)]
    if seg == "burglar":
        moves += [Move("burgle", b=shop_treat(s)) for s in range(len(SHOPS))
                  if lacks(pos, a, shop_treat(s))]
        if not young:
            moves += [Move("burgle", a=x, b=t) for x in range(pos.seats) if raidable(pos, x)
                      for t in range(len(TREATS)) if can_take_from(pos, x, t)]
    return moves


def curiosity_moves(pos: Position) -> list[Move]:
    moves = [Move("curiosity", card="close" if pos.shops >> s & 1 else "open", a=s)
             for s in range(len(SHOPS))]
    moves += [Move("curiosity", card="car", a=k) for k in range(1, STREETS + 1)]
    return moves + [Move("curiosity", card="again"), Move("curiosity", card="other")]


def streets_passed(car: int, target: int) -> list[int]:
    """Streets the car drives along, clockwise, to stop in the middle of `target`: from the
    parking lot it enters street 1 first; already in the target street, it drives a full lap."""
    if car == 0:
        return list(range(1, target + 1))
    out, street = [car], car
    while True:
        street = street % STREETS + 1
        out.append(street)
        if street == target:
            return sorted(set(out))


def penalty_question(pos: Position) -> str | None:
    """What the end-of-turn prompt asks (phase penalty): 'raid' before 'burglar'."""
    if pos.phase != PENALTY:
        return None
    return "raid" if pos.raided else "burglar"
