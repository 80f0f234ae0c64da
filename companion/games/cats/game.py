"""Cats as a registered Game: the companion keeps the secrets and judges reactions, challenges
and claimed wins; moving the pieces on the board stays on the honour system."""
from __future__ import annotations

from companion.games.base import ASSISTANT, GameInfo, Outcome
from companion.games.cats import notation, engine
from companion.games.cats import explain as explain_cats
from companion.games.cats.state import (CHARACTERS, OBJECT_NAMES, OVER, RULES_OPTIONS, Move,
                                        Position)
from companion.games.eventgame import EventGame

INFO = GameInfo(
    name="cats",
    title="Cats",
    aliases=("katzen",),
    min_players=2,
    max_players=4,
    served=ASSISTANT,
    rules_options=RULES_OPTIONS,
    hidden_information=True,
    description="Secret cats and favourite objects: the companion keeps the secrets, judges"
                " Miau/Schnurr reactions and challenges, and verifies a claimed win.",
)


class Cats(EventGame):
    """Events (see engine.apply): ("draw", seat), ("reshuffle", True), ("locked", cat),
    ("window", "none"|"closed"), ("challenge", "right"|"wrong"), ("revealed", (cat, seat)),
    ("extra_turn", seat), ("winner", seat)."""

    info = INFO
    notation = notation
    engine = engine  # the rules module, for EventGame
    reasons = explain_cats.REASONS

    def explain(self, position: Position, move: Move) -> tuple:
        return explain_cats.explain(position, move, self.rules_set)

    def initial_position(self) -> Position:
        return engine.initial(self.players)

    def legal_moves(self, position: Position) -> list[Move]:
        return engine.legal_moves(position, self.rules_set)

    def outcome(self, position: Position) -> Outcome | None:
        if position.phase != OVER:
            return None
        cat, obj = position.win
        return Outcome(position.turn, f"cat {cat + 1} found the {OBJECT_NAMES[obj]}"
                                      f" (the {CHARACTERS[obj]} cat)")

    def observation(self, position: Position, seat: int | None = None) -> str:
        return notation.format_position(position, viewer=seat)

    def observe_move(self, position: Position, move: Move, seat: int | None = None) -> str:
        # a deal is one seat's secret: that seat sees it, the table and the others `deal:??`
        if move.kind == "deal" and (seat is None or seat != position.secrets.index(None)):
            return "deal:??"
        return self.format_move(position, move)

    def judge_win(self, position: Position, cat: int, obj: int) -> int | None:
        """The seat that wins if cat `cat` (0-4) entered the field of object `obj` (0-3), or None
        (the claim fails and play goes on). Reveals nothing beyond the verdict."""
        owner = position.owner_of(cat)
        return owner if owner is not None and position.secrets[owner][1] == obj else None
