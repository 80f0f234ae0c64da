"""The page's view of a Katzenjammer game: the board as data for the page's drawing (static/kj.js:
the ring, every seat's Start, nest and stall with its pieces, the three dice, whose turn, the
fields the last turn changed), and the same as text beneath it — every seat's pieces, whose turn
with the dice, and the chooser's menu with its cursor (the same choices as the OLED, answered
with the page's OK / BACK / CAT buttons). Pure data: the drawing is the page's."""
from __future__ import annotations

from companion.games.katzenjammer import layout
from companion.games.katzenjammer.board import COLOURS, RING, STALL, START, nest_count, stall_base
from companion.games.katzenjammer.notation import format_pieces
from companion.tables.katzenjammer.phrases import PHRASES
from companion.tables.katzenjammer.words import move_words
from companion.ui.i18n import text


def page_view(table, view) -> dict:
    s, lang = table.session, table.language
    pos = s.position
    lines = [f"{text(f'kj.seat.{c}', lang)}: {format_pieces(pos.board, c)}" for c in pos.colours]
    dice = "-" if pos.dice is None else " ".join(map(str, pos.dice))
    lines.append("")
    if s.over:
        lines.append(text(f"head.kj_won.{pos.colours[s.winner]}", lang))
    else:
        lines.append(text(f"head.kj.{pos.to_move}", lang, dice=dice))
    if s.cursor is not None and not s.over:
        lines.append(s.cursor.title.text(lang))
        lines += [f"{'>' if i == s.cursor.index else ' '} {o.text.text(lang)}"
                  for i, o in enumerate(s.cursor.options)]
    elif view.instruction:
        lines.append(view.instruction)
    keys = [str(i + 1) for i in range(len(pos.colours))]
    to_move = None if s.over else keys[pos.colours.index(pos.to_move)]
    return {"view": "katzenjammer", "text": "\n".join(lines), "to_move": to_move,
            "board": board_view(s, lang),
            # the move list in words, one line per move (the page keeps the notation beside it)
            "move_words": [move_words(s.game, s.line.before(i), m, lang) for i, m in enumerate(s.moves)]}


def board_view(session, language: str) -> dict:
    """Everything the page draws, by colour (r, b, g, k): where each seat's pieces are (ring
    fields with their fresh mark, stall fields 1-4, how many wait in the nest), the dice (None
    before the roll), whose turn, the winner and the last turn with the fields it changed; the
    board's words in `language` (labels: to_move, wins, last, rolling)."""
    pos = session.position
    board = pos.board
    seats = []
    for c in range(4):
        playing = c in pos.colours
        base = stall_base(c)
        seats.append({
            "colour": COLOURS[c], "name": text(f"kj.seat.{c}", language), "playing": playing,
            "key": str(pos.colours.index(c) + 1) if playing else None, "start": START[c],
            "ring": [{"field": i, "fresh": board[i] >= 5} for i in range(RING)
                     if board[i] and (board[i] - 1) & 3 == c],
            "stall": [i + 1 for i in range(4) if board[base + i]],
            "nest": nest_count(board, c) if playing else 0,
            "stall_cells": [list(xy) for xy in layout.CROSS_STALLS[c]],
            "nest_cells": [list(xy) for xy in layout.CROSS_NESTS[c]],
        })
    over = session.over
    return {
        "size": layout.CROSS, "ring": [list(xy) for xy in layout.CROSS_RING], "seats": seats,
        "to_move": None if over else COLOURS[pos.to_move],
        "winner": COLOURS[pos.colours[session.winner]] if over else None,
        "dice": None if pos.dice is None else list(pos.dice), "phase": session.phase,
        "last": _last_turn(session, language),
        "labels": {key.removeprefix("kj.page."): text(key, language) for key in PHRASES if key.startswith("kj.page.")},
    }


def _last_turn(session, language: str) -> dict | None:
    """The last turn: its notation, its roll, the same in words as the move list says it (the
    drawing shows the words), and the ring fields and stall fields it changed."""
    if session.last_turn is None:
        return None
    before, move = session.last_turn
    now = session.position.board
    changed = [i for i in range(len(now)) if now[i] != before.board[i]]
    return {"colour": COLOURS[before.to_move], "move": move,
            "dice": None if before.dice is None else list(before.dice),   # the roll it played
            "words": move_words(session.game, before, move, language),
            "fields": [i for i in changed if i < RING],
            "stalls": [[COLOURS[(i - STALL) >> 2], (i - STALL) % 4 + 1] for i in changed if i >= STALL]}
