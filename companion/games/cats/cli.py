"""`companion cats new | moves | apply | view` (docs/rules/cats.md, "Command line"): the engine's
commands. What `apply --json` announces is the table's words (companion/tables/cats/cli.py hands
its `announce` in); the events as data are the engine's own."""
from __future__ import annotations

from typing import Callable

from companion.games.textcli import run


def json_event(name: str, value):
    """The event as JSON-ready data with 1-based seats and cats."""
    if name in ("draw", "locked", "extra_turn", "winner"):
        return {name: value + 1}
    if name == "revealed":
        return {name: {"cat": value[0] + 1, "seat": value[1] + 1}}
    return {name: value}


def main(argv: list[str], announce: Callable, explainer=None) -> int:
    """The command; `announce(name, value, language)` words an event for `apply --json`,
    `explainer(game, language)` the moves for `apply --why`."""
    return run("cats", argv, announce, json_event, explainer=explainer)
