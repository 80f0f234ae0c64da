"""The companion service: polls the devices, feeds the referee, journals its commits, and shows
what it wants on the LEDs and the OLED. I/O lives here; every decision lives in the referee.

One loop iteration (`step(now)`), at the scan rate:
  1. poll the reed grid, device events, card taps and button presses -> referee (with `now`)
  2. referee.tick(now)
  3. journal referee.drain_commits() durably (each its own transaction, synchronous=FULL) —
     *before* anything is acknowledged on the LEDs, so a move shown as accepted survives a
     power loss
  4. repaint the LEDs only when the LedFrame changed; render + show the OLED only when the
     screen changed
  5. start the AI when the referee wants a move or a hint: in a worker process (the search is
     pure Python and holds the GIL; in a thread it stalls this loop — `companion bench referee`),
     or in a thread with `[game] ai_process = false`
"""
from __future__ import annotations

import asyncio
import base64
import io
import logging
import time
from pathlib import Path

from companion.service.cards import FUNCTIONS, CardStore, DamagedCard, normalise_uid, parse_text
from companion.service.config import Config
from companion.service.journal import Journal
from companion.service.storage import PendingCommits, StorageError

log = logging.getLogger("companion")

COLOURS = ("o", "g")
UNKNOWN_CARD_SECONDS = 4.0
PAGE_SECONDS = 3.0  # each page of a long instruction on the OLED (companion.ui.render.pages)


def make_game(config: Config):
    from companion.games import get

    game = get(config.game.game, rules=config.game.rules)
    if config.game.first == "grey" and hasattr(game, "first"):
        game.first = 1
    return game


