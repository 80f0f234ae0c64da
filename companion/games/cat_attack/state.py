"""What the scorekeeper knows of a game of Cat Attack: lives, larders, who is at home, hand
sizes, the shops, the car, the Mog piles, and where in the turn the table is. Where the cats
stand on the board is not known (the board is only partly described and not sensed): the players
report what their cat landed on, and the companion checks those reports against this state.
"""
from __future__ import annotations

from dataclasses import dataclass

MAX_LIVES = 9
HAND = 6
MOG_DECK = 63          # A1: the four cheat-sheet cards are not part of it
DIE = 6

#: Treats in larder order; a larder is a bitmask over this string.
TREATS = "bmkfvc"      # bird, mouse, milk, fish, vitamins, cat food
TREAT_NAMES = ("bird", "mouse", "milk", "fish", "vitamins", "cat food")
FULL_LARDER = (1 << len(TREATS)) - 1
BIRD, MOUSE = 0, 1
#: The four shops, each named by the treat it sells; shops are a bitmask over this string.
SHOPS = "kfvc"         # dairy, fishmonger, vet, corner shop
SHOP_NAMES = ("dairy", "fishmonger", "vet", "corner shop")
ALL_SHOPS = (1 << len(SHOPS)) - 1
STREETS = 4            # car: 0 = the parking lot, 1..4 = the middle of street 1..4 (clockwise)

#: Mog card kinds in the notation: cat, mouse, bird cards carry a value 1-6.
KINDS = "CMB"
KIND_NAMES = ("cat", "mouse", "bird")
SPECIALS = ("SPEEDY", "ATTACK", "BURGLAR")

# Phases.
FIRST, CARD, ROLL, MOVE, FIGHT, HITS, PENALTY, OVER = (
    "first", "card", "roll", "move", "fight", "hits", "penalty", "over")
PHASES = (FIRST, CARD, ROLL, MOVE, FIGHT, HITS, PENALTY, OVER)
#: What a segment of movement was made with (what may be reported after it).
SEGMENTS = ("card", "attack", "burglar", "die")
#: Reports already made in the current segment: landed, curiosity card drawn, arrived home, and
#: landed on a field that is no Curiosity field (a shop garden, a home field).
LANDED, CURIOUS, CAME_HOME, ON_FIELD = 1, 2, 4, 8
USED_LETTERS = "lchf"
#: How a game ended.
ENDS = ("home", "last", "draw", "time")

# Rules options.
YOUNG = "young"                    # no raids, trespass, cat fights or six-cats magic
TIMED = "timed"                    # the timed game: score lives + treats when time is up
WIN_BY_CARD = "win-by-card"        # A10 switch: a card move home also wins
NO_DEAD_SPECIAL = "no-dead-special"  # A3 switch: Cat Attack / Cat Burglar must hit something
RULES_OPTIONS = (YOUNG, TIMED, WIN_BY_CARD, NO_DEAD_SPECIAL)


@dataclass(frozen=True)
class Move:
    """One event. kind: first, d6, card, fight, play, none, six, loot, time, catch, shop, attack,
    raid, burgle, home, trespass, jam, curiosity, done, hit, stayed, left.
    card/play: `card` is the token (C3, M1, SPEEDY …); seat/treat/number in `a`/`b`; curiosity:
    `card` is close/open/car/again/other and `a` the shop or street; hit: `a` a seat bitmask."""

    kind: str
    card: str | None = None
    a: int | None = None
    b: int | None = None


@dataclass(frozen=True)
class Position:
    lives: tuple[int, ...]
    home: tuple[bool, ...]
    larders: tuple[int, ...]
    hands: tuple[int, ...]
    shops: int = ALL_SHOPS        # open shops
    car: int = 0
    phase: str = FIRST
    active: int | None = None
    turn: int | None = None       # who acts; None at a chance move; the winner when over
    rolls: int = 0                # die rolls still due this turn (Speedy Cat adds three)
    die: int | None = None        # the last roll, for the screens
    segment: str | None = None    # what the cat just moved with (reports may follow)
    used: int = 0                 # LANDED | CURIOUS | CAME_HOME | ON_FIELD in the segment
    raided: int = 0               # seats whose larder the active cat raided this turn
    burgled: bool = False         # the active cat used a Cat Burglar card this turn
    fight: tuple[int, int, str] | None = None   # attacker, defender, kind of card
    hits: str | None = None       # what the hit question is about: "close:k" or "car:123"
    pile: int = MOG_DECK
    discard: int = 0
    end: str | None = None

    @property
    def seats(self) -> int:
        return len(self.lives)

    def alive(self, seat: int) -> bool:
        return self.lives[seat] > 0

    def alive_seats(self) -> list[int]:
        return [s for s in range(self.seats) if self.lives[s] > 0]

    def away(self) -> int:
        """Seats still playing whose cat is not at home (may be attacked, raided, hit)."""
        return sum(1 << s for s in self.alive_seats() if not self.home[s])


def treat_count(larder: int) -> int:
    return bin(larder).count("1")
