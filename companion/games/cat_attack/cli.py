"""`companion cat-attack new | moves | apply | view` (docs/rules/cat-attack.md, "Command line"):
the engine's commands. What `apply --json` announces is the table's words (companion/tables/
cat_attack/cli.py hands its `announce` in); the events as data are the engine's own."""
from __future__ import annotations

from typing import Callable

from companion.games.cat_attack.state import SHOP_NAMES, TREAT_NAMES
from companion.games.textcli import run


def json_event(name: str, value):
    """The event as JSON-ready data with 1-based seats."""
    def seat(s):
        return None if s is None else s + 1
    if name in ("retired", "home", "win_check", "winner"):
        return {name: seat(value)}
    if name == "life":
        return {name: {"seat": seat(value[0]), "lost": value[1], "left": value[2]}}
    if name == "draw":
        return {name: {"seat": seat(value[0]), "cards": value[1]}}
    if name in ("swap_card", "fight"):
        return {name: [seat(value[0]), seat(value[1])]}
    if name == "shop":
        return {name: {"shop": SHOP_NAMES[value[0]], "open": value[1]}}
    if name == "treat":
        return {name: {"seat": seat(value[0]), "treat": TREAT_NAMES[value[1]],
                       "from": seat(value[2])}}
    return {name: value}


def main(argv: list[str], announce: Callable, explainer=None) -> int:
    """The command; `announce(name, value, language)` words an event for `apply --json`,
    `explainer(game, language)` the moves for `apply --why`."""
    return run("cat-attack", argv, announce, json_event,
               settings={"lives": "lives each cat starts with (1-9; the shorter game)"},
               explainer=explainer)
