"""How much of what the engines judge the tables can explain (issue 36): every reason kind a
game declares (`Game.reasons`) against the phrase its table words it with, per language. The
coverage test holds it at 100 % and `companion bench teach` prints it. Pure."""
from __future__ import annotations

from companion import games, tables


def coverage(name: str, language: str) -> tuple[int, int, list[str]]:
    """(kinds explained in `language`, kinds declared, the phrases missing) for game `name`."""
    table = tables.factory(name)   # importing the table registers its phrases
    kinds = games.get(name).reasons
    missing = [table.why_phrase(name, kind) for kind in kinds
               if not table.why_worded(name, kind, language)]
    return len(kinds) - len(missing), len(kinds), missing


def percent(name: str, language: str) -> int:
    done, total, _ = coverage(name, language)
    return 100 * done // total if total else 0
