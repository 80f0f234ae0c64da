"""The image's first boot without a keyboard (issue 35, item 2), on the host: a directory stands
in for the FAT boot partition and another for the root file system; `companion firstboot` runs
as the unit runs it (a subprocess), and what it writes is read back with the parsers that will
read it on the Pi: NetworkManager's keyfile with configparser (its format is the GLib key file),
the configuration with the service's own Config.load, the OLED's line with the service's
renderer."""
from __future__ import annotations

import configparser
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from companion.image.vm import CARD_CONFIG
from companion.service.config import Config
from companion.service.screen import render_message

GOOD_TOML = CARD_CONFIG   # fake devices, the page on port 80: a card that boots anywhere


@pytest.fixture
def card(tmp_path):
    boot, root = tmp_path / "boot", tmp_path / "root"
    boot.mkdir()
    (root / "etc").mkdir(parents=True)
    (root / "etc/hostname").write_text("debian\n")
    (root / "etc/hosts").write_text("127.0.0.1\tlocalhost\n127.0.1.1\tdebian\n")
    (root / "etc/group").write_text(f"root:x:0:\ncompanion:x:{os.getgid()}:\n")
    (boot / "cmdline.txt").write_text("console=tty1 root=LABEL=root rootwait\n")
    return boot, root


def firstboot(boot: Path, root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", "firstboot", "--boot", str(boot), "--root", str(root)],
                          capture_output=True, text=True, timeout=60)


def test_a_good_card_sets_up_wifi_name_config_and_token_and_removes_the_password(card):
    boot, root = card
    (boot / "wifi.txt").write_text('# the home network\nssid = "Katzenhaus 5G"\npassword = geheim123\ncountry = de\n')
    (boot / "companion.toml").write_text(GOOD_TOML)
    proc = firstboot(boot, root)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    # Wi-Fi: a NetworkManager keyfile only root may read, the country on the kernel command line
    keyfile = root / "etc/NetworkManager/system-connections/maunz-wifi.nmconnection"
    assert stat.S_IMODE(keyfile.stat().st_mode) == 0o600
    nm = configparser.ConfigParser(interpolation=None)
    nm.read_string(keyfile.read_text())
    assert nm["connection"]["type"] == "wifi" and nm["wifi"]["ssid"] == "Katzenhaus 5G"
    assert nm["wifi-security"]["key-mgmt"] == "wpa-psk" and nm["wifi-security"]["psk"] == "geheim123"
    # the country for cfg80211 on the root file system; the card's cmdline.txt is not rewritten
    # (a rename on FAT is not atomic: a power cut could leave it empty, the card unbootable)
    assert "options cfg80211 ieee80211_regdom=DE" in (root / "etc/modprobe.d/maunz-wifi-country.conf").read_text()
    assert (boot / "cmdline.txt").read_text() == "console=tty1 root=LABEL=root rootwait\n"
    assert not (boot / "wifi.txt").exists()  # the password is gone from the partition any laptop reads
    assert "geheim123" not in "".join(p.read_text() for p in boot.iterdir() if p.is_file())
    # the name the page answers to (http://maunz.local/ through Avahi)
    assert (root / "etc/hostname").read_text() == "maunz\n"
    assert "127.0.1.1\tmaunz" in (root / "etc/hosts").read_text() and "debian" not in (root / "etc/hosts").read_text()
    # the configuration, installed as checked; the token made here, readable by the service only
    conf = root / "etc/maunz-companion"
    assert (conf / "companion.toml").read_text() == GOOD_TOML
    token = conf / "web-token"
    assert stat.S_IMODE(token.stat().st_mode) == 0o640 and len(token.read_text().strip()) >= 22  # 128 bits
    config = Config.load(conf / "companion.toml")
    assert config.web.token == token.read_text().strip() and config.web.control
    assert not (conf / "card-problem.txt").exists()
    # no ssh without a key, and no password anywhere
    assert not (root / "etc/systemd/system/multi-user.target.wants/ssh.service").is_symlink()
    # a second boot: the same token (the QR already scanned stays good), nothing else changes
    first = token.read_text()
    assert firstboot(boot, root).returncode == 0 and token.read_text() == first


