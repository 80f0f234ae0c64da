"""The service's hand-off to the AI: when the table wants a move or a hint, one search runs in
the background (a spawned worker process by default: the search is pure Python and holds the
GIL, so in a thread it stalls the scan loop — `companion bench referee`), and its answer goes to
the table on a later loop iteration, unless the game moved on meanwhile. The level it plays and
hints at is the table's (the adaptive one resolved for the person, ratings.py), and a finished
game against it rates the person."""
from __future__ import annotations

import asyncio
import logging
import time

from companion.service.ratings import PlayerRatings
from companion.service.waking import wake_when_done

log = logging.getLogger("companion")


class AiHandoff:
    """The service's AI collaborator. `mode`: "process" (a spawned worker), "thread", "inline"
    (tests), "replay" (the recording's answers, companion/service/replay.py) or "off". It asks
    the service (`service`, the Companion) for the game and table in play, and tells it through
    its public verbs (note, record)."""

    def __init__(self, service, mode: str) -> None:
        self.service = service
        self.mode = mode
        self.future = None         # the search under way (a concurrent.futures.Future)
        self.key = None            # what was last asked: (game, moves, hint?)
        self.future_key = None     # what the search under way answers
        self.failed = False
        self.errors = 0            # consecutive failed AI calls; the AI is given up after a few
        self.pool = None           # the worker process (mode "process"), started on first use
        self.threads = None        # the worker thread (mode "thread")
        self.spawned_at: float | None = None
        self.ratings = PlayerRatings(service)
        self.rated_game: int | None = None   # the last game whose end was rated

    def game_args(self) -> tuple[str, str | None, tuple[tuple[str, str], ...]]:
        """What the worker builds its game from: name, rules, and the game's parameters (maunz.:
        who starts), all plain texts to cross the process boundary."""
        game = self.service.game
        return game.info.name, game.rules, tuple(sorted(game.parameters.items()))

    def maybe(self, view, now: float) -> None:
        game = self.service.journal.current
        if view.winner is not None and game is not None and game.id != self.rated_game \
                and game.result != "unfinished":   # journaled: the person's rating follows
            self.rated_game = game.id
            self.ratings.after_move()
        if not (view.wants_ai or view.wants_hint) or self.mode in ("off", "replay") or self.failed:
            return
        if view.wants_ai and self.service.remote.active:
            return  # the seat is a person at another companion (remote.py): their move comes from there
        key = (self.service.game.info.name, tuple(view.moves), bool(view.wants_hint))
        if self.future is not None or self.key == key:
            return
        self.key = key
        position = self.service.table.position
        inline = self.mode == "inline"
        if self.mode == "thread":
            try:
                asyncio.get_running_loop()
            except RuntimeError:  # no event loop (a plain step() caller): compute here, as before
                inline = True
        if inline:
            move = self.compute(position)
            if move is not None:
                self.give(move, now)
            return
        try:
            self.future = self.start(position)
        except Exception as exc:  # the idle worker died (BrokenProcessPool): a new one next time
            log.warning("AI could not start: %r", exc)
            if self.pool is not None:
                pool, self.pool = self.pool, None
                self._shutdown_pool(pool, busy=False)
            self.key = None
            self.failure()
            return
        self.future_key = key
        wake_when_done(self.future, self.service.waker)  # the loop collects the move at once

    def failure(self) -> None:
        self.errors += 1
        if self.errors >= 3:
            self.failed = True
            self.service.note("note.ai_failed")

    def start(self, position, time_limit: float | None = None):
        """Start one AI search for `position` in the background (the worker process or thread);
        returns a concurrent.futures.Future of the move (an engine Move, or its text), or None."""
        if time_limit is None:
            time_limit = self.service.config.game.ai_time
        if self.mode == "process":
            from companion.service import ai_process

            name, rules, parameters = self.game_args()
            return self.worker().submit(ai_process.think, name, rules, parameters,
                                         self.service.game.format_position(position),
                                         self.ratings.level(), time_limit)
        if self.threads is None:
            from concurrent.futures import ThreadPoolExecutor

            self.threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-ai")
        return self.threads.submit(self.compute, position, time_limit)

    def forget(self) -> None:
        """Another game is on the table: whatever was asked before is no question any more."""
        self.key = None

    def worker(self):
        """The AI worker process, spawned on first use (or by warm())."""
        if self.pool is None:
            from companion.service import ai_process

            self.pool = ai_process.make_pool()
            self.spawned_at = time.monotonic()
        return self.pool

    def warm(self):
        """Start the worker process and load the AI in it now, in the background, so the first AI
        move is not delayed by the spawn. Returns the future of the worker's pid (None if the AI
        does not run in a process)."""
        if self.mode != "process" or self.service.closed:
            return None
        from companion.service import ai_process

        return self.worker().submit(ai_process.warm, *self.game_args())

    def compute(self, position, time_limit: float | None = None):
        try:
            from companion.ai import choose_move
        except ImportError as exc:
            self.failed = True
            log.warning("AI not available (%s); play on without it", exc)
            return None
        game, config = self.service.game, self.service.config.game
        try:
            result = choose_move(game, position, level=self.ratings.level(),
                                 time_limit=config.ai_time if time_limit is None else time_limit)
            return result.move
        except Exception:
            log.exception("AI failed in %s", game.format_position(position))
            return None

    def collect(self, now: float) -> None:
        fut = self.future
        if fut is None or not fut.done():
            return
        self.future = None
        try:
            move = fut.result()
        except Exception as exc:  # the worker died (out of memory?) or the search failed
            log.warning("AI failed: %r", exc)
            move = None
            if self.pool is not None and getattr(self.pool, "_broken", False):
                pool, self.pool = self.pool, None  # a new worker on the next request
                self._shutdown_pool(pool, busy=False)
        if move is None:
            self.failure()
        else:
            self.errors = 0
        view = self.service.table.view()
        key = (self.service.game.info.name, tuple(view.moves), bool(view.wants_hint))
        if move is None or key != self.future_key:
            self.key = None  # stale (the game moved on) or failed: ask again if still wanted
            return
        self.give(move, now)

    def give(self, move, now: float) -> None:
        game, table = self.service.game, self.service.table
        if isinstance(move, str):
            move = game.parse_move(table.position, move)
        self.service.record(now, "ai", move=game.format_move(table.position, move))
        table.on_ai_move(move)
        self.service.wake()  # given late in a step (inline): the next step journals and shows it

    def answer(self, text: str, now: float) -> None:
        """A recorded AI answer (replay)."""
        table = self.service.table
        table.on_ai_move(self.service.game.parse_move(table.position, text))

    @staticmethod
    def _shutdown_pool(pool, busy: bool) -> None:
        from companion.service import ai_process

        try:
            ai_process.shutdown_pool(pool, busy=busy)
        except Exception:
            log.exception("could not stop the AI worker")

    def stop(self) -> None:
        busy = self.future is not None and not self.future.done()
        if self.future is not None:
            self.future.cancel()
            self.future = None
        if self.pool is not None:
            pool, self.pool = self.pool, None
            self._shutdown_pool(pool, busy=busy)
        if self.threads is not None:
            self.threads.shutdown(wait=False, cancel_futures=True)
            self.threads = None
