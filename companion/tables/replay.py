"""A past game as the page's history view steps through it (issue 36, item 4): the game's table
made afresh at ply k of its record, and from it the same drawing the live page gets (the game's
page view: maunz.'s bed, Katzenjammer's board, the cards, Cats' and Cat Attack's table) with the
move list and its words. One drawing code on the page for live and past games.

Only what the whole table saw: the table is made from the true record (the engine needs the
dealt cards to replay it), but every part of a frame is its public view — the page views never
read a secret (Cats: `observation` for seat None; the moves as `shown_moves`: `deal:??`), and
the OLED, where a seat's secret can show, is not part of a frame at all."""
from __future__ import annotations

import dataclasses

from companion import tables


class FrameError(ValueError):
    """A ply outside the record, or a record the engine cannot replay (one line, for the page)."""


def frame(game, start, moves: list[str], ply: int, *, language: str = "en",
          players: tuple[str, ...] = ()) -> dict:
    """The page's drawing of `game` (a companion.games.Game) at `ply` of a record (its start
    position's text and moves' texts): the snapshot's game part (its view, the move list as the
    table shows it and in words, the position as the table may see it, the winner by seat key)."""
    if not 0 <= ply <= len(moves):
        raise FrameError(f"ply {ply}: this game has plies 0 to {len(moves)}")
    name = game.info.name
    try:
        pos = game.parse_position(start) if isinstance(start, str) else start
        table = tables.make(game, pos, moves=list(moves[:ply]), language=language, players=tuple(players))
    except ValueError as exc:   # GameError and the engines' refusals are ValueErrors
        raise FrameError(f"the record cannot be replayed at ply {ply}: {exc}") from None
    # the live table's words to the players ("the dice roll ...", "put a kitten down"): nobody is
    # asked anything in a past game, so its drawing has none
    view = dataclasses.replace(table.view(), instruction="")
    pos = table.position
    seats = game.seats(pos)
    keys = tables.seat_keys(name, seats)
    outcome = game.outcome(pos)
    winner = None if outcome is None or outcome.winner is None else keys[outcome.winner]
    out = {
        "game": name, "title": game.info.title, "language": language,
        "position": game.observation(pos) if game.info.hidden_information else game.format_position(pos),
        "moves": list(view.moves), "winner": winner, "senses_bed": table.senses_bed,
        "players": {keys[i]: p for i, p in enumerate(players[:seats]) if p},
        "ply": ply, "plies": len(moves),
    }
    page_view = tables.page_view(name)
    if page_view is not None:
        out.update(page_view(table, view))
    else:   # the generic text view, as the live snapshot has it
        out.update({"view": "text", "text": game.observation(pos)})
    if out.get("view") == "board":   # the bed as it was: the page draws pieces where they are sensed
        out["sensed"] = sorted(out.get("bed") or {})
        for question in ("asking", "put"):   # the live table's questions: none in a past game
            out.pop(question, None)
    return out
