"""The web page's drawing of a Monster Mau Mau game: the public state only (the top card, the
wish, the piles, every seat's card count, whose turn and the direction). The laptop's virtual
table adds the person's own hand to its snapshot; spectators never see a hand."""
from __future__ import annotations

from companion.games.monster_mau_mau import engine


def page_view(table, view=None) -> dict:
    s = table.session
    pos = table.position
    started = s.position is not None
    return {
        "view": "cards",
        "stage": table.phase,
        "top": pos.top if started else None,
        "wish": pos.wish if started else None,
        # before the deal there is no pile to count yet (the default table's 82 is no deal's)
        "pile": pos.pile if started else None, "discard": pos.discard if started else None,
        "turn": pos.turn + 1 if started and pos.phase != engine.START else None,
        "direction": "cw" if pos.direction == engine.CW else "ccw",
        "pending": pos.pending,
        "seats": [{"seat": i + 1, "name": s.name(i), "cards": pos.hands[i]}
                  for i in range(pos.players)] if started else [],
        "lines": table.lines(),
        "history": history(s) if started else [],
    }


def history(session) -> list[list]:
    """Per move of the list: [the seat who made it (1-based; None: the card turned up from the
    deck), whether that seat forgot its Mau and drew a penalty card] — the page names who played
    on every line and keeps the forgotten Mau in the list."""
    line = session.line   # each event with the engine's step, kept when it was played
    return [[None if line.before(i).phase == engine.START else line.before(i).turn + 1,
             bool(step.mau_penalty)] for i, step in enumerate(line.notes)]