def test_an_open_network_needs_no_password(card):
    boot, root = card
    (boot / "wifi.txt").write_text("ssid = Gartenhaus\ncountry = AT\n")
    assert firstboot(boot, root).returncode == 0
    nm = configparser.ConfigParser(interpolation=None)
    nm.read_string((root / "etc/NetworkManager/system-connections/maunz-wifi.nmconnection").read_text())
    assert nm["wifi"]["ssid"] == "Gartenhaus" and "wifi-security" not in nm


@pytest.mark.parametrize("wifi, line", [
    ("ssid = Katzenhaus\npassword = kurz\ncountry = DE\n", "wifi.txt: password: 4 characters; a WPA2 password has 8 to 63"),
    ("ssid = Katzenhaus\npassword = geheim123\ncountry = Deutschland\n", "wifi.txt: country: not a two-letter"),
    ("password = geheim123\ncountry = DE\n", "wifi.txt: ssid: missing"),
    ("ssid = Katzenhaus\npasswort = geheim123\ncountry = DE\n", "wifi.txt: line 2: unknown key; use ssid, password and country"),
    # a password typed as a key: never repeated in the problem file (shown on the OLED and the page)
    ("ssid = Katzenhaus\ngeheim123 = x\ncountry = DE\n", "wifi.txt: line 2: unknown key; use ssid, password and country"),
])
def test_a_bad_wifi_value_is_one_line_naming_file_and_key(card, wifi, line):
    boot, root = card
    (boot / "wifi.txt").write_text(wifi)
    proc = firstboot(boot, root)
    assert proc.returncode == 0  # never a boot loop
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith(line), proc.stderr
    assert (root / "etc/maunz-companion/card-problem.txt").read_text().startswith(line)
    assert (boot / "wifi.txt").read_text() == wifi  # left for the maker to fix
    assert not (root / "etc/NetworkManager/system-connections/maunz-wifi.nmconnection").exists()
    assert "geheim123" not in proc.stderr  # a password is never printed


def test_a_bad_config_is_not_installed_and_its_line_reaches_the_oled(card):
    boot, root = card
    conf = root / "etc/maunz-companion"
    conf.mkdir(parents=True)
    (conf / "companion.toml").write_text(GOOD_TOML)  # what ran before
    (boot / "companion.toml").write_text(GOOD_TOML.replace('language = "en"', 'languge = "en"'))
    proc = firstboot(boot, root)
    assert proc.returncode == 0
    line = proc.stderr.strip()
    assert line.startswith("companion.toml: [game]") and "languge" in line and "\n" not in line
    assert (conf / "companion.toml").read_text() == GOOD_TOML  # the last good one stays
    assert (conf / "card-problem.txt").read_text().strip() == line
    # the OLED's message: the head and the line, drawn by the service's renderer
    img = render_message(("card_problem", line), "en")
    assert img.size == (128, 64) and img.getbbox() is not None
    # fixed on the card: the next boot installs it and the problem goes
    (boot / "companion.toml").write_text(GOOD_TOML)
    assert firstboot(boot, root).stderr == "" and not (conf / "card-problem.txt").exists()


def test_ssh_only_with_a_public_key_on_the_card(card):
    boot, root = card
    wants = root / "etc/systemd/system/multi-user.target.wants/ssh.service"
    (boot / "ssh.pub").write_text("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n")
    proc = firstboot(boot, root)
    assert proc.returncode == 0 and "ssh.pub: line 1: not an ssh public key" in proc.stderr
    assert not wants.is_symlink() and not (root / "root/.ssh/authorized_keys").exists()
    key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl maker@laptop\n"
    (boot / "ssh.pub").write_text(key)
    assert firstboot(boot, root).stderr == ""
    assert wants.is_symlink() and os.readlink(wants) == "/lib/systemd/system/ssh.service"
    auth = root / "root/.ssh/authorized_keys"
    assert auth.read_text() == key and stat.S_IMODE(auth.stat().st_mode) == 0o600
    if shutil.which("ssh-keygen"):  # the image carries no host keys: this card's own are made now
        assert (root / "etc/ssh/ssh_host_ed25519_key.pub").exists()
    # the key taken off the card: ssh goes off again
    (boot / "ssh.pub").unlink()
    assert firstboot(boot, root).returncode == 0
    assert not wants.is_symlink() and not auth.exists()


