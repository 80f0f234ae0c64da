"""Fault drills against real `companion run` / `companion sim` processes (fake hardware,
127.0.0.1 only): damaged and unwritable storage, cross-site requests, bad cards and names, a taken
web port; and the serial link against the emulated Pico on a pty. Prints one line per drill.

    python -m tests.fault_drills [--tree DIR]     (DIR: another checkout to drill, e.g. the old code)

Needs root for the read-only mount, the tiny tmpfs (full disk) and running as `nobody`; a drill
that cannot be set up says so. Not collected by pytest (it takes about a minute).
"""
from __future__ import annotations

import argparse
import json
import os
import queue
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.test_service_powerloss import CONFIG as POWERLOSS_CONFIG
from tests.test_service_support import beds, move_actions, scripted_game

CONFIG = POWERLOSS_CONFIG.replace("{settle}", "0.03")
RESULTS: list[tuple[str, str]] = []
ENV = dict(os.environ, PYTHONUNBUFFERED="1")
ENV.pop("NOTIFY_SOCKET", None)


def report(name: str, observed: str) -> None:
    RESULTS.append((name, observed))
    print(f"{name:<44} {observed}", flush=True)


class Proc:
    """A companion process and its merged output, line by line."""

    def __init__(self, args: list[str], user: str | None = None) -> None:
        cmd = [sys.executable, "-m", "companion", *args]
        if user:
            cmd = ["setpriv", f"--reuid={user}", "--regid=nogroup", "--clear-groups", *cmd]
        self.p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                  env=ENV, cwd="/")
        self.q: queue.Queue = queue.Queue()
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.p.stdout:
            self.q.put(line.rstrip("\n"))
        self.q.put(None)

    def wait_for(self, pattern: str, timeout: float) -> str | None:
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            try:
                line = self.q.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                self.q.put(None)
                return None
            self.lines.append(line)
            if re.search(pattern, line):
                return line
        return None

    def finish(self, sig=signal.SIGTERM, timeout: float = 15.0) -> int:
        if self.p.poll() is None:
            self.p.send_signal(sig)
        rc = self.p.wait(timeout)
        self.wait_for(r"^\Z-never", 0.3)
        return rc

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def outcome(proc: Proc, seconds: float = 8.0) -> str:
    """How a start ended: its exit status and first error line, or that it is still running."""
    proc.wait_for(r"^\Z-never", seconds) if proc.p.poll() is None else None
    try:
        rc = proc.p.wait(0.5)
    except subprocess.TimeoutExpired:
        rc = None
    proc.wait_for(r"^\Z-never", 0.3)
    tb = "TRACEBACK" if "Traceback" in proc.text else "no traceback"
    if rc is None:
        game = next((l for l in proc.lines if "state in" in l), "")
        proc.finish()
        return f"kept running ({game.split('companion: ')[-1].strip()}); {tb}"
    last = [l for l in proc.lines if l.strip()]
    line = last[-1] if last else ""
    return f"exit {rc}, {len(last)} line(s), {tb}: {line[:230]}"


