"""Issue 46 item 2: a family's Wi-Fi name is often not one word. `wifi.txt` takes the name and
password as written (spaces, quotes, `;`, `#`, `=`, accents, a backslash), quotes around a
value only to keep spaces at its start or end; the NetworkManager keyfile the first boot writes
is read back with NetworkManager's own keyfile reader (libnm's NM.keyfile_read, through
PyGObject and the system's python3: `./dev test` installs gir1.2-nm-1.0 and python3-gi), so
the name and password are what NetworkManager will use. About a second."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from companion.image import firstboot

SYSTEM_PYTHON = "/usr/bin/python3"
READ = """
import json, sys
import gi
gi.require_version("NM", "1.0")
from gi.repository import GLib, NM
out = []
for path in sys.argv[1:]:
    kf = GLib.KeyFile()
    kf.load_from_file(path, GLib.KeyFileFlags.NONE)
    conn = NM.keyfile_read(kf, "/etc/NetworkManager/system-connections", NM.KeyfileHandlerFlags.NONE, None, None)
    conn.normalize()
    wifi, sec = conn.get_setting_wireless(), conn.get_setting_wireless_security()
    out.append({"ssid": bytes(wifi.get_ssid().get_data()).decode(), "psk": sec.get_psk() if sec else None})
print(json.dumps(out))
"""


def _nm_missing() -> str | None:
    probe = 'import gi; gi.require_version("NM", "1.0"); from gi.repository import NM'
    try:
        ok = subprocess.run([SYSTEM_PYTHON, "-c", probe], capture_output=True).returncode == 0
    except OSError:
        ok = False
    return None if ok else "NetworkManager's library for Python missing (apt install gir1.2-nm-1.0 python3-gi)"


pytestmark = pytest.mark.skipif(_nm_missing() is not None, reason=str(_nm_missing()))

# (the line in wifi.txt, the network's name NetworkManager must get)
NAMES = [
    ("ssid = Katzenhaus 5G", "Katzenhaus 5G"),
    ('ssid = Tom\'s "Fritz!Box"', 'Tom\'s "Fritz!Box"'),
    ('ssid = " Leerzeichen vorn und hinten "', " Leerzeichen vorn und hinten "),
    ("ssid = Café; Küche #2 = oben", "Café; Küche #2 = oben"),
    ("ssid = back\\slash", "back\\slash"),
    ("ssid = 'single quoted'", "single quoted"),
]
PASSWORD = ('password = " ein Satz; mit \\"Zeichen\\" "', ' ein Satz; mit \\"Zeichen\\" ')


def _card(tmp_path: Path, n: int, line: str) -> tuple[Path, Path]:
    boot, root = tmp_path / f"boot{n}", tmp_path / f"root{n}"
    boot.mkdir()
    (root / "etc").mkdir(parents=True)
    (root / "etc/group").write_text(f"root:x:0:\ncompanion:x:{os.getgid()}:\n")
    (boot / "cmdline.txt").write_text("console=tty1 root=LABEL=root rootwait\n")
    (boot / "wifi.txt").write_text(f"{line}\n{PASSWORD[0]}\ncountry = de\n", encoding="utf-8")
    return boot, root


def test_names_with_spaces_and_quotes_reach_networkmanager_as_written(tmp_path):
    keyfiles = []
    for n, (line, _) in enumerate(NAMES):
        boot, root = _card(tmp_path, n, line)
        assert firstboot.run(boot, root) == []
        assert not (boot / "wifi.txt").exists()
        keyfiles.append(str(root / firstboot.NM_KEYFILE))
    proc = subprocess.run([SYSTEM_PYTHON, "-c", READ, *keyfiles], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    read = json.loads(proc.stdout)
    assert [r["ssid"] for r in read] == [name for _, name in NAMES]
    assert all(r["psk"] == PASSWORD[1] for r in read), read
