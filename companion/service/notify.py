"""systemd's notify protocol (sd_notify) without a dependency: one datagram per message to the
AF_UNIX socket named by $NOTIFY_SOCKET ('@' = Linux abstract namespace). Outside systemd the
variable is unset and every call is a no-op."""
from __future__ import annotations

import os
import socket


class Notifier:
    def __init__(self, environ=None) -> None:
        env = os.environ if environ is None else environ
        addr = env.get("NOTIFY_SOCKET", "")
        self.address = ("\0" + addr[1:]) if addr.startswith("@") else addr
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        wd = int(usec) / 1e6 if usec.isdigit() and int(usec) > 0 else None
        if pid and pid.isdigit() and int(pid) != os.getpid():
            wd = None  # the watchdog is meant for another process
        # Ping at half the timeout, as sd_watchdog_enabled(3) recommends.
        self.watchdog_interval = wd / 2 if wd else None
        self._sock = None

    @property
    def enabled(self) -> bool:
        return bool(self.address)

    def send(self, message: str) -> bool:
        if not self.address:
            return False
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._sock.sendto(message.encode(), self.address)
            return True
        except OSError:
            return False  # systemd gone (shutdown) or socket missing: nothing useful to do

    def ready(self, status: str = "") -> bool:
        return self.send("READY=1" + (f"\nSTATUS={status}" if status else ""))

    def watchdog(self) -> bool:
        return self.send("WATCHDOG=1")

    def status(self, text: str) -> bool:
        return self.send(f"STATUS={text}")

    def stopping(self) -> bool:
        return self.send("STOPPING=1")

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
