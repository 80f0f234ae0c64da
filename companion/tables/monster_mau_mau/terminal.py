"""`companion monster-mau-mau play`: the laptop's virtual table on a terminal — you play seat 1,
computer players the others; the screen lines are the ones the table's OLED shows."""
from __future__ import annotations

import random
import secrets

from companion.games.base import GameError
from companion.tables.monster_mau_mau.laptop import LaptopGame
from companion.ui.i18n import text

SHORT = {"d": "draw", "p": "pass", "m": "mau", "z": "draw", "w": "pass"}  # z(iehen), w(eiter)


def play_terminal(args, rules: frozenset[str], stdin, out) -> int:
    seed = secrets.randbits(32) if args.seed is None else args.seed

    def w(key: str, **kw) -> str:  # the terminal's own words (phrases.py: mmm.term.*)
        return text(f"mmm.term.{key}", args.language, **kw)

    names = (w("you"),) + tuple(w("bot", n=i) for i in range(2, args.players + 1))
    if not 2 <= args.players <= 10:
        raise GameError(f"--players {args.players}: Monster Mau Mau is for 2-10 players")
    try:
        game = LaptopGame(random.Random(seed), args.players, rules=rules, deal=args.deal,
                          names=names, language=args.language)
    except ValueError as exc:
        raise GameError(f"--deal {args.deal}: {exc}") from None
    # the seed deals every hand: shown once the game is over (to play it again), never before
    print(w("head", n=args.players, help=w("help")), file=out)
    shown = 0
    while True:
        game.advance()
        view = game.view(0)
        for line in view["log"][max(0, len(view["log"]) - (len(game.said) - shown)):]:
            print(f"  {line}", file=out)
        shown = len(game.said)
        print("| " + "\n| ".join(line for line in view["screen"] if line), file=out)
        if game.over:
            print(w("wins", n=view["winner"], name=view["players"][view["winner"] - 1]["name"]),
                  file=out)
            print(w("seed", seed=seed), file=out)
            return 0
        print(w("hand", hand=" ".join(view["hand"]), fits=" ".join(view["playable"]) or "-"),
              file=out)
        print("> ", end="", file=out, flush=True)
        line = stdin.readline()
        if not line or line.strip() == "q":
            print("\n" + w("stopped"), file=out)
            print(w("seed", seed=seed), file=out)
            return 0
        word = line.strip()
        word = SHORT.get(word, word)
        if word.lower() in ("help", "hilfe", "h", "?"):  # what can be typed, not "not in your hand"
            print("  " + w("help"), file=out)
            continue
        if word in ("draw", "pass", "mau"):
            why = game.press(word)
        elif word:
            card, _, wish = word.replace(" ", ">").partition(">")
            why = game.play(card, wish or None)
        else:
            why = w("help")
        if why:
            print("  " + w("refused", why=why), file=out)
