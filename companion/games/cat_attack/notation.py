"""Text forms of Cat Attack positions and events (docs/rules/cat-attack.md, "Notation")."""
from __future__ import annotations

import re

from companion.games.base import NotationError
from companion.games.cat_attack.state import (CAME_HOME, CURIOUS, ENDS, FIGHT, FIRST, HAND, HITS,
                                              KINDS, LANDED, MAX_LIVES, MOG_DECK, MOVE, ON_FIELD, OVER,
                                              PHASES, ROLL, SEGMENTS, SHOPS, SPECIALS, STREETS,
                                              TREATS, USED_LETTERS, Move, Position)
from companion.games.fields import FieldReader, format_digits, seat_text

KEYS = ("cats", "hands", "shops", "car", "phase", "active", "turn", "rolls", "die", "seg",
        "raided", "burgled", "fight", "hits", "deck", "end")
USED_BITS = (LANDED, CURIOUS, CAME_HOME, ON_FIELD)


def _letters(mask: int, alphabet: str) -> str:
    return "".join(ch for i, ch in enumerate(alphabet) if mask >> i & 1) or "-"


def _mask(text: str, alphabet: str) -> int | None:
    """Letters of `alphabet`, each once, in its order (or '-') as a bitmask; None if not."""
    if text == "-":
        return 0
    idx = [alphabet.find(ch) for ch in text]
    if -1 in idx or idx != sorted(set(idx)):
        return None
    return sum(1 << i for i in idx)


def format_position(pos: Position) -> str:
    cats = ",".join(f"{pos.lives[s]}{'H' if pos.home[s] else 'A'}"
                    f"{_letters(pos.larders[s], TREATS).strip('-')}" for s in range(pos.seats))
    used = "".join(ch for ch, bit in zip(USED_LETTERS, USED_BITS) if pos.used & bit) or "-"
    fight = "-" if pos.fight is None else f"{pos.fight[0] + 1}>{pos.fight[1] + 1}:{pos.fight[2]}"
    values = {
        "cats": cats, "hands": ",".join(map(str, pos.hands)), "shops": _letters(pos.shops, SHOPS),
        "car": "P" if pos.car == 0 else str(pos.car), "phase": pos.phase,
        "active": seat_text(pos.active), "turn": seat_text(pos.turn), "rolls": str(pos.rolls),
        "die": "-" if pos.die is None else str(pos.die),
        "seg": "-" if pos.segment is None else f"{pos.segment}/{used}",
        "raided": format_digits(pos.raided), "burgled": "1" if pos.burgled else "0",
        "fight": fight, "hits": pos.hits or "-", "deck": f"{pos.pile}/{pos.discard}",
        "end": pos.end or "-",
    }
    return " ".join(f"{k}={values[k]}" for k in KEYS)


_CAT = re.compile(r"(\d)([HA])([a-z]*)")


def parse_position(text: str) -> Position:
    f = FieldReader("Cat Attack", text, KEYS)
    entries = f["cats"].split(",")
    if not 2 <= len(entries) <= 6:
        raise f.bad("cats", f"{len(entries)} seats; Cat Attack is for 2-6 players")
    n = len(entries)
    lives, home, larders = [], [], []
    for entry in entries:
        m = _CAT.fullmatch(entry)
        larder = _mask(m[3] or "-", TREATS) if m else None
        if not m or larder is None or int(m[1]) > MAX_LIVES or (m[1] == "0" and m[2] == "H"):
            raise f.bad("cats", f"{entry!r} must be lives 0-{MAX_LIVES}, H (at home) or A (away),"
                                f" then the treats held in the order {TREATS}; a retired cat is away")
        lives.append(int(m[1]))
        home.append(m[2] == "H")
        larders.append(larder)
    hands = f["hands"].split(",")
    if len(hands) != n or not all(h.isdigit() and int(h) <= HAND for h in hands):
        raise f.bad("hands", f"must give {n} hand sizes 0-{HAND}")
    hands = [int(h) for h in hands]
    phase = f.choice("phase", PHASES)
    shops = _mask(f["shops"], SHOPS)
    if shops is None:
        raise f.bad("shops", f"must list the open shops in the order {SHOPS}, or '-'")
    car = 0 if f["car"] == "P" else f.int("car", 1, STREETS)
    active, turn = f.seat("active", n), f.seat("turn", n)
    if (phase == FIRST) != (active is None):
        raise f.bad("active", "is '-' exactly before the start player is drawn")
    chance = phase in (FIRST, ROLL)
    if chance != (turn is None) and phase != OVER:
        raise f.bad("turn", "is '-' exactly at a chance move (phase first or roll)")
    if active is not None and phase != OVER and lives[active] == 0:
        raise f.bad("active", f"seat {active + 1} has retired")
    die = None if f["die"] == "-" else f.int("die", 1, 6)
    segment, used = None, 0
    if f["seg"] != "-":
        kind, used_text = f.pair("seg")
        used_mask = _mask(used_text, USED_LETTERS)
        if kind not in SEGMENTS or used_mask is None:
            raise f.bad("seg", f"must be one of {', '.join(SEGMENTS)}, '/', then letters of"
                               f" {USED_LETTERS!r} in order or '-'")
        segment = kind
        used = sum(bit for i, bit in enumerate(USED_BITS) if used_mask >> i & 1)
    if (segment is not None) != (phase in (MOVE, HITS)):
        raise f.bad("seg", "is set exactly while reports are due (phase move or hits)")
    fight = None
    if f["fight"] != "-":
        m = re.fullmatch(r"([1-6])>([1-6]):([CMB])", f["fight"])
        if not m or max(int(m[1]), int(m[2])) > n or m[1] == m[2]:
            raise f.bad("fight", "must be attacker>defender:kind (C, M or B)")
        fight = (int(m[1]) - 1, int(m[2]) - 1, m[3])
    if (fight is not None) != (phase == FIGHT) or (fight and fight[0] != active):
        raise f.bad("fight", "is set exactly during a cat fight, which the active player started")
    for s in range(n):
        fighting = fight is not None and s in fight[:2]
        want = 0 if lives[s] == 0 else None if fighting else HAND
        if want is not None and hands[s] != want:
            raise f.bad("hands", f"seat {s + 1} must hold {want} cards")
    hits = None if f["hits"] == "-" else f["hits"]
    if hits is not None and not re.fullmatch(rf"close:[{SHOPS}]|car:[1-4]+", hits):
        raise f.bad("hits", "must be close:<shop letter> or car:<streets>")
    if (hits is not None) != (phase == HITS):
        raise f.bad("hits", "is set exactly while the hit question is open (phase hits)")
    pile, discard = (f.int("deck", 0, MOG_DECK, t) for t in f.pair("deck"))
    if pile + discard + sum(hands) != MOG_DECK:
        raise f.bad("deck", f"pile + discards + hands must make the {MOG_DECK} Mog cards")
    end = None if f["end"] == "-" else f.choice("end", ENDS)
    if (end is not None) != (phase == OVER):
        raise f.bad("end", "says how the game ended exactly when it is over")
    burgled = f.choice("burgled", ("0", "1")) == "1"
    return Position(lives=tuple(lives), home=tuple(home), larders=tuple(larders),
                    hands=tuple(hands), shops=shops, car=car, phase=phase, active=active,
                    turn=turn, rolls=f.int("rolls", 0, 99), die=die, segment=segment, used=used,
                    raided=f.seats("raided", n), burgled=burgled, fight=fight, hits=hits,
                    pile=pile, discard=discard, end=end)


