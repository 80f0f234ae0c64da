"""A pty at a fixed path standing in for the Pico's USB serial port (/dev/ttyACM0): the fake
Pico (emulator.py) and the emulated RP2040 (rp2040/pico.py) plug in and out through it as a real
device does, the host link opening the same path again after a replug."""
from __future__ import annotations

import os
import tty


def plug(port: str) -> tuple[int, int]:
    """A new pty, raw and non-blocking on our side, linked at `port` (replacing what was there
    in one rename, so the host never sees the path missing): (master, slave)."""
    master, slave = os.openpty()
    tty.setraw(slave)
    os.set_blocking(master, False)
    tmp = port + ".tmp"
    if os.path.lexists(tmp):
        os.unlink(tmp)
    os.symlink(os.ttyname(slave), tmp)
    os.replace(tmp, port)
    return master, slave
