"""A virtual deck for the laptop's table: real cards in real hands, shuffled and drawn with an
injected random source, kept in lockstep with the referee's public position.

On the physical table the companion sees only the public state; here the laptop plays the
cards too. Every action goes through the engine as the event the physical table would produce
(a card tapped, the draw button, the Mau button), so the virtual table can never disagree with
the referee: `check()` asserts that the cards held, in the draw pile and on the discard pile
match the position's counts. Pure: the random source is a `random.Random` passed in (seeded in
tests, `secrets`-seeded at the table), and every shuffle is recorded as its resulting order.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.games.base import IllegalMoveError
from companion.games.monster_mau_mau import engine
from companion.games.monster_mau_mau.cards import COUNTS, fits, is_wild
from companion.games.monster_mau_mau.engine import DRAW, MAU, PASS, Event, Position, Step


def full_deck() -> list[str]:
    return [face for face, n in COUNTS.items() for _ in range(n)]


@dataclass
class VirtualTable:
    """The deck, the hands and the piles. Index -1 of `pile` is the top of the draw pile; index
    -1 of `discard` the top card."""

    rng: random.Random
    rules: frozenset[str] = frozenset()
    players: int = 4
    deal: int | None = None
    hands: list[list[str]] = field(init=False)
    pile: list[str] = field(init=False)
    discard: list[str] = field(init=False)
    position: Position = field(init=False)
    #: the card the seat to act drew this turn, while it may still be played (phase drawn)
    drawn: str | None = field(init=False, default=None)
    log: list[str] = field(init=False, default_factory=list)  # the events, as text

    def __post_init__(self) -> None:
        self.position = engine.new_game(self.players, self.deal)
        deck = full_deck()
        self.rng.shuffle(deck)
        n = self.position.hands[0]
        # dealt one at a time round the table, as people deal
        self.hands = [[] for _ in range(self.players)]
        for _ in range(n):
            for hand in self.hands:
                hand.append(deck.pop())
        self.pile, self.discard = deck, []
        self.check()

    # What the seats may see ---------------------------------------------------------------
    def hand(self, seat: int) -> list[str]:
        return sorted(self.hands[seat], key=_hand_order)

    def playable(self, seat: int) -> list[str]:
        """The faces in `seat`'s hand that may be played now (only the card just drawn after an
        ordinary draw; any fitting card after a +3 penalty under plus3-play)."""
        pos = self.position
        if seat != pos.turn or pos.phase not in (engine.PLAY, engine.DRAWN):
            return []
        cards = self.hands[seat] if self.drawn is None else [self.drawn]
        return sorted({c for c in cards if fits(c, pos.top, pos.wish)}, key=_hand_order)

    # Actions ------------------------------------------------------------------------------
    def turn_up(self) -> Step:
        """The draw pile's top card turned up (phase start)."""
        if not self.pile:
            raise IllegalMoveError("the draw pile is empty, there is no card to turn up")
        card = self.pile[-1]
        step = self._apply(Event("up", card))
        self.discard.append(self.pile.pop())
        return self._done(step)

    def play(self, card: str, wish: str | None = None) -> Step:
        """The seat to act plays `card` from its hand (a wild card with its wish)."""
        seat = self.position.turn
        if card not in self.hands[seat]:
            raise IllegalMoveError(f"seat {seat + 1} holds no {card}")
        if self.drawn is not None and card != self.drawn:
            raise IllegalMoveError(f"after drawing, only the card drawn ({self.drawn}) may be played")
        step = self._apply(Event("play", card, wish if is_wild(card) else None))
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.drawn = None
        if step.drawn:  # the forgotten Mau! costs a card
            self._take(seat, step.drawn)
        return self._done(step)

    def draw(self) -> Step:
        pos = self.position
        seat, penalty = pos.turn, pos.phase == engine.PENALTY
        step = self._apply(DRAW)
        got = self._take(seat, step.drawn)
        self.drawn = got[-1] if got and not penalty else None
        return self._done(step)

    def pass_turn(self) -> Step:
        self.drawn = None
        return self._done(self._apply(PASS))

    def call_mau(self) -> Step:
        return self._done(self._apply(MAU))

    def event(self, event: Event) -> Step:
        """Any event as the referee names it (`up:` must name the card the pile shows)."""
        if event.kind == "up":
            if self.pile and self.pile[-1] != event.card:
                raise IllegalMoveError(f"the draw pile shows {self.pile[-1]}, not {event.card}")
            return self.turn_up()
        if event.kind == "play":
            return self.play(event.card, event.wish)
        return {"draw": self.draw, "pass": self.pass_turn, "mau": self.call_mau}[event.kind]()

    # Inside --------------------------------------------------------------------------------
    def _apply(self, event: Event) -> Step:
        step = engine.step(self.position, event, self.rules)
        self.log.append(str(event))
        return step

    def _take(self, seat: int, n: int) -> list[str]:
        """Move n cards from the draw pile to `seat`'s hand, reshuffling the discards but the top
        card when the pile is empty — the same arithmetic as the engine (F6)."""
        got = []
        for _ in range(n):
            if not self.pile:
                top = self.discard.pop()
                self.pile, self.discard = self.discard, [top]
                self.rng.shuffle(self.pile)
            got.append(self.pile.pop())
        self.hands[seat].extend(got)
        return got

    def _done(self, step: Step) -> Step:
        self.position = step.position
        if self.position.phase != engine.DRAWN:
            self.drawn = None
        self.check()
        return step

    def check(self) -> None:
        pos = self.position
        counts = (tuple(len(h) for h in self.hands), len(self.pile), len(self.discard))
        if counts != (pos.hands, pos.pile, pos.discard):
            raise AssertionError(f"virtual cards {counts} disagree with the position {pos}")
        if self.discard and self.discard[-1] != pos.top:
            raise AssertionError(f"virtual top card {self.discard[-1]} is not {pos.top}")


def _hand_order(card: str) -> tuple[int, str]:
    """Hands sorted as people sort them: by pattern, wild cards last."""
    return ("spzg".find(card[0]) if not is_wild(card) else 4, card)
