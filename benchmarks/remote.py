"""`companion bench remote`: two companions in one process play maunz. through a mosquitto
broker on 127.0.0.1 (the real services: fake devices, journals, sealed messages, aiomqtt).

- Move sent -> shown on the other side: from the moment a side's committed move is handed to
  its broker link (after the journal) to the moment the other side's table is given it to show
  on the OLED and LEDs (`RemoteGame.sent_at` / `shown_at`, one clock). Loopback only: a public
  broker's own latency comes on top. Target p99 < 100 ms.
- Resync after a disconnect: the broker is stopped for `--disconnect` seconds (both sides lose
  it), orange moves meanwhile (its move cannot go out), the broker returns; timed from the
  broker accepting connections again to grey being shown the move. Target < 2 s.

Both services run their own loops (Companion.run) as tasks of one asyncio loop, so the figures
include each other's work. Needs Debian's mosquitto.
"""
from __future__ import annotations

import asyncio
import random
import shutil
import socket
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from companion.cliargs import OneLineParser

CODE = "B3NC-H7MK"


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, max(0, int(round(q / 100 * (len(values) - 1)))))]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Broker:
    def __init__(self, tmp: Path) -> None:
        self.port = _port()
        self.conf = tmp / "m.conf"
        self.conf.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
        self.proc = None

    async def start(self) -> float:
        self.proc = subprocess.Popen([shutil.which("mosquitto"), "-c", str(self.conf)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.1).close()
                return time.monotonic()
            except OSError:
                await asyncio.sleep(0.005)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


async def _until(pred, timeout, what):
    end = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > end:
            raise SystemExit(f"companion bench remote: timed out waiting for {what}")
        await asyncio.sleep(0.002)


async def _play(c, pos, move, game):
    """The hands at one bed make `move` (for the other side's move: as shown)."""
    from companion.tables.maunz.script import needs_ok, occupancies

    n = len(c.table.moves)
    own = c.remote.side == pos.turn
    kittens, cats = pos.pool(pos.turn)
    if own and move.kind == "c" and kittens:
        c.devices.buttons.press("cat")
    for i, occ in enumerate(occupancies(game, pos, move)):
        c.devices.reed.set_mask(occ)
        await asyncio.sleep(c.config.game.settle + 0.03)  # the hands hold the bed past the settle time
        if own and i == 0 and move.kind == "k" and cats:
            await _until(lambda: c.table.phase == "ask_kind", 5, "the kitten-or-cat question")
            c.devices.buttons.press("ok")
    if needs_ok(game, pos, move):
        c.devices.buttons.press("ok")
    await _until(lambda: len(c.table.moves) > n, 10, f"{game.format_move(pos, move)} committed")


async def run(args) -> dict:
    from companion.games import get
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig, RemoteConfig
    from companion.service.devices import build_fakes
    from companion.service.remote import attach

    game = get("maunz")
    out = {}
    with tempfile.TemporaryDirectory(prefix="bench-remote-") as tmp:
        tmp = Path(tmp)
        broker = _Broker(tmp)
        await broker.start()
        sides = []
        for name, host in (("Anna", True), ("Ben", False)):
            config = Config(game=GameConfig(settle=0.1), remote=RemoteConfig(
                brokers=(f"mqtt://127.0.0.1:{broker.port}",), name=name))
            c = Companion(config, build_fakes(), state_dir=tmp / name, ai_mode="off")
            attach(c, code=CODE, host=host, config=config)
            sides.append(c)
        a, b = sides
        tasks = [asyncio.create_task(c.run()) for c in sides]
        try:
            await _until(lambda: a.remote.peer_name and b.remote.peer_name, 10, "the pairing")
            rng = random.Random(args.seed)
            pos, latencies, plies = game.initial_position(), [], 0
            while plies < args.moves and game.outcome(pos) is None:
                move = rng.choice(game.legal_moves(pos))
                mover, other = (a, b) if pos.turn == 0 else (b, a)
                await _play(mover, pos, move, game)
                await _until(lambda: plies in other.remote.shown_at, 10, "the move on the other side")
                latencies.append(other.remote.shown_at[plies] - mover.remote.sent_at[plies])
                await _play(other, pos, move, game)
                pos, plies = game.apply(pos, move), plies + 1
            out["latencies"] = latencies
            if args.disconnect > 0 and game.outcome(pos) is None:
                mover, other = (a, b) if pos.turn == 0 else (b, a)
                broker.stop()
                await _until(lambda: not a.remote.connected and not b.remote.connected, 10, "the links to drop")
                t0 = time.monotonic()
                move = rng.choice(game.legal_moves(pos))
                await _play(mover, pos, move, game)          # made while nobody hears it
                await asyncio.sleep(max(0.0, args.disconnect - (time.monotonic() - t0)))
                back = await broker.start()
                await _until(lambda: plies in other.remote.shown_at, 30, "the move after the resync")
                out["resync"] = other.remote.shown_at[plies] - back
                out["away"] = back - t0
        finally:
            for c in sides:
                await c.stop()
            await asyncio.gather(*tasks, return_exceptions=True)
            broker.stop()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(prog="companion bench remote")
    ap.add_argument("--moves", type=int, default=30, help="moves timed (default 30)")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--disconnect", type=float, default=30.0,
                    help="seconds the broker is away for the resync figure (default 30; 0 skips it)")
    args = ap.parse_args(argv)
    if not shutil.which("mosquitto"):
        print("companion bench remote: needs Debian's mosquitto (apt install mosquitto)")
        return 1
    out = asyncio.run(run(args))
    ms = [x * 1000 for x in out["latencies"]]
    print(f"move sent -> shown on the other side (loopback broker): n={len(ms)} p50 {statistics.median(ms):.1f} ms"
          f"  p99 {pct(ms, 99):.1f} ms  max {max(ms):.1f} ms")
    if "resync" in out:
        print(f"resync: broker away {out['away']:.1f} s; back in step {out['resync']:.2f} s after it returned")
    print(f"remote_move_p99_ms {pct(ms, 99):.1f}")
    if "resync" in out:
        print(f"remote_resync_s {out['resync']:.2f}")
    return 0
