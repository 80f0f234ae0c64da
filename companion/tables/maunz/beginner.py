"""maunz.'s beginner mode (issue 36, item 5; the setting and its card: tables/beginner.py): after
a person's move, what the player to move now could do at once — win, or make a line of three
(a graduation) — found by the engine's own placement (steps 1-3 of every placement the pool
allows), and the warning that says so and offers the hint: the move undone, the table asks the
hint at once (session.py). Pure."""
from __future__ import annotations

from companion.tables.maunz import phrases as words
from companion.ui import i18n
from companion.ui.screens import Msg, msg
from companion.words import SQUARES

PHRASES = {
    "beginner.win": {"de": "Vorsicht: {colour} kann jetzt sofort gewinnen! Rückgängig: ein Tipp zeigt"
                           " einen besseren Zug",
                     "en": "Careful: {colour} can win at once now! Undo: a hint shows a better move"},
    "beginner.line": {"de": "Vorsicht: {colour} kann jetzt sofort eine Dreierreihe legen! Rückgängig: ein"
                            " Tipp zeigt einen besseren Zug",
                      "en": "Careful: {colour} can make a line of three at once now! Undo: a hint shows"
                            " a better move"},
    # with the computer to answer, it waits for the person: undo (the hint), or OK keeps the move
    "beginner.keep": {"de": "{warning} OK: Zug behalten", "en": "{warning} OK: keep the move"},
}
i18n.register(PHRASES)


def threat(game, pos) -> str | None:
    """"win" if the player to move in `pos` can win with one placement, "line" if they can make
    a line of three (or otherwise graduate), else None."""
    found = threat_move(game, pos)
    return None if found is None else found[0]


def threat_move(game, pos) -> tuple[str, str, int] | None:
    """The placement behind `threat` ("win" or "line", its kind, its square): a win first, else
    the first line -- what "why?" shows while the warning stands (issue 46, item 7)."""
    if pos.winner is not None:
        return None
    turn, occupied = pos.turn, pos.occupied
    line = None
    for kind, left in zip("kc", pos.pool(turn)):
        if not left:
            continue
        for sq in range(SQUARES):
            if occupied >> sq & 1:
                continue
            placed = game.place(pos, kind, sq)
            if placed.winner == turn:
                return ("win", kind, sq)
            if line is None and placed.options:
                line = ("line", kind, sq)
    return line


def warning(game, pos) -> Msg | None:
    """The warning after a move that left `pos`, naming the player who now can (None: none)."""
    what = threat(game, pos)
    return None if what is None else msg(f"beginner.{what}", colour=words.colour(pos.turn))
