"""`companion cat-attack new | moves | apply | view`: the engine's commands (companion/games/
cat_attack/cli.py), handed the table's words for what `apply --json` announces (announce.py), in
English or German with `--language de`."""
from __future__ import annotations

from companion.games.cat_attack import cli as engine_cli
from companion.tables.cat_attack.announce import announce


def main(argv: list[str], explainer=None) -> int:
    return engine_cli.main(argv, announce=announce, explainer=explainer)
