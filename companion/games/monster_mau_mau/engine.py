"""The public state of a game of Monster Mau Mau and the events that change it.

The companion never sees a hand: a position holds the top card, the wish, whose turn it is, the
direction, a pending penalty, the number of cards each seat holds and the sizes of the draw and
discard piles. Seats are 0..n-1 here (1..n in the notation). Every function is pure.

Rulings (see docs/rules/monster-mau-mau.md): F1 an action card turned up first is covered unless
`first-action`; F2 drawing is always allowed; F3 after a +3 penalty the turn ends unless
`plus3-play`; F4 no stacking; F5 a forgotten Mau! costs one card unless `no-mau-penalty`; F6 an
empty draw pile is refilled from the discards but the top card; F7 KK is played as a wish card.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from companion.games.eventgame import Refusal
from companion.games.monster_mau_mau.cards import (COUNTS, DECK_SIZE, FACES, PATTERNS, fit_hint, fits,
                                                   is_action, is_number, is_wild, rank)

PLUS3_PLAY = "plus3-play"
FIRST_ACTION = "first-action"
NO_MAU_PENALTY = "no-mau-penalty"
RULES_OPTIONS = (PLUS3_PLAY, FIRST_ACTION, NO_MAU_PENALTY)

START, PLAY, DRAWN, PENALTY, OVER = "start", "play", "drawn", "penalty", "over"
PHASES = (START, PLAY, DRAWN, PENALTY, OVER)
CW, CCW = 1, -1

MIN_PLAYERS, MAX_PLAYERS = 2, 10
MAX_DEAL, MAX_DEALT = 15, 100


@dataclass(frozen=True)
class Position:
    hands: tuple[int, ...]
    turn: int = 0            # the seat to act; the winner once the game is over
    direction: int = CW
    top: str | None = None   # the top card of the discard pile
    wish: str | None = None  # the wished pattern, while the top card is wild
    pending: int = 0         # the penalty the seat to act must draw (phase penalty)
    phase: str = START
    pile: int = DECK_SIZE
    discard: int = 0
    mau: bool = False        # the seat to act has called Mau! this turn

    @property
    def players(self) -> int:
        return len(self.hands)


@dataclass(frozen=True)
class Event:
    """`up` (a card turned up: chance), `play` (a card tapped; `wish` for a wild card), `draw`,
    `pass` or `mau`."""

    kind: str
    card: str | None = None
    wish: str | None = None

    def __str__(self) -> str:
        if self.kind == "up":
            return f"up:{self.card}"
        if self.kind == "play":
            return self.card if self.wish is None else f"{self.card}>{self.wish}"
        return self.kind


DRAW, PASS, MAU = Event("draw"), Event("pass"), Event("mau")


@dataclass(frozen=True)
class Step:
    """What one event did: the position after it and what the table must announce."""

    position: Position
    drawn: int = 0           # cards the acting seat drew (penalties included)
    reshuffled: bool = False  # the discards (but the top card) became the new draw pile
    mau_penalty: bool = False  # a forgotten Mau! cost a card

    @property
    def winner(self) -> int | None:
        return self.position.turn if self.position.phase == OVER else None


def default_deal(players: int) -> int:
    return 8 if players <= 3 else 7


def new_game(players: int = 4, deal: int | None = None) -> Position:
    """The position before the first card is turned up; ValueError naming the setting."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"{players} players: Monster Mau Mau is for {MIN_PLAYERS}-{MAX_PLAYERS} players")
    deal = default_deal(players) if deal is None else deal
    if not 1 <= deal <= MAX_DEAL:
        raise ValueError(f"deal {deal}: deal 1 to {MAX_DEAL} cards to each player")
    if players * deal > MAX_DEALT:
        raise ValueError(f"deal {deal} to {players} players is {players * deal} cards; at most"
                         f" {MAX_DEALT} may be dealt, so deal at most {MAX_DEALT // players}")
    return Position(hands=(deal,) * players, pile=DECK_SIZE - players * deal)


def next_seat(pos: Position, seat: int, direction: int, skip: bool = False) -> int:
    return (seat + direction * (2 if skip else 1)) % pos.players


def _draw(pile: int, discard: int, n: int) -> tuple[int, int, int, bool]:
    """Draw up to n cards: (drawn, pile, discard, reshuffled). An empty pile is refilled from the
    discards but the top card only when a card must be drawn (F6); what cannot be drawn lapses."""
    drawn, reshuffled = 0, False
    while drawn < n:
        if pile == 0:
            if discard <= 1:
                break
            pile, discard, reshuffled = discard - 1, 1, True
        take = min(n - drawn, pile)
        drawn, pile = drawn + take, pile - take
    return drawn, pile, discard, reshuffled


