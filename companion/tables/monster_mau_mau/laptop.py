"""The laptop's virtual table: one person plays one seat against computer players, with a virtual
deck, through the same table decisions (session.py) the physical table uses.

The person's actions become the table's inputs — a card clicked is a card tapped, the draw pile
clicked is the draw button — so the referee checks them exactly as at the table (a card that does
not fit is refused with the reason, a forgotten Mau! costs a card). The virtual deck moves the
real cards only after the referee accepted an action, and both must agree on every count. What
a seat may see is `view(seat)`: its own hand and the public state; spectators (seat None) see
only the public state. Pure: the random source is injected.
"""
from __future__ import annotations

import random

from companion.games.base import IllegalMoveError
from companion.games.monster_mau_mau import bot, engine, notation
from companion.tables.monster_mau_mau import refusals
from companion.ui.screens import Msg, msg
from companion.games.monster_mau_mau.cards import PATTERNS, is_wild
from companion.games.monster_mau_mau.deck import Tap
from companion.games.monster_mau_mau.engine import Event
from companion.tables.monster_mau_mau.session import MauMauSession
from companion.tables.monster_mau_mau.words import card_name_msg
from companion.games.monster_mau_mau.virtual import VirtualTable

BUTTON = {"draw": "ok", "pass": "ok", "mau": "cat"}


