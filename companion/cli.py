"""The `companion` command. Each sub-command lives in the package it belongs to and is imported
only when used, so `companion maunz ...` never pays for (or needs) hardware or web libraries.

Every target is a function `main(argv: list[str]) -> int`.
"""
from __future__ import annotations

import importlib
import os
import sys

COMMANDS: dict[str, tuple[str, str]] = {
    # name: (module:function, one-line help)
    "games": ("companion.games.cli:main", "list the games: name, title, players, how they are served"),
    "maunz": ("companion.games.maunz.cli:main", "maunz. engine: moves, apply, perft, best, replay"),
    "boop": ("companion.games.maunz.cli:main", "alias of 'maunz'"),
    "katzenjammer": ("companion.games.katzenjammer.cli:main", "Katzenjammer engine: successors, moves, apply"),
    "kj": ("companion.games.katzenjammer.cli:main", "alias of 'katzenjammer'"),
    "monster-mau-mau": ("companion.tables.monster_mau_mau.cli:main", "Monster Mau Mau referee: new, moves, apply; play (the laptop's table)"),
    "mau-mau": ("companion.tables.monster_mau_mau.cli:main", "alias of 'monster-mau-mau'"),
    "mmm": ("companion.tables.monster_mau_mau.cli:main", "alias of 'monster-mau-mau'"),
    "cats": ("companion.games.cats.cli:main", "Cats engine: new, moves, apply, view"),
    "cat-attack": ("companion.games.cat_attack.cli:main", "Cat Attack engine: new, moves, apply, view"),
    "run": ("companion.service.main:main", "run the companion service with a config (on the Pi; use sim on a laptop)"),
    "sim": ("companion.service.main:sim_main", "run the companion on simulated hardware with the web page"),
    "selftest": ("hardware.selftest:main", "walk test of reeds, LEDs, OLED, card reader and buttons"),
    "calibrate": ("companion.service.calibrate_cli:main", "the hall-effect bed's calibration walk (a kitten and a cat on each square)"),
    "cards": ("companion.service.cards_cli:main", "control cards and card decks: enrol, add, list, remove, write-deck, enrol-deck"),
    "history": ("companion.service.history_cli:history_main", "list the games played"),
    "export": ("companion.service.history_cli:export_main", "write game records of past games"),
    "recover": ("companion.service.recover_cli:main", "keep a damaged journal aside and restore its newest backup"),
    "screens": ("companion.ui.render_cli:main", "render every OLED screen to PNG files"),
    "flash": ("firmware_bridge.flash:main", "copy the firmware to a Raspberry Pi Pico with mpremote"),
    "bench": ("benchmarks:main", "benchmarks: engine, hardware, bridge, referee, ai, katzenjammer, eventpicks, web, voice, remote, hall"),
}


def _usage() -> str:
    lines = ["usage: companion COMMAND [ARGS...]", "", "commands:"]
    w = max(map(len, COMMANDS))  # the longest name ("monster-mau-mau") keeps the column straight
    lines += [f"  {name:<{w}}  {help_}" for name, (_, help_) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    try:
        code = _dispatch(list(sys.argv[1:] if argv is None else argv))
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # `companion history | head`: the reader has all it wanted; no traceback for that. Point
        # stdout at /dev/null so the interpreter's last flush does not raise it again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _dispatch(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(_usage())
        return 0
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        print(f"companion: unknown command {name!r}; try one of: {', '.join(COMMANDS)}", file=sys.stderr)
        return 2
    target = COMMANDS[name][0]
    module_name, func_name = target.split(":")
    func = getattr(importlib.import_module(module_name), func_name)
    return int(func(rest) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