class Table:
    """A state directory, a config and a feed the drills play moves through."""

    def __init__(self, root: Path) -> None:
        root.mkdir(parents=True, exist_ok=True)
        self.state = root / "state"
        self.config = root / "companion.toml"
        self.config.write_text(CONFIG.format(state=self.state))
        self.feed = root / "feed.jsonl"
        self.feed.touch()
        self.game, self.moves = scripted_game(38)
        self.beds = beds(self.game, self.moves)
        self.done = 0

    def put(self, **event) -> None:
        with open(self.feed, "a") as f:
            f.write(json.dumps(event) + "\n")

    def start(self, user: str | None = None) -> Proc:
        return Proc(["run", "--config", str(self.config), "--feed", str(self.feed), "-v"], user=user)

    def play(self, proc: Proc, n: int, ack_timeout: float = 5.0) -> int:
        """Play n more moves; returns how many were acknowledged (logged "journaled ply")."""
        acked = 0
        pos = self.game.initial_position()
        for m in self.moves[:self.done]:
            pos = self.game.apply(pos, self.game.parse_move(pos, m))
        for _ in range(n):
            m = self.moves[self.done]
            for action in move_actions(self.game, pos, m):
                if action[0] == "scan":
                    self.put(type="scan", mask=action[1])
                    time.sleep(0.08)
                elif action[0] == "button":
                    self.put(type="button", name=action[1], kind="press")
                    time.sleep(0.02)
                elif action[0] == "answer_kitten":
                    if proc.wait_for(r"phase ask_kind", 3):
                        self.put(type="button", name="ok", kind="press")
                elif action[0] == "confirm":
                    self.put(type="button", name="ok", kind="press")
            if not proc.wait_for(rf"journaled ply {self.done + 1} ", ack_timeout):
                return acked
            acked += 1
            pos = self.game.apply(pos, self.game.parse_move(pos, m))
            self.done += 1
        return acked

    def ready(self, proc: Proc) -> bool:
        return proc.wait_for(r"phase (?!paused)", 15) is not None

    @property
    def db(self) -> Path:
        return self.state / "companion.db"


def fresh(tmp: Path, name: str, moves: int = 3) -> Table:
    t = Table(tmp / name)
    p = t.start()
    t.ready(p)
    t.play(p, moves)
    p.finish()
    return t


def http(port: int, path: str, *, method="GET", body: bytes | None = None, headers=None):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method=method,
                                 headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


