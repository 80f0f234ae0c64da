"""The page's view of a Cat Attack game, as data for its drawing (static/events.js): a seat per
player with its colour, lives as pips (lost ones hollow), the larder's six treats, home or out,
the hand's size, retired seats; the four shops open or closed; where the car is; whose turn, the
Mog card played, this turn's die rolls (Speedy Cat's extra ones too) and the rolls still due;
the cat fight; the winner; and the last lines the companion said. Every label comes in the
table's language (de, en). Cat Attack has no secrets the companion knows: hands are counts.
The same as text goes beneath the drawing (its caption, for screen readers)."""
from __future__ import annotations

from companion.games.base import CHANCE
from companion.games.cat_attack.state import (CARD, FULL_LARDER, KINDS, SHOPS, TREATS,
                                              treat_count)
from companion.tables import eventlog
from companion.tables.cat_attack.phrases import PHRASES, name
from companion.tables.cat_attack.words import card_name
from companion.ui import i18n
from companion.ui.i18n import sentence

#: One colour per seat (the game's life stones come in six colours the rulebook does not name).
SEAT_COLOURS = ("#d62828", "#1f5fbf", "#23903a", "#e08a00", "#8e44ad", "#16a0a0")
#: The treats' colours (as on the LED grid: blue bird, brown mouse, white milk, pink fish,
#: green vitamins, purple cat food).
#: (The milk a bluish white: a white ball would read as the empty slot beside it.)
TREAT_COLOURS = ("#5aa0ff", "#96643c", "#e3edf8", "#ff5aa0", "#00b400", "#a000c8")
PAGE = "ca.page."   # the page's own words among the table's phrases

def _words(language: str) -> dict[str, str]:
    """The page's words (phrases ca.page.*) in `language`, by their name after the prefix."""
    return {key.removeprefix(PAGE): i18n.text(key, language) for key in PHRASES if key.startswith(PAGE)}


def _play(kind: str, language: str) -> str:
    """The turn's play when it is no Mog card (a fight, six-cats magic ...) in words."""
    return i18n.text(f"ca.play.{kind}", language) if f"ca.play.{kind}" in PHRASES else kind


def this_turn(table) -> tuple[str | None, list[int]]:
    """The active seat's play this turn (a Mog card in words, a fight, six-cats magic) and its
    die rolls in order: Speedy Cat's three extra ones and the normal one."""
    pos, lang = table.position, table.language
    play, rolls = None, []
    for entry in reversed(eventlog.entries(table)):
        if entry.before.active != pos.active or pos.active is None:
            break
        move = entry.move
        if move.kind == "d6":
            rolls.insert(0, move.a)
        elif entry.before.phase == CARD and play is None:
            play = (card_name(move.card, lang) if move.kind == "card"
                    else _play(move.kind, lang))
    return play, rolls


def page_view(table, view=None) -> dict:
    board = board_view(table)
    return {"view": "cat-attack", "text": caption(board), "to_move": board["to_move"],
            "catattack": board, "move_words": move_words(table)}


def move_words(table) -> list[str]:
    """The move list in words, one line per move: who starts (the lot), whose die rolled what,
    who did what in the words the buttons offered it."""
    game, lang, line = table.game, table.language, table.line
    out = []
    for i, text in enumerate(table.moves):
        before = line.before(i)
        kind, _, arg = text.partition(":")
        seat = game.to_move(before)
        if kind == "first":
            out.append(i18n.text("ca.move.first", lang, name=table.seat_name(int(arg) - 1)))
        elif kind == "d6" and seat == CHANCE:
            who = before.active if before.active is not None else 0
            out.append(i18n.text("ca.move.roll", lang, name=table.seat_name(who), n=arg))
        else:
            who = seat if seat != CHANCE else before.active
            out.append(i18n.text("ca.move.by", lang, name=table.seat_name(who), what=table.describe(text)))
    return out


