"""What the companion knows of a game of Cats: the secrets, the public state it can check, and the
phase of the turn. Positions and moves are immutable and hashable.

Cats are 0..4 in code (1..5 on the cards and in the notation: the rulebook names only the black
cat, so the colours are whatever the five cat cards were enrolled as). Objects are 0..3, each the
favourite of one character. Rooms are 0..9 (1..10 in the notation; 50 Miau cards = 5 cats x 10
rooms is an inference checked at enrolment). Pieces in a step: cats 0..4, objects 5..8.
"""
from __future__ import annotations

from dataclasses import dataclass

N_CATS = 5
N_OBJECTS = 4
N_ROOMS = 10
DECK = 60          # 50 Miau + 10 Schnurr, one reaction deck
HAND = 5
MAX_STEPS = 4
MAX_OBJECT_STEPS = 2

#: Object letters in the notation, in object order, with the character that loves each.
OBJECTS = "bcmp"
OBJECT_NAMES = ("food bowl", "cushion", "mouse", "parcel")
CHARACTERS = ("greedy", "lazy", "snappy", "curious")

# Phases of a turn (after the two set-up chance moves).
DEAL, LOT, MOVE, REACT, SWAP, CHALLENGE, OVER = (
    "deal", "lot", "move", "react", "swap", "challenge", "over")
PHASES = (DEAL, LOT, MOVE, REACT, SWAP, CHALLENGE, OVER)

# Rules options (the switches of the digest that change what the companion judges).
UPTO4 = "upto4"                    # C1: "not more than four" instead of "must move four"
OWN_FIRST_TURN = "own-first-turn"  # C10: only a player's own first turn is quiet
RULES_OPTIONS = (UPTO4, OWN_FIRST_TURN)


@dataclass(frozen=True)
class Move:
    """One event. kind: deal, first, step, hiss, end, blocked, miau, schnurr, pass, swap,
    challenge, win. `a`/`b` by kind: deal (the next seat's) cat/object; step piece; hiss
    hisser/target; miau cat/room; challenge seat/cat; win cat/object; first seat."""

    kind: str
    a: int | None = None
    b: int | None = None


@dataclass(frozen=True)
class Position:
    #: per seat (cat, object), or None before the deal
    secrets: tuple[tuple[int, int] | None, ...]
    phase: str = DEAL
    active: int | None = None     # the player whose turn it is (A)
    turn: int | None = None       # who acts now; None at a chance move; the winner when over
    had: int = 0                  # seats that have finished a turn (the quiet first round)
    revealed: tuple[int | None, ...] = (None,) * N_CATS   # per cat: its known owner
    challenged: int = 0           # seats that have used their challenge
    steps: int = 0
    object_steps: int = 0
    moved: int = 0                # cats A moved this turn
    hissed: int = 0               # cats hissed at this turn (out of reactions, A may not move them)
    stopped: int = 0              # cats whose movement ended this turn (C4)
    last: int | None = None       # the piece A moved last
    locked: int = 0               # cats a Schnurr protected from further Miau
    #: per cat, in the reaction window: (seat of the last Miau, room it sent the cat to or None)
    miau: tuple[tuple[int, int | None] | None, ...] = (None,) * N_CATS
    pending: int | None = None    # the cat of the last Miau, while a Schnurr may still cancel it
    passes: int = 0               # passes in a row in the reaction window
    pile: int = DECK
    discard: int = 0
    win: tuple[int, int] | None = None   # (cat, object) that ended the game

    @property
    def seats(self) -> int:
        return len(self.secrets)

    def revealed_mask(self) -> int:
        return sum(1 << c for c, owner in enumerate(self.revealed) if owner is not None)

    def owner_of(self, cat: int) -> int | None:
        """The seat whose secret cat is `cat` (engine knowledge, never shown)."""
        for seat, secret in enumerate(self.secrets):
            if secret is not None and secret[0] == cat:
                return seat
        return None
