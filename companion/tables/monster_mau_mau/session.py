"""The decisions of the Monster Mau Mau table, pure: set-up, taps, buttons, what the OLED says and
what the 20 LEDs round the edge of the bed show. No devices, no clock (time comes in as `now`);
the service (or the laptop's virtual table) feeds it inputs and journals its commits.

Set-up: the number of players (CAT +1, BACK -1, OK; player cards tapped now name the seats in
order), the deal (the same buttons), then "turn up the first card" and tap it. In play:
- a card tapped by the player to act is played if it fits; a wild card first asks for the wish
  (cat cycles s p z g, OK confirms, back cancels). A card that does not fit flashes the ring red,
  shows the reason ("Streifen 7 passt nicht auf Punkte 3") and changes nothing;
- OK: draw (one press draws one card, or the whole penalty) and, after drawing, pass;
- cat: Mau!; back held (or the undo card, both the shared controls'): undo the last event.
A control card or an unknown tag tapped during the game is told apart and changes nothing here
(control cards are the service's).
The OLED names seats by their players' names ("Spieler 1" without one) and cards in short words
("Punkte 7", words.py); the journal, the commits and the notation keep the tokens.

The start, the events played from it and the commits are a MoveLine (`line`), as at every table;
undo is its pop. The set-up comes before any position: until the deal, `start` and `position` are
None and the line waits at the game's initial position (what the table shows meanwhile); the
deal starts it.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.games.base import GameError
from companion.games.monster_mau_mau import engine, notation
from companion.games.monster_mau_mau.game import MonsterMauMau
from companion.tables.monster_mau_mau import phrases  # noqa: F401  (registers its words)
from companion.games.monster_mau_mau.explain import refusal_reason
from companion.tables.monster_mau_mau import refusals, words
from companion.tables.moveline import MoveLine
from companion.tables.seatcount import SeatCount
from companion.ui import i18n
from companion.ui.screens import Msg, msg
from companion.games.monster_mau_mau.cards import PATTERNS, is_wild
from companion.games.monster_mau_mau.deck import Tap
from companion.games.monster_mau_mau.engine import DRAW, MAU, PASS, Event, Position

FLASH_SECONDS = 1.5
#: the OLED's header bar holds 20 characters (the body's lines 21)
TITLE_CHARS = 20
NOTICE_SECONDS = 4.0
#: The 20 squares round the edge of the 6x6 bed, clockwise from a1 (squares: a1 = 0, ..., f6 = 35).
RING = (tuple(range(0, 36, 6)) + tuple(range(31, 36)) + tuple(range(29, 4, -6))
        + tuple(range(4, 0, -1)))
SEAT_COLOURS = ((255, 140, 0), (0, 120, 255), (0, 200, 80), (200, 0, 200), (255, 220, 0),
                (0, 220, 220), (255, 90, 150), (140, 255, 0), (150, 90, 255), (255, 255, 255))
RED = (255, 0, 0)
#: The stages of the set-up, before the first position exists.
SETUP = ("players", "deal")


@dataclass(frozen=True)
class Led:
    colour: tuple[int, int, int]
    effect: str  # "steady", "blink", "pulse"


class MauMauSession:
    def __init__(self, rules: frozenset[str] = frozenset(), *, language: str = "de",
                 start: Position | None = None, events: tuple[str, ...] = (),
                 names: tuple[str, ...] = (), game: MonsterMauMau | None = None,
                 seats: int | None = None) -> None:
        self.rules = frozenset(rules)
        #: the registered game (the table's, whose initial position it shows before the deal)
        self.game = game if game is not None else MonsterMauMau(self.rules)
        self.language = language
        self.names = list(names)
        self.line = MoveLine(self.game)   # the start once dealt, the events (with steps), commits
        self.refused = None   # the last refusal (its reason, the events then), for "why?"
        # the count of the last game (the service reads it from the journal), else the names', else 4
        self._setup(max(2, seats or (len(self.names) if any(self.names) else 4), len(self.names)))
        if start is not None:  # resume: the start position and the events played from it
            self._begin(start, commit=False)
            for text in events:
                self._play(notation.parse_event(text), now=0.0, commit=False)
            if self._notice is not None:  # resumed after a power cut: the last event's notice
                self._notice = (self._notice[0], None)  # again, for its time from when it shows

    def _setup(self, players: int) -> None:
        """The set-up of a deal: the number of players first, then the deal."""
        self.stage = "players"
        self.count = SeatCount(max(2, len(self.names)), engine.MAX_PLAYERS, players)
        self.players, self.deal = self.count.n, None
        self.wish_card: str | None = None
        self.wish_index = 0
        #: (its words, until; None: from when shown). The words are a function worded when shown,
        #: so a notice said in German reads in English after the language card, and back
        self._notice: tuple[Callable[[], str | Msg], float | None] | None = None
        #: a forgotten Mau: (the seat, the line) — it stays on the OLED until that seat acts again,
        #: so the player who drew the penalty card sees it, whoever played in between
        self._forgot: tuple[int, Callable[[], str]] | None = None
        self._flash_until: float | None = -1.0   # None: from when the ring is next shown

    def restart(self) -> None:
        """Back to the set-up of a new deal, the same players at the table. Nothing is journaled:
        the journal closes the game in play when the new one is dealt."""
        self.line.reset(self.game.initial_position(), commit=None)
        self._setup(max(self.players, len(self.names)))   # from the last count, not 4 again

    @property
    def start(self) -> Position | None:
        return None if self.stage in SETUP else self.line.start

    @property
    def position(self) -> Position | None:
        return None if self.stage in SETUP else self.line.position

    @property
    def events(self) -> list[str]:
        return self.line.moves

    # Inputs --------------------------------------------------------------------------------
    def on_player_card(self, name: str, now: float) -> None:
        """A player's card tapped during set-up names the next seat."""
        if self.stage != "players" or not name or name in self.names:
            return
        if "" in self.names:  # the first seat without a name
            self.names[self.names.index("")] = name
        elif len(self.names) < engine.MAX_PLAYERS:
            self.names.append(name)
        self.count = SeatCount(max(2, len(self.names)), engine.MAX_PLAYERS, max(self.players, len(self.names)))
        self.players = self.count.n

    def on_tap(self, tap: Tap, now: float) -> None:
        if tap.kind == "control":
            return self._say("control", now, what=tap.function)
        if tap.kind == "unknown":
            return self._say("unknown", now, uid=tap.uid)
        if self.stage == "first_card":
            return self._play(Event("up", tap.face), now)
        if self.stage == "wish":  # another card instead of the wild one: that one counts
            self.stage, self.wish_card = "play", None
        if self.stage != "play":
            return self._say("not_now", now, why=lambda: self._t("first"))
        if is_wild(tap.face):
            if self._reject(Event("play", tap.face, "s"), now) is None:
                self.stage, self.wish_card, self.wish_index = "wish", tap.face, 0
            return None
        self._play(Event("play", tap.face), now)

    def on_button(self, name: str, kind: str, now: float) -> None:
        # (BACK held is the shared controls' undo: the table's `undo` calls this session's)
        if kind != "press":
            return None
        if self.stage in ("players", "deal"):
            return self._setup_button(name)
        if self.stage == "wish":
            if name == "cat":
                self.wish_index = (self.wish_index + 1) % 4
            elif name == "back":
                self.stage, self.wish_card = "play", None
            elif name == "ok":
                card, self.stage, self.wish_card = self.wish_card, "play", None
                self._play(Event("play", card, PATTERNS[self.wish_index]), now)
            return None
        if self.stage != "play":
            return None
        if name == "ok":
            self._play(PASS if self.position.phase == engine.DRAWN else DRAW, now)
        elif name == "cat":
            self._play(MAU, now)
        return None

    def undo(self, now: float) -> None:
        if self.stage in SETUP:
            return
        if not self.line.moves:  # back to the set-up of the deal (journaled when dealt again)
            # the deal as it was: a game resumed from the journal never went through the set-up
            self.deal = self.line.start.hands[0]
            self.line.reset(self.game.initial_position(), commit=None)
            self.stage = "deal"
            return
        self.line.pop()   # commits "undo"
        self.wish_card = None
        self.stage = self._stage_of(self.line.position)
        self._say("undone", now)

    def refuse(self, words: Callable[[], str | Msg], now: float) -> None:
        """A refusal from outside the table (the simulator's deck: a draw before the deal, a
        card not in the hand): the ring flashes red and the OLED says `words()`, as for a card
        that does not fit, from when it is first shown (the click comes between the service's
        steps, which are not clocked: `now` is the last one's)."""
        self._flash_until = None
        self._notice = (words, None)

    def apply_journaled(self, event: Event, now: float) -> None:
        """An event somebody else has journaled already (a chance move the service drew)."""
        self._play(event, now, commit=False)

    def drain_commits(self) -> list:
        return self.line.drain()

    # What is shown -------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) and self.names[seat] else str(seat + 1)

    def who(self, seat: int) -> str:
        """The seat as the OLED says it: its player's name, else "Spieler 1" / "Seat 1"."""
        return words.seat(self.name(seat), seat, self.language)

    def card(self, face: str) -> str:
        return words.card(face, self.language)

    def lines(self, now: float) -> tuple[str, ...]:
        """The OLED's lines as text (at most 6 of 21 characters or so)."""
        return tuple(m.text(self.language) for m in self.shown(now))

    def shown(self, now: float) -> tuple[Msg, ...]:
        """The OLED's lines as Msgs: the hand counts keyed (said "Spieler 1: 3 Karten", shown
        "1:3"), the others worded already."""
        return tuple(line if isinstance(line, Msg) else msg("text", text=line) for line in self._lines(now))

    def _lines(self, now: float) -> tuple[str | Msg, ...]:
        t = self._t
        if self._notice is not None and self._notice[1] is None:
            self._notice = (self._notice[0], now + NOTICE_SECONDS)
        notice = self._notice[0]() if self._notice and self._notice[1] > now else ""
        if self.stage == "players":
            return (*self.count.lines(), " ".join(self.names), notice)
        if self.stage == "deal":
            return (t("deal", n=self.deal), t("deal_keys"), t("deal_help"), notice)
        pos = self.position
        if self.stage == "first_card":
            if pos and pos.top:  # a covered card: the next one goes on top of it
                return (self._top_line(), t("cover"), t("first_help"), notice)
            return (t("first"), t("first_help"), notice)
        if pos.phase == engine.OVER:
            # "Mau Mau!" in the header bar, the winner's name below it, where it is never cut
            # and how to start anew, as in the other games (OK then asks: TableBase)
            return ("Mau Mau!", t("winner", name=self.who(pos.turn)), self._counts(0), self._counts(5),
                    i18n.text("new_game_keys", self.language))
        lines = [self._top_line()]  # the wish on its own line: the header bar is short
        if pos.wish:
            lines.append(t("wish", wish=words.pattern(pos.wish, self.language)))
        if self.stage == "wish":
            state = t("pick", wish=words.pattern(PATTERNS[self.wish_index], self.language))
        elif pos.phase == engine.PENALTY:
            state = t("pending", n=pos.pending)
        elif pos.phase == engine.DRAWN:
            state = t("drawn")
        elif pos.pile == 0 and pos.discard > 1:
            state = t("shuffle_due")
        else:
            state = t("cw" if pos.direction == engine.CW else "ccw")
        lines += [t("turn", name=self.who(pos.turn)), state, self._counts(0)]
        if pos.players > 5:
            lines.append(self._counts(5))
        forgot = self._forgot[1]() if self._forgot is not None else ""
        return tuple(lines + [notice] + ([forgot] if forgot and forgot != notice else []))

    def next_deadline(self, now: float) -> float | None:
        """When the OLED's notice or the ring's red flash ends (the shown lines and the ring
        depend on `now` only through these two)."""
        due = (self._flash_until, self._notice[1] if self._notice else None)
        return min((t for t in due if t is not None and t > now), default=None)

    def ring(self, now: float) -> dict[int, Led]:
        """Square -> LED: each seat's square in its colour, the seat to act pulsing (red while a
        penalty waits), the square after it in the direction of play blinking; a rejected card
        flashes the whole ring red; the winner's colour all round at the end."""
        if self._flash_until is None:   # a refusal from outside: it flashes from now
            self._flash_until = now + FLASH_SECONDS
        if now < self._flash_until:
            return {sq: Led(RED, "blink") for sq in RING}
        n = self.players if self.position is None else self.position.players
        seats = self.seat_squares(n)
        pos = self.position
        if pos is not None and pos.phase == engine.OVER:
            return {sq: Led(SEAT_COLOURS[pos.turn], "pulse") for sq in RING}
        leds = {sq: Led(_dim(SEAT_COLOURS[s]), "steady") for s, sq in enumerate(seats)}
        if pos is not None and pos.phase != engine.START:
            me = seats[pos.turn]
            penalty = pos.phase == engine.PENALTY
            leds[me] = Led(RED if penalty else SEAT_COLOURS[pos.turn], "pulse")
            step = RING[(RING.index(me) + pos.direction) % len(RING)]
            if step not in leds:
                leds[step] = Led(SEAT_COLOURS[pos.turn], "blink")
        return leds

    @staticmethod
    def seat_squares(players: int) -> tuple[int, ...]:
        """The seats spread evenly round the ring, seat 1 at a1, clockwise."""
        return tuple(RING[(i * len(RING)) // players] for i in range(players))

    # Inside --------------------------------------------------------------------------------
    def _t(self, key: str, **kw) -> str:
        return i18n.text(f"mmm.{key}", self.language, **kw)

    def _words(self, key: str, **kw) -> Callable[[], str]:
        """The phrase `key`, worded in the language of the moment it is shown; a value that
        depends on the language (a card's name, a seat's) is a function too."""
        return lambda: self._t(key, **{k: v() if callable(v) else v for k, v in kw.items()})

    def _say(self, key: str, now: float, **kw) -> None:
        self._notice = (self._words(key, **kw), now + NOTICE_SECONDS)

    def _setup_button(self, name: str) -> None:
        if self.stage == "players":
            chosen = self.count.press(name)
            self.players = self.count.n
            if chosen is not None:
                self.stage, self.deal = "deal", engine.default_deal(self.players)
            return
        if name in ("cat", "back"):
            limit = min(engine.MAX_DEAL, engine.MAX_DEALT // self.players)
            self.deal = max(1, min(limit, self.deal + (1 if name == "cat" else -1)))
        elif name == "ok":
            self._begin(engine.new_game(self.players, self.deal), commit=True)

    def _begin(self, start: Position, commit: bool) -> None:
        """The deal done (or resumed): the line starts at `start`."""
        self.line.reset(start, commit="new_game" if commit else None)
        self.refused = None
        self.players = start.players
        self.stage = self._stage_of(start)

    @staticmethod
    def _stage_of(pos: Position) -> str:
        return "first_card" if pos.phase == engine.START else "play"

    def _reject(self, event: Event, now: float) -> str | None:
        """The reason `event` is illegal now (flashing the ring red and saying it), or None."""
        refused = engine.refusal(self.position, event, self.rules)
        if refused is None:
            return None
        why = str(refused)
        # "why?": the refusal stands as the last judgement until the next event
        self.refused = (refusal_reason(refused, self.position), len(self.line.moves))
        self._flash_until = now + FLASH_SECONDS
        if event.kind == "play" and "does not fit" in why:
            top = self.position.top
            self._say("fits_not", now, played=lambda: self.card(event.card), top=lambda: self.card(top))
        else:  # in the table's language (why_illegal says it in English)
            pos, rules = self.position, self.rules
            self._notice = (lambda: refusals.rules_refusal_msg(pos, event, rules) or why,
                            now + NOTICE_SECONDS)
        return why

    def _play(self, event: Event, now: float, commit: bool = True) -> None:
        if self._reject(event, now) is not None:
            return
        seat = self.position.turn
        try:
            step = engine.step(self.position, event, self.rules)
        except GameError:  # why_illegal and step agree; kept so bad input never escapes
            return
        if self._forgot is not None and self._forgot[0] == seat:
            self._forgot = None  # the player who forgot has acted again: they saw it
        # the engine's step (cards drawn, a Mau! penalty) kept with the event: the page lists it
        self.line.push(event, commit, after=step.position, note=step)
        self._notice = None  # a notice is about the last event; this one replaces it
        self.stage = self._stage_of(step.position)
        who = lambda: self.who(seat)  # noqa: E731 - worded when shown
        if step.winner is not None:
            self._say("won", now, name=who)
        elif step.mau_penalty:
            self._say("mau_penalty", now, name=who)
            self._forgot = (seat, self._words("mau_penalty", name=who))
        elif step.reshuffled:
            self._say("reshuffle", now)
        elif event.kind == "draw" and step.drawn > 1:
            self._say("drew", now, name=who, n=step.drawn)
        elif event.kind == "mau":
            self._say("mau", now, name=who)

    def _top_line(self) -> str:
        """The top card, heading the screen: "Oben: Punkte 7"; a long name without "Oben:", so
        the header bar never cuts it ("Gekrakel Aussetzen")."""
        top = self.card(self.position.top)
        line = self._t("top", top=top)
        return line if len(line) <= TITLE_CHARS else top

    def _counts(self, first: int) -> Msg:
        pos = self.position
        return self.counts_line(pos.hands, pos.turn, first)

    @staticmethod
    def counts_line(hands, turn: int, first: int) -> Msg:
        """Up to five seats' hand counts from seat `first` (0-based): "1:3 >2:5" on the OLED,
        the seat to play marked; said "Spieler 1: 3 Karten, Spieler 2 ist dran: 5 Karten"."""
        items = [msg("mmm.hand_turn" if s == turn else "mmm.hand", seat=s + 1, n=hands[s],
                     who=msg("mmm.seat", n=s + 1)) for s in range(first, min(first + 5, len(hands)))]
        if not items:
            return msg("text", text="")
        line = items[-1]
        for item in reversed(items[:-1]):
            line = msg("mmm.hands", a=item, b=line)
        return line


def _dim(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return tuple(c // 6 for c in colour)


def resume(rules, start_text: str, events: list[str], **kw) -> MauMauSession:
    """A session from the journal after a power loss: the start position and the events."""
    return MauMauSession(rules, start=notation.parse_position(start_text), events=tuple(events), **kw)


__all__ = ["MauMauSession", "Led", "RING", "resume"]