# ------------------------------------------------------------------------------ journal
def drills_journal(tmp: Path) -> None:
    t = fresh(tmp, "trunc")
    t.db.write_bytes(b"")
    report("J1 db truncated to 0 bytes, restart", outcome(t.start()))

    t = Table(tmp / "wal")
    p = t.start()
    t.ready(p)
    t.play(p, 3)
    p.finish(signal.SIGKILL)
    for suffix in ("-wal", "-shm"):
        Path(str(t.db) + suffix).unlink(missing_ok=True)
    report("J2 SIGKILL, -wal lost, restart", outcome(t.start()))
    p = Proc(["recover", "--state", str(t.state)])
    p.p.wait(30)
    p.wait_for(r"^\Z-never", 0.3)
    report("J2b companion recover", f"exit {p.p.returncode}: " + " | ".join(
        l.replace("companion recover: ", "") for l in p.lines)[:300])
    p = t.start()
    line = p.wait_for(r"state in", 10)
    t.ready(p)
    report("J2c restart after recover", outcome(p) if line is None else line.split("companion: ")[-1]
           + ("" if p.finish() == 0 else " (bad exit)"))

    t = fresh(tmp, "garbage")
    data = t.db.read_bytes()
    t.db.write_bytes(b"garbage header!!" + data[16:])
    report("J3 garbage header, restart", outcome(t.start()))
    for tool in (["history"], ["export", "--all", "--out", str(tmp / "out")]):
        p = Proc([*tool, "--state", str(t.state)])
        p.p.wait(30)
        report(f"J3b companion {tool[0]} on it", outcome(p, 0))

    t = fresh(tmp, "half")
    data = t.db.read_bytes()
    t.db.write_bytes(data[: len(data) // 2])
    report("J4 db half-truncated, restart", outcome(t.start()))

    t = fresh(tmp, "rodir")
    if subprocess.run(["mount", "--bind", "-o", "ro", str(t.state), str(t.state)]).returncode == 0:
        try:
            report("J5 read-only state dir (ro bind mount)", outcome(t.start()))
        finally:
            subprocess.run(["umount", str(t.state)])
    else:
        report("J5 read-only state dir", "not set up (mount failed)")

    t = fresh(tmp, "rofile")
    subprocess.run(["chown", "-R", "nobody", str(t.state.parent)])
    t.db.chmod(0o444)
    p = t.start(user="nobody")
    if t.ready(p):
        acked = t.play(p, 1, ack_timeout=3)
        report("J6 read-only db file (as nobody)", f"started, {acked} move(s) acknowledged; "
               + outcome(p, 1))
    else:
        report("J6 read-only db file (as nobody)", outcome(p, 0))

    drill_full_disk(tmp)


def drill_full_disk(tmp: Path) -> None:
    mnt = tmp / "tiny"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1M", "tmpfs", str(mnt)]).returncode != 0:
        report("J7 full disk", "not set up (tmpfs mount failed)")
        return
    try:
        t = Table(mnt)
        p = t.start()
        t.ready(p)
        t.play(p, 2)
        fill = mnt / "fill"
        subprocess.run(["dd", "if=/dev/zero", f"of={fill}", "bs=4k"], capture_output=True)
        acked = t.play(p, 2, ack_timeout=3)
        problem = next((l for l in p.lines if "storage problem" in l), None)
        alive = p.p.poll() is None
        report("J7 disk fills while running", f"{acked} of 2 moves acknowledged; alive={alive}; "
               f"log: {(problem or 'no storage message').split('companion: ')[-1][:150]}")
        fill.unlink()
        back = p.wait_for(r"storage works again", 8)
        time.sleep(1.0)
        conn = sqlite3.connect(f"file:{t.db}?mode=ro", uri=True)
        t.done = conn.execute("SELECT count(*) FROM moves").fetchone()[0]
        conn.close()
        t.put(type="scan", mask=t.beds[t.done])  # the players put the bed back as guided
        time.sleep(1.5)
        more = t.play(p, 1) if back else 0
        p.finish()
        conn = sqlite3.connect(t.db)
        journaled = conn.execute("SELECT count(*) FROM moves").fetchone()[0]
        conn.close()
        report("J7b space freed", f"resumed={back is not None}; then {more} more acknowledged;"
               f" journal holds {journaled} moves, {t.done} acknowledged"
               f" ({'nothing lost' if journaled >= t.done else 'LOST'}); {outcome(p, 0).split(': ')[0]}")
        subprocess.run(["dd", "if=/dev/zero", f"of={fill}", "bs=4k"], capture_output=True)
        report("J7c restart on the full disk", outcome(t.start()))
    finally:
        subprocess.run(["umount", str(mnt)])


# ------------------------------------------------------------------------------ web
def drills_web(tmp: Path) -> None:
    port = free_port()
    sim = Proc(["sim", "--state", str(tmp / "sim"), "--port", str(port)])
    if not sim.wait_for("web page on", 20):
        report("W sim", outcome(sim, 0))
        return
    own = f"http://127.0.0.1:{port}"
    body = json.dumps({"type": "card", "card": "new_game"}).encode()
    s, _, b = http(port, "/api/control", method="POST", body=body,
                   headers={"Origin": "http://evil.example", "Content-Type": "text/plain"})
    report("W1 cross-site POST text/plain", f"{s} {b[:80]!r}")
    s, _, b = http(port, "/api/control", method="POST", body=body,
                   headers={"Origin": "http://evil.example", "Content-Type": "application/json"})
    report("W1b cross-site POST application/json", f"{s} {b[:80]!r}")
    report("W2 cross-site WebSocket upgrade", ws_status(port, "http://evil.example"))
    report("W2b same-site WebSocket upgrade", ws_status(port, own))
    s, _, _ = http(port, "/api/snapshot", headers={"Host": "evil.example"})
    report("W3 Host: evil.example (DNS rebinding)", str(s))
    s, _, b = http(port, "/api/control", method="POST", body=b"[" * 30000,
                   headers={"Content-Type": "application/json", "Origin": own})
    report("W4 30,000 '[' to /api/control", f"{s} {b[:90]!r}")
    s, h, _ = http(port, "/nope")
    report("W6 headers on a 404", f"{s} X-Frame-Options={h.get('X-Frame-Options')}"
           f" frame-ancestors={'frame-ancestors' in h.get('Content-Security-Policy', '')}")
    sim.finish()
    report("W  sim afterwards", "no traceback" if "Traceback" not in sim.text else "TRACEBACK: "
           + " | ".join(sim.lines[-12:]))

    port = free_port()
    cfg = tmp / "tok.toml"
    cfg.write_text(CONFIG.format(state=tmp / "tok") + f'[web]\nenabled = true\nport = {port}\n'
                   'control = true\ntoken = "s3cret-drill-token"\n')
    run = Proc(["run", "--config", str(cfg)])
    line = run.wait_for("web page on", 20) or ""
    report("W5 start-up line with a token", f"token printed={'s3cret-drill-token' in line}: "
           + line.split("companion: ")[-1][:120])
    s, _, b = http(port, "/api/control", method="POST",
                   body=b'{"type": "button", "name": "ok", "token": "\\ud800"}',
                   headers={"Content-Type": "application/json"})
    report("W5b token \"\\ud800\"", f"{s} {b[:90]!r}")
    import http.client as httpc

    c = httpc.HTTPConnection("127.0.0.1", port, timeout=5)
    c.request("GET", "/?token=s3cret-drill-token")
    r = c.getresponse()
    report("W5c GET /?token=...", f"{r.status} Location={r.getheader('Location')}"
           f" Set-Cookie={(r.getheader('Set-Cookie') or 'none').replace('s3cret-drill-token', '<token>')}")
    c.close()
    run.finish()
    report("W  run afterwards", "no traceback" if "Traceback" not in run.text else "TRACEBACK")


def ws_status(port: int, origin: str) -> str:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                   f"Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n").encode())
        return s.recv(200).split(b"\r\n", 1)[0].decode()


