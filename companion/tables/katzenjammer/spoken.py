"""A Katzenjammer turn said in words, for the voice (TableBase.drain_said): who played which die
and what moved where — "Grün: die Drei, zieht von Feld 25 auf Feld 28". The players mirror the
computer's turns on their own board, so hearing only "the computer moves" leaves them guessing."""
from __future__ import annotations

from companion.games.katzenjammer import engine
from companion.games.katzenjammer.board import backward, forward
from companion.games.katzenjammer.engine import PASS, Position
from companion.tables.katzenjammer.chooser import die_label, field
from companion.ui.screens import Msg, msg


def said_turn(pos: Position, turn) -> list[Msg]:
    """The turn `turn` (PASS or its parts) played from `pos` (dice rolled), as Msgs said as one
    line."""
    seat = msg(f"kj.seat.{pos.to_move}")
    if turn == PASS:
        return [msg("kj.say.void", seat=seat)]
    board, out = pos.board, []
    for i, part in enumerate(turn):
        die = die_label(part.label)
        out.append(msg("kj.say.turn", seat=seat, die=die) if i == 0 else msg("kj.say.then", die=die))
        out += _part(board, part)
        board = engine.play_part(board, pos.to_move, part)
    return out


def _part(board: bytes, part) -> list[Msg]:
    _, value = engine.label_action(part.label)
    if part.kind == "e":
        return [msg("kj.say.enter")]
    if part.kind == "x":
        return [msg("kj.say.swap", src=field(part.args[0]), dst=field(part.args[1]))]
    if part.kind in "fb":
        a = part.args[0]
        dst = (forward if part.kind == "f" else backward)(board, a, value)[1]
        return [msg("kj.say.move" if part.kind == "f" else "kj.say.move_back", src=field(a), dst=field(dst))]
    out = []   # a seven: its segments in order, each from where its piece stands then
    for j, (a, k) in enumerate(part.args):
        board, dst = (forward if k > 0 else backward)(board, a, abs(k), True)
        key = ("kj.say.move" if j == 0 else "kj.say.segment") + ("" if k > 0 else "_back")
        out.append(msg(key, src=field(a), dst=field(dst)))
    return out
