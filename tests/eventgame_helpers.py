"""Helpers for the rules tests of games played as text events (Cats, Cat Attack)."""
from __future__ import annotations

import pytest

from companion.games import IllegalMoveError


def play(game, pos, *texts: str):
    """The position after the events, given as text."""
    for text in texts:
        pos = game.apply(pos, game.parse_move(pos, text))
    return pos


def events(game, pos, *texts: str):
    """The position after the events and everything the companion announced on the way."""
    out = []
    for text in texts:
        pos, ev = game.apply_with_events(pos, game.parse_move(pos, text))
        out += ev
    return pos, out


def legal(game, pos) -> set[str]:
    return {game.format_move(pos, m) for m in game.legal_moves(pos)}


def illegal(game, pos, text: str, needle: str) -> None:
    """`text` is refused with one line naming it, the position and `needle`; nothing changes."""
    before = game.format_position(pos)
    with pytest.raises(IllegalMoveError) as err:
        game.apply(pos, game.parse_move(pos, text))
    msg = str(err.value)
    assert needle in msg and repr(text) in msg and before in msg and "\n" not in msg
    assert game.format_position(pos) == before
