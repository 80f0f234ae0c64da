"""A table for games played as events without a sensed board (Cats, Cat Attack): the players
tap a game card (a reaction card, a Mog card: card function `event`, its event as the card's
name) or pick the event with the buttons — CAT shows the next choice, BACK the previous one, OK
plays it or opens its group (choicemenu: the kind first, then its argument; the last item of a
group goes back up). Every event is judged by the engine before it is committed; a refused one
leaves the position as it was and the OLED says why, and that reason (like a subclass's verdict,
`acknowledge`) waits for an OK press of its own, which picks nothing. What the table said is kept
as what it means (`Say`) and worded when shown, so the language card rewords it. Chance (the deal, the die) is drawn by the service and
arrives through `on_chance`. OK held asks for a new game (OK: yes, BACK: no).

BACK held (or the `undo` card) takes back the last event the players picked or tapped, as
Katzenjammer does: the draws before it stay, the draws after it go with it — but they are kept
and given again, in order, at the next chance nodes of the same player's turn, so an undo never
re-rolls a die the players have seen (at a real table the die still lies there); a kept draw
whose turn went by without it is dropped. One "undo" commit per journaled move taken back. A
subclass may refuse to take an event back (`irrevocable`: Cats cannot un-show a card).

Subclasses say what the screen shows (`header`, `prompt`, `describe`) and which choices the
buttons offer (`choices`); everything here is pure (no I/O, no clock).
"""
from __future__ import annotations

import json
from typing import NamedTuple

from companion.games.base import CHANCE, GameError, NotationError
from companion.tables import picker_phrases  # noqa: F401  (registers the words the event games share)
from companion.tables.choicemenu import UP, Group, level
from companion.tables.moveline import MoveLine
from companion.tables.picker_why import PickerWhy
from companion.tables.protocol import TableBase, TableView, UndoPolicy
from companion.ui import i18n
from companion.ui.i18n import sentence
from companion.ui.screens import Screen, msg
from companion.words import SQUARES, Effect, LedCell, LedFrame

#: How long the whole grid answers a tapped or picked event: green accepted, red refused.
FLASH_SECONDS = 1.5
FLASHES = {"ok": LedFrame((LedCell((0, 160, 0), Effect.STEADY),) * SQUARES),
           "no": LedFrame((LedCell((200, 0, 0), Effect.BLINK),) * SQUARES)}
SHOWN_ANNOUNCEMENTS = 6   # the OLED pages long instructions: all of them reach it


class Say(NamedTuple):
    """One line the table said, kept as what it means and worded only when shown, so that the
    language card rewords everything already on the screen. kind "event": value is the engine's
    (name, value); "words": a phrase key ("picker.nothing", "cats.shown_stays"); "undone": the
    event text taken back; "kept"/"reused": the draws; "reason": the engine's refusal as (key,
    values, English reason), worded by `reason`; "text": a fixed text."""

    kind: str
    value: object


class Step(NamedTuple):
    """One move's note on the line: a chance draw or the players' event, and what it caused."""

    chance: bool
    events: tuple


