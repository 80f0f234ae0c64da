"""`companion cat-attack new | moves | apply | view` (docs/rules/cat-attack.md, "Command line")."""
from __future__ import annotations

from companion.games.cat_attack.announce import announce, json_event
from companion.games.textcli import run


def main(argv: list[str]) -> int:
    return run("cat-attack", argv, announce, json_event,
               settings={"lives": "lives each cat starts with (1-9; the shorter game)"})
