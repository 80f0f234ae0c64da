"""maunz. as a registered Game: the engine and notation behind the common verb set."""
from __future__ import annotations

from companion.games.base import (REFEREE, Game, GameError, GameInfo, IllegalMoveError, Outcome, Parameter,
                                  parse_rules, rules_text)
from companion.games.bed import Bed, BedSeat, PieceKind
from companion.games.maunz import engine, explain, notation
from companion.games.maunz.engine import Move, Placement, Position

#: Played on the whole bed: orange and grey (grey's LEDs grey-blue: a grey LED looks white under
#: a piece), kittens and the cats they graduate to (the words: the table's phrases).
BED = Bed(seats=(BedSeat("o", "orange", "colour.0", (255, 90, 0), "#f08a24"),
                 BedSeat("g", "grey", "colour.1", (60, 90, 255), "#8b929c")),
          kinds=(PieceKind("k", "kind.k"), PieceKind("c", "kind.c")))

INFO = GameInfo(
    name="maunz",
    title="maunz.",
    aliases=("boop", "maunz."),
    min_players=2,
    max_players=2,
    served=REFEREE,
    rules_options=("opponent-cats-win", "kids"),
    exclusive_options=(("opponent-cats-win", "kids"),),
    description="German edition of boop. by Scott Brady: boop kittens, graduate cats, three cats wins.",
    # ruling R4: orange starts unless the players agree otherwise
    parameters=(Parameter("first", ("orange", "grey"), "the colour that makes the first move"),),
    bed=BED,
)

PLAYER_NAMES = ("orange", "grey")

#: How a game record and the command line write the absence of rules options.
RULEBOOK = "rulebook"


def canonical_rules(rules) -> str | None:
    """The canonical text of maunz. rules options given as None, "rulebook", one name, a
    comma-separated list or an iterable (None: the rulebook). GameError names a bad option."""
    if isinstance(rules, str) and rules.strip() in (RULEBOOK, "standard"):
        rules = None
    return rules_text(parse_rules(INFO, rules))


def variant_of(rules) -> int:
    """The engine's variant number for rules options (as `canonical_rules` takes them)."""
    return engine.VARIANT_BY_NAME[canonical_rules(rules)]


class Maunz(Game):
    info = INFO
    reasons = explain.REASONS

    def bed_pieces(self, position: Position) -> dict[int, str]:
        return {sq: position.piece_at(sq) for sq in range(36) if position.occupied >> sq & 1}

    def pool(self, position: Position, seat: int) -> dict[str, int]:
        kittens, cats = position.pool(seat)
        return {"k": kittens, "c": cats}

    def placed_square(self, position: Position, move: Move) -> int:
        return move.square

    def __init__(self, rules=frozenset(), players: int | None = None, first: int | str = engine.ORANGE):
        self.rules_set = parse_rules(INFO, rules)  # the registry has parsed them; direct use too
        self.variant = engine.VARIANT_BY_NAME[rules_text(self.rules_set)]
        if isinstance(first, str):  # the parameter's text, as the configuration gives it
            if first not in PLAYER_NAMES:
                raise GameError(f"unknown first player {first!r} for maunz; use orange or grey")
            first = PLAYER_NAMES.index(first)
        self.first = first  # ruling R4: orange starts unless the parameter says grey

    @property
    def parameters(self) -> dict[str, str]:
        return {"first": PLAYER_NAMES[self.first]}

    def initial_position(self) -> Position:
        return engine.initial(self.first)

    def legal_moves(self, position: Position) -> list[Move]:
        return engine.legal_moves(position, self.variant)

    def apply(self, position: Position, move: Move) -> Position:
        try:
            return engine.apply(position, move, self.variant)
        except ValueError as exc:
            raise IllegalMoveError(f"illegal move {notation.format_move(move)!r} in"
                                   f" {notation.format_position(position)!r}: {exc}") from None

    def place(self, position: Position, kind: str, square: int) -> Placement:
        """Steps 1-3 of a turn (the referee's view): boops, winner, and the options to choose."""
        return engine.place(position, kind, square, self.variant)

    def explain(self, position: Position, move: Move) -> tuple:
        return explain.explain_move(position, move, self.variant)

    def refusal(self, position: Position, text: str) -> tuple:
        return explain.refusal(position, notation.parse_move_syntax(text), self.variant)

    def successors(self, position: Position) -> list[tuple[Move, Position]]:
        return engine.successors(position, self.variant)

    def outcome(self, position: Position) -> Outcome | None:
        if position.winner is None:
            return None
        return Outcome(position.winner, "three in a row or all cats on the bed")

    def to_move(self, position: Position) -> int:
        return position.turn

    def parse_position(self, text: str) -> Position:
        return notation.parse_position(text, self.variant)

    def format_position(self, position: Position) -> str:
        return notation.format_position(position)

    def parse_move(self, position: Position, text: str) -> Move:
        return notation.parse_move(position, text, self.variant)

    def format_move(self, position: Position, move: Move) -> str:
        return notation.format_move(move)

    def perft(self, position: Position, depth: int) -> int:
        return engine.perft(position, depth, self.variant)
