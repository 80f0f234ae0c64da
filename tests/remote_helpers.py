"""Remote play between real processes: a mosquitto broker on 127.0.0.1 and `companion sim`
processes driven through their page's control API, each side's bed set as a person's hands
would set it. Every wait is on the companions' state, never a sleep."""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from companion.games import get
from companion.tables.maunz.script import needs_ok, occupancies
from companion.words import square_name

GAME = get("maunz")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what, predicate, timeout=20.0, detail=None):
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}" + (f": {detail()}" if detail else ""))
        time.sleep(0.05)


def make_ca(tmp: Path) -> tuple[Path, Path, Path]:
    """A throwaway CA and a server certificate for 127.0.0.1 (openssl): (ca, cert, key)."""
    run = lambda *a: subprocess.run(["openssl", *a], check=True, capture_output=True, cwd=tmp)  # noqa: E731
    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
        "-subj", "/CN=maunz test CA")
    run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "srv.key", "-out", "srv.csr", "-subj", "/CN=127.0.0.1")
    (tmp / "ext.cnf").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    run("x509", "-req", "-in", "srv.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
        "-out", "srv.pem", "-days", "2", "-extfile", "ext.cnf")
    return tmp / "ca.pem", tmp / "srv.pem", tmp / "srv.key"


class Broker:
    """mosquitto on a free local port (no persistence: a restart forgets retained messages, as a
    public broker may). With `tls_ws`, MQTT over TLS WebSockets as public brokers offer it (and
    a plain listener beside it: mosquitto 2.0.11 starts no websockets-only configuration)."""

    def __init__(self, tmp: Path, tls_ws: bool = False) -> None:
        self.port = free_port()
        self.tls_ws = tls_ws
        self.conf = tmp / ("mosquitto-wss.conf" if tls_ws else "mosquitto.conf")
        text = f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
        if os.geteuid() == 0:
            text = "user root\n" + text   # (the files under pytest's tmp are root's alone)
        if tls_ws:
            self.ca, cert, key = make_ca(tmp)
            self.ws_port = free_port()
            text += (f"listener {self.ws_port}\nprotocol websockets\ncafile {self.ca}\n"
                     f"certfile {cert}\nkeyfile {key}\n")
        self.conf.write_text(text)
        self.log = open(tmp / (self.conf.stem + ".log"), "ab")
        self.proc = None
        self.start()

    @property
    def url(self) -> str:
        if self.tls_ws:
            return f"wss://127.0.0.1:{self.ws_port}/mqtt"
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.proc = subprocess.Popen([shutil.which("mosquitto"), "-c", str(self.conf)],
                                     stdout=self.log, stderr=self.log)

        def accepts():
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return True
            except OSError:
                return False
        wait_for("mosquitto to listen", accepts, 10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)

    def close(self) -> None:
        self.stop()
        self.log.close()


class Side:
    """One `companion sim` in remote play, and the hands at its bed."""

    def __init__(self, tmp: Path, name: str, remote: str, broker: Broker, *more: Broker) -> None:
        self.name, self.remote, self.broker = name, remote, broker
        self.brokers = (broker, *more)
        self.state = tmp / f"state-{name}"
        self.port = free_port()
        self.logfile = tmp / f"{name}.log"
        self.proc = None
        self.start()

    def start(self) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "sim", "--state", str(self.state), "--port", str(self.port),
             "--seed", "1", "--remote", self.remote, "--name", self.name, "-v",
             *[a for b in self.brokers for a in ("--broker", b.url)],
             *[a for b in self.brokers if b.tls_ws for a in ("--ca-file", str(b.ca))]],
            stdout=open(self.logfile, "ab"), stderr=subprocess.STDOUT, env=env)

        def up():
            if self.proc.poll() is not None:
                raise AssertionError(f"{self.name} exited: {self.logfile.read_text()[-2000:]}")
            try:
                return self.snap()
            except OSError:
                return None
        wait_for(f"{self.name}'s page", up, 30)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def snap(self) -> dict:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/snapshot", timeout=5) as r:
            return json.loads(r.read())["state"]

    def control(self, body: dict) -> dict:
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}/api/control", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=5) as r:
            return json.loads(r.read())

    def button(self, name: str, kind: str = "press") -> None:
        self.control({"type": "button", "name": name, "kind": kind})

    def set_bed(self, before: int, after: int) -> None:
        changes = [{"square": square_name(sq), "occupied": bool(after >> sq & 1)}
                   for sq in range(36) if (before ^ after) >> sq & 1]
        if changes:
            self.control({"type": "reed", "changes": changes})
            want = sorted(square_name(sq) for sq in range(36) if after >> sq & 1)
            wait_for(f"{self.name} to sense the bed", lambda: sorted(self.snap()["sensed"]) == want, 10)

    def remote_state(self) -> dict:
        return {k: v for k, v in (self.snap()["remote"] or {}).items() if k != "qr"}

    def play(self, pos, move, shown: bool = False) -> None:
        """The person at this bed makes `move`: their own, or (`shown`) the other side's as the
        OLED and LEDs show it (then the table knows the piece: no kitten-or-cat question)."""
        n = len(self.snap()["moves"])
        kittens, cats = pos.pool(pos.turn)
        if shown:
            kittens = cats = 0
        if move.kind == "c" and kittens:
            self.button("cat")
        prev = pos.occupied
        for i, occ in enumerate(occupancies(GAME, pos, move)):
            self.set_bed(prev, occ)
            prev = occ
            if i == 0 and move.kind == "k" and cats:
                wait_for(f"{self.name}: kitten or cat?", lambda: self.snap()["phase"] == "ask_kind", 10)
                self.button("ok")
        if needs_ok(GAME, pos, move):
            self.button("ok")
        wait_for(f"{self.name} to commit {GAME.format_move(pos, move)}",
                 lambda: len(self.snap()["moves"]) > n, 15, lambda: self.snap()["instruction"])


def told_to_place(side: Side, peer_name: str, n: int) -> bool:
    s = side.snap()
    return len(s["moves"]) == n and s["instruction"].startswith(f"{peer_name}: ")