# ------------------------------------------------------------------------------ cards, names
def drills_cards(tmp: Path) -> None:
    t = fresh(tmp, "cards", moves=1)
    conn = sqlite3.connect(t.db)
    conn.execute("INSERT INTO cards(uid, function, name, added) VALUES ('04:00:00:09', 'teleport', '', 0)")
    conn.commit()
    conn.close()
    p = t.start()
    t.ready(p)
    # names first: the old code dies on the damaged card
    t.put(type="card", uid="04:00:00:11", text="maunz:player:Eve\nINFO journaled ply 99")
    t.put(type="card", uid="04:00:00:12", text="maunz:player:" + "M" * 3000)
    p.wait_for(r"^\Z-never", 1.0)
    forged = [l for l in p.lines if l.startswith("INFO journaled")]
    t.put(type="card", uid="04:00:00:09", text=None)
    damaged = p.wait_for("teleport|Traceback", 3) or "no message"
    p.wait_for(r"^\Z-never", 0.5)
    alive = p.p.poll() is None
    report("C1 tap a card whose row says 'teleport'", f"alive={alive}; {damaged.split('companion: ')[-1][:150]}")
    report("C3 NDEF name 'Eve\\nINFO journaled ply 99'", f"forged log lines: {len(forged)}")
    p.finish()
    h = Proc(["history", "--state", str(t.state)])
    h.p.wait(30)
    h.wait_for(r"^\Z-never", 0.3)
    widths = max((len(l) for l in h.lines), default=0)
    report("C3b 3,000-character name, companion history", f"exit {h.p.returncode}, widest line {widths}")
    c = Proc(["cards", "list", "--state", str(t.state)])
    c.p.wait(30)
    c.wait_for(r"^\Z-never", 0.3)
    report("C1b companion cards list", outcome(c, 0))
    for args in (["add", "04:00:00:01", "undo"], ["add", "04:00:00:01", "hint"]):
        c = Proc(["cards", *args, "--state", str(t.state)])
        c.p.wait(30)
        c.wait_for(r"^\Z-never", 0.3)
    report("C2 re-enrol 04:00:00:01 undo -> hint", outcome(c, 0))


