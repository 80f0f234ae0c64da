"""`companion monster-mau-mau` (aliases `mau-mau`, `mmm`): the engine's commands (new, moves,
apply: companion/games/monster_mau_mau/cli.py) and `play`, the laptop's table in the terminal,
which belongs to the table's layer and is handed to the engine's CLI from here."""
from __future__ import annotations

from companion.games.monster_mau_mau import cli as engine_cli


def _play(args, rules, stdin, out) -> int:
    # imported only for `play`: new / moves / apply start without the table's modules
    from companion.tables.monster_mau_mau.terminal import play_terminal

    return play_terminal(args, rules, stdin, out)


def main(argv: list[str], explainer=None) -> int:
    return engine_cli.main(argv, play_table=_play, explainer=explainer)
