"""The companion service: polls the devices, feeds the game's table, journals its commits, and
shows what it wants on the LEDs and the OLED. I/O lives here; every decision lives in the table
(companion/tables/protocol.py) — except which game is played, which the service owns (the game
menu and game cards, companion/tables/menu.py).

One loop iteration (`step(now)`), whenever something happened or a timer is due (waking.py):
  1. poll the reed grid, device events, card taps and button presses -> table (with `now`)
  2. table.tick(now)
  3. journal table.drain_commits() durably (each its own transaction, synchronous=FULL) —
     *before* anything is acknowledged on the LEDs, so a move shown as accepted survives a
     power loss
  4. repaint the LEDs only when the LedFrame changed; render + show the OLED only when the
     screen changed
  5. start the AI when the table wants a move or a hint: in a worker process (the search is
     pure Python and holds the GIL; in a thread it stalls this loop — `companion bench referee`),
     or in a thread with `[game] ai_process = false` (companion/service/ai_handoff.py)
"""
from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path

from companion import tables
from companion.service.ai_handoff import AiHandoff
from companion.service.cards import CardStore, DamagedCard, functions, named, parse_text, secret_names
from companion.service.chance import ChanceDraws
from companion.service.config import Config, make_game
from companion.service.flashing import TableFlash
from companion.service.journal import Journal
from companion.service.notices import Notices
from companion.service.past_games import PastGames
from companion.service.review import ReviewRunner
from companion.service.screen import ScreenChoice
from companion.service.settings import Settings
from companion.service import address
from companion.service.snapshot import ServiceState, loggable, loggable_move, snapshot
from companion.service.no_remote import NoRemote
from companion.service.speech import Speech
from companion.service.storage import PendingCommits, StorageError
from companion.service.switching import GameSwitching
from companion.service.waking import Waker, serve
from companion.tables.protocol import is_computer_name
from companion.ui.screens import msg

log = logging.getLogger("companion")

UNKNOWN_CARD_SECONDS = 4.0