def test_the_service_shows_the_card_problem_on_the_oled_and_the_page(tmp_path):
    import asyncio

    from companion.service.app import Companion
    from companion.service.devices import build_fakes

    conf = tmp_path / "etc"
    conf.mkdir()
    (conf / "companion.toml").write_text(GOOD_TOML.replace('host = "0.0.0.0"', 'host = "127.0.0.1"'))
    line = "wifi.txt: password: 4 characters; a WPA2 password has 8 to 63 (leave it empty for an open network)"
    (conf / "card-problem.txt").write_text(line + "\n")
    ssh = "ssh switched on for key SHA256:7lHqC0Yb2D5tXUrbN5BJ/ErBAzQ8OeEdWwzHJ1lqj5M"
    (conf / "card-notice.txt").write_text(ssh + "\n")
    c = Companion(Config.load(conf / "companion.toml"), build_fakes(), state_dir=tmp_path / "state", ai_mode="off")
    q = c.subscribe()

    async def go():
        task = asyncio.create_task(c.run())
        await asyncio.wait_for(q.get(), 5.0)
        for _ in range(100):
            if c.screen.screen == ("card_problem", ssh):
                break
            await asyncio.sleep(0.02)
        shown = c.devices.display.image.copy()
        await c.stop()
        await asyncio.wait_for(task, 5.0)
        return shown

    shown = asyncio.run(go())
    assert shown.tobytes() == render_message(("card_problem", ssh), "en").tobytes()  # on the OLED
    assert line in c.notices.messages and ssh in c.notices.messages  # and the page's notices


def test_a_card_problem_never_repeats_the_cards_text(card):
    boot, root = card
    # a password typed into the wrong line: the checker says "bad value '...'"; not from the card
    (boot / "companion.toml").write_text(GOOD_TOML.replace('language = "en"', 'language = "geheim-Passwort-123"'))
    proc = firstboot(boot, root)
    problem = (root / "etc/maunz-companion/card-problem.txt").read_text()
    assert problem.startswith("companion.toml: [game] language: bad value '(...)'; use one of: 'de', 'en'"), problem
    assert "geheim-Passwort-123" not in problem + proc.stderr
    (boot / "companion.toml").write_text(GOOD_TOML.replace('language = "en"', 'geheim-Passwort-123 = 1'))
    proc = firstboot(boot, root)
    problem = (root / "etc/maunz-companion/card-problem.txt").read_text()
    assert problem.startswith("companion.toml: [game] (a key it does not know): unknown key"), problem
    assert "geheim-Passwort-123" not in problem + proc.stderr


def test_wifi_txt_is_overwritten_before_it_is_removed(card, monkeypatch):
    """A FAT delete leaves the bytes: what was in wifi.txt is zeros on the disk first."""
    from companion.image import cardfiles

    boot, root = card
    wifi = boot / "wifi.txt"
    wifi.write_text("ssid = Katzenhaus\npassword = geheim123\ncountry = DE\n")
    seen = {}
    real_unlink = Path.unlink

    def unlink(self, *a, **k):
        if self.name == "wifi.txt":
            seen["bytes"] = self.read_bytes()
        return real_unlink(self, *a, **k)

    monkeypatch.setattr(Path, "unlink", unlink)
    from companion.image import firstboot as fb

    assert fb.run(boot, root) == []
    assert seen["bytes"] == b"\0" * len("ssid = Katzenhaus\npassword = geheim123\ncountry = DE\n")
    assert not wifi.exists() and cardfiles  # (the module that does it)


