"""`companion GAME apply --why de|en` (issue 45): what the engine judged of each move, in the words
the table explains it with on the OLED, the page and the voice. The engines' commands live below
the tables (companion/games/*/cli.py) and never import them: each game's command in this layer
(companion/tables/<game>/cli.py) hands `explainer` in, and the engine's `apply` asks it for the
lines of each move it plays (`Game.explain`) or of the one it refuses (`Game.refusal`), both
worded by the table's `why_msg` -- the same call the Why? card makes. Pure."""
from __future__ import annotations

from companion import tables
from companion.games.errors import GameError
from companion.ui.i18n import check_language


class Explainer:
    """The table's words for the judgements of `game` in `language`."""

    def __init__(self, game, language: str) -> None:
        self.game, self.language = game, check_language(language)
        self.table = tables.make(game, language=language, players=())

    def move(self, position, move) -> list[str]:
        """What `move`, played at `position`, did and why (nothing to explain: no lines)."""
        return self.lines(self.game.explain(position, move))

    def refused(self, position, text: str) -> list[str]:
        """Why the move `text` is refused at `position` (no rule named: no lines)."""
        try:
            return self.lines(self.game.refusal(position, text))
        except GameError:   # malformed: no rule to explain, the notation's error says what
            return []

    def lines(self, reasons) -> list[str]:
        return [self.table.why_msg(r).text(self.language) for r in reasons]


def explainer(game, language: str) -> Explainer:
    return Explainer(game, language)