class Companion:
    """The service, composed: `settings` (what the journal keeps for the table), `switching`
    (the game menu and game cards), `chance` (dice, shuffles, deals), `ai` (the AI's searches),
    `screen` (what the OLED shows), `speech`, `remote` and `notices`. They reach the game in play
    through this object's public attributes (game, table, journal, config, sensed) and verbs
    (note, record, notify, journal_commits, make_table); the page reads `state()`."""

    def __init__(self, config: Config, devices, *, state_dir: Path | None = None, clock=time.monotonic,
                 recorder=None, feed=None, ai_mode: str | None = None, chance_source=None,
                 speech_player=None) -> None:
        self.config = config
        self.devices = devices
        self.state_dir = Path(state_dir if state_dir is not None else config.state_dir)
        self.clock = clock
        self.recorder = recorder
        self.feed = feed
        # "process" (a spawned worker), "thread", "inline" (tests), "replay", "off"
        self.ai = AiHandoff(self, ai_mode or ("process" if config.game.ai_process else "thread"))
        # dice, shuffles, deals: drawn here, journaled before they are shown (chance.py)
        self.chance = ChanceDraws(self, chance_source, replay=self.ai.mode == "replay")
        self.journal = Journal(self.state_dir, make_game(config))
        self.game = self.journal.game  # an unfinished game resumes as the game it was
        self.cards = CardStore(self.journal.conn)
        self.settings = Settings(self.journal, config)
        # the seats the AI plays: one (maunz: its worker), or several (Katzenjammer's computers)
        self.settings.load_ai(self.game)
        self.switching = GameSwitching(self)
        self.notices = Notices()
        self.screen = ScreenChoice.with_updates(devices.display, self.state_dir, self.message)
        self.resumed = self.journal.resumable
        self.sensed: int | None = None  # the bed as last scanned (a bitmask of squares)
        start = self.journal.start_position()
        moves = self.journal.moves()
        if self.journal.current is None:
            start = self.game.initial_position()
            self.journal.begin_game(self.game.format_position(start))
        if not moves and not self.journal.begun_at_table and start == self.game.initial_position():
            start = None  # begun by the service, not played yet: the table's own set-up first
        try:
            self.table = self.make_table(start, moves, self.journal.seat_players())
        except ValueError as exc:  # moves the journal holds that this table cannot replay
            current = self.journal.current
            self.journal.close()
            raise self.journal.unresumable(current, exc) from None
        if self.resumed:
            log.info("resumed %s game %d after %d moves: %s", self.game.info.name, self.journal.current.id,
                     len(moves), self._loggable(self.journal.position()))
        self._kinds: tuple[int, int] | None = None
        self._leds = None
        self._view = None
        self._subscribers: list[asyncio.Queue] = []
        self._stop_event: asyncio.Event | None = None
        self.waker = Waker()  # the sleeping loop's alarm (waking.py): devices and searches wake it
        self.closed = False
        self.steps = 0
        self.changes = 0  # notify() calls: a change made between two steps is news too (web cache)
        self.frames_shown = 0
        self.virtual = None  # companion sim: a virtual deck round a card game's table (virtual_cards.py)
        self.pending = PendingCommits(self._journal_one)  # commits not yet durable (storage problem)
        # the voice: [voice] in the config, then the voice card's last word (kept in the journal)
        self.speech = Speech.from_config(config.voice, self.state_dir, speech_player, self.journal.setting)
        self.remote = NoRemote()  # a remote game (remote.py) replaces it: the other seat plays elsewhere
        self.flashing = TableFlash(self)  # the Pico flashed from the table (flashing.py)
        self.review = ReviewRunner(self)  # the review after a game (review.py): the AI's verdicts
        self.past_games = PastGames(self.state_dir, lambda: self.table.language)  # the page's history view

    # ------------------------------------------------------------------------------ the game
    def config_game_name(self) -> str:
        from companion.games import info

        return info(self.config.game.game).name

    def make_table(self, start, moves, players):
        """The game in play's table, at `start` after `moves`, with the kept settings."""
        # draws an undo kept (only tables that keep draws commit them): back after a restart
        kept = self.journal.kept() if moves else None
        ai = self.settings
        table = tables.make(self.game, start, moves=tuple(moves), settle=self.config.game.settle,
                            correction_delay=self.config.game.correction_delay, language=ai.language,
                            ai_seats=ai.ai_seats, players=players,
                            **ai.own(self.game), **({"kept": kept} if kept else {}))
        if table.own_deck:  # cards of a deck enrolled by UID (cards enrol-deck)
            from companion.service.deck_store import DeckStore

            table.deck_uids = DeckStore(self.journal.conn).cards(self.game.info.name)
        return table

    # ------------------------------------------------------------------------------ loop
    def step(self, now: float | None = None) -> bool:
        """One loop iteration. Returns True when the snapshot changed."""
        if now is None:
            now = self.clock()
        self.steps += 1
        ref = self.table
        if self.feed is not None:
            self.feed.poll()
        if self.pending.paused and not self._retry_storage(now):
            return False
        if self.virtual is not None and self.virtual.wants(ref):
            self.virtual.act(ref, self.devices, now, self.screen.screen)  # the laptop's computer players
        mask = self.devices.reed.poll()
        for ev in self.devices.drain_events():
            self.record(now, "device", kind=ev.kind, device=ev.device, detail=ev.detail)
            if ev.kind == "warning":
                self.message(f"{ev.device}: {ev.detail}")
            ref.on_device_event(ev, now)
        changed = False
        if mask != self.sensed:
            self.sensed = mask
            self.switching.bed_changed(mask)
            self.record(now, "scan", mask=mask)
            ref.on_scan(mask, now)
            changed = True
            self._kinds = None  # a hall-effect bed's kinds belong to the bed just scanned
        kinds = self.devices.reed.kinds()  # (None: reed switches, which see no kind)
        if kinds is not None and kinds != self._kinds:
            self._kinds = kinds
            ref.on_kinds(kinds[0], kinds[1], now)
        for card in self.devices.cards.poll():
            self._on_card(card, now)
        for b in self.devices.buttons.poll():
            self.record(now, "button", name=b.name, kind=b.kind)
            if self.screen.dismiss_address(b.name):  # takes the address away (or answers an update)
                changed = True
            elif self.switching.menu.is_open:
                self.switching.button(b.name, b.kind, now)
                changed = True
            elif self.review.button(b.name, b.kind, self._view or self.table.view()):
                changed = True  # the review's mode: CAT next, BACK back, OK leaves
            elif b.name == "cat" and self.switching.asks_new_game(self._view or self.table.view()):
                self.switching.open_menu(step=1)  # "new game?" + CAT: another game (menu.py)
                changed = True
            elif self.remote.button(b.name, b.kind, now):  # an undo is asked, never done alone
                changed = True
            else:
                self.table.on_button(b.name, b.kind, now)
        ref = self.table  # a confirmed switch made a new table
        self.ai.collect(now)
        ref.tick(now)
        commits = ref.drain_commits()
        self.speech.announced(ref.drain_said(), ref.language)  # a move made, said once it is done
        if commits:
            changed = True
            if not self.pending.flush(now, commits):
                self._pause_for_storage(now)
                return True
        self.remote.committed(commits)  # journaled: our moves go out
        drawn = self.chance.draw(now)
        if drawn is None:  # a draw could not be journaled: not shown, retried (storage)
            self._pause_for_storage(now)
            return True
        changed = changed or drawn
        view = ref.view()
        if view is not self._view:
            if self._view is None or view.phase != self._view.phase:
                log.debug("phase %s", view.phase)
            self._view = view
            if self.virtual is not None and self.virtual.wants(ref):
                self.virtual.sync(ref)  # the simulator's person's hand follows the table
        changed = self.review.step(view) or changed  # a game just ended is reviewed meanwhile
        leds = self.review.leds() or view.leds
        if leds != self._leds:
            self.devices.leds.show(leds)
            self._leds = leds
            self.frames_shown += 1
            changed = True
        self.remote.step(view, now)  # the other player's moves come in: the table guides them
        over = self.switching.screen(view)
        if over is None:
            over = self.remote.screen() or self.review.screen()
        if over is None:   # "why?": the explanation over the table's screen; its end offers the review
            over = ref.why_screen(view.screen) or self.review.offer(view)
        self.flashing.step(now)  # a BOOTSEL Pico noticed, a flash's step on the OLED
        screen = self.screen.choose(view.screen, over, now)
        shown = self.screen.update(screen, ref.language, now)
        if shown == "screen":
            self.speech.shown(screen, ref.language, private=view.private and screen is view.screen,
                              secret=self.remote.secret(screen), over=ref.game.outcome(view.position) is not None)
        changed = changed or shown is not None
        self.ai.maybe(view, now)
        if changed:
            self.notify()
        return changed

    def journal_commits(self, commits) -> None:
        """Journal `commits` now (a switch of games, a remote game's start), not in the loop."""
        for c in commits:
            self._journal_one(c)

    def _journal_one(self, c) -> None:
        if c.kind == "chance":  # the service's own draw: durable first, then the table hears it
            self.chance.journal(c)
            return
        before = self.journal.position()
        self.journal.apply_commit(c.kind, c.move, c.position, c.kept)
        if c.kind == "move":
            log.info("journaled ply %d %s -> %s", len(self.journal.current.moves),
                     self._loggable_move(before, c.move), self._loggable(c.position))
        elif c.kind == "settings":
            self._save_settings()
        else:
            if c.kind == "new_game":  # the same players go on playing
                for seat, name in enumerate(self.table.players[:len(self.journal.seat_players())]):
                    if name:
                        self.journal.set_player(seat, name)
            if c.kind == "puzzle":   # the attempt moved the solver's rating: the table says so
                self.switching.puzzle_rated()
            log.info("journaled %s: game %d -> %s", c.kind, self.journal.current.id,
                     self._loggable(c.position))

    def _loggable(self, position) -> str:
        return loggable(self.game, position)

    def _loggable_move(self, before, text: str) -> str:
        return loggable_move(self.game, before, text)

    def _pause_for_storage(self, now: float) -> None:
        """A commit could not be made durable: it is not acknowledged. The LEDs and the OLED show
        the storage problem instead of the referee's picture until a retry succeeds."""
        from companion.service.storage import PROBLEM_LEDS

        self.note("note.storage_move", problem=str(self.pending.problem))
        self._view = None  # the referee's picture is repainted once the journal caught up
        if self._leds != PROBLEM_LEDS:
            self.devices.leds.show(PROBLEM_LEDS)
            self._leds = PROBLEM_LEDS
            self.frames_shown += 1
        self.screen.clear_message()
        if self.screen.screen != ("storage", ""):
            self.screen.show(("storage", ""), self.table.language, now=now)

    def _retry_storage(self, now: float) -> bool:
        """While paused: drop the players' input (the table is stopped), retry when due.
        True when the journal caught up and play goes on."""
        self.devices.cards.poll()
        self.devices.buttons.poll()
        if not self.pending.due(now):
            return False
        if not self.pending.flush(now):
            return False
        log.info("storage works again: %s", self.pending.resumed)
        self.note("note.storage_ok")
        return True

    # ------------------------------------------------------------------------------ cards
    def _on_card(self, card, now: float) -> None:
        uid = card.uid_hex
        if self.table.on_tag(uid, card.text, now):  # a card game: its own deck's cards come first
            self.record(now, "card", uid=uid, text=card.text, function="deck", name="")
            return
        known = self.cards.get(uid)
        if isinstance(known, DamagedCard):  # a damaged or hand-edited card table: say so, go on
            self.message(known.problem())
            return
        parsed = (known.function, known.name) if known is not None else parse_text(card.text)
        # The resolved function goes into the recording too, so a replay does not need the card map.
        self.record(now, "card", uid=uid, text=card.text, function=parsed[0] if parsed else None,
                     name=parsed[1] if parsed else "")
        if parsed is None:
            self._unknown_card(uid, now)
            return
        function, name = parsed
        # a secret card's name is a player's secret (Cats: their cat): never logged or shown
        shown = "" if function in secret_names() else name
        log.info("card %s: %s%s", uid, function, f" ({shown})" if shown else "")
        if function == "game":
            self.switching.game_card(name, now)
            return
        if function == "remote":  # host ("remote") or join ("remote:CODE") a remote game
            from companion.service import remote  # its MQTT link and crypto load with a remote game

            remote.from_card(self, name, now)
            return
        if function == "voice":  # the service's own card (speech.py), in every game
            try:
                self.speech.card(name, self.journal.set_setting, self.note)
            except StorageError as exc:
                self.note("note.storage_setting", problem=str(exc))
            return
        self.switching.menu.close()  # any other card: back to the game in play
        if function in ("address", "flash"):  # the service's own: the page's address, the Pico's flash
            address.show(self, now) if function == "address" else self.flashing.start(now)
            return
        if self.remote.card(function):
            return
        if function not in self.table.card_functions:
            self.note("note.card_unused", card=msg(f"card.{function}"), named=f" {shown}" if shown else "",
                       game=self.game.info.title, for_game=True)
            return
        if function == "player" and is_computer_name(name) and \
                not tables.factory(self.game.info.name).several_ai_seats:
            # a computer is a seat setting of the games that have computer players, never a name
            self.note("note.card_unused", card=msg("card.player"), named=f" {name}", game=self.game.info.title,
                       for_game=True)
            return
        if function in named():
            self.table.on_card(function, now, arg=name)
        else:
            self.table.on_card(function, now)
        if function in ("player", "ai_orange", "ai_grey", "ai_off", "language"):
            try:
                self._save_settings()
                if function == "ai_off" and self.table.puzzle is None:
                    self.settings.ai_off(self.game)  # tapped with no AI playing: off, kept
            except StorageError as exc:  # the referee keeps it; the journal is written at the next change
                self.note("note.storage_setting", problem=str(exc))

    def _unknown_card(self, uid: str, now: float) -> None:
        self.note("note.unknown_card", uid=uid, functions=", ".join(functions()))
        self.screen.message(("unknown_card", uid), now + UNKNOWN_CARD_SECONDS)

    def _save_settings(self) -> None:
        gained = self.settings.save(self.game, self.table)
        if gained and self.ai.pool is None and self._stop_event is not None:
            self.ai.warm()  # computer seats now, in a running service: load the AI before it is asked

    # ------------------------------------------------------------------------------ verbs of the collaborators
    def bed_to_table(self, now: float) -> None:
        """A new table took over (another game, the puzzles): it reads the bed as it is, and a
        hall-effect bed's kinds again at the next step (the old table had them, not this one)."""
        if self.sensed is not None:
            self.table.on_scan(self.sensed, now)
        self._kinds = None

    def record(self, now: float, type_: str, **fields) -> None:
        """An event for the recording (`companion sim --record`), if one is made."""
        if self.recorder is not None:
            self.recorder.event(now, type_, **fields)

    def message(self, text: str, note=None, for_game: bool = False) -> None:
        """A one-line notice: in English for the log; the page shows `note`, a ui Msg, in the
        table's language where there is one. `for_game`: it is about the game in play and goes
        when another game starts (a device or storage notice stays)."""
        self.notices.add(text, note, for_game)
        self.notify()

    def note(self, key: str, for_game: bool = False, **params) -> None:
        """A notice worded by its phrase key (companion.ui.i18n) with its parameters."""
        from companion.ui.screens import msg

        line = msg(key, **params)  # a parameter may be a Msg itself (the other player's colour)
        self.message(line.text("en"), line, for_game)

    def record_header(self) -> dict:
        ai = self.settings.ai_text(self.game)
        return {
            "game": self.game.info.name, "rules": self.game.rules,
            "start": self.journal.current.start, "moves": self.journal.moves(),
            "language": self.settings.language, "ai": None if ai == "off" else ai,
            **self.table.setting_values,  # a table's own (Katzenjammer: dice)
            "players": self.journal.players(), "settle": self.config.game.settle,
            "correction_delay": self.config.game.correction_delay, "scan_hz": self.config.scan_hz,
            **self.game.parameters,  # the game's own (maunz.: first)
        }

    # ------------------------------------------------------------------------------ web API
    def state(self) -> ServiceState:
        """What the service shows now, as one value: the page's snapshot is made from it."""
        view = self._view if self._view is not None else self.table.view()
        virtual = self.virtual
        return ServiceState(
            game=self.game, table=self.table, view=view, sensed=self.sensed or 0,
            leds=self._leds if self._leds is not None else view.leds,
            screen=self.screen.screen, screen_language=self.screen.language, oled_png=self.screen.png,
            menu_open=self.switching.menu.is_open,
            unsaved=sum(1 for p in self.pending.items if p.kind in ("move", "chance")),
            storage=self.pending.problem if self.pending.paused else None,
            language=self.settings.language, ai_seats=self.settings.ai_seats,
            players=self.journal.players(),
            game_id=self.journal.current.id if self.journal.current else None,
            spoken=self.speech.recent_lines(), remote=self.remote.snapshot(),
            voice={"speaker": self.speech.synth is not None, "enabled": self.speech.enabled,
                   "volume": self.speech.volume},
            messages=self.notices.recent(self.table.language),
            virtual=virtual.snapshot(language=self.table.language) if virtual is not None and virtual.wants(self.table) else None,
            left_on_bed=dict(self.switching.left_on_bed), review=self.review.block(self.table.language))

    def snapshot(self) -> dict:
        return snapshot(self.state())

    def subscribe(self) -> asyncio.Queue:
        q: asyncio.Queue = asyncio.Queue(maxsize=1)
        self._subscribers.append(q)
        return q

    def unsubscribe(self, q: asyncio.Queue) -> None:
        if q in self._subscribers:
            self._subscribers.remove(q)

    def notify(self) -> None:
        """Wake the pages: the snapshot changed."""
        self.changes += 1
        for q in self._subscribers:
            if q.empty():
                q.put_nowait(None)  # a flag, not a log: one pending wake-up is enough

    # ------------------------------------------------------------------------------ run
    async def run(self, notifier=None) -> None:
        """The loop until stop(): a step whenever something happens or a timer is due, asleep
        in between (companion/service/waking.py)."""
        await serve(self, notifier)

    def wake(self) -> None:
        """Ask the loop for a step now (from any thread): something it polls has news."""
        self.waker.wake()

    async def stop(self) -> None:
        if self._stop_event is not None:
            self._stop_event.set()
            self.waker.wake()

    def close(self) -> None:
        """Blank the LEDs and the OLED, close the devices and the journal. Idempotent."""
        if self.closed:
            return
        self.closed = True
        from companion.words import LedFrame

        try:
            self.devices.leds.show(LedFrame())
        except Exception:
            log.exception("could not blank the LEDs")
        try:
            from PIL import Image

            self.devices.display.show(Image.new("1", (128, 64), 0))
        except Exception:
            log.exception("could not blank the OLED")
        self.review.stop()
        self.ai.stop()
        self.speech.close()
        self.remote.close()
        if self.recorder is not None:
            self.recorder.close(self.clock(), position=self.game.format_position(self.table.position),
                                moves=list(self.table.moves))
        if self.feed is not None:
            self.feed.close()
        self.devices.close()
        self.journal.close()