# ------------------------------------------------------------------------------ link
def drills_link() -> None:
    from firmware_bridge.emulator import FakePico
    from firmware_bridge.firmware import messages as M
    from firmware_bridge.firmware.device import Device
    from firmware_bridge.firmware.framing import encode_frame
    from firmware_bridge.host.link import BridgeLink

    said = {"version": M.PROTOCOL_VERSION, "rows": 6, "cols": 6}
    real = Device._send_hello
    Device._send_hello = lambda self: self._send("HELLO", dict(said, fw_hash=self.fw_hash, boot_id=self.boot_id,
                                                                reset_cause=self.reset_cause))
    fast = dict(ping_interval=0.05, ack_timeout=0.05, offline_after=0.3, reconnect_interval=0.05,
                handshake_timeout=2.0)
    try:
        pico = FakePico()
        link = BridgeLink(pico.port, config={"heartbeat_ms": 50}, **fast).open()
        pico.place(0)
        time.sleep(0.3)
        said["version"] = 2
        pico.inject(encode_frame(M.encode("HELLO", dict(said, fw_hash=pico.device.fw_hash,
                                                        boot_id=pico.device.boot_id, reset_cause=0))))
        time.sleep(0.3)
        pico.place(1)
        time.sleep(0.5)
        kinds = [e.kind for e in link.drain_events()]
        report("L1 HELLO v2 mid-session", f"events {kinds}; occupancy trusted after it:"
               f" {link.occupancy == 0b11}; online={link.online}")
        said["version"] = M.PROTOCOL_VERSION
        time.sleep(0.5)
        report("L1b then a v1 HELLO", f"online={link.online}; occupancy {link.occupancy:#x}")
        link.config_echo = dict(link.config_echo or {})
        stale = dict(link.config, brightness=10)
        pico.inject(encode_frame(M.encode("CONFIG_ECHO", dict(stale, status=0))))
        time.sleep(0.3)
        report("L3 replayed CONFIG_ECHO brightness=10", f"host believes brightness {link.config['brightness']},"
               f" device runs {pico.device.config['brightness']}")
        link.close()
        pico.close()
        for change, name in (({"version": 2}, "L2 open against a v2 device"),
                             ({"rows": 8, "cols": 8}, "L4 HELLO with an 8x8 grid at open")):
            said.update(change)
            pico = FakePico()
            try:
                lk = BridgeLink(pico.port, **fast).open()
                report(name, "accepted without a word")
                lk.close()
            except Exception as exc:  # noqa: BLE001 - the drill reports whatever it is
                report(name, f"{type(exc).__name__}: {str(exc).split(': ', 1)[-1][:150]}")
            pico.close()
            said.update(version=M.PROTOCOL_VERSION, rows=6, cols=6)
    finally:
        Device._send_hello = real


# ------------------------------------------------------------------------------ web port
def drills_port(tmp: Path) -> None:
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    port = holder.getsockname()[1]
    try:
        cfg = tmp / "port.toml"
        cfg.write_text(CONFIG.format(state=tmp / "port") + f"[web]\nenabled = true\nport = {port}\n")
        report("P1 run, web port taken", outcome(Proc(["run", "--config", str(cfg)]), 5))
        report("P2 sim, port taken", outcome(Proc(["sim", "--state", str(tmp / "psim"), "--port", str(port)]), 8))
    finally:
        holder.close()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree", help="drill this checkout instead (PYTHONPATH)")
    ap.add_argument("--only", default="JWCLP")
    args = ap.parse_args()
    if args.tree:
        ENV["PYTHONPATH"] = args.tree
        sys.path.insert(0, args.tree)
        for mod in [m for m in sys.modules if m.split(".")[0] in ("firmware_bridge", "companion", "hardware")]:
            del sys.modules[mod]
    with tempfile.TemporaryDirectory(prefix="drills-") as d:
        tmp = Path(d)
        os.chmod(tmp, 0o755)
        for key, fn in (("J", lambda: drills_journal(tmp)), ("W", lambda: drills_web(tmp)),
                        ("C", lambda: drills_cards(tmp)), ("L", drills_link), ("P", lambda: drills_port(tmp))):
            if key in args.only:
                fn()
    return 0


if __name__ == "__main__":
    sys.exit(main())
