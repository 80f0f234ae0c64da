"""The AI in its worker process: answers arrive through it, stale ones are dropped, close()
leaves no child behind, and the config switch selects the thread path."""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import time

import pytest

from companion.service.app import Companion
from companion.service.config import Config, GameConfig
from companion.service.devices import build_fakes
from tests.test_service_support import VirtualPlayer


def make(tmp_path, **game) -> Companion:
    cfg = Config(game=GameConfig(**{"ai": "grey", "ai_level": "easy", "ai_time": 0.05, **game}))
    return Companion(cfg, build_fakes(), state_dir=tmp_path)


def worker_pids(c: Companion) -> list[int]:
    pool = c.ai.pool
    return [] if pool is None else list(pool._processes)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def step_until(p: VirtualPlayer, pred, limit: float = 60.0) -> bool:
    # The worker answers in real time: virtual-time steps with a short real sleep between them.
    end = time.monotonic() + limit
    while time.monotonic() < end:
        p.run(p.period)
        if pred():
            return True
        time.sleep(0.005)
    return False


def test_ai_answer_arrives_through_the_worker_process(tmp_path):
    c = make(tmp_path)
    assert c.ai.mode == "process" and c.ai.pool is None  # nothing spawned at construction
    p = VirtualPlayer(c)
    p.run(0.5)
    p.play("kc3")
    assert step_until(p, lambda: not c.table.view().wants_ai)
    pids = worker_pids(c)
    assert len(pids) == 1 and pids[0] != os.getpid()
    # the AI's choice is what the referee now guides grey to place: a legal move for grey
    view = c.table.view()
    assert view.position.turn == 1 and len(view.moves) == 1
    c.close()
    assert c.ai.pool is None
    assert all(gone(pid) for pid in pids)
    assert not [ch for ch in multiprocessing.active_children() if ch.pid in pids]
    c.close()  # idempotent


def test_close_stops_a_busy_worker_at_once(tmp_path):
    c = make(tmp_path, ai_level="hard", ai_time=120.0)
    c.ai.warm().result(timeout=60)
    fut = c.ai.start(c.table.position)  # depth 64 in 120 Pi-seconds: it would run for ages
    c.ai.future = fut
    end = time.monotonic() + 30
    while not fut.running() and time.monotonic() < end:
        time.sleep(0.01)
    assert fut.running() and not fut.done()
    pids = worker_pids(c)
    assert len(pids) == 1
    t0 = time.monotonic()
    c.close()
    assert time.monotonic() - t0 < 30  # not the search's two minutes (a generous bound)
    assert all(gone(pid) for pid in pids)


def test_stale_answer_is_dropped(tmp_path):
    c = make(tmp_path)
    p = VirtualPlayer(c)
    p.run(0.5)
    p.play("kc3")
    # Pretend the game moved on while the worker thought: the answer's key no longer matches.
    fut = c.ai.future
    assert fut is not None
    c.ai.future_key = ((), False)
    fut.result(timeout=60)
    p.run(p.period)  # collects the stale answer, drops it and asks again
    assert c.table.view().wants_ai or c.ai.future is not None
    assert step_until(p, lambda: not c.table.view().wants_ai)
    assert len(c.table.moves) == 1
    c.close()


def test_config_switch_selects_the_thread(tmp_path):
    cfg = Config.from_text('[game]\nai_process = false\n')
    assert cfg.game.ai_process is False
    c = Companion(cfg, build_fakes(), state_dir=tmp_path)
    assert c.ai.mode == "thread"
    c.close()
    assert Config().game.ai_process is True
    with pytest.raises(ValueError, match=r"\[game\] ai_process"):
        Config.from_text('[game]\nai_process = "yes"\n')


def test_run_prewarms_the_worker_and_stop_shuts_it_down(tmp_path):
    c = make(tmp_path)

    async def main():
        task = asyncio.create_task(c.run())
        for _ in range(3000):
            await asyncio.sleep(0.01)
            if worker_pids(c):
                break
        pids = worker_pids(c)
        await c.stop()
        await task
        return pids

    pids = asyncio.run(main())
    assert len(pids) == 1
    assert all(gone(pid) for pid in pids)


def test_a_killed_worker_is_replaced(tmp_path):
    c = make(tmp_path)
    c.ai.warm().result(timeout=60)
    (pid,) = worker_pids(c)
    os.kill(pid, 9)  # the kernel's OOM killer, say
    p = VirtualPlayer(c)
    p.run(0.5)
    p.play("kc3")
    assert step_until(p, lambda: not c.table.view().wants_ai)
    assert worker_pids(c) and pid not in worker_pids(c)
    new = worker_pids(c)
    c.close()
    assert gone(pid) and all(gone(q) for q in new)