def _add(hands: tuple[int, ...], seat: int, n: int) -> tuple[int, ...]:
    return hands[:seat] + (hands[seat] + n,) + hands[seat + 1:]


def legal_events(pos: Position, rules: frozenset[str] = frozenset()) -> list[Event]:
    """Every legal event; at phase start the 55 faces that may be turned up (chance)."""
    if pos.phase == OVER:
        return []
    if pos.phase == START:
        return [Event("up", face) for face in FACES] if pos.pile > 0 else []
    if pos.phase == PENALTY:
        return [DRAW]
    events = []
    for face in FACES:
        if is_wild(face):
            events.extend(Event("play", face, w) for w in PATTERNS)
        elif fits(face, pos.top, pos.wish):
            events.append(Event("play", face))
    events.append(DRAW if pos.phase == PLAY else PASS)
    if pos.hands[pos.turn] == 2 and not pos.mau:
        events.append(MAU)
    return events


def why_illegal(pos: Position, event: Event, rules: frozenset[str] = frozenset()) -> str | None:
    """None if `event` is legal in `pos`, else the reason in a few words (with the fix)."""
    refused = refusal(pos, event, rules)
    return None if refused is None else str(refused)


def refusal(pos: Position, event: Event, rules: frozenset[str] = frozenset()) -> Refusal | None:
    """None if `event` is legal in `pos`, else why not: a Refusal with the rule's key and its
    values (seat numbers as the players count them, cards as tokens) and the English the
    command line prints. The tables word the key (mmm.refuse.<key>) and "why?" explains it."""
    seat = f"seat {pos.turn + 1}"
    if pos.phase == OVER:
        return Refusal(f"the game is over, seat {pos.turn + 1} won; start a new game", "over")
    if event.kind == "up":
        if pos.phase != START:
            return Refusal(f"up: turns up the first card of the discard pile (phase start), not in"
                           f" phase {pos.phase}", "up_phase", phase=pos.phase)
        if pos.pile == 0:
            return Refusal("the draw pile is empty, there is no card to turn up", "up_empty")
        return None
    if pos.phase == START:
        if pos.top is None:
            return Refusal("turn up the first card first (up:<card>)", "start")
        return Refusal(f"turn up a card on {pos.top} first (up:<card>)", "cover", top=pos.top)
    if pos.phase == PENALTY:
        if event.kind == "draw":
            return None
        return Refusal(f"{seat} must first draw the penalty of {pos.pending} (draw); a +3 or +4"
                       f" cannot be answered with another", "penalty", seat=pos.turn + 1, n=pos.pending)
    if event.kind == "play":
        if not fits(event.card, pos.top, pos.wish):
            wished = f" with the wish {pos.wish}" if is_wild(pos.top) and pos.wish else ""
            english = f"{event.card} does not fit on {pos.top}{wished} ({fit_hint(pos.top, pos.wish)})"
            if is_wild(pos.top):
                if pos.wish:
                    return Refusal(english, "fits_not_wished", face=event.card, top=pos.top, wish=pos.wish)
                return Refusal(english, "fits_not_any", face=event.card, top=pos.top)
            return Refusal(english, "fits_not", face=event.card, top=pos.top, pattern=pos.top[0],
                           rank=pos.top[1:])
        return None
    if event.kind == "draw":
        if pos.phase == DRAWN:
            return Refusal(f"{seat} has drawn already this turn; play the card drawn if it fits, or"
                           f" pass", "drawn_already", seat=pos.turn + 1)
        return None
    if event.kind == "pass":
        if pos.phase != DRAWN:
            return Refusal(f"{seat} may pass only after drawing a card; draw first", "pass_first",
                           seat=pos.turn + 1)
        return None
    if event.kind == "mau":
        if pos.mau:
            return Refusal(f"{seat} has called Mau! already this turn", "mau_again", seat=pos.turn + 1)
        if pos.hands[pos.turn] != 2:
            return Refusal(f"Mau! is called holding 2 cards; {seat} holds {pos.hands[pos.turn]}",
                           "mau_two", seat=pos.turn + 1, n=pos.hands[pos.turn])
        return None
    return Refusal(f"unknown event kind {event.kind!r}", "unknown", what=event.kind)


#: Every key `refusal` gives (the tables word each; "why?" explains each).
REFUSALS = ("over", "up_phase", "up_empty", "start", "cover", "penalty", "fits_not_wished",
            "fits_not_any", "fits_not", "drawn_already", "pass_first", "mau_again", "mau_two",
            "unknown")


