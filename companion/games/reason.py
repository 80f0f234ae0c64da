"""A judgement's reason, as the engine that judged states it (issue 36: "why?").

Every judgement an engine makes -- a move accepted and what it did, a move refused, a verdict --
can be given as a tuple of `Reason`s: the rule that applied (`kind`, one of the kinds the game
declares in `Game.reasons`) and the pieces, cards or dice it applied to (`values`, plain data:
squares, seats, card tokens, counts). The engine produces them where it judges; a table words
them with its phrases (`why.<game>.<kind>`), never re-deriving a rule. A reason holds only what
every player may know: a secret (a hidden card, a character) is never one of its values.
Pure: no I/O.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable


@dataclass(frozen=True)
class Reason:
    """One step of a judgement: the rule (`kind`) and what it applied to (`values`, sorted
    name/value pairs, so equal reasons compare equal)."""

    kind: str
    values: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.values).get(name, default)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.values)


def reason(kind: str, /, **values: Any) -> Reason:
    return Reason(kind, tuple(sorted(values.items())))


def kinds_of(reasons: Iterable[Reason]) -> tuple[str, ...]:
    return tuple(r.kind for r in reasons)
