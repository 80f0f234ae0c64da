"""The verb set every registered game offers (after OpenSpiel), second edition.

A game is a tree of immutable, hashable positions: an initial position, the legal moves, a pure
`apply`, and an `outcome`. Choices inside a turn are part of the move. **Chance** (dice, a
shuffle, a deal, a card turned up) is an explicit move too: at a chance node `to_move` answers
`CHANCE`, `legal_moves` lists every possible outcome and `chance_outcomes` their probabilities.
The engine never calls `random`: the service picks a chance move with an injected random source,
journals it, and only then shows it — so a power loss never re-rolls and a replay is exact.

Games with hidden information model what the table may see (`observation`), as Monster Mau Mau
models only the public state; a seat's private view is `observation(position, seat)`.

Seats are ints 0..n-1. Moves and positions round-trip through text.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Hashable, Iterable, Sequence

from companion.games.errors import GameError, IllegalMoveError, NotationError  # noqa: F401 -- re-exported
from companion.games.reason import reason

#: `to_move` of a position where chance decides the next move (dice, a shuffle, a deal).
CHANCE = -1

#: How the companion serves a game (`GameInfo.served`).
REFEREE = "referee"          # checks every move against sensed or tapped input
ASSISTANT = "assistant"      # keeps secrets and judges some moves; the rest is on the honour system
SCOREKEEPER = "scorekeeper"  # keeps scores, lives, dice; the players move the pieces
SERVED = (REFEREE, ASSISTANT, SCOREKEEPER)


@dataclass(frozen=True)
class Outcome:
    """The end of a game. `winner` is a seat, or None. `ranking` lists groups of tied seats, best
    first, where the game ranks everybody (empty: only the winner is known). A game without a
    winner whose first ranking group is not a single seat is a draw."""

    winner: int | None
    reason: str = ""
    ranking: tuple[tuple[int, ...], ...] = ()

    @property
    def draw(self) -> bool:
        return self.winner is None and (not self.ranking or len(self.ranking[0]) != 1)


@dataclass(frozen=True)
class Parameter:
    """One parameter a game is made with (after OpenSpiel's parameter specification): its name,
    the texts it takes (the first is the default) and what it means. The service reads it from
    the game's config section, `[game.<name>] <parameter> = "<value>"`, validated from here; the
    game's constructor takes it by name, as that text."""
    name: str
    values: tuple[str, ...]
    doc: str = ""

    @property
    def default(self) -> str:
        return self.values[0]


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    served: str = REFEREE
    rules_options: tuple[str, ...] = ()
    description: str = ""
    #: True when players hold secrets the table must not show (observation differs per seat).
    hidden_information: bool = False
    #: Options that cannot be combined with each other (each a tuple of option names).
    exclusive_options: tuple[tuple[str, ...], ...] = field(default=())
    #: What the game is made with beyond its rules options and seats (maunz.: who starts).
    parameters: tuple[Parameter, ...] = ()
    #: A game played on the sensed bed: its seats, piece kinds and squares (companion/games/
    #: bed.py); None: the bed plays no part. Its game then answers `bed_pieces`, `pool` and
    #: `placed_square` below.
    bed: Any = None

    def __post_init__(self):
        if self.served not in SERVED:
            raise ValueError(f"GameInfo.served must be one of {SERVED}, not {self.served!r}")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"bad player range {self.min_players}-{self.max_players} for {self.name}")

    @property
    def players(self) -> str:
        """`2`, `2-4`, `2-10`: as `companion games` prints it."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"


def parse_rules(info: GameInfo, rules: str | Iterable[str] | None) -> frozenset[str]:
    """Rules options from None, one name, a comma-separated list or an iterable; validated."""
    if rules is None:
        return frozenset()
    names = rules.split(",") if isinstance(rules, str) else list(rules)
    chosen = frozenset(n.strip() for n in names if n.strip())
    for name in sorted(chosen):
        if name not in info.rules_options:
            options = ", ".join(info.rules_options) or "none"
            raise GameError(f"unknown rules option {name!r} for {info.name}; options: {options}")
    for group in info.exclusive_options:
        clash = sorted(chosen & set(group))
        if len(clash) > 1:
            raise GameError(f"rules options {' and '.join(clash)} of {info.name} cannot be combined;"
                            f" choose one")
    return chosen


def rules_text(rules: frozenset[str]) -> str | None:
    """The canonical text of a set of rules options (None: the rulebook)."""
    return ",".join(sorted(rules)) or None


class Game(ABC):
    """One game under one set of rules options and seats. Immutable once made: every setting
    (rules, number of seats, who starts) is a constructor argument; all state is in positions."""

    info: GameInfo
    #: The rules options in force; `rules` is their canonical text (None for the rulebook).
    rules_set: frozenset[str] = frozenset()

    @property
    def rules(self) -> str | None:
        return rules_text(self.rules_set)

    @property
    def parameters(self) -> dict[str, str]:
        """The values of `info.parameters` this game was made with, as texts (a game record's
        header keeps them; `get(name, **parameters)` makes the same game again)."""
        return {}

    # A game played on the bed (`info.bed`) answers these three; the others never hear them.
    def bed_pieces(self, position: Any) -> dict[int, str]:
        """The pieces on the bed: square -> piece letter (companion/games/bed.py)."""
        return {}

    def pool(self, position: Any, seat: int) -> dict[str, int]:
        """The pieces `seat` may still put on the bed, by kind ("k": 5)."""
        return {}

    def placed_square(self, position: Any, move: Any) -> int | None:
        """The square `move` puts a piece down on (None: it puts none down)."""
        return None

    # "Why?" (issue 36): the judgements the engine makes, as data (companion/games/reason.py) --
    #: Every kind of reason this game's `explain` (and its refusals) can give; a table words
    #: each as its phrase `why.<game>.<kind>` (the coverage test holds every one worded).
    reasons: tuple[str, ...] = ()

    def explain(self, position: Any, move: Any) -> tuple:
        """Why `move`, played at `position`, did what it did: the engine's judgement as a tuple of
        `Reason`s (the rule and its pieces, cards or dice), each of a kind in `reasons`; only
        what every player may know. Default: nothing to explain."""
        return ()

    def refusal(self, position: Any, text: str) -> tuple:
        """Why the move `text` is refused at `position`, as the engine judged it: `Reason`s (a
        refusal carrying its rule, eventgame.Refusal's key and values, is `refused.<key>`); ()
        when it is legal or its refusal names no rule (the command line's error says it).
        `companion GAME apply --why` words them as the table does (companion/tables/why_cli.py)."""
        try:
            self.apply(position, self.parse_move(position, text))
        except GameError as exc:
            return (reason(f"refused.{exc.key}", **exc.values),) if exc.key else ()
        return ()

    def seats(self, position: Any) -> int:
        """How many seats play in `position` (default: the game's minimum, for fixed-size games)."""
        return self.info.min_players

    @abstractmethod
    def initial_position(self) -> Hashable: ...

    @abstractmethod
    def legal_moves(self, position: Any) -> Sequence[Any]:
        """Every legal move (at a chance node: every possible chance outcome); empty once over."""

    @abstractmethod
    def apply(self, position: Any, move: Any) -> Any:
        """The position after `move`. Never mutates `position`; raises IllegalMoveError."""

    @abstractmethod
    def outcome(self, position: Any) -> Outcome | None:
        """None while the game goes on."""

    @abstractmethod
    def to_move(self, position: Any) -> int:
        """The seat to move, or CHANCE where dice, a shuffle or a deal decide."""

    def chance_outcomes(self, position: Any) -> list[tuple[Any, Fraction]]:
        """At a chance node: (move, probability) for every outcome; default uniform."""
        moves = list(self.legal_moves(position))
        return [(m, Fraction(1, len(moves))) for m in moves]

    def observation(self, position: Any, seat: int | None = None) -> str:
        """What `seat` may see of `position` (None: the table and spectators). Games with public
        state only show everybody the position."""
        return self.format_position(position)

    def observe_move(self, position: Any, move: Any, seat: int | None = None) -> str:
        """The text of `move` (played at `position`) as `seat` may see it (None: the table and
        spectators), e.g. a dealt secret as `deal:??`. `companion history`/`export` write an
        unfinished hidden-information game this way. Default: every move is public."""
        return self.format_move(position, move)

    # Text round trips ---------------------------------------------------------------------
    @abstractmethod
    def parse_position(self, text: str) -> Any: ...

    @abstractmethod
    def format_position(self, position: Any) -> str: ...

    @abstractmethod
    def parse_move(self, position: Any, text: str) -> Any: ...

    @abstractmethod
    def format_move(self, position: Any, move: Any) -> str: ...
