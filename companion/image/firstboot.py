"""`companion firstboot`: what the maker wrote on the card's FAT partition from any laptop, read
at every boot before the network and the service start (systemd/companion-firstboot.service):

  wifi.txt        ssid = ..., password = ..., country = DE  -> a NetworkManager keyfile (0600)
                  and the Wi-Fi country for cfg80211 (modprobe.d on the root file system: the
                  card's cmdline.txt is never rewritten, as a rename on FAT is not atomic);
                  then the file is overwritten with zeros and removed, so the password is not
                  left on a partition any laptop can read (a FAT delete leaves the bytes)
  companion.toml  checked as the service would check it, then installed as its configuration
                  (root:companion 0640); a [web] token in it moves into the root-only web-token
                  file and leaves the card's copy (cardfiles.py); a broker password, which cannot
                  move, is a warning on the OLED
  ssh.pub         (or authorized_keys) a public key: root may log in with it over ssh, and
                  only then is ssh switched on; without one ssh stays off. No password anywhere.
                  A key new to the companion is said at the table: "ssh switched on for key
                  SHA256:..." on the OLED and the page (card-notice.txt).

and, once, the host name `maunz` (the page answers at http://maunz.local/ through Avahi) and the
page's control token (`web-token` beside the configuration, readable by the service only): only
the QR code on the OLED carries it, so whoever stands at the table may control the game and the
rest of the house spectates.

A bad value is one line naming the file and the key, written to `card-problem.txt` beside the
configuration (the service shows it on the OLED and the page) and to stderr, never with the
card's own text in it (a password typed into the wrong line is not repeated); that file is left
as it was and the rest goes on. The step always exits 0: a mistake on the card is never a boot
loop."""
from __future__ import annotations

import difflib
import os
import re
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

from companion.cliargs import OneLineParser
from companion.image import cardfiles
from companion.service.config import CARD_NOTICE_FILE, CARD_PROBLEM_FILE, TOKEN_FILE, Config
from companion.service.config_check import ConfigError

HOSTNAME = "maunz"
CONF_DIR = Path("etc/maunz-companion")
NM_KEYFILE = Path("etc/NetworkManager/system-connections/maunz-wifi.nmconnection")
REGDOM_CONF = Path("etc/modprobe.d/maunz-wifi-country.conf")
SSH_KEYS = ("ssh.pub", "authorized_keys")
SSH_WANTS = Path("etc/systemd/system/multi-user.target.wants/ssh.service")
SSH_UNIT = "/lib/systemd/system/ssh.service"
_KEY_TYPES = ("ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
              "sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com")


class CardError(ValueError):
    """One line: `<file>: <key>: <problem>; <fix>`."""


