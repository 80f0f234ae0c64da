"""The page's view of a Katzenjammer game, as text in the page's text view: every seat's pieces,
whose turn with the dice, and the chooser's menu with its cursor (the same choices as the OLED,
answered with the page's OK / BACK / CAT buttons)."""
from __future__ import annotations

from companion.games.katzenjammer.notation import format_pieces
from companion.tables.katzenjammer.screens import option_text
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
        lines.append(s.cursor.title)
        lines += [f"{'>' if i == s.cursor.index else ' '} {option_text(o.text, lang)}"
                  for i, o in enumerate(s.cursor.options)]
    elif view.instruction:
        lines.append(view.instruction)
    keys = [str(i + 1) for i in range(len(pos.colours))]
    to_move = None if s.over else keys[pos.colours.index(pos.to_move)]
    return {"view": "text", "text": "\n".join(lines), "to_move": to_move}