def test_a_token_on_the_card_moves_into_the_root_only_file(card):
    boot, root = card
    text = GOOD_TOML.replace("[web]\n", '[web]\ntoken = "kaetzchen-token-1234567890"\n', 1)
    assert 'token = "kaetzchen' in text
    (boot / "companion.toml").write_text(text)
    proc = firstboot(boot, root)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    conf = root / "etc/maunz-companion"
    token = conf / "web-token"
    assert token.read_text().strip() == "kaetzchen-token-1234567890" and stat.S_IMODE(token.stat().st_mode) == 0o640
    for copy in (boot / "companion.toml", conf / "companion.toml"):
        assert "kaetzchen" not in copy.read_text() and "token: moved to /etc/maunz-companion/web-token" in copy.read_text()
    assert stat.S_IMODE((conf / "companion.toml").stat().st_mode) == 0o640
    assert Config.load(conf / "companion.toml").web.token == "kaetzchen-token-1234567890"
    assert not list(boot.glob(".*.new"))
    # the next boot reads the card's copy (without it): the token stays
    assert firstboot(boot, root).stderr == "" and token.read_text().strip() == "kaetzchen-token-1234567890"


def test_a_broker_password_on_the_card_is_a_warning(card):
    boot, root = card
    (boot / "companion.toml").write_text(GOOD_TOML + '\n[remote]\nbrokers = ["wss://anna:katze123@mqtt.example.org:8884/mqtt"]\n')
    firstboot(boot, root)
    problem = (root / "etc/maunz-companion/card-problem.txt").read_text()
    assert "companion.toml: [remote] brokers: a broker address with a password" in problem and "katze123" not in problem


def test_a_new_ssh_key_is_said_at_the_table(card, tmp_path):
    boot, root = card
    key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl maker@laptop\n"
    (boot / "ssh.pub").write_text(key)
    assert firstboot(boot, root).stderr == ""
    notice = root / "etc/maunz-companion/card-notice.txt"
    line = notice.read_text().strip()
    assert line.startswith("ssh switched on for key SHA256:")
    if shutil.which("ssh-keygen"):
        (tmp_path / "k.pub").write_text(key)
        out = subprocess.run(["ssh-keygen", "-lf", str(tmp_path / "k.pub")], capture_output=True, text=True).stdout
        assert line.split()[-1] == out.split()[1]  # as ssh-keygen names it
    assert firstboot(boot, root).stderr == "" and not notice.exists()  # said once, not at every boot


@pytest.mark.parametrize("content", [
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJ maker@laptop\n".encode(),
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl\n".encode("utf-16"),
], ids=["cut-short", "utf-16"])
def test_a_key_cut_short_or_saved_as_utf16_is_one_line_and_ssh_stays_off(card, content):
    """A key line that lost its last character when copied, or a file Windows' Notepad saved as
    "Unicode": one line naming the file, ssh off, and firstboot goes on (it was a traceback)."""
    boot, root = card
    (boot / "ssh.pub").write_bytes(content)
    proc = firstboot(boot, root)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.startswith("ssh.pub: ") and len(proc.stderr.splitlines()) == 1, proc.stderr
    assert not (root / "root/.ssh/authorized_keys").exists()
    assert "ssh.pub: " in (root / "etc/maunz-companion/card-problem.txt").read_text()


def test_a_rewrite_of_the_card_config_cut_by_a_power_cut_is_finished_at_the_next_boot(card):
    """Taking the token out rewrites companion.toml; a rename on FAT is not atomic, so a power
    cut can leave the old name removed and the new text under .companion.toml.new: the next boot
    puts it in place and installs it (the family's configuration was silently gone)."""
    boot, root = card
    (boot / ".companion.toml.new").write_text(GOOD_TOML)   # as the cut left it: no companion.toml
    proc = firstboot(boot, root)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert (boot / "companion.toml").read_text() == GOOD_TOML and not (boot / ".companion.toml.new").exists()
    assert (root / "etc/maunz-companion/companion.toml").read_text() == GOOD_TOML
