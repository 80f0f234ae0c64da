"""`companion cats new | moves | apply | view` (docs/rules/cats.md, "Command line")."""
from __future__ import annotations

from companion.games.cats.announce import announce, json_event
from companion.games.textcli import run


def main(argv: list[str]) -> int:
    return run("cats", argv, announce, json_event)
