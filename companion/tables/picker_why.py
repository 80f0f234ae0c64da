""""Why?" for the tables without a sensed board (Cats, Cat Attack; issue 36): a refusal stands as
the last judgement (its engine key and values, worded as the table refused it), else the players'
last event the engine explains (TableBase's default, up to `why_end`: not the draws after it). A reason's seat becomes the player's name; a
game's own values (an object, a treat) its table words in `why_values`."""
from __future__ import annotations

from companion.games.reason import Reason, reason
from companion.ui.screens import Msg, msg


class PickerWhy:
    """Mixin of PickerTable."""

    def why_end(self) -> int:
        """A draw the companion made after the players' last event (the die rolled after a cat
        fight, a card drawn) is chance, said as it happens, not a judgement: "why?" explains
        that event -- a fight's verdict -- until the players act again (issue 46, item 12)."""
        cut = self._last_event()  # type: ignore[attr-defined]
        return len(self.line.moves) if cut is None else cut + 1  # type: ignore[attr-defined]

    def judge_refusal(self, exc) -> None:
        """An engine refusal (eventgame.Refusal) is the last judgement until the next event."""
        key = getattr(exc, "key", "")
        if key:
            self.judged((reason(f"refused.{key}", **getattr(exc, "values", {})),))  # type: ignore[attr-defined]

    def why_msg(self, why: Reason) -> Msg:
        if why.kind.startswith("refused."):   # in the words the table refused it with
            return msg("text", text=self.reason(why.kind[8:], why.values, why.kind))  # type: ignore[attr-defined]
        values = {name: self.seat_name(value) if name in ("seat", "other_seat") else value  # type: ignore[attr-defined]
                  for name, value in why.values}
        return msg(self.why_key(why.kind), **self.why_values(why, values))  # type: ignore[attr-defined]

    def why_values(self, why: Reason, values: dict) -> dict:
        """A game's own values in words (default: as they are)."""
        return values
