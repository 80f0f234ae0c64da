"""`companion cats new | moves | apply | view`: the engine's commands (companion/games/cats/
cli.py), handed the table's words for what `apply --json` announces (announce.py), in English or
German with `--language de`."""
from __future__ import annotations

from companion.games.cats import cli as engine_cli
from companion.tables.cats.announce import announce


def main(argv: list[str], explainer=None) -> int:
    return engine_cli.main(argv, announce=announce, explainer=explainer)
