"""The page's view of a Cats game, as data for its drawing (static/events.js): the seats with
their names, whose turn and who acts now, each seat's revealed cat and whether it has used its
challenge; the five cats (revealed owner, moved, hissed at, locked by a Schnurr, sent by a
Miau); the step counter (4 steps, at most 2 on objects); the turn's stages; the history of the
reaction cards and challenges; the winner; the last lines said. Every label in the table's
language (de, en).

Only what everyone at the table sees: it is built from the public parts of the position
(`revealed`, `challenged`, the step counts, the reaction window) and the public moves, never from
`secrets` — a seat's cat appears only once the table has seen it turned over (a challenge) and
its character only when it wins. While the OLED shows one player their cards the page says
whose turn it is to look, not what they see. The same as text goes beneath the drawing (its
caption, for screen readers)."""
from __future__ import annotations

from companion.games.base import CHANCE
from companion.games.cats.state import (CHALLENGE, MAX_OBJECT_STEPS, MAX_STEPS, MOVE, N_CATS,
                                        OBJECTS, OVER, REACT, SWAP)
from companion.tables import eventlog
from companion.tables.cats.setup import CAT_FACES, FACES
from companion.tables.cats.phrases import PHRASES, character_word, object_word, on_object
from companion.ui import i18n
from companion.ui.i18n import sentence

HISTORY = 8   # reaction cards and challenges shown, newest last
PAGE = "cats.page."   # the page's own words among the table's phrases

STAGES = (MOVE, REACT, SWAP, CHALLENGE)


def _words(language: str) -> dict[str, str]:
    """The page's words (phrases cats.page.*) in `language`, by their name after the prefix."""
    return {key.removeprefix(PAGE): i18n.text(key, language) for key in PHRASES if key.startswith(PAGE)}


def page_view(table, view=None) -> dict:
    board = board_view(table)
    return {"view": "cats", "text": caption(board), "to_move": board["to_move"], "cats": board,
            "move_words": move_words(table)}


def move_words(table) -> list[str]:
    """The move list in words, one line per move the page lists (`shown_moves`: the deal as
    `deal:??`): whose deal, who starts, who did what in the words the buttons offered it. A
    deal never says what was dealt; a claim in the list is a claim the engine accepted."""
    game, lang, line = table.game, table.language, table.line
    out = []
    for i, text in enumerate(table.shown_moves()):
        before = line.before(i)
        kind, _, arg = text.partition(":")
        if kind == "deal":
            seat = before.secrets.index(None)
            out.append(i18n.text("cats.move.deal", lang, name=table.seat_name(seat)))
        elif kind == "first":
            out.append(i18n.text("cats.move.first", lang, name=table.seat_name(int(arg) - 1)))
        else:
            what = (i18n.text("cats.move.win", lang, cat=arg[0], on_obj=on_object(OBJECTS.index(arg[1]), lang))
                    if kind == "win" else table.describe(text))
            out.append(i18n.text("cats.move.by", lang, name=table.seat_name(game.to_move(before)), what=what))
    return out


def history(table) -> list[dict]:
    """The reaction cards and challenges played this game, in order: who, what, the verdict."""
    out, w = [], _words(table.language)
    for entry in eventlog.entries(table):
        move, seat = entry.move, entry.before.turn
        if move.kind not in ("miau", "schnurr", "challenge") or seat is None:
            continue
        item = {"seat": seat + 1, "name": table.seat_name(seat), "card": move.kind}
        if move.kind == "miau":
            item.update(cat=move.a + 1, room=move.b + 1,
                        text=f"Miau: {w['cat']} {move.a + 1} → {w['room']} {move.b + 1}")
        elif move.kind == "schnurr":
            cat = entry.before.pending
            item.update(cat=None if cat is None else cat + 1,
                        text="Schnurr" + ("" if cat is None else f": {w['cat']} {cat + 1}"))
        else:
            verdict = dict(entry.events).get("challenge")
            target = table.seat_name(move.a)
            item.update(card="challenge", target=move.a + 1, cat=move.b + 1, verdict=verdict,
                        text=f"{w['challenge']}: {target} = {w['cat']} {move.b + 1}"
                             + (f" ({w[verdict]})" if verdict in ("right", "wrong") else ""))
        out.append(item)
    return out[-HISTORY:]