def _pass_turn(pos: Position, **changes) -> Position:
    """The turn passes to the next seat in the current direction, phase play."""
    return replace(pos, turn=next_seat(pos, pos.turn, pos.direction), phase=PLAY, pending=0,
                   mau=False, **changes)


def step(pos: Position, event: Event, rules: frozenset[str] = frozenset()) -> Step:
    """Apply one event. Raises IllegalMoveError with the reason (the caller names the inputs)."""
    refused = refusal(pos, event, rules)
    if refused is not None:
        raise refused
    if event.kind == "up":
        return Step(_turn_up(pos, event.card, rules))
    if event.kind == "play":
        return _play(pos, event, rules)
    if event.kind == "mau":
        return Step(replace(pos, mau=True))
    if event.kind == "pass":
        return Step(_pass_turn(pos))
    # draw
    if pos.phase == PENALTY:
        drawn, pile, discard, shuffled = _draw(pos.pile, pos.discard, pos.pending)
        after = replace(pos, hands=_add(pos.hands, pos.turn, drawn), pile=pile, discard=discard)
        if pos.pending == 3 and PLUS3_PLAY in rules:
            after = replace(after, pending=0, phase=DRAWN)
        else:
            after = _pass_turn(after)
        return Step(after, drawn, shuffled)
    drawn, pile, discard, shuffled = _draw(pos.pile, pos.discard, 1)
    after = replace(pos, hands=_add(pos.hands, pos.turn, drawn), pile=pile, discard=discard)
    after = replace(after, phase=DRAWN) if drawn else _pass_turn(after)
    return Step(after, drawn, shuffled)


def _turn_up(pos: Position, card: str, rules: frozenset[str]) -> Position:
    after = replace(pos, pile=pos.pile - 1, discard=pos.discard + 1, top=card, wish=None,
                    turn=0, direction=CW, pending=0, mau=False)
    if is_number(card):
        return replace(after, phase=PLAY)
    if not is_action(card) or FIRST_ACTION not in rules:
        return after  # covered by the next card turned up (F1); wild cards always are
    symbol = rank(card)
    if symbol == "+3":
        return replace(after, phase=PENALTY, pending=3)
    if symbol == "A":
        return replace(after, phase=PLAY, turn=next_seat(after, 0, CW))
    # reverse: counter-clockwise from the start; with two players there is no direction (the
    # rulebook): a skip, and `dir` stays as it was
    if after.players == 2:
        return replace(after, phase=PLAY, turn=next_seat(after, 0, CW))
    return replace(after, phase=PLAY, direction=CCW, turn=0)


def _play(pos: Position, event: Event, rules: frozenset[str]) -> Step:
    seat, card = pos.turn, event.card
    hands = _add(pos.hands, seat, -1)
    after = replace(pos, hands=hands, top=card, wish=event.wish if is_wild(card) else None,
                    discard=pos.discard + 1)
    if hands[seat] == 0:
        return Step(replace(after, phase=OVER, pending=0, mau=False))
    drawn, shuffled, penalty = 0, False, False
    if hands[seat] == 1 and not pos.mau and NO_MAU_PENALTY not in rules:
        penalty = True
        drawn, pile, discard, shuffled = _draw(after.pile, after.discard, 1)
        after = replace(after, hands=_add(hands, seat, drawn), pile=pile, discard=discard)
    symbol, direction, skip, pending = rank(card), pos.direction, False, 0
    if symbol == "A":
        skip = True
    elif symbol == "R":  # with two players there is no direction: a skip, `dir` unchanged
        skip = pos.players == 2
        direction = direction if skip else -direction
    elif symbol in ("+3", "+4"):
        pending = int(symbol[1])
    after = replace(after, direction=direction, turn=next_seat(pos, seat, direction, skip),
                    phase=PENALTY if pending else PLAY, pending=pending, mau=False)
    return Step(after, drawn, shuffled, penalty)


def chance_outcomes(pos: Position) -> list[tuple[Event, Fraction]]:
    """At phase start, the probability of each face being turned up. The position does not record
    which cards lie under the top card or in the hands, so every card not known to be elsewhere is
    equally likely to be next: the box's composition minus the one top card, over the rest."""
    events = legal_events(pos)
    known = {pos.top: 1} if pos.top is not None else {}
    unseen = DECK_SIZE - len(known)
    return [(e, Fraction(COUNTS[e.card] - known.get(e.card, 0), unseen)) for e in events]