# Events -----------------------------------------------------------------------------------------
def format_move(move: Move) -> str:
    k, a, b = move.kind, move.a, move.b
    seat = None if a is None else a + 1
    if k == "card":
        return move.card
    if k in ("first", "attack", "trespass"):
        return f"{k}:{seat}"
    if k in ("d6", "jam"):
        return f"{k}:{a}"
    if k == "fight":
        return f"fight:{seat}:{move.card}"
    if k == "six":
        return f"six:{TREATS[b]}:{seat}"
    if k in ("loot", "raid"):
        return f"{k}:{seat}:{TREATS[b]}"
    if k in ("catch", "shop"):
        return f"{k}:{TREATS[b]}"
    if k == "burgle":
        return f"burgle:{TREATS[b]}" if a is None else f"burgle:{seat}:{TREATS[b]}"
    if k == "curiosity":
        if move.card in ("close", "open"):
            return f"curiosity:{move.card}:{SHOPS[a]}"
        return f"curiosity:car:{a}" if move.card == "car" else f"curiosity:{move.card}"
    if k == "hit":
        return f"hit:{format_digits(a)}"
    return k


_CARD_TOKEN = re.compile(rf"[{KINDS}][1-6]|" + "|".join(SPECIALS))
_T = f"[{TREATS}]"
_PATTERNS = [
    (re.compile(r"(first|attack|trespass):([1-6])"), lambda m: Move(m[1], a=int(m[2]) - 1)),
    (re.compile(r"d6:([1-6])"), lambda m: Move("d6", a=int(m[1]))),
    (re.compile(r"jam:([1-9])"), lambda m: Move("jam", a=int(m[1]))),
    (re.compile(r"fight:([1-6]):([CMB])"), lambda m: Move("fight", a=int(m[1]) - 1, card=m[2])),
    (re.compile(r"six:([bm]):([1-6])"), lambda m: Move("six", a=int(m[2]) - 1, b=TREATS.index(m[1]))),
    (re.compile(rf"(loot|raid|burgle):([1-6]):({_T})"),
     lambda m: Move(m[1], a=int(m[2]) - 1, b=TREATS.index(m[3]))),
    (re.compile(rf"(catch|shop|burgle):({_T})"), lambda m: Move(m[1], b=TREATS.index(m[2]))),
    (re.compile(rf"curiosity:(close|open):([{SHOPS}])"),
     lambda m: Move("curiosity", card=m[1], a=SHOPS.index(m[2]))),
    (re.compile(r"curiosity:car:([1-4])"), lambda m: Move("curiosity", card="car", a=int(m[1]))),
    (re.compile(r"curiosity:(again|other)"), lambda m: Move("curiosity", card=m[1])),
    (re.compile(r"hit:(-|[1-6]+)"), lambda m: _hit(m[1])),
    (re.compile(r"none|time|home|done|stayed|left"), lambda m: Move(m[0])),
    (_CARD_TOKEN, lambda m: Move("card", card=m[0])),
]


def _hit(digits: str) -> Move | None:
    if digits != "-" and list(digits) != sorted(set(digits)):
        return None
    return Move("hit", a=sum(1 << (int(d) - 1) for d in digits if d != "-"))


def parse_move(text: str, where: str) -> Move:
    for pattern, build in _PATTERNS:
        m = pattern.fullmatch(text.strip()) if isinstance(text, str) else None
        if m and (move := build(m)) is not None:
            return move
    raise NotationError(
        f"malformed event {text!r} in {where!r}: expected a Mog card (C1-C6, M1-M6, B1-B6,"
        f" SPEEDY, ATTACK, BURGLAR), first:N, d6:N, fight:S:K, none, six:b|m:S, loot:S:b|m,"
        f" catch:b|m, shop:T, attack:S, raid:S:T, burgle:T, burgle:S:T, home, trespass:S,"
        f" jam:N, curiosity:…, done, hit:SEATS, stayed, left or time")
