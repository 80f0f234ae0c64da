"""The service's hand-off to the AI: when the table wants a move or a hint, one search runs in
the background (a spawned worker process by default: the search is pure Python and holds the
GIL, so in a thread it stalls the scan loop — `companion bench referee`), and its answer goes to
the table on a later loop iteration, unless the game moved on meanwhile."""
from __future__ import annotations

import asyncio
import logging
import time

log = logging.getLogger("companion")


class AiHandoff:
    """Mixin of Companion: needs self.game, self.table, self.config, self.ai_mode and the
    attributes set in _init_ai()."""

    def _init_ai(self) -> None:
        self._ai_future = None
        self._ai_key = None
        self._ai_future_key = None
        self._ai_failed = False
        self._ai_errors = 0  # consecutive failed AI calls; the AI is given up after a few
        self._ai_pool = None  # the worker process (ai_mode "process"), started on first use
        self._ai_threads = None  # the worker thread (ai_mode "thread")
        self.ai_spawned_at: float | None = None

    def _ai_game_args(self) -> tuple[str, str | None, str]:
        """What the worker builds its game from: name, rules, and who starts (a maunz setting:
        `[game] first` applies to the configured game only)."""
        g = self.config.game
        first = g.first if self.game.info.name == self._config_game_name() else "orange"
        return self.game.info.name, self.game.rules, first

    def _maybe_ai(self, view, now: float) -> None:
        if not (view.wants_ai or view.wants_hint) or self.ai_mode in ("off", "replay") or self._ai_failed:
            return
        if view.wants_ai and self.remote.active:
            return  # the seat is a person at another companion (remote.py): their move comes from there
        key = (self.game.info.name, tuple(view.moves), bool(view.wants_hint))
        if self._ai_future is not None or self._ai_key == key:
            return
        self._ai_key = key
        position = self.table.position
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
            self._ai_failure()
            return
        self._ai_future_key = key

    def _ai_failure(self) -> None:
        self._ai_errors += 1
        if self._ai_errors >= 3:
            self._ai_failed = True
            self._note("note.ai_failed")

    def start_ai(self, position, time_limit: float | None = None):
        """Start one AI search for `position` in the background (the worker process or thread);
        returns a concurrent.futures.Future of the move (an engine Move, or its text), or None."""
        if time_limit is None:
            time_limit = self.config.game.ai_time
        if self.ai_mode == "process":
            from companion.service import ai_process

            name, rules, first = self._ai_game_args()
            return self._pool().submit(ai_process.think, name, rules, first,
                                       self.game.format_position(position), self.config.game.ai_level,
                                       time_limit)
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

        return self._pool().submit(ai_process.warm, *self._ai_game_args())

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
            self._ai_failure()
        else:
            self._ai_errors = 0
        view = self.table.view()
        key = (self.game.info.name, tuple(view.moves), bool(view.wants_hint))
        if move is None or key != self._ai_future_key:
            self._ai_key = None  # stale (the game moved on) or failed: ask again if still wanted
            return
        self._give_ai(move, now)

    def _give_ai(self, move, now: float) -> None:
        if isinstance(move, str):
            move = self.game.parse_move(self.table.position, move)
        self._record(now, "ai", move=self.game.format_move(self.table.position, move))
        self.table.on_ai_move(move)

    def ai_answer(self, text: str, now: float) -> None:
        """A recorded AI answer (replay)."""
        self.table.on_ai_move(self.game.parse_move(self.table.position, text))

    @staticmethod
    def _shutdown_pool(pool, busy: bool) -> None:
        from companion.service import ai_process

        try:
            ai_process.shutdown_pool(pool, busy=busy)
        except Exception:
            log.exception("could not stop the AI worker")

    def _stop_ai(self) -> None:
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