def board_view(table) -> dict:
    pos, lang, game = table.position, table.language, table.game
    w = _words(lang)
    outcome = game.outcome(pos)
    acting = game.to_move(pos) if outcome is None else None
    setting_up = pos.active is None
    seats = [{
        "seat": s + 1, "name": table.seat_name(s),
        "active": outcome is None and pos.active == s,
        "acting": acting == s and not table.reveal,
        "tag": _tag(w, pos, outcome, acting if not table.reveal else None, s),
        "challenge_used": bool(pos.challenged >> s & 1),
        "had_turn": bool(pos.had >> s & 1),
        "cat": next((c + 1 for c, owner in enumerate(pos.revealed) if owner == s), None),
        "winner": outcome is not None and outcome.winner == s,
    } for s in range(pos.seats)]
    cats = [{
        "cat": c + 1,
        "owner": None if pos.revealed[c] is None else pos.revealed[c] + 1,
        "moved": bool(pos.moved >> c & 1), "hissed": bool(pos.hissed >> c & 1),
        "locked": bool(pos.locked >> c & 1), "last": pos.last == c,
        "miau": None if pos.miau[c] is None else {
            "seat": pos.miau[c][0] + 1,
            "room": None if pos.miau[c][1] is None else pos.miau[c][1] + 1},
        "won": None,
    } for c in range(N_CATS)]
    winner = None
    if outcome is not None:   # the winner's cards are on the table now: cat and character
        cat, obj = pos.win
        cats[cat]["won"] = seats[outcome.winner]["seat"]
        seats[outcome.winner]["cat"] = cat + 1
        char, thing = character_word(obj, lang), object_word(obj, lang)
        winner = {"seat": outcome.winner + 1, "cat": cat + 1, "character": char, "object": thing,
                  "head": sentence(f"{table.seat_name(outcome.winner)} {w['wins']}"),
                  "why": f"{w['cat']} {cat + 1}, {char} ({thing})"}
    reveal = None
    if table.reveal and outcome is None:   # whose turn it is to look, never what they see
        seat = table.reveal[0]
        reveal = {"seat": seat + 1, "showing": bool(table.showing),
                  "text": f"{table.seat_name(seat)} {w['looks'] if table.showing else w['alone']}"}
    tapping = None
    if table.observes_chance:   # the players' own cards: whose turn to tap, never what was tapped
        seat = pos.secrets.index(None)
        tapping = {"seat": seat + 1, "text": f"{table.seat_name(seat)} {w['taps']}",
                   "cards": [{"card": "secret-" + face.replace(":", "-"), "face": face,
                              "label": (f"{w['cat']} {face[4:]}" if face in CAT_FACES else
                                        f"{w['char']}: {character_word(OBJECTS.index(face[5:]), lang)}")}
                             for face in FACES]}
    phase = pos.phase
    played = history(table)
    quiet = (not setting_up and phase != OVER and game.engine.quiet(pos, game.rules_set))
    return {
        "seats": seats, "cats": cats, "phase": table.phase(), "headline": table.headline(),
        "active": None if setting_up or outcome is not None else pos.active + 1,
        "to_move": None if acting is None or acting == CHANCE or table.reveal else str(acting + 1),
        "steps": pos.steps, "object_steps": pos.object_steps, "max_steps": MAX_STEPS,
        "max_object_steps": MAX_OBJECT_STEPS,
        "stages": [{"key": k, "label": w[f"stage.{k}"], "current": phase == k} for k in STAGES],
        "setup": (tapping["text"] if tapping else w["shuffling"]) if phase == "deal" else
                 w["lot"] if phase == "lot" else None,
        "tapping": tapping,
        "quiet": quiet, "reveal": reveal, "winner": winner,
        # the reaction cards played (Miau, Schnurr) and, apart from them, the challenges
        "history": [h for h in played if h["card"] != "challenge"],
        "challenges": [h for h in played if h["card"] == "challenge"],
        "reactions": reactions(table) if outcome is None and phase == REACT else None,
        "said": table.said_lines(), "refused": table.refusal(),
        "deck": {"pile": pos.pile, "discard": pos.discard},
        "labels": {k: v for k, v in w.items() if "." not in k},
    }


def _tag(w: dict, pos, outcome, acting, seat: int) -> str | None:
    """A seat's tag, agreeing with the headline (table.header): the winner; the seat acting now
    (the mover "to move", or "reacts" / "swaps" while the others answer the move); the mover
    while another seat acts ("has moved")."""
    if outcome is not None:
        return "★ " + w["wins"] if outcome.winner == seat else None
    if acting == seat:
        return {REACT: w["acts"], SWAP: w["swaps"]}.get(pos.phase, w["to_move"])
    if pos.active == seat:
        return w["moved_turn"] if pos.phase in (REACT, SWAP) else w["to_move"]
    return None


def reactions(table) -> dict:
    """The reaction cards the OLED asks for now, for the simulator's page to tap (the catalog's
    `event` cards, page_event_cards): each cat a Miau may send, with its rooms, and Schnurr."""
    offered = [e for e in table.choices() if e.startswith("miau:") or e == "schnurr"]
    miau: dict[int, list] = {}
    for event in offered:
        if event.startswith("miau:"):
            cat, room = event[5:].split("@")
            miau.setdefault(int(cat), []).append({"room": int(room), "card": _card_id(event),
                                                  "label": table.describe(event)})
    return {"miau": [{"cat": cat, "label": i18n.text("cats.group.miau_cat", table.language, cat=cat),
                      "rooms": rooms} for cat, rooms in sorted(miau.items())],
            "schnurr": ({"card": _card_id("schnurr"), "label": table.describe("schnurr")}
                        if "schnurr" in offered else None),
            "title": i18n.text("cats.page.reaction_cards", table.language)}


def _card_id(event: str) -> str:
    """The page's card catalog id of an event card (companion/web/protocol.py card_catalog)."""
    return "event-" + event.replace(":", "-")


def caption(board: dict) -> str:
    """The drawing in words: the headline, the seats, the steps, the reaction cards."""
    w = board["labels"]
    lines = [board["headline"]]
    if board["winner"]:
        lines.append(board["winner"]["why"])
    if board["reveal"]:
        lines.append(board["reveal"]["text"])
    for seat in board["seats"]:
        parts = [seat["name"]]
        if seat["cat"]:
            parts.append(f"{w['cat']} {seat['cat']} ({w['revealed']})")
        parts.append(w["challenge_used"] if seat["challenge_used"] else w["challenge_free"])
        lines.append(", ".join(parts))
    if board["active"] is not None:
        lines.append(f"{w['steps']} {board['steps']}/{board['max_steps']}, "
                     f"{w['objects']} {board['object_steps']}/{board['max_object_steps']}")
    if board["quiet"]:
        lines.append(w["quiet"])
    if board["history"]:
        lines.append(f"{w['history']}: " + "; ".join(f"{h['name']}: {h['text']}" for h in board["history"]))
    if board["challenges"]:
        lines.append(f"{w['challenges']}: " + "; ".join(f"{h['name']}: {h['text']}" for h in board["challenges"]))
    lines += board["said"]
    return "\n".join(lines)