def _write(path: Path, text: str, mode: int = 0o644) -> None:
    """Written whole or not at all (a power cut during first boot leaves the old file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(fd, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.chmod(tmp, mode)
    os.replace(tmp, path)


# --------------------------------------------------------------------------- wifi.txt
def read_wifi(path: Path) -> dict[str, str]:
    """`key = value` lines (quotes optional, # comments); ssid, password, country."""
    values: dict[str, str] = {}
    for n, raw in enumerate(path.read_text(encoding="utf-8-sig").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, eq, value = line.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not eq:
            raise CardError(f"{path.name}: line {n}: not `key = value`; write e.g. ssid = MyNetwork")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        if key not in ("ssid", "password", "country"):
            raise CardError(f"{path.name}: line {n}: unknown key; use ssid, password and country")
        values[key] = value
    ssid = values.get("ssid", "")
    if not ssid or len(ssid.encode()) > 32:
        raise CardError(f"{path.name}: ssid: {'missing' if not ssid else 'longer than 32 bytes'};"
                        " write the Wi-Fi network's name, e.g. ssid = MyNetwork")
    password = values.get("password", "")
    if password and not 8 <= len(password) <= 63:
        raise CardError(f"{path.name}: password: {len(password)} characters; a WPA2 password has 8 to 63"
                        " (leave it empty for an open network)")
    country = values.get("country", "").upper()
    if not re.fullmatch(r"[A-Z]{2}", country):
        raise CardError(f"{path.name}: country: {'missing' if 'country' not in values else 'not a two-letter country code'};"
                        " write e.g. country = DE (it sets the channels the Wi-Fi may use)")
    return {"ssid": ssid, "password": password, "country": country}


def nm_keyfile(wifi: dict[str, str]) -> str:
    # NetworkManager's keyfile format (nm-settings-keyfile(5), a GLib key file): `\` is escaped,
    # and a leading space written `\s`, which GLib would strip ("ssid = \" Home\"" keeps it);
    # a `;`, quotes and inner spaces are read back as written (tests/test_image_wifi_nm.py)
    esc = lambda s: re.sub(r"^ ", r"\\s", s.replace("\\", "\\\\"))  # noqa: E731
    lines = ["[connection]", "id=maunz-wifi", "type=wifi", "autoconnect=true", "",
             "[wifi]", "mode=infrastructure", f"ssid={esc(wifi['ssid'])}", ""]
    if wifi["password"]:
        lines += ["[wifi-security]", "key-mgmt=wpa-psk", f"psk={esc(wifi['password'])}", ""]
    lines += ["[ipv4]", "method=auto", "", "[ipv6]", "method=auto", ""]
    return "\n".join(lines)


def set_country(root: Path, country: str) -> None:
    """cfg80211's regulatory domain, set when the module loads (from the next boot on). Not on the
    kernel command line: that is cmdline.txt on the FAT partition, where a rewrite cut short by
    a power cut can leave it empty and the card unbootable."""
    _write(root / REGDOM_CONF, f"# the Wi-Fi country from the card's wifi.txt (companion firstboot)\n"
                               f"options cfg80211 ieee80211_regdom={country}\n")


# --------------------------------------------------------------------------- ssh
def read_ssh_key(path: Path) -> str:
    keys = []
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise CardError(f"{path.name}: not UTF-8 text; save it as UTF-8 (any text editor can)") from None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) < 2 or parts[0] not in _KEY_TYPES or not _key_blob_of(parts[0], parts[1]):
            raise CardError(f"{path.name}: line {n}: not an ssh public key (or one cut short); copy the"
                            " one whole line of your ~/.ssh/id_ed25519.pub (never the private key)")
        keys.append(line)
    if not keys:
        raise CardError(f"{path.name}: no key in it; copy the one line of your ~/.ssh/id_ed25519.pub")
    return "\n".join(keys) + "\n"


def _key_blob_of(kind: str, text: str) -> bool:
    """The key's base64 decodes whole and names its own type first (ssh's wire format: a length,
    then the type): a line cut short when it was copied is no key."""
    import base64
    import binascii

    try:
        blob = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return False
    named = int.from_bytes(blob[:4], "big")
    return blob[4:4 + named] == kind.encode() and len(blob) > 4 + named


# --------------------------------------------------------------------------- the step
def run(boot: Path, root: Path, token_source=secrets.token_urlsafe) -> list[str]:
    """Apply the card's files to the system under `root`; the problems found, one line each."""
    problems: list[str] = []
    conf = root / CONF_DIR
    conf.mkdir(parents=True, exist_ok=True)
    # the host name, once (a name the maker set later is theirs)
    hostname = root / "etc/hostname"
    if not hostname.exists() or hostname.read_text().strip() in ("", "localhost", "raspberrypi", "debian"):
        _write(hostname, HOSTNAME + "\n")
        hosts = root / "etc/hosts"
        text = hosts.read_text() if hosts.exists() else "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n"
        text = re.sub(r"^127\.0\.1\.1\s.*\n?", "", text, flags=re.M) + f"127.0.1.1\t{HOSTNAME}\n"
        _write(hosts, text)
    # the control token, made once: never on the card, never in a log. 128 random bits (22
    # characters): the page's address with it fits a QR code of 29x29 modules, which the OLED
    # draws at 2 pixels a module (service/address.py)
    token = conf / TOKEN_FILE
    if not token.exists():
        _write(token, token_source(16) + "\n", 0o640)
        gid = _group_id(root, "companion")
        if gid is not None:
            os.chown(token, 0, gid)  # the service's user reads it, nobody else

    wifi = boot / "wifi.txt"
    if wifi.exists():
        try:
            values = read_wifi(wifi)
        except (CardError, UnicodeDecodeError) as exc:
            problems.append(str(exc) if isinstance(exc, CardError) else
                            f"{wifi.name}: not UTF-8 text; save it as UTF-8 (any text editor can)")
        else:
            _write(root / NM_KEYFILE, nm_keyfile(values), 0o600)
            set_country(root, values["country"])
            cardfiles.shred_and_remove(wifi)  # the password leaves the partition any laptop reads

    card_conf = boot / "companion.toml"
    cardfiles.finish_replace(card_conf)   # a token's removal that a power cut stopped half-way
    if card_conf.exists():
        _card_config(card_conf, conf, root, problems)

    wants = root / SSH_WANTS
    key_file = next((boot / name for name in SSH_KEYS if (boot / name).exists()), None)
    keys = None
    if key_file is not None:
        try:
            keys = read_ssh_key(key_file)
        except CardError as exc:
            problems.append(str(exc))
    try:
        known_keys = (root / "root/.ssh/authorized_keys").read_text()
    except OSError:
        known_keys = None
    if keys:
        _write(root / "root/.ssh/authorized_keys", keys, 0o600)
        os.chmod(root / "root/.ssh", 0o700)
        wants.parent.mkdir(parents=True, exist_ok=True)
        if not wants.is_symlink():
            wants.symlink_to(SSH_UNIT)
        if shutil.which("ssh-keygen") and not list((root / "etc/ssh").glob("ssh_host_*_key")):
            # the image carries no host keys (every card its own): made the first time ssh is on
            (root / "etc/ssh").mkdir(parents=True, exist_ok=True)
            subprocess.run(["ssh-keygen", "-A", "-f", str(root)], capture_output=True)
        _this_boot(root, "start")
    else:
        # no key: ssh stays off (and with a key that was taken away, it goes off again)
        if wants.is_symlink() or wants.exists():
            wants.unlink()
        (root / "root/.ssh/authorized_keys").unlink(missing_ok=True)
        _this_boot(root, "stop")

    notice = conf / CARD_NOTICE_FILE
    if keys and keys != known_keys:
        _write(notice, "".join(f"ssh switched on for key {cardfiles.fingerprint(k)}\n" for k in keys.splitlines()))
    else:
        notice.unlink(missing_ok=True)
    problem = conf / CARD_PROBLEM_FILE
    if problems:
        _write(problem, "\n".join(problems) + "\n")
    else:
        problem.unlink(missing_ok=True)
    return problems


def _card_config(card_conf: Path, conf: Path, root: Path, problems: list[str]) -> None:
    try:
        text = card_conf.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        problems.append(f"{card_conf.name}: not UTF-8 text; save it as UTF-8 (any text editor can)")
        return
    try:
        # checked where it will live: relative paths and the token beside it resolve as in use
        Config.from_text(text, source=card_conf.name, base_dir=conf)
    except ConfigError as exc:
        # a misspelt key is named (it helps the maker); any other unknown key is not repeated
        message = str(exc)
        known = re.findall(r"[a-z_]+", message.partition("unknown key")[2])
        unknown = exc.key if "unknown key" in message and not difflib.get_close_matches(exc.key or "", known, cutoff=0.75) else None
        problems.append(cardfiles.no_card_text(message, text, unknown))
        return
    token = cardfiles.web_token(text)
    if token:
        # the token into the root-only file the service reads when [web] has none; out of both copies
        _write(conf / TOKEN_FILE, token + "\n", 0o640)
        gid = _group_id(root, "companion")
        if gid is not None:
            os.chown(conf / TOKEN_FILE, 0, gid)
        text = cardfiles.without_token(text, f"token: moved to {'/' / CONF_DIR / TOKEN_FILE} at boot (not kept on the card)")
        cardfiles.replace_keeping_no_trace(card_conf, text)
    problems += cardfiles.secret_warnings(text, card_conf.name)
    installed = conf / "companion.toml"
    _write(installed, text, 0o640)
    gid = _group_id(root, "companion")
    if gid is not None:
        os.chown(installed, 0, gid)  # the service's user reads it, other local users do not


def _this_boot(root: Path, verb: str) -> None:
    """systemd decided what this boot starts before this step ran: the symlink above counts from
    the next boot on, so on the running system ssh is also started (or stopped) now. --no-block:
    ssh is ordered after this step, its job runs when the step is done."""
    if root.resolve() == Path("/") and Path("/run/systemd/system").is_dir():
        subprocess.run(["systemctl", "--no-block", verb, "ssh.service"], capture_output=True)


def _group_id(root: Path, name: str) -> int | None:
    try:
        for line in (root / "etc/group").read_text().splitlines():
            fields = line.split(":")
            if fields[0] == name and len(fields) > 2 and fields[2].isdigit():
                return int(fields[2])
    except OSError:
        pass
    return None


def main(argv: list[str]) -> int:
    p = OneLineParser(prog="companion firstboot", description="read companion.toml, wifi.txt and an ssh key from"
                      " the card's FAT partition (run at boot by companion-firstboot.service, as root)")
    p.add_argument("--boot", default="/boot/firmware", help="the FAT partition (default /boot/firmware)")
    p.add_argument("--root", default="/", help="the system it configures (default /)")
    args = p.parse_args(argv)
    boot, root = Path(args.boot), Path(args.root)
    if not boot.is_dir():
        print(f"companion firstboot: {boot}: no such directory; pass --boot with the FAT partition's mount point",
              file=sys.stderr)
        return 0
    try:
        problems = run(boot, root)
    except OSError as exc:
        problems = [f"companion firstboot: {exc.filename}: {exc.strerror}"]
    for line in problems:
        print(line, file=sys.stderr)
    return 0


