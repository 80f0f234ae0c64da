"""`companion bench web`: the page under load — many spectators' WebSockets on a real
`companion sim` process while one player plays through their own socket.

The player presses a button (Cat Attack's chooser: every press changes the OLED, so every press
is news) and waits for the snapshot that shows it; every spectator must receive each snapshot
too. Figures: control -> the player's snapshot p50/p99, control -> the *last* spectator's
snapshot p99 (the fan-out), the service's resident memory before the sockets, with them open
and after the game, and the errors (refused or dropped sockets, snapshots missed).

    companion bench web [--spectators 300] [--presses 200]
"""
from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from companion.cliargs import OneLineParser

CONFIG = '[game]\ngame = "cat-attack"\nplayers = 3\nlanguage = "en"\n'


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")


async def _drive(port: int, pid: int, spectators: int, presses: int) -> dict:
    import aiohttp

    url = f"http://127.0.0.1:{port}/ws"
    out = {"rss_before_mb": rss_mb(pid), "errors": 0}
    # no pool limit: every spectator keeps its own connection open (aiohttp allows 100 by default)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        specs = []
        for _ in range(spectators):
            ws = await session.ws_connect(url)
            specs.append(ws)
        player = await session.ws_connect(url)
        seen: list[list[float]] = [[] for _ in specs]  # arrival times of each spectator's snapshots
        last_view: list[object] = [None] * len(specs)

        async def listen(i: int, ws) -> None:
            async for msg in ws:
                data = json.loads(msg.data)
                if data.get("type") == "snapshot":
                    view = data["state"].get("instruction")
                    if view != last_view[i]:
                        last_view[i] = view
                        seen[i].append(time.perf_counter())
            out["errors"] += 0 if ws.close_code in (None, 1000) else 1

        listeners = [asyncio.create_task(listen(i, ws)) for i, ws in enumerate(specs)]
        # the hello and first snapshot of every socket, before timing
        async def first(ws):
            while True:
                data = json.loads((await ws.receive()).data)
                if data.get("type") == "snapshot":
                    return data["state"]
        state = await first(player)
        out["rss_open_mb"] = rss_mb(pid)
        to_player, to_last = [], []
        buttons = ("cat", "cat", "back")
        for n in range(presses):
            before = state.get("instruction")
            counts = [len(s) for s in seen]
            t0 = time.perf_counter()
            await player.send_str(json.dumps({"type": "button", "name": buttons[n % 3], "kind": "press", "id": n}))
            while True:  # the reply, then the snapshot that shows the press
                data = json.loads((await player.receive(timeout=10)).data)
                if data.get("type") == "error":
                    out["errors"] += 1
                if data.get("type") == "snapshot" and data["state"].get("instruction") != before:
                    state = data["state"]
                    break
            to_player.append((time.perf_counter() - t0) * 1000)
            deadline = time.perf_counter() + 10
            while any(len(s) <= c for s, c in zip(seen, counts)) and time.perf_counter() < deadline:
                await asyncio.sleep(0.001)
            late = [s[c] for s, c in zip(seen, counts) if len(s) > c]
            out["errors"] += len(seen) - len(late)  # a spectator that missed the news
            if late:
                to_last.append((max(late) - t0) * 1000)
        out["rss_after_mb"] = rss_mb(pid)
        for ws in specs + [player]:
            await ws.close()
        await asyncio.gather(*listeners, return_exceptions=True)
    out.update(control_to_snapshot_p50_ms=_pct(to_player, 50), control_to_snapshot_p99_ms=_pct(to_player, 99),
               control_to_last_spectator_p99_ms=_pct(to_last, 99))
    return out


def run(spectators: int, presses: int) -> dict:
    """Start a sim, drive it, stop it: the figures as a dict."""
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "c.toml"
        config.write_text(CONFIG)
        port = _port()
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        proc = subprocess.Popen([sys.executable, "-m", "companion", "sim", "--state", str(Path(tmp) / "s"),
                                 "--port", str(port), "--config", str(config)],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        try:
            for line in proc.stdout:  # the sim says its address once the page is served
                if "web page on" in line:
                    break
            else:
                raise RuntimeError(f"companion sim exited with {proc.wait()}")
            return asyncio.run(_drive(port, proc.pid, spectators, presses))
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()


def main(argv: list[str]) -> int:
    p = OneLineParser(prog="companion bench web", description=__doc__.split("\n\n")[0])
    p.add_argument("--spectators", type=int, default=300)
    p.add_argument("--presses", type=int, default=200)
    args = p.parse_args(argv)
    r = run(args.spectators, args.presses)
    print(f"spectators {args.spectators}, presses {args.presses}")
    for key in ("rss_before_mb", "rss_open_mb", "rss_after_mb", "control_to_last_spectator_p99_ms",
                "control_to_snapshot_p50_ms", "control_to_snapshot_p99_ms", "errors"):
        value = r[key]
        print(f"{key} {value:.2f}" if isinstance(value, float) else f"{key} {value}")
    return 0 if r["errors"] == 0 else 1
