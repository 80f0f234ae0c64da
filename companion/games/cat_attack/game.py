"""Cat Attack as a registered Game: the companion keeps score (lives, larders, shops, the car),
rolls the die, judges the cat fight and the reports the players make about their moves."""
from __future__ import annotations

from companion.games.base import CHANCE, SCOREKEEPER, GameError, GameInfo, Outcome
from companion.games.cat_attack import notation, engine
from companion.games.cat_attack import explain as explain_ca
from companion.games.cat_attack.moves import legal_moves
from companion.games.cat_attack.state import MAX_LIVES, OVER, RULES_OPTIONS, Move, Position
from companion.games.eventgame import EventGame

INFO = GameInfo(
    name="cat-attack",
    title="Cat Attack",
    aliases=("catattack", "cat_attack"),
    min_players=2,
    max_players=6,
    served=SCOREKEEPER,
    rules_options=RULES_OPTIONS,
    description="Nine lives, six treats: the companion keeps lives, larders, shops and the car,"
                " rolls the die, judges the cat fight and checks the win.",
)

_REASONS = {"home": "six treats and home with an exact roll", "last": "the last cat standing",
            "draw": "the car took the last cats at once", "time": "time is up: lives + treats"}


class CatAttack(EventGame):
    """Events: see engine.py."""

    info = INFO
    reasons = explain_ca.REASONS

    def explain(self, position, move) -> tuple:
        return explain_ca.explain(position, move, self.rules_set)
    notation = notation
    engine = engine  # the rules module, for EventGame

    def __init__(self, rules=frozenset(), players: int | None = None, lives: int = MAX_LIVES):
        super().__init__(rules, players)
        if not isinstance(lives, int) or not 1 <= lives <= MAX_LIVES:
            raise GameError(f"lives={lives!r}: a cat starts with 1 to {MAX_LIVES} lives")
        self.lives = lives   # the shorter game: fewer than nine lives

    def initial_position(self) -> Position:
        return engine.initial(self.players, self.lives)

    def legal_moves(self, position: Position) -> list[Move]:
        return legal_moves(position, self.rules_set)

    def outcome(self, position: Position) -> Outcome | None:
        if position.phase != OVER:
            return None
        ranking = engine.ranking(position) if position.end == "time" else ()
        if position.end == "draw":   # A12: the car took the last cats at once — nobody wins
            ranking = (tuple(range(position.seats)),)
        return Outcome(position.turn, _REASONS[position.end], ranking)

    def to_move(self, position: Position) -> int:
        if position.turn is None and position.phase == OVER:
            return position.active   # a drawn game: nobody is to move; the last active seat
        return CHANCE if position.turn is None else position.turn
