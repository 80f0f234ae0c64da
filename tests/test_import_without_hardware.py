"""`import companion` and the whole non-driver code path work on a machine with no hardware
library at all: vendor packages are imported lazily, inside the drivers that need them."""
from __future__ import annotations

import subprocess
import sys

VENDOR = ("gpiozero", "luma", "serial", "smbus2", "spidev", "lgpio", "RPi", "playwright")

# A meta-path hook makes every vendor import fail, as on a laptop without the hw extra.
PROBE = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {VENDOR!r}:
            raise ImportError('blocked for the test: ' + name)
sys.meta_path.insert(0, Block())
import companion, companion.cli, companion.games, companion.ui
import companion.service.app, companion.web.server, hardware, hardware.factory, hardware.fakes
import firmware_bridge.host.backend
from companion.games import get
g = get('maunz')
print(g.format_position(g.apply(g.initial_position(), g.parse_move(g.initial_position(), 'kc3'))))
from hardware.factory import build_devices
try:
    build_devices({{'reed': {{'backend': 'gpio'}}}})
except Exception as exc:
    print('ERROR', type(exc).__name__, exc)
"""


def test_import_companion_and_play_without_vendor_libraries():
    r = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "6/6/6/2o3/6/6 g 7k0c 8k0c"
    # Selecting real hardware that is absent is an error naming what is missing, never a fallback.
    assert lines[1].startswith("ERROR HardwareError") and "gpiozero" in lines[1]