def board_view(table) -> dict:
    pos, lang, game = table.position, table.language, table.game
    words = _words(lang)
    outcome = game.outcome(pos)
    acting = game.to_move(pos) if outcome is None else None
    play, rolls = this_turn(table) if outcome is None else (None, [])
    seats = []
    for s in range(pos.seats):
        seats.append({
            "seat": s + 1, "name": table.seat_name(s), "colour": SEAT_COLOURS[s],
            "lives": pos.lives[s], "retired": not pos.alive(s), "home": pos.home[s],
            "larder": [bool(pos.larders[s] >> t & 1) for t in range(len(TREATS))],
            "treats": treat_count(pos.larders[s]), "full": pos.larders[s] == FULL_LARDER,
            "hand": pos.hands[s], "active": outcome is None and pos.active == s,
            "acting": acting == s,
            "winner": outcome is not None and outcome.winner == s,
        })
    banner = None
    if outcome is not None:
        head = (sentence(f"{table.seat_name(outcome.winner)} {words['wins']}") if outcome.winner is not None
                else words["draw"])
        banner = {"winner": None if outcome.winner is None else outcome.winner + 1,
                  "end": pos.end, "head": head, "why": words[f"end.{pos.end}"]}
    fight = None
    if pos.fight is not None:
        a, d, kind = pos.fight
        fight = {"attacker": a + 1, "defender": d + 1,
                 "kind": name("kind", KINDS.index(kind), lang),
                 "text": f"{words['fight']}: {table.seat_name(a)} – {table.seat_name(d)}"
                         f" ({name('kind', KINDS.index(kind), lang)})"}
    car = pos.car
    return {
        "lives_max": getattr(game, "lives", max(pos.lives)), "seats": seats,
        "treats": [{"key": TREATS[t], "name": name("treat", t, lang), "short": words[f"treat_short.{t}"],
                    "colour": TREAT_COLOURS[t]}
                   for t in range(len(TREATS))],
        "shops": [{"key": SHOPS[i], "name": name("shop", i, lang), "open": bool(pos.shops >> i & 1),
                   "treat": name("treat", TREATS.index(SHOPS[i]), lang)} for i in range(len(SHOPS))],
        "car": {"at": car, "label": words["parking"] if car == 0 else f"{words['street']} {car}"},
        "phase": table.phase(), "headline": table.headline(),
        "active": None if pos.active is None or outcome is not None else pos.active + 1,
        "to_move": None if acting is None or acting == CHANCE else str(acting + 1),
        "die": pos.die, "rolls": rolls, "play": play,
        "rolls_due": 0 if outcome is not None else pos.rolls,
        "rolls_text": i18n.text("ca.rolls_due." + ("one" if pos.rolls == 1 else "many"), lang,
                                n=pos.rolls) if pos.rolls and outcome is None else "",
        "fight": fight, "banner": banner, "said": table.said_lines(),
        "refused": table.refusal(), "deck": {"pile": pos.pile, "discard": pos.discard},
        "labels": {k: v for k, v in words.items() if "." not in k},
    }


def caption(board: dict) -> str:
    """The drawing in words: the headline, every seat, the shops and the car, the turn."""
    w = board["labels"]
    lines = [board["headline"]]
    if board["banner"]:
        lines.append(board["banner"]["why"])
    for seat in board["seats"]:
        have = [t["name"] for t, got in zip(board["treats"], seat["larder"]) if got]
        state = w["retired"] if seat["retired"] else (w["home"] if seat["home"] else w["away"])
        lines.append(f"{seat['name']}: {w['lives']} {seat['lives']}/{board['lives_max']}, "
                     f"{w['treats']} {seat['treats']}/6 ({', '.join(have) or '-'}), {state}")
    shops = ", ".join(f"{s['name']} {w['open'] if s['open'] else w['closed']}" for s in board["shops"])
    lines.append(f"{w['shops']}: {shops}; {w['car']}: {board['car']['label']}")
    if board["play"] or board["rolls"]:
        rolls = " ".join(map(str, board["rolls"])) or "-"
        lines.append(f"{w['card']}: {board['play'] or '-'}; {w['die']}: {rolls}"
                     + (f" ({board['rolls_text']})" if board["rolls_text"] else ""))
    if board["fight"]:
        lines.append(board["fight"]["text"])
    lines += board["said"]
    return "\n".join(lines)
