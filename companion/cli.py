"""The `companion` command. Each sub-command lives in the package it belongs to and is imported
only when used, so `companion maunz ...` never pays for (or needs) hardware or web libraries.

Every target is a function `main(argv: list[str]) -> int`. The game commands and their aliases
are the games' own, from their lines in `companion.catalogue` (read without importing any game).
"""
from __future__ import annotations

import os
import sys

from benchmarks import NAMES as BENCHMARKS  # the one list (a name tuple: nothing else imported)
from companion import catalogue

#: The commands that are no game's: name -> (module:function, one-line help).
SERVICE_COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("companion.service.main:main", "run the companion service with a config (on the Pi; use sim on a laptop)"),
    "sim": ("companion.service.main:sim_main", "run the companion on simulated hardware with the web page"),
    "selftest": ("hardware.selftest:main", "walk test of reeds, LEDs, OLED, card reader and buttons"),
    "calibrate": ("companion.service.calibrate_cli:main", "the hall-effect bed's calibration walk (a kitten and a cat on each square)"),
    "cards": ("companion.service.cards_cli:main", "control cards and card decks: enrol, add, list, remove, write-deck, enrol-deck"),
    "history": ("companion.service.history_cli:history_main", "list the games played"),
    "export": ("companion.service.history_cli:export_main", "write game records of past games"),
    "recover": ("companion.service.recover_cli:main", "keep a damaged journal aside and restore its newest backup"),
    "screens": ("companion.service.screens_cli:main", "render every OLED screen to PNG files"),
    "update": ("companion.update.update:main", "install a new version beside the running one; back by itself if it is not healthy"),
    "image": ("companion.image.build:main", "build the SD-card image: companion image build [--base debian|FILE.img.xz] [--out maunz.img]; companion image deps installs its tools"),
    "firstboot": ("companion.image.firstboot:main", "read companion.toml, wifi.txt and an ssh key from the SD card's FAT partition (at boot)"),
    "growroot": ("companion.image.growroot:main", "grow the root partition to fill the SD card (at first boot)"),
    "release": ("companion.update.release_cli:main", "maintainers: make, sign and verify release archives (companion release keygen|make|sign|verify)"),
    "version": ("companion.update.version:main", "the running version, its commit and the Pico's firmware"),
    "flash": ("firmware_bridge.flash:main", "make a Pico the bridge: MicroPython onto its BOOTSEL drive, then the bridge firmware, checked by HELLO"),
    "bench": ("benchmarks:main", "benchmarks: " + ", ".join(BENCHMARKS)),
}


def commands() -> dict[str, tuple[str, str]]:
    """Every command, as `--help` lists them: `games`, each game's command followed by its
    aliases (in the catalogue's order), then the service's commands."""
    out = {"games": ("companion.games.cli:main", "list the games: name, title, players, how they are served")}
    for line in catalogue.GAMES:
        if line.command is not None:
            target, help_ = line.command
            out[line.name] = (target, help_)
            out.update((alias, (target, f"alias of {line.name!r}")) for alias in line.command_aliases)
    return out | SERVICE_COMMANDS


def _usage(known: dict[str, tuple[str, str]]) -> str:
    lines = ["usage: companion COMMAND [ARGS...]", "", "commands:"]
    w = max(map(len, known))  # the longest name ("monster-mau-mau") keeps the column straight
    lines += [f"  {name:<{w}}  {help_}" for name, (_, help_) in known.items()]
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


def _explainer(game, language: str):
    """`companion GAME apply --why`: the tables' words for the engine's judgements. An engine's
    command never imports a table (the layers); this, the top, hands them in, imported only when
    a move is explained, so the engines' commands start without the tables."""
    from companion.tables.why_cli import Explainer

    return Explainer(game, language)


def game_commands() -> set[str]:
    """The games' commands and their aliases: each takes `explainer=` for `apply --why`."""
    return {name for line in catalogue.GAMES if line.command is not None
            for name in (line.name, *line.command_aliases)}


def _dispatch(argv: list[str]) -> int:
    known = commands()
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(_usage(known))
        return 0
    name, rest = argv[0], argv[1:]
    if name not in known:
        print(f"companion: unknown command {name!r}; try one of: {', '.join(known)}", file=sys.stderr)
        return 2
    if rest[:1] == ["review"] and _game_of(name) in REVIEWED:
        # a game's review reads the journal (the service's layer), the game's own CLI may not
        from companion.service.review_cli import main as review_main

        return review_main(_game_of(name), rest[1:])
    target = catalogue.resolve(known[name][0])
    if name in game_commands():
        return int(target(rest, explainer=_explainer) or 0)
    return int(target(rest) or 0)


#: The games `companion GAME review` reviews (companion/service/review_cli.py).
REVIEWED = ("maunz", "katzenjammer")


def _game_of(command: str) -> str | None:
    for line in catalogue.GAMES:
        if command == line.name or command in line.command_aliases:
            return line.name
    return None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