def _square_name(sq: int) -> str:
    return "abcdef"[sq % 6] + str(sq // 6 + 1)


def render_message(message: tuple, language: str):
    """The service's own OLED messages (beside the referee's screens): an unknown card."""
    from PIL import Image, ImageDraw

    kind, uid = message
    if kind == "storage":
        from companion.service.storage import render_problem

        return render_problem(language)
    img = Image.new("1", (128, 64), 0)
    d = ImageDraw.Draw(img)
    head = "Unbekannte Karte" if language == "de" else "Unknown card"
    how = "Anlernen mit:" if language == "de" else "Enrol it with:"
    d.text((0, 0), head, fill=1)
    d.line((0, 11, 127, 11), fill=1)
    d.text((0, 14), uid[:21], fill=1)
    d.text((0, 26), uid[21:], fill=1) if len(uid) > 21 else None
    d.text((0, 40), how, fill=1)
    d.text((0, 52), "companion cards add", fill=1)
    return img


# The OLED lines that put a named piece on a square (companion.referee.guidance).
_PUT_KEYS = ("put_back", "put_on", "on_from_pool", "on_from_box")


def _page_hints(screen) -> dict:
    """What the simulated table needs beyond the bed: the square whose kitten-or-cat question is
    open ("asking", answered by the page's piece picker), and the piece the current correction
    step puts on a square ("put": the page puts down that piece there, not the mover's)."""
    out = {"asking": None, "put": None}
    for line in getattr(screen, "lines", ()):
        params = dict(line.params)
        if line.key == "ask_kind":
            out["asking"] = params["square"]
        elif line.key in _PUT_KEYS and params.get("piece") and out["put"] is None:
            out["put"] = {"square": params["square"], "piece": params["piece"]}
    return out


class Companion:
    def __init__(self, config: Config, devices, *, state_dir: Path | None = None, clock=time.monotonic,
                 recorder=None, feed=None, ai_mode: str | None = None) -> None:
        from companion.referee import Referee

        self.config = config
        self.devices = devices
        self.state_dir = Path(state_dir if state_dir is not None else config.state_dir)
        self.clock = clock
        self.recorder = recorder
        self.feed = feed
        if ai_mode is None:
            ai_mode = "process" if getattr(config.game, "ai_process", True) else "thread"
        # "process" (a spawned worker), "thread", "inline" (tests), "replay", "off"
        self.ai_mode = ai_mode
        self.game = make_game(config)
        self.journal = Journal(self.state_dir, self.game, game_name=config.game.game)
        self.cards = CardStore(self.journal.conn)
        self.language = self.journal.setting("language", config.game.language)
        ai = self.journal.setting("ai", config.game.ai)
        self.ai_colour = {"orange": 0, "grey": 1}.get(ai)
        self.resumed = self.journal.resumable
        start = self.journal.start_position()
        moves = self.journal.moves()
        if self.journal.current is None:
            start = self.game.initial_position()
            self.journal.begin_game(self.game.format_position(start))
        self.referee = Referee(self.game, start, moves=tuple(moves), settle=config.game.settle,
                               correction_delay=config.game.correction_delay, language=self.language,
                               ai_colour=self.ai_colour)
        players = self.journal.players()
        self.referee.names = [players["o"], players["g"]]
        if self.resumed:
            log.info("resumed game %d after %d moves: %s", self.journal.current.id, len(moves),
                     self.game.format_position(self.journal.position()))
        self._sensed: int | None = None
        self._leds = None
        self._screen = None
        self._screen_language = None
        self._page = 0          # the page of a long instruction on the OLED, turned every
        self._pages = 1         # PAGE_SECONDS
        self._page_since = 0.0
        self._image = None
        self._png: str | None = None
        self._view = None
        self._overlay = None  # (screen, until): a service message over the referee's screen
        self._ai_future = None
        self._ai_key = None
        self._ai_failed = False
        self._ai_errors = 0  # consecutive failed AI calls; the AI is given up after a few
        self._ai_pool = None  # the worker process (ai_mode "process"), started on first use
        self._ai_threads = None  # the worker thread (ai_mode "thread")
        self.ai_spawned_at: float | None = None
        self._subscribers: list[asyncio.Queue] = []
        self._stop_event: asyncio.Event | None = None
        self._stopped = False
        self._closed = False
        self.steps = 0
        self.messages: list[str] = []  # one-line service messages (unknown cards, warnings), newest last
        self.frames_shown = 0
        self.images_shown = 0
        self.pending = PendingCommits(self._journal_one)  # commits not yet durable (storage problem)

    # ------------------------------------------------------------------------------ loop
    def step(self, now: float | None = None) -> bool:
        """One loop iteration. Returns True when the snapshot changed."""
        if now is None:
            now = self.clock()
        self.steps += 1
        ref = self.referee
        if self.feed is not None:
            self.feed.poll()
        if self.pending.paused and not self._retry_storage(now):
            return False
        mask = self.devices.reed.poll()
        for ev in self.devices.drain_events():
            self._record(now, "device", kind=ev.kind, device=ev.device, detail=ev.detail)
            if ev.kind == "warning":
                self._message(f"{ev.device}: {ev.detail}")
            ref.on_device_event(ev, now)
        changed = False
        if mask != self._sensed:
            self._sensed = mask
            self._record(now, "scan", mask=mask)
            ref.on_scan(mask, now)
            changed = True
        for card in self.devices.cards.poll():
            self._on_card(card, now)
        for b in self.devices.buttons.poll():
            self._record(now, "button", name=b.name, kind=b.kind)
            ref.on_button(b.name, b.kind, now)
        self._collect_ai(now)
        ref.tick(now)
        commits = ref.drain_commits()
        if commits:
            changed = True
            if not self.pending.flush(now, commits):
                self._pause_for_storage(now)
                return True
        view = ref.view()
        if view is not self._view:
            if self._view is None or view.phase != self._view.phase:
                log.debug("phase %s", view.phase)
            self._view = view
            if view.leds != self._leds:
                self.devices.leds.show(view.leds)
                self._leds = view.leds
                self.frames_shown += 1
                changed = True
        screen = view.screen
        if self._overlay is not None:
            if now < self._overlay[1]:
                screen = self._overlay[0]  # a service message (a tuple, not a ui Screen)
            else:
                self._overlay = None
        language = getattr(ref, "language", self.language)
        if screen != self._screen or language != self._screen_language:
            self._show_screen(screen, language, 0, now)
            changed = True
        elif self._pages > 1 and now - self._page_since >= PAGE_SECONDS:
            # a long instruction: turn the page, so every word reaches the OLED
            self._show_screen(screen, language, (self._page + 1) % self._pages, now)
            changed = True
        self._maybe_ai(view, now)
        if changed:
            self._notify()
        return changed

    def _show_screen(self, screen, language: str, page: int = 0, now: float = 0.0) -> None:
        if isinstance(screen, tuple):
            image = render_message(screen, language)
            self._pages = 1
        else:
            from companion.ui.render import page_count, render  # the function (the package attribute is shadowed by the submodule)

            self._pages = page_count(screen, language)
            image = render(screen, language=language, page=page)
        self._page, self._page_since = page, now
        self.devices.display.show(image)
        self._screen = screen
        self._screen_language = language
        self._image = image
        self._png = None
        self.images_shown += 1

    def _journal(self, commits) -> None:
        for c in commits:
            self._journal_one(c)

    def _journal_one(self, c) -> None:
        self.journal.apply_commit(c.kind, c.move, c.position)
        if c.kind == "move":
            log.info("journaled ply %d %s -> %s", len(self.journal.current.moves), c.move, c.position)
        elif c.kind == "settings":
            self._save_settings()
        else:
            if c.kind == "new_game":  # the same players go on playing
                for colour, name in enumerate(getattr(self.referee, "players", ("", ""))):
                    if name:
                        self.journal.set_player(colour, name)
            log.info("journaled %s -> %s", c.kind, c.position)

    def _pause_for_storage(self, now: float) -> None:
        """A commit could not be made durable: it is not acknowledged. The LEDs and the OLED show
        the storage problem instead of the referee's picture until a retry succeeds."""
        from companion.service.storage import PROBLEM_LEDS

        self._message(f"storage problem: {self.pending.problem}; the move is kept and retried")
        self._view = None  # the referee's picture is repainted once the journal caught up
        if self._leds != PROBLEM_LEDS:
            self.devices.leds.show(PROBLEM_LEDS)
            self._leds = PROBLEM_LEDS
            self.frames_shown += 1
        self._overlay = None
        if self._screen != ("storage", ""):
            self._show_screen(("storage", ""), getattr(self.referee, "language", self.language))

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
        self._message("storage works again; play on")
        return True

    def _save_settings(self) -> None:
        ref = self.referee
        names = list(getattr(ref, "players", ("", "")))
        known = self.journal.players()
        for colour, letter in enumerate(COLOURS):
            if names[colour] and names[colour] != known[letter]:
                self.journal.set_player(colour, names[colour])
        language = getattr(ref, "language", self.language)
        if language != self.language:
            self.language = language
            self.journal.set_setting("language", language)
        ai = getattr(ref, "ai_colour", self.ai_colour)
        if ai != self.ai_colour:
            self.ai_colour = ai
            self.journal.set_setting("ai", {0: "orange", 1: "grey"}.get(ai, "off"))
            if ai is not None and self._ai_pool is None and self._stop_event is not None:
                self.warm_ai()

    # ------------------------------------------------------------------------------ cards
    def _on_card(self, card, now: float) -> None:
        uid = card.uid_hex
        known = self.cards.get(uid)
        if isinstance(known, DamagedCard):  # a damaged or hand-edited card table: say so, go on
            self._message(known.problem())
            return
        parsed = (known.function, known.name) if known is not None else parse_text(card.text)
        # The resolved function goes into the recording too, so a replay does not need the card map.
        self._record(now, "card", uid=uid, text=card.text, function=parsed[0] if parsed else None,
                     name=parsed[1] if parsed else "")
        if parsed is None:
            self._unknown_card(uid, now)
            return
        function, name = parsed
        log.info("card %s: %s%s", uid, function, f" ({name})" if name else "")
        if function == "player":
            self.referee.on_card("player", now, arg=name)
        else:
            self.referee.on_card(function, now)
        if function in ("player", "ai_orange", "ai_grey", "ai_off", "language"):
            try:
                self._save_settings()
            except StorageError as exc:  # the referee keeps it; the journal is written at the next change
                self._message(f"storage problem: {exc}; the setting applies but is not saved")

    def _unknown_card(self, uid: str, now: float) -> None:
        text = (f"unknown card {uid}: enrol it with `companion cards add {uid} FUNCTION`"
                f" ({', '.join(FUNCTIONS)})")
        self._message(text)
        self._overlay = (("unknown_card", uid), now + UNKNOWN_CARD_SECONDS)

    # ------------------------------------------------------------------------------ AI
    def _maybe_ai(self, view, now: float) -> None:
        if not (view.wants_ai or view.wants_hint) or self.ai_mode in ("off", "replay") or self._ai_failed:
            return
        key = (tuple(view.moves), bool(view.wants_hint))
        if self._ai_future is not None or self._ai_key == key:
            return
        self._ai_key = key
        position = self.referee.position
        inline = self.ai_mode == "inline"
        if self.ai_mode == "thread":
            try:
                asyncio.get_running_loop()
            except RuntimeError:  # no event loop (a plain step() caller): compute here, as before
                inline = True
        if inline:
            move = self._compute_ai(position)
            if move is not None:
                self._give_ai(move, now)
            return
        try:
            self._ai_future = self.start_ai(position)
        except Exception as exc:  # the idle worker died (BrokenProcessPool): a new one next time
            log.warning("AI could not start: %r", exc)
            if self._ai_pool is not None:
                pool, self._ai_pool = self._ai_pool, None
                self._shutdown_pool(pool, busy=False)
            self._ai_key = None
            self._ai_errors += 1
            if self._ai_errors >= 3:
                self._ai_failed = True
                self._message("AI failed 3 times in a row; play on without it (see the log)")
            return
        self._ai_future_key = key

    def start_ai(self, position, time_limit: float | None = None):
        """Start one AI search for `position` in the background (the worker process or thread);
        returns a concurrent.futures.Future of the move (an engine Move, or its text), or None."""
        if time_limit is None:
            time_limit = self.config.game.ai_time
        if self.ai_mode == "process":
            from companion.service import ai_process

            g = self.config.game
            return self._pool().submit(ai_process.think, g.game, g.rules, g.first,
                                       self.game.format_position(position), g.ai_level, time_limit)
        if self._ai_threads is None:
            from concurrent.futures import ThreadPoolExecutor

            self._ai_threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-ai")
        return self._ai_threads.submit(self._compute_ai, position, time_limit)

    def _pool(self):
        """The AI worker process, spawned on first use (or by warm_ai())."""
        if self._ai_pool is None:
            from companion.service import ai_process

            self._ai_pool = ai_process.make_pool()
            self.ai_spawned_at = time.monotonic()
        return self._ai_pool

    def warm_ai(self):
        """Start the worker process and load the AI in it now, in the background, so the first AI
        move is not delayed by the spawn. Returns the future of the worker's pid (None if the AI
        does not run in a process)."""
        if self.ai_mode != "process" or self._closed:
            return None
        from companion.service import ai_process

        g = self.config.game
        return self._pool().submit(ai_process.warm, g.game, g.rules, g.first)

    def _compute_ai(self, position, time_limit: float | None = None):
        try:
            from companion.ai import choose_move
        except ImportError as exc:
            self._ai_failed = True
            log.warning("AI not available (%s); play on without it", exc)
            return None
        try:
            result = choose_move(self.game, position, level=self.config.game.ai_level,
                                 time_limit=self.config.game.ai_time if time_limit is None else time_limit)
            return getattr(result, "move", result)
        except Exception:
            log.exception("AI failed in %s", self.game.format_position(position))
            return None

    def _collect_ai(self, now: float) -> None:
        fut = self._ai_future
        if fut is None or not fut.done():
            return
        self._ai_future = None
        try:
            move = fut.result()
        except Exception as exc:  # the worker died (out of memory?) or the search failed
            log.warning("AI failed: %r", exc)
            move = None
            if self._ai_pool is not None and getattr(self._ai_pool, "_broken", False):
                pool, self._ai_pool = self._ai_pool, None  # a new worker on the next request
                self._shutdown_pool(pool, busy=False)
        if move is None:
            self._ai_errors += 1
            if self._ai_errors >= 3:
                self._ai_failed = True
                self._message("AI failed 3 times in a row; play on without it (see the log)")
        else:
            self._ai_errors = 0
        view = self.referee.view()
        if move is None or (tuple(view.moves), bool(view.wants_hint)) != self._ai_future_key:
            self._ai_key = None  # stale (the game moved on) or failed: ask again if still wanted
            return
        self._give_ai(move, now)

    def _give_ai(self, move, now: float) -> None:
        if isinstance(move, str):
            move = self.game.parse_move(self.referee.position, move)
        self._record(now, "ai", move=self.game.format_move(self.referee.position, move))
        self.referee.on_ai_move(move)

    def ai_answer(self, text: str, now: float) -> None:
        """A recorded AI answer (replay)."""
        self.referee.on_ai_move(self.game.parse_move(self.referee.position, text))

    # ------------------------------------------------------------------------------ helpers
    def _record(self, now: float, type_: str, **fields) -> None:
        if self.recorder is not None:
            self.recorder.event(now, type_, **fields)

    def _message(self, text: str) -> None:
        log.warning("%s", text)
        self.messages.append(text)
        del self.messages[:-20]
        self._notify()

    def record_header(self) -> dict:
        return {
            "game": self.config.game.game, "rules": self.config.game.rules,
            "start": self.journal.current.start, "moves": self.journal.moves(),
            "language": self.language, "ai": {0: "orange", 1: "grey"}.get(self.ai_colour),
            "players": self.journal.players(), "settle": self.config.game.settle,
            "correction_delay": self.config.game.correction_delay, "scan_hz": self.config.scan_hz,
            "first": self.config.game.first,
        }

    # ------------------------------------------------------------------------------ web API
    def snapshot(self) -> dict:
        view = self._view if self._view is not None else self.referee.view()
        pos = view.position
        pools = {}
        for colour, letter in enumerate(COLOURS):
            k, c = pos.pool(colour)
            pools[letter] = {"kittens": k, "cats": c, "reserve": pos.reserve(colour), "boxed": pos.boxed(colour)}
        bed = {}
        for sq in range(36):
            piece = pos.piece_at(sq)
            if piece:
                bed[_square_name(sq)] = piece
        sensed = self._sensed or 0
        leds = []
        frame = self._leds if self._leds is not None else view.leds
        for sq, cell in enumerate(frame.cells):
            r, g, b = cell.color
            leds.append({"square": _square_name(sq), "color": f"#{r:02x}{g:02x}{b:02x}",
                         "effect": cell.effect.value})
        if self._png is None and self._image is not None:
            buf = io.BytesIO()
            self._image.save(buf, format="PNG")
            self._png = base64.b64encode(buf.getvalue()).decode("ascii")
        winner = view.winner
        return {
            "position": self.game.format_position(pos),
            "to_move": COLOURS[pos.turn],
            "pools": pools,
            "bed": bed,
            "sensed": [_square_name(sq) for sq in range(36) if sensed >> sq & 1],
            "leds": leds,
            "oled": self._png or "",
            "instruction": view.instruction,
            "phase": view.phase,
            "moves": list(view.moves),
            "winner": None if winner is None else COLOURS[winner],
            "language": getattr(self.referee, "language", self.language),
            "ai": None if self.ai_colour is None else COLOURS[self.ai_colour],
            "players": self.journal.players(),
            "game_id": self.journal.current.id if self.journal.current else None,
            "messages": list(self.messages[-3:]),
            **_page_hints(view.screen),
        }

    def subscribe(self) -> asyncio.Queue:
        q: asyncio.Queue = asyncio.Queue(maxsize=1)
        self._subscribers.append(q)
        return q

    def unsubscribe(self, q: asyncio.Queue) -> None:
        if q in self._subscribers:
            self._subscribers.remove(q)

    def _notify(self) -> None:
        for q in self._subscribers:
            if q.empty():
                q.put_nowait(None)  # a flag, not a log: one pending wake-up is enough

    # ------------------------------------------------------------------------------ run
    async def run(self, notifier=None) -> None:
        self._stop_event = asyncio.Event()
        period = 1.0 / self.config.scan_hz
        next_t = time.monotonic()
        next_ping = 0.0
        if notifier is not None:
            notifier.ready("playing" if not self.resumed else "resumed a game")
        if self.ai_colour is not None:
            self.warm_ai()  # hints alone start the worker on their first use
        try:
            while not self._stop_event.is_set():
                self.step(self.clock())
                t = time.monotonic()
                if notifier is not None and notifier.watchdog_interval and t >= next_ping:
                    notifier.watchdog()
                    next_ping = t + notifier.watchdog_interval
                next_t += period
                delay = next_t - time.monotonic()
                if delay < 0:  # fell behind (a slow journal write): do not try to catch up
                    next_t = time.monotonic()
                    delay = 0
                await asyncio.sleep(delay)
        finally:
            if notifier is not None:
                notifier.stopping()
            self.close()

    @staticmethod
    def _shutdown_pool(pool, busy: bool) -> None:
        from companion.service import ai_process

        try:
            ai_process.shutdown_pool(pool, busy=busy)
        except Exception:
            log.exception("could not stop the AI worker")

    async def stop(self) -> None:
        self._stopped = True
        if self._stop_event is not None:
            self._stop_event.set()

    def close(self) -> None:
        """Blank the LEDs and the OLED, close the devices and the journal. Idempotent."""
        if self._closed:
            return
        self._closed = True
        from hardware.interfaces import LedFrame

        try:
            self.devices.leds.show(LedFrame())
        except Exception:
            log.exception("could not blank the LEDs")
        try:
            from PIL import Image

            self.devices.display.show(Image.new("1", (128, 64), 0))
        except Exception:
            log.exception("could not blank the OLED")
        busy = self._ai_future is not None and not self._ai_future.done()
        if self._ai_future is not None:
            self._ai_future.cancel()
            self._ai_future = None
        if self._ai_pool is not None:
            pool, self._ai_pool = self._ai_pool, None
            self._shutdown_pool(pool, busy=busy)
        if self._ai_threads is not None:
            self._ai_threads.shutdown(wait=False, cancel_futures=True)
            self._ai_threads = None
        if self.recorder is not None:
            self.recorder.close(self.clock(), position=self.game.format_position(self.referee.position),
                                moves=list(self.referee.moves))
        if self.feed is not None:
            self.feed.close()
        self.devices.close()
        self.journal.close()
