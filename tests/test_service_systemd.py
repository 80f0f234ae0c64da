"""The unit file: `systemd-analyze verify` is clean, and it keeps the settings the Pi needs."""
import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.service.notify import Notifier

UNIT = Path(__file__).resolve().parents[1] / "systemd" / "companion.service"


def unit_settings():
    settings = {}
    section = None
    for line in UNIT.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        settings.setdefault((section, key), []).append(value)
    return settings


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze not installed (apt package 'systemd')")
def test_systemd_analyze_verify_is_clean(tmp_path):
    # verify checks that ExecStart's binary exists: point it at this Python, keep everything else.
    text = UNIT.read_text()
    exec_start = next(l for l in text.splitlines() if l.startswith("ExecStart="))
    binary = exec_start.split("=", 1)[1].split()[0]
    unit = tmp_path / "companion.service"
    unit.write_text(text.replace(binary, os.path.realpath(sys.executable)))
    proc = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    problems = [l for l in (proc.stderr + proc.stdout).splitlines() if "companion.service" in l]
    assert not problems, "\n".join(problems)


def test_unit_settings():
    s = unit_settings()
    get = lambda key: s.get(("Service", key), [])
    assert get("Type") == ["notify"]
    assert get("WatchdogSec") and get("Restart") == ["on-failure"]
    assert get("User") == ["companion"]
    assert set(get("SupplementaryGroups")[0].split()) >= {"gpio", "i2c", "spi", "dialout"}
    assert get("StateDirectory") == ["maunz-companion"]
    assert ("Service", "PrivateDevices") not in s
    allowed = " ".join(get("DeviceAllow"))
    for group in ("gpiochip", "i2c", "spi", "ttyACM", "ttyAMA"):
        assert f"char-{group} " in allowed + " "
    assert "run" in get("ExecStart")[0].split()
    # port 80 for the companion alone (issue 42): a capability, not a sysctl for every local user
    assert get("AmbientCapabilities") == get("CapabilityBoundingSet") == ["CAP_NET_BIND_SERVICE"]
    assert get("NoNewPrivileges") == ["yes"]
    from companion.image import build

    assert "ip_unprivileged_port_start" not in Path(build.__file__).read_text()


def test_sd_notify_datagrams(tmp_path):
    import socket

    path = str(tmp_path / "notify")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(path)
    n = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "10000000"})
    assert n.watchdog_interval == 5.0
    assert n.ready("playing") and n.watchdog()
    assert server.recv(100) == b"READY=1\nSTATUS=playing"
    assert server.recv(100) == b"WATCHDOG=1"
    n.close()
    server.close()
    assert not Notifier({}).ready()  # outside systemd: a no-op
    assert Notifier({"NOTIFY_SOCKET": "@abstract"}).address == "\0abstract"
