"""Monster Mau Mau as a registered Game: the public-state engine behind the common verb set.

Moves are `Event`s. The only chance node is phase `start` (the card turned up to begin the
discard pile): `to_move` is CHANCE there and `chance_outcomes` weighs the 55 faces by how many of
each are not known to be elsewhere. A card drawn is not chance for the referee: it never sees it.
"""
from __future__ import annotations

from fractions import Fraction

from companion.games.base import CHANCE, REFEREE, Game, GameError, GameInfo, IllegalMoveError, Outcome
from companion.games.monster_mau_mau import engine, explain, notation
from companion.games.monster_mau_mau.engine import Event, Position, Step

INFO = GameInfo(
    name="monster-mau-mau",
    title="Monster Mau Mau",
    aliases=("mau-mau", "mmm"),
    min_players=engine.MIN_PLAYERS,
    max_players=engine.MAX_PLAYERS,
    served=REFEREE,
    rules_options=engine.RULES_OPTIONS,
    description="#NOTJUSTDOWN's Mau Mau with 110 monster cards: every card tapped on the reader,"
                " every hand counted, every forgotten Mau! caught.",
    # The hands are secret; the referee models only the public state, which all seats see alike.
    hidden_information=True,
)

DEFAULT_PLAYERS = 4


class MonsterMauMau(Game):
    info = INFO
    reasons = explain.REASONS

    def __init__(self, rules=frozenset(), players: int | None = None, deal: int | None = None):
        if isinstance(rules, str):
            rules = frozenset([rules])
        self.rules_set = frozenset(rules or ())
        self.players = DEFAULT_PLAYERS if players is None else players
        try:
            self.start = engine.new_game(self.players, deal)
        except ValueError as exc:
            raise GameError(str(exc)) from None
        self.deal = self.start.hands[0]

    def seats(self, position: Position) -> int:
        return position.players

    def initial_position(self) -> Position:
        return self.start

    def legal_moves(self, position: Position) -> list[Event]:
        return engine.legal_events(position, self.rules_set)

    def step(self, position: Position, move: Event) -> Step:
        """The position after `move` and what it did (cards drawn, reshuffle, Mau! penalty)."""
        try:
            return engine.step(position, move, self.rules_set)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"illegal event {str(move)!r} in"
                                   f" {notation.format_position(position)!r}: {exc}") from None

    def apply(self, position: Position, move: Event) -> Position:
        return self.step(position, move).position

    def explain(self, position: Position, move: Event) -> tuple:
        return explain.explain(position, move, self.rules_set)

    def refusal(self, position: Position, text: str) -> tuple:
        event = notation.parse_event(text, notation.format_position(position))
        refused = engine.refusal(position, event, self.rules_set)
        return () if refused is None else (explain.refusal_reason(refused, position),)

    def outcome(self, position: Position) -> Outcome | None:
        if position.phase != engine.OVER:
            return None
        return Outcome(position.turn, "played the last card: Mau Mau!")

    def to_move(self, position: Position) -> int:
        return CHANCE if position.phase == engine.START else position.turn

    def chance_outcomes(self, position: Position) -> list[tuple[Event, Fraction]]:
        return engine.chance_outcomes(position)

    def parse_position(self, text: str) -> Position:
        return notation.parse_position(text)

    def format_position(self, position: Position) -> str:
        return notation.format_position(position)

    def parse_move(self, position: Position, text: str) -> Event:
        event = notation.parse_event(text, notation.format_position(position))
        reason = engine.why_illegal(position, event, self.rules_set)
        if reason is not None:
            raise IllegalMoveError(f"illegal event {text!r} in"
                                   f" {notation.format_position(position)!r}: {reason}")
        return event

    def format_move(self, position: Position, move: Event) -> str:
        return str(move)
