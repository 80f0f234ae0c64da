"""The laptop's virtual card table (`companion sim` playing Monster Mau Mau): a virtual deck and
computer players round the simulated companion, which runs unchanged.

The deck is shuffled from a seeded random source (`companion sim --seed N`; a new seed per game
from it), the hands dealt when the table has been set up, and everything else happens through
the fake devices, exactly as people at a table would do it: the deck's top card is tapped when
the table asks for the first card, the computer players tap their cards and press OK (draw,
pass) and CAT (Mau!), and the person's clicks on the page become taps and presses of the same
kind. The deck follows the table's accepted events (the journal's moves), so it never disagrees
with the referee; after an undo it is dealt again from the game's seed and the events replayed.

Each game's shuffle seed is chance the companion shows (the hands on the page, the cards turned
up), so it is journaled before the first card is dealt (the journal's setting
`sim.deck_seed:<game id>`): after a power loss the same deck comes back, whatever seed the new
process drew. A game whose seed was never journaled (played before this was kept) cannot be
dealt again: the deck says so in one line and waits for a new game, it never crashes the service.
"""
from __future__ import annotations

import logging
import random

from companion.games.base import GameError
from companion.games.monster_mau_mau import bot, engine, notation
from companion.tables.monster_mau_mau import refusals
from companion.games.monster_mau_mau.cards import PATTERNS, is_wild
from companion.games.monster_mau_mau.deck import card_text
from companion.games.monster_mau_mau.engine import Event
from companion.games.monster_mau_mau.virtual import VirtualTable
from companion.ui.i18n import text

log = logging.getLogger("companion")

BOT_DELAY = 1.0  # seconds from any move to a computer player's next action: each one is seen

def _uid(face: str, copy: int = 0) -> str:
    """A stable fake NTAG UID per card face."""
    return "04" + f"{sum(map(ord, face)) * 131 + copy:012x}"[-12:]


