"""Positions and events as text, exactly as the rules document fixes them:

    hands=7,7,7,7 turn=1 dir=cw top=- wish=- pending=0 phase=start pile=82 discard=0 mau=0

Events: `up:<card>`, `<card>`, `<wild>><pattern>`, `draw`, `pass`, `mau`. Errors are
NotationError with one line naming the input, the field and what is wrong.
"""
from __future__ import annotations

import re

from companion.games.base import NotationError
from companion.games.monster_mau_mau.cards import CARD_HINT, DECK_SIZE, PATTERNS, is_card, is_wild
from companion.games.monster_mau_mau.engine import (CCW, CW, DRAW, MAU, MAX_PLAYERS, MIN_PLAYERS, OVER,
                                                    PASS, PENALTY, PHASES, START, Event, Position)

KEYS = ("hands", "turn", "dir", "top", "wish", "pending", "phase", "pile", "discard", "mau")
_COUNT = re.compile(r"\d{1,3}")
_DIRS = {"cw": CW, "ccw": CCW}


def format_position(pos: Position) -> str:
    return " ".join((
        "hands=" + ",".join(map(str, pos.hands)),
        f"turn={pos.turn + 1}",
        f"dir={'cw' if pos.direction == CW else 'ccw'}",
        f"top={pos.top or '-'}",
        f"wish={pos.wish or '-'}",
        f"pending={pos.pending}",
        f"phase={pos.phase}",
        f"pile={pos.pile}",
        f"discard={pos.discard}",
        f"mau={int(pos.mau)}",
    ))


def parse_position(text: str) -> Position:
    def fail(why: str) -> NotationError:
        return NotationError(f"invalid position {text!r}: {why}")

    if not isinstance(text, str):
        raise NotationError(f"invalid position {text!r}: not text")
    values: dict[str, str] = {}
    order = []
    for field in text.split():
        key, eq, value = field.partition("=")
        if not eq:
            raise fail(f"field {field!r} is not key=value")
        if key not in KEYS:
            raise fail(f"unknown key {key!r}; the keys are {' '.join(KEYS)}")
        if key in values:
            raise fail(f"key {key!r} is repeated")
        values[key] = value
        order.append(key)
    missing = [k for k in KEYS if k not in values]
    if missing:
        raise fail(f"key {missing[0]!r} is missing; all of {' '.join(KEYS)} are needed")
    if tuple(order) != KEYS:
        raise fail(f"keys out of order; write them as {' '.join(KEYS)}")

    def count(key: str) -> int:
        if not _COUNT.fullmatch(values[key]):
            raise fail(f"{key}={values[key]!r} is not a count")
        return int(values[key])

    raw_hands = values["hands"].split(",")
    if not all(_COUNT.fullmatch(h) for h in raw_hands):
        raise fail(f"hands={values['hands']!r} must be card counts separated by commas")
    hands = tuple(int(h) for h in raw_hands)
    if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        raise fail(f"hands lists {len(hands)} player{'s' * (len(hands) != 1)}; Monster Mau Mau is for"
                   f" {MIN_PLAYERS}-{MAX_PLAYERS}")
    if not _COUNT.fullmatch(values["turn"]) or not 1 <= int(values["turn"]) <= len(hands):
        raise fail(f"turn={values['turn']!r} must be a seat 1-{len(hands)}")
    turn = int(values["turn"]) - 1
    if values["dir"] not in _DIRS:
        raise fail(f"dir={values['dir']!r} must be cw or ccw")
    top = values["top"]
    if top != "-" and not is_card(top):
        raise fail(f"top={top!r} is not a card ({CARD_HINT}; the wish goes in wish=)")
    wish = values["wish"]
    if wish != "-" and (len(wish) != 1 or wish not in PATTERNS):
        raise fail(f"wish={wish!r} must be s, p, z, g or -")
    if values["pending"] not in ("0", "3", "4"):
        raise fail(f"pending={values['pending']!r} must be 0, 3 or 4")
    pending = int(values["pending"])
    phase = values["phase"]
    if phase not in PHASES:
        raise fail(f"phase={phase!r} must be one of {', '.join(PHASES)}")
    pile, discard = count("pile"), count("discard")
    if values["mau"] not in ("0", "1"):
        raise fail(f"mau={values['mau']!r} must be 0 or 1")
    total = sum(hands) + pile + discard
    if total != DECK_SIZE:
        raise fail(f"hands {sum(hands)} + pile {pile} + discard {discard} = {total} cards, not"
                   f" {DECK_SIZE}")
    if wish != "-" and (top == "-" or not is_wild(top)):
        raise fail(f"wish={wish} under top={top}, which is not a wild card (MW, +4, KK)")
    if pending and phase != PENALTY:
        raise fail(f"pending={pending} outside phase penalty (phase={phase})")
    if phase == PENALTY and not pending:
        raise fail("phase=penalty needs pending=3 or pending=4")
    if (top == "-") != (discard == 0):
        raise fail(f"top={top} with discard={discard}: the top card is on the discard pile, so"
                   " top=- goes with discard=0 and a card with discard of 1 or more")
    if top == "-" and phase != START:
        raise fail(f"top=- in phase {phase}: a card must be turned up first (phase start)")
    if phase == OVER and hands[turn] != 0:
        raise fail(f"phase=over names seat {turn + 1} as the winner, but it holds {hands[turn]} cards")
    if phase != OVER and 0 in hands:
        raise fail(f"seat {hands.index(0) + 1} holds no cards, so the game would be over (phase=over)")
    return Position(hands=hands, turn=turn, direction=_DIRS[values["dir"]],
                    top=None if top == "-" else top, wish=None if wish == "-" else wish,
                    pending=pending, phase=phase, pile=pile, discard=discard,
                    mau=values["mau"] == "1")


def parse_event(text: str, where: str | None = None) -> Event:
    """An event token (not yet checked against a position); `where` is the position's text for
    the error message."""
    def fail(why: str) -> NotationError:
        place = f" in {where!r}" if where else ""
        return NotationError(f"malformed event {text!r}{place}: {why}")

    if not isinstance(text, str):
        raise fail("not text")
    for simple in (DRAW, PASS, MAU):
        if text == simple.kind:
            return simple
    if text.startswith("up:"):
        card = text[3:]
        if not is_card(card):
            raise fail(f"{card!r} is not a card ({CARD_HINT})")
        return Event("up", card)
    card, arrow, wish = text.partition(">")
    if not is_card(card):
        raise fail(f"not a card, up:<card>, draw, pass or mau"
                            f" ({CARD_HINT})")
    if is_wild(card):
        if not arrow:
            raise fail(f"a wild card names the wished pattern,"
                                f" as {card}>s, {card}>p, {card}>z or {card}>g")
        if len(wish) != 1 or wish not in PATTERNS:
            raise fail(f"the wish {wish!r} must be s, p, z or g")
        return Event("play", card, wish)
    if arrow:
        raise fail(f"only the wild cards MW, +4 and KK take a wish")
    return Event("play", card)


def format_event(event: Event) -> str:
    return str(event)

