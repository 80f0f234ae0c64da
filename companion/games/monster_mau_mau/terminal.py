"""`companion monster-mau-mau play`: the laptop's virtual table on a terminal — you play seat 1,
computer players the others; the screen lines are the ones the table's OLED shows."""
from __future__ import annotations

import random
import secrets

from companion.games.base import GameError
from companion.games.monster_mau_mau.laptop import LaptopGame

HELP = "a card (s7, MW>z), d = draw, p = pass, m = Mau!, q = quit"
SHORT = {"d": "draw", "p": "pass", "m": "mau"}


def play_terminal(args, rules: frozenset[str], stdin, out) -> int:
    seed = secrets.randbits(32) if args.seed is None else args.seed
    names = ("you",) + tuple(f"bot {i}" for i in range(2, args.players + 1))
    if not 2 <= args.players <= 10:
        raise GameError(f"--players {args.players}: Monster Mau Mau is for 2-10 players")
    try:
        game = LaptopGame(random.Random(seed), args.players, rules=rules, deal=args.deal,
                          names=names, language=args.lang)
    except ValueError as exc:
        raise GameError(f"--deal {args.deal}: {exc}") from None
    print(f"Monster Mau Mau, {args.players} players, seed {seed} ({HELP})", file=out)
    shown = 0
    while True:
        game.advance()
        view = game.view(0)
        for line in view["log"][max(0, len(view["log"]) - (len(game.said) - shown)):]:
            print(f"  {line}", file=out)
        shown = len(game.said)
        print("| " + "\n| ".join(line for line in view["screen"] if line), file=out)
        if game.over:
            print(f"seat {view['winner']} ({view['players'][view['winner'] - 1]['name']}) wins", file=out)
            return 0
        print(f"your hand: {' '.join(view['hand'])}   fits: {' '.join(view['playable']) or '-'}",
              file=out)
        print("> ", end="", file=out, flush=True)
        line = stdin.readline()
        if not line or line.strip() == "q":
            print("\nstopped", file=out)
            return 0
        word = line.strip()
        word = SHORT.get(word, word)
        if word in ("draw", "pass", "mau"):
            why = game.press(word)
        elif word:
            card, _, wish = word.replace(" ", ">").partition(">")
            why = game.play(card, wish or None)
        else:
            why = HELP
        if why:
            print(f"  refused: {why}", file=out)