class VirtualCards:
    def __init__(self, seed: int, human: int = 0, delay: float = BOT_DELAY, journal=None) -> None:
        self.seeds = random.Random(seed)
        self.human = human
        self.delay = delay
        #: where each game's seed is kept (companion/service/journal.py); None: in memory only
        self.journal = journal
        self.deck: VirtualTable | None = None
        self._start: object = None   # the game the deck was dealt for (journal id and start)
        self._game_seed = 0
        #: why the deck cannot follow the game in play, as a phrase key and its parameters (one
        #: line for the page, worded in the table's language), or None
        self.problem: tuple[str, dict] | None = None
        self._next = 0.0
        self._events_seen = 0

    @property
    def next_act(self) -> float | None:
        """When the next card is turned up or a computer player may act (the loop sleeps till
        then; the person's clicks wake it); None before a deal."""
        return None if self.deck is None else self._next

    @staticmethod
    def wants(table) -> bool:
        return table.virtual_hands

    # Following the table ---------------------------------------------------------------------
    def sync(self, table) -> None:
        """Bring the deck in line with the table: a new deal, new events, or an undo."""
        s = table.session
        if s.start is None:
            self.deck, self._start, self.problem = None, None, None
            return
        start = notation.format_position(s.start)
        game = self._game_of(start, s.events)
        if game is None or self.problem:  # the deal is not journaled yet, or no deck can match
            self.deck = None
            return
        if game != self._start:
            self._deal(s.start, table.game.rules_set)
            self._start = game
        if s.events[:len(self.deck.log)] != self.deck.log:  # undone: deal again and replay
            self._deal(s.start, table.game.rules_set)
        try:
            for text in s.events[len(self.deck.log):]:
                self.deck.event(notation.parse_event(text))
        except GameError as exc:
            self._cannot_follow("mmm.sim.cannot_follow", game=game[0], why=str(exc))

    def _game_of(self, start: str, events) -> tuple | None:
        """The game the table plays, as (journal id, start), with its shuffle seed in
        `_game_seed` — drawn and journaled the first time, read back after a restart. None while
        the table's deal is not in the journal yet (the seed waits for its game) or when the
        deck cannot be had again."""
        if self.journal is None:  # in memory (tests of the deck alone)
            if self._start is None or self._start[1] != start:
                self._game_seed = self.seeds.getrandbits(32)
                self.problem = None
            return (0, start)
        cur = self.journal.current
        if cur is None or cur.start != start:
            return None
        if self._start == (cur.id, start):
            return None if self.problem else self._start
        key = f"sim.deck_seed:{cur.id}"
        kept = self.journal.setting(key)
        if kept is None:
            if cur.moves:  # cards were shown from a shuffle nobody kept: no deck can match them
                self._start = (cur.id, start)
                self._cannot_follow("mmm.sim.not_kept", game=cur.id, path=str(self.journal.path))
                return None
            kept = str(self.seeds.getrandbits(32))
            self.journal.set_setting(key, kept)  # durable before the first card is dealt
        self.problem = None
        self._game_seed = int(kept)
        return (cur.id, start)

    def _cannot_follow(self, key: str, **params) -> None:
        if (key, params) != self.problem:
            log.warning("%s", text(key, "en", **params))
        self.problem, self.deck = (key, params), None

    def _deal(self, start, rules) -> None:
        self.deck = VirtualTable(random.Random(self._game_seed), rules=rules, players=start.players,
                                 deal=start.hands[0])

    # Acting -------------------------------------------------------------------------------
    def act(self, table, devices, now: float, shown=None) -> None:
        """Turn up the first card, or let a computer player act, at most once per `delay`, and
        only on the table's own screen (`shown`: what the OLED shows; None: not known): over
        it stands what a person opened to read or answer (an explanation, "new game?", the game
        menu, a service message), which a computer's OK would read away or answer (issue 46)."""
        self.sync(table)
        if len(table.session.events) != self._events_seen:  # a move (anybody's): it is seen first
            self._events_seen = len(table.session.events)
            self._next = max(self._next, now + self.delay)
        if self.deck is None or now < self._next:
            return
        if shown is not None and shown != table.view().screen:
            return   # the person reads or answers what stands over the table: the seat waits
        s, pos = table.session, self.deck.position
        if table.phase not in ("first_card", "play") or pos.phase == engine.OVER:
            return
        if pos.phase == engine.START:
            if self.deck.pile:
                devices.cards.tap(_uid(self.deck.pile[-1]), card_text(self.deck.pile[-1]))
                self._next = now + self.delay
            return
        seat = pos.turn
        if seat == self.human or s.stage != "play":
            return
        event = bot.choose(pos, self.deck.hands[seat], self.deck.playable(seat))
        self._press(devices, event)
        # no waiting for these to arrive: the service polls the devices in this very step, so
        # a later step that finds the table as it was has seen them taken by something else (a
        # Why? asked in between): the seat acts again (issue 46: it had waited for ever)
        self._next = now + self.delay

    def person(self, table, devices, what: str, card: str | None = None,
               wish: str | None = None) -> str | None:
        """The person's click: `play` (a card of the hand, a wild one with its wish), `draw`,
        `pass` or `mau`. The reason when the deck itself refuses (not your turn, not in your hand,
        only the card just drawn); the referee's own refusals show on the table as usual."""
        self.sync(table)
        why = self._refusal(table, what, card, wish)
        if why is not None:
            # the table says it too (its OLED, the page's copy of it), not only the page's toast:
            # worded when shown, in the table's language then
            table.refuse_hand(why)
            return why.text(table.language)
        event = Event("play", card, wish if is_wild(card) else None) if what == "play" else Event(what)
        self._press(devices, event)
        return None

    def _refusal(self, table, what: str, card: str | None, wish: str | None):
        """Why the deck refuses the person's click (a Msg, worded when shown); None: it may go."""
        if self.deck is None or table.phase != "play":
            return refusals.refusal("not_started")
        pos = self.deck.position
        if pos.turn != self.human and pos.phase != engine.OVER:
            # a player card's name, else the seat's number
            return refusals.refusal("turn", who=refusals.who_msg(table.session.name(pos.turn), pos.turn))
        if what == "play":
            return refusals.play_refusal_msg(list(self.deck.hands[self.human]), self.deck.drawn, card, wish)
        if what in ("draw", "pass", "mau"):
            # OK would do the other of draw/pass: refuse the wrong one here
            return refusals.rules_refusal_msg(pos, Event(what), self.deck.rules)
        return refusals.refusal("unknown", what=what)

    @staticmethod
    def _press(devices, event: Event) -> None:
        if event.kind == "play":
            devices.cards.tap(_uid(event.card), card_text(event.card))
            if event.wish is not None:
                for _ in range(PATTERNS.index(event.wish)):
                    devices.buttons.press("cat")
                devices.buttons.press("ok")
        else:
            devices.buttons.press({"draw": "ok", "pass": "ok", "mau": "cat"}[event.kind])

    def snapshot(self, seat: int | None = None, language: str = "en") -> dict:
        """The person's seat (1-based), hand and what may be played, for the simulator's page
        (a problem worded in `language`)."""
        seat = self.human if seat is None else seat
        if self.deck is None:
            problem = None if self.problem is None else text(self.problem[0], language, **self.problem[1])
            return {"seat": seat + 1, "hand": [], "playable": [], "drawn": None, "problem": problem}
        return {"seat": seat + 1, "hand": self.deck.hand(seat), "playable": self.deck.playable(seat),
                "drawn": self.deck.drawn if self.deck.position.turn == seat else None}