class LaptopGame:
    def __init__(self, rng: random.Random, players: int = 4, *, human: int | None = 0,
                 rules: frozenset[str] = frozenset(), deal: int | None = None,
                 names: tuple[str, ...] = (), language: str = "de") -> None:
        self.human = human
        self.deck = VirtualTable(rng, rules=frozenset(rules), players=players, deal=deal)
        self.table = MauMauSession(rules, language=language, names=names)
        self.now = 0.0
        # what happened, one line per action, for the page's and the terminal's log: each line its
        # phrases (mmm.log.*) with their values, worded when shown (`said`), so a language card
        # rewords the whole log
        self._log: list[tuple[Msg, ...]] = []
        t = self.table
        while t.players != players:
            t.on_button("cat" if t.players < players else "back", "press", self.now)
        t.on_button("ok", "press", self.now)
        while t.deal != self.deck.position.hands[0]:
            t.on_button("cat" if t.deal < self.deck.position.hands[0] else "back", "press", self.now)
        t.on_button("ok", "press", self.now)
        self._turn_up()

    # The person's actions -------------------------------------------------------------------
    def play(self, card: str, wish: str | None = None) -> str | None:
        """The person's seat plays `card`; the reason when it is refused (nothing changes), in the
        table's language."""
        why = self._out_of_turn() or refusals.play_refusal(
            self.deck.hands[self.deck.position.turn], self.deck.drawn, card, wish, self.table.language)
        return why or self._act(Event("play", card, wish if is_wild(card) else None))

    def press(self, what: str) -> str | None:
        """`draw`, `pass` or `mau` for the person's seat; the reason when refused."""
        if what not in BUTTON:
            return refusals.say(self.table.language, "unknown", what=what)
        return self._out_of_turn() or self._act(Event(what))

    def _out_of_turn(self) -> str | None:
        seat = self.deck.position.turn
        if self.human is not None and seat != self.human and not self.over:
            language = self.table.language
            return refusals.say(language, "turn", who=refusals.who(self.table.name(seat), seat, language))
        return None

    def advance(self, limit: int = 1000) -> int:
        """The computer players act until it is the person's turn or the game is over."""
        n = 0
        while not self.over and self.deck.position.turn != self.human and n < limit:
            seat = self.deck.position.turn
            event = bot.choose(self.deck.position, self.deck.hands[seat], self.deck.playable(seat))
            why = self._act(event)
            if why is not None:  # never: the bot only chooses legal events
                raise AssertionError(f"computer player {seat + 1}: {event} refused: {why}")
            n += 1
        return n

    @property
    def over(self) -> bool:
        return self.deck.position.phase == engine.OVER

    def view(self, seat: int | None) -> dict:
        """What `seat` may see (None: a spectator): never another seat's cards."""
        pos = self.deck.position
        out = {
            "position": notation.format_position(pos),
            "players": [{"seat": s + 1, "name": self.table.name(s), "cards": pos.hands[s]}
                        for s in range(pos.players)],
            "top": pos.top, "wish": pos.wish, "turn": pos.turn + 1,
            "direction": "cw" if pos.direction == engine.CW else "ccw",
            "pending": pos.pending, "phase": pos.phase, "pile": pos.pile, "discard": pos.discard,
            "winner": pos.turn + 1 if pos.phase == engine.OVER else None,
            "screen": list(self.table.lines(self.now)), "log": self._worded(self._log[-12:]),
        }
        if seat is not None:
            out["seat"] = seat + 1
            out["hand"] = self.deck.hand(seat)
            out["playable"] = self.deck.playable(seat)
            out["can"] = [e for e in ("draw", "pass", "mau") if Event(e) in engine.legal_events(pos)]
        return out

    # Inside ------------------------------------------------------------------------------------
    def _act(self, event: Event) -> str | None:
        """Feed `event` to the table as taps and presses; mirror it on the virtual deck once the
        table has accepted it."""
        before = self.table.position
        who = self.table.name(before.turn)
        self.now += 1.0
        t = self.table
        if event.kind == "play":
            t.on_tap(Tap("card", "virtual", face=event.card), self.now)
            if event.wish is not None and t.stage == "wish":
                for _ in range(PATTERNS.index(event.wish)):
                    t.on_button("cat", "press", self.now)
                t.on_button("ok", "press", self.now)
        else:
            # OK draws in phase play and passes after drawing: the page's draw and pass are
            # separate, so one pressed at the wrong time is refused here, not turned into the other
            why = refusals.rules_refusal(before, event, self.deck.rules, t.language)
            if why is not None:
                return why
            t.on_button(BUTTON[event.kind], "press", self.now)
        if t.position == before:  # every accepted event changes the position (Mau! sets mau=1)
            return refusals.rules_refusal(before, event, self.deck.rules, t.language) or "refused"
        try:
            step = self.deck.event(event)
        except IllegalMoveError as exc:  # the deck knows more than the referee (the drawn card)
            raise AssertionError(f"virtual deck refused {event} the table accepted: {exc}") from None
        if step.position != t.position:
            raise AssertionError(f"deck {step.position} and table {t.position} disagree")
        self._log.append(self._describe(who, event, step))
        self._turn_up()
        return None

    def _turn_up(self) -> None:
        """Turn up cards until one starts the discard pile (the deck does what a person would)."""
        while self.deck.position.phase == engine.START and self.deck.pile:
            self.deck.turn_up()
            self.now += 1.0
            self.table.on_tap(Tap("card", "virtual", face=self.deck.discard[-1]), self.now)
            self._log.append((msg("mmm.log.up", face=card_name_msg(self.deck.discard[-1])),))

    @property
    def said(self) -> list[str]:
        """The log in the table's language, one line per action."""
        return self._worded(self._log)

    def _worded(self, lines: list[tuple[Msg, ...]]) -> list[str]:
        return ["".join(part.text(self.table.language) for part in line) for line in lines]

    @staticmethod
    def _describe(who: str, event: Event, step) -> tuple[Msg, ...]:
        if event.kind == "play":
            line = [msg("mmm.log.plays", who=who, face=card_name_msg(event.card))]
            line += [msg("mmm.log.wishes", wish=event.wish)] if event.wish else []
        elif event.kind == "draw":
            line = [msg("mmm.log.draws", who=who, n=step.drawn)]
        else:
            line = [msg(f"mmm.log.{event.kind}", who=who)]
        if step.mau_penalty:
            line.append(msg("mmm.log.forgot", n=step.drawn))
        if step.reshuffled:
            line.append(msg("mmm.log.reshuffled"))
        if step.winner is not None:
            line.append(msg("mmm.log.won"))
        return tuple(line)
