"""The web page's drawing of a Monster Mau Mau game: the public state only (the top card, the
wish, the piles, every seat's card count, whose turn and the direction), with the page's labels
in the table's language (registered phrases, phrases.py). The laptop's virtual table adds the
person's own hand to its snapshot; spectators never see a hand."""
from __future__ import annotations

from companion.games.monster_mau_mau import engine
from companion.games.monster_mau_mau.cards import PATTERNS, WILDS
from companion.tables.monster_mau_mau import phrases  # noqa: F401  (registers the words)
from companion.ui.i18n import text


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
        "labels": labels(table.language),
    }


def labels(language: str) -> dict:
    """Every word static/cards.js writes, in `language`. A label the page fills in keeps its
    placeholder (`{n}`, `{who}`): the count or the seat is the page's to put in."""
    def t(key: str, **kw) -> str:
        return text(key, language, **kw)

    page = {name: t(f"mmm.page.{key}") for name, key in (
        ("draw", "draw"), ("pass", "pass"), ("wish", "wish"), ("cancel", "cancel"),
        ("anyPattern", "any_pattern"), ("wished", "wished"), ("you", "you"),
        ("yourHand", "your_hand"), ("card", "card"), ("yourTurn", "your_turn"),
        ("drawn", "drawn"), ("spectating", "spectating"), ("fitsLegend", "fits_legend"))}
    return {
        **page,
        "patterns": {p: t(f"mmm.pattern.{p}") for p in PATTERNS},
        "ranks": {"+3": "+3", "R": t("mmm.page.reverse"), "A": t("mmm.rank.A")},
        "wilds": {w: t(f"mmm.wild.{w}") for w in WILDS},
        "seat": t("mmm.seat", n="{n}"), "cards": t("mmm.page.cards", n="{n}"),
        "theirTurn": t("mmm.page.their_turn", who="{who}"), "penalty": t("mmm.page.penalty", n="{n}"),
        "cw": t("mmm.cw"), "ccw": t("mmm.ccw"),
        "moves": {"up": t("mmm.page.up"), "draw": t("mmm.page.draws"), "pass": t("mmm.page.passes"),
                  "mau": t("mmm.page.mau")},
        "forgot": t("mmm.mau_penalty", name="{who}"),
    }


def history(session) -> list[list]:
    """Per move of the list: [the seat who made it (1-based; None: the card turned up from the
    deck), whether that seat forgot its Mau and drew a penalty card] — the page names who played
    on every line and keeps the forgotten Mau in the list."""
    line = session.line   # each event with the engine's step, kept when it was played
    return [[None if line.before(i).phase == engine.START else line.before(i).turn + 1,
             bool(step.mau_penalty)] for i, step in enumerate(line.notes)]
