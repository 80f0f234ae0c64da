"""The AI's worker process: the search is pure Python and holds the GIL, so in a thread it
would stall the service's 100 Hz scan loop (see `companion bench referee`). The service runs it
in one spawned worker (`concurrent.futures.ProcessPoolExecutor`, max_workers=1) instead.

Everything crossing the process boundary is tiny and plain: the game's name, rules and
parameters (maunz.: who starts), the position as notation text in, the move as notation text out. This module imports
nothing heavy at import time: the worker pays for the games and the AI on its first call
(or on `warm()`), the service never imports them through here.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor

_games: dict = {}

#: How often the worker looks whether its service still lives (seconds): a SIGKILLed service
#: (power button, OOM killer, `kill -9` outside systemd's cgroup) cannot shut it down, and a
#: spawned worker holds both ends of its call queue, so it would wait for work forever.
PARENT_POLL = 0.5


def _init(parent: int | None = None) -> None:
    # Ctrl-C in a terminal reaches the whole process group: the service shuts the worker down
    # itself, so the worker must not die with a KeyboardInterrupt traceback first.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent is not None:
        _die_with(parent)


def _die_with(parent: int) -> None:
    """End this worker as soon as the service `parent` is gone (we are reparented). Not Linux's
    parent-death signal: that is tied to the *thread* that spawned the worker, and the pool
    spawns from whichever thread submits first, which may end long before the service."""
    if os.getppid() != parent:  # the service died while we started
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            threading.Event().wait(PARENT_POLL)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _game(name: str, rules: str | None, parameters: tuple[tuple[str, str], ...]):
    key = (name, rules, parameters)
    game = _games.get(key)
    if game is None:
        from companion.games import get

        game = _games[key] = get(name, rules=rules, **dict(parameters))  # maunz.: who starts
    return game


def warm(name: str, rules: str | None, parameters: tuple[tuple[str, str], ...]) -> int:
    """Import the engine and the AI and build the game, so the first real move is not delayed."""
    import companion.ai  # noqa: F401

    _game(name, rules, parameters)
    return os.getpid()


def think(name: str, rules: str | None, parameters: tuple[tuple[str, str], ...], position: str, level: str,
          time_limit: float) -> str:
    """The AI's move (notation text) in `position` (notation text)."""
    from companion.ai import choose_move

    game = _game(name, rules, parameters)
    pos = game.parse_position(position)
    result = choose_move(game, pos, level=level, time_limit=time_limit)
    return game.format_move(pos, result.move)


def review_ply(name: str, rules: str | None, parameters: tuple[tuple[str, str], ...], position: str,
               move: str, ply: int, deep: int, options: dict) -> dict:
    """One task of a game's review (companion/ai/review.py): the played `move` judged in
    `position` at stage `deep` (quick, deep, confirm), as plain data."""
    from companion.ai.review import analyse

    game = _game(name, rules, parameters)
    pos = game.parse_position(position)
    return analyse(game, pos, game.parse_move(pos, move), deep=deep, ply=ply, **options).as_dict()


def rss_mb() -> tuple[float, float]:
    """(current, peak) resident set of this process in MB (for the benchmark)."""
    values = {}
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith(("VmRSS:", "VmHWM:")):
                values[line.split(":")[0]] = int(line.split()[1]) / 1024
    return values.get("VmRSS", 0.0), values.get("VmHWM", 0.0)


def make_pool() -> ProcessPoolExecutor:
    # "spawn": a fresh interpreter, never a fork of the threaded service (its journal's SQLite
    # connection, the web server's sockets and the executor threads stay in the parent).
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_init, initargs=(os.getpid(),))


def shutdown_pool(pool: ProcessPoolExecutor, *, busy: bool, grace: float = 2.0) -> None:
    """Stop the worker; no child survives. A busy worker (a search in flight) is terminated at
    once instead of being waited for (a search may run for the whole `ai_time`)."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if busy and p.is_alive():
            p.terminate()
    for p in procs:
        p.join(grace)
        if p.is_alive():
            p.kill()
            p.join(grace)