class PickerTable(PickerWhy, TableBase):
    card_functions = ("new_game", "undo", "why", "language", "player", "event")
    #: the players' last event goes, the draws after it are kept for the same turn
    undo_policy = UndoPolicy("event", keeps=("draw",))

    def __init__(self, game, position=None, *, moves=(), settle=0.25, correction_delay=3.0,
                 language="de", ai_seats=(), players=(), kept=None):
        self.game = game
        self.line = MoveLine(game, position)   # the start, the moves with their Steps, the commits
        #: draws an undo took back, in the order they were drawn, each with the turn it was drawn
        #: in (`chance_owner`): the next chance nodes of that turn get them
        self.kept: list[tuple[str, object]] = []
        for text in moves:   # resuming: the journal's moves, chance draws included
            self._push(text, game.to_move(self.position) == CHANCE, commit=False)
        if kept:  # resuming after an undo that kept draws (the journal's text of them)
            self.kept = [(text, owner) for text, owner in json.loads(kept)]
        self.init_controls(language, players)   # the language, the names, "new game?" (TableBase)
        self.selected = 0                    # the highlighted item of the open level
        self.opened: list[tuple] = []        # the groups opened, outermost first (choicemenu)
        self.ack = False                     # a verdict or refusal waits for its own OK press
        self.said: tuple[Say, ...] = ()      # what the last events announced (worded when shown)
        self.refused: Say | None = None      # why the last tapped or picked event was refused
        self.flash: tuple[str, float] | None = None   # ("ok" | "no", until when)
        self.events: list = []                        # what the last event caused (engine terms)
        if self.history:  # resumed: the last step's announcement (and verdict) as it was shown
            last = self.history[-1]
            self.said = self._events(last.events)[-SHOWN_ANNOUNCEMENTS:]
            if not last.chance:
                self.events = list(last.events)
                self.ack = self.acknowledge(last.events)
        if self.kept:  # the players see the kept draws again after a restart, as after the undo
            self.said = (Say("kept", tuple(d for d, _ in self.kept)),)
        # power lost between a replayed event and the kept roll it gets: give it now, before
        # the service could draw afresh
        self._draw_kept()

    @property
    def history(self) -> list[Step]:
        return self.line.notes   # one Step per move

    # Subclass hooks -------------------------------------------------------------------------
    def choices(self) -> list[str]:
        """The events the buttons offer, as text (default: every legal event)."""
        return [self.game.format_move(self.position, m) for m in self.game.legal_moves(self.position)]

    def describe(self, event: str) -> str:
        return event

    def group_of(self, event: str) -> tuple:
        """The groups the buttons file `event` under, outermost first (default: none)."""
        return ()

    def group_label(self, group: Group) -> str:
        return f"{group.key} …"

    def acknowledge(self, events: tuple) -> bool:
        """The events' announcement needs its own OK press before anything else is picked."""
        return False

    def header(self) -> str:
        return ""

    def headline(self) -> str:
        """The header as the OLED and the page show it: a sentence ("Seat 2 wins!")."""
        return sentence(self.header())

    def board(self) -> LedFrame:
        """The LEDs between flashes (default: dark)."""
        return LedFrame()

    def prompt(self) -> list[str]:
        return []

    def announce(self, name: str, value) -> str:
        return f"{name}: {value}"

    def special(self, event: str, now: float) -> bool:
        """A choice the table handles itself (not an engine event); True if handled."""
        return False

    def irrevocable(self, events: tuple) -> Say | None:
        """Why an event that caused `events` cannot be taken back (None: it can)."""
        return None

    #: The module that picks the phrase of an engine refusal: `phrase(key, values, language)` ->
    #: (phrase key, values) or None (None: the engine's own words for every refusal).
    refusal_words = None

    def reason(self, key: str, values: tuple, english: str) -> str:
        """An engine refusal (eventgame.Refusal's `key`, `values`) in the table's language, through
        its registered phrase; `english`, the engine's own words, for a reason without one yet.
        Text that is no event of the game has its phrase too (the notation's error is the CLI's)."""
        found = ("malformed", dict(values)) if key == "malformed" else (
            self.refusal_words and self.refusal_words.phrase(key, dict(values), self.language))
        if not found:
            return english
        phrase, shown = found
        if "seat" in shown:   # a seat as the table calls it: its player's name, else Spieler N
            shown = dict(shown, seat=self.seat_name(shown["seat"] - 1))
        return self._words(phrase, **shown)

    def _words(self, key: str, **params) -> str:
        """A phrase in the table's language now: a picker word ("ack") or any registered key."""
        return i18n.text(key if "." in key else f"picker.{key}", self.language, **params)

    def word(self, say: Say) -> str:
        """A line the table said, in the table's language now."""
        kind, value = say
        if kind == "event":
            return self.announce(*value)
        if kind == "words":
            return self._words(value)
        if kind == "undone":
            return self._words("undone", event=self.describe(value))
        if kind in ("kept", "reused"):
            return self.kept_line(list(value), reused=kind == "reused")
        if kind == "reason":
            return self.reason(*value)
        return value

    def said_lines(self) -> list[str]:
        return [self.word(say) for say in self.said]

    def refusal(self) -> str | None:
        return None if self.refused is None else self.word(self.refused)

    def _refuse(self, why: Say, now: float) -> None:
        self.refused, self.flash, self.ack = why, ("no", now + FLASH_SECONDS), True

    @staticmethod
    def _events(events) -> tuple[Say, ...]:
        return tuple(Say("event", (name, value)) for name, value in events)

    def chance_owner(self, position):
        """Whose turn a chance draw at `position` belongs to (None: the game's, any turn's)."""
        return None

    def kept_line(self, draws: list[str], reused: bool = False) -> str:
        """The OLED's line for draws an undo kept (or that were given again)."""
        return self._words("reused" if reused else "kept", draws=", ".join(draws))

    # Playing --------------------------------------------------------------------------------
    def _push(self, move, chance: bool, commit: bool = True, kept: str | None = None) -> tuple:
        """Judge `move` (or its text) and play it onto the line with what it caused (the
        engine's events, asked once); those events. A refused move raises and changes nothing."""
        pos = self.position
        if isinstance(move, str):
            move = self.game.parse_move(pos, move)
        after, events = self.game.apply_with_events(pos, move)
        self.line.push(move, commit, after=after, note=Step(chance, tuple(events)), kept=kept)
        return tuple(events)

    def _apply(self, text: str) -> bool:
        """Judge, apply and commit one event; False (with the reason on screen) if refused."""
        try:
            events = self._push(text, chance=False)
        except GameError as exc:
            self.refused = self._refusal(exc, text)
            self.judge_refusal(exc)
            return False
        self.events = list(events)
        self.said = self._events(events)[-SHOWN_ANNOUNCEMENTS:]
        self.refused = None
        self.selected, self.opened = 0, []
        self.ack = self.acknowledge(tuple(events))
        return True

    @staticmethod
    def _refusal(exc: GameError, event: str) -> Say:
        """What the OLED says for an engine's refusal of `event`, kept as its key and values (an
        engine's Refusal) so that it is worded in the table's language when shown."""
        # the engine's message names the move and the whole position; the OLED needs the why
        english = str(exc).rsplit("': ", 1)[-1]
        if isinstance(exc, NotationError):
            return Say("reason", ("malformed", (("event", event),), english))
        values = tuple(sorted(getattr(exc, "values", {}).items()))
        return Say("reason", (getattr(exc, "key", ""), values, english))

    def play(self, event: str, now: float) -> bool:
        if self.game.outcome(self.position) is not None or self.game.to_move(self.position) == CHANCE:
            return False
        self.ack = False
        try:
            if self.special(event, now):
                return True
        except GameError as exc:   # a card whose name is no event of this game
            self._refuse(self._refusal(exc, event), now)
            return False
        accepted = self._apply(event)
        self.flash = ("ok" if accepted else "no", now + FLASH_SECONDS)
        if not accepted:
            self.ack = True        # the reason stays until OK: that OK picks nothing
            return False
        self._draw_kept()
        return True

    # Undo -----------------------------------------------------------------------------------
    def undo(self, now: float) -> bool:
        """Take back the last event the players played (see the module docstring)."""
        self.asking_new_game, self.ack = False, False
        cut = self._last_event()
        why = Say("words", "nothing") if cut is None else self.irrevocable(self.history[cut].events)
        if why:
            self._refuse(why, now)
            return False
        line = self.line
        event = line.moves[cut]
        # the draws after `cut` (all chance: `cut` is the players' last event), each with its turn
        drawn = [(line.moves[j], self.chance_owner(line.before(j)))
                 for j in range(cut + 1, len(line.moves))]
        # each undo commit carries the draws kept once it is journaled (the one it takes back and
        # those after it), so no power cut can lose one
        for i in range(len(line.moves) - 1, cut - 1, -1):
            back = drawn[max(i - cut - 1, 0):]
            line.pop(kept=self._kept_text(back + self.kept) if back else None)
        self.kept = drawn + self.kept
        # every draw lying on the table for later, not only this undo's: the players see them all
        self.said = (Say("undone", event),) + (
            (Say("kept", tuple(d for d, _ in self.kept)),) if self.kept else ())
        self.refused, self.selected, self.opened, self.events = None, 0, [], []
        self.flash = ("ok", now + FLASH_SECONDS)
        return True

    @staticmethod
    def _kept_text(kept) -> str:
        """Kept draws as the journal keeps them: JSON [[draw, owner], ...]."""
        return json.dumps([[text, owner] for text, owner in kept])

    def undoable(self) -> bool:
        """An undo now would take something back (the OLED then says how)."""
        cut = self._last_event()
        return cut is not None and self.irrevocable(self.history[cut].events) is None

    def _last_event(self) -> int | None:
        """The index in `moves` of the players' last event (not a chance draw), or None."""
        notes = self.line.notes
        return next((i for i in range(len(notes) - 1, -1, -1) if not notes[i].chance), None)

    def _draw_kept(self) -> None:
        """At a chance node again after an undo: the kept draws, in order, committed as moves
        (journaled before they are shown, like the service's draws). A kept draw that is no
        outcome here (the game went elsewhere) is dropped with the rest, and the service draws;
        one of another turn (that turn went by without it) is dropped alone."""
        given = []
        while self.kept and self.game.to_move(self.position) == CHANCE \
                and self.game.outcome(self.position) is None:
            text, owner = self.kept[0]
            if owner != self.chance_owner(self.position):
                self.kept.pop(0)
                continue
            try:
                move = self.game.parse_move(self.position, text)
            except GameError:
                move = None
            if move not in [m for m, _ in self.game.chance_outcomes(self.position)]:
                self.kept = []
                break
            self.kept.pop(0)
            events = self._push(move, chance=True, kept=self._kept_text(self.kept))
            self.said = (self.said + self._events(events))[-SHOWN_ANNOUNCEMENTS:]
            given.append(text)
        if given:
            self.said = (self.said + (Say("reused", tuple(given)),))[-SHOWN_ANNOUNCEMENTS:]

    # The protocol -----------------------------------------------------------------------------
    def on_chance(self, move, now: float) -> None:
        # drawn and journaled by the service: apply it, commit nothing
        events = self._push(move, chance=True, commit=False)
        # a verdict still waiting for its OK stays on the screen above what the draw said
        self.said = ((self.said if self.ack else ()) + self._events(events))[-SHOWN_ANNOUNCEMENTS:]
        self.selected, self.opened = 0, []

    def on_button(self, name: str, kind: str, now: float) -> None:
        self.notice = None   # the language or name just set: until the next button
        super().on_button(name, kind, now)   # "new game?" is TableBase's

    def on_own_button(self, name: str, kind: str, now: float) -> None:
        if kind != "press":
            return
        if self.ack:               # a verdict or a refusal on screen: this press only reads it
            self.ack = False
            if self.refused is None:
                self.said = ()     # a verdict read: it goes, the next choice comes alone
            self.refused = None    # read: it no longer stands in front of what comes next
            return
        items = self.menu_items()
        if not items:
            return
        if name == "cat":
            self.selected = (self.selected + 1) % len(items)
        elif name == "back":
            self.selected = (self.selected - 1) % len(items)
        elif name == "ok":
            self._choose(items[self.selected % len(items)], now)

    # The choices as a tree (choicemenu) ---------------------------------------------------------
    def menu_items(self) -> list:
        """The items of the open level: events, groups, and UP inside a group."""
        options = self.choices()
        if not options:
            return []
        while self.opened:
            items = level(options, self.group_of, self.opened[-1])
            if len(items) > 1 or (items and isinstance(items[0], str)):
                return items + [UP]
            self.opened.pop()       # the game went elsewhere: that group is gone
            self.selected = 0
        return level(options, self.group_of)

    def _choose(self, item, now: float) -> None:
        if item is UP:
            left = self.opened.pop()
            items = self.menu_items()
            self.selected = next((i for i, it in enumerate(items)
                                  if isinstance(it, Group) and it.path == left), 0)
        elif isinstance(item, Group):
            self.opened.append(item.path)
            self.selected = 0
        else:
            self.play(item, now)

    def item_label(self, item) -> str:
        if item is UP:
            return self._words("up")
        if isinstance(item, Group):
            return self.group_label(item)
        return self.describe(item)

    def on_own_card(self, function: str, now: float, arg: str | None) -> None:
        # the language and player cards and "new game?" are TableBase's
        if function == "event" and arg:
            self.play(arg, now)

    def restart(self, now: float) -> None:
        """A new game (TableBase.new_game started the line again): nothing picked, said or kept."""
        self.selected, self.said, self.refused, self.kept = 0, (), None, []
        self.opened, self.ack = [], False

    def tick(self, now: float) -> None:
        if self.flash is not None and now >= self.flash[1]:
            self.flash = None

    def next_deadline(self, now: float) -> float | None:
        return self.flash[1] if self.flash is not None else None   # the LEDs' flash goes out

    # What is shown --------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        name = self.players[seat] if 0 <= seat < len(self.players) else ""
        return name or self._words("seat", n=seat + 1)

    def lines(self) -> list[str]:
        said = self.said_lines()
        if self.game.outcome(self.position) is not None:
            # the header says who won: the engine's "winner" event is not said again below it
            said = [self.word(s) for s in self.said if not (s.kind == "event" and s.value[0] == "winner")]
        out = ([self.notice.text(self.language)] if self.notice else []) + said
        if self.refused:
            out.append(self._words("no", why=self.refusal()))
        out += self.prompt()
        items = self.menu_items()
        if self.ack:
            out.append(self._words("ack"))
        elif items and self.game.outcome(self.position) is None:
            n = self.selected % len(items)
            line = f"> {self.item_label(items[n])}"
            if len(items) > 1:      # in words: "1/2" would read as the OLED's page marker
                line += f" ({self._words('position', n=n + 1, of=len(items))})"
            out.append(line)
        if self.undoable():
            out.append(self._words("undo_keys"))
        return out

    def phase(self) -> str:
        if self.asking_new_game:
            return "confirm_new_game"
        if self.game.outcome(self.position) is not None:
            return "won"
        return "chance" if self.game.to_move(self.position) == CHANCE else self.position.phase

    def view(self) -> TableView:
        outcome = self.game.outcome(self.position)
        phase = self.phase()
        if phase == "confirm_new_game":
            screen = self.new_game_screen()
        else:
            kind = "won" if outcome is not None else "await_placement"
            screen = Screen(kind, title=msg("text", text=self.headline()),
                            lines=tuple(msg("text", text=line) for line in self.lines()))
        leds = FLASHES[self.flash[0]] if self.flash is not None else self.board()
        return TableView(leds, screen, self.position, tuple(self.shown_moves()), phase,
                         screen.instruction(self.language), False, False,
                         None if outcome is None else outcome.winner, self.private(),
                         asking_new_game=phase == "confirm_new_game")

    def private(self) -> bool:
        """True while the OLED shows a seat's secrets (TableView.private)."""
        return False

    def shown_moves(self) -> list[str]:
        return self.moves
