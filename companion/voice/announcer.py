"""Which lines to say, and which of them a newer one makes stale.

The service hands the announcer every OLED screen it shows and every event a table announces
(a move made). A screen is said as what changed: its header when it differs from the last one
said ("Grau ist dran"), then each of its lines that the previous screen did not have — so a
turn's guidance is said once, not again on every redraw, and a boop carried out says nothing
more. An end screen (EVENT_KINDS) is said once per game: when it comes back (the review left,
"new game?" answered no, a menu closed) none of its lines is said again, only a line new for
this game; the game is on again (the memory cleared) once the service says the game has not
ended (a new game, an undone win). There is no button or verb to hear a screen again; the page
keeps the lines said. A screen that shows one seat's secrets (TableView.private) says nothing:
what is spoken is heard by everybody at the table, so only what a spectator may see is ever said.

Guidance belongs to the screen it came from: once a newer screen is shown, guidance still
waiting in the queue is stale and dropped (`SpeechQueue`); events (a move, a win) are kept, the
oldest dropped only when many pile up. Pure: no clock, no threads, no audio.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from companion.voice.spoken import say

GUIDANCE, EVENT = "guidance", "event"
#: screen kinds whose lines are news everybody must hear even if the next screen follows fast
EVENT_KINDS = ("won",)
#: the buttons' help ("OK picks · CAT/BACK browse"): said when it changes, not on every turn
HELP_KEYS = frozenset({"kj.keys", "menu_keys", "confirm_keys", "ask_keys", "new_game_keys"})


@dataclass(frozen=True)
class Line:
    seq: int          # increasing over the service's life: the page says lines it has not said
    text: str         # the words
    language: str     # "de" | "en"
    kind: str         # GUIDANCE | EVENT
    generation: int   # the screen it belongs to (guidance of an older screen is stale)
    secret: bool = False  # said at the table, but no spectator's page gets it (a pairing code)


class Announcer:
    def __init__(self, keep: int = 12) -> None:
        self._seq = 0
        self.generation = 0
        self._header: str | None = None
        self._lines: frozenset = frozenset()
        self._language: str | None = None
        self._help: str | None = None
        #: what an end screen has said this game (its header and lines): never said twice
        self._once: set[str] = set()
        #: the newest lines said, for the page (which speaks them with the browser's voice)
        self.recent: deque[Line] = deque(maxlen=keep)

    def _line(self, text: str, language: str, kind: str, secret: bool = False) -> Line:
        self._seq += 1
        line = Line(self._seq, text, language, kind, self.generation, secret)
        self.recent.append(line)
        return line

    def screen(self, screen, language: str, private: bool = False, secret: bool = False,
               over: bool | None = None) -> list[Line]:
        """The lines to say for a screen just shown (a service message, given as a tuple, and a
        private screen say nothing, and make the next screen say all of its lines). `over`: the
        game on the table has ended (the service knows it whatever screen is shown over the
        table's: a menu, the review, "new game?"); None: an end screen is what says so."""
        from companion.ui.screens import Screen

        self.generation += 1
        if over is None:
            over = isinstance(screen, Screen) and screen.kind in EVENT_KINDS
        if not over:
            self._once = set()   # the game is on: its end, when it comes, is news
        if private or not isinstance(screen, Screen):
            self._header, self._lines = None, frozenset()
            return []
        if language != self._language:
            self._header, self._lines, self._language, self._help = None, frozenset(), language, None
        kind = EVENT if screen.kind in EVENT_KINDS else GUIDANCE
        once = self._once if kind == EVENT else set()   # an end screen's lines: said once a game
        out = []
        header = say(screen.title if screen.title is not None else screen.header(language), language)
        if header and header != self._header and header not in once:
            out.append(self._line(header, language, kind, secret))
        self._header = header
        for m in screen.lines:
            if m in self._lines:
                continue
            text = say(m, language)
            if text in once:
                continue
            if m.key in HELP_KEYS:
                if text == self._help:
                    continue
                self._help = text
            if text:
                out.append(self._line(text, language, kind, secret))
        self._lines = frozenset(screen.lines)
        if kind == EVENT:
            self._once |= {header, *(say(m, language) for m in screen.lines)}
        return out

    def events(self, msgs, language: str) -> list[Line]:
        """A table's announcement (a move made), its Msgs said as one line."""
        text = ", ".join(t for t in (say(m, language) for m in msgs) if t)
        return [self._line(text, language, EVENT)] if text else []


class SpeechQueue:
    """Lines waiting to be said: guidance of an older screen is dropped when a newer screen's
    line arrives; events stay (at most `max_events` waiting: the oldest go first)."""

    def __init__(self, max_events: int = 4) -> None:
        self._items: list[Line] = []
        self.max_events = max_events
        self.latest = 0       # the newest generation put
        self.dropped = 0

    def __len__(self) -> int:
        return len(self._items)

    def put(self, lines, generation: int) -> None:
        """Lines of the screen `generation` (the announcer's, passed even with no lines: a new
        screen that says nothing still makes the older guidance stale)."""
        if generation > self.latest:
            self.latest = generation
            kept = [x for x in self._items if x.kind == EVENT or x.generation >= generation]
            self.dropped += len(self._items) - len(kept)
            self._items = kept
        self._items.extend(lines)
        events = [x for x in self._items if x.kind == EVENT]
        while len(events) > self.max_events:
            self._items.remove(events.pop(0))
            self.dropped += 1

    def take(self) -> Line | None:
        return self._items.pop(0) if self._items else None

    def stale(self, line: Line) -> bool:
        """Guidance whose screen has been replaced (the player already moved on)."""
        return line.kind == GUIDANCE and line.generation < self.latest
