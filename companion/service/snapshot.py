"""What the web page gets: the companion's state as a JSON-able dict, made from the service's
public state value (`ServiceState`, from `Companion.state()`) and nothing else.

Every game's snapshot has the same frame — game, phase, instruction, moves, LEDs, the OLED
image, players by seat key, messages — and the game's own drawing from its page view
(companion.tables.page_view: maunz draws its bed and pools). A game without a page view yet
gets the generic text view: its position as the table may see it (Game.observation).

While the OLED shows one seat's secrets (TableView.private: Cats' "your cat: 3, lazy"), only the
controlling page may mirror it; every other page gets a neutral OLED image and caption instead
(companion/web/privacy.py; web/server.py decides which page is which)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion import tables
from companion.service.address import shows_address
from companion.ui.i18n import text
from companion.words import SQUARES, square_name


@dataclass(frozen=True)
class ServiceState:
    """What the service shows now (Companion.state()): the game and table in play, the table's
    view, the bed as sensed, the LEDs and the OLED as shown, and the service's own parts."""
    game: Any
    table: Any
    view: Any                    # the table's TableView
    sensed: int                  # the bed as last scanned (a bitmask of squares)
    leds: Any                    # the LedFrame shown
    screen: Any                  # the OLED's screen (a ui Screen, or a service message tuple)
    screen_language: str | None
    oled_png: str                # the OLED's image, base64 PNG
    menu_open: bool              # the game menu covers the table's screen
    unsaved: int                 # moves the table made that the journal does not hold yet
    storage: str | None          # the storage problem while play is paused for it
    language: str                # the table's kept language
    ai_seats: tuple[int, ...]
    players: dict
    game_id: int | None
    spoken: list
    remote: dict | None
    voice: dict
    messages: list[str]          # the newest notices, in the table's language
    virtual: dict | None         # the simulator's person's hand (a card game's virtual deck)
    left_on_bed: dict[str, str]  # pieces an earlier game left on the bed
    review: dict | None = None   # the review after a game (service/review.py), worded


def snapshot(state: ServiceState) -> dict:
    st = state
    view, game, table = st.view, st.game, st.table
    name = game.info.name
    pos = view.position
    keys = tables.seat_keys(name, game.seats(pos))
    leds = []
    for sq, cell in enumerate(st.leds.cells):
        r, g, b = cell.color
        leds.append({"square": square_name(sq), "color": f"#{r:02x}{g:02x}{b:02x}",
                     "effect": cell.effect.value})
    winner = view.winner
    # a remote game's other seat is a person at another companion, never the computer: it is
    # the AI's seat only inside the service (its moves come in as the AI's would)
    remote_seat = st.remote["peer_seat"] if st.remote else None
    ai_seats = [seat for seat in st.ai_seats if seat != remote_seat and seat < len(keys)]
    ai_seat = ai_seats[0] if ai_seats else None
    players = dict(st.players)
    if remote_seat is not None and st.remote.get("peer"):
        players[keys[remote_seat]] = st.remote["peer"]   # the journal's "Ben (remote)": the page tags it
    out = {
        "game": name,
        "title": game.info.title,
        "rules": game.rules or "rulebook",
        # a game with secrets (Cats) shows the page what the table may see, never the secrets
        "position": game.observation(pos) if game.info.hidden_information else game.format_position(pos),
        "sensed": [square_name(sq) for sq in range(SQUARES) if st.sensed >> sq & 1],
        "leds": leds,
        "oled": st.oled_png,
        # the OLED shows a seat's secrets (or the pairing code, or the QR code with the control
        # token) now: spectators get web/privacy.py's stand-in
        "private": view.private or bool(st.remote and st.remote.get("code_on_oled")) or shows_address(st.screen),
        "instruction": _instruction(st),
        "phase": "menu" if st.menu_open else view.phase,
        "moves": list(view.moves),
        # the last `unsaved` moves are the table's but not yet the journal's (storage problem):
        # the page marks them so nobody takes them for saved
        "unsaved": min(len(view.moves), st.unsaved),
        "storage": st.storage,
        "winner": None if winner is None else keys[winner],
        "language": table.language,
        "ai": None if ai_seat is None else keys[ai_seat],
        "ai_seats": [keys[seat] for seat in ai_seats],  # several: Katzenjammer
        "remote_seat": None if remote_seat is None else keys[remote_seat],
        "players": players,
        "game_id": st.game_id,
        # only a game played on the sensed bed (maunz.) has the bed on the page
        "senses_bed": table.senses_bed,
        # the lines the companion said (never a secret: speech.py), for the page's own voice, and
        # whether the table's speaker speaks (the voice card)
        "spoken": st.spoken,
        "remote": st.remote,  # a remote game: the code, its QR, the link, the other player
        "voice": st.voice,
        # the page's own Sound switch (static/voice.js): its words in the table's language
        "sound": {k: text(f"voice.page.{k}", table.language) for k in ("on", "off", "title")},
        # the service's notices, in the page's language where they have words in both
        "messages": st.messages,
        # beginner mode (issue 36): "on"/"off" at a table that has it (the page's toggle), else null
        "beginner": table.setting_values.get("beginner"),
        # "why?" (issue 36): the explanation the OLED shows now, a reason a line (null: none)
        "why": _why(st),
        # the review after a game (issue 36): its graph, mistakes and progress (null: none)
        "review": st.review,
    }
    page_view = tables.page_view(name)
    if page_view is not None:
        out.update(page_view(table, view))
        if st.virtual is not None:
            out["virtual"] = st.virtual  # the simulator's person: their own hand only
    else:
        seat = game.to_move(pos) if winner is None else None
        out.update({"view": "text", "text": game.observation(pos),
                    "to_move": keys[seat] if seat is not None and 0 <= seat < len(keys) else None})
    if st.left_on_bed:  # maunz. pieces an earlier game left on the bed: still there, in their colours
        out["bed"] = {**st.left_on_bed, **(out.get("bed") or {})}
    return out


def _instruction(st: ServiceState) -> str:
    """The caption under the OLED: the table's instruction, or while the game menu (or its "new
    game? CAT: other game" question) covers the table's screen, the menu's words, so the caption
    never says "place a kitten" under "choose a game"; after a game with a review, what the OLED
    says of it (the end screen's offer, the review's step)."""
    from companion.ui.screens import Screen

    shown = st.screen  # a Screen, or a service message (a tuple) over it
    if (st.menu_open or st.view.asking_new_game or _why(st) or st.review) and isinstance(shown, Screen):
        return shown.instruction(st.screen_language or st.language)
    return st.view.instruction


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


def _why(st: ServiceState) -> dict | None:
    """The explanation on the OLED (the why card, BACK then OK), in words: its header and its
    lines, one reason each; None while it does not show. Explanations hold no secret (the
    engines' reasons never carry one), so every page may read it."""
    from companion.ui.screens import Screen

    shown = st.screen
    if not isinstance(shown, Screen) or shown.kind != "why":
        return None
    language = st.screen_language or st.language
    return {"head": shown.header(language), "lines": [m.text(language) for m in shown.lines]}
