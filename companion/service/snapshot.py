"""What the web page gets: the companion's state as a JSON-able dict (`Companion.snapshot()`),
and the service's own OLED messages (an unknown card).

Every game's snapshot has the same frame — game, phase, instruction, moves, LEDs, the OLED
image, players by seat key, messages — and the game's own drawing from its page view
(companion.tables.page_view: maunz draws its bed and pools). A game without a page view yet
gets the generic text view: its position as the table may see it (Game.observation).

While the OLED shows one seat's secrets (TableView.private: Cats' "your cat: 3, lazy"), only the
controlling page may mirror it; every other page gets a neutral OLED image and caption instead
(companion/web/privacy.py; web/server.py decides which page is which)."""
from __future__ import annotations

import base64
import io

from companion import tables
from companion.words import SQUARES, square_name


def snapshot(companion) -> dict:
    c = companion
    view = c._view if c._view is not None else c.table.view()
    game = c.game
    name = game.info.name
    pos = view.position
    keys = tables.seat_keys(name, game.seats(pos))
    sensed = c._sensed or 0
    frame = c._leds if c._leds is not None else view.leds
    leds = []
    for sq, cell in enumerate(frame.cells):
        r, g, b = cell.color
        leds.append({"square": square_name(sq), "color": f"#{r:02x}{g:02x}{b:02x}",
                     "effect": cell.effect.value})
    if c._png is None and c._image is not None:
        buf = io.BytesIO()
        c._image.save(buf, format="PNG")
        c._png = base64.b64encode(buf.getvalue()).decode("ascii")
    winner = view.winner
    language = c.table.language
    out = {
        "game": name,
        "title": game.info.title,
        "rules": game.rules or "rulebook",
        # a game with secrets (Cats) shows the page what the table may see, never the secrets
        "position": game.observation(pos) if game.info.hidden_information else game.format_position(pos),
        "sensed": [square_name(sq) for sq in range(SQUARES) if sensed >> sq & 1],
        "leds": leds,
        "oled": c._png or "",
        # the OLED shows a seat's secrets now: spectators get web/privacy.py's stand-in
        "private": view.private,
        "instruction": _instruction(c, view),
        "phase": "menu" if c.menu.is_open else view.phase,
        "moves": list(view.moves),
        # the last `unsaved` moves are the table's but not yet the journal's (storage problem):
        # the page marks them so nobody takes them for saved
        "unsaved": min(len(view.moves), sum(1 for p in c.pending.items if p.kind in ("move", "chance"))),
        "storage": c.pending.problem if c.pending.paused else None,
        "winner": None if winner is None else keys[winner],
        "language": language,
        "ai": None if c.ai_seat is None or c.ai_seat >= len(keys) else keys[c.ai_seat],
        "ai_seats": [keys[seat] for seat in c.ai_seats if seat < len(keys)],  # several: Katzenjammer
        "players": c.journal.players(),
        "game_id": c.journal.current.id if c.journal.current else None,
        # only a game played on the sensed bed (maunz.) has the bed on the page
        "senses_bed": c.table.senses_bed,
        # the lines the companion said (never a secret: speech.py), for the page's own voice, and
        # whether the table's speaker speaks (the voice card)
        "spoken": c.speech.recent_lines(),
        "remote": c.remote.snapshot(),  # a remote game: the code, its QR, the link, the other player
        "voice": {"speaker": c.speech.synth is not None, "enabled": c.speech.enabled,
                  "volume": c.speech.volume},
        # the service's notices, in the page's language where they have words in both
        "messages": [m if n is None else n.text(language)
                     for m, n in zip(c.messages[-3:], c.notes[-3:])],
    }
    page_view = tables.page_view(name)
    if page_view is not None:
        out.update(page_view(c.table, view))
        virtual = c.virtual
        if virtual is not None and virtual.wants(c.table):
            virtual.sync(c.table)
            out["virtual"] = virtual.snapshot()  # the simulator's person: their own hand only
    else:
        seat = game.to_move(pos) if winner is None else None
        out.update({"view": "text", "text": game.observation(pos),
                    "to_move": keys[seat] if seat is not None and 0 <= seat < len(keys) else None})
    left = c.left_on_bed
    if left:  # maunz. pieces an earlier game left on the bed: still there, in their colours
        out["bed"] = {**left, **(out.get("bed") or {})}
    return out


def _instruction(c, view) -> str:
    """The caption under the OLED: the table's instruction, or while the game menu (or its "new
    game? CAT: other game" question) covers the table's screen, the menu's words, so the caption
    never says "place a kitten" under "choose a game"."""
    from companion.ui.screens import Screen

    shown = c._screen  # a Screen, or a service message (a tuple) over it
    if (c.menu.is_open or view.asking_new_game) and isinstance(shown, Screen):
        return shown.instruction(c._screen_language or c.language)
    return view.instruction


def render_message(message: tuple, language: str):
    """The service's own OLED messages (beside the table's screens): an unknown card, a storage
    problem."""
    from PIL import Image, ImageDraw

    kind, uid = message
    if kind == "storage":
        from companion.service.storage import render_problem

        return render_problem(language)
    img = Image.new("1", (128, 64), 0)
    d = ImageDraw.Draw(img)
    from companion.ui.i18n import text

    head, how = text("unknown_card.head", language), text("unknown_card.how", language)
    d.text((0, 0), head, fill=1)
    d.line((0, 11, 127, 11), fill=1)
    d.text((0, 14), uid[:21], fill=1)
    d.text((0, 26), uid[21:], fill=1) if len(uid) > 21 else None
    d.text((0, 40), how, fill=1)
    d.text((0, 52), "companion cards add", fill=1)
    return img


def loggable(game, position) -> str:
    """A position for the log (journalctl, the sim's terminal): a game with secrets (Cats) logs
    what the table may see, never the dealt cards."""
    from companion.games.base import GameError

    if not game.info.hidden_information:
        return position if isinstance(position, str) else game.format_position(position)
    try:
        pos = game.parse_position(position) if isinstance(position, str) else position
    except GameError:
        return "?"
    return game.observation(pos, None)


def loggable_move(game, before, text: str) -> str:
    """A move for the log: in a game with secrets as the table sees it (Cats' `deal:??`)."""
    from companion.games.base import GameError

    if not game.info.hidden_information or before is None:
        return text
    try:
        return game.observe_move(before, game.parse_move(before, text), None)
    except GameError:
        return "?"
