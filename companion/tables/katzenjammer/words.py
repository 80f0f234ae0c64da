"""Katzenjammer's moves in words for the page's move list ("Rot würfelt 1, 4, 4", "Rot, Pasch 44:
Blau 16 zurück auf 12", "Rot, Würfel 7: 6 vor auf 7, 17 vor auf 23"): who made the move, the die
it used and where each piece went, from the keyed phrases `kj.move.*` (phrases.py) in the
table's language. The notation stays the record; this is how a person reads it. Pure."""
from __future__ import annotations

from functools import lru_cache

from companion.games.katzenjammer import board as bd
from companion.games.katzenjammer.engine import PASS, Position, Roll, label_action
from companion.tables.katzenjammer import phrases  # noqa: F401  (registers the words)
from companion.ui.i18n import text


@lru_cache(maxsize=4096)   # every snapshot words the whole list again: each move once
def move_words(game, before: Position, move_text: str, language: str) -> str:
    """The move `move_text`, played from `before`, in words."""
    def t(key: str, **kw) -> str:
        return text(f"kj.move.{key}", language, **kw)

    seat = text(f"kj.seat.{before.to_move}", language)
    move = game.parse_move(before, move_text)
    if isinstance(move, Roll):
        return t("roll", seat=seat, dice=", ".join(map(str, move.dice)))
    if move == PASS:
        return t("void", seat=seat)
    b, turns = before.board, []
    for part in move:
        b, action = _part(b, before.to_move, part, t, language)
        label = part.label
        die = (t("joker", label=label[3:]) if label.startswith("55=")
               else t("die" if len(label) == 1 else "pair", label=label))
        turns.append((die, action))
    first = t("turn", seat=seat, die=turns[0][0], action=turns[0][1])
    return "; ".join([first] + [f"{die}: {action}" for die, action in turns[1:]])


def _part(b: bytes, colour: int, part, t, language: str) -> tuple[bytes, str]:
    """The board after one action and the action in words (the destinations as the board
    works them out: a piece may go round into its stall)."""
    def field(index: int) -> str:
        return str(index) if index < bd.RING else t("stall", n=(index - bd.STALL) % 4 + 1)

    def piece(board: bytes, index: int) -> str:
        owner = bd.owner(board, index)
        return field(index) if owner == colour else t(
            "foreign", seat=text(f"kj.seat.{owner}", language), field=field(index))

    if part.kind == "e":
        return bd.enter(b, colour), t("enter", field=field(bd.START[colour]))
    if part.kind == "x":
        a, x = part.args
        return bd.swap(b, a, x), t("swap", src=piece(b, a), other=piece(b, x))
    if part.kind in "fb":
        (a,) = part.args
        steps = label_action(part.label)[1]
        moved = (bd.forward if part.kind == "f" else bd.backward)(b, a, steps)
        key = "forward" if part.kind == "f" else "back"
        return moved[0], t(key, src=piece(b, a), dst=field(moved[1]))
    said = []   # a seven: each segment from where its piece stands when the segment starts
    for a, k in part.args:
        nb, dest = (bd.forward if k > 0 else bd.backward)(b, a, abs(k), True)
        said.append(t("forward" if k > 0 else "back", src=piece(b, a), dst=field(dest)))
        b = nb
    return b, ", ".join(said)
