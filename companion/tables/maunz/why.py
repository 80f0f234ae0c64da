"""maunz.'s "why?" (issue 36): the judgement the table explains and its reasons in words. The
reasons are the engine's (companion/games/maunz/explain.py); while a placement is being carried
out on the bed, it is that placement's (before its choice: why the companion asks which line),
else the last move's. Here their values only become words: a square its name, a piece, a kind
and a colour their phrases, a direction `why.maunz.way.<way>`."""
from __future__ import annotations

from companion.games.maunz.explain import explain_placement
from companion.games.reason import Reason
from companion.tables.maunz import phrases as words
from companion.ui.screens import Msg, msg
from companion.words import square_name


class Why:
    """Mixin of MaunzTable: the placement in progress explained, and the reasons worded."""

    def judgement(self) -> tuple[Reason, ...]:
        plan = self._stable_plan() if self.phase in ("boops", "choose") else None  # type: ignore[attr-defined]
        if plan is not None and plan.placement is not None:
            return explain_placement(plan.placement, plan.choice)
        return super().judgement()  # type: ignore[misc]

    def why_msg(self, reason: Reason) -> Msg:
        values = {}
        for name, value in reason.values:
            if name in ("square", "src", "dst"):
                value = square_name(value)
            elif name == "squares":
                value = ", ".join(square_name(sq) for sq in value)
            elif name == "piece":
                value = words.piece(value)
            elif name == "kind":
                value = words.kind(value)
            elif name == "colour":
                value = words.colour(value)
            elif name == "way":
                value = msg(f"why.maunz.way.{value}")
            values[name] = value
        return msg(self.why_key(reason.kind), **values)  # type: ignore[attr-defined]
